//! Test ops of the upstream declarative assembly format test
//! (`td/TestOpsFormat.td`, `mlir-tblgen/op-format.mlir`): the Rust side of
//! their `custom<...>` directives (upstream `TestFormatUtils.cpp`) and the
//! result type inference of the `InferTypeOpInterface` ops.

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::ods::spec::{CustomParseArg, CustomPrintArg, CustomRef};
use mlir_ir::{Attribute, Context, OpInfo, OpRef, Type};

/// The generated op definitions of `td/TestOpsFormat.td`. Generated code
/// keeps the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/format_ops.rs"));
}

pub use ops::*;

/// The ops of this file.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

type PResult = Result<(), ()>;

// ----- parsing helpers -----

/// `type` then, after a comma, an optional second type; then
/// `-> ( types )` (upstream `parseCustomDirectiveResults` after its `:`).
fn parse_types_arrow_list(
    p: &mut OpAsmParser<'_, '_>,
) -> Result<(Type, Option<Type>, Vec<Type>), ()> {
    let first = p.parse_type()?;
    let opt = if p.parse_optional_token(TokenKind::Comma) {
        Some(p.parse_type()?)
    } else {
        None
    };
    p.parse_token(TokenKind::Arrow, "expected '->'")?;
    p.parse_token(TokenKind::LParen, "expected '('")?;
    let mut list = Vec::new();
    if !p.parse_optional_token(TokenKind::RParen) {
        loop {
            list.push(p.parse_type()?);
            if !p.parse_optional_token(TokenKind::Comma) {
                break;
            }
        }
        p.parse_token(TokenKind::RParen, "expected ')'")?;
    }
    Ok((first, opt, list))
}

/// Stores a parsed single type, optional type and type list into the
/// directive's first three arguments.
fn store_types(args: &mut [CustomParseArg<'_>], t: (Type, Option<Type>, Vec<Type>)) {
    let (first, opt, list) = t;
    if let Some(CustomParseArg::Type(slot)) = args.first_mut() {
        *slot = Some(first);
    }
    if let Some(CustomParseArg::Type(slot)) = args.get_mut(1) {
        *slot = opt;
    }
    if let Some(CustomParseArg::Types(v)) = args.get_mut(2) {
        *v = list;
    }
}

fn operand_range(args: &[CustomPrintArg], i: usize) -> std::ops::Range<usize> {
    match args.get(i) {
        Some(CustomPrintArg::Operands(r)) => r.clone(),
        _ => 0..0,
    }
}

fn types_at(args: &[CustomPrintArg], i: usize) -> &[Type] {
    match args.get(i) {
        Some(CustomPrintArg::Types(t)) => t,
        _ => &[],
    }
}

// ----- custom<CustomDirectiveOperands> -----

/// `%operand (, %optOperand)? -> ( %varOperands )`.
pub fn parse_custom_directive_operands<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    let operand = p.parse_operand()?;
    let opt = if p.parse_optional_token(TokenKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_token(TokenKind::Arrow, "expected '->'")?;
    p.parse_token(TokenKind::LParen, "expected '('")?;
    let list = p.parse_operand_list()?;
    p.parse_token(TokenKind::RParen, "expected ')'")?;
    if let Some(CustomParseArg::Operand(slot)) = args.get_mut(0) {
        *slot = Some(operand);
    }
    if let Some(CustomParseArg::Operand(slot)) = args.get_mut(1) {
        *slot = opt;
    }
    if let Some(CustomParseArg::Operands(v)) = args.get_mut(2) {
        *v = list;
    }
    Ok(())
}

pub fn print_custom_directive_operands(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    args: &[CustomPrintArg],
) {
    let ir = p.ir();
    let operand = operand_range(args, 0);
    let opt = operand_range(args, 1);
    let var = operand_range(args, 2);
    p.print_operands(operand.map(|j| ir.operand(op, j)));
    if !opt.is_empty() {
        p.print_str(", ");
        p.print_operands(opt.map(|j| ir.operand(op, j)));
    }
    p.print_str(" -> (");
    p.print_operands(var.map(|j| ir.operand(op, j)));
    p.print_char(')');
}

// ----- custom<CustomDirectiveOperandsAndTypes> -----

/// The operands as `custom<CustomDirectiveOperands>`, then their types as
/// `custom<CustomDirectiveResults>`.
pub fn parse_custom_directive_operands_and_types<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    let (operands, types) = args.split_at_mut(3.min(args.len()));
    parse_custom_directive_operands(p, operands)?;
    parse_custom_directive_results(p, types)
}

pub fn print_custom_directive_operands_and_types(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    args: &[CustomPrintArg],
) {
    let (operands, types) = args.split_at(3.min(args.len()));
    print_custom_directive_operands(p, op, operands);
    print_custom_directive_results(p, op, types);
}

// ----- custom<CustomDirectiveResults> -----

/// `: type (, optType)? -> ( types )`.
pub fn parse_custom_directive_results<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    p.parse_token(TokenKind::Colon, "expected ':'")?;
    let t = parse_types_arrow_list(p)?;
    store_types(args, t);
    Ok(())
}

pub fn print_custom_directive_results(
    p: &mut OpAsmPrinter<'_, '_>,
    _op: OpRef,
    args: &[CustomPrintArg],
) {
    // Upstream prints the leading space itself, after the one the format
    // engine puts before every directive.
    p.print_str(" : ");
    p.print_types(types_at(args, 0).iter().copied());
    let opt = types_at(args, 1);
    if !opt.is_empty() {
        p.print_str(", ");
        p.print_types(opt.iter().copied());
    }
    p.print_str(" -> (");
    p.print_types(types_at(args, 2).iter().copied());
    p.print_char(')');
}

// ----- custom<CustomDirectiveWithTypeRefs> -----

/// `type_refs_capture` then the result types again, which must equal the
/// types already parsed (the `ref(...)` parameters).
pub fn parse_custom_directive_with_type_refs<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    p.parse_keyword("type_refs_capture")?;
    let off = p.current_offset();
    p.parse_token(TokenKind::Colon, "expected ':'")?;
    let (first, opt, list) = parse_types_arrow_list(p)?;
    let referenced = |i: usize| match args.get(i) {
        Some(CustomParseArg::Ref(CustomRef::Types(t))) => t.clone(),
        _ => Vec::new(),
    };
    let same = referenced(0) == [first]
        && referenced(1) == opt.into_iter().collect::<Vec<_>>()
        && referenced(2) == list;
    if !same {
        return p.emit_error(off, "captured types do not match the parsed result types");
    }
    Ok(())
}

pub fn print_custom_directive_with_type_refs(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    args: &[CustomPrintArg],
) {
    p.print_str(" type_refs_capture ");
    print_custom_directive_results(p, op, args);
}

// ----- custom<CustomDirectiveOptionalOperandRef> -----

/// `1` when the optional operand parsed before is present, `0` otherwise.
pub fn parse_custom_directive_optional_operand_ref<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    let off = p.current_offset();
    let Some(v) = p.parse_optional_integer_i64()? else {
        return p.emit_error(off, "expected integer");
    };
    let present =
        matches!(args.first(), Some(CustomParseArg::Ref(CustomRef::Operands(n))) if *n > 0);
    if (v == 1) != present {
        return p.emit_error(
            off,
            "expected the integer to say whether the operand is present",
        );
    }
    Ok(())
}

pub fn print_custom_directive_optional_operand_ref(
    p: &mut OpAsmPrinter<'_, '_>,
    _op: OpRef,
    args: &[CustomPrintArg],
) {
    let present = !operand_range(args, 0).is_empty();
    p.print_str(if present { "1" } else { "0" });
}

// ----- custom<CustomDirectiveRegions> -----

/// `region (, region)*`: the first region, then the variadic ones.
pub fn parse_custom_directive_regions<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    // The parsed region replaces the empty one the engine prepared.
    let parsed = p.parse_region(&[])?;
    if let Some(CustomParseArg::Region(slot)) = args.get_mut(0) {
        *slot = parsed;
    }
    let mut others = Vec::new();
    while p.parse_optional_token(TokenKind::Comma) {
        others.push(p.parse_region(&[])?);
    }
    if let Some(CustomParseArg::Regions(v)) = args.get_mut(1) {
        *v = others;
    }
    Ok(())
}

pub fn print_custom_directive_regions(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    args: &[CustomPrintArg],
) {
    let mut first = true;
    for a in args {
        let CustomPrintArg::Regions(r) = a else {
            continue;
        };
        for j in r.clone() {
            if !first {
                p.print_str(", ");
            }
            first = false;
            let region = p.ir().region(op, j);
            p.print_region(region, true, true, false);
        }
    }
}

// ----- custom<CustomDirectiveSuccessors> -----

/// `^successor (, ^successor)*`.
pub fn parse_custom_directive_successors<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    let first = p.parse_successor()?;
    let mut others = Vec::new();
    while p.parse_optional_token(TokenKind::Comma) {
        others.push(p.parse_successor()?);
    }
    if let Some(CustomParseArg::Successor(slot)) = args.get_mut(0) {
        *slot = Some(first);
    }
    if let Some(CustomParseArg::Successors(v)) = args.get_mut(1) {
        *v = others;
    }
    Ok(())
}

pub fn print_custom_directive_successors(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    args: &[CustomPrintArg],
) {
    let mut first = true;
    for a in args {
        let CustomPrintArg::Successors(r) = a else {
            continue;
        };
        for j in r.clone() {
            if !first {
                p.print_str(", ");
            }
            first = false;
            let b = p.ir().successor(op, j);
            p.print_successor(b);
        }
    }
}

// ----- custom<CustomDirectiveAttributes> -----

/// `attr (, optAttr)?`, attributes with their types.
pub fn parse_custom_directive_attributes<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    let attr = p.parse_attribute(None)?;
    let opt = if p.parse_optional_token(TokenKind::Comma) {
        Some(p.parse_attribute(None)?)
    } else {
        None
    };
    if let Some(CustomParseArg::Attr(slot)) = args.get_mut(0) {
        *slot = Some(attr);
    }
    if let Some(CustomParseArg::Attr(slot)) = args.get_mut(1) {
        *slot = opt;
    }
    Ok(())
}

pub fn print_custom_directive_attributes(
    p: &mut OpAsmPrinter<'_, '_>,
    _op: OpRef,
    args: &[CustomPrintArg],
) {
    if let Some(CustomPrintArg::Attr(Some(a))) = args.first() {
        p.print_attribute(*a);
    }
    if let Some(CustomPrintArg::Attr(Some(a))) = args.get(1) {
        p.print_str(", ");
        p.print_attribute(*a);
    }
}

// ----- custom<CustomDirectiveSpacing> -----

/// One attribute, printed as is (the engine spaces consecutive directives).
pub fn parse_custom_directive_spacing<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    let attr = p.parse_attribute(None)?;
    if let Some(CustomParseArg::Attr(slot)) = args.get_mut(0) {
        *slot = Some(attr);
    }
    Ok(())
}

pub fn print_custom_directive_spacing(
    p: &mut OpAsmPrinter<'_, '_>,
    _op: OpRef,
    args: &[CustomPrintArg],
) {
    if let Some(CustomPrintArg::Attr(Some(a))) = args.first() {
        p.print_attribute(*a);
    }
}

// ----- result type inference -----

/// `i16`, upstream's fixed inferred type of `test.format_infer_type{,2}`.
fn infer_i16(ctx: &Context, results: &mut Vec<Type>) -> bool {
    results.push(ctx.int_type(16));
    true
}

/// The inferred result types of `op` from `infer` (an
/// `infer_return_types` hook), for the `verifyInferredTypes` check.
fn inferred_types(
    ir: &mlir_ir::Ir,
    op: mlir_ir::OpRef,
    infer: fn(&Context, &[Type], Option<Attribute>, &mut Vec<Type>) -> bool,
) -> Result<Vec<Type>, String> {
    let operands: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let mut types = Vec::new();
    if infer(ir.ctx(), &operands, ir.op_properties(op), &mut types) {
        Ok(types)
    } else {
        Err(format!(
            "'{}' op failed to infer returned types",
            ir.op_name_str(op)
        ))
    }
}

/// `verify_inferred_types` of ops whose `infer_return_types` is the whole
/// inference.
macro_rules! verify_inferred {
    ($($op:ident),*) => {$(
        impl ops::$op {
            pub fn verify_inferred_types(self, ir: &mlir_ir::Ir) -> Result<Vec<Type>, String> {
                inferred_types(ir, self.0, Self::infer_return_types)
            }
        }
    )*};
}

verify_inferred!(
    FormatInferTypeOp,
    FormatInferType2Op,
    FormatInferTypeAllOperandsAndTypesOp,
    FormatInferTypeAllOperandsAndTypesOneOperandOp,
    FormatInferTypeAllOperandsAndTypesTwoOperandsOp,
    FormatInferTypeAllTypesOp,
    FormatInferTypeVariadicOperandsOp
);

impl ops::FormatInferTypeOp {
    pub fn infer_return_types(
        ctx: &Context,
        _operands: &[Type],
        _props: Option<Attribute>,
        results: &mut Vec<Type>,
    ) -> bool {
        infer_i16(ctx, results)
    }
}

impl ops::FormatInferType2Op {
    pub fn infer_return_types(
        ctx: &Context,
        _operands: &[Type],
        _props: Option<Attribute>,
        results: &mut Vec<Type>,
    ) -> bool {
        infer_i16(ctx, results)
    }
}

/// The results have the operands' types, in order.
fn infer_operand_types(operands: &[Type], results: &mut Vec<Type>) -> bool {
    results.extend_from_slice(operands);
    true
}

macro_rules! infer_from_operands {
    ($($op:ident),*) => {$(
        impl ops::$op {
            /// The results have the operands' types.
            pub fn infer_return_types(
                _ctx: &Context,
                operands: &[Type],
                _props: Option<Attribute>,
                results: &mut Vec<Type>,
            ) -> bool {
                infer_operand_types(operands, results)
            }
        }
    )*};
}

infer_from_operands!(
    FormatInferTypeAllOperandsAndTypesOp,
    FormatInferTypeAllOperandsAndTypesOneOperandOp,
    FormatInferTypeAllOperandsAndTypesTwoOperandsOp,
    FormatInferTypeAllTypesOp,
    FormatInferTypeVariadicOperandsOp
);

impl ops::TestOpWithPropertiesAndInferredType {
    /// Upstream's `inferReturnTypes`: an integer of width `lhs + rhs`.
    pub fn infer_return_types(
        ctx: &Context,
        _operands: &[Type],
        props: Option<Attribute>,
        results: &mut Vec<Type>,
    ) -> bool {
        let Some(props) = props else { return false };
        let value = |name: &str| {
            ctx.dictionary_entries(props)
                .iter()
                .find(|(k, _)| ctx.ident_str(*k) == name)
                .and_then(|&(_, v)| ctx.int_attr_value(v))
        };
        match (value("lhs"), value("rhs")) {
            (Some(l), Some(r)) if l + r > 0 && l + r <= i64::from(u32::MAX >> 8) => {
                results.push(ctx.int_type((l + r) as u32));
                true
            }
            _ => false,
        }
    }
}

// ----- custom<UsingPropertyInCustom> -----

/// `[1, 4, 20]`: an integer array property.
pub fn parse_using_property_in_custom<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> PResult {
    p.parse_token(TokenKind::LSquare, "expected '['")?;
    let mut values = Vec::new();
    if !p.parse_optional_token(TokenKind::RSquare) {
        loop {
            let off = p.current_offset();
            match p.parse_optional_integer_i64()? {
                Some(v) => values.push(v),
                None => return p.emit_error(off, "expected integer value"),
            }
            if !p.parse_optional_token(TokenKind::Comma) {
                break;
            }
        }
        p.parse_token(TokenKind::RSquare, "expected ']'")?;
    }
    if let Some(CustomParseArg::Attr(slot)) = args.get_mut(0) {
        *slot = Some(mlir_ir::ods::preds::dense_int_array(p.ctx(), 64, &values));
    }
    Ok(())
}

pub fn print_using_property_in_custom(
    p: &mut OpAsmPrinter<'_, '_>,
    _op: OpRef,
    args: &[CustomPrintArg],
) {
    let values = match args.first() {
        Some(CustomPrintArg::Attr(Some(a))) => {
            mlir_ir::ods::preds::dense_int_values(p.ir().ctx(), *a)
        }
        _ => Vec::new(),
    };
    p.print_char('[');
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        p.print_str(&v.to_string());
    }
    p.print_char(']');
}

impl ops::FormatInferTypeRegionsOp {
    /// Upstream's `inferReturnTypes`: the argument types of the first
    /// region's entry block (none for an empty region); fails without
    /// regions.
    pub fn infer_return_types_from_regions(
        ir: &mlir_ir::Ir,
        regions: &[mlir_ir::RegionRef],
        results: &mut Vec<Type>,
    ) -> bool {
        let Some(&first) = regions.first() else {
            return false;
        };
        if let Some(entry) = ir.first_block(first) {
            results.extend(ir.argument_types(entry));
        }
        true
    }
}
