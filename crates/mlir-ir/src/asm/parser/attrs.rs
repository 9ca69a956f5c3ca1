//! Parsing of builtin attributes, attribute dictionaries, aliases and file metadata.
//! (Minimal bootstrap version; the full parser replaces it.)

use super::{PResult, Parser};
use crate::asm::lexer::{unescape_string, TokenKind};
use crate::attributes::{ApInt, AttrKind, Attribute};
use crate::context::Ident;
use crate::types::Type;

impl<'a> Parser<'a> {
    /// Parses an attribute value; `ty` is the type expected for untyped literals.
    pub(crate) fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        match self.tok.kind {
            TokenKind::String => {
                let t = self.consume();
                let text = self.lex.text(t);
                let bytes = unescape_string(&text[1..text.len() - 1]);
                Ok(self.ctx.intern_attr(AttrKind::String { value: bytes.into(), ty: None }))
            }
            TokenKind::Integer => {
                let t = self.consume();
                let text = self.lex.text(t);
                let ty = if self.consume_if(TokenKind::Colon) {
                    self.parse_type()?
                } else {
                    ty.unwrap_or_else(|| self.ctx.int_type(64))
                };
                let w = self.ctx.int_or_index_width(ty).unwrap_or(64);
                match ApInt::from_decimal(w, text) {
                    Some(v) => Ok(self.ctx.integer_attr(ty, v)),
                    None => self.err_at(t.start, "integer constant out of range for attribute"),
                }
            }
            TokenKind::BareIdent if self.tok_text() == "unit" => {
                self.consume();
                Ok(self.ctx.unit_attr())
            }
            TokenKind::LBrace => {
                let entries = self.parse_attribute_dict()?;
                Ok(self.ctx.dictionary_attr(&entries))
            }
            _ => self.err_here("expected attribute value"),
        }
    }

    /// Parses `{name = attr, unitname, ...}`.
    pub(crate) fn parse_attribute_dict(&mut self) -> PResult<Vec<(Ident, Attribute)>> {
        let mut entries: Vec<(Ident, Attribute)> = Vec::new();
        self.parse_comma_list(
            Some((TokenKind::LBrace, "expected '{' in attribute dictionary")),
            Some((TokenKind::RBrace, "expected '}' in attribute dictionary")),
            true,
            |p| {
                let name = match p.tok.kind {
                    TokenKind::BareIdent => p.tok_text().to_string(),
                    TokenKind::String => {
                        let t = p.tok_text();
                        String::from_utf8_lossy(&unescape_string(&t[1..t.len() - 1])).into_owned()
                    }
                    _ => return p.err_here("expected attribute name"),
                };
                p.consume();
                let id = p.ctx.ident(&name);
                let value = if p.consume_if(TokenKind::Equal) {
                    p.parse_attribute(None)?
                } else {
                    p.ctx.unit_attr()
                };
                entries.push((id, value));
                Ok(())
            },
        )?;
        Ok(entries)
    }

    /// Parses a top-level alias definition `#name = attr` or `!name = type`.
    pub(crate) fn parse_alias_def(&mut self) -> PResult<()> {
        let t = self.consume();
        let name = self.lex.text(t);
        self.expect(TokenKind::Equal, "expected '=' in alias definition")?;
        if t.kind == TokenKind::HashIdent {
            let a = self.parse_attribute(None)?;
            self.attr_aliases.insert(&name[1..], a);
        } else {
            let ty = self.parse_type()?;
            self.type_aliases.insert(&name[1..], ty);
        }
        Ok(())
    }

    /// Parses `{-# ... #-}` file metadata.
    pub(crate) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.err_here("file metadata is not supported yet")
    }
}
