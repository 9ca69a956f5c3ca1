// RUN: rmlir-opt %s -split-input-file -test-legalize-patterns -profile-actions-to=- 2>/dev/null | FileCheck %s
// RUN: rmlir-opt %s -split-input-file -test-legalize-patterns -profile-actions-to=%t.json > /dev/null 2>&1 && FileCheck %s --check-prefix=FILE < %t.json

// Each chunk gets its own JSON array of Chrome trace events, interleaved with
// the IR on stdout as with mlir-opt; a file holds the last chunk's trace.

// CHECK: [{"name": "pass-execution", "cat": "PERF", "ph": "B", "pid": 0, "tid": {{[0-9]+}}, "ts": {{[0-9]+}}, "args": {"desc": "`pass-execution` running `(anonymous namespace)::TestLegalizePatternDriver` on Operation `builtin.module`"}},
// CHECK-NEXT: {"name": "apply-conversion", "cat": "PERF", "ph": "B", {{.*}}"args": {"desc": "apply-conversion"}},
// CHECK-NEXT: {"name": "apply-conversion", "cat": "PERF", "ph": "E", {{.*}}},
// CHECK-NEXT: {"name": "pass-execution", "cat": "PERF", "ph": "E", {{.*}}}module {
// CHECK-LABEL: func.func @no_pattern
// CHECK: ]// -----
func.func @no_pattern() {
  "test.return"() : () -> ()
}

// -----

// CHECK-NEXT: [{"name": "pass-execution", "cat": "PERF", "ph": "B"
// CHECK-NEXT: {"name": "apply-conversion", "cat": "PERF", "ph": "B"
// CHECK-NEXT: {"name": "apply-pattern", "cat": "PERF", "ph": "B", {{.*}}"args": {"desc": "`apply-pattern pattern: {{.*}}"}},
// CHECK-NEXT: {"name": "apply-pattern", "cat": "PERF", "ph": "E", {{.*}}}notifyOperationInserted: test.legal_op_a, was unlinked
// CHECK:      {"name": "apply-conversion", "cat": "PERF", "ph": "E"
// CHECK-NEXT: {"name": "pass-execution", "cat": "PERF", "ph": "E", {{.*}}}module {
// CHECK-LABEL: func.func @one_pattern
// CHECK: test.legal_op_a
// CHECK: {{^}}]{{$}}

// FILE: [{"name": "pass-execution", "cat": "PERF", "ph": "B"
// FILE: "name": "apply-pattern", "cat": "PERF", "ph": "B"
// FILE: {"name": "pass-execution", "cat": "PERF", "ph": "E", {{.*}}}]{{$}}
func.func @one_pattern() {
  %0 = "test.illegal_op_a"() : () -> (i32)
  "test.return"(%0) : (i32) -> ()
}
