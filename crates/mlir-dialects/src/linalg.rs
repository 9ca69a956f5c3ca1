//! The `linalg` dialect (the subset in `td/Linalg.td`: `linalg.yield`,
//! `linalg.generic`, `linalg.fill`, `linalg.exp`), with the hand-written
//! hooks: the structured ops' custom forms (upstream's
//! `parseCommonStructuredOpParts`, `parseNamedStructuredOp`,
//! `GenericOp::parse/print`), the regions the named ops build for
//! themselves, the `%in`/`%out` block argument names and the memory
//! effects (upstream `getGenericEffectsImpl`).

use smallvec::SmallVec;

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmInterface, OpAsmParser, OpAsmPrinter, SetValueName};
use mlir_ir::interfaces::{MemoryEffect, MemoryEffectKind, MemoryEffectsInterface};
use mlir_ir::{
    AttrKind, Attribute, Context, Dialect, Ir, OpInfo, OpRef, OperationState, RegionRef, Type,
    TypeKind,
};

/// The generated op definitions of `td/Linalg.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/linalg_ops.rs"));
}

pub use ops::*;

type PResult = Result<(), ()>;

/// The `linalg` dialect.
pub struct LinalgDialect;

impl Dialect for LinalgDialect {
    fn namespace(&self) -> &'static str {
        "linalg"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(|info| match &*info.name {
                "linalg.generic" | "linalg.fill" | "linalg.exp" => info
                    .with_interface(OpAsmInterface {
                        block_arg_names: Some(block_arg_names),
                        ..Default::default()
                    })
                    .with_interface(MemoryEffectsInterface {
                        get_effects: structured_effects,
                    }),
                _ => info,
            })
            .collect()
    }

    /// `#linalg.iterator_type<parallel|reduction>`.
    fn canonicalize_attribute(
        &self,
        _ctx: &Context,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        match body
            .strip_prefix("iterator_type<")
            .and_then(|b| b.strip_suffix('>'))
            .map(str::trim)
        {
            Some(k @ ("parallel" | "reduction")) => Ok(Some(format!("iterator_type<{k}>"))),
            _ => Err(vec![(
                0,
                format!("unknown attribute `{body}` in dialect `linalg`"),
            )]),
        }
    }
}

/// The number of inputs and inits of a structured op.
fn segments(ir: &Ir, op: OpRef) -> (usize, usize) {
    let s = crate::scf::dense_array(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    match s.as_slice() {
        [i, o] => (*i as usize, *o as usize),
        _ => (ir.num_operands(op), 0),
    }
}

/// Upstream `LinalgOp::getAsmBlockArgumentNames`: `%in` for the inputs'
/// arguments, `%out` for the inits'.
fn block_arg_names(ir: &Ir, region: RegionRef, set: SetValueName<'_>) {
    let Some(op) = ir.region_parent_op(region) else {
        return;
    };
    let Some(b) = ir.first_block(region) else {
        return;
    };
    let (inputs, _) = segments(ir, op);
    for (i, a) in ir.arguments(b).enumerate() {
        set(a, if i < inputs { "in" } else { "out" });
    }
}

/// Upstream `getGenericEffectsImpl`: memref inputs are read, memref inits
/// read and written; tensors have no memory effects.
fn structured_effects(ir: &Ir, op: OpRef, effects: &mut SmallVec<[MemoryEffect; 4]>) {
    let (inputs, _) = segments(ir, op);
    for (i, v) in ir.operands(op).enumerate() {
        if !matches!(
            ir.ctx().ty(ir.value_type(v)),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
        ) {
            continue;
        }
        let mut add = |kind| {
            effects.push(MemoryEffect {
                kind,
                value: Some(v),
                resource: "<Default>",
            })
        };
        add(MemoryEffectKind::Read);
        if i >= inputs {
            add(MemoryEffectKind::Write);
        }
    }
}

/// Upstream `parseCommonStructuredOpParts`: `attr-dict`, `ins(%a : t)`,
/// `outs(%b : t)`, with `operandSegmentSizes`; returns the operand types.
fn parse_common_parts(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> Result<(Vec<Type>, Vec<Type>), ()> {
    p.parse_optional_attr_dict(state)?;
    let mut lists = [
        (Vec::new(), Vec::new(), 0u32),
        (Vec::new(), Vec::new(), 0u32),
    ];
    for (k, keyword) in ["ins", "outs"].into_iter().enumerate() {
        if !p.parse_optional_keyword(keyword) {
            continue;
        }
        p.parse_token(TokenKind::LParen, "expected '('")?;
        lists[k].2 = p.current_offset();
        lists[k].0 = p.parse_operand_list()?;
        p.parse_token(TokenKind::Colon, "expected ':'")?;
        lists[k].1 = p.parse_type_list()?;
        p.parse_token(TokenKind::RParen, "expected ')'")?;
    }
    for (operands, types, off) in &lists {
        p.resolve_operands(operands, types, *off, state)?;
    }
    let sizes = [lists[0].0.len() as i64, lists[1].0.len() as i64];
    let a = mlir_ir::ods::preds::dense_int_array(p.ctx(), 32, &sizes);
    p.add_attr(state, "operandSegmentSizes", a);
    let [(_, ins, _), (_, outs, _)] = lists;
    Ok((ins, outs))
}

/// `-> t1, t2` results of a structured op (upstream
/// `parseNamedStructuredOpResults`).
fn parse_results(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
    let types = p.parse_optional_arrow_type_list()?;
    state.result_types.extend(types);
    Ok(())
}

/// The body a named op builds for itself, given its entry block.
type RegionBuilder = fn(&mut Ir, mlir_ir::BlockRef, mlir_ir::Location);

/// `linalg.yield %in`: `linalg.fill`'s body.
fn fill_body(ir: &mut Ir, b: mlir_ir::BlockRef, loc: mlir_ir::Location) {
    let a = ir.argument(b, 0);
    let mut y = OperationState::new(ir.ctx().op_name("linalg.yield"), loc);
    y.operands.push(a);
    let y = ir.create_op(y);
    ir.append_op(b, y);
}

/// `%0 = math.exp %in; linalg.yield %0`: `linalg.exp`'s body.
fn exp_body(ir: &mut Ir, b: mlir_ir::BlockRef, loc: mlir_ir::Location) {
    let ctx = ir.ctx_arc().clone();
    let a = ir.argument(b, 0);
    let mut e = OperationState::new(ctx.op_name("math.exp"), loc);
    e.operands.push(a);
    e.result_types.push(ir.value_type(a));
    let fastmath = ctx.intern_attr(AttrKind::Opaque {
        dialect: ctx.ident("arith"),
        body: "fastmath<none>".into(),
    });
    e.properties = Some(ctx.dictionary_attr(&[(ctx.ident("fastmath"), fastmath)]));
    let e = ir.create_op(e);
    ir.append_op(b, e);
    let r = ir.result(e, 0);
    let mut y = OperationState::new(ctx.op_name("linalg.yield"), loc);
    y.operands.push(r);
    let y = ir.create_op(y);
    ir.append_op(b, y);
}

/// Upstream `parseNamedStructuredOp`: the common parts, attributes, results,
/// and the region the op builds (upstream `fillStructuredOpRegion`: one
/// block argument per operand, of its element type).
fn parse_named(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    build: RegionBuilder,
) -> PResult {
    let (ins, outs) = parse_common_parts(p, state)?;
    p.parse_optional_attr_dict(state)?;
    parse_results(p, state)?;
    // Both named ops here take one input and one init.
    if ins.len() + outs.len() != 2 {
        let here = p.current_offset();
        return p.emit_error(
            here,
            format!(
                "[parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got {}",
                ins.len() + outs.len()
            ),
        );
    }
    let loc = state.loc;
    let ir = p.ir();
    let ctx = ir.ctx_arc().clone();
    let r = ir.create_region();
    let b = ir.create_block();
    for &t in ins.iter().chain(&outs) {
        ir.add_argument(b, ctx.element_type_or_self(t), loc);
    }
    ir.append_block(r, b);
    build(ir, b, loc);
    state.regions.push(r);
    Ok(())
}

/// ` ins(%a : t) outs(%b : t)` (upstream `printCommonStructuredOpParts`).
fn print_common_parts(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let ir = p.ir();
    let (inputs, _) = segments(ir, op);
    let operands: Vec<mlir_ir::Value> = ir.operands(op).collect();
    let (ins, outs) = operands.split_at(inputs.min(operands.len()));
    for (keyword, vals) in [("ins", ins), ("outs", outs)] {
        if vals.is_empty() {
            continue;
        }
        p.print_str(&format!(" {keyword}("));
        p.print_operands(vals.iter().copied());
        p.print_str(" : ");
        p.print_types(vals.iter().map(|&v| ir.value_type(v)));
        p.print_char(')');
    }
}

/// ` -> t1, t2` (upstream `printNamedStructuredOpResults`).
fn print_results(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let types: Vec<Type> = p.ir().result_types(op).collect();
    if types.is_empty() {
        return;
    }
    p.print_str(" -> ");
    p.print_arrow_type_list(&types);
}

/// Upstream `printNamedStructuredOp`: attributes, operands, results; the
/// region is implied.
fn print_named(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let attrs = p.op_attrs(op);
    p.print_optional_attr_dict(&attrs, &["operandSegmentSizes"]);
    print_common_parts(p, op);
    print_results(p, op);
}

impl FillOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_named(p, state, fill_body)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_named(p, op)
    }
}

impl ExpOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_named(p, state, exp_body)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_named(p, op)
    }
}

/// The attributes upstream prints in `linalg.generic`'s leading dictionary
/// (`getLinalgTraitAttrNames`).
const TRAIT_ATTRS: [&str; 4] = ["doc", "indexing_maps", "iterator_types", "library_call"];

impl GenericOp {
    /// Upstream `GenericOp::parse`: the trait dictionary (iterator types
    /// spelled as strings), the common parts, `attrs = {...}`, the region
    /// and the results.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let off = p.current_offset();
        let ctx = p.ir().ctx_arc().clone();
        let mut entries = p.parse_attr_dict_entries()?;
        let key = ctx.ident("iterator_types");
        let Some(pos) = entries.iter().position(|(k, _)| *k == key) else {
            return p.emit_error(off, "expected iterator_types array attribute");
        };
        let AttrKind::Array(kinds) = ctx.attr(entries[pos].1).clone() else {
            return p.emit_error(off, "expected iterator_types array attribute");
        };
        let mut converted = Vec::new();
        for k in kinds.iter() {
            let s = ctx
                .string_attr_value(*k)
                .map(|s| s.into_owned())
                .unwrap_or_default();
            if s != "parallel" && s != "reduction" {
                let here = p.current_offset();
                return p.emit_error(here, format!("unexpected iterator_type ({s})"));
            }
            converted.push(ctx.intern_attr(AttrKind::Opaque {
                dialect: ctx.ident("linalg"),
                body: format!("iterator_type<{s}>").into(),
            }));
        }
        entries[pos].1 = ctx.array_attr(&converted);
        p.add_attrs(state, entries);
        parse_common_parts(p, state)?;
        if p.parse_optional_keyword("attrs") {
            p.parse_token(TokenKind::Equal, "expected '='")?;
            p.parse_optional_attr_dict(state)?;
        }
        let r = p.parse_region(&[])?;
        state.regions.push(r);
        parse_results(p, state)
    }

    /// Upstream `GenericOp::print`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ctx = p.ir().ctx_arc().clone();
        let attrs = p.op_attrs(op);
        let mut traits: Vec<(mlir_ir::Ident, Attribute)> = Vec::new();
        for &(k, v) in &attrs {
            let name = ctx.ident_str(k);
            if name == "iterator_types" {
                let names: Vec<Attribute> = match ctx.attr(v) {
                    AttrKind::Array(elems) => elems
                        .iter()
                        .map(|&e| {
                            let s = match ctx.attr(e) {
                                AttrKind::Opaque { body, .. } => body
                                    .strip_prefix("iterator_type<")
                                    .and_then(|b| b.strip_suffix('>'))
                                    .unwrap_or(body)
                                    .to_string(),
                                _ => String::new(),
                            };
                            ctx.string_attr(&s)
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                traits.push((k, ctx.array_attr(&names)));
            } else if TRAIT_ATTRS.contains(&name) {
                traits.push((k, v));
            }
        }
        if !traits.is_empty() {
            p.print_char(' ');
            p.print_attribute(ctx.dictionary_attr(&traits));
        }
        print_common_parts(p, op);
        let mut elided: Vec<&str> = TRAIT_ATTRS.to_vec();
        elided.push("operandSegmentSizes");
        let extra = attrs
            .iter()
            .any(|(k, _)| !elided.contains(&ctx.ident_str(*k)));
        if extra {
            p.print_str(" attrs = ");
            p.print_optional_attr_dict(&attrs, &elided);
        }
        let r = p.ir().region(op, 0);
        if !p.ir().region_is_empty(r) {
            p.print_char(' ');
            p.print_region(r, true, true, false);
        }
        print_results(p, op);
    }
}
