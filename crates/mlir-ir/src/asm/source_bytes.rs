//! Input that is not valid UTF-8. mlir-opt reads bytes: invalid sequences
//! are fine inside comments and string literals (whose values are bytes)
//! and are an "unexpected character" anywhere else. The parser works on
//! `str`, so [`decode_source`] replaces every byte of an invalid sequence
//! with [`PLACEHOLDER`] (one byte for one byte, so every offset, line and
//! column stays the input's) and remembers the original bytes; string
//! literals get them back when decoded ([`restore`], used by
//! [`crate::asm::lexer::string_token_value`]), and the lexer reports a
//! placeholder outside strings and comments as the unexpected character it
//! stands for.

use std::sync::{Arc, Mutex, Weak};

use hashbrown::HashMap;

/// The ASCII control character (SUB) standing for an invalid byte.
pub const PLACEHOLDER: u8 = 0x1A;

/// The replaced bytes of one decoded buffer: its address range and, by
/// offset, the original byte.
struct Replaced {
    start: usize,
    len: usize,
    bytes: HashMap<usize, u8>,
    /// The buffer: an entry whose buffer is gone is stale (its address may
    /// now belong to another buffer) and is dropped.
    text: Weak<str>,
}

/// Every buffer decoded with replacements (few: one per input file).
static REPLACED: Mutex<Vec<Replaced>> = Mutex::new(Vec::new());

/// The bytes of the file at `path`, read straight into shared storage: the
/// text the parser and the diagnostics' source manager share is then the
/// buffer the file was read into, not a copy of it (a copy of a 70 MB
/// input cost 3 % of parsing and printing it, and doubled its footprint
/// while it lasted).
pub fn read_file_shared(path: &std::path::Path) -> std::io::Result<Arc<[u8]>> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let len = usize::try_from(file.metadata()?.len()).unwrap_or(usize::MAX);
    if len > 0 && len < isize::MAX as usize {
        let buf: Arc<[std::mem::MaybeUninit<u8>]> = Arc::new_zeroed_slice(len);
        // SAFETY: the slice was zeroed, and zero is a valid `u8`.
        let mut buf: Arc<[u8]> = unsafe { buf.assume_init() };
        let dst = Arc::get_mut(&mut buf).expect("a fresh Arc is unique");
        file.read_exact(dst)?;
        // The file may have grown since its length was read: keep the
        // rest too, as `fs::read` would.
        let mut rest = Vec::new();
        file.read_to_end(&mut rest)?;
        if rest.is_empty() {
            return Ok(buf);
        }
        let mut all = buf.to_vec();
        all.extend_from_slice(&rest);
        return Ok(Arc::from(all));
    }
    let mut all = Vec::new();
    file.read_to_end(&mut all)?;
    Ok(Arc::from(all))
}

/// [`decode_source`] for shared bytes: valid UTF-8 becomes the text without
/// being copied.
pub fn decode_shared(bytes: Arc<[u8]>) -> Arc<str> {
    if std::str::from_utf8(&bytes).is_ok() {
        // SAFETY: `str` and `[u8]` have the same layout, and the bytes were
        // just checked to be UTF-8 (nothing can change them: the slice is
        // immutable behind the `Arc`).
        return unsafe { Arc::from_raw(Arc::into_raw(bytes) as *const str) };
    }
    decode_source(bytes.to_vec())
}

/// The text of `bytes` for the parser: valid UTF-8 as is, otherwise with
/// each byte of an invalid sequence replaced by [`PLACEHOLDER`].
pub fn decode_source(bytes: Vec<u8>) -> Arc<str> {
    let bytes = match String::from_utf8(bytes) {
        Ok(s) => return Arc::from(s),
        Err(e) => e.into_bytes(),
    };
    let mut out = String::with_capacity(bytes.len());
    let mut replaced = HashMap::new();
    let mut rest: &[u8] = &bytes;
    let mut offset = 0usize;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let valid = e.valid_up_to();
                out.push_str(std::str::from_utf8(&rest[..valid]).expect("checked valid"));
                let bad = e.error_len().unwrap_or(rest.len() - valid);
                for (k, &b) in rest[valid..valid + bad].iter().enumerate() {
                    replaced.insert(offset + valid + k, b);
                    out.push(PLACEHOLDER as char);
                }
                offset += valid + bad;
                rest = &rest[valid + bad..];
            }
        }
    }
    let text: Arc<str> = Arc::from(out);
    let mut all = REPLACED.lock().unwrap_or_else(|e| e.into_inner());
    all.retain(|r| r.text.strong_count() > 0);
    all.push(Replaced {
        start: text.as_ptr() as usize,
        len: text.len(),
        bytes: replaced,
        text: Arc::downgrade(&text),
    });
    text
}

/// The bytes of `text` (a slice of some parsed buffer, or any string) with
/// the original bytes put back where [`decode_source`] replaced them; `None`
/// when nothing in `text` was replaced.
pub fn restore(text: &str) -> Option<Vec<u8>> {
    if !text.as_bytes().contains(&PLACEHOLDER) {
        return None;
    }
    let all = REPLACED.lock().unwrap_or_else(|e| e.into_inner());
    let addr = text.as_ptr() as usize;
    let buf = all.iter().find(|r| {
        r.text.strong_count() > 0 && addr >= r.start && addr + text.len() <= r.start + r.len
    })?;
    let base = addr - buf.start;
    let mut out = text.as_bytes().to_vec();
    for (i, b) in out.iter_mut().enumerate() {
        if *b == PLACEHOLDER {
            if let Some(&orig) = buf.bytes.get(&(base + i)) {
                *b = orig;
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_restores() {
        let text = decode_source(b"a \"x\xff\xfey\" \x1a".to_vec());
        assert_eq!(text.len(), 10);
        assert_eq!(&text[..2], "a ");
        let s = &text[2..8];
        assert_eq!(restore(s).unwrap(), b"\"x\xff\xfey\"");
        // A placeholder that was in the input stays as it was.
        assert_eq!(restore(&text[9..]).unwrap(), b"\x1a");
        assert!(restore("plain").is_none());
        assert_eq!(&*decode_source(b"ok".to_vec()), "ok");
    }

    #[test]
    fn shared_bytes_are_decoded_in_place() {
        let valid: Arc<[u8]> = Arc::from(&b"ok \xc3\xa9"[..]);
        let addr = valid.as_ptr();
        let text = decode_shared(valid);
        assert_eq!(&*text, "ok \u{e9}");
        assert_eq!(text.as_ptr(), addr, "valid UTF-8 is not copied");
        let text = decode_shared(Arc::from(&b"a\xffb"[..]));
        assert_eq!(text.as_bytes(), [b'a', PLACEHOLDER, b'b']);
    }

    #[test]
    fn files_are_read_whole() {
        let dir = std::env::temp_dir().join(format!("rmlir-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for content in [&b""[..], b"x", &[b'y'; 70_000][..]] {
            let path = dir.join("f");
            std::fs::write(&path, content).unwrap();
            assert_eq!(&*read_file_shared(&path).unwrap(), content);
        }
        assert!(read_file_shared(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
