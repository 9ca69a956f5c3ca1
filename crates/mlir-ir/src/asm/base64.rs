//! Standard base64 (RFC 4648 alphabet, `=` padding), for the
//! `OpAsmParser::parse_base64_bytes` / `OpAsmPrinter` round trip of byte
//! strings, with the messages of LLVM's `decodeBase64`/`encodeBase64`.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes `bytes` with padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes `text`; the error is LLVM's message for the first problem.
pub fn decode(text: &[u8]) -> Result<Vec<u8>, String> {
    if !text.len().is_multiple_of(4) {
        return Err("Base64 encoded strings must be a multiple of 4 bytes in length".into());
    }
    let value = |i: usize, c: u8| -> Result<u32, String> {
        match ALPHABET.iter().position(|&a| a == c) {
            Some(v) => Ok(v as u32),
            None => Err(format!("Invalid Base64 character {c:#04x} at index {i}")),
        }
    };
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    for (q, quad) in text.chunks(4).enumerate() {
        let base = q * 4;
        let last = base + 4 == text.len();
        // Padding is only allowed at the very end, as the last one or two characters.
        let pad = if last {
            quad.iter().rev().take_while(|&&c| c == b'=').count().min(2)
        } else {
            0
        };
        let mut n = 0u32;
        for (i, &c) in quad.iter().enumerate() {
            let v = if i >= 4 - pad { 0 } else { value(base + i, c)? };
            n = (n << 6) | v;
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for s in ["", "h", "he", "hel", "hello world"] {
            assert_eq!(
                decode(encode(s.as_bytes()).as_bytes()).unwrap(),
                s.as_bytes()
            );
        }
        assert_eq!(encode(b"hello world"), "aGVsbG8gd29ybGQ=");
        assert_eq!(
            decode(b"abc").unwrap_err(),
            "Base64 encoded strings must be a multiple of 4 bytes in length"
        );
        assert_eq!(
            decode(b"ab!d").unwrap_err(),
            "Invalid Base64 character 0x21 at index 2"
        );
    }
}
