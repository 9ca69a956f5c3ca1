// builtin.module structure errors, one per chunk.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics
// RUN: not rmlir-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "builtin.module"() ({}) : () -> ()
^bb1:
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> i32

// -----

module {
  func.func private @f()
}
module {
  func.func private @f()
}
// expected-note@+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func private @f()
