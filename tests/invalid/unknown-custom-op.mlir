// Custom-syntax op that no dialect defines.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}unknown-custom-op.mlir:5:3: error: Dialect `foo' not found for custom op 'foo.bar' 
func.func @f() {
  foo.bar
  return
}
