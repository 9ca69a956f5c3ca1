// builtin.module must not have results.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> i32
