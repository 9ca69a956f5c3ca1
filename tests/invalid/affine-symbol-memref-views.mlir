// Affine symbol rules through the new memref ops (upstream
// isDimOpValidSymbol): a memref.dim of a value that ranked memref.casts lead
// back to an alloc/subview/view is a symbol when the matching dynamic size
// operand is one; an unranked cast in between, an alloca, or a size that is
// a loop induction variable is not. Messages from mlir-opt 22; this file
// also passes under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @cast_skip(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %a = memref.alloc(%n) : memref<?xf32>
    %c = memref.cast %a : memref<?xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<?xf32>
    %v = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
// -----
func.func @cast_skip_bad(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %a = memref.alloc(%i) : memref<?xf32>
    %c = memref.cast %a : memref<?xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
// -----
func.func @view_sym(%m: memref<?xf32>, %b: memref<2048xi8>, %n: index, %s: index) {
  affine.for %i = 0 to 10 {
    %v = memref.view %b[%s][%n] : memref<2048xi8> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %v, %c0 : memref<?xf32>
    %x = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
// -----
func.func @view_not_sym(%m: memref<?xf32>, %b: memref<2048xi8>, %s: index) {
  affine.for %i = 0 to 10 {
    %v = memref.view %b[%s][%i] : memref<2048xi8> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %v, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %x = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
// -----
func.func @alloca_not(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %a = memref.alloca(%n) : memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %a, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %x = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
// -----
func.func @cast_unranked(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %a = memref.alloc(%n) : memref<?xf32>
    %u = memref.cast %a : memref<?xf32> to memref<*xf32>
    %c = memref.cast %u : memref<*xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %x = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
