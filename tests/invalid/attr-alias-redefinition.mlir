// An attribute alias defined twice.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}attr-alias-redefinition.mlir:5:1: error: redefinition of attribute alias id 'a'
#a = 1
#a = 2
"foo.op"() {x = #a} : () -> ()
