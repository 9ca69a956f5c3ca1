// The affine dimension and symbol rules (upstream isValidDim/isValidSymbol
// with the affine-scope rules) as affine.for bounds, affine.if conditions,
// affine.load/store subscripts and affine.apply symbols use them, and the
// region verifier of affine.for. Messages from mlir-opt 22; this file also
// passes under `mlir-opt --split-input-file --verify-diagnostics
// --allow-unregistered-dialect`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @a(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%c)] : memref<8xf32>
  }
  return
}

// -----

func.func @b(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%i)] : memref<8xf32>
  }
  return
}

// -----

func.func @c(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%c] : memref<8xf32>
  }
  return
}

// -----

func.func @d(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %c {
    }
  }
  return
}

// -----

func.func @e(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    %x = affine.apply affine_map<(d0) -> (d0)>(%c)
  }
  return
}

// -----

func.func @f(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    // expected-error@+1 {{'affine.if' op operand cannot be used as a dimension id}}
    affine.if affine_set<(d0) : (d0 >= 0)>(%c) {
    }
  }
  return
}

// -----

func.func @g(%m: memref<8xf32>, %n: index, %f: f32) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    // expected-error@+1 {{'affine.store' op operand cannot be used as a dimension id}}
    affine.store %f, %m[%c] : memref<8xf32>
  }
  return
}

// -----

func.func @h(%m: memref<8xf32>, %n: index, %f: f32) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    %x = affine.min affine_map<(d0) -> (d0, 3)>(%c)
  }
  return
}

// -----

func.func @i(%m: memref<8xf32>, %n: index, %f: f32) {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @j(%m: memref<8xf32>, %n: index, %f: f32) {
  affine.for %i = 0 to 8 {
    %c = arith.constant 3 : index
    %x = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%c]
    // expected-error@+1 {{dimensional operand cannot be used as a symbol}}
    %y = affine.apply affine_map<()[s0] -> (s0)>()[%x]
  }
  return
}

// -----

func.func @k(%m: memref<8xf32>, %n: index, %f: f32) {
  "test.region"() ({
    %c = "test.foo"() : () -> index
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%c)] : memref<8xf32>
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @l(%m: memref<?xf32>, %n: index, %f: f32) {
  affine.for %i = 0 to 8 {
    %c0 = arith.constant 0 : index
    %d = memref.dim %m, %c0 : memref<?xf32>
    %v = affine.load %m[symbol(%d)] : memref<?xf32>
    %a = memref.alloc(%i) : memref<?xf32>
    %d2 = memref.dim %a, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v2 = affine.load %m[symbol(%d2)] : memref<?xf32>
  }
  return
}

// -----

func.func @m(%m: memref<8xf32>, %n: index, %f: f32) {
  scf.for %i = %n to %n step %n {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%i)] : memref<8xf32>
  }
  return
}

// -----

func.func @n(%m: memref<8xf32>, %n: index, %f: f32) {
  scf.for %i = %n to %n step %n {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%i] : memref<8xf32>
  }
  return
}

// -----

func.func @o(%m: memref<8xf32>, %n: i64) {
  affine.for %i = 0 to 8 {
    %c = "test.foo"() : () -> index
    %x = affine.apply affine_map<()[s0] -> (s0)>()[%c]
  }
  return
}

// -----

func.func @a(%m: memref<8xf32>, %n: index, %f: f32) {
  %r = affine.for %i = 0 to 8 iter_args(%acc = %n) -> (index) {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%acc] : memref<8xf32>
    %w = affine.load %m[symbol(%n) + %i] : memref<8xf32>
    affine.yield %acc : index
  }
  return
}

// -----

func.func @b(%m: memref<8xf32>, %n: index, %f: f32) {
  %r = affine.for %i = 0 to 8 iter_args(%acc = %n) -> (index) {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%acc)] : memref<8xf32>
    affine.yield %acc : index
  }
  return
}

// -----

func.func @d(%m: memref<8xf32>, %n: index, %f: f32) {
  %t = arith.constant true
  scf.if %t {
    %x = "test.foo"() : () -> index
    affine.for %i = 0 to 8 {
      // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
      %v = affine.load %m[%i + symbol(%x)] : memref<8xf32>
    }
  }
  return
}

// -----

%x = "test.foo"() : () -> index
%m = "test.m"() : () -> memref<8xf32>
affine.for %i = 0 to %x {
  %v = affine.load %m[%i + symbol(%x)] : memref<8xf32>
}

// -----

func.func @e(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%i)[%n] {
      %y = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]
      %v = affine.load %m[%y] : memref<8xf32>
    }
  }
  return
}

// -----

func.func @f(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    %y = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%y)] : memref<8xf32>
  }
  return
}

// -----

func.func @g(%m: memref<8xf32>, %n: index) {
  "test.isolated"() ({
    %k = "test.foo"() : () -> index
    affine.for %i = 0 to 8 {
      // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
      %v = affine.load %m[symbol(%k)] : memref<8xf32>
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @h(%n: index) {
  // expected-error@+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<()[s0] -> (s0)>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%i: i32):
    affine.yield
  }) : (index) -> ()
  return
}

// -----

func.func @i(%n: index) {
  // expected-error@+1 {{'affine.for' op expected lower bound map to have at least one result}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<()[s0] -> ()>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : (index) -> ()
  return
}

// -----

func.func @j(%n: index) {
  // expected-error@+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%n) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

func.func @k(%n: index) {
  // expected-error@+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%n, %n) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

func.func @l(%n: index) {
  // expected-error@+1 {{'affine.for' op different number of inits and region iter_args: 1 != 0}}
  %0 = "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 0, 1>}> ({
  ^bb0(%i: index):
    affine.yield %n : index
  }) : (index) -> (index)
  return
}

// -----

// tensor.dim is a dimension-like op too: its result is a symbol when the
// tensor is top-level, and not even a dimension otherwise.
func.func @tensor_dim(%t: tensor<?xf32>, %m: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %t, %c0 : tensor<?xf32>
    %v = affine.load %m[symbol(%d)] : memref<8xf32>
    %e = tensor.empty(%i) : tensor<?xf32>
    %d2 = tensor.dim %e, %c0 : tensor<?xf32>
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v2 = affine.load %m[%d2] : memref<8xf32>
  }
  return
}

// -----

func.func @a(%n: index) {
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = 0 : index, operandSegmentSizes = array<i32: 0, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @c(%n: index) {
  %r = affine.for %i = 0 to 8 iter_args(%a = %n) -> (index) {
    %z = arith.constant 0 : i32
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %z : i32
  }
  return
}

// -----

func.func @d(%n: index) {
  %r = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> index {
    affine.yield %n : index
  } else {
    %z = arith.constant 0 : i32
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %z : i32
  }
  return
}

// -----

func.func @e(%n: index) {
  // expected-error@+2 {{'affine.if' op along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> index {
    affine.yield %n : index
  }
  return
}

// -----

func.func @g(%n: index) {
  // expected-error@+1 {{'affine.min' op affine map expect at least one result}}
  %0 = affine.min affine_map<(d0) -> ()>(%n)
  return
}
