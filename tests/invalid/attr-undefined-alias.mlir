// Use of an attribute alias that is never defined.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}attr-undefined-alias.mlir:4:33: error: undefined symbol alias id 'undefined_alias'
"foo.op"() {a = #undefined_alias} : () -> ()
