//! Snapshot tests of printed IR built through the `OpBuilder` API: generic
//! and custom forms, SSA naming (including `OpAsmInterface` name hints and
//! their uniquing), block labels and predecessor comments, properties and
//! debug locations. Every snapshot was checked against what mlir-opt 22
//! prints for the equivalent textual input.

use std::sync::Arc;

use mlir_ir::asm::{printer, OpAsmInterface, PrintFlags};
use mlir_ir::{Context, Dialect, Ir, OpBuilder, OpInfo, OpRef, OperationState, Value};

/// A tiny dialect whose `snap.const` suggests result names like arith.constant.
struct SnapDialect;

fn const_names(ir: &Ir, op: OpRef, set: &mut dyn FnMut(Value, &str)) {
    let v = ir
        .attr(op, "value")
        .and_then(|a| ir.ctx().int_attr_value(a))
        .unwrap_or(0);
    set(ir.result(op, 0), &format!("c{v}_i32"));
}

impl Dialect for SnapDialect {
    fn namespace(&self) -> &'static str {
        "snap"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![OpInfo::new("snap.const")
            .with_inherent_attrs(&["value"])
            .with_interface(OpAsmInterface {
                result_names: Some(const_names),
                ..Default::default()
            })]
    }
}

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.load_dialect(SnapDialect);
    Arc::new(ctx)
}

/// module { %c1_i32, %c1_i32_0, %c2_i32 = snap.const; "foo.use"(...) with
/// two blocks and a branch }.
fn build(ctx: &Arc<Context>) -> (Ir, OpRef) {
    let mut ir = Ir::new(ctx.clone());
    let loc = ctx.file_line_col("snap.mlir", 1, 1);
    let module =
        ir.create_op(OperationState::new(ctx.op_name("builtin.module"), loc).empty_regions(1));
    let body = ir.region(module, 0);
    let i32t = ctx.int_type(32);
    let mut b = OpBuilder::new(&mut ir);
    let entry = b.create_block(body, None, &[], &[]);
    b.set_insertion_point_to_end(entry);
    let mut consts = Vec::new();
    for (k, v) in [1, 1, 2].into_iter().enumerate() {
        let value = ctx.int_attr(i32t, v);
        let props = ctx.dictionary_attr(&[(ctx.ident("value"), value)]);
        let l = ctx.file_line_col("snap.mlir", 2 + k as u32, 3);
        let op = b.create(
            OperationState::new(ctx.op_name("snap.const"), l)
                .results(&[i32t])
                .properties(props),
        );
        consts.push(b.ir.result(op, 0));
    }
    let outer = b.create_named("foo.region", loc, &consts[..1], &[], None);
    let region = b.ir.create_region();
    let bb0 = b.create_block(region, None, &[i32t], &[loc]);
    let bb1 = b.create_block(region, None, &[], &[]);
    b.set_insertion_point_to_end(bb0);
    let arg = b.ir.argument(bb0, 0);
    b.create(
        OperationState::new(ctx.op_name("foo.br"), loc)
            .operands(&[arg, consts[2]])
            .successors(&[bb1]),
    );
    b.set_insertion_point_to_end(bb1);
    b.create_named("foo.yield", loc, &[], &[], None);
    // Attach the region: recreate the op with it (regions are given at creation).
    let ctx2 = ctx.clone();
    let mut state = OperationState::new(ctx2.op_name("foo.region"), loc).operands(&consts[..1]);
    state.regions.push(region);
    b.set_insertion_point_after(outer);
    b.create(state);
    b.ir.erase_op(outer);
    (ir, module)
}

#[test]
fn custom_form_with_name_hints() {
    let ctx = context();
    let (ir, top) = build(&ctx);
    insta::assert_snapshot!(printer::print_to_string(&ir, top, &PrintFlags::default()));
}

#[test]
fn generic_form_ignores_hints() {
    let ctx = context();
    let (ir, top) = build(&ctx);
    let flags = PrintFlags {
        generic: true,
        ..PrintFlags::default()
    };
    insta::assert_snapshot!(printer::print_to_string(&ir, top, &flags));
}

#[test]
fn debuginfo_with_location_aliases() {
    let ctx = context();
    let (ir, top) = build(&ctx);
    let flags = PrintFlags {
        debuginfo: true,
        ..PrintFlags::default()
    };
    insta::assert_snapshot!(printer::print_to_string(&ir, top, &flags));
}
