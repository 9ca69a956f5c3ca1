// Found by the `roundtrip` fuzz target (session 9): a compound test
// attribute whose type parameter was `!tes` followed by NUL bytes was
// accepted in the declarative (stripped) form, kept as written, and
// printed in a generic form that did not parse again. The type parameter
// is now parsed as a type, and the stripped form is delimited by the same
// dialect-body scanner as the generic form. First messages and locations
// from mlir-opt 22, which then adds "failed to parse CompoundNestedInner
// parameter ..." errors for each enclosing attribute that rmlir does not
// repeat (docs/DEVIATIONS.md).
// RUN: not rmlir-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not=panicked
// A NUL byte inside the stripped body: mlir-opt reports the type after it
// ("undefined symbol alias id 'tes'"); rmlir stops at the body scan.
// Either way a located error, no crash.
// RUN: printf 'test.format_cpmd_nested_attr nested <i <42 <1, !tes\0\0\0t.smpla, [5, 6]>>>\n' | not rmlir-opt - 2>&1 | FileCheck %s --check-prefix=NUL --implicit-check-not=panicked
// NUL: <stdin>:1:37: error: unbalanced '<' character in pretty dialect name
// RUN: printf '"test.op"() {a = #test.cmpnd_nested_outer<i <42 <1, !tes\0t.smpla, [5, 6]>>>} : () -> ()\n' | not rmlir-opt - --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=GENERIC --implicit-check-not=panicked
// GENERIC: <stdin>:1:42: error: unbalanced '<' character in pretty dialect name

// CHECK: [[@LINE+1]]:52: error: {{.*}}undefined symbol alias id 'tes'
test.format_cpmd_nested_attr nested <i <42 <1, !tes t.smpla, [5, 6]>>>

// -----

// CHECK: [[@LINE+1]]:47: error: {{.*}}expected non-function type
test.format_cpmd_nested_attr nested <i <42 <1, 42, [5, 6]>>>

// -----

// CHECK: [[@LINE+1]]:34: error: expected non-function type
"test.op"() {a = #test.cmpnd_a<1, [5], [5, 6]>} : () -> ()
