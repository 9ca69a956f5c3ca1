//! Parsing of builtin attributes, attribute dictionaries, aliases and file
//! metadata, following MLIR's `AttributeParser.cpp` and the top-level parts
//! of `Parser.cpp` (accepted syntax, error messages and their locations).
//!
//! Integer attributes, `loc(...)` and dialect attributes such as
//! `#arith.overflow<none>` are on the hot path of generic IR: they are
//! decoded from the token text without intermediate strings, and dialect
//! attribute bodies are sliced straight out of the source buffer.

use super::float::{decimal_float_bits, hex_float_bits};
use super::support::token_u64;
use super::types::ExtendedSymbol;
use super::{PResult, Parser};
use crate::asm::lexer::{string_token_value, Token, TokenKind};
use crate::attributes::{ApFloat, ApInt, AttrKind, Attribute};
use crate::context::Ident;
use crate::types::{Signedness, Type, TypeKind};

impl<'a> Parser<'a> {
    /// Parses an attribute value; `ty` is the type expected for untyped
    /// literals (MLIR's `parseAttribute(Type)`).
    pub(crate) fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let _depth = self.enter_nested()?;
        match self.tok.kind {
            TokenKind::Integer => self.parse_dec_or_hex_attr(ty, false),
            TokenKind::Float => self.parse_float_attr(ty, false),
            TokenKind::String => self.parse_string_attr(ty),
            TokenKind::HashIdent => self.parse_extended_attr(ty),
            TokenKind::AtIdent => self.parse_symbol_ref_attr(),
            TokenKind::LSquare => {
                self.consume();
                let mut elements = Vec::new();
                self.parse_comma_list_until(TokenKind::RSquare, "]", true, |p| {
                    elements.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(self.ctx.array_attr(&elements))
            }
            TokenKind::LBrace => {
                let entries = self.parse_attribute_dict()?;
                Ok(self.ctx.dictionary_attr(&entries))
            }
            TokenKind::Minus => {
                self.consume();
                match self.tok.kind {
                    TokenKind::Integer => self.parse_dec_or_hex_attr(ty, true),
                    TokenKind::Float => self.parse_float_attr(ty, true),
                    _ => self.err_wrong_token("expected constant integer or floating point value"),
                }
            }
            TokenKind::BareIdent => match self.tok_text() {
                "true" | "false" => {
                    let v = self.tok_text() == "true";
                    self.consume();
                    Ok(self.ctx.bool_attr(v))
                }
                "unit" => {
                    self.consume();
                    Ok(self.ctx.unit_attr())
                }
                "loc" => {
                    self.consume();
                    self.parse_token(TokenKind::LParen, "expected '(' in inline location")?;
                    let loc = self.parse_location_instance()?;
                    self.parse_token(TokenKind::RParen, "expected ')' in inline location")?;
                    Ok(loc.0)
                }
                "affine_map" => self.parse_affine_map_attr(),
                "dense" => self.parse_dense_elements_attr(ty),
                "dense_resource" => self.parse_dense_resource_attr(ty),
                "array" => self.parse_dense_array_attr(),
                "strided" => self.parse_strided_layout_attr(),
                "affine_set" => self.parse_integer_set_attr(),
                "sparse" => self.parse_sparse_elements_attr(ty),
                "distinct" => self.parse_distinct_attr(),
                _ => self.parse_type_attr(),
            },
            _ => self.parse_type_attr(),
        }
    }

    /// `distinct[N]<attr>` or `distinct[N]<>` (a unit attribute), MLIR's
    /// `parseDistinctAttr`: every `N` names one new attribute of the context.
    fn parse_distinct_attr(&mut self) -> PResult<Attribute> {
        let loc = self.tok.start;
        self.consume();
        self.parse_token(TokenKind::LSquare, "expected '[' after 'distinct'")?;
        if !self.at(TokenKind::Integer) {
            return self.err_wrong_token("expected distinct ID");
        }
        let id = token_u64(self.tok_text());
        self.consume();
        // MLIR reports an out-of-range id after the integer.
        let Some(id) = id else {
            return self.emit_error("expected an unsigned 64-bit integer");
        };
        self.parse_token(TokenKind::RSquare, "expected ']' to close distinct ID")?;
        self.parse_token(TokenKind::Less, "expected '<' after distinct ID")?;
        let referenced = if self.consume_if(TokenKind::Greater) {
            self.ctx.unit_attr()
        } else {
            let a = self.parse_attribute(None)?;
            self.parse_token(
                TokenKind::Greater,
                "expected '>' to close distinct attribute",
            )?;
            a
        };
        if let Some(&existing) = self.distinct_attrs.get(&id) {
            let AttrKind::Distinct {
                referenced: prev, ..
            } = *self.ctx.attr(existing)
            else {
                unreachable!("distinct_attrs holds distinct attributes only");
            };
            if prev != referenced {
                let text = self.attr_to_string(prev);
                return self.emit_error_at(
                    loc,
                    format!("referenced attribute does not match previous definition: {text}"),
                );
            }
            return Ok(existing);
        }
        let attr = self.ctx.distinct_attr(referenced);
        self.distinct_attrs.insert(id, attr);
        Ok(attr)
    }

    /// A type used as an attribute, or MLIR's "expected attribute value".
    fn parse_type_attr(&mut self) -> PResult<Attribute> {
        match self.parse_optional_type()? {
            Some(t) => Ok(self.ctx.type_attr(t)),
            None => self.err_wrong_token("expected attribute value"),
        }
    }

    /// Parses an attribute if the current token can start one (MLIR's
    /// `parseOptionalAttribute`; note that, as in MLIR, `array`, `strided`
    /// and `distinct` do not count as attribute starts here).
    pub(crate) fn parse_optional_attribute(
        &mut self,
        ty: Option<Type>,
    ) -> PResult<Option<Attribute>> {
        let starts = match self.tok.kind {
            TokenKind::AtIdent
            | TokenKind::Float
            | TokenKind::Integer
            | TokenKind::HashIdent
            | TokenKind::LBrace
            | TokenKind::LSquare
            | TokenKind::Minus
            | TokenKind::String => true,
            TokenKind::BareIdent => matches!(
                self.tok_text(),
                "affine_map"
                    | "affine_set"
                    | "dense"
                    | "dense_resource"
                    | "false"
                    | "loc"
                    | "sparse"
                    | "true"
                    | "unit"
            ),
            _ => false,
        };
        if starts {
            return self.parse_attribute(ty).map(Some);
        }
        Ok(self.parse_optional_type()?.map(|t| self.ctx.type_attr(t)))
    }

    /// `"text"` with an optional `: type`.
    fn parse_string_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let t = self.consume();
        let value: Box<[u8]> = string_token_value(self.lex.text(t)).into();
        let mut ty = ty;
        if ty.is_none() && self.consume_if(TokenKind::Colon) {
            ty = Some(self.parse_type()?);
        }
        // A string's default type is `none`, so `"x" : none` is the same
        // attribute as `"x"` (MLIR's `StringAttr::get` uniques them as one).
        let none = self.ctx.none_type();
        let ty = ty.filter(|&t| t != none);
        Ok(self.ctx.intern_attr(AttrKind::String { value, ty }))
    }

    /// `@name(::@nested)*`.
    fn parse_symbol_ref_attr(&mut self) -> PResult<Attribute> {
        let t = self.consume();
        let root = self.symbol_ident(t);
        let mut nested = Vec::new();
        while self.at(TokenKind::Colon) {
            let colon = self.tok.start as usize;
            self.consume();
            if !self.consume_if(TokenKind::Colon) {
                // A single colon belongs to whatever follows the reference
                // (e.g. a type), so give it back unless the input ended.
                if !self.at(TokenKind::Eof) && !self.at(TokenKind::Error) {
                    self.reset_lexer_to(colon);
                }
                break;
            }
            if !self.at(TokenKind::AtIdent) {
                let off = self.tok.start;
                return self.emit_error_at(off, "expected nested symbol reference identifier");
            }
            let t = self.consume();
            nested.push(self.symbol_ident(t));
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef {
            root,
            nested: nested.into(),
        }))
    }

    /// The name of an `@name` / `@"name"` token, interned.
    pub(crate) fn symbol_ident(&self, t: Token) -> Ident {
        let text = &self.lex.text(t)[1..];
        if text.starts_with('"') {
            let bytes = string_token_value(text);
            self.ctx.ident(&String::from_utf8_lossy(&bytes))
        } else {
            self.ctx.ident(text)
        }
    }

    /// MLIR's `parseDecOrHexAttr`: the current token is an integer literal
    /// (after an optional minus that was already consumed).
    fn parse_dec_or_hex_attr(&mut self, ty: Option<Type>, negative: bool) -> PResult<Attribute> {
        let tok = self.consume();
        let spelling = self.lex.text(tok);
        let ty = match ty {
            Some(t) => t,
            None if self.consume_if(TokenKind::Colon) => self.parse_type()?,
            None => self.ctx.int_type(64),
        };
        match *self.ctx.ty(ty) {
            TypeKind::Float(kind) => {
                let bits = self.float_from_integer_literal(tok, negative, kind)?;
                Ok(self.ctx.float_attr(ty, ApFloat { kind, bits }))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                if negative && self.is_unsigned(ty) {
                    return self.emit_error_at(
                        tok.start,
                        "negative integer literal not valid for unsigned integer type",
                    );
                }
                match self.build_attribute_apint(ty, negative, spelling) {
                    Some(v) => Ok(self.ctx.integer_attr(ty, v)),
                    None => {
                        self.emit_error_at(tok.start, "integer constant out of range for attribute")
                    }
                }
            }
            _ => self.emit_error_at(tok.start, "integer literal not valid for specified type"),
        }
    }

    fn is_unsigned(&self, ty: Type) -> bool {
        matches!(
            self.ctx.ty(ty),
            TypeKind::Integer {
                signedness: Signedness::Unsigned,
                ..
            }
        )
    }

    /// MLIR's `buildAttributeAPInt`: the literal `spelling` (decimal or
    /// `0x` hex) as a value of `ty`'s width, `None` when out of range.
    pub(crate) fn build_attribute_apint(
        &self,
        ty: Type,
        negative: bool,
        spelling: &str,
    ) -> Option<ApInt> {
        let (width, signed_or_index) = match *self.ctx.ty(ty) {
            TypeKind::Integer { width, signedness } => (width, signedness == Signedness::Signed),
            TypeKind::Index => (64, true),
            _ => return None,
        };
        build_apint(width, signed_or_index, negative, spelling)
    }

    /// MLIR's `parseFloatFromIntegerLiteral`: a hexadecimal bit pattern.
    pub(crate) fn float_from_integer_literal(
        &mut self,
        tok: Token,
        negative: bool,
        kind: crate::types::FloatKind,
    ) -> PResult<u128> {
        let spelling = self.lex.text(tok);
        let is_hex = spelling.len() > 1 && spelling.as_bytes()[1] == b'x';
        if !is_hex {
            self.emit_error_at::<()>(
                tok.start,
                "unexpected decimal integer literal for a floating point value",
            )
            .ok();
            self.note_at(tok.start, "add a trailing dot to make the literal a float");
            return Err(());
        }
        if negative {
            return self.emit_error_at(
                tok.start,
                "hexadecimal float literal should not have a leading minus",
            );
        }
        match hex_float_bits(spelling, kind) {
            Some(b) => Ok(b),
            None => self.emit_error_at(
                tok.start,
                "hexadecimal float constant out of range for type",
            ),
        }
    }

    /// MLIR's `parseFloatFromLiteral` for a float or integer token.
    pub(crate) fn float_from_literal(
        &mut self,
        tok: Token,
        negative: bool,
        kind: crate::types::FloatKind,
    ) -> PResult<u128> {
        match tok.kind {
            TokenKind::Float => match decimal_float_bits(self.lex.text(tok), negative, kind) {
                Some(bits) => Ok(bits),
                None => self.emit_error_at(tok.start, "floating point value too large"),
            },
            TokenKind::Integer => self.float_from_integer_literal(tok, negative, kind),
            _ => self.emit_error_at(tok.start, "expected floating point literal"),
        }
    }

    /// MLIR's `parseFloatAttr`: the current token is a float literal.
    fn parse_float_attr(&mut self, ty: Option<Type>, negative: bool) -> PResult<Attribute> {
        let tok = self.consume();
        let ty = match ty {
            Some(t) => t,
            None if self.consume_if(TokenKind::Colon) => self.parse_type()?,
            None => self.ctx.f64_type(),
        };
        let TypeKind::Float(kind) = *self.ctx.ty(ty) else {
            return self.emit_error("floating point value not valid for specified type");
        };
        let bits = self.float_from_literal(tok, negative, kind)?;
        Ok(self.ctx.float_attr(ty, ApFloat { kind, bits }))
    }

    /// `#alias`, `#dialect.pretty<...>`, `#dialect<...>` with an optional `: type`.
    fn parse_extended_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let attr = match self.parse_extended_symbol(true)? {
            ExtendedSymbol::Alias(name) => match self.attr_aliases.get(name) {
                Some(&a) => a,
                None => return self.err_wrong_token(format!("undefined symbol alias id '{name}'")),
            },
            ExtendedSymbol::Dialect {
                dialect, body, loc, ..
            } => {
                let explicit_ty = if self.consume_if(TokenKind::Colon) {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                let ty_text = match explicit_ty.or(ty) {
                    Some(t) => self.type_to_string(t),
                    None => "none".to_string(),
                };
                self.check_dialect_symbol(dialect, body, loc, Some(&ty_text))?;
                // Loaded dialects check and canonicalize their attributes'
                // text (see `Dialect::canonicalize_attribute`).
                let ctx = self.ctx.clone();
                let canonical = match ctx.dialect(dialect) {
                    Some(d) => d.canonicalize_attribute(&ctx, body),
                    None => Ok(None),
                };
                let body: Box<str> = match canonical {
                    Ok(None) => body.into(),
                    Ok(Some(text)) => text.into(),
                    Err(errors) => {
                        let mut errors = errors.into_iter();
                        let Some((off, msg)) = errors.next() else {
                            return self.emit_error_at(loc, "invalid dialect attribute");
                        };
                        for (o, m) in errors {
                            let l = self.loc_at(loc + o as u32);
                            self.extra_errors.push(crate::Diagnostic::error(l, m));
                        }
                        return self.emit_error_at(loc + off as u32, msg);
                    }
                };
                // A loaded dialect's attributes are canonical text without a
                // type slot: as the dialect parsers of the attributes rmlir
                // keeps as text (enums) do, a written type is ignored. Only
                // unknown dialects keep it (MLIR's typed `OpaqueAttr`).
                let explicit_ty = explicit_ty.filter(|_| self.ctx.dialect(dialect).is_none());
                let dialect = self.ctx.ident(dialect);
                match explicit_ty {
                    Some(ty) => self
                        .ctx
                        .intern_attr(AttrKind::OpaqueTyped { dialect, body, ty }),
                    None => self.ctx.intern_attr(AttrKind::Opaque { dialect, body }),
                }
            }
        };
        if let (Some(expected), Some(actual)) = (ty, self.ctx.attr_type(attr)) {
            if expected != actual {
                let (e, a) = (self.type_to_string(expected), self.type_to_string(actual));
                return self.emit_error(format!(
                    "attribute type different than expected: expected '{e}', but got '{a}'"
                ));
            }
        }
        Ok(attr)
    }

    /// Parses `{name = attr, unitname, "quoted" = attr}` (MLIR's `parseAttributeDict`).
    pub(crate) fn parse_attribute_dict(&mut self) -> PResult<Vec<(Ident, Attribute)>> {
        let mut entries: Vec<(Ident, Attribute)> = Vec::new();
        self.parse_delimited_list(
            TokenKind::LBrace,
            TokenKind::RBrace,
            " in attribute dictionary",
            |p| {
                let name = match p.tok.kind {
                    TokenKind::String => {
                        let bytes = string_token_value(p.tok_text());
                        if bytes.is_empty() {
                            return p.emit_error("expected valid attribute name");
                        }
                        p.ctx.ident(&String::from_utf8_lossy(&bytes))
                    }
                    TokenKind::BareIdent => p.ctx.ident(p.tok_text()),
                    _ => return p.err_wrong_token("expected attribute name"),
                };
                if entries.iter().any(|(k, _)| *k == name) {
                    let n = p.ctx.ident_str(name).to_string();
                    return p.emit_error(format!("duplicate key '{n}' in dictionary attribute"));
                }
                p.consume();
                let value = if p.consume_if(TokenKind::Equal) {
                    p.parse_attribute(None)?
                } else {
                    p.ctx.unit_attr()
                };
                entries.push((name, value));
                Ok(())
            },
        )?;
        Ok(entries)
    }

    /// Parses a top-level alias definition `#name = attr` or `!name = type`.
    pub(crate) fn parse_alias_def(&mut self) -> PResult<()> {
        let t = self.tok;
        let name = &self.lex.text(t)[1..];
        let is_attr = t.kind == TokenKind::HashIdent;
        let (kind, names) = if is_attr {
            ("attribute", "attribute")
        } else {
            ("type", "type")
        };
        let defined = if is_attr {
            self.attr_aliases.contains_key(name)
        } else {
            self.type_aliases.contains_key(name)
        };
        if defined {
            return self.emit_error(format!("redefinition of {kind} alias id '{name}'"));
        }
        if name.contains('.') {
            return self.emit_error(format!(
                "{names} names with a '.' are reserved for dialect-defined names"
            ));
        }
        self.consume();
        if is_attr {
            self.parse_token(
                TokenKind::Equal,
                "expected '=' in attribute alias definition",
            )?;
            let a = self.parse_attribute(None)?;
            self.attr_aliases.insert(name, a);
        } else {
            self.parse_token(TokenKind::Equal, "expected '=' in type alias definition")?;
            let ty = self.parse_type()?;
            self.type_aliases.entry(name).or_insert(ty);
        }
        Ok(())
    }

    /// Parses `{-# dialect_resources: {...}, external_resources: {...} #-}`.
    ///
    /// Builtin blobs (`dialect_resources: { builtin: { name: "0x..." } }`)
    /// are stored with [`crate::Context::set_resource_blob`] as the raw bytes
    /// of the hex string, *including* the leading 4-byte little-endian
    /// alignment, so that printing them back as `"0x" + hex(bytes)`
    /// reproduces the input exactly. External resources are checked for
    /// syntax and otherwise ignored, as mlir-opt does for unknown ones.
    pub(crate) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.consume();
        self.parse_comma_list_until(TokenKind::FileMetadataEnd, "#-}", true, |p| {
            let key_off = p.tok.start;
            if !p.at(TokenKind::BareIdent) {
                return p.emit_error("expected identifier key in file metadata dictionary");
            }
            let key = p.tok_text();
            p.consume();
            p.parse_token(TokenKind::Colon, "expected ':'")?;
            match key {
                "dialect_resources" => p.parse_resource_section(true),
                "external_resources" => p.parse_resource_section(false),
                _ => p.emit_error_at(
                    key_off,
                    format!("unknown key '{key}' in file metadata dictionary"),
                ),
            }
        })
    }

    /// `{ name: { key: value, ... }, ... }` of one resource section.
    fn parse_resource_section(&mut self, dialect_section: bool) -> PResult<()> {
        self.parse_token(TokenKind::LBrace, "expected '{'")?;
        self.parse_comma_list_until(TokenKind::RBrace, "}", true, |p| {
            let name_off = p.tok.start;
            if !p.at(TokenKind::BareIdent) {
                return p.emit_error("expected identifier key for 'resource' entry");
            }
            let name = p.tok_text();
            p.consume();
            p.parse_token(TokenKind::Colon, "expected ':'")?;
            p.parse_token(TokenKind::LBrace, "expected '{'")?;
            if dialect_section {
                if name != "builtin" {
                    if !p.ctx.is_dialect_loaded(name) {
                        return p.emit_error_at(name_off, format!("dialect '{name}' is unknown"));
                    }
                    return p.emit_error(format!(
                        "unexpected 'resource' section for dialect '{name}'"
                    ));
                }
                p.parse_comma_list_until(TokenKind::RBrace, "}", true, |p| {
                    let key = p.parse_resource_key()?;
                    p.parse_token(TokenKind::Colon, "expected ':'")?;
                    let value = p.consume();
                    p.parse_builtin_blob(&key, value)
                })
            } else {
                p.parse_comma_list_until(TokenKind::RBrace, "}", true, |p| {
                    if !(p.at(TokenKind::BareIdent) || p.at(TokenKind::String)) {
                        return p
                            .emit_error("expected identifier key for 'external_resources' entry");
                    }
                    p.consume();
                    p.parse_token(TokenKind::Colon, "expected ':'")?;
                    p.consume();
                    Ok(())
                })
            }
        })
    }

    /// A resource key: a keyword or a string.
    pub(crate) fn parse_resource_key(&mut self) -> PResult<String> {
        let key = match self.tok.kind {
            TokenKind::BareIdent => self.tok_text().to_string(),
            TokenKind::String => {
                String::from_utf8_lossy(&string_token_value(self.tok_text())).into_owned()
            }
            _ => return self.emit_error("expected identifier key for 'resource' entry"),
        };
        self.consume();
        Ok(key)
    }

    /// One `key: "0x..."` entry of the builtin dialect's resources.
    fn parse_builtin_blob(&mut self, key: &str, value: Token) -> PResult<()> {
        let text = self.lex.text(value);
        let is_blob = value.kind == TokenKind::String && text.starts_with("\"0x");
        if !is_blob {
            // The builtin dialect only accepts blobs.
            return self.emit_error_at(
                value.start,
                format!("expected hex string blob for key '{key}'"),
            );
        }
        let Some(bytes) = decode_hex_string(text) else {
            return self.emit_error_at(
                value.start,
                format!("expected hex string blob for key '{key}'"),
            );
        };
        if bytes.len() < 4 {
            return self.emit_error_at(
                value.start,
                format!(
                    "expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
                ),
            );
        }
        let align = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if align != 0 && !align.is_power_of_two() {
            return self.emit_error_at(
                value.start,
                format!("expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: {align}"),
            );
        }
        let handle = self.ctx.ident(key);
        self.ctx.set_resource_blob(handle, bytes.into());
        Ok(())
    }
}

/// MLIR's `buildAttributeAPInt` on a width: parses `spelling` (decimal or
/// `0x` hex), checks that it fits, and applies the sign.
pub(crate) fn build_apint(
    width: u32,
    signed_or_index: bool,
    negative: bool,
    spelling: &str,
) -> Option<ApInt> {
    let is_hex = spelling.len() > 1 && spelling.as_bytes()[1] == b'x';
    // Parse at a width just large enough for the digits and widen afterwards:
    // the digit loop is linear in the width, which may be up to 2^24 bits.
    let digits_bits =
        u32::try_from(spelling.len().saturating_mul(4).saturating_add(4)).unwrap_or(u32::MAX);
    let parse_width = width.min(digits_bits);
    let narrow = if is_hex {
        ApInt::from_hex(parse_width, &spelling[2..])?
    } else {
        ApInt::from_decimal(parse_width, spelling)?
    };
    let value = if parse_width == width {
        narrow
    } else {
        ApInt::from_words(width, narrow.words())
    };
    if width == 0 {
        return if negative { None } else { Some(value) };
    }
    if negative {
        let neg = value.negate();
        // Negating must produce a negative number, which also rejects `-0`.
        return neg.is_negative().then_some(neg);
    }
    if signed_or_index && value.is_negative() {
        return None;
    }
    Some(value)
}

/// MLIR's `Token::getHexStringValue`: the bytes of `"0x<hex>"` (the text
/// includes the quotes); `None` unless the digits are valid and even in number.
pub(crate) fn decode_hex_string(text: &str) -> Option<Vec<u8>> {
    let body = text.strip_prefix('"')?.strip_suffix('"')?;
    let hex = body.strip_prefix("0x")?.as_bytes();
    if hex.len() % 2 != 0 {
        return None;
    }
    let nibble = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    hex.chunks_exact(2)
        .map(|p| Some(nibble(p[0])? << 4 | nibble(p[1])?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tests_util::*;
    use crate::attributes::{ApFloat, ApInt, AttrKind};
    use crate::types::FloatKind;

    #[test]
    fn integer_attrs() {
        let ctx = ctx(true);
        let i64t = ctx.int_type(64);
        assert_eq!(
            *ctx.attr(attr(&ctx, "42")),
            AttrKind::Integer {
                ty: i64t,
                value: ApInt::from_i64(64, 42)
            }
        );
        assert_eq!(ctx.int_attr_value(attr(&ctx, "-7 : i8")), Some(-7));
        assert_eq!(ctx.int_attr_value(attr(&ctx, "255 : i8")), Some(-1));
        assert_eq!(ctx.int_attr_value(attr(&ctx, "0xFF : i8")), Some(-1));
        assert_eq!(ctx.int_attr_value(attr(&ctx, "-128 : si8")), Some(-128));
        assert_eq!(
            ctx.int_attr_value(attr(&ctx, "-9223372036854775808 : index")),
            Some(i64::MIN)
        );
        assert_eq!(attr(&ctx, "true"), ctx.bool_attr(true));
        assert_eq!(attr(&ctx, "false"), ctx.bool_attr(false));
        let big = attr(&ctx, "170141183460469231731687303715884105727 : i128");
        match ctx.attr(big) {
            AttrKind::Integer { value, .. } => {
                assert_eq!(
                    value.to_string_unsigned(),
                    "170141183460469231731687303715884105727"
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn float_attrs() {
        let ctx = ctx(true);
        let f = |s: &str| match ctx.attr(attr(&ctx, s)) {
            AttrKind::Float { value, .. } => *value,
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(f("1.5"), ApFloat::from_f64(1.5));
        assert_eq!(f("-2.5e3 : f32"), ApFloat::from_f32(-2500.0));
        assert_eq!(
            f("0x7FC00000 : f32"),
            ApFloat {
                kind: FloatKind::F32,
                bits: 0x7FC00000
            }
        );
        assert_eq!(
            f("0x10 : f16"),
            ApFloat {
                kind: FloatKind::F16,
                bits: 0x10
            }
        );
        assert_eq!(f("1.0e400"), ApFloat::from_f64(f64::INFINITY));
        assert_eq!(
            f("0.1 : bf16"),
            ApFloat {
                kind: FloatKind::BF16,
                bits: 0x3DCD
            }
        );
    }

    #[test]
    fn other_attrs() {
        let ctx = ctx(true);
        match ctx.attr(attr(&ctx, "\"a\\n\\22\" : i32")) {
            AttrKind::String { value, ty } => {
                assert_eq!(&**value, b"a\n\"");
                assert_eq!(*ty, Some(ctx.int_type(32)));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(attr(&ctx, "unit"), ctx.unit_attr());
        assert_eq!(attr(&ctx, "i32"), ctx.type_attr(ctx.int_type(32)));
        let arr = attr(&ctx, "[1, \"x\", [], {}]");
        assert!(matches!(ctx.attr(arr), AttrKind::Array(e) if e.len() == 4));
        let d = attr(&ctx, "{b = 1, a, \"c d\" = 2}");
        let keys: Vec<&str> = ctx
            .dictionary_entries(d)
            .iter()
            .map(|(k, _)| ctx.ident_str(*k))
            .collect();
        assert_eq!(keys, ["a", "b", "c d"]);
        assert_eq!(ctx.dictionary_get(d, "a"), Some(ctx.unit_attr()));
        match ctx.attr(attr(&ctx, "@a::@\"b c\"::@d")) {
            AttrKind::SymbolRef { root, nested } => {
                assert_eq!(ctx.ident_str(*root), "a");
                let n: Vec<&str> = nested.iter().map(|i| ctx.ident_str(*i)).collect();
                assert_eq!(n, ["b c", "d"]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn opaque_attrs() {
        let ctx = ctx(true);
        let check = |text: &str, d: &str, body: &str| match ctx.attr(attr(&ctx, text)) {
            AttrKind::Opaque { dialect, body: b } => {
                assert_eq!(ctx.ident_str(*dialect), d, "{text}");
                assert_eq!(&**b, body, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        };
        check("#arith.overflow<none>", "arith", "overflow<none>");
        check(
            "#arith.fastmath<nnan, ninf>",
            "arith",
            "fastmath<nnan, ninf>",
        );
        check("#foo.bar", "foo", "bar");
        check("#foo<\"a b\">", "foo", "\"a b\"");
        check("#foo<[(1 -> 2)]>", "foo", "[(1 -> 2)]");
    }

    #[test]
    fn attr_errors() {
        let ctx = ctx(true);
        for (src, msg) in [
            (
                "-0 : i32",
                "1:2: integer constant out of range for attribute",
            ),
            (
                "256 : ui8",
                "1:1: integer constant out of range for attribute",
            ),
            (
                "-1 : ui8",
                "1:2: negative integer literal not valid for unsigned integer type",
            ),
            (
                "128 : si8",
                "1:1: integer constant out of range for attribute",
            ),
            (
                "-129 : i8",
                "1:2: integer constant out of range for attribute",
            ),
            (
                "0x1FF : i8",
                "1:1: integer constant out of range for attribute",
            ),
            ("1 : i0", "1:1: integer constant out of range for attribute"),
            (
                "9223372036854775808 : index",
                "1:1: integer constant out of range for attribute",
            ),
            (
                "1 : f32",
                "1:1: unexpected decimal integer literal for a floating point value",
            ),
            (
                "1.5 : i32",
                "1:10: floating point value not valid for specified type",
            ),
            (
                "0x1FFFF : f16",
                "1:1: hexadecimal float constant out of range for type",
            ),
            (
                "-0x10 : f16",
                "1:2: hexadecimal float literal should not have a leading minus",
            ),
            ("1 : f32x", "1:4: expected non-function type"),
            (
                "1 : tensor<i32>",
                "1:1: integer literal not valid for specified type",
            ),
            ("@a::b", "1:5: expected nested symbol reference identifier"),
            ("@a:", "1:3: expected '}' in attribute dictionary"),
            (
                "{a = 1, a = 2}",
                "1:9: duplicate key 'a' in dictionary attribute",
            ),
            ("{\"\" = 1}", "1:2: expected valid attribute name"),
            ("{1}", "1:2: expected attribute name"),
            ("{a = 1 b", "1:7: expected '}' in attribute dictionary"),
            ("[1, 2", "1:6: expected ',' or ']'"),
            (
                "-",
                "1:2: expected constant integer or floating point value",
            ),
            ("#x", "1:3: undefined symbol alias id 'x'"),
            ("#foo<\"x>", "1:21: expected '\"' in string literal"),
            (
                "#foo.bar<",
                "1:9: unbalanced '<' character in pretty dialect name",
            ),
            (
                "#foo.bar<a]>",
                "1:9: unbalanced '<' character in pretty dialect name",
            ),
            ("\"abc\\q\"", "1:5: unknown escape in string literal"),
        ] {
            assert_eq!(attr_err(&ctx, src), msg, "{src}");
        }
    }

    #[test]
    fn unregistered_dialect_attrs() {
        let ctx = ctx(false);
        assert_eq!(
            attr_err(&ctx, "#foo.bar"),
            "1:6: #\"foo\"<\"bar\"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
        );
        assert_eq!(
            attr_err(&ctx, "#builtin.foo"),
            "1:10: dialect 'builtin' provides no attribute parsing hook"
        );
        assert_eq!(
            attr_err(&ctx, "#a-b.c"),
            "1:6: invalid dialect namespace '\"a-b\"'"
        );
    }

    #[test]
    fn aliases_and_metadata() {
        let ctx = ctx(true);
        let src = "#a = 1 : i32\n!t = i32\n#b = [#a, !t]\n{-# dialect_resources: { builtin: { blob1: \"0x0800000001020304\" } }, external_resources: { foo: { k: \"v\" } } #-}\n";
        parse_module(&ctx, src).expect("parses");
        let blob = ctx.resource_blob(ctx.ident("blob1")).expect("blob stored");
        assert_eq!(&*blob, &[8, 0, 0, 0, 1, 2, 3, 4]);
        assert_eq!(
            parse_module(&ctx, "#a = 1\n#a = 2\n").unwrap_err(),
            "2:1: redefinition of attribute alias id 'a'"
        );
        assert_eq!(
            parse_module(&ctx, "!a.b = i32\n").unwrap_err(),
            "1:1: type names with a '.' are reserved for dialect-defined names"
        );
        assert_eq!(
            parse_module(&ctx, "{-# foo: {} #-}").unwrap_err(),
            "1:5: unknown key 'foo' in file metadata dictionary"
        );
        assert_eq!(
            parse_module(&ctx, "{-# dialect_resources: { builtin: { b: \"0x0300000001\" } } #-}").unwrap_err(),
            "1:40: expected hex string blob for key 'b' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3"
        );
    }
}
