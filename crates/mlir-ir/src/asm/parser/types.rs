//! Parsing of builtin types, type aliases and dialect types, following
//! MLIR's `TypeParser.cpp` (accepted syntax, error messages and where they
//! are reported).
//!
//! `i32`, `index`, `f32` and function types are on the hot path of parsing
//! generic IR, so keyword classification works on the token text directly
//! and never allocates.

use super::support::token_u64;
use super::{PResult, Parser};
use crate::asm::lexer::{BodyScanError, TokenKind};
use crate::attributes::{AttrKind, Attribute};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// MLIR's `IntegerType::kMaxWidth`.
pub(crate) const MAX_INT_WIDTH: u64 = (1 << 24) - 1;

/// What a bare identifier means at the start of a type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum TypeKeyword {
    /// `iN`, `siN`, `uiN` with the digit text after the prefix.
    Int(Signedness, usize),
    Float(FloatKind),
    Index,
    None,
    Memref,
    Tensor,
    Complex,
    Tuple,
    Vector,
}

/// Classifies `text` as a type keyword the way MLIR's lexer does (`inttype`
/// is `[su]?i[0-9]+` with at least one digit; the rest are exact keywords).
pub(crate) fn classify_type_keyword(text: &str) -> Option<TypeKeyword> {
    let b = text.as_bytes();
    let all_digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    match b.first()? {
        b'i' => {
            if all_digits(&b[1..]) {
                return Some(TypeKeyword::Int(Signedness::Signless, 1));
            }
            (text == "index").then_some(TypeKeyword::Index)
        }
        b's' | b'u' if b.len() > 2 && b[1] == b'i' && all_digits(&b[2..]) => {
            let s = if b[0] == b's' {
                Signedness::Signed
            } else {
                Signedness::Unsigned
            };
            Some(TypeKeyword::Int(s, 2))
        }
        b'f' | b'b' | b't' => {
            let k = match text {
                "f16" => FloatKind::F16,
                "f32" => FloatKind::F32,
                "f64" => FloatKind::F64,
                "bf16" => FloatKind::BF16,
                "tf32" => FloatKind::TF32,
                "f80" => FloatKind::F80,
                "f128" => FloatKind::F128,
                "tensor" => return Some(TypeKeyword::Tensor),
                "tuple" => return Some(TypeKeyword::Tuple),
                _ => FloatKind::from_keyword(text)?,
            };
            Some(TypeKeyword::Float(k))
        }
        b'n' => (text == "none").then_some(TypeKeyword::None),
        b'm' => (text == "memref").then_some(TypeKeyword::Memref),
        b'c' => (text == "complex").then_some(TypeKeyword::Complex),
        b'v' => (text == "vector").then_some(TypeKeyword::Vector),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    /// Parses any type (MLIR's `parseType`).
    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        let _depth = self.enter_nested()?;
        if self.at(TokenKind::LParen) {
            return self.parse_function_type();
        }
        self.parse_non_function_type()
    }

    /// Whether the current token can start a type.
    pub(crate) fn at_type_start(&self) -> bool {
        match self.tok.kind {
            TokenKind::LParen | TokenKind::ExclamationIdent => true,
            TokenKind::BareIdent => classify_type_keyword(self.tok_text()).is_some(),
            _ => false,
        }
    }

    /// Parses a type if the current token can start one (MLIR's `parseOptionalType`).
    pub(crate) fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        if self.at_type_start() {
            self.parse_type().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses `(inputs) -> results`.
    pub(crate) fn parse_function_type(&mut self) -> PResult<Type> {
        // Generic ops end their line with a function type, mostly one of a
        // few: when the rest of the line holds nothing but keyword types,
        // parentheses, commas and arrows, text parsed before to exactly
        // this type is looked up instead of lexed and parsed again. Only
        // text the parser consumed in full is remembered, so a line with
        // anything after the type is simply parsed.
        let src = self.lex.source();
        let start = self.tok.start as usize;
        let rest = &src[start.min(src.len())..];
        // One pass finds the end of the line and checks its bytes, stopping
        // at the first byte that rules the cache out.
        // `end` only moves past bytes of the table, which are ASCII, so it
        // stays on a character boundary.
        let bytes = rest.as_bytes();
        let mut end = 0;
        let mut simple = bytes.first() == Some(&b'(');
        while simple && end < bytes.len() && bytes[end] != b'\n' {
            if FN_TYPE_TEXT_BYTE[usize::from(bytes[end])] {
                end += 1;
            } else {
                simple = false;
            }
        }
        let text = rest[..end].trim_end_matches(' ');
        if simple {
            if let Some(&t) = self.caches.fn_types_text.get(text) {
                self.reset_lexer_to(start + text.len());
                return Ok(t);
            }
        }
        let t = self.parse_function_type_uncached()?;
        if simple && self.tok.start as usize >= start + text.len() {
            self.caches.fn_types_text.insert(text, t);
        }
        Ok(t)
    }

    fn parse_function_type_uncached(&mut self) -> PResult<Type> {
        let inputs = self.parse_type_list_parens()?;
        self.parse_token(TokenKind::Arrow, "expected '->' in function type")?;
        let results = self.parse_function_result_types()?;
        let key = (
            inputs.iter().copied().collect(),
            results.iter().copied().collect(),
        );
        if let Some(&t) = self.caches.fn_types.get(&key) {
            return Ok(t);
        }
        let t = self.ctx.function_type(&inputs, &results);
        self.caches.fn_types.insert(key, t);
        Ok(t)
    }

    /// Parses the result part of a function type: a parenthesized list or a
    /// single non-function type.
    pub(crate) fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.at(TokenKind::LParen) {
            return self.parse_type_list_parens();
        }
        let _depth = self.enter_nested()?;
        Ok(vec![self.parse_non_function_type()?])
    }

    /// `(` type-list? `)`.
    fn parse_type_list_parens(&mut self) -> PResult<Vec<Type>> {
        self.parse_token(TokenKind::LParen, "expected '('")?;
        let mut types = Vec::new();
        if self.consume_if(TokenKind::RParen) {
            return Ok(types);
        }
        types.push(self.parse_type()?);
        while self.consume_if(TokenKind::Comma) {
            types.push(self.parse_type()?);
        }
        self.parse_token(TokenKind::RParen, "expected ')'")?;
        Ok(types)
    }

    /// Any type but a function type.
    pub(crate) fn parse_non_function_type(&mut self) -> PResult<Type> {
        match self.tok.kind {
            TokenKind::ExclamationIdent => return self.parse_extended_type(),
            TokenKind::BareIdent => {}
            _ => return self.err_wrong_token("expected non-function type"),
        }
        let text = self.tok_text();
        let Some(kw) = classify_type_keyword(text) else {
            return self.err_wrong_token("expected non-function type");
        };
        let ty = match kw {
            TypeKeyword::Int(signedness, prefix) => {
                let width = match text[prefix..].parse::<u32>() {
                    Ok(w) => w,
                    Err(_) => return self.emit_error("invalid integer width"),
                };
                if u64::from(width) > MAX_INT_WIDTH {
                    return self.emit_error_at(
                        self.tok.start,
                        format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits"),
                    );
                }
                if signedness == crate::types::Signedness::Signless && width < 256 {
                    let cache = &mut self.caches.signless_ints;
                    if cache.len() <= width as usize {
                        cache.resize(width as usize + 1, None);
                    }
                    *cache[width as usize]
                        .get_or_insert_with(|| self.ctx.integer_type(width, signedness))
                } else {
                    self.ctx.integer_type(width, signedness)
                }
            }
            TypeKeyword::Float(k) => match k {
                FloatKind::F32 => self.ctx.f32_type(),
                FloatKind::F64 => self.ctx.f64_type(),
                _ => self.ctx.float_type(k),
            },
            TypeKeyword::Index => self.ctx.index_type(),
            TypeKeyword::None => self.ctx.none_type(),
            TypeKeyword::Memref => return self.parse_memref_type(),
            TypeKeyword::Tensor => return self.parse_tensor_type(),
            TypeKeyword::Complex => return self.parse_complex_type(),
            TypeKeyword::Tuple => return self.parse_tuple_type(),
            TypeKeyword::Vector => return self.parse_vector_type(),
        };
        self.consume();
        Ok(ty)
    }

    /// `complex<element>`.
    fn parse_complex_type(&mut self) -> PResult<Type> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in complex type")?;
        let elt_off = self.tok.start;
        let elt = self.parse_type()?;
        self.parse_token(TokenKind::Greater, "expected '>' in complex type")?;
        if !matches!(
            self.ctx.ty(elt),
            TypeKind::Float(_) | TypeKind::Integer { .. }
        ) {
            return self.emit_error_at(elt_off, "invalid element type for complex");
        }
        Ok(self.ctx.complex_type(elt))
    }

    /// `tuple<types>`.
    fn parse_tuple_type(&mut self) -> PResult<Type> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in tuple type")?;
        let mut types = Vec::new();
        if !self.consume_if(TokenKind::Greater) {
            types.push(self.parse_type()?);
            while self.consume_if(TokenKind::Comma) {
                types.push(self.parse_type()?);
            }
            self.parse_token(TokenKind::Greater, "expected '>' in tuple type")?;
        }
        Ok(self.ctx.tuple_type(&types))
    }

    /// `vector<4x[8]xf32>`.
    fn parse_vector_type(&mut self) -> PResult<Type> {
        let loc = self.tok.start;
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in vector type")?;
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        while self.at(TokenKind::Integer) || self.at(TokenKind::LSquare) {
            let is_scalable = self.consume_if(TokenKind::LSquare);
            shape.push(self.parse_integer_in_dimension_list()?);
            if is_scalable && !self.consume_if(TokenKind::RSquare) {
                return self.err_wrong_token("missing ']' closing scalable dimension");
            }
            scalable.push(is_scalable);
            self.parse_x_in_dimension_list()?;
        }
        let elt = self.parse_type()?;
        self.parse_token(TokenKind::Greater, "expected '>' in vector type")?;
        if !self.is_valid_vector_element(elt) {
            return self.emit_error_at(
                loc,
                "failed to verify 'elementType': VectorElementTypeInterface instance",
            );
        }
        if shape.iter().any(|&d| d <= 0) {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            return self.emit_error_at(
                loc,
                format!(
                    "vector types must have positive constant sizes but got {}",
                    dims.join(", ")
                ),
            );
        }
        Ok(self.ctx.intern_type(TypeKind::Vector {
            shape: shape.into(),
            scalable: scalable.into(),
            element: elt,
        }))
    }

    fn is_valid_vector_element(&self, ty: Type) -> bool {
        match self.ctx.ty(ty) {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => true,
            // A dialect type qualifies when it implements the interface
            // (`!llvm.ptr` does).
            TypeKind::Opaque { dialect, body } => self
                .ctx
                .dialect(self.ctx.ident_str(*dialect))
                .is_some_and(|d| d.type_implements(body, "VectorElementTypeInterface")),
            _ => false,
        }
    }

    /// `tensor<4x?xf32, #enc>` or `tensor<*xf32>`.
    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in tensor type")?;
        let unranked = self.consume_if(TokenKind::Star);
        let mut shape = Vec::new();
        if unranked {
            self.parse_x_in_dimension_list()?;
        } else {
            self.parse_dimension_list_ranked(&mut shape)?;
        }
        let elt_off = self.tok.start;
        let elt = self.parse_type()?;
        let mut encoding = None;
        if self.consume_if(TokenKind::Comma) {
            encoding = self.parse_optional_attribute(None)?;
        }
        self.parse_token(TokenKind::Greater, "expected '>' in tensor type")?;
        if !self.is_valid_tensor_element(elt) {
            return self.emit_error_at(elt_off, "invalid tensor element type");
        }
        if unranked {
            if encoding.is_some() {
                return self.emit_error("cannot apply encoding to unranked tensor");
            }
            return Ok(self.ctx.unranked_tensor_type(elt));
        }
        Ok(self.ctx.ranked_tensor_type(&shape, elt, encoding))
    }

    /// MLIR's `TensorType::isValidElementType`: builtin scalar-like types,
    /// vectors and any dialect type.
    fn is_valid_tensor_element(&self, ty: Type) -> bool {
        matches!(
            self.ctx.ty(ty),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::Opaque { .. }
        )
    }

    /// `memref<4x?xf32, layout, memspace>` or `memref<*xf32, memspace>`.
    fn parse_memref_type(&mut self) -> PResult<Type> {
        let loc = self.tok.start;
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in memref type")?;
        let unranked = self.consume_if(TokenKind::Star);
        let mut shape = Vec::new();
        if unranked {
            self.parse_x_in_dimension_list()?;
        } else {
            self.parse_dimension_list_ranked(&mut shape)?;
        }
        let elt_off = self.tok.start;
        let elt = self.parse_type()?;
        let valid = match self.ctx.ty(elt) {
            TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::Complex(_)
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
            | TypeKind::Vector { .. } => true,
            // A dialect type qualifies when it implements the interface.
            TypeKind::Opaque { dialect, body } => self
                .ctx
                .dialect(self.ctx.ident_str(*dialect))
                .is_some_and(|d| d.type_implements(body, "MemRefElementTypeInterface")),
            _ => false,
        };
        if !valid {
            return self.emit_error_at(elt_off, "invalid memref element type");
        }
        let mut layout: Option<Attribute> = None;
        let mut memory_space: Option<Attribute> = None;
        if !self.consume_if(TokenKind::Greater) {
            self.parse_token(TokenKind::Comma, "expected ',' or '>' in memref type")?;
            self.parse_comma_list_until(TokenKind::Greater, ">", false, |p| {
                let attr = p.parse_attribute(None)?;
                if p.is_memref_layout(attr) {
                    layout = Some(attr);
                } else if memory_space.is_some() {
                    return p.emit_error("multiple memory spaces specified in memref type");
                } else {
                    memory_space = Some(attr);
                    return Ok(());
                }
                if unranked {
                    return p.emit_error("cannot have affine map for unranked memref type");
                }
                if memory_space.is_some() {
                    return p.emit_error("expected memory space to be last in memref type");
                }
                Ok(())
            })?;
        }
        // MLIR drops an integer memory space of 0 (the default space).
        if let Some(ms) = memory_space {
            if let AttrKind::Integer { value, .. } = self.ctx.attr(ms) {
                if value.is_zero() {
                    memory_space = None;
                }
            }
        }
        if let Some(ms) = memory_space {
            if !self.is_supported_memory_space(ms) {
                return self.emit_error_at(loc, "unsupported memory space Attribute");
            }
        }
        if unranked {
            return Ok(self.ctx.intern_type(TypeKind::UnrankedMemRef {
                element: elt,
                memory_space,
            }));
        }
        if let Some(l) = layout {
            match self.ctx.attr(l) {
                AttrKind::AffineMap(map) => {
                    if map.num_dims as usize != shape.len() {
                        let msg = format!(
                            "memref layout mismatch between rank and affine map: {} != {}",
                            shape.len(),
                            map.num_dims
                        );
                        return self.emit_error_at(loc, msg);
                    }
                    // The identity map is the default layout; MLIR elides it, and
                    // storing it as `None` keeps both spellings the same type.
                    let identity = map.num_symbols == 0
                        && map.results.len() == shape.len()
                        && map.results.iter().enumerate().all(|(i, e)| {
                            matches!(e, crate::affine::AffineExpr::Dim(d) if *d as usize == i)
                        });
                    if identity {
                        layout = None;
                    }
                }
                AttrKind::StridedLayout { strides, .. } if strides.len() != shape.len() => {
                    return self
                        .emit_error_at(loc, "expected the number of strides to match the rank");
                }
                _ => {}
            }
        }
        Ok(self.ctx.intern_type(TypeKind::MemRef {
            shape: shape.into(),
            element: elt,
            layout,
            memory_space,
        }))
    }

    /// Whether `attr` implements MLIR's `MemRefLayoutAttrInterface` among the
    /// attributes we model (affine maps and strided layouts).
    fn is_memref_layout(&self, attr: Attribute) -> bool {
        matches!(
            self.ctx.attr(attr),
            AttrKind::AffineMap(_) | AttrKind::StridedLayout { .. }
        )
    }

    /// MLIR's `isSupportedMemorySpace`: integers, strings, dictionaries and
    /// attributes of non-builtin dialects. Attributes of dialects the context
    /// has not loaded are opaque, which MLIR does not accept here.
    fn is_supported_memory_space(&self, attr: Attribute) -> bool {
        match self.ctx.attr(attr) {
            AttrKind::Integer { .. } | AttrKind::String { .. } | AttrKind::Dictionary(_) => true,
            AttrKind::Opaque { dialect, .. } => {
                self.ctx.is_dialect_loaded(self.ctx.ident_str(*dialect))
            }
            _ => false,
        }
    }

    /// MLIR's `parseDimensionListRanked` with dynamic sizes allowed and a
    /// trailing `x`: `(dim x)*` where a dim is an integer or `?`.
    fn parse_dimension_list_ranked(&mut self, dims: &mut Vec<i64>) -> PResult<()> {
        while self.at(TokenKind::Integer) || self.at(TokenKind::Question) {
            if self.consume_if(TokenKind::Question) {
                dims.push(DYNAMIC);
            } else {
                dims.push(self.parse_integer_in_dimension_list()?);
            }
            self.parse_x_in_dimension_list()?;
        }
        Ok(())
    }

    /// MLIR's `parseDimensionListRanked` without a trailing `x` and with only
    /// static sizes unless `allow_dynamic`: `dim (x dim)*`, possibly empty.
    /// No builtin syntax needs it; it is here for `OpAsmParser::parseDimensionList`.
    #[allow(dead_code)]
    pub(crate) fn parse_dimension_list_no_trailing_x(
        &mut self,
        allow_dynamic: bool,
    ) -> PResult<Vec<i64>> {
        let mut dims = Vec::new();
        if !(self.at(TokenKind::Integer) || self.at(TokenKind::Question)) {
            return Ok(dims);
        }
        loop {
            let off = self.tok.start;
            if self.consume_if(TokenKind::Question) {
                if !allow_dynamic {
                    return self.emit_error_at(off, "expected static shape");
                }
                dims.push(DYNAMIC);
            } else {
                dims.push(self.parse_integer_in_dimension_list()?);
            }
            if !(self.at(TokenKind::BareIdent) && self.tok_text().starts_with('x')) {
                return Ok(dims);
            }
            self.parse_x_in_dimension_list()?;
        }
    }

    /// One integer dimension. `0xf32` lexes as a hexadecimal integer; as in
    /// MLIR it is split back into `0`, `x` and `f32`.
    fn parse_integer_in_dimension_list(&mut self) -> PResult<i64> {
        let text = self.tok_text();
        if self.at(TokenKind::Integer) && text.len() > 1 && text.as_bytes()[1] == b'x' {
            let pos = self.tok.start as usize + 1;
            self.reset_lexer_to(pos);
            return Ok(0);
        }
        if !self.at(TokenKind::Integer) {
            return self.emit_error("invalid dimension");
        }
        match token_u64(text) {
            Some(v) if v <= i64::MAX as u64 => {
                self.consume();
                Ok(v as i64)
            }
            _ => self.emit_error("invalid dimension"),
        }
    }

    /// Consumes an `x` in a dimension list, splitting tokens like `xf32` so
    /// that `f32` becomes the next token.
    fn parse_x_in_dimension_list(&mut self) -> PResult<()> {
        if !(self.at(TokenKind::BareIdent) && self.tok_text().starts_with('x')) {
            return self.err_wrong_token("expected 'x' in dimension list");
        }
        if self.tok_text().len() > 1 {
            let pos = self.tok.start as usize + 1;
            self.reset_lexer_to(pos);
        } else {
            self.consume();
        }
        Ok(())
    }

    /// `!alias`, `!dialect.pretty<body>`, `!dialect<body>`.
    fn parse_extended_type(&mut self) -> PResult<Type> {
        let sym = self.parse_extended_symbol(false)?;
        match sym {
            ExtendedSymbol::Alias(name) => match self.type_aliases.get(name) {
                Some(&t) => Ok(t),
                None => self.err_wrong_token(format!("undefined symbol alias id '{name}'")),
            },
            ExtendedSymbol::Dialect {
                dialect,
                body,
                loc,
                body_loc,
            } => {
                self.check_dialect_symbol(dialect, body, loc, None)?;
                // Loaded dialects check and canonicalize their types' text
                // (see `Dialect::canonicalize_type`).
                let ctx = self.ctx.clone();
                let canonical = match ctx.dialect(dialect) {
                    Some(d) => d.canonicalize_type(&ctx, body),
                    None => Ok(None),
                };
                match canonical {
                    Ok(None) => Ok(self.ctx.opaque_type(dialect, body)),
                    Ok(Some(text)) => Ok(self.ctx.opaque_type(dialect, &text)),
                    Err(errors) => {
                        let mut errors = errors.into_iter();
                        let Some((off, msg)) = errors.next() else {
                            return self.emit_error_at(loc, "invalid dialect type");
                        };
                        for (o, m) in errors {
                            let l = self.loc_at(body_loc + o as u32);
                            self.extra_errors.push(crate::Diagnostic::error(l, m));
                        }
                        self.emit_error_at(body_loc + off as u32, msg)
                    }
                }
            }
        }
    }

    /// The shared front half of MLIR's `parseExtendedSymbol`: splits
    /// `#name` / `!name` into an alias reference or a dialect symbol, and scans
    /// the `<...>` body of a dialect symbol. The current token must be the
    /// hash or exclamation identifier.
    pub(crate) fn parse_extended_symbol(&mut self, _is_attr: bool) -> PResult<ExtendedSymbol<'a>> {
        let tok = self.consume();
        let identifier = &self.lex.text(tok)[1..];
        let (dialect, data) = match identifier.find('.') {
            Some(i) => (&identifier[..i], &identifier[i + 1..]),
            None => (identifier, ""),
        };
        let is_pretty = !data.is_empty() || identifier.ends_with('.');
        let has_trailing = self.at(TokenKind::Less) && self.tok.start == tok.end;
        if !has_trailing && !is_pretty {
            return Ok(ExtendedSymbol::Alias(identifier));
        }
        let src = self.lex.source();
        if !is_pretty {
            // Verbose form `#dialect<body>`: the body is what is inside the brackets.
            let lt = self.tok.start as usize;
            let end = self.scan_body_at(lt)?;
            let body = &src[lt + 1..end - 1];
            return Ok(ExtendedSymbol::Dialect {
                dialect,
                body,
                loc: tok.start,
                body_loc: lt as u32 + 1,
            });
        }
        let data_start = tok.end as usize - data.len();
        let body = if has_trailing {
            let lt = self.tok.start as usize;
            let end = self.scan_body_at(lt)?;
            &src[data_start..end]
        } else {
            data
        };
        Ok(ExtendedSymbol::Dialect {
            dialect,
            body,
            loc: data_start as u32,
            body_loc: data_start as u32,
        })
    }

    /// Scans a balanced `<...>` starting at byte `lt` and re-lexes after it.
    pub(crate) fn scan_body_at(&mut self, lt: usize) -> PResult<usize> {
        match self.lex.scan_dialect_body(lt) {
            Ok(end) => {
                self.reset_lexer_to(end);
                Ok(end)
            }
            // MLIR reports these at its current token, which is the `<` or the
            // last string literal the scan lexed.
            Err(BodyScanError::Unbalanced(c, at)) => self.emit_error_at(
                at.unwrap_or(lt as u32),
                format!(
                    "unbalanced '{}' character in pretty dialect name",
                    c as char
                ),
            ),
            Err(BodyScanError::UnexpectedEof(at)) => self.emit_error_at(
                at.unwrap_or(lt as u32),
                "unexpected nul or EOF in pretty dialect name",
            ),
            Err(BodyScanError::Lexer(at)) => {
                let m = self.lex.error_message;
                self.err_at(at, m)
            }
        }
    }

    /// The checks MLIR applies when a dialect symbol becomes an opaque type or
    /// attribute: a valid namespace, no parsing hook missing in the builtin
    /// dialect, and a registered dialect unless unregistered ones are allowed.
    /// `attr_type` is `Some` for attributes (the type printed in the message).
    pub(crate) fn check_dialect_symbol(
        &mut self,
        dialect: &str,
        body: &str,
        loc: u32,
        attr_type: Option<&str>,
    ) -> PResult<()> {
        let what = if attr_type.is_some() {
            "attribute"
        } else {
            "type"
        };
        if dialect == "builtin" {
            return self.emit_error_at(
                loc,
                format!("dialect 'builtin' provides no {what} parsing hook"),
            );
        }
        let valid_ns = {
            let b = dialect.as_bytes();
            !b.is_empty()
                && (b[0].is_ascii_alphabetic() || b[0] == b'_')
                && b.iter()
                    .all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'$')
        };
        if !valid_ns {
            return self.emit_error_at(loc, format!("invalid dialect namespace '\"{dialect}\"'"));
        }
        if !self.ctx.allows_unregistered_dialects() && !self.ctx.is_dialect_loaded(dialect) {
            let msg = match attr_type {
                Some(t) => format!(
                    "#\"{dialect}\"<\"{body}\"> : '{t}' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
                ),
                None => format!(
                    "`!\"{dialect}\"<\"{body}\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
                ),
            };
            return self.emit_error_at(loc, msg);
        }
        Ok(())
    }
}

/// The result of [`Parser::parse_extended_symbol`].
pub(crate) enum ExtendedSymbol<'a> {
    /// `#name` / `!name` without a dot or `<`: an alias reference.
    Alias(&'a str),
    /// A dialect symbol: namespace, raw body (after `dialect.`, or inside
    /// `<>` for the verbose form) and the offset MLIR reports errors at.
    Dialect {
        dialect: &'a str,
        body: &'a str,
        loc: u32,
        /// The offset of `body` in the source (what the dialect's own
        /// parser reports its errors relative to).
        body_loc: u32,
    },
}

/// The bytes a generic op's trailing function type may hold for its text to
/// be looked up in [`ParseCaches::fn_types_text`](super::ParseCaches):
/// keyword types, parentheses, commas, spaces and arrows.
static FN_TYPE_TEXT_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric()
            || matches!(c, b'(' | b')' | b',' | b' ' | b'-' | b'>' | b'_');
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::super::tests_util::*;
    use crate::types::{FloatKind, Signedness, TypeKind, DYNAMIC};

    #[test]
    fn scalar_types() {
        let ctx = ctx(true);
        assert_eq!(
            *ctx.ty(ty(&ctx, "i32")),
            TypeKind::Integer {
                width: 32,
                signedness: Signedness::Signless
            }
        );
        assert_eq!(
            *ctx.ty(ty(&ctx, "si0")),
            TypeKind::Integer {
                width: 0,
                signedness: Signedness::Signed
            }
        );
        assert_eq!(
            *ctx.ty(ty(&ctx, "ui16777215")),
            TypeKind::Integer {
                width: 16777215,
                signedness: Signedness::Unsigned
            }
        );
        for k in FloatKind::ALL {
            assert_eq!(*ctx.ty(ty(&ctx, k.keyword())), TypeKind::Float(k));
        }
        assert_eq!(*ctx.ty(ty(&ctx, "index")), TypeKind::Index);
        assert_eq!(*ctx.ty(ty(&ctx, "none")), TypeKind::None);
    }

    #[test]
    fn function_and_aggregate_types() {
        let ctx = ctx(true);
        let i32t = ctx.int_type(32);
        let f = ty(&ctx, "(i32, f32) -> (i1)");
        assert_eq!(ctx.function_signature(f).unwrap().1, &[ctx.i1_type()]);
        let g = ty(&ctx, "() -> ()");
        assert_eq!(ctx.function_signature(g).unwrap(), (&[][..], &[][..]));
        let h = ty(&ctx, "(i32) -> ((i32) -> i32)");
        let inner = ctx.function_type(&[i32t], &[i32t]);
        assert_eq!(ctx.function_signature(h).unwrap().1, &[inner]);
        assert_eq!(*ctx.ty(ty(&ctx, "tuple<>")), TypeKind::Tuple(Box::new([])));
        assert_eq!(
            *ctx.ty(ty(&ctx, "complex<f32>")),
            TypeKind::Complex(ctx.f32_type())
        );
        assert_eq!(
            *ctx.ty(ty(&ctx, "vector<4x[8]xf32>")),
            TypeKind::Vector {
                shape: Box::new([4, 8]),
                scalable: Box::new([false, true]),
                element: ctx.f32_type()
            }
        );
        assert_eq!(ctx.shape(ty(&ctx, "vector<f32>")).unwrap(), &[] as &[i64]);
        assert_eq!(
            ctx.shape(ty(&ctx, "tensor<?x4xf32>")).unwrap(),
            &[DYNAMIC, 4]
        );
        assert_eq!(ctx.shape(ty(&ctx, "tensor<0xf32>")).unwrap(), &[0]);
        assert_eq!(ctx.shape(ty(&ctx, "tensor<4 x 5 x i32>")).unwrap(), &[4, 5]);
        assert!(matches!(
            ctx.ty(ty(&ctx, "tensor<*xf32>")),
            TypeKind::UnrankedTensor { .. }
        ));
        assert!(matches!(
            ctx.ty(ty(&ctx, "tensor<4xf32, \"enc\">")),
            TypeKind::RankedTensor {
                encoding: Some(_),
                ..
            }
        ));
        // A trailing comma without an encoding is accepted, as in MLIR.
        assert!(matches!(
            ctx.ty(ty(&ctx, "tensor<4xf32,>")),
            TypeKind::RankedTensor { encoding: None, .. }
        ));
    }

    #[test]
    fn memref_types() {
        let ctx = ctx(true);
        let plain = ty(&ctx, "memref<4xf32>");
        assert_eq!(ty(&ctx, "memref<4xf32, affine_map<(d0) -> (d0)>>"), plain);
        assert_eq!(ty(&ctx, "memref<4xf32, 0>"), plain);
        assert!(matches!(
            ctx.ty(ty(
                &ctx,
                "memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, 1>"
            )),
            TypeKind::MemRef {
                layout: Some(_),
                memory_space: Some(_),
                ..
            }
        ));
        assert!(matches!(
            ctx.ty(ty(&ctx, "memref<4xf32, strided<[1], offset: ?>>")),
            TypeKind::MemRef {
                layout: Some(_),
                memory_space: None,
                ..
            }
        ));
        assert!(matches!(
            ctx.ty(ty(&ctx, "memref<*xf32, 2>")),
            TypeKind::UnrankedMemRef {
                memory_space: Some(_),
                ..
            }
        ));
    }

    #[test]
    fn dialect_types() {
        let ctx = ctx(true);
        let check = |text: &str, d: &str, body: &str| {
            let t = ty(&ctx, text);
            match ctx.ty(t) {
                TypeKind::Opaque { dialect, body: b } => {
                    assert_eq!(ctx.ident_str(*dialect), d);
                    assert_eq!(&**b, body);
                }
                other => panic!("{text}: {other:?}"),
            }
        };
        check("!foo.bar", "foo", "bar");
        check(
            "!foo.bar<1, [(a)], \"x>\", -> >",
            "foo",
            "bar<1, [(a)], \"x>\", -> >",
        );
        check("!foo<\"x y\">", "foo", "\"x y\"");
        check("!llvm.ptr<1>", "llvm", "ptr<1>");
        check("!foo.bar.baz", "foo", "bar.baz");
    }

    #[test]
    fn type_errors() {
        let ctx = ctx(true);
        for (src, msg) in [
            (
                "i16777216",
                "1:1: integer bitwidth is limited to 16777215 bits",
            ),
            ("i99999999999", "1:1: invalid integer width"),
            (
                "vector<0xf32>",
                "1:1: vector types must have positive constant sizes but got 0",
            ),
            (
                "vector<4x0xf32>",
                "1:1: vector types must have positive constant sizes but got 4, 0",
            ),
            ("vector<4x?xf32>", "1:10: expected non-function type"),
            (
                "vector<[4]x[8xf32>",
                "1:14: missing ']' closing scalable dimension",
            ),
            ("vector<4xf32", "1:13: expected '>' in vector type"),
            ("vector<[?]xf32>", "1:9: invalid dimension"),
            (
                "vector<4xtuple<>>",
                "1:1: failed to verify 'elementType': VectorElementTypeInterface instance",
            ),
            ("tensor<4xnone>", "1:10: invalid tensor element type"),
            ("tensor<*x4xf32>", "1:10: expected non-function type"),
            (
                "tensor<*xf32, \"e\">",
                "1:19: cannot apply encoding to unranked tensor",
            ),
            ("tensor<99999999999999999999xf32>", "1:8: invalid dimension"),
            ("tensor<0xf32xi32>", "1:10: expected non-function type"),
            ("memref<4x!foo.bar>", "1:10: invalid memref element type"),
            (
                "memref<4xf32, affine_map<(d0, d1) -> (d0)>>",
                "1:1: memref layout mismatch between rank and affine map: 1 != 2",
            ),
            (
                "memref<4xf32, 1, 2>",
                "1:19: multiple memory spaces specified in memref type",
            ),
            (
                "memref<4xf32, 1, affine_map<(d0) -> (d0)>>",
                "1:42: expected memory space to be last in memref type",
            ),
            (
                "memref<*xf32, affine_map<(d0) -> (d0)>>",
                "1:39: cannot have affine map for unranked memref type",
            ),
            (
                "memref<4xf32, strided<[1, 2]>>",
                "1:1: expected the number of strides to match the rank",
            ),
            (
                "memref<4xf32, #foo.bar>",
                "1:1: unsupported memory space Attribute",
            ),
            ("memref<4xf32,>", "1:14: expected list element"),
            (
                "memref<4xf32 1>",
                "1:13: expected ',' or '>' in memref type",
            ),
            ("complex<index>", "1:9: invalid element type for complex"),
            ("complex<f32", "1:12: expected '>' in complex type"),
            ("tuple<i32", "1:10: expected '>' in tuple type"),
            ("!foo", "1:5: undefined symbol alias id 'foo'"),
            (
                "!foo.bar<a(>",
                "1:9: unbalanced '(' character in pretty dialect name",
            ),
            (
                "!foo<\"x\"",
                "1:6: unbalanced '<' character in pretty dialect name",
            ),
            ("(i32) -> (i32) -> i32", "1:15: expected ')'"),
            ("foo", "1:1: expected non-function type"),
            ("(i32) i32", "1:6: expected '->' in function type"),
        ] {
            assert_eq!(ty_err(&ctx, src), msg, "{src}");
        }
    }

    #[test]
    fn unregistered_dialect_types() {
        let ctx = ctx(false);
        assert_eq!(
            ty_err(&ctx, "!foo.bar"),
            "1:6: `!\"foo\"<\"bar\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
        );
        assert_eq!(
            ty_err(&ctx, "!foo<\"x\">"),
            "1:1: `!\"foo\"<\"\"x\"\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
        );
        assert_eq!(
            ty_err(&ctx, "!a-b.c"),
            "1:6: invalid dialect namespace '\"a-b\"'"
        );
        assert_eq!(
            ty_err(&ctx, "!builtin.foo"),
            "1:10: dialect 'builtin' provides no type parsing hook"
        );
    }
}
