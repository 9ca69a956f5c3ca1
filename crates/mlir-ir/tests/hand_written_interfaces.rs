//! Interfaces with behaviour on hand-written ops (no ODS): a function op
//! attaching `FunctionOpInterface::BUILTIN`, a cast attaching
//! `CastOpInterface`, and an op attaching `InferTypeOpInterface`, each
//! queried with `ir.interface::<I>(op)` and checked by the verifier with
//! mlir-opt's messages.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::parse_source;
use mlir_ir::interfaces::cast::{fold_cast_op, CastOpInterface};
use mlir_ir::interfaces::function::FunctionOpInterface;
use mlir_ir::interfaces::infer_type::InferTypeOpInterface;
use mlir_ir::{Context, Dialect, Ir, OpInfo, OpRef, TraitSet, WalkOrder};

/// `hw.func` (a function), `hw.cast` (casts between integers only) and
/// `hw.same` (one result of its operand's type).
struct HwDialect;

impl Dialect for HwDialect {
    fn namespace(&self) -> &'static str {
        "hw"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("hw.func")
                .with_traits(TraitSet::SYMBOL | TraitSet::ISOLATED_FROM_ABOVE)
                .with_inherent_attrs(&["sym_name", "function_type", "arg_attrs", "res_attrs"])
                .with_interface(FunctionOpInterface::BUILTIN),
            OpInfo::new("hw.return").with_traits(TraitSet::IS_TERMINATOR | TraitSet::RETURN_LIKE),
            OpInfo::new("hw.cast").with_interface(CastOpInterface {
                are_cast_compatible: |ctx, i, o| {
                    i.len() == 1 && o.len() == 1 && ctx.is_integer(i[0]) && ctx.is_integer(o[0])
                },
            }),
            OpInfo::new("hw.same").with_interface(InferTypeOpInterface {
                infer_return_types: |ir, op| match ir.operands(op).next() {
                    Some(v) => Ok(vec![ir.value_type(v)]),
                    None => Err("'hw.same' op needs an operand to infer from".into()),
                },
                is_compatible_return_types: None,
                checked_by_verifier: true,
            }),
        ]
    }
}

fn parse(src: &str) -> (Ir, OpRef, Arc<Mutex<Vec<String>>>) {
    let mut ctx = Context::new();
    ctx.load_dialect(HwDialect);
    let ctx = Arc::new(ctx);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    ctx.add_diagnostic_handler(Box::new(move |_, d| {
        sink.lock().unwrap().push(d.message.clone());
        true
    }));
    let (ir, top) = parse_source(ctx, src, &Default::default()).expect("parses");
    (ir, top, seen)
}

fn errors_of(src: &str) -> Vec<String> {
    let (ir, top, seen) = parse(src);
    let _ = mlir_ir::verifier::verify(&ir, top);
    let out = seen.lock().unwrap().clone();
    out
}

#[test]
fn valid_ops_verify_and_answer_queries() {
    let src = r#""hw.func"() <{function_type = (i32) -> i64, sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "hw.cast"(%a) : (i32) -> i64
  %1 = "hw.same"(%0) : (i64) -> i64
  %2 = "hw.cast"(%1) : (i64) -> i64
  "hw.return"(%2) : (i64) -> ()
}) : () -> ()
"#;
    let (ir, top, seen) = parse(src);
    mlir_ir::verifier::verify(&ir, top).expect("verifies");
    assert!(seen.lock().unwrap().is_empty());
    let ops = ir.walk_collect(top, WalkOrder::PreOrder);
    let func = ops
        .iter()
        .copied()
        .find(|&o| ir.op_name_str(o) == "hw.func")
        .unwrap();
    let f = ir.interface::<FunctionOpInterface>(func).unwrap();
    assert_eq!(f.argument_types(&ir), vec![ir.ctx().int_type(32)]);
    let casts: Vec<OpRef> = ops
        .iter()
        .copied()
        .filter(|&o| ir.op_name_str(o) == "hw.cast")
        .collect();
    assert!(ir.interface::<CastOpInterface>(casts[0]).is_some());
    // The identity cast folds to its operand; the widening one does not.
    assert!(fold_cast_op(&ir, casts[0]).is_none());
    assert_eq!(fold_cast_op(&ir, casts[1]).map(|r| r.len()), Some(1));
    let same = ops
        .iter()
        .copied()
        .find(|&o| ir.op_name_str(o) == "hw.same")
        .unwrap();
    let infer = ir.interface::<InferTypeOpInterface>(same).unwrap();
    assert_eq!(
        infer.infer_return_types(&ir),
        Ok(vec![ir.ctx().int_type(64)])
    );
    assert!(ir.interface::<FunctionOpInterface>(same).is_none());
}

#[test]
fn function_verifier_reports_signature_mismatches() {
    let errs = errors_of(
        r#""hw.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32, %b: i32):
  "hw.return"() : () -> ()
}) : () -> ()
"#,
    );
    assert_eq!(
        errs,
        vec!["'hw.func' op entry block must have 1 arguments to match function signature"]
    );
    let errs = errors_of(
        r#""hw.func"() <{function_type = (i32) -> (), sym_name = "f", arg_attrs = [{x = 1}]}> ({
^bb0(%a: i32):
  "hw.return"() : () -> ()
}) : () -> ()
"#,
    );
    assert_eq!(
        errs,
        vec!["'hw.func' op arguments may only have dialect attributes"]
    );
}

#[test]
fn cast_and_inferred_type_verifiers() {
    let errs = errors_of(
        r#""hw.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "hw.cast"(%a) : (i32) -> f32
  "hw.return"() : () -> ()
}) : () -> ()
"#,
    );
    assert_eq!(
        errs,
        vec!["'hw.cast' op operand type 'i32' and result type 'f32' are cast incompatible"]
    );
    let errs = errors_of(
        r#""hw.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "hw.same"(%a) : (i32) -> i64
  "hw.return"() : () -> ()
}) : () -> ()
"#,
    );
    assert_eq!(
        errs,
        vec![
            "'hw.same' op inferred type(s) 'i32' are incompatible with return type(s) of operation 'i64'",
            "'hw.same' op failed to infer returned types",
        ]
    );
}
