//! The generated typed API of ODS ops: creation with the default builder
//! through the one `OpCreator` trait (`OpBuilder`, `PatternRewriter`),
//! `replace_op_with_new`, the typed attribute accessors and `result()`.

use std::sync::Arc;

use mlir_dialects::{arith, func};
use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{Context, InsertPoint, Ir, OpBuilder, OpCreator, OpRef, OpType};
use mlir_rewrite::PatternRewriter;

fn ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, src: &str) -> (Ir, OpRef) {
    mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
        .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"))
}

/// The first op named `name` in `root`.
fn find(ir: &Ir, root: OpRef, name: &str) -> OpRef {
    ir.walk_collect(root, mlir_ir::ir::WalkOrder::PreOrder)
        .into_iter()
        .find(|&op| ir.op_name_str(op) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

const SRC: &str = r#"func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = func.call @g(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @g(i32) -> i32
"#;

#[test]
fn create_op_through_builder_and_rewriter() {
    let ctx = ctx();
    let (mut ir, module) = parse(&ctx, SRC);
    let call = find(&ir, module, "func.call");
    let f = ir.op_parent_op(call).expect("call in f");
    let entry = ir.first_block(ir.region(f, 0)).expect("entry");
    let (a, b_arg) = (ir.argument(entry, 0), ir.argument(entry, 1));
    let loc = ir.op_loc(call);
    let i32t = ctx.int_type(32);
    let seven = ctx.int_attr(i32t, 7);
    // An `OpBuilder` creates with the default builder's parameters.
    let (c, add) = {
        let mut b = OpBuilder::new(&mut ir);
        b.set_insertion_point(Some(InsertPoint::before(b.ir, call)));
        let c = b.create_op::<arith::ConstantOp>(loc, (i32t, seven));
        let c_val = c.result(b.ir);
        let add = b.create_op::<arith::AddIOp>(loc, (a, c_val, None));
        (c, add)
    };
    // A rewriter creates the same way and replaces with a new typed op.
    let mut rw = PatternRewriter::new(&mut ir);
    rw.set_insertion_point(Some(InsertPoint::before(rw.ir(), call)));
    let lhs = add.result(rw.ir());
    let sub = rw.replace_op_with_new::<arith::SubIOp>(add.op(), (lhs, b_arg, None));
    assert_eq!(rw.ir().op_name_str(sub.op()), "arith.subi");
    let printed = print_to_string(&ir, module, &PrintFlags::default());
    assert!(
        printed.contains("%c7_i32 = arith.constant 7 : i32"),
        "{printed}"
    );
    assert!(printed.contains("arith.subi %0, %arg1 : i32"), "{printed}");
    assert_eq!(ir.op_name_str(c.op()), "arith.constant");
    let _ = sub;
}

#[test]
fn typed_attribute_accessors() {
    let ctx = ctx();
    let (ir, module) = parse(&ctx, SRC);
    let call = func::CallOp::from_op(&ir, find(&ir, module, "func.call")).expect("call");
    // `FlatSymbolRefAttr` reads as its name; the raw accessor stays.
    assert_eq!(call.callee(&ir), "g");
    assert!(call.callee_attr(&ir).is_some());
    // A `UnitAttr` reads as its presence.
    assert!(!call.no_inline(&ir));
    let g = ir
        .block_ops(ir.first_block(ir.region(module, 0)).expect("body"))
        .nth(1)
        .expect("g");
    let g = func::FuncOp::from_op(&ir, g).expect("func");
    assert_eq!(g.sym_name(&ir), "g");
    assert_eq!(g.sym_visibility(&ir).as_deref(), Some("private"));
}

#[test]
fn value_builder_takes_attribute_values() {
    let ctx = ctx();
    let (mut ir, module) = parse(&ctx, SRC);
    let call = find(&ir, module, "func.call");
    let loc = ir.op_loc(call);
    let i32t = ctx.int_type(32);
    let arg = ir.operand(call, 0);
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point(Some(InsertPoint::before(b.ir, call)));
    // `callee` is a `FlatSymbolRefAttr` (`&str`), `no_inline` a `UnitAttr`.
    let new = func::CallOp::build_values(&mut b, loc, &[i32t], &[arg], "g", None, None, true);
    assert_eq!(new.callee(b.ir), "g");
    assert!(new.no_inline(b.ir));
    let printed = print_to_string(&ir, module, &PrintFlags::default());
    assert!(
        printed.contains("%0 = call @g(%arg0) {no_inline} : (i32) -> i32"),
        "{printed}"
    );
}

#[test]
fn aggregate_builder_splits_inherent_and_discardable_attributes() {
    let ctx = ctx();
    let (mut ir, module) = parse(&ctx, SRC);
    let call = find(&ir, module, "func.call");
    let loc = ir.op_loc(call);
    let i32t = ctx.int_type(32);
    let arg = ir.operand(call, 0);
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point(Some(InsertPoint::before(b.ir, call)));
    // `callee` is declared by `func.call` (a property); `test.tag` is not
    // (a discardable attribute), as upstream's collective builder sorts them.
    let attrs = [
        (ctx.ident("test.tag"), ctx.unit_attr()),
        (ctx.ident("callee"), ctx.flat_symbol_ref("g")),
    ];
    let new = func::CallOp::build_generic(&mut b, loc, &[i32t], &[arg], &attrs);
    assert_eq!(new.callee(b.ir), "g");
    let printed = print_to_string(&ir, module, &PrintFlags::default());
    assert!(
        printed.contains("%0 = call @g(%arg0) {test.tag} : (i32) -> i32"),
        "{printed}"
    );
    let generic = print_to_string(
        &ir,
        module,
        &PrintFlags {
            generic: true,
            ..Default::default()
        },
    );
    assert!(
        generic.contains("<{callee = @g}> {test.tag} : (i32) -> i32"),
        "{generic}"
    );
}
