//! A minimal `llvm` dialect (`td/LLVM.td`): `llvm.func`, whose type is an
//! `!llvm.func<result (inputs)>` rather than a builtin function type (so
//! function-type conversions must leave it alone), with its custom assembly
//! form, and `llvm.return`. LLVM types and attributes stay opaque dialect
//! types and attributes; `!llvm.func<...>` is built from the signature the
//! parser reads and read back by the printer.

use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::function::{self, FunctionOpInterface};
use mlir_ir::{
    AttrKind, Attribute, Context, Dialect, OpInfo, OpRef, OperationState, Type, TypeKind,
};

/// The generated op definitions of `td/LLVM.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, non_snake_case, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/llvm_ops.rs"));
}

pub use ops::{LLVMFuncOp, LLVMReturnOp};

type PResult = Result<(), ()>;

/// The `llvm` dialect.
pub struct LlvmDialect;

impl Dialect for LlvmDialect {
    fn namespace(&self) -> &'static str {
        "llvm"
    }
    fn operations(&self) -> Vec<OpInfo> {
        // Unlike `func.func`, `llvm.func` sets no default dialect: the ops
        // of its body print with their `llvm.` prefix.
        vec![
            LLVMFuncOp::op_info().with_interface(FunctionOpInterface {
                signature: llvm_signature,
                clone_type_with: llvm_function_type,
                verify_type: None,
                verify_body: None,
            }),
            LLVMReturnOp::op_info(),
        ]
    }
    fn canonicalize_type(
        &self,
        ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        canonicalize_llvm_type(ctx, body)
    }
    fn type_implements(&self, body: &str, interface: &str) -> bool {
        // `LLVMPointerType` is a valid vector element.
        interface == "VectorElementTypeInterface" && (body == "ptr" || body.starts_with("ptr<"))
    }
    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        // Only the linkage is checked: the other LLVM attributes stay text.
        let Some(kw) = body
            .strip_prefix("linkage<")
            .and_then(|b| b.strip_suffix('>'))
        else {
            return Ok(None);
        };
        let trimmed = kw.trim();
        if LINKAGE_ORDER.contains(&trimmed) {
            return Ok((trimmed != kw).then(|| format!("linkage<{trimmed}>")));
        }
        let at = "linkage<".len() + (kw.len() - kw.trim_start().len());
        Err(vec![
            (
                at,
                format!(
                    "expected one of [{}] for LLVM linkage types, got: {trimmed}",
                    LINKAGE_ORDER.join(", ")
                ),
            ),
            (
                at + trimmed.len(),
                "failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`"
                    .into(),
            ),
        ])
    }
}

/// The linkage keywords `llvm.func` accepts before its name (upstream's
/// `linkage::Linkage` cases), in the order MLIR lists them in its linkage
/// diagnostic; `external` is the default and is not printed.
const LINKAGE_ORDER: &[&str] = &[
    "external",
    "available_externally",
    "linkonce",
    "linkonce_odr",
    "weak",
    "weak_odr",
    "appending",
    "internal",
    "private",
    "extern_weak",
    "common",
];

/// Whether `ty` is an `!llvm.func<...>` (the `function_type` constraint).
pub fn is_llvm_function_type(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.ty(ty), TypeKind::Opaque { dialect, body }
        if ctx.ident_str(*dialect) == "llvm" && body.starts_with("func<"))
}

/// Whether `attr` is an `#llvm.<mnemonic><...>` attribute.
pub fn is_llvm_attr(ctx: &Context, attr: Attribute, mnemonic: &str) -> bool {
    matches!(ctx.attr(attr), AttrKind::Opaque { dialect, body }
        if ctx.ident_str(*dialect) == "llvm"
            && body.strip_prefix(mnemonic).is_some_and(|b| b.starts_with('<')))
}

/// The keyword of an `#llvm.linkage<...>` attribute.
fn linkage_of(ir: &mlir_ir::Ir, op: OpRef) -> String {
    match ir.attr(op, "linkage").map(|a| ir.ctx().attr(a)) {
        Some(AttrKind::Opaque { body, .. }) => body
            .strip_prefix("linkage<")
            .and_then(|b| b.strip_suffix('>'))
            .unwrap_or("external")
            .to_string(),
        _ => "external".to_string(),
    }
}

/// The inputs and results of an `!llvm.func<result (inputs)>`, parsed
/// back into types (`void` is no result), for `FunctionOpInterface`.
fn llvm_signature(ir: &mlir_ir::Ir, ty: Type) -> Option<(Vec<Type>, Vec<Type>)> {
    let ctx = ir.ctx_arc();
    let (result, inputs) = signature_parts(ctx, ty)?;
    let parse = |nested: &str| {
        let text = outer_type_text(nested);
        mlir_ir::asm::parse_type_prefix(ctx.clone(), &text, 0)
            .ok()
            .filter(|&(_, end)| end >= text.len())
            .map(|(t, _)| t)
    };
    // A variadic function's `...` is not an argument.
    let inputs = inputs
        .iter()
        .filter(|i| *i != "...")
        .map(|i| parse(i))
        .collect::<Option<Vec<_>>>()?;
    let results = if result == "void" {
        Vec::new()
    } else {
        vec![parse(&result)?]
    };
    Some((inputs, results))
}

/// `!llvm.func<result (inputs)>` (`LLVMFunctionType::clone`); LLVM
/// functions return at most one value, further results are dropped.
fn llvm_function_type(ctx: &Context, _: Type, inputs: &[Type], results: &[Type]) -> Type {
    let inputs: Vec<String> = inputs.iter().map(|&t| nested_type_text(ctx, t)).collect();
    let result = results
        .first()
        .map_or_else(|| "void".to_string(), |&t| nested_type_text(ctx, t));
    ctx.opaque_type("llvm", &format!("func<{result} ({})>", inputs.join(", ")))
}

// The hooks `td/LLVM.td` declares (`hasCustomAssemblyFormat`,
// `hasVerifier`, `hasRegionVerifier`).
impl LLVMFuncOp {
    /// Linkage rules: no function has `common` linkage, and a declaration
    /// is `external` or `extern_weak`.
    pub fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let linkage = linkage_of(ir, self.0);
        if linkage == "common" {
            return Err(ir.op_error(self.0, "functions cannot have 'common' linkage"));
        }
        let external = ir.region_is_empty(ir.region(self.0, 0));
        if external && linkage != "external" && linkage != "extern_weak" {
            return Err(ir.op_error(
                self.0,
                "external functions must have 'external' or 'extern_weak' linkage",
            ));
        }
        Ok(())
    }
    /// The entry block's arguments have LLVM-compatible types.
    pub fn verify_regions(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let Some(entry) = ir.first_block(ir.region(self.0, 0)) else {
            return Ok(());
        };
        let ctx = ir.ctx_arc();
        let count = ir
            .interface::<FunctionOpInterface>(self.0)
            .and_then(|f| f.signature(ir))
            .map_or(0, |(inputs, _)| inputs.len());
        for i in 0..count.min(ir.num_arguments(entry)) {
            if !is_llvm_compatible(ctx, ir.value_type(ir.argument(entry, i))) {
                return Err(ir.op_error(
                    self.0,
                    format!("entry block argument #{i} is not of LLVM type"),
                ));
            }
        }
        Ok(())
    }
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_func(p, state)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_func(p, op)
    }
}

/// The mnemonics of LLVM types (MLIR 22's `dispatchParse` keywords), which
/// lose their `!llvm.` prefix inside an LLVM type such as
/// `!llvm.func<ptr (ptr)>`.
const LLVM_TYPE_KEYWORDS: &[&str] = &[
    "void",
    "ptr",
    "ppc_fp128",
    "x86_amx",
    "token",
    "label",
    "metadata",
    "func",
    "array",
    "struct",
    "target",
];

type TypeError = (usize, String);

/// What the LLVM type parser knows about a type it read: its canonical
/// spelling inside an LLVM type, which LLVM type it is (for the element
/// checks of `array`, `struct` and `func`), and whether it is
/// LLVM-compatible (MLIR's `LLVM::isCompatibleType`).
struct Parsed {
    text: String,
    kind: LlvmKind,
    compatible: bool,
}

/// The LLVM types the element checks distinguish; every other type is
/// `Other`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LlvmKind {
    Void,
    Label,
    Metadata,
    Token,
    Func,
    Other,
}

impl Parsed {
    fn new(text: String, kind: LlvmKind, compatible: bool) -> Self {
        Parsed {
            text,
            kind,
            compatible,
        }
    }

    /// The type as MLIR prints it in a diagnostic (`'!llvm.void'`).
    fn quoted(&self) -> String {
        format!("'{}'", outer_type_text(&self.text))
    }
}

/// Whether a type that is not an LLVM dialect type is LLVM-compatible:
/// signless integers, the floating-point types LLVM has, and 1-D vectors
/// of compatible elements (MLIR's `isCompatibleImpl`).
fn builtin_compatible(ctx: &std::sync::Arc<Context>, ty: Type) -> bool {
    use mlir_ir::{FloatKind as F, Signedness};
    match ctx.ty(ty) {
        TypeKind::Integer { signedness, .. } => *signedness == Signedness::Signless,
        TypeKind::Float(k) => matches!(k, F::BF16 | F::F16 | F::F32 | F::F64 | F::F80 | F::F128),
        TypeKind::Vector { shape, element, .. } => {
            shape.len() == 1 && is_llvm_compatible(ctx, *element)
        }
        TypeKind::Opaque { dialect, body } if ctx.ident_str(*dialect) == "llvm" => {
            let mut p = LlvmTypeParser {
                ctx: ctx.clone(),
                text: body,
                pos: 0,
            };
            p.parse_keyword_type().is_ok_and(|t| t.compatible)
        }
        _ => false,
    }
}

/// Whether `ty` is LLVM-compatible (MLIR's `LLVM::isCompatibleType`): what
/// an `llvm.func` signature and the entry block of its body may use.
pub fn is_llvm_compatible(ctx: &std::sync::Arc<Context>, ty: Type) -> bool {
    builtin_compatible(ctx, ty)
}

/// A cursor over the body of an LLVM type (the text after `!llvm.`), which
/// parses it the way MLIR's LLVM type parser does and builds its canonical
/// spelling: LLVM types nested in LLVM types without their `!llvm.`
/// prefix, other types as the builtin printer writes them, one space after
/// commas. Error offsets are byte offsets into the body.
struct LlvmTypeParser<'t> {
    ctx: std::sync::Arc<Context>,
    text: &'t str,
    pos: usize,
}

impl<'t> LlvmTypeParser<'t> {
    fn skip_ws(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// Consumes `c` if it is the next character.
    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Consumes `c` or reports it missing where the next token starts.
    fn expect(&mut self, c: char) -> Result<(), TypeError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err((self.pos, format!("expected '{c}'")))
        }
    }

    /// The identifier at the cursor, without consuming it.
    fn peek_keyword(&mut self) -> &'t str {
        self.skip_ws();
        let rest = &self.text[self.pos..];
        let starts = rest
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        if !starts {
            return "";
        }
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.'))
            .unwrap_or(rest.len());
        &rest[..end]
    }

    /// Consumes the keyword `kw` if it is next.
    fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.peek_keyword() == kw {
            self.pos += kw.len();
            true
        } else {
            false
        }
    }

    /// A decimal integer literal (a leading `-` wraps to `u32`, as MLIR's
    /// unsigned parameter parser does for the address space).
    fn parse_integer(&mut self) -> Result<i64, TypeError> {
        self.skip_ws();
        let start = self.pos;
        let rest = &self.text[self.pos..];
        let neg = rest.starts_with('-');
        let digits = &rest[usize::from(neg)..];
        let len = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        if len == 0 {
            return Err((start, "expected integer value".into()));
        }
        self.pos += usize::from(neg) + len;
        let v: i64 = digits[..len]
            .parse()
            .map_err(|_| (start, "integer value too large".to_string()))?;
        Ok(if neg { -v } else { v })
    }

    /// A `"..."` string literal, returned with its quotes.
    fn parse_string(&mut self) -> Result<&'t str, TypeError> {
        self.skip_ws();
        let start = self.pos;
        let b = self.text.as_bytes();
        if b.get(start) != Some(&b'"') {
            return Err((start, "expected string".into()));
        }
        let mut i = start + 1;
        while i < b.len() && b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        if i >= b.len() {
            return Err((start, "expected '\"' in string literal".into()));
        }
        self.pos = i + 1;
        Ok(&self.text[start..=i])
    }

    /// A type nested in an LLVM type: an LLVM type with or without its
    /// `!llvm.` prefix, or any other MLIR type.
    fn parse_nested(&mut self) -> Result<Parsed, TypeError> {
        self.skip_ws();
        if self.text[self.pos..].starts_with("!llvm.") {
            self.pos += "!llvm.".len();
            return self.parse_keyword_type();
        }
        let kw = self.peek_keyword();
        if LLVM_TYPE_KEYWORDS.contains(&kw) {
            return self.parse_keyword_type();
        }
        match mlir_ir::asm::parse_type_prefix(self.ctx.clone(), self.text, self.pos) {
            Ok((ty, end)) => {
                self.pos = end;
                Ok(Parsed::new(
                    nested_type_text(&self.ctx, ty),
                    LlvmKind::Other,
                    builtin_compatible(&self.ctx, ty),
                ))
            }
            // A bare word that is no MLIR type is read as an LLVM keyword.
            Err(_) if !kw.is_empty() => self.parse_keyword_type(),
            Err(e) => Err(e),
        }
    }

    /// The top-level type of `!llvm.<body>`: only the keyword forms (MLIR
    /// rejects `!llvm.i32`).
    fn parse_top(&mut self) -> Result<String, TypeError> {
        let kw = self.peek_keyword();
        if !LLVM_TYPE_KEYWORDS.contains(&kw)
            && mlir_ir::asm::parse_type_prefix(self.ctx.clone(), self.text, self.pos).is_ok()
        {
            return Err((self.pos, "unexpected type, expected keyword".into()));
        }
        let parsed = self.parse_keyword_type()?;
        self.skip_ws();
        if self.pos < self.text.len() {
            return Err((self.pos, "expected end of LLVM type".into()));
        }
        Ok(parsed.text)
    }

    /// `void`, `ptr<3>`, `func<...>`, `array<...>`, `struct<...>`,
    /// `target<...>` and the other keyword types. Element types are checked
    /// as MLIR's type verifiers do, with the error at the `<` of the type
    /// that holds them.
    fn parse_keyword_type(&mut self) -> Result<Parsed, TypeError> {
        let key_loc = self.pos;
        let kw = self.peek_keyword();
        if kw.is_empty() {
            return Err((key_loc, "expected valid keyword".into()));
        }
        self.pos += kw.len();
        let simple = |kind| Ok(Parsed::new(kw.to_string(), kind, true));
        match kw {
            "void" => simple(LlvmKind::Void),
            "label" => simple(LlvmKind::Label),
            "metadata" => simple(LlvmKind::Metadata),
            "token" => simple(LlvmKind::Token),
            "ppc_fp128" | "x86_amx" => simple(LlvmKind::Other),
            "ptr" => {
                if !self.eat('<') {
                    return simple(LlvmKind::Other);
                }
                let space = self.parse_integer()? as u32;
                self.expect('>')?;
                let text = if space == 0 {
                    "ptr".into()
                } else {
                    format!("ptr<{space}>")
                };
                Ok(Parsed::new(text, LlvmKind::Other, true))
            }
            "func" => {
                self.skip_ws();
                let lt_loc = self.pos;
                self.expect('<')?;
                let result = self.parse_nested()?;
                self.expect('(')?;
                let mut params: Vec<Parsed> = Vec::new();
                let mut variadic = false;
                if !self.eat(')') {
                    loop {
                        self.skip_ws();
                        if self.text[self.pos..].starts_with("...") {
                            self.pos += 3;
                            variadic = true;
                            self.expect(')')?;
                            break;
                        }
                        params.push(self.parse_nested()?);
                        if self.eat(')') {
                            break;
                        }
                        self.expect(',')?;
                    }
                }
                self.expect('>')?;
                // `LLVMFunctionType::verify`: the result first, then each
                // argument. (An opaque struct argument passes: the parser
                // builds the type unchecked there.)
                if matches!(
                    result.kind,
                    LlvmKind::Func | LlvmKind::Metadata | LlvmKind::Label
                ) {
                    return Err((
                        lt_loc,
                        format!("invalid function result type: {}", result.quoted()),
                    ));
                }
                if let Some(bad) = params
                    .iter()
                    .find(|p| matches!(p.kind, LlvmKind::Void | LlvmKind::Func))
                {
                    return Err((
                        lt_loc,
                        format!("invalid function argument type: {}", bad.quoted()),
                    ));
                }
                let compatible = result.compatible && params.iter().all(|p| p.compatible);
                let mut list: Vec<&str> = params.iter().map(|p| p.text.as_str()).collect();
                if variadic {
                    list.push("...");
                }
                Ok(Parsed::new(
                    format!("func<{} ({})>", result.text, list.join(", ")),
                    LlvmKind::Func,
                    compatible,
                ))
            }
            "array" => {
                self.skip_ws();
                let lt_loc = self.pos;
                self.expect('<')?;
                let n = self.parse_integer()?;
                if !self.eat_keyword("x") {
                    return Err((self.pos, "expected 'x'".into()));
                }
                let elem = self.parse_nested()?;
                if !valid_element(elem.kind) {
                    return Err((
                        lt_loc,
                        format!("invalid array element type: {}", elem.quoted()),
                    ));
                }
                self.expect('>')?;
                Ok(Parsed::new(
                    format!("array<{n} x {}>", elem.text),
                    LlvmKind::Other,
                    elem.compatible,
                ))
            }
            "struct" => self.parse_struct(),
            "target" => {
                self.expect('<')?;
                let name = self.parse_string()?;
                let mut params = vec![name.to_string()];
                let mut seen_int = false;
                let mut compatible = true;
                while self.eat(',') {
                    self.skip_ws();
                    let at = self.pos;
                    let c = self.text[self.pos..].chars().next();
                    if c.is_some_and(|c| c.is_ascii_digit() || c == '-') {
                        seen_int = true;
                        params.push(self.parse_integer()?.to_string());
                    } else if seen_int {
                        return Err((
                            at,
                            "failed to parse parameter list for target extension type".into(),
                        ));
                    } else {
                        let param = self.parse_nested()?;
                        compatible &= param.compatible;
                        params.push(param.text);
                    }
                }
                self.expect('>')?;
                Ok(Parsed::new(
                    format!("target<{}>", params.join(", ")),
                    LlvmKind::Other,
                    compatible,
                ))
            }
            _ => Err((key_loc, format!("unknown LLVM type: {kw}"))),
        }
    }

    /// `struct<(types)>`, `struct<packed (types)>`, `struct<"name", opaque>`,
    /// `struct<"name", packed? (types)>`.
    fn parse_struct(&mut self) -> Result<Parsed, TypeError> {
        self.skip_ws();
        let lt_loc = self.pos;
        self.expect('<')?;
        self.skip_ws();
        let mut name = None;
        if self.text[self.pos..].starts_with('"') {
            name = Some(self.parse_string()?);
            if !self.eat(',') {
                return Err((
                    self.pos,
                    "struct without a body only allowed in a recursive struct".into(),
                ));
            }
            if self.eat_keyword("opaque") {
                self.expect('>')?;
                return Ok(Parsed::new(
                    format!("struct<{}, opaque>", name.unwrap_or_default()),
                    LlvmKind::Other,
                    true,
                ));
            }
        }
        let packed = self.eat_keyword("packed");
        self.expect('(')?;
        let mut fields: Vec<Parsed> = Vec::new();
        if !self.eat(')') {
            loop {
                fields.push(self.parse_nested()?);
                if self.eat(')') {
                    break;
                }
                self.expect(',')?;
            }
        }
        self.expect('>')?;
        if let Some(bad) = fields.iter().find(|f| !valid_element(f.kind)) {
            return Err((
                lt_loc,
                format!("invalid LLVM structure element type: {}", bad.quoted()),
            ));
        }
        let mut out = String::from("struct<");
        if let Some(n) = name {
            out.push_str(n);
            out.push_str(", ");
        }
        if packed {
            out.push_str("packed ");
        }
        out.push('(');
        let texts: Vec<&str> = fields.iter().map(|f| f.text.as_str()).collect();
        out.push_str(&texts.join(", "));
        out.push_str(")>");
        let compatible = fields.iter().all(|f| f.compatible);
        Ok(Parsed::new(out, LlvmKind::Other, compatible))
    }
}

/// Whether a type may be an element of an LLVM array or structure
/// (`LLVMArrayType::isValidElementType`, `LLVMStructType::isValidElementType`).
fn valid_element(kind: LlvmKind) -> bool {
    kind == LlvmKind::Other
}

/// Checks and canonicalizes the body of an `!llvm.` type (MLIR's
/// `LLVMDialect::parseType` + `printType`).
fn canonicalize_llvm_type(
    ctx: &std::sync::Arc<Context>,
    body: &str,
) -> Result<Option<String>, Vec<(usize, String)>> {
    let mut p = LlvmTypeParser {
        ctx: ctx.clone(),
        text: body,
        pos: 0,
    };
    match p.parse_top() {
        Ok(text) if text == body => Ok(None),
        Ok(text) => Ok(Some(text)),
        Err(e) => Err(vec![e]),
    }
}

/// The `#llvm.<body>` attribute (kept as opaque text, like LLVM types).
pub fn dialect_attr(ctx: &Context, body: &str) -> Attribute {
    let dialect = ctx.ident("llvm");
    ctx.intern_attr(AttrKind::Opaque {
        dialect,
        body: body.into(),
    })
}

/// `ty` as written inside an LLVM type: LLVM types without `!llvm.`.
fn nested_type_text(ctx: &Context, ty: Type) -> String {
    if let TypeKind::Opaque { dialect, body } = ctx.ty(ty) {
        if ctx.ident_str(*dialect) == "llvm" {
            return body.to_string();
        }
    }
    let flags = mlir_ir::asm::printer::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None);
    let mut s = String::new();
    p.print_type(&mut s, ty);
    s
}

/// A type written inside an LLVM type, as written outside of it.
fn outer_type_text(nested: &str) -> String {
    let mnemonic_end = nested
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(nested.len());
    if LLVM_TYPE_KEYWORDS.contains(&&nested[..mnemonic_end]) {
        format!("!llvm.{nested}")
    } else {
        nested.to_string()
    }
}

/// Splits `text` at the commas outside any brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        parts.push(text[start..].trim());
    }
    parts
}

/// The result and input types (as written inside the LLVM type) of an
/// `!llvm.func<result (inputs)>`.
fn signature_parts(ctx: &Context, fn_ty: Type) -> Option<(String, Vec<String>)> {
    let TypeKind::Opaque { dialect, body } = ctx.ty(fn_ty) else {
        return None;
    };
    if ctx.ident_str(*dialect) != "llvm" {
        return None;
    }
    let inner = body.strip_prefix("func<")?.strip_suffix('>')?;
    // The inputs are the last parenthesized group.
    let open = inner.rfind(" (")?;
    let result = inner[..open].trim().to_string();
    let inputs = inner[open + 2..].strip_suffix(')')?;
    Some((
        result,
        split_top_level(inputs)
            .into_iter()
            .map(str::to_string)
            .collect(),
    ))
}

fn parse_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
    let ctx = p.ir().ctx_arc().clone();
    let linkage = p
        .parse_optional_keyword_of(LINKAGE_ORDER)
        .unwrap_or("external");
    // MLIR reports a signature it cannot turn into an LLVM function type
    // at the symbol name.
    let name_off = p.current_offset();
    let name = p.parse_symbol_name()?;
    p.add_attr(state, "sym_name", ctx.string_attr(&name));

    // The shared signature form; LLVM functions return at most one value
    // and may be variadic (`...` becomes `vararg` in the type).
    let sig = function::parse_function_signature(p, true)?;
    let construct = "failed to construct function type:";
    if sig.results.len() > 1 {
        return p.emit_error(
            name_off,
            format!("{construct} expected zero or one function result"),
        );
    }
    if !sig.args.iter().all(|a| is_llvm_compatible(&ctx, a.ty)) {
        return p.emit_error(
            name_off,
            format!("{construct} expected LLVM type for function arguments"),
        );
    }
    if let Some(&result) = sig.results.first() {
        if !is_llvm_compatible(&ctx, result) {
            // MLIR appends the type to this message without a separator.
            return p.emit_error(
                name_off,
                format!(
                    "{construct} expected LLVM type for function results'{}'",
                    ctx.display(result)
                ),
            );
        }
    }
    let mut inputs: Vec<String> = sig
        .args
        .iter()
        .map(|a| nested_type_text(&ctx, a.ty))
        .collect();
    if sig.variadic {
        inputs.push("...".to_string());
    }
    let result_text = sig
        .results
        .first()
        .map_or_else(|| "void".to_string(), |&t| nested_type_text(&ctx, t));
    let fn_ty = ctx.opaque_type(
        "llvm",
        &format!("func<{result_text} ({})>", inputs.join(", ")),
    );
    p.add_attr(state, "function_type", ctx.type_attr(fn_ty));
    p.add_attr(
        state,
        "linkage",
        dialect_attr(&ctx, &format!("linkage<{linkage}>")),
    );
    p.add_attr(state, "CConv", dialect_attr(&ctx, "cconv<ccc>"));
    let i64 = ctx.int_type(64);
    p.add_attr(state, "unnamed_addr", ctx.int_attr(i64, 0));
    p.add_attr(state, "visibility_", ctx.int_attr(i64, 0));
    function::add_arg_and_result_attrs(p, state, &sig);
    function::parse_function_attrs_and_optional_body(p, state, &sig.args, &[])
}

fn print_func(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.print_char(' ');
    let kw = linkage_of(ir, op);
    if kw != "external" {
        p.print_str(&kw);
        p.print_char(' ');
    }
    let name = ir
        .attr(op, "sym_name")
        .and_then(|v| ctx.string_attr_value(v))
        .unwrap_or_default();
    p.print_symbol_name(&name);
    let (result, inputs) = ir
        .attr(op, "function_type")
        .and_then(|t| match ctx.attr(t) {
            AttrKind::Type(t) => signature_parts(ctx, *t),
            _ => None,
        })
        .unwrap_or_else(|| ("void".to_string(), Vec::new()));
    let body = ir.region(op, 0);
    let entry = ir.first_block(body);
    let typed = ir
        .interface::<FunctionOpInterface>(op)
        .and_then(|f| f.signature(ir));
    match typed {
        // The shared signature form, with argument and result attributes.
        Some((input_types, result_types)) => {
            let variadic = inputs.last().is_some_and(|i| i == "...");
            function::print_function_signature(p, op, &input_types, variadic, &result_types);
        }
        // A type whose parts do not parse prints as written.
        None => {
            p.print_char('(');
            for (i, input) in inputs.iter().enumerate() {
                if i > 0 {
                    p.print_str(", ");
                }
                match entry {
                    Some(b) if i < ir.num_arguments(b) => {
                        p.print_region_argument(ir.argument(b, i), &[], false);
                    }
                    _ => p.print_str(&outer_type_text(input)),
                }
            }
            p.print_char(')');
            if result != "void" {
                p.print_str(" -> ");
                p.print_str(&outer_type_text(&result));
            }
        }
    }
    let attrs = p.op_attrs(op);
    p.print_optional_attr_dict_with_keyword(
        &attrs,
        &[
            "sym_name",
            "function_type",
            "linkage",
            "CConv",
            "unnamed_addr",
            "visibility_",
            "arg_attrs",
            "res_attrs",
        ],
    );
    if entry.is_some() {
        p.print_char(' ');
        p.print_region(body, false, true, false);
    }
}
