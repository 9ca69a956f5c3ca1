//! The builtin dialect's operations: `builtin.module` (hand-written, with
//! its custom form `module @name attributes {...} { ... }`) and
//! `builtin.unrealized_conversion_cast` (generated from `td/BuiltinOps.td`,
//! with its hand-written folder and verifier).

use crate::asm::{OpAsmInterface, OpAsmParser, OpAsmPrinter};
use crate::context::{Dialect, OpInfo};
use crate::diagnostics::Diagnostic;
use crate::fold::{FoldCtx, OpFoldResult};
use crate::ir::{Ir, OpRef, OperationState};
use crate::traits::TraitSet;

/// The generated op definitions of `td/BuiltinOps.td`. Generated code keeps
/// the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/builtin_ops.rs"));
}

pub use ops::UnrealizedConversionCastOp;

/// The builtin dialect (always loaded).
pub struct BuiltinDialect;

impl Dialect for BuiltinDialect {
    fn namespace(&self) -> &'static str {
        "builtin"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("builtin.module")
                .with_traits(
                    TraitSet::ISOLATED_FROM_ABOVE
                        | TraitSet::NO_TERMINATOR
                        | TraitSet::SINGLE_BLOCK
                        | TraitSet::SYMBOL_TABLE
                        | TraitSet::AFFINE_SCOPE
                        | TraitSet::ONE_REGION
                        | TraitSet::ZERO_OPERANDS
                        | TraitSet::ZERO_RESULTS
                        | TraitSet::ZERO_SUCCESSORS
                        | TraitSet::GRAPH_REGION_KIND,
                )
                .with_inherent_attrs(&["sym_name", "sym_visibility"])
                .with_interface(OpAsmInterface {
                    default_dialect: Some("builtin"),
                    ..Default::default()
                })
                .with_interface(crate::interfaces::symbol::SymbolOpInterface {
                    is_optional_symbol: true,
                    ..Default::default()
                })
                .with_parse(parse_module)
                .with_print(print_module)
                .with_verify(verify_module),
            UnrealizedConversionCastOp::op_info(),
        ]
    }
}

/// `NoRegionArguments`, then `ModuleOp::verify`: discardable attributes must
/// be dialect-prefixed.
fn verify_module(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    if let Some(entry) = ir.first_block(ir.region(op, 0)) {
        if ir.num_arguments(entry) != 0 {
            return Err(ir.op_error(op, "region should have no arguments"));
        }
    }
    let ctx = ir.ctx();
    for (k, _) in ctx.dictionary_entries(ir.op_attributes(op)) {
        let name = ctx.ident_str(*k);
        if !name.contains('.') {
            return Err(ir.op_error(
                op,
                format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
            ));
        }
    }
    Ok(())
}

/// `module (@name)? (attributes {...})? { body }` (the declarative format
/// `($sym_name^)? attr-dict-with-keyword $bodyRegion`).
fn parse_module(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> Result<(), ()> {
    if let Some(name) = p.parse_optional_symbol_name() {
        let a = p.ctx().string_attr(&name);
        p.add_attr(state, "sym_name", a);
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    let region = p.parse_region(&[])?;
    // The body is a single block even when written as `{}`.
    if p.ir().region_is_empty(region) {
        let b = p.ir().create_block();
        p.ir().append_block(region, b);
    }
    state.regions.push(region);
    Ok(())
}

fn print_module(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let ir = p.ir();
    let attrs = p.op_attrs(op);
    if let Some(name) = ir.attr(op, "sym_name") {
        if let Some(s) = ir.ctx().string_attr_value(name) {
            p.print_char(' ');
            p.print_symbol_name(&s);
        }
    }
    p.print_optional_attr_dict_with_keyword(&attrs, &["sym_name"]);
    p.print_char(' ');
    p.print_region(ir.region(op, 0), true, true, false);
}

// The hook `td/BuiltinOps.td` declares (`hasVerifier`).
impl UnrealizedConversionCastOp {
    /// A cast produces at least one value.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        if ir.num_results(self.0) == 0 {
            return Err(ir.op_error(self.0, "expected at least one result for cast operation"));
        }
        Ok(())
    }
}

/// `UnrealizedConversionCastOp::fold`: a cast whose input types equal its
/// output types forwards its inputs; a cast of all the results of another
/// cast, in order, back to that cast's input types forwards the inputs of
/// the other cast.
/// `hasFolder`: the generated registration attaches [`fold_cast`].
impl crate::ods::HasMultiResultFolder for UnrealizedConversionCastOp {
    fn fold(
        cx: &mut FoldCtx<'_>,
        results: &mut smallvec::SmallVec<[OpFoldResult; 1]>,
    ) -> Result<(), ()> {
        fold_cast(cx, results)
    }
}

fn fold_cast(
    cx: &mut FoldCtx<'_>,
    results: &mut smallvec::SmallVec<[OpFoldResult; 1]>,
) -> Result<(), ()> {
    let (ir, op) = (cx.ir, cx.op);
    if ir.operand_types(op).eq(ir.result_types(op)) {
        results.extend(ir.operands(op).map(OpFoldResult::Value));
        return Ok(());
    }
    if ir.num_operands(op) == 0 {
        return Err(());
    }
    let input = ir.operand(op, 0).defining_op().ok_or(())?;
    if ir.op_name_str(input) != "builtin.unrealized_conversion_cast"
        || !ir.results(input).eq(ir.operands(op))
        || !ir.operand_types(input).eq(ir.result_types(op))
    {
        return Err(());
    }
    results.extend(ir.operands(input).map(OpFoldResult::Value));
    Ok(())
}
