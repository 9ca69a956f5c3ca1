// External func.func declarations must not be public.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl()
