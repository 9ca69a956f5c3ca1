//! Parsing of `dense<...>`, `dense_resource<...>`, `array<...>` and
//! `strided<...>` attributes, following MLIR's `TensorLiteralParser` and
//! friends in `AttributeParser.cpp`.
//!
//! Dense elements are stored as one attribute per element (integer, float,
//! or a two-element array for complex values). As in MLIR, a literal whose
//! elements are all equal is stored as a splat (a single element), so
//! `dense<[1, 1]>` and `dense<1>` are the same attribute.

use super::attrs::{build_apint, decode_hex_string};
use super::support::token_u64;
use super::{PResult, Parser};
use crate::asm::lexer::{string_token_value, Token, TokenKind};
use crate::attributes::{ApFloat, ApInt, AttrKind, Attribute};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// The parsed contents of a tensor literal, before the type is known.
#[derive(Default)]
struct TensorLiteral {
    /// The shape inferred from nested lists (empty for a single element).
    shape: Vec<i64>,
    /// `(negated, token)` for every scalar, in order; complex values
    /// contribute two scalars.
    storage: Vec<(bool, Token)>,
    /// The token of a `dense<"0x...">` string literal.
    hex: Option<Token>,
}

/// The element kinds dense attributes handle.
#[derive(Copy, Clone)]
enum Scalar {
    Int {
        width: u32,
        signed_or_index: bool,
        unsigned: bool,
        is_i1: bool,
    },
    Float(FloatKind),
}

impl<'a> Parser<'a> {
    /// `dense<literal> : type` (the type may be given by the caller).
    pub(crate) fn parse_dense_elements_attr(
        &mut self,
        attr_ty: Option<Type>,
    ) -> PResult<Attribute> {
        let loc = self.tok.start;
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' after 'dense'")?;
        let mut lit = TensorLiteral::default();
        if !self.consume_if(TokenKind::Greater) {
            lit = self.parse_tensor_literal(true)?;
            self.parse_token(TokenKind::Greater, "expected '>'")?;
        }
        let ty = self.parse_elements_literal_type(loc, attr_ty)?;
        self.build_dense_attr(loc, ty, &lit)
    }

    /// MLIR's `TensorLiteralParser::parse`: a hex string (when allowed), a
    /// nested list, or a single element.
    fn parse_tensor_literal(&mut self, allow_hex: bool) -> PResult<TensorLiteral> {
        let mut lit = TensorLiteral::default();
        if allow_hex && self.at(TokenKind::String) {
            lit.hex = Some(self.consume());
        } else if self.at(TokenKind::LSquare) {
            let mut shape = Vec::new();
            self.parse_tensor_list(&mut lit, &mut shape)?;
            lit.shape = shape;
        } else {
            self.parse_tensor_element(&mut lit)?;
        }
        Ok(lit)
    }

    /// `sparse<indices, values> : type` or `sparse<> : type` (MLIR's
    /// `parseSparseElementsAttr`). A single index or value (no list) is
    /// shaped from the type and the number of indices, as in MLIR.
    pub(crate) fn parse_sparse_elements_attr(
        &mut self,
        attr_ty: Option<Type>,
    ) -> PResult<Attribute> {
        let loc = self.tok.start;
        self.consume();
        self.parse_token(TokenKind::Less, "Expected '<' after 'sparse'")?;
        let i64_ty = self.ctx.int_type(64);
        if self.consume_if(TokenKind::Greater) {
            let ty = self.parse_elements_literal_type(loc, attr_ty)?;
            let rank = self.ctx.shape(ty).map_or(0, |s| s.len()) as i64;
            let elt = self.ctx.shaped_element_type(ty).unwrap_or(ty);
            let indices_ty = self.ctx.ranked_tensor_type(&[0, rank], i64_ty, None);
            let values_ty = self.ctx.ranked_tensor_type(&[0], elt, None);
            let indices = self.intern_dense(indices_ty, Vec::new());
            let values = self.empty_dense(values_ty, elt);
            return Ok(self.ctx.intern_attr(AttrKind::SparseElements {
                ty,
                indices,
                values,
            }));
        }
        let indices_loc = self.tok.start;
        let indices_lit = self.parse_tensor_literal(false)?;
        self.parse_token(TokenKind::Comma, "expected ','")?;
        let values_loc = self.tok.start;
        let values_lit = self.parse_tensor_literal(true)?;
        self.parse_token(TokenKind::Greater, "expected '>'")?;
        let ty = self.parse_elements_literal_type(loc, attr_ty)?;
        let rank = self.ctx.shape(ty).map_or(0, |s| s.len()) as i64;
        let indices_shape = if indices_lit.shape.is_empty() {
            vec![1, rank]
        } else {
            indices_lit.shape.clone()
        };
        let indices_ty = self.ctx.ranked_tensor_type(&indices_shape, i64_ty, None);
        let indices = self.build_dense_attr(indices_loc, indices_ty, &indices_lit)?;
        let elt = self.ctx.shaped_element_type(ty).unwrap_or(ty);
        let values_shape = if values_lit.shape.is_empty() {
            vec![indices_shape[0]]
        } else {
            values_lit.shape.clone()
        };
        let values_ty = self.ctx.ranked_tensor_type(&values_shape, elt, None);
        let values = self.build_dense_attr(values_loc, values_ty, &values_lit)?;
        self.verify_sparse(loc, ty, &indices_shape, &values_shape, indices)?;
        Ok(self.ctx.intern_attr(AttrKind::SparseElements {
            ty,
            indices,
            values,
        }))
    }

    /// An empty dense attribute of `ty` (strings for non-numeric elements).
    fn empty_dense(&self, ty: Type, elt: Type) -> Attribute {
        let numeric =
            self.scalar_of(elt).is_some() || matches!(self.ctx.ty(elt), TypeKind::Complex(_));
        if numeric {
            self.intern_dense(ty, Vec::new())
        } else {
            self.ctx.intern_attr(AttrKind::DenseStrings {
                ty,
                elements: Box::new([]),
            })
        }
    }

    /// MLIR's `SparseElementsAttr::verify`.
    fn verify_sparse(
        &mut self,
        loc: u32,
        ty: Type,
        indices_shape: &[i64],
        values_shape: &[i64],
        indices: Attribute,
    ) -> PResult<()> {
        let shape: Vec<i64> = self.ctx.shape(ty).unwrap_or(&[]).to_vec();
        let rank = shape.len();
        if values_shape.len() != 1 {
            return self.emit_error_at(loc, "expected 1-d tensor for sparse element values");
        }
        let well_formed = match indices_shape.len() {
            2 => indices_shape[1] == rank as i64,
            1 => rank == 1,
            _ => false,
        };
        if !well_formed {
            return self.emit_error_at(
                loc,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    join(&shape),
                    join(indices_shape),
                    join(values_shape)
                ),
            );
        }
        // MLIR reports a count mismatch with the same shape message.
        if values_shape[0] != indices_shape[0] {
            return self.emit_error_at(
                loc,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    join(&shape),
                    join(indices_shape),
                    join(values_shape)
                ),
            );
        }
        // Every index must lie within the shape (indices read as unsigned, as MLIR does).
        let values: Vec<u64> = match self.ctx.attr(indices) {
            AttrKind::DenseElements { elements, .. } => elements
                .iter()
                .map(|&e| self.ctx.int_attr_value(e).unwrap_or(0) as u64)
                .collect(),
            _ => Vec::new(),
        };
        let valid = |index: &[u64]| index.iter().zip(&shape).all(|(&i, &d)| i < d as u64);
        let rows: Vec<Vec<u64>> = if values.len() == 1 {
            vec![vec![values[0]; rank]]
        } else {
            values.chunks(rank.max(1)).map(|c| c.to_vec()).collect()
        };
        for (row, index) in rows.iter().enumerate() {
            if !valid(index) {
                let text: Vec<String> = index.iter().map(|i| i.to_string()).collect();
                let t = self.type_to_string(ty);
                return self.emit_error_at(
                    loc,
                    format!(
                        "sparse index #{row} is not contained within the value shape, with index=[{}], and type='{t}'",
                        text.join(", ")
                    ),
                );
            }
        }
        Ok(())
    }

    /// MLIR's `parseElementsLiteralType`: `: type` unless given; must be a
    /// statically shaped type.
    fn parse_elements_literal_type(&mut self, loc: u32, ty: Option<Type>) -> PResult<Type> {
        let ty = match ty {
            Some(t) => t,
            None => {
                self.parse_token(TokenKind::Colon, "expected ':'")?;
                self.parse_type()?
            }
        };
        match self.ctx.ty(ty) {
            TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::MemRef { .. } => {}
            TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => {
                return self.emit_error_at(loc, "elements literal type must have static shape")
            }
            _ => return self.emit_error_at(loc, "elements literal must be a shaped type"),
        }
        let shape = self.ctx.shape(ty).unwrap_or(&[]);
        if shape.contains(&DYNAMIC) {
            return self.emit_error_at(loc, "elements literal type must have static shape");
        }
        Ok(ty)
    }

    /// One scalar: `true`, `false`, a number, `-number`, a string, or a
    /// complex `(a, b)`.
    fn parse_tensor_element(&mut self, lit: &mut TensorLiteral) -> PResult<()> {
        match self.tok.kind {
            TokenKind::Integer | TokenKind::Float | TokenKind::String => {
                lit.storage.push((false, self.consume()));
            }
            TokenKind::BareIdent if matches!(self.tok_text(), "true" | "false") => {
                lit.storage.push((false, self.consume()));
            }
            TokenKind::Minus => {
                self.consume();
                if !(self.at(TokenKind::Integer) || self.at(TokenKind::Float)) {
                    return self.emit_error("expected integer or floating point literal");
                }
                lit.storage.push((true, self.consume()));
            }
            TokenKind::LParen => {
                self.consume();
                self.parse_tensor_element(lit)?;
                self.parse_token(TokenKind::Comma, "expected ',' between complex elements")?;
                self.parse_tensor_element(lit)?;
                self.parse_token(TokenKind::RParen, "expected ')' after complex elements")?;
            }
            _ => return self.emit_error("expected element literal of primitive type"),
        }
        Ok(())
    }

    /// `[elements or lists]`, returning the dimensions of the list in `dims`.
    fn parse_tensor_list(&mut self, lit: &mut TensorLiteral, dims: &mut Vec<i64>) -> PResult<()> {
        let _depth = self.enter_nested()?;
        let mut first = true;
        let mut new_dims: Vec<i64> = Vec::new();
        let mut size: i64 = 0;
        self.parse_delimited_list(TokenKind::LSquare, TokenKind::RSquare, "", |p| {
            let mut this_dims = Vec::new();
            if p.at(TokenKind::LSquare) {
                p.parse_tensor_list(lit, &mut this_dims)?;
            } else {
                p.parse_tensor_element(lit)?;
            }
            size += 1;
            if !first {
                if new_dims != this_dims {
                    return p.emit_error(
                        "tensor literal is invalid; ranks are not consistent between elements",
                    );
                }
                return Ok(());
            }
            new_dims = this_dims;
            first = false;
            Ok(())
        })?;
        dims.clear();
        dims.push(size);
        dims.extend_from_slice(&new_dims);
        Ok(())
    }

    fn scalar_of(&self, ty: Type) -> Option<Scalar> {
        match *self.ctx.ty(ty) {
            TypeKind::Integer { width, signedness } => Some(Scalar::Int {
                width,
                signed_or_index: signedness == Signedness::Signed,
                unsigned: signedness == Signedness::Unsigned,
                is_i1: width == 1 && signedness == Signedness::Signless,
            }),
            TypeKind::Index => Some(Scalar::Int {
                width: 64,
                signed_or_index: true,
                unsigned: false,
                is_i1: false,
            }),
            TypeKind::Float(k) => Some(Scalar::Float(k)),
            _ => None,
        }
    }

    /// MLIR's `TensorLiteralParser::getAttr`.
    fn build_dense_attr(&mut self, loc: u32, ty: Type, lit: &TensorLiteral) -> PResult<Attribute> {
        let shape: Vec<i64> = self.ctx.shape(ty).unwrap_or(&[]).to_vec();
        let num_elements: i64 = shape.iter().product();
        let mut elt_ty = self.ctx.shaped_element_type(ty).unwrap_or(ty);
        let complex_elt = match self.ctx.ty(elt_ty) {
            TypeKind::Complex(e) => Some(*e),
            _ => None,
        };
        let numeric = self.scalar_of(elt_ty).is_some() || complex_elt.is_some();
        if let Some(hex) = lit.hex {
            if numeric {
                return self.build_hex_dense_attr(loc, ty, hex, num_elements);
            }
        }
        if !lit.shape.is_empty() && lit.shape != shape {
            return self.emit_error_at(
                loc,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join(&lit.shape),
                    join(&shape)
                ),
            );
        }
        if lit.hex.is_none() && lit.storage.is_empty() && num_elements != 0 {
            let t = self.type_to_string(ty);
            return self.emit_error_at(
                loc,
                format!("parsed zero elements, but type ('{t}') expected at least 1"),
            );
        }
        let per_element = if let Some(c) = complex_elt {
            let is_splat = lit.shape.is_empty() && num_elements != 0;
            if is_splat && lit.storage.len() != 2 {
                let t = self.type_to_string(elt_ty);
                return self.emit_error_at(
                    loc,
                    format!(
                        "parsed {} elements, but type ('{t}') expected 2 elements",
                        lit.storage.len()
                    ),
                );
            }
            if !lit.shape.is_empty() && lit.storage.len() as i64 != num_elements * 2 {
                let t = self.type_to_string(ty);
                return self.emit_error_at(
                    loc,
                    format!(
                        "parsed {} elements, but type ('{t}') expected {} elements",
                        lit.storage.len(),
                        num_elements * 2
                    ),
                );
            }
            elt_ty = c;
            2
        } else {
            1
        };
        let Some(scalar) = self.scalar_of(elt_ty) else {
            return self.build_string_dense_attr(loc, ty, lit);
        };
        let mut scalars: Vec<Attribute> = Vec::with_capacity(lit.storage.len());
        for &(negative, tok) in &lit.storage {
            scalars.push(self.dense_scalar(scalar, elt_ty, negative, tok)?);
        }
        let mut elements: Vec<Attribute> = if per_element == 2 {
            scalars.chunks(2).map(|c| self.ctx.array_attr(c)).collect()
        } else {
            scalars
        };
        let expected = num_elements.max(0) as usize;
        if elements.len() != expected
            && elements.len() != 1
            && !(expected == 0 && elements.is_empty())
        {
            let t = self.type_to_string(ty);
            return self.emit_error_at(
                loc,
                format!(
                    "parsed {} elements, but type ('{t}') expected {} elements",
                    elements.len(),
                    expected
                ),
            );
        }
        if expected == 0 {
            elements.clear();
        }
        Ok(self.intern_dense(ty, elements))
    }

    /// Interns dense elements, collapsing equal elements into a splat.
    fn intern_dense(&self, ty: Type, mut elements: Vec<Attribute>) -> Attribute {
        if elements.len() > 1 && elements.iter().all(|e| *e == elements[0]) {
            elements.truncate(1);
        }
        self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            elements: elements.into(),
        })
    }

    /// One scalar of a dense literal as an attribute of `elt_ty`.
    fn dense_scalar(
        &mut self,
        scalar: Scalar,
        elt_ty: Type,
        negative: bool,
        tok: Token,
    ) -> PResult<Attribute> {
        match scalar {
            Scalar::Int {
                width,
                signed_or_index,
                unsigned,
                is_i1,
            } => {
                if negative && unsigned {
                    return self.emit_error_at(
                        tok.start,
                        "expected unsigned integer elements, but parsed negative value",
                    );
                }
                if tok.kind == TokenKind::Float {
                    return self.emit_error_at(
                        tok.start,
                        "expected integer elements, but parsed floating-point",
                    );
                }
                let text = self.lex.text(tok);
                if tok.kind == TokenKind::BareIdent {
                    if !is_i1 {
                        return self.emit_error_at(
                            tok.start,
                            "expected i1 type for 'true' or 'false' values",
                        );
                    }
                    return Ok(self
                        .ctx
                        .integer_attr(elt_ty, ApInt::from_u64(1, (text == "true") as u64)));
                }
                match build_apint(width, signed_or_index, negative, text) {
                    Some(v) if tok.kind == TokenKind::Integer => {
                        Ok(self.ctx.integer_attr(elt_ty, v))
                    }
                    _ => self.emit_error_at(tok.start, "integer constant out of range for type"),
                }
            }
            Scalar::Float(kind) => {
                let bits = self.float_from_literal(tok, negative, kind)?;
                Ok(self.ctx.float_attr(elt_ty, ApFloat { kind, bits }))
            }
        }
    }

    /// `dense<"a", ...>` of a non-numeric element type.
    fn build_string_dense_attr(
        &mut self,
        loc: u32,
        ty: Type,
        lit: &TensorLiteral,
    ) -> PResult<Attribute> {
        let mut elements: Vec<Box<[u8]>> = Vec::new();
        if let Some(h) = lit.hex {
            elements.push(string_token_value(self.lex.text(h)).into());
        } else {
            for &(_, tok) in &lit.storage {
                if tok.kind != TokenKind::String {
                    let spelling = self.lex.text(tok);
                    return self
                        .emit_error_at(loc, format!("expected string token, got {spelling}"));
                }
                elements.push(string_token_value(self.lex.text(tok)).into());
            }
        }
        if elements.len() > 1 && elements.iter().all(|e| *e == elements[0]) {
            elements.truncate(1);
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseStrings {
            ty,
            elements: elements.into(),
        }))
    }

    /// `dense<"0x...">` of a numeric element type: little-endian raw data,
    /// one element's worth for a splat (bit-packed for `i1`).
    fn build_hex_dense_attr(
        &mut self,
        loc: u32,
        ty: Type,
        hex: Token,
        num_elements: i64,
    ) -> PResult<Attribute> {
        let Some(data) = decode_hex_string(self.lex.text(hex)) else {
            return self.emit_error_at(
                hex.start,
                "expected string containing hex digits starting with `0x`",
            );
        };
        let elt_ty = self.ctx.shaped_element_type(ty).unwrap_or(ty);
        let (scalar_ty, parts) = match self.ctx.ty(elt_ty) {
            TypeKind::Complex(e) => (*e, 2usize),
            _ => (elt_ty, 1usize),
        };
        let Some(scalar) = self.scalar_of(scalar_ty) else {
            let t = self.type_to_string(elt_ty);
            return self.emit_error_at(
                loc,
                format!("expected floating-point, integer, or complex element type, got '{t}'"),
            );
        };
        let bit_width = match scalar {
            Scalar::Int { width, .. } => width,
            Scalar::Float(k) => k.width(),
        };
        let invalid = |p: &mut Self| {
            let t = p.type_to_string(ty);
            p.emit_error_at(
                loc,
                format!("elements hex data size is invalid for provided type: '{t}'"),
            )
        };
        let n = num_elements.max(0) as usize;
        if bit_width == 1 && parts == 1 {
            // i1 data is packed eight elements to a byte; a single 0x00 or
            // 0xFF byte is a splat.
            let mut elements = Vec::new();
            if data.len() == 1 && (data[0] == 0 || data[0] == 0xFF) {
                if n > 0 {
                    elements.push(
                        self.ctx
                            .integer_attr(scalar_ty, ApInt::from_u64(1, (data[0] != 0) as u64)),
                    );
                }
            } else if data.len() * 8 == n.div_ceil(8) * 8 {
                for i in 0..n {
                    let bit = (data[i / 8] >> (i % 8)) & 1;
                    elements.push(
                        self.ctx
                            .integer_attr(scalar_ty, ApInt::from_u64(1, bit as u64)),
                    );
                }
            } else {
                return invalid(self);
            }
            return Ok(self.intern_dense(ty, elements));
        }
        let scalar_bytes = bit_width.div_ceil(8) as usize;
        let elt_bytes = scalar_bytes * parts;
        let count = if data.len() == elt_bytes {
            n.min(1)
        } else if Some(data.len()) == elt_bytes.checked_mul(n) {
            n
        } else {
            return invalid(self);
        };
        let mut elements = Vec::with_capacity(count);
        for i in 0..count {
            let mut parts_attrs = Vec::with_capacity(parts);
            for j in 0..parts {
                let off = i * elt_bytes + j * scalar_bytes;
                let bytes = &data[off..off + scalar_bytes];
                let mut words = vec![0u64; scalar_bytes.div_ceil(8)];
                for (b, &byte) in bytes.iter().enumerate() {
                    words[b / 8] |= (byte as u64) << ((b % 8) * 8);
                }
                let a = match scalar {
                    Scalar::Int { width, .. } => self
                        .ctx
                        .integer_attr(scalar_ty, ApInt::from_words(width, &words)),
                    Scalar::Float(kind) => {
                        let mut bits =
                            words[0] as u128 | (words.get(1).copied().unwrap_or(0) as u128) << 64;
                        if kind.width() < 128 {
                            bits &= (1u128 << kind.width()) - 1;
                        }
                        self.ctx.float_attr(scalar_ty, ApFloat { kind, bits })
                    }
                };
                parts_attrs.push(a);
            }
            elements.push(if parts == 2 {
                self.ctx.array_attr(&parts_attrs)
            } else {
                parts_attrs[0]
            });
        }
        Ok(self.intern_dense(ty, elements))
    }

    /// `dense_resource<handle> : type`.
    pub(crate) fn parse_dense_resource_attr(
        &mut self,
        attr_ty: Option<Type>,
    ) -> PResult<Attribute> {
        let loc = self.tok.start;
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' after 'dense_resource'")?;
        let name = self.parse_resource_key()?;
        self.parse_token(TokenKind::Greater, "expected '>'")?;
        let (ty, type_loc) = match attr_ty {
            Some(t) => (t, loc),
            None => {
                let off = self.tok.start;
                self.parse_token(TokenKind::Colon, "expected ':'")?;
                (self.parse_type()?, off)
            }
        };
        if !matches!(
            self.ctx.ty(ty),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        ) {
            return self.emit_error_at(type_loc, "`dense_resource` expected a shaped type");
        }
        let handle = self.ctx.ident(&name);
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, handle }))
    }

    /// `array<i32: 1, 2>` / `array<f32>`.
    pub(crate) fn parse_dense_array_attr(&mut self) -> PResult<Attribute> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' after 'array'")?;
        let type_loc = self.tok.start;
        let elt = self.parse_type()?;
        let Some(scalar) = self.scalar_of(elt).filter(|_| !self.ctx.is_index(elt)) else {
            let t = self.type_to_string(elt);
            return self.emit_error_at(
                type_loc,
                format!("expected integer or float type, got: '{t}'"),
            );
        };
        let (width, is_i1) = match scalar {
            Scalar::Int { width, is_i1, .. } => (width, is_i1 || width == 1),
            Scalar::Float(k) => (k.width(), false),
        };
        if !is_i1 && width % 8 != 0 {
            return self.emit_error_at(type_loc, "element type bitwidth must be a multiple of 8");
        }
        let mut elements = Vec::new();
        if !self.consume_if(TokenKind::Greater) {
            self.parse_token(TokenKind::Colon, "expected ':' after dense array type")?;
            let mut first = true;
            while first || self.consume_if(TokenKind::Comma) {
                first = false;
                let negative = self.consume_if(TokenKind::Minus);
                let a = match scalar {
                    Scalar::Int {
                        width,
                        signed_or_index,
                        ..
                    } => {
                        if self.at_keyword("true") || self.at_keyword("false") {
                            if !is_i1 {
                                return self
                                    .emit_error("expected i1 type for 'true' or 'false' values");
                            }
                            let v = self.at_keyword("true");
                            self.consume();
                            self.ctx.integer_attr(elt, ApInt::from_u64(1, v as u64))
                        } else if self.at(TokenKind::Integer) {
                            let t = self.consume();
                            if is_i1 {
                                return self
                                    .emit_error("expected 'true' or 'false' values for i1 type");
                            }
                            match build_apint(width, signed_or_index, negative, self.lex.text(t)) {
                                Some(v) => self.ctx.integer_attr(elt, v),
                                None => return self.emit_error("integer constant out of range"),
                            }
                        } else {
                            return self.emit_error("expected integer literal");
                        }
                    }
                    Scalar::Float(kind) => {
                        let tok = self.tok;
                        let bits = self.float_from_literal(tok, negative, kind)?;
                        self.consume();
                        self.ctx.float_attr(elt, ApFloat { kind, bits })
                    }
                };
                elements.push(a);
            }
            self.parse_token(
                TokenKind::Greater,
                "expected '>' to close an array attribute",
            )?;
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseArray {
            element: elt,
            elements: elements.into(),
        }))
    }

    /// `strided<[s0, s1], offset: o>` (`?` for dynamic values).
    pub(crate) fn parse_strided_layout_attr(&mut self) -> PResult<Attribute> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' after 'strided'")?;
        self.parse_token(TokenKind::LSquare, "expected '['")?;
        let mut strides = Vec::new();
        if !self.at(TokenKind::RSquare) {
            loop {
                strides.push(self.parse_stride_or_offset()?);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.parse_token(TokenKind::RSquare, "expected ']'")?;
        let mut offset = 0;
        if !self.consume_if(TokenKind::Greater) {
            self.parse_token(TokenKind::Comma, "expected ','")?;
            if !self.consume_keyword_if("offset") {
                return self.err_wrong_token("expected 'offset' after comma");
            }
            self.parse_token(TokenKind::Colon, "expected ':' after 'offset'")?;
            offset = self.parse_stride_or_offset()?;
            self.parse_token(TokenKind::Greater, "expected '>'")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::StridedLayout {
            offset,
            strides: strides.into(),
        }))
    }

    /// An `i64` (optionally negative) or `?`.
    fn parse_stride_or_offset(&mut self) -> PResult<i64> {
        if self.consume_if(TokenKind::Question) {
            return Ok(DYNAMIC);
        }
        let loc = self.tok.start;
        let negative = self.consume_if(TokenKind::Minus);
        if self.at(TokenKind::Integer) {
            if let Some(v) = token_u64(self.tok_text()).filter(|&v| v <= i64::MAX as u64) {
                self.consume();
                let v = v as i64;
                return Ok(if negative { -v } else { v });
            }
        }
        self.emit_error_at(loc, "expected a 64-bit signed integer or '?'")
    }
}

fn join(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(|d| d.to_string()).collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::super::tests_util::*;
    use crate::attributes::{ApFloat, ApInt, AttrKind};
    use crate::types::{FloatKind, DYNAMIC};

    fn dense_len(ctx: &crate::Context, a: crate::Attribute) -> usize {
        match ctx.attr(a) {
            AttrKind::DenseElements { elements, .. } => elements.len(),
            AttrKind::DenseStrings { elements, .. } => elements.len(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn dense_literals() {
        let ctx = ctx(true);
        let a = attr(&ctx, "dense<[1, 2]> : tensor<2xi32>");
        assert_eq!(dense_len(&ctx, a), 2);
        // Equal elements are stored as a splat.
        assert_eq!(
            attr(&ctx, "dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>"),
            attr(&ctx, "dense<1> : tensor<2x2xi32>")
        );
        assert_eq!(dense_len(&ctx, attr(&ctx, "dense<> : tensor<0xi32>")), 0);
        assert_eq!(
            attr(&ctx, "dense<[]> : tensor<0xi32>"),
            attr(&ctx, "dense<> : tensor<0xi32>")
        );
        assert_eq!(
            attr(&ctx, "dense<\"0x0102\"> : tensor<2xi8>"),
            attr(&ctx, "dense<[1, 2]> : tensor<2xi8>")
        );
        assert_eq!(
            attr(&ctx, "dense<\"0x05\"> : tensor<4xi1>"),
            attr(&ctx, "dense<[true, false, true, false]> : tensor<4xi1>")
        );
        assert_eq!(
            attr(&ctx, "dense<\"0xFF\"> : tensor<4xi1>"),
            attr(&ctx, "dense<true> : tensor<4xi1>")
        );
        assert_eq!(
            attr(&ctx, "dense<\"0x0000803F\"> : tensor<3xf32>"),
            attr(&ctx, "dense<1.0> : tensor<3xf32>")
        );
        assert_eq!(
            attr(&ctx, "dense<(1, 2)> : tensor<2xi32>"),
            attr(&ctx, "dense<[1, 2]> : tensor<2xi32>")
        );
        let c = attr(
            &ctx,
            "dense<[(1.0, 2.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>",
        );
        assert_eq!(c, attr(&ctx, "dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>"));
        match ctx.attr(c) {
            AttrKind::DenseElements { elements, .. } => {
                assert!(matches!(ctx.attr(elements[0]), AttrKind::Array(p) if p.len() == 2))
            }
            other => panic!("{other:?}"),
        }
        let s = attr(&ctx, "dense<[\"a\", \"b\"]> : tensor<2x!foo.s>");
        assert_eq!(dense_len(&ctx, s), 2);
        assert_eq!(
            dense_len(&ctx, attr(&ctx, "dense<\"abc\"> : tensor<2x!foo.s>")),
            1
        );
        assert_eq!(dense_len(&ctx, attr(&ctx, "dense<1> : memref<2xindex>")), 1);
        match ctx.attr(attr(&ctx, "dense<[-1.5, 0x7FC00000]> : vector<2xf32>")) {
            AttrKind::DenseElements { elements, .. } => {
                assert!(
                    matches!(ctx.attr(elements[0]), AttrKind::Float { value, .. } if *value == ApFloat::from_f32(-1.5))
                );
                assert!(
                    matches!(ctx.attr(elements[1]), AttrKind::Float { value, .. } if value.bits == 0x7FC00000)
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn dense_errors() {
        let ctx = ctx(true);
        for (src, msg) in [
            ("dense<[1, 2> : tensor<2xi32>", "1:12: expected ']'"),
            (
                "dense<[1, 2]> : tensor<3xi32>",
                "1:1: inferred shape of elements literal ([2]) does not match type ([3])",
            ),
            (
                "dense<[[1, 2], [3]]> : tensor<2x2xi32>",
                "1:19: tensor literal is invalid; ranks are not consistent between elements",
            ),
            (
                "dense<[[1, 2], 3]> : tensor<2x2xi32>",
                "1:17: tensor literal is invalid; ranks are not consistent between elements",
            ),
            (
                "dense<[]> : tensor<2xi32>",
                "1:1: inferred shape of elements literal ([0]) does not match type ([2])",
            ),
            (
                "dense<\"abc\"> : tensor<2xi8>",
                "1:7: expected string containing hex digits starting with `0x`",
            ),
            (
                "dense<[1, \"b\"]> : tensor<2x!foo.s>",
                "1:1: expected string token, got 1",
            ),
            (
                "dense<[\"a\"]> : tensor<1xi32>",
                "1:8: integer constant out of range for type",
            ),
            (
                "dense<1> : tensor<?xi32>",
                "1:1: elements literal type must have static shape",
            ),
            (
                "dense<1> : i32",
                "1:1: elements literal must be a shaped type",
            ),
            (
                "dense<-1> : tensor<2xui8>",
                "1:8: expected unsigned integer elements, but parsed negative value",
            ),
            (
                "dense<1.5> : tensor<2xi8>",
                "1:7: expected integer elements, but parsed floating-point",
            ),
            (
                "dense<true> : tensor<2xi8>",
                "1:7: expected i1 type for 'true' or 'false' values",
            ),
            (
                "dense<2> : tensor<2xi1>",
                "1:7: integer constant out of range for type",
            ),
            (
                "dense<1> : tensor<2xf32>",
                "1:7: unexpected decimal integer literal for a floating point value",
            ),
            (
                "dense<-0x3F800000> : tensor<2xf32>",
                "1:8: hexadecimal float literal should not have a leading minus",
            ),
            (
                "dense<true> : tensor<2xf32>",
                "1:7: expected floating point literal",
            ),
            (
                "dense<[1, - ]> : tensor<2xi32>",
                "1:13: expected integer or floating point literal",
            ),
            (
                "dense<[1, foo]> : tensor<2xi32>",
                "1:11: expected element literal of primitive type",
            ),
            (
                "dense<-0> : tensor<i32>",
                "1:8: integer constant out of range for type",
            ),
            ("dense<1>", "1:9: expected ':'"),
            (
                "array<i4: 1>",
                "1:7: element type bitwidth must be a multiple of 8",
            ),
            (
                "array<i1: 1>",
                "1:12: expected 'true' or 'false' values for i1 type",
            ),
            (
                "array<i8: true>",
                "1:11: expected i1 type for 'true' or 'false' values",
            ),
            ("array<i8: 300>", "1:14: integer constant out of range"),
            ("array<i8: x>", "1:11: expected integer literal"),
            (
                "array<f32: 1>",
                "1:12: unexpected decimal integer literal for a floating point value",
            ),
            ("array<i32 1>", "1:10: expected ':' after dense array type"),
            (
                "array<i32: 1 2>",
                "1:13: expected '>' to close an array attribute",
            ),
            ("array<foo>", "1:7: expected non-function type"),
            (
                "strided<[x]>",
                "1:10: expected a 64-bit signed integer or '?'",
            ),
            (
                "strided<[1], offset ?>",
                "1:20: expected ':' after 'offset'",
            ),
            ("strided<[1] offset>", "1:12: expected ','"),
            (
                "strided<[9223372036854775808]>",
                "1:10: expected a 64-bit signed integer or '?'",
            ),
            (
                "dense_resource<1> : tensor<4xi32>",
                "1:16: expected identifier key for 'resource' entry",
            ),
            (
                "dense_resource<b> : i32",
                "1:19: `dense_resource` expected a shaped type",
            ),
        ] {
            assert_eq!(attr_err(&ctx, src), msg, "{src}");
        }
    }

    #[test]
    fn arrays_strided_resources() {
        let ctx = ctx(true);
        match ctx.attr(attr(&ctx, "array<ui8: -1, 2>")) {
            AttrKind::DenseArray { elements, .. } => {
                assert!(
                    matches!(ctx.attr(elements[0]), AttrKind::Integer { value, .. } if *value == ApInt::from_u64(8, 255))
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(
            matches!(ctx.attr(attr(&ctx, "array<f32>")), AttrKind::DenseArray { elements, .. } if elements.is_empty())
        );
        match ctx.attr(attr(&ctx, "array<f32: 1.5, -2.0, 0x3F800000>")) {
            AttrKind::DenseArray { elements, .. } => {
                assert!(
                    matches!(ctx.attr(elements[2]), AttrKind::Float { value, .. } if *value == ApFloat { kind: FloatKind::F32, bits: 0x3F800000 })
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            *ctx.attr(attr(&ctx, "array<i1: true, false>")),
            AttrKind::DenseArray {
                element: ctx.i1_type(),
                elements: Box::new([ctx.bool_attr(true), ctx.bool_attr(false)]),
            }
        );
        assert_eq!(
            *ctx.attr(attr(&ctx, "strided<[1, ?], offset: -3>")),
            AttrKind::StridedLayout {
                offset: -3,
                strides: Box::new([1, DYNAMIC])
            }
        );
        assert_eq!(
            *ctx.attr(attr(&ctx, "strided<[]>")),
            AttrKind::StridedLayout {
                offset: 0,
                strides: Box::new([])
            }
        );
        assert!(matches!(
            ctx.attr(attr(&ctx, "dense_resource<\"b l\"> : tensor<4xi32>")),
            AttrKind::DenseResource { .. }
        ));
    }
}
