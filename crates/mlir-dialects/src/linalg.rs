//! The `linalg` dialect (the subset in `td/Linalg.td`: `linalg.yield`,
//! `linalg.generic`, `linalg.fill`, `linalg.exp`), with the hand-written
//! hooks: the structured ops' custom forms (upstream's
//! `parseCommonStructuredOpParts`, `parseNamedStructuredOp`,
//! `GenericOp::parse/print`), the regions the named ops build for
//! themselves, the `%in`/`%out` block argument names and the memory
//! effects (upstream `getGenericEffectsImpl`).

use smallvec::SmallVec;

use mlir_ir::affine::{AffineExpr, AffineMap};
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
                    .with_verify(verify_structured)
                    .with_interface(OpAsmInterface {
                        block_arg_names: Some(block_arg_names),
                        ..Default::default()
                    })
                    .with_interface(MemoryEffectsInterface {
                        get_effects: structured_effects,
                    }),
                "linalg.yield" => info.with_verify(verify_yield),
                _ => info,
            })
            .collect()
    }

    /// `#linalg.iterator_type<parallel|reduction>`.
    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
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
/// block argument per operand, of its element type for memrefs and ranked
/// tensors and of its own type otherwise).
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
        // Only memrefs and ranked tensors stand for their elements; any
        // other operand (a vector, say) is itself the scalar.
        let arg = match ctx.ty(t) {
            TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. } => ctx.element_type_or_self(t),
            _ => t,
        };
        ir.add_argument(b, arg, loc);
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

// ----- verification (upstream DestinationStyleOpInterface,
// IndexingMapOpInterface and LinalgStructuredInterface) -----

/// Whether `ty` is a tensor or memref (ranked or not): an operand that is
/// not one of these is a scalar of the structured op.
fn is_shaped_buffer_or_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.ty(ty),
        TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
            | TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. }
    )
}

fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.ty(ty),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// The rank an indexing map of an operand of type `ty` must produce (0 for
/// scalars, upstream `LinalgOp::getRank`).
fn operand_rank(ctx: &Context, ty: Type) -> usize {
    match ctx.ty(ty) {
        TypeKind::MemRef { shape, .. } | TypeKind::RankedTensor { shape, .. } => shape.len(),
        _ => 0,
    }
}

/// The identity map over `n` dimensions.
fn identity_map(n: usize) -> AffineMap {
    AffineMap {
        num_dims: n as u32,
        num_symbols: 0,
        results: (0..n as u32).map(AffineExpr::Dim).collect(),
    }
}

/// The indexing maps and loop count of a structured op: `linalg.generic`'s
/// attributes, or the maps the named ops imply (`fill`: the scalar read at
/// `() `, the output by identity; `exp`: identity everywhere), over the
/// rank of the first init.
fn indexing_maps(ir: &Ir, op: OpRef) -> (Vec<AffineMap>, usize) {
    let ctx = ir.ctx();
    let operands: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let (inputs, _) = segments(ir, op);
    match ir.op_name_str(op) {
        "linalg.generic" => {
            let maps = match ir.attr(op, "indexing_maps").map(|a| ctx.attr(a)) {
                Some(AttrKind::Array(elems)) => elems
                    .iter()
                    .filter_map(|&e| match ctx.attr(e) {
                        AttrKind::AffineMap(m) => Some(m.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let loops = match ir.attr(op, "iterator_types").map(|a| ctx.attr(a)) {
                Some(AttrKind::Array(elems)) => elems.len(),
                _ => 0,
            };
            (maps, loops)
        }
        name => {
            let loops = operands.get(inputs).map_or(0, |&t| operand_rank(ctx, t));
            let maps = operands
                .iter()
                .enumerate()
                .map(|(i, _)| {
                    if name == "linalg.fill" && i < inputs {
                        AffineMap {
                            num_dims: loops as u32,
                            num_symbols: 0,
                            results: Box::new([]),
                        }
                    } else {
                        identity_map(loops)
                    }
                })
                .collect();
            (maps, loops)
        }
    }
}

/// Upstream `concatAffineMaps`: all results over the widest domain.
fn concat_maps(maps: &[AffineMap]) -> AffineMap {
    AffineMap {
        num_dims: maps.iter().map(|m| m.num_dims).max().unwrap_or(0),
        num_symbols: maps.iter().map(|m| m.num_symbols).max().unwrap_or(0),
        results: maps
            .iter()
            .flat_map(|m| m.results.iter().cloned())
            .collect(),
    }
}

/// Upstream `inversePermutation` as the shapes-to-loops map: per loop, the
/// position of the first result that is exactly that dimension; `None`
/// when some loop never appears alone.
fn shapes_to_loops(map: &AffineMap) -> Option<Vec<usize>> {
    if map.num_dims == 0 && map.num_symbols == 0 && map.results.is_empty() {
        return Some(Vec::new());
    }
    let mut first = vec![None; map.num_dims as usize];
    for (i, e) in map.results.iter().enumerate() {
        if let AffineExpr::Dim(d) = e {
            if let Some(slot) = first.get_mut(*d as usize) {
                slot.get_or_insert(i);
            }
        }
    }
    first.into_iter().collect()
}

/// An affine map printed bare, as upstream streams an `AffineMap`.
fn map_text(ctx: &Context, map: &AffineMap) -> String {
    let text = ctx
        .display(ctx.intern_attr(AttrKind::AffineMap(map.clone())))
        .to_string();
    text.strip_prefix("affine_map<")
        .and_then(|t| t.strip_suffix('>'))
        .map_or(text.clone(), str::to_string)
}

/// The verifier of the structured ops: upstream
/// `verifyDestinationStyleOpInterface`, then `verifyStructuredOpInterface`
/// (with `IndexingMapOpInterface::verifyImpl`): pure tensor or buffer
/// operands, one indexing map per operand with no symbols and the
/// operand's rank as result count, invertible maps, static shapes that
/// agree with the loop ranges they imply, the loop count as every map's
/// domain, and one block argument of the element type per operand (in
/// mlir-opt 22's order).
fn verify_structured(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let (inputs, _) = segments(ir, op);
    let operands: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let fill = ir.op_name_str(op) == "linalg.fill";
    if fill && (inputs != 1 || operands.len() != 2) {
        return Err(ir.op_diag(
            op,
            mlir_ir::Severity::Error,
            "expected op with 1 input and 1 output",
        ));
    }
    // Upstream `verifyFillInterface`: one value and one output, the value a
    // scalar.
    if fill
        && operands
            .first()
            .is_some_and(|&t| is_shaped_buffer_or_tensor(ctx, t))
    {
        return Err(ir.op_diag(
            op,
            mlir_ir::Severity::Error,
            "expected op with scalar input",
        ));
    }
    verify_structured_interfaces(ir, op, inputs, &operands)?;
    // Upstream `FillOp::verify`: the value has the output's element type.
    if let (true, [value, output, ..]) = (fill, operands.as_slice()) {
        let element = ctx.element_type_or_self(*output);
        if *value != element {
            return Err(ir.op_error(
                op,
                format!(
                    "expected fill value type ('{}') to match output element type ('{}')",
                    ctx.display(*value),
                    ctx.display(element)
                ),
            ));
        }
    }
    Ok(())
}

/// The interface checks of [`verify_structured`].
fn verify_structured_interfaces(
    ir: &Ir,
    op: OpRef,
    inputs: usize,
    operands: &[Type],
) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let mut tensor_inits = Vec::new();
    for (i, &ty) in operands.iter().enumerate().skip(inputs) {
        if is_tensor(ctx, ty) {
            tensor_inits.push((i, ty));
        } else if !matches!(
            ctx.ty(ty),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
        ) {
            return Err(ir.op_error(
                op,
                format!("expected that operand #{i} is a tensor or a memref"),
            ));
        }
    }
    let results: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let tensor_results = results.iter().filter(|&&t| is_tensor(ctx, t)).count();
    if tensor_results != tensor_inits.len() {
        return Err(ir.op_error(
            op,
            format!(
                "expected the number of tensor results ({tensor_results}) to be equal to the number of output tensors ({})",
                tensor_inits.len()
            ),
        ));
    }
    for (&(i, init), &result) in tensor_inits.iter().zip(&results) {
        if init != result {
            return Err(ir.op_error(
                op,
                format!(
                    "expected type of operand #{i} ('{}') to match type of corresponding result ('{}')",
                    ctx.display(init),
                    ctx.display(result)
                ),
            ));
        }
    }
    let shaped = |pred: fn(&Context, Type) -> bool| {
        operands
            .iter()
            .all(|&t| !is_shaped_buffer_or_tensor(ctx, t) || pred(ctx, t))
    };
    let is_memref = |c: &Context, t: Type| !is_tensor(c, t);
    if !operands.is_empty() && !shaped(is_tensor) && !shaped(is_memref) {
        return Err(ir.op_error(op, "expected to have pure tensor or buffer semantics"));
    }
    let (maps, loops) = indexing_maps(ir, op);
    if maps.len() != operands.len() {
        return Err(ir.op_error(
            op,
            format!(
                "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({})",
                maps.len(),
                operands.len()
            ),
        ));
    }
    for (i, (map, &ty)) in maps.iter().zip(operands).enumerate() {
        if map.num_symbols != 0 {
            return Err(ir.op_error(op, format!("unexpected symbols in indexing_map #{i}")));
        }
        let rank = operand_rank(ctx, ty);
        if map.results.len() != rank {
            return Err(ir.op_error(
                op,
                format!(
                    "expected operand #{i} rank ({rank}) to match the result rank of indexing_map ({})",
                    map.results.len()
                ),
            ));
        }
    }
    let all = concat_maps(&maps);
    let Some(inverse) = shapes_to_loops(&all) else {
        return Err(ir.op_error(
            op,
            format!(
                "invalid indexing maps are non-invertible: ({})",
                map_text(ctx, &all)
            ),
        ));
    };
    verify_static_shapes(ir, op, &maps, operands, &inverse)?;
    // The loop count check is LinalgStructuredInterface's, after the
    // IndexingMapOpInterface checks above.
    for (i, map) in maps.iter().enumerate() {
        if map.num_dims as usize != loops {
            return Err(ir.op_error(
                op,
                format!("expected indexing_map #{i} to have {loops} dim(s) to match the number of loops"),
            ));
        }
    }
    let region = ir.region(op, 0);
    if ir.num_regions(op) != 1 || ir.num_blocks(region) != 1 {
        return Err(ir.op_error(op, "expects to have 1 region with 1 block"));
    }
    let Some(block) = ir.first_block(region) else {
        return Ok(());
    };
    let args: Vec<Type> = ir.arguments(block).map(|a| ir.value_type(a)).collect();
    if args.len() != operands.len() {
        return Err(ir.op_error(
            op,
            "expected as many non-induction variable region arguments as the number of input/output operands",
        ));
    }
    for (i, (&ty, &arg)) in operands.iter().zip(&args).enumerate() {
        let element = match ctx.ty(ty) {
            TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. } => ctx.element_type_or_self(ty),
            _ => ty,
        };
        if element != arg {
            return Err(ir.op_error(
                op,
                format!(
                    "expected type of bb argument #{i} ('{}') to match element or self type of the corresponding operand ('{}')",
                    ctx.display(arg),
                    ctx.display(element)
                ),
            ));
        }
    }
    Ok(())
}

/// The static half of upstream's shape check: with every loop range static
/// (each loop's range is the extent of the first operand dimension indexed
/// by that loop alone), each operand dimension indexed by a single loop has
/// that loop's extent, and one indexed by an expression is at least as
/// large as the expression's largest value; no expression may go negative.
fn verify_static_shapes(
    ir: &Ir,
    op: OpRef,
    maps: &[AffineMap],
    operands: &[Type],
    inverse: &[usize],
) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let shapes: Vec<&[i64]> = operands
        .iter()
        .map(|&t| match ctx.ty(t) {
            TypeKind::MemRef { shape, .. } | TypeKind::RankedTensor { shape, .. } => &shape[..],
            _ => &[][..],
        })
        .collect();
    let flat: Vec<i64> = shapes.iter().flat_map(|s| s.iter().copied()).collect();
    let Some(ranges) = inverse
        .iter()
        .map(|&p| flat.get(p).copied().filter(|&d| d != mlir_ir::DYNAMIC))
        .collect::<Option<Vec<i64>>>()
    else {
        return Ok(());
    };
    let start = vec![Some(0); ranges.len()];
    let end: Vec<Option<i64>> = ranges.iter().map(|&r| Some(r - 1)).collect();
    for (i, (map, shape)) in maps.iter().zip(&shapes).enumerate() {
        for (d, (e, &extent)) in map.results.iter().zip(shape.iter()).enumerate() {
            if extent == mlir_ir::DYNAMIC || extent == 0 {
                continue;
            }
            let (Some(lo), Some(hi)) = (
                crate::affine::eval_affine_expr(e, &start, &[]),
                crate::affine::eval_affine_expr(e, &end, &[]),
            ) else {
                continue;
            };
            let inferred = lo.max(hi).saturating_add(1);
            if lo.min(hi) < 0 {
                return Err(ir.op_error(
                    op,
                    format!(
                        "unexpected result less than 0 at expression #{d} in {}",
                        map_text(ctx, map)
                    ),
                ));
            }
            if matches!(e, AffineExpr::Dim(_)) {
                if inferred != extent {
                    return Err(ir.op_error(
                        op,
                        format!(
                            "inferred input/output operand #{i} has shape's dimension #{d} to be {inferred}, but found {extent}"
                        ),
                    ));
                }
            } else if inferred > extent {
                return Err(ir.op_error(
                    op,
                    format!(
                        "inferred input/output operand #{i} has shape's dimension #{d} to be greater than or equal to {inferred}, but found {extent}"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Upstream `YieldOp::verify` in a structured op: one value per init, each
/// of the init's element type.
fn verify_yield(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let Some(parent) = ir.op_parent_op(op) else {
        return Ok(());
    };
    if ir.num_regions(parent) != 1 || ir.num_blocks(ir.region(parent, 0)) == 0 {
        return Err(ir.op_error(op, "expected single non-empty parent region"));
    }
    if !matches!(
        ir.op_name_str(parent),
        "linalg.generic" | "linalg.fill" | "linalg.exp"
    ) {
        return Err(ir.op_error(op, "expected parent op with LinalgOp interface"));
    }
    let (inputs, inits) = segments(ir, parent);
    let values: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    if values.len() != inits {
        return Err(ir.op_error(
            op,
            format!(
                "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({inits})",
                values.len()
            ),
        ));
    }
    for (k, &ty) in values.iter().enumerate() {
        let init = ir.value_type(ir.operand(parent, inputs + k));
        let element = match ctx.ty(init) {
            TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. } => {
                ctx.element_type_or_self(init)
            }
            _ => init,
        };
        if ty != element {
            return Err(ir.op_error(
                op,
                format!(
                    "type of yield operand {} ('{}') doesn't match the element type of the enclosing linalg.generic op ('{}')",
                    k + 1,
                    ctx.display(ty),
                    ctx.display(element)
                ),
            ));
        }
    }
    Ok(())
}
