// An op parser's missing keyword or symbol name is the op's own error
// (`custom op '<name>' ...`) at the token found, as MLIR's parseKeyword and
// parseSymbolName report it through the op parser's emitError; punctuation
// errors back up to the end of the previous token instead. Messages and
// locations from mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @while_missing_do() {
  scf.while : () -> () {
  }
  // expected-error@+1 {{custom op 'scf.while' expected 'do'}}
  foo {
  }
  return
}

// -----

func.func @for_missing_to(%a: index) {
  scf.for %i = %a
  // expected-error@+1 {{custom op 'scf.for' expected 'to'}}
  too %a step %a {
  }
  return
}

// -----

func.func private
// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func private @g()

// -----

func.func @colon_backs_up(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %a
  return
}
