//! Parsing of builtin types, type aliases and dialect types.
//! (Minimal bootstrap version; the full parser replaces it.)

use super::{PResult, Parser};
use crate::asm::lexer::TokenKind;
use crate::types::{FloatKind, Signedness, Type};

impl<'a> Parser<'a> {
    /// Parses any type.
    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        match self.parse_optional_type()? {
            Some(t) => Ok(t),
            None => self.err_here("expected non-function type"),
        }
    }

    /// Parses a type if the current token can start one.
    pub(crate) fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        if self.at(TokenKind::LParen) {
            return self.parse_function_type().map(Some);
        }
        if !self.at(TokenKind::BareIdent) {
            return Ok(None);
        }
        let text = self.tok_text();
        let ty = if text == "index" {
            self.ctx.index_type()
        } else if let Some(k) = FloatKind::from_keyword(text) {
            self.ctx.float_type(k)
        } else if let Some(w) = text.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()) {
            self.ctx.integer_type(w, Signedness::Signless)
        } else {
            return Ok(None);
        };
        self.consume();
        Ok(Some(ty))
    }

    /// Parses `(inputs) -> results`.
    pub(crate) fn parse_function_type(&mut self) -> PResult<Type> {
        let mut inputs = Vec::new();
        self.parse_comma_list(
            Some((TokenKind::LParen, "expected '('")),
            Some((TokenKind::RParen, "expected ')'")),
            true,
            |p| {
                inputs.push(p.parse_type()?);
                Ok(())
            },
        )?;
        self.expect(TokenKind::Arrow, "expected '->' in function type")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(&inputs, &results))
    }

    /// Parses the result part of a function type: a single type or a parenthesized list.
    pub(crate) fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        let mut results = Vec::new();
        if self.at(TokenKind::LParen) {
            self.parse_comma_list(
                Some((TokenKind::LParen, "expected '('")),
                Some((TokenKind::RParen, "expected ')'")),
                true,
                |p| {
                    results.push(p.parse_type()?);
                    Ok(())
                },
            )?;
        } else {
            results.push(self.parse_type()?);
        }
        Ok(results)
    }
}
