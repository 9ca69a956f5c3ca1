// REQUIRES: rmlir
// The drivers' debug logs (LLVM's -debug-only, which release builds of
// mlir-opt lack): the greedy driver's tree of processed ops, pattern
// attempts and IR changes in the shape PatternRewriter.md shows, and the
// walk driver's visits. Only the requested components log.

// RUN: rmlir-opt %s -test-greedy-patterns --debug-only=greedy-rewriter 2>&1 >/dev/null | FileCheck %s --check-prefix=GREEDY
// RUN: rmlir-opt %s -test-walk-pattern-rewrite-driver --debug-only=walk-rewriter 2>&1 >/dev/null | FileCheck %s --check-prefix=WALK
// RUN: rmlir-opt %s -test-greedy-patterns --debug-only=walk-rewriter 2>&1 >/dev/null | count 0
// RUN: rmlir-opt %s -test-greedy-patterns 2>&1 >/dev/null | count 0

// Bottom-up: the last op of the function comes first, then (queued with
// the first op, as its ancestor) the function, then the first op.
//      GREEDY: {{^$}}
// GREEDY-NEXT: //===-------------------------------------------===//
// GREEDY-NEXT: Processing operation : 'func.return'(#{{[0-9]+}}) {
// GREEDY-NEXT:   "func.return"() : () -> ()
// GREEDY-NEXT: } -> failure : all patterns failed to match
// GREEDY-NEXT: //===-------------------------------------------===//
// GREEDY-EMPTY:
// GREEDY-NEXT: //===-------------------------------------------===//
// GREEDY-NEXT: Processing operation : 'func.func'(#{{[0-9]+}}) {
// GREEDY-NEXT: } -> failure : all patterns failed to match
// GREEDY-NEXT: //===-------------------------------------------===//
// GREEDY-EMPTY:
// GREEDY-NEXT: //===-------------------------------------------===//
// GREEDY-NEXT: Processing operation : 'test.any_attr_of_i32_str'(#[[OP:[0-9]+]]) {
// GREEDY-NEXT:   "test.any_attr_of_i32_str"() <{attr = 2 : i32}> : () -> ()
// GREEDY-EMPTY:
// GREEDY-NEXT:   * Pattern IncrementIntAttribute<3> : 'test.any_attr_of_i32_str -> ()' {
// GREEDY-NEXT:     ** Modified: 'test.any_attr_of_i32_str'(#[[OP]])
// GREEDY-NEXT:   } -> success : pattern applied successfully
// GREEDY-NEXT: } -> success : at least one pattern matched
// GREEDY-NEXT: //===-------------------------------------------===//
// The modified op is processed again; now the pattern fails.
// GREEDY:      Processing operation : 'test.any_attr_of_i32_str'(#[[OP]]) {
// GREEDY-NEXT:   "test.any_attr_of_i32_str"() <{attr = 3 : i32}> : () -> ()
// GREEDY-EMPTY:
// GREEDY-NEXT:   * Pattern IncrementIntAttribute<3> : 'test.any_attr_of_i32_str -> ()' {
// GREEDY-NEXT:   } -> failure : pattern failed to match
// GREEDY-NEXT: } -> failure : all patterns failed to match

//      WALK: Starting walk-based pattern rewrite driver
// WALK-NEXT: Visiting op: "test.any_attr_of_i32_str"() <{attr = 2 : i32}> : () -> ()
// WALK-NEXT: {{^}}	Op matched and rewritten
// WALK-NEXT: Visiting op: "func.return"() : () -> ()
// WALK-NEXT: Visiting op: "func.func"(...) ({...})
func.func @f() {
  "test.any_attr_of_i32_str"() {attr = 2 : i32} : () -> ()
  return
}
