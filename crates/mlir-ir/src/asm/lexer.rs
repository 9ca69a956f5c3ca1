//! The lexer for MLIR's textual format.
//!
//! Tokens are byte ranges into the source buffer; nothing is copied or
//! allocated while lexing. Line and column numbers are computed only when a
//! location is needed, from a table of line starts built once per buffer.

/// Token kinds of MLIR's syntax.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    Eof,
    /// An invalid character or malformed token; the lexer's message explains it.
    Error,
    BareIdent,
    /// `@name` or `@"name"`.
    AtIdent,
    /// `#name` (an attribute alias or a dialect attribute).
    HashIdent,
    /// `%name` / `%0`.
    PercentIdent,
    /// `^bb0`.
    CaretIdent,
    /// `!name` (a type alias or a dialect type).
    ExclamationIdent,
    Integer,
    Float,
    String,
    Arrow,
    Colon,
    Comma,
    Ellipsis,
    Equal,
    Greater,
    LBrace,
    LParen,
    LSquare,
    Less,
    Minus,
    Plus,
    Question,
    RBrace,
    RParen,
    RSquare,
    Star,
    VerticalBar,
    /// `{-#`
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn is(&self, kind: TokenKind) -> bool {
        self.kind == kind
    }
}

/// A lexer over one source buffer.
pub struct Lexer<'a> {
    /// The buffer as text; `src` is the same bytes, for byte-wise scanning.
    text: &'a str,
    src: &'a [u8],
    pos: usize,
    /// Why the last `Error` token was produced.
    pub error_message: &'static str,
}

fn is_id_punct(c: u8) -> bool {
    matches!(c, b'$' | b'.' | b'_' | b'-')
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer {
            text: src,
            src: src.as_bytes(),
            pos: 0,
            error_message: "",
        }
    }

    pub fn source(&self) -> &'a str {
        self.text
    }
    pub fn bytes(&self) -> &'a [u8] {
        self.src
    }
    /// The current byte offset (start of the next token, before whitespace).
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// Moves the lexer to `pos` (used after raw scans of dialect bodies).
    pub fn reset_to(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }
    /// The text of `tok`.
    pub fn text(&self, tok: Token) -> &'a str {
        // Token boundaries fall on ASCII bytes (or the buffer ends), so this
        // slice is always valid; `get` only guards against misuse.
        self.text
            .get(tok.start as usize..tok.end as usize)
            .unwrap_or("")
    }

    fn tok(&self, kind: TokenKind, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
        }
    }
    /// Records `msg` and returns an error token starting at `loc`, which is
    /// where MLIR's lexer reports the problem (not always the token start).
    fn error(&mut self, loc: usize, msg: &'static str) -> Token {
        self.error_message = msg;
        Token {
            kind: TokenKind::Error,
            start: loc as u32,
            end: self.pos.max(loc) as u32,
        }
    }

    #[inline]
    fn peek(&self) -> u8 {
        self.src.get(self.pos).copied().unwrap_or(0)
    }
    #[inline]
    fn peek_at(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    /// Skips whitespace, `//` comments and embedded NUL characters (MLIR
    /// treats a NUL that is not the end of the buffer as whitespace).
    pub fn skip_trivia(&mut self) {
        loop {
            match self.src.get(self.pos).copied() {
                Some(b' ' | b'\t' | b'\n' | b'\r' | 0) => self.pos += 1,
                Some(b'/') if self.peek_at(1) == b'/' => {
                    self.pos += 2;
                    while let Some(&c) = self.src.get(self.pos) {
                        self.pos += 1;
                        if c == b'\n' || c == b'\r' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        if self.pos >= self.src.len() {
            return self.tok(TokenKind::Eof, start);
        }
        let c = self.src[self.pos];
        self.pos += 1;
        use TokenKind as K;
        match c {
            b':' => self.tok(K::Colon, start),
            b',' => self.tok(K::Comma, start),
            b'=' => self.tok(K::Equal, start),
            b'>' => self.tok(K::Greater, start),
            b'<' => self.tok(K::Less, start),
            b'(' => self.tok(K::LParen, start),
            b')' => self.tok(K::RParen, start),
            b'[' => self.tok(K::LSquare, start),
            b']' => self.tok(K::RSquare, start),
            b'}' => self.tok(K::RBrace, start),
            b'+' => self.tok(K::Plus, start),
            b'*' => self.tok(K::Star, start),
            b'?' => self.tok(K::Question, start),
            b'|' => self.tok(K::VerticalBar, start),
            b'{' => {
                if self.peek() == b'-' && self.peek_at(1) == b'#' {
                    self.pos += 2;
                    self.tok(K::FileMetadataBegin, start)
                } else {
                    self.tok(K::LBrace, start)
                }
            }
            b'-' => {
                if self.peek() == b'>' {
                    self.pos += 1;
                    self.tok(K::Arrow, start)
                } else {
                    self.tok(K::Minus, start)
                }
            }
            b'.' => {
                if self.peek() == b'.' && self.peek_at(1) == b'.' {
                    self.pos += 2;
                    self.tok(K::Ellipsis, start)
                } else {
                    // MLIR reports this right after the first dot.
                    let at = self.pos;
                    self.error(at, "expected three consecutive dots for an ellipsis")
                }
            }
            b'"' => self.lex_string(start),
            b'@' => self.lex_at(start),
            b'#' => {
                if self.peek() == b'-' && self.peek_at(1) == b'}' {
                    self.pos += 2;
                    return self.tok(K::FileMetadataEnd, start);
                }
                self.lex_prefixed(start, K::HashIdent)
            }
            b'%' => self.lex_prefixed(start, K::PercentIdent),
            b'^' => self.lex_prefixed(start, K::CaretIdent),
            b'!' => self.lex_prefixed(start, K::ExclamationIdent),
            b'0'..=b'9' => self.lex_number(start),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while {
                    let c = self.peek();
                    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
                } {
                    self.pos += 1;
                }
                self.tok(K::BareIdent, start)
            }
            _ => self.error(start, "unexpected character"),
        }
    }

    /// Lexes the rest of a string literal whose opening quote was just
    /// consumed. Errors are reported where MLIR reports them: at the
    /// offending newline / end of buffer, or at the backslash of a bad escape.
    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            match self.src.get(self.pos).copied() {
                None => {
                    let at = self.pos;
                    return self.error(at, "expected '\"' in string literal");
                }
                Some(b'\n' | 0x0b | 0x0c) => {
                    let at = self.pos;
                    self.pos += 1;
                    return self.error(at, "expected '\"' in string literal");
                }
                Some(b'"') => {
                    self.pos += 1;
                    return self.tok(TokenKind::String, start);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match self.peek() {
                        b'"' | b'\\' | b'n' | b't' => self.pos += 1,
                        a if a.is_ascii_hexdigit() && self.peek_at(1).is_ascii_hexdigit() => {
                            self.pos += 2
                        }
                        _ => {
                            let at = self.pos - 1;
                            return self.error(at, "unknown escape in string literal");
                        }
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    fn lex_at(&mut self, start: usize) -> Token {
        if self.peek() == b'"' {
            self.pos += 1;
            let t = self.lex_string(start);
            if t.kind == TokenKind::Error {
                return t;
            }
            return self.tok(TokenKind::AtIdent, start);
        }
        let c = self.peek();
        if !(c.is_ascii_alphabetic() || c == b'_') {
            // MLIR consumes the offending character and reports at it.
            let at = self.pos;
            if self.pos < self.src.len() {
                self.pos += 1;
            }
            return self.error(at, "@ identifier expected to start with letter or '_'");
        }
        while {
            let c = self.peek();
            c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
        } {
            self.pos += 1;
        }
        self.tok(TokenKind::AtIdent, start)
    }

    /// `%`, `^`, `#`, `!` followed by a suffix id: digits, or a letter/id-punct
    /// followed by letters, digits and id-punct.
    fn lex_prefixed(&mut self, start: usize, kind: TokenKind) -> Token {
        let c = self.peek();
        if c.is_ascii_digit() {
            while self.peek().is_ascii_digit() {
                self.pos += 1;
            }
        } else if c.is_ascii_alphabetic() || is_id_punct(c) {
            self.pos += 1;
            while {
                let c = self.peek();
                c.is_ascii_alphanumeric() || is_id_punct(c)
            } {
                self.pos += 1;
            }
        } else {
            let msg = match kind {
                TokenKind::PercentIdent => "invalid SSA name",
                TokenKind::CaretIdent => "invalid block name",
                TokenKind::HashIdent => "invalid attribute name",
                _ => "invalid type identifier",
            };
            return self.error(start, msg);
        }
        self.tok(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0' && self.peek() == b'x' {
            // `0xi32` is the integer `0` followed by the identifier `xi32`.
            if !self.peek_at(1).is_ascii_hexdigit() {
                return self.tok(TokenKind::Integer, start);
            }
            self.pos += 1;
            while self.peek().is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(TokenKind::Integer, start);
        }
        while self.peek().is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek() != b'.' {
            return self.tok(TokenKind::Integer, start);
        }
        self.pos += 1;
        while self.peek().is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(), b'e' | b'E') {
            let d1 = self.peek_at(1);
            if d1.is_ascii_digit()
                || (matches!(d1, b'+' | b'-') && self.peek_at(2).is_ascii_digit())
            {
                self.pos += 2;
                while self.peek().is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.tok(TokenKind::Float, start)
    }

    /// Scans a "pretty" dialect symbol body starting at the `<` at byte
    /// `start`, following MLIR's `parseDialectSymbolBody`: nested `<>`, `()`,
    /// `[]` and `{}` must balance, `->` is skipped as a unit and string
    /// literals are lexed as strings (so brackets inside them do not count).
    /// Returns the offset just past the closing `>`. The scan is iterative, so
    /// arbitrarily deep nesting cannot overflow the stack.
    pub fn scan_dialect_body(&mut self, start: usize) -> Result<usize, BodyScanError> {
        let mut stack: Vec<u8> = Vec::with_capacity(8);
        let mut p = start;
        let mut last_string: Option<u32> = None;
        loop {
            let Some(&c) = self.src.get(p) else {
                return Err(match stack.last() {
                    Some(&open) => BodyScanError::Unbalanced(open, last_string),
                    None => BodyScanError::UnexpectedEof(last_string),
                });
            };
            p += 1;
            match c {
                0 => {
                    return Err(match stack.last() {
                        Some(&open) => BodyScanError::Unbalanced(open, last_string),
                        None => BodyScanError::UnexpectedEof(last_string),
                    })
                }
                b'<' | b'[' | b'(' | b'{' => stack.push(c),
                b'-' if self.src.get(p) == Some(&b'>') => p += 1,
                b'>' | b']' | b')' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b']' => b'[',
                        b')' => b'(',
                        _ => b'{',
                    };
                    match stack.last() {
                        Some(&top) if top == open => {
                            stack.pop();
                        }
                        Some(&top) => return Err(BodyScanError::Unbalanced(top, last_string)),
                        None => return Err(BodyScanError::UnexpectedEof(last_string)),
                    }
                }
                b'"' => {
                    self.pos = p;
                    let t = self.lex_string(p - 1);
                    if t.kind == TokenKind::Error {
                        return Err(BodyScanError::Lexer(t.start));
                    }
                    p = self.pos;
                    last_string = Some(t.start);
                }
                _ => {}
            }
            if stack.is_empty() {
                return Ok(p);
            }
        }
    }
}

/// Why [`Lexer::scan_dialect_body`] failed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BodyScanError {
    /// The innermost open bracket (`<`, `(`, `[` or `{`) was never closed
    /// correctly: "unbalanced 'X' character in pretty dialect name". The
    /// offset is that of the last string literal scanned, if any, which is
    /// where MLIR reports the error (its current token).
    Unbalanced(u8, Option<u32>),
    /// "unexpected nul or EOF in pretty dialect name", located as above.
    UnexpectedEof(Option<u32>),
    /// A string literal inside the body failed to lex; the lexer's
    /// `error_message` says why and the payload is the error offset.
    Lexer(u32),
}

/// Maps byte offsets of a buffer to 1-based line and column numbers.
///
/// The parser asks for the position of every op in increasing offset order,
/// so this keeps a cursor (the last line found) and only scans forward from
/// it; a query behind the cursor (diagnostics, notes) rescans from the line
/// the table started at, or from the start of the text.
/// That costs one pass over the text in total, without a table of line starts.
pub struct LineTable<'a> {
    src: &'a [u8],
    /// (line number, byte offset of that line's start).
    cursor: std::cell::Cell<(u32, u32)>,
    /// Where a query behind the cursor rescans from when it can: the line the
    /// table started at (a chunk's first line; the implicit module of a
    /// chunk is located there once the chunk is parsed).
    anchor: (u32, u32),
}

impl<'a> LineTable<'a> {
    pub fn new(src: &'a str) -> Self {
        LineTable {
            src: src.as_bytes(),
            cursor: std::cell::Cell::new((1, 0)),
            anchor: (1, 0),
        }
    }
    /// A table whose cursor starts at the line holding byte `start`, which
    /// follows `lines_before` line breaks: queries from `start` on do not
    /// scan the text before it.
    pub fn starting_at(src: &'a str, start: usize, lines_before: u32) -> Self {
        let start = start.min(src.len());
        let line_start = src.as_bytes()[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        LineTable {
            src: src.as_bytes(),
            cursor: std::cell::Cell::new((lines_before + 1, line_start as u32)),
            anchor: (lines_before + 1, line_start as u32),
        }
    }
    /// 1-based (line, column) of byte `offset`.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let (mut line, mut start) = self.cursor.get();
        if offset < start {
            (line, start) = if offset >= self.anchor.1 {
                self.anchor
            } else {
                (1, 0)
            };
        }
        let end = (offset as usize).min(self.src.len());
        let slice = &self.src[start as usize..end];
        let newlines = count_newlines(slice) as u32;
        if newlines > 0 {
            line += newlines;
            let last = slice.iter().rposition(|&b| b == b'\n').unwrap_or(0);
            start += last as u32 + 1;
        }
        self.cursor.set((line, start));
        (line, offset - start + 1)
    }
}

/// The number of `\n` bytes in `bytes`. Locations count the line breaks
/// between one op and the next, so over a parse this reads the whole
/// input: counted in blocks of 32 into a byte-sized counter, which the
/// compiler turns into vector compares, it costs a fraction of an
/// instruction per byte (a plain `filter().count()` took five, 6 % of
/// parsing a generic-form module).
pub fn count_newlines(bytes: &[u8]) -> usize {
    let mut blocks = bytes.chunks_exact(32);
    let mut n = 0usize;
    for block in &mut blocks {
        // At most 32 per block, so the byte counter cannot overflow.
        let mut k = 0u8;
        for &b in block {
            k += u8::from(b == b'\n');
        }
        n += usize::from(k);
    }
    // Most calls cover one line of text, so the rest matters too: eight
    // bytes at a time, a line break's byte made zero and zero bytes
    // flagged exactly (no borrow between lanes), then one at a time.
    let mut words = blocks.remainder().chunks_exact(8);
    for word in &mut words {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ 0x0a0a_0a0a_0a0a_0a0a;
        n += zero_byte_mask(x).count_ones() as usize;
    }
    n + words.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// 0x80 in each byte of `x` that is zero, and nothing elsewhere: exact per
/// byte, since no carry crosses a byte (the low seven bits plus 0x7f fit in
/// one). The word-at-a-time byte tests of the lexer and printer use it.
pub(crate) fn zero_byte_mask(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// The value of a string literal token's text (with its quotes): borrowed
/// when it has no escapes, which is the common case on hot paths.
pub fn string_token_value(text: &str) -> std::borrow::Cow<'_, [u8]> {
    let body = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    // Bytes of invalid UTF-8 in the input come back here (see `source_bytes`).
    if let Some(raw) = super::source_bytes::restore(body) {
        return std::borrow::Cow::Owned(unescape_bytes(&raw));
    }
    if body.as_bytes().contains(&b'\\') {
        std::borrow::Cow::Owned(unescape_string(body))
    } else {
        std::borrow::Cow::Borrowed(body.as_bytes())
    }
}

/// Decodes the body of a string token (without quotes) into bytes.
pub fn unescape_string(body: &str) -> Vec<u8> {
    unescape_bytes(body.as_bytes())
}

/// [`unescape_string`] on raw bytes.
fn unescape_bytes(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                b'"' => {
                    out.push(b'"');
                    i += 2;
                }
                b'\\' => {
                    out.push(b'\\');
                    i += 2;
                }
                _ if i + 2 < b.len() => {
                    let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                    i += 3;
                }
                _ => {
                    out.push(b[i]);
                    i += 1;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<TokenKind> {
        let mut l = Lexer::new(s);
        let mut v = Vec::new();
        loop {
            let t = l.next_token();
            v.push(t.kind);
            if t.kind == TokenKind::Eof || t.kind == TokenKind::Error {
                return v;
            }
        }
    }

    #[test]
    fn lexes_generic_op() {
        use TokenKind::*;
        assert_eq!(
            kinds(r#"%0:2 = "foo.bar"(%a) {x = 1.5e3} : (i32) -> i32 // c"#),
            vec![
                PercentIdent,
                Colon,
                Integer,
                Equal,
                String,
                LParen,
                PercentIdent,
                RParen,
                LBrace,
                BareIdent,
                Equal,
                Float,
                RBrace,
                Colon,
                LParen,
                BareIdent,
                RParen,
                Arrow,
                BareIdent,
                Eof
            ]
        );
        assert_eq!(
            kinds("{-# #-} ^bb0 @\"x y\" !t.a #m -> ..."),
            vec![
                FileMetadataBegin,
                FileMetadataEnd,
                CaretIdent,
                AtIdent,
                ExclamationIdent,
                HashIdent,
                Arrow,
                Ellipsis,
                Eof
            ]
        );
        assert_eq!(
            kinds("0x1F 12 1.0 1."),
            vec![Integer, Integer, Float, Float, Eof]
        );
        assert_eq!(kinds("\"abc"), vec![Error]);
        assert_eq!(kinds("%"), vec![Error]);
    }

    #[test]
    fn line_table() {
        let t = LineTable::new("ab\ncd\n\nx");
        assert_eq!(t.line_col(0), (1, 1));
        assert_eq!(t.line_col(4), (2, 2));
        assert_eq!(t.line_col(6), (3, 1));
        assert_eq!(t.line_col(7), (4, 1));
        // Started mid-text: same answers, and queries behind the start rescan.
        let u = LineTable::starting_at("ab\ncd\n\nx", 4, 1);
        assert_eq!(u.line_col(4), (2, 2));
        assert_eq!(u.line_col(7), (4, 1));
        assert_eq!(u.line_col(1), (1, 2));
    }

    /// The blocked count agrees with a plain one for every length around
    /// the block size and every alignment of the slice, including blocks
    /// made only of line breaks (the counter's maximum).
    #[test]
    fn count_newlines_matches_a_plain_count() {
        // Bytes one above a line break right after one: a zero-byte test
        // that lets a borrow cross lanes would count them too.
        let mut text = b"\n\x0b\n\x0b\x8a\n\x0b\x0b\n\n\x0b".to_vec();
        for i in 0..600u32 {
            // Every byte value appears, next to line breaks too.
            text.push(if i % 7 == 0 || (100..140).contains(&i) {
                b'\n'
            } else {
                (i * 37 % 256) as u8
            });
        }
        for start in 0..40 {
            for end in start..text.len() {
                let s = &text[start..end];
                let plain = s.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(count_newlines(s), plain, "bytes {start}..{end}");
            }
        }
    }

    #[test]
    fn unescape() {
        assert_eq!(unescape_string(r#"a\n\22\\"#), b"a\n\"\\");
    }
}
