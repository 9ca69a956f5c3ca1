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
}
