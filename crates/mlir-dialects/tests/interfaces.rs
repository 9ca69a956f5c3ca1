//! The typed interface query (`ir.interface::<I>(op)`) over upstream's
//! dialects: each interface answers for the ops implementing it (attached
//! by hand, declared in ODS, or implied by a trait) and for no other, and
//! the views' helpers give upstream's answers.

use std::sync::Arc;

use mlir_ir::asm::parser::{parse_source, ParseConfig};
use mlir_ir::interfaces::call::{CallOpInterface, CallableOpInterface, Callee};
use mlir_ir::interfaces::cast::{fold_cast_op, CastOpInterface};
use mlir_ir::interfaces::function::{build_with_entry_block, FunctionOpInterface};
use mlir_ir::interfaces::loop_like::LoopLikeOpInterface;
use mlir_ir::interfaces::region_branch::{RegionBranchOpInterface, RegionBranchPoint};
use mlir_ir::interfaces::symbol::SymbolOpInterface;
use mlir_ir::interfaces::{BranchOpInterface, MemoryEffectsInterface};
use mlir_ir::symbol_table::SymbolTableCollection;
use mlir_ir::{Context, Ir, OpBuilder, OpRef, WalkOrder};

const SRC: &str = r#"
func.func @callee(%a: i32 {test.attr = 1}) -> (i32 {test.res}) {
  return %a : i32
}
func.func private @decl(i64) -> f32
func.func @main(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %y = func.call @callee(%acc) : (i32) -> i32
    scf.yield %y : i32
  }
  %e = arith.extsi %r : i32 to i64
  %t = arith.trunci %e : i64 to i32
  cf.br ^bb1(%t : i32)
^bb1(%z: i32):
  return %z : i32
}
"#;

fn parse() -> (Ir, OpRef) {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    parse_source(Arc::new(ctx), SRC, &ParseConfig::default()).expect("parses")
}

/// The first op named `name`.
fn find(ir: &Ir, top: OpRef, name: &str) -> OpRef {
    ir.walk_collect(top, WalkOrder::PreOrder)
        .into_iter()
        .find(|&op| ir.op_name_str(op) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

fn funcs(ir: &Ir, top: OpRef) -> Vec<OpRef> {
    ir.walk_collect(top, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&op| ir.op_name_str(op) == "func.func")
        .collect()
}

#[test]
fn function_op_interface_reads_signature_and_attributes() {
    let (ir, module) = parse();
    mlir_ir::verifier::verify(&ir, module).expect("verifies");
    let fs = funcs(&ir, module);
    let ctx = ir.ctx();
    let callee = ir.interface::<FunctionOpInterface>(fs[0]).unwrap();
    let i32t = ctx.int_type(32);
    assert_eq!(callee.argument_types(&ir), vec![i32t]);
    assert_eq!(callee.result_types(&ir), vec![i32t]);
    assert!(!callee.is_external(&ir));
    assert_eq!(callee.arguments(&ir).len(), 1);
    assert_eq!(
        callee
            .arg_attr(&ir, 0, "test.attr")
            .and_then(|a| ctx.int_attr_value(a)),
        Some(1)
    );
    assert_eq!(
        callee.result_attr(&ir, 0, "test.res"),
        Some(ctx.unit_attr())
    );
    assert_eq!(callee.arg_attr(&ir, 0, "test.missing"), None);
    let decl = ir.interface::<FunctionOpInterface>(fs[1]).unwrap();
    assert!(decl.is_external(&ir));
    assert_eq!(decl.entry_block(&ir), None);
    assert_eq!(decl.result_types(&ir), vec![ctx.f32_type()]);
    // Not a function.
    assert!(ir
        .interface::<FunctionOpInterface>(find(&ir, module, "arith.extsi"))
        .is_none());
}

#[test]
fn function_op_interface_edits_keep_the_function_valid() {
    let (mut ir, module) = parse();
    let fs = funcs(&ir, module);
    let ctx = ir.ctx_arc().clone();
    let f = ir.interface::<FunctionOpInterface>(fs[0]).unwrap();
    // Setting the only attribute to empty drops the array, as upstream.
    f.set_arg_attrs(&mut ir, 0, &[]);
    assert_eq!(ir.attr(fs[0], "arg_attrs"), None);
    f.set_result_attr(&mut ir, 0, "test.res", None);
    assert_eq!(ir.attr(fs[0], "res_attrs"), None);
    f.set_arg_attr(&mut ir, 0, "test.k", Some(ctx.unit_attr()));
    assert!(ir.attr(fs[0], "arg_attrs").is_some());
    // A declaration gets its entry block from the signature.
    let d = ir.interface::<FunctionOpInterface>(fs[1]).unwrap();
    let entry = d.add_entry_block(&mut ir).expect("was external");
    assert_eq!(ir.num_arguments(entry), 1);
    assert!(d.add_entry_block(&mut ir).is_none(), "already has a body");
    // Changing the type resizes the attribute arrays.
    let i32t = ctx.int_type(32);
    let new_ty = ctx.function_type(&[i32t, i32t], &[i32t]);
    f.set_type(&mut ir, new_ty);
    assert_eq!(f.num_arguments(&ir), 2);
    let arr = ir.attr(fs[0], "arg_attrs").unwrap();
    assert_eq!(ctx.array_attr_elements(arr).unwrap().len(), 2);
    // The entry block no longer matches: the verifier says so.
    let err = f.verify(&ir).unwrap_err();
    assert!(
        err.to_string()
            .contains("entry block must have 2 arguments to match function signature"),
        "{err}"
    );
    f.erase_argument(&mut ir, 1);
    assert_eq!(f.num_arguments(&ir), 1);
    assert_eq!(
        ctx.array_attr_elements(ir.attr(fs[0], "arg_attrs").unwrap())
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn build_with_entry_block_builds_a_verifying_function() {
    let (mut ir, module) = parse();
    let ctx = ir.ctx_arc().clone();
    let i64t = ctx.int_type(64);
    let ty = ctx.function_type(&[i64t, i64t], &[]);
    let body = ir.first_block(ir.region(module, 0)).unwrap();
    let loc = ctx.unknown_loc();
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point_to_end(body);
    let vis = (ctx.ident("sym_visibility"), ctx.string_attr("private"));
    let f = build_with_entry_block(&mut b, "func.func", loc, "built", ty, &[vis], &[i64t, i64t]);
    // The builder's insertion point is unchanged: the return goes into the
    // new body only when asked.
    let entry = b.ir.first_block(b.ir.region(f, 0)).unwrap();
    b.set_insertion_point_to_end(entry);
    b.create_named("func.return", loc, &[], &[], None);
    let view = ir.interface::<FunctionOpInterface>(f).unwrap();
    assert_eq!(view.arguments(&ir).len(), 2);
    mlir_ir::verifier::verify(&ir, module).expect("verifies");
    let text = format!("{}", ir.display(f));
    assert_eq!(
        text,
        "func.func private @built(%arg0: i64, %arg1: i64) {\n  return\n}"
    );
}

#[test]
fn call_callable_symbol_and_memory_interfaces() {
    let (ir, module) = parse();
    let call = find(&ir, module, "func.call");
    let c = ir.interface::<CallOpInterface>(call).unwrap();
    assert!(matches!(c.callee(&ir), Some(Callee::Symbol(_))));
    assert_eq!(c.arguments(&ir).len(), 1);
    let mut tables = SymbolTableCollection::new();
    let target = c.resolve(&ir, &mut tables).unwrap();
    assert_eq!(target, funcs(&ir, module)[0]);
    let callable = ir.interface::<CallableOpInterface>(target).unwrap();
    assert!(callable.callable_region(&ir).is_some());
    let decl = funcs(&ir, module)[1];
    assert!(ir
        .interface::<CallableOpInterface>(decl)
        .unwrap()
        .callable_region(&ir)
        .is_none());
    let sym = ir.interface::<SymbolOpInterface>(decl).unwrap();
    assert_eq!(sym.name(&ir), "decl");
    assert!(sym.is_declaration(&ir));
    // A module without a name is not a symbol.
    assert!(ir.interface::<SymbolOpInterface>(module).is_none());
    // `Pure` implies memory effects with no effects; a call has none
    // declared, so it does not implement the interface.
    let ext = find(&ir, module, "arith.extsi");
    let mem = ir.interface::<MemoryEffectsInterface>(ext).unwrap();
    assert!(mem.has_no_effect(&ir));
    assert!(ir.interface::<MemoryEffectsInterface>(call).is_none());
}

#[test]
fn control_flow_interfaces() {
    let (ir, module) = parse();
    let br = find(&ir, module, "cf.br");
    let b = ir.interface::<BranchOpInterface>(br).unwrap();
    assert_eq!(b.forwarded_values(&ir, 0), vec![ir.operand(br, 0)]);
    assert_eq!(b.successor_block_argument(&ir, 0), Some((0, 0)));
    b.verify(&ir).expect("valid branch");
    let for_op = find(&ir, module, "scf.for");
    let l = ir.interface::<LoopLikeOpInterface>(for_op).unwrap();
    assert_eq!(l.inits(&ir).len(), 1);
    assert_eq!(l.region_iter_args(&ir).len(), 1);
    assert_eq!(l.loop_results(&ir).map(|r| r.len()), Some(1));
    assert!(l.is_defined_outside(&ir, ir.operand(for_op, 0)));
    let rb = ir.interface::<RegionBranchOpInterface>(for_op).unwrap();
    let entry = rb.successors(&ir, RegionBranchPoint::Parent);
    assert!(entry.iter().any(|s| s.region.is_some()));
    rb.verify(&ir).expect("valid loop");
    assert!(ir.interface::<LoopLikeOpInterface>(br).is_none());
}

#[test]
fn cast_interface_checks_and_folds() {
    let (ir, module) = parse();
    let ctx = ir.ctx();
    let ext = find(&ir, module, "arith.extsi");
    let cast = ir.interface::<CastOpInterface>(ext).unwrap();
    let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
    assert!(cast.are_cast_compatible(&ir, &[i32t], &[i64t]));
    assert!(!cast.are_cast_compatible(&ir, &[i64t], &[i32t]));
    assert!(cast.verify(&ir).is_ok());
    // Different types: the generic cast fold does not apply.
    assert!(fold_cast_op(&ir, ext).is_none());
    let tensor_cast = ir.ctx().op_info(ir.ctx().op_name("tensor.cast"));
    assert!(tensor_cast.interface::<CastOpInterface>().is_some());
}

#[test]
fn every_declared_interface_has_an_implementation() {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    let missing = mlir_ir::interfaces::missing_declared_interfaces(&ctx);
    assert_eq!(missing, Vec::<(String, &str)>::new());
}
