// scf.forall and scf.forall.in_parallel in custom form: normalized `in (...)`
// bounds, mixed static/dynamic bounds, shared_outs, attribute dictionary
// (crates/mlir-dialects/td/SCF.td).
// XFAIL: *
// Needs scf wired in and the tensor dialect (tensor.parallel_insert_slice);
// the XFAIL line goes when both exist. The CHECK lines are mlir-opt 22's
// output (RMLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt lit reports XPASS).
// RUN: rmlir-opt --allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines

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

// Expected output: mlir-opt 22 --allow-unregistered-dialect %s (generated, do not edit by hand;
// checked with --strict-whitespace --match-full-lines: each pattern is the
// exact line after the colon, indentation included).
// CHECK:module {
// CHECK-NEXT:  func.func @forall(%arg0: index, %arg1: index, %arg2: index, %arg3: tensor<4xf32>) {
// CHECK-NEXT:    %0 = scf.forall (%arg4) in (4) shared_outs(%arg5 = %arg3) -> (tensor<4xf32>) {
// CHECK-NEXT:      %1 = "test.slice"(%arg5) : (tensor<4xf32>) -> tensor<1xf32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %1 into %arg5[%arg4] [1] [1] : tensor<1xf32> into tensor<4xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg4, %arg5) = (0, %arg0) to (%arg1, 8) step (2, %arg2) {
// CHECK-NEXT:      "test.use"(%arg4, %arg5) : (index, index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg4) in (%arg1) {
// CHECK-NEXT:    } {tag}
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
