// Two functions with the same name in one symbol table.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-note@+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func private @f()
