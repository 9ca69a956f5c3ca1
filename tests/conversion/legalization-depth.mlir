// RUN: rmlir-opt %s -test-legalize-patterns -profile-actions-to=- 2>/dev/null | FileCheck %s

// The conversion driver tries the patterns of an op by legalization depth
// first, benefit second (MLIR's legalization graph). `test.three_result` has
// five DRR rules of benefit 1 (TestOpsDRR.td, one per `kind`): kinds 1 and 3
// generate ops without patterns (depth 1), kinds 2, 4 and 6 generate
// `test.two_result`, which has a rule of its own (depth 2). With `kind = 3`
// every rule is tried (the one that matches generates ops the target does
// not accept, so it is rolled back), in the order kind 1, 3, 2, 4, 6 — by
// benefit alone it would be 1, 2, 3, 4, 6.
//
// The trace names the patterns: mlir-opt by their C++ class
// (`GeneratedConvert28` ... `GeneratedConvert33`, in rule order), rmlir by
// their rule's location, hence the alternatives. rmlir also shows its
// match-any `FunctionOpInterfaceSignatureConversion` (an interface pattern
// upstream, see docs/DEVIATIONS.md), which plain CHECK lines step over.

// CHECK: "name": "apply-conversion", "cat": "PERF", "ph": "B"
// CHECK: "desc": "`apply-pattern pattern: {{(\(anonymous namespace\)::GeneratedConvert28|TestOpsDRR\.td:408)}}"
// CHECK: "desc": "`apply-pattern pattern: {{(\(anonymous namespace\)::GeneratedConvert30|TestOpsDRR\.td:413)}}"
// CHECK: "desc": "`apply-pattern pattern: {{(\(anonymous namespace\)::GeneratedConvert29|TestOpsDRR\.td:410)}}"
// CHECK: "desc": "`apply-pattern pattern: {{(\(anonymous namespace\)::GeneratedConvert31|TestOpsDRR\.td:416)}}"
// CHECK: "desc": "`apply-pattern pattern: {{(\(anonymous namespace\)::GeneratedConvert33|TestOpsDRR\.td:424)}}"
// CHECK: "name": "apply-conversion", "cat": "PERF", "ph": "E"
// CHECK-LABEL: func.func @kind3
// CHECK-NEXT: = "test.three_result"() <{kind = 3 : i64}> : () -> (i32, f32, f32)
func.func @kind3() {
  %0:3 = "test.three_result"() {kind = 3} : () -> (i32, f32, f32)
  "test.return"() : () -> ()
}
