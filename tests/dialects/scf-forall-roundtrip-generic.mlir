// scf.forall and scf.forall.in_parallel in generic form: static bound arrays
// with kDynamic (-9223372036854775808) placeholders, operandSegmentSizes
// (crates/mlir-dialects/td/SCF.td).
// XFAIL: *
// Needs scf wired in and the tensor dialect (tensor.parallel_insert_slice);
// the XFAIL line goes when both exist. The CHECK lines are mlir-opt 22's
// output (RMLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt lit reports XPASS).
// RUN: rmlir-opt --allow-unregistered-dialect %s --mlir-print-op-generic | FileCheck %s --strict-whitespace --match-full-lines

func.func @forall(%lb: index, %ub: index, %st: index, %t: tensor<4xf32>) {
  %fa = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %sl = "test.slice"(%o) : (tensor<4xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sl into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  scf.forall (%i, %j) = (0, %lb) to (%ub, 8) step (2, %st) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) in (%ub) {
  } {tag}
  return
}

// Expected output: mlir-opt 22 --allow-unregistered-dialect --mlir-print-op-generic %s (generated, do not edit by hand;
// checked with --strict-whitespace --match-full-lines: each pattern is the
// exact line after the colon, indentation included).
// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = (index, index, index, tensor<4xf32>) -> (), sym_name = "forall"}> ({
// CHECK-NEXT:  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: tensor<4xf32>):
// CHECK-NEXT:    %0 = "scf.forall"(%arg3) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
// CHECK-NEXT:    ^bb0(%arg7: index, %arg8: tensor<4xf32>):
// CHECK-NEXT:      %1 = "test.slice"(%arg8) : (tensor<4xf32>) -> tensor<1xf32>
// CHECK-NEXT:      "scf.forall.in_parallel"() ({
// CHECK-NEXT:        "tensor.parallel_insert_slice"(%1, %arg8, %arg7) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<1xf32>, tensor<4xf32>, index) -> ()
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    "scf.forall"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, staticLowerBound = array<i64: 0, -9223372036854775808>, staticStep = array<i64: 2, -9223372036854775808>, staticUpperBound = array<i64: -9223372036854775808, 8>}> ({
// CHECK-NEXT:    ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT:      "test.use"(%arg5, %arg6) : (index, index) -> ()
// CHECK-NEXT:      "scf.forall.in_parallel"() ({
// CHECK-NEXT:      ^bb0:
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:    }) : (index, index, index) -> ()
// CHECK-NEXT:    "scf.forall"(%arg1) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
// CHECK-NEXT:    ^bb0(%arg4: index):
// CHECK-NEXT:      "scf.forall.in_parallel"() ({
// CHECK-NEXT:      ^bb0:
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:    }) {tag} : (index) -> ()
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
