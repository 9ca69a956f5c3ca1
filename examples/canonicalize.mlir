// The main-job example: `--canonicalize` visibly simplifies this file.
//   cargo run --release -p rmlir-opt -- --canonicalize examples/canonicalize.mlir
// What happens, function by function (compare with mlir-opt 22: same output):
//   @fold          constant folding (arith folders) and dead-code removal;
//   @drr           upstream's DRR rules of arith (AddIAddConstant,
//                  SubIRHSAddConstant, XOrINotCmpI) and the select folder;
//   @rust_patterns C++-style patterns of scf (an scf.if on a constant is
//                  inlined, an scf.for that never runs is removed);
//   @regions       region simplification: unreachable blocks are erased,
//                  branch chains are threaded and blocks merged.
func.func @fold() -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c2, %c3 : i32
  %1 = arith.muli %0, %c3 : i32
  %unused = arith.subi %1, %c2 : i32
  return %1 : i32
}

func.func @drr(%x: i32, %a: i32, %b: i32, %c: i1) -> (i32, i32, i1, i32) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c5 : i32
  %2 = arith.addi %x, %c5 : i32
  %3 = arith.subi %2, %c1 : i32
  %true = arith.constant true
  %4 = arith.cmpi slt, %a, %b : i32
  %5 = arith.xori %4, %true : i1
  %6 = arith.select %c, %a, %a : i32
  return %1, %3, %5, %6 : i32, i32, i1, i32
}

func.func @rust_patterns(%n: index, %v: f32) -> f32 {
  %true = arith.constant true
  %r = scf.if %true -> f32 {
    %s = arith.addf %v, %v : f32
    scf.yield %s : f32
  } else {
    scf.yield %v : f32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sum = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %r) -> f32 {
    %t = arith.mulf %acc, %v : f32
    scf.yield %t : f32
  }
  return %sum : f32
}

func.func @regions(%arg0: i32) -> i32 {
  cf.br ^bb1
^bb1:
  cf.br ^bb2(%arg0 : i32)
^bb2(%a: i32):
  %0 = arith.addi %a, %a : i32
  return %0 : i32
^dead:
  %1 = arith.muli %arg0, %arg0 : i32
  cf.br ^bb2(%1 : i32)
}
