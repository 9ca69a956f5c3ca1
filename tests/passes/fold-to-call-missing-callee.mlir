// `test.fold_to_call_op` does not check that its `callee` names a function
// (as upstream's does not), and its canonicalization pattern
// (`FoldToCallOpPattern`) turns it into a `func.call` that then fails
// verification: the canonicalizer reports the verifier's error after the
// pass, exit 1, as mlir-opt 22 does. Disabling the pattern by name keeps the
// op (mlir-opt names it `(anonymous namespace)::FoldToCallOpPattern`, which
// its option parser cannot take). The fuzz harness relies on both (fuzz
// finding passes-crash-710896ef).
// RUN: not rmlir-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: rmlir-opt %s '--canonicalize=disable-patterns=FoldToCallOpPattern' | FileCheck %s --check-prefix=KEPT

// ERR: fold-to-call-missing-callee.mlir:[[# @LINE + 3]]:3: error: 'func.call' op 'missing' does not reference a valid function
// KEPT: "test.fold_to_call_op"() <{callee = @missing}> : () -> ()
func.func @caller() {
  "test.fold_to_call_op"() {callee = @missing} : () -> ()
  return
}
