// The `see current operation` note of op diagnostics, as mlir-opt prints it:
// an error shows the op in generic form; a remark shows it in its own
// (custom) form, with SSA names numbered from the closest isolated-from-above
// ancestor (through unregistered ops, which are never isolated) and
// elements attributes of more than 16 elements elided; an op printed on
// several lines starts on a new line. --mlir-print-op-generic and
// --mlir-print-debuginfo apply to the note too. (CHECK lines from mlir-opt.)
// The order of the "not legalizable" remarks of one chunk follows a hash set
// upstream, so those notes are matched with CHECK-DAG.

// RUN: not rmlir-opt -allow-unregistered-dialect -split-input-file -test-legalize-patterns %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not rmlir-opt -allow-unregistered-dialect -split-input-file -test-legalize-patterns %s -o /dev/null --mlir-print-op-generic 2>&1 | FileCheck %s --check-prefix=GENERIC
// RUN: not rmlir-opt -allow-unregistered-dialect -split-input-file -test-legalize-patterns %s -o /dev/null --mlir-print-debuginfo 2>&1 | FileCheck %s --check-prefix=DEBUG

// A remark on an unregistered op with a region: on its own lines.
// CHECK:      op-note-form.mlir:[[@LINE+11]]:1: remark: op 'foo.region' is not legalizable
// CHECK:      op-note-form.mlir:[[@LINE+10]]:1: note: see current operation: {{$}}
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT:   %0 = "test.legal_op_a"() <{status = "Success"}> {big = dense_resource<__elided__> : tensor<17xi32>, small = dense<[1, 2]> : tensor<2xi32>} : () -> i32
// CHECK-NEXT:   "test.valid"(%arg0, %0) : (i32, i32) -> ()
// CHECK-NEXT: }) : () -> (){{$}}
// DEBUG:      note: see current operation: {{$}}
// DEBUG-NEXT: "foo.region"() ({
// DEBUG-NEXT: ^bb0(%arg0: i32 loc("{{.*}}op-note-form.mlir":[[@LINE+3]]:6)):
// DEBUG:      }) : () -> () loc("{{.*}}op-note-form.mlir":[[@LINE+1]]:1){{$}}
"foo.region"() ({
^bb0(%x: i32):
  %a = "test.legal_op_a"() {status = "Success", big = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, small = dense<[1, 2]> : tensor<2xi32>} : () -> i32
  "test.valid"(%x, %a) : (i32, i32) -> ()
}) : () -> ()

// -----

// Remarks on ops inside a function: the function's numbering, the custom form
// of func.return, successors of an unregistered op.
// CHECK-DAG: op-note-form.mlir:[[@LINE+7]]:3: note: see current operation: "foo.br"(%arg0, %0)[^bb1] : (i32, i32) -> (){{$}}
// CHECK-DAG: op-note-form.mlir:[[@LINE+8]]:3: note: see current operation: func.return %0 : i32{{$}}
// GENERIC-DAG: op-note-form.mlir:[[@LINE+5]]:3: note: see current operation: "foo.br"(%arg0, %0)[^bb1] : (i32, i32) -> (){{$}}
// GENERIC-DAG: op-note-form.mlir:[[@LINE+6]]:3: note: see current operation: "func.return"(%0) : (i32) -> (){{$}}
// DEBUG-DAG: op-note-form.mlir:[[@LINE+5]]:3: note: see current operation: func.return %0 : i32 loc("{{.*}}op-note-form.mlir":[[@LINE+5]]:3){{$}}
func.func @successors(%arg0: i32) -> i32 {
  %0 = "test.legal_op_a"() {status = "Success"} : () -> i32
  "foo.br"(%arg0, %0)[^bb1] : (i32, i32) -> ()
^bb1:
  return %0 : i32
}

// -----

// A verifier error on an op with a region: generic form, on its own lines.
// CHECK:      op-note-form.mlir:[[@LINE+6]]:1: error: 'func.func' op entry block must have 1 arguments to match function signature
// CHECK:      op-note-form.mlir:[[@LINE+5]]:1: note: see current operation: {{$}}
// CHECK-NEXT: "func.func"() <{function_type = (i32) -> (), sym_name = "verifier_error"}> ({
// CHECK-NEXT:   %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:   "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> (){{$}}
"func.func"() <{function_type = (i32) -> (), sym_name = "verifier_error"}> ({
  %c = arith.constant 1 : i32
  "func.return"() : () -> ()
}) : () -> ()

// -----

// An error of the conversion (generic form even for an op with a custom
// form), then a remark on the module (custom form, on its own lines; the
// source line shown is the split marker's, where the chunk starts).
// CHECK:      op-note-form.mlir:[[@LINE+22]]:8: error: failed to legalize operation 'test.illegal_op_f' that was explicitly marked illegal
// CHECK:      op-note-form.mlir:[[@LINE+21]]:8: note: see current operation: %0 = "test.illegal_op_f"() : () -> i32{{$}}
// CHECK:      remark: applyPartialConversion failed
// CHECK-NEXT: // -----
// CHECK-NEXT: {{^        \^$}}
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @illegal(%arg0: i32) {
// CHECK-NEXT:     %0 = "test.illegal_op_f"() : () -> i32
// CHECK-NEXT:     "test.invalid"(%0) : (i32) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }{{$}}
// GENERIC:      remark: applyPartialConversion failed
// GENERIC:      note: see current operation: {{$}}
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> (), sym_name = "illegal"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32):
// GENERIC-NEXT:     %0 = "test.illegal_op_f"() : () -> i32
// GENERIC-NEXT:     "test.invalid"(%0) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> (){{$}}
func.func @illegal(%arg0: i32) {
  %0 = "test.illegal_op_f"() : () -> i32
  "test.invalid"(%0) : (i32) -> ()
}
