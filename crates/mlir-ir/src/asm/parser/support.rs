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
        self.parse_token(open, &format!("expected '{o}'{context}"))?;
        if self.consume_if(close) {
            return Ok(());
        }
        parse_elt(self)?;
        while self.consume_if(TokenKind::Comma) {
            parse_elt(self)?;
        }
        self.parse_token(close, &format!("expected '{c}'{context}"))
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

/// The bootstrap type/attribute parsers were the only users of these
/// generic helpers of `mod.rs`; keep them referenced so the crate stays free
/// of dead-code warnings until their owner decides whether to keep them.
#[allow(dead_code)]
fn keep_shared_helpers(p: &mut Parser<'_>) {
    let _ = p.here();
    let _ = p.expect(TokenKind::Comma, "");
    let _ = p.parse_comma_list(None, None, true, |_| Ok(()));
}
