//! Small helpers shared by the type, attribute, location and affine
//! parsers: MLIR's error-placement rules, a nesting-depth guard and integer
//! token decoding.
//!
//! MLIR's recursive-descent parser has no nesting limit and overflows the
//! stack on pathological input; we must never crash, so every recursive
//! production takes a [`DepthGuard`] and reports an error past
//! [`MAX_NESTING`] levels instead.

use std::cell::Cell;

use super::{PResult, Parser};
use crate::asm::lexer::TokenKind;

/// How deeply types, attributes, locations and affine expressions may nest.
/// Real IR stays far below this; the limit exists so that adversarial input
/// gets an error instead of a stack overflow (the parser runs on threads with
/// small stacks, e.g. test threads, in unoptimised builds).
pub(crate) const MAX_NESTING: u32 = 200;

thread_local! {
    /// The current nesting depth of the parser running on this thread. A
    /// thread-local is used because the parser state struct is shared with
    /// the op-level parser and only one parser runs per thread at a time
    /// (custom op hooks re-enter the same parser, which is what we count).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// Decrements the nesting depth when dropped.
pub(crate) struct DepthGuard(());

impl Drop for DepthGuard {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

impl<'a> Parser<'a> {
    /// Enters one level of nesting, failing with an error at the current
    /// token when the input nests too deeply.
    pub(crate) fn enter_nested(&mut self) -> PResult<DepthGuard> {
        let depth = DEPTH.with(|d| {
            let v = d.get() + 1;
            d.set(v);
            v
        });
        let guard = DepthGuard(());
        if depth > MAX_NESTING {
            return self.emit_error("exceeded maximum nesting depth");
        }
        Ok(guard)
    }

    /// MLIR's `Parser::emitError(loc, msg)`: an error at byte `offset`, except
    /// that when the current token is a lexer error the lexer's own message
    /// (already reported by MLIR's lexer) wins.
    pub(crate) fn emit_error_at<T>(&mut self, offset: u32, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == TokenKind::Error {
            let m = self.lex.error_message;
            return self.err_at(self.tok.start, m);
        }
        self.err_at(offset, msg)
    }

    /// MLIR's `Parser::emitError(msg)`: an error at the current token, moved
    /// back one character when the current token is the end of the buffer.
    pub(crate) fn emit_error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let mut off = self.tok.start;
        if self.tok.kind == TokenKind::Eof && off > 0 {
            off -= 1;
        }
        self.emit_error_at(off, msg)
    }

    /// MLIR's `parseToken`: consumes `kind` or reports a wrong-token error.
    pub(crate) fn parse_token(&mut self, kind: TokenKind, msg: &str) -> PResult<()> {
        if self.consume_if(kind) {
            Ok(())
        } else {
            self.err_wrong_token(msg)
        }
    }

    /// MLIR's `parseCommaSeparatedListUntil`: elements separated by commas up
    /// to `right`, which is consumed.
    pub(crate) fn parse_comma_list_until(
        &mut self,
        right: TokenKind,
        right_spelling: &str,
        allow_empty: bool,
        mut parse_elt: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.at(right) {
            if !allow_empty {
                return self.err_wrong_token("expected list element");
            }
            self.consume();
            return Ok(());
        }
        parse_elt(self)?;
        while self.consume_if(TokenKind::Comma) {
            parse_elt(self)?;
        }
        self.parse_token(right, &format!("expected ',' or '{right_spelling}'"))
    }

    /// MLIR's `parseCommaSeparatedList` with a delimiter: `open`, then an
    /// optional (possibly empty) list, then `close`; `context` is appended to
    /// the "expected ..." messages.
    pub(crate) fn parse_delimited_list(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        context: &str,
        mut parse_elt: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        let (o, c) = match open {
            TokenKind::LParen => ("(", ")"),
            TokenKind::LSquare => ("[", "]"),
            TokenKind::LBrace => ("{", "}"),
            _ => ("<", ">"),
        };
        // The messages are built only on failure: lists are on the hot path
        // of every attribute dictionary and type list.
        if !self.consume_if(open) {
            return self.err_wrong_token(format!("expected '{o}'{context}"));
        }
        if self.consume_if(close) {
            return Ok(());
        }
        parse_elt(self)?;
        while self.consume_if(TokenKind::Comma) {
            parse_elt(self)?;
        }
        if !self.consume_if(close) {
            return self.err_wrong_token(format!("expected '{c}'{context}"));
        }
        Ok(())
    }
}

/// MLIR's `Token::getUInt64IntegerValue`: a decimal or `0x` hexadecimal
/// integer token's value, `None` on overflow.
pub(crate) fn token_u64(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    if b.len() > 1 && b[1] == b'x' {
        u64::from_str_radix(text.get(2..)?, 16).ok()
    } else {
        text.parse().ok()
    }
}

/// MLIR's `Token::getUnsignedIntegerValue`: like [`token_u64`] but limited to 32 bits.
pub(crate) fn token_u32(text: &str) -> Option<u32> {
    token_u64(text).and_then(|v| u32::try_from(v).ok())
}

#[cfg(test)]
mod tests {
    use super::super::tests_util::*;

    /// Inputs exercising every production; the fuzz test truncates and
    /// mutates them.
    const CORPUS: &[&str] = &[
        "#map = affine_map<(d0, d1)[s0] -> (d0 * 2 + s0, d1 floordiv 2, -(d0 mod 3))>\n!t = tensor<4x?xf32, \"enc\">\n#loc = loc(\"f\":1:2 to 3:4)\n\"t.op\"() {a = [1, -2 : i8, 0x10 : i16, 1.5e3 : f16, \"s\\n\" : i32, unit, true, @a::@b, #map, #arith.overflow<none>, {b, c = 0x7FC00000 : f32}], d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, e = dense<\"0x0102\"> : vector<2xi8>, f = dense<(1.0, 2.0)> : tensor<2xcomplex<f64>>, g = array<i32: 1, -2>, h = strided<[1, ?], offset: 4>, i = dense_resource<blob> : tensor<2xi32>, j = memref<4x?xf32, #map, 1>, k = !t, l = (i32, !foo.bar<[(x)], \"y\">) -> tuple<complex<f32>, vector<[4]x8xbf16>>} : () -> () loc(fused<\"m\">[callsite(\"a\" at \"b\"(\"c\":1:2)), #loc, unknown])\n{-# dialect_resources: { builtin: { blob: \"0x04000000AABBCCDD\" } } #-}\n",
        "\"t.op\"() {x = dense<[true, false]> : tensor<2xi1>, y = dense<\"abc\"> : tensor<2x!foo.s>, z = memref<*xf32, 2>, w = tensor<*xi1>} : () -> ()",
    ];

    fn no_panic(src: &str) {
        let ctx = ctx(true);
        let _ = parse_module(&ctx, src);
    }

    #[test]
    fn corpus_parses() {
        for src in CORPUS {
            assert_eq!(parse_module(&ctx(true), src), Ok(()), "{src}");
        }
    }

    #[test]
    fn truncations_and_mutations_never_panic() {
        let mut seed: u64 = 0x9E3779B97F4A7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let alphabet = b"<>()[]{}:,=-+*?\"#!@%^x0123456789.eafi_ \n\\";
        for src in CORPUS {
            let bytes = src.as_bytes();
            for cut in 0..bytes.len() {
                if src.is_char_boundary(cut) {
                    no_panic(&src[..cut]);
                }
            }
            for _ in 0..3000 {
                let mut m = bytes.to_vec();
                for _ in 0..(next() % 4 + 1) {
                    let i = (next() as usize) % m.len();
                    let c = alphabet[(next() as usize) % alphabet.len()];
                    match next() % 3 {
                        0 => m[i] = c,
                        1 => m.insert(i, c),
                        _ => {
                            m.remove(i);
                        }
                    }
                }
                if let Ok(s) = std::str::from_utf8(&m) {
                    no_panic(s);
                }
            }
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let ctx = ctx(true);
        let n = 100_000;
        for (open, close) in [
            ("[", "]"),
            ("tuple<", ">"),
            ("(", ") -> ()"),
            ("{a = ", "}"),
            ("vector<", "xf32>"),
        ] {
            let attr = format!("{}1{}", open.repeat(n), close.repeat(n));
            let err = attr_err(&ctx, &attr);
            assert!(
                err.contains("nesting") || err.contains("expected"),
                "{open}: {err}"
            );
        }
        let e = format!("affine_map<(d0) -> ({}d0{})>", "(".repeat(n), ")".repeat(n));
        assert!(attr_err(&ctx, &e).contains("nesting"));
        let neg = format!("affine_map<(d0) -> ({}d0)>", "-".repeat(n));
        assert!(!attr_err(&ctx, &neg).is_empty());
        let sum = format!("affine_map<(d0) -> (d0{})>", " + d0".repeat(n));
        assert!(attr_err(&ctx, &sum).contains("too large"));
        let body = format!("#foo<{}{}>", "(".repeat(n), ")".repeat(n));
        assert_eq!(
            attr_err(&ctx, &body),
            format!("{body}: unexpectedly parsed")
        );
        let loc = format!("{}unknown{}", "\"n\"(".repeat(n), ")".repeat(n));
        assert!(loc_err(&ctx, &loc).contains("nesting"));
        let dense = format!("dense<{}1{}> : tensor<1xi32>", "[".repeat(n), "]".repeat(n));
        assert!(attr_err(&ctx, &dense).contains("nesting"));
        // Nesting below the limit still works.
        let ok = format!("{}1{}", "[".repeat(150), "]".repeat(150));
        attr(&ctx, &ok);
    }

    /// Times parsing of the file named by `RMLIR_PARSE_BENCH` (run with
    /// `--release --ignored`); used to keep the type/attribute hot path in check.
    #[test]
    #[ignore]
    fn bench_parse_file() {
        let Ok(path) = std::env::var("RMLIR_PARSE_BENCH") else {
            return;
        };
        let src = std::fs::read_to_string(path).expect("readable");
        let ctx = ctx(true);
        let start = std::time::Instant::now();
        let r = super::super::parse_source(ctx, &src, &super::super::ParseConfig::default());
        eprintln!("parsed in {:?} (ok: {})", start.elapsed(), r.is_ok());
    }

    #[test]
    fn huge_numbers() {
        let ctx = ctx(true);
        let digits = "9".repeat(5000);
        assert!(attr_err(&ctx, &format!("{digits} : i32")).contains("out of range"));
        assert!(!attr(&ctx, &format!("{digits}.0"))
            .index()
            .to_string()
            .is_empty());
        assert!(attr_err(&ctx, &format!("0x{digits} : f32")).contains("out of range"));
        assert!(ty_err(&ctx, &format!("tensor<{digits}xf32>")).contains("invalid dimension"));
        assert!(ty_err(&ctx, &format!("i{digits}")).contains("invalid integer width"));
        attr(&ctx, &format!("{digits} : i20000"));
    }
}
