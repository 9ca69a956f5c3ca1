//! The custom builders of `td/Ops.td` (Rust bodies in the `.td`) build the
//! ops the tutorial's builders build, and the results verify and print in
//! the Toy forms.

use std::sync::Arc;

use mlir_ir::asm::parser::{parse_source, ParseConfig};
use mlir_ir::asm::PrintFlags;
use mlir_ir::interfaces::function::FunctionOpInterface;
use mlir_ir::{Context, OpBuilder, OpType, Value};
use toy::{AddOp, ConstantOp, FuncOp, GenericCallOp, MulOp, ReturnOp, TransposeOp};

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    toy::register_toy_dialects(&mut ctx);
    Arc::new(ctx)
}

#[test]
fn builders_make_the_tutorial_ops() {
    let ctx = context();
    let src = "toy.func @main() {\n  toy.return\n}\n";
    let (mut ir, module) = parse_source(ctx.clone(), src, &ParseConfig::default()).expect("parses");
    let func = ir
        .block_ops(ir.first_block(ir.region(module, 0)).unwrap())
        .next()
        .unwrap();
    let ret = ReturnOp::from_op(
        &ir,
        ir.block_ops(ir.first_block(ir.region(func, 0)).unwrap())
            .next()
            .unwrap(),
    )
    .expect("the body ends in toy.return");
    let loc = ctx.unknown_loc();
    let f64_tensor = toy::unranked_f64_tensor(&ctx);
    let f = {
        let mut b = OpBuilder::new(&mut ir);
        b.set_insertion_point_before(ret.op());
        // `OpBuilder<(ins "double":$value)>`: a splat constant of `tensor<f64>`.
        let c = ConstantOp::build_value_f64(&mut b, loc, 5.5);
        let v = Value::result(c.op(), 0);
        let t = TransposeOp::build_input(&mut b, loc, v);
        let t = Value::result(t.op(), 0);
        let m = MulOp::build_lhs_rhs(&mut b, loc, t, t);
        let m = Value::result(m.op(), 0);
        let a = AddOp::build_lhs_rhs(&mut b, loc, m, v);
        let a = Value::result(a.op(), 0);
        GenericCallOp::build_callee_arguments(&mut b, loc, "main", &[a]);
        // `OpBuilder<(ins "StringRef":$name, "FunctionType":$type)>`,
        // which builds the entry block (`buildWithEntryBlock`).
        b.set_insertion_point_after(func);
        let fty = ctx.function_type(&[f64_tensor], &[]);
        FuncOp::build_name_type(&mut b, loc, "empty", fty)
    };
    let f = ir
        .interface::<FunctionOpInterface>(f.op())
        .expect("toy.func implements FunctionOpInterface");
    assert_eq!(f.argument_types(&ir), vec![f64_tensor]);
    assert_eq!(f.arguments(&ir).len(), 1);
    // Argument attributes go through the interface's helpers.
    let unit = ctx.unit_attr();
    f.set_arg_attr(&mut ir, 0, "toy.unused", Some(unit));
    assert_eq!(f.arg_attr(&ir, 0, "toy.unused"), Some(unit));
    let entry = f
        .entry_block(&ir)
        .expect("the builder added the entry block");
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point_to_end(entry);
    // `OpBuilder<(ins)>`: a return without operands.
    ReturnOp::build_empty(&mut b, loc);
    mlir_ir::verifier::verify(&ir, module).expect("the built ops verify");
    let text = mlir_ir::asm::printer::print_to_string(&ir, module, &PrintFlags::default());
    let expected = "module {
  toy.func @main() {
    %0 = toy.constant dense<5.500000e+00> : tensor<f64>
    %1 = toy.transpose(%0 : tensor<f64>) to tensor<*xf64>
    %2 = toy.mul %1, %1 : tensor<*xf64>
    %3 = toy.add %2, %0 : (tensor<*xf64>, tensor<f64>) -> tensor<*xf64>
    %4 = toy.generic_call @main(%3) : (tensor<*xf64>) -> tensor<*xf64>
    toy.return
  }
  toy.func @empty(%arg0: tensor<*xf64> {toy.unused}) {
    toy.return
  }
}
";
    assert_eq!(text, expected);
}
