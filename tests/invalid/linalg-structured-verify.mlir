// The linalg structured-op verifiers (upstream DestinationStyleOpInterface,
// IndexingMapOpInterface and LinalgStructuredInterface verification, the
// fill checks and linalg.yield's verifier) on linalg.generic, linalg.fill and
// linalg.exp. Messages from mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics
// --allow-unregistered-dialect`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

#id = affine_map<(d0) -> (d0)>
func.func @a(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @b(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected indexing_map #0 to have 2 dim(s) to match the number of loops}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
#m2 = affine_map<(d0) -> (d0, d0)>
func.func @c(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected operand #0 rank (1) to match the result rank of indexing_map (2)}}
  linalg.generic {indexing_maps = [#m2, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @d(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @e(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: i32, %b: f32):
    linalg.yield %b : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error@+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %a, %a : f32, f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @g(%x: memref<4xf32>, %y: memref<4xf32>, %i: i32) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %i : i32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @h(%x: memref<4xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected to have pure tensor or buffer semantics}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @i(%x: memref<4xf32>, %y: memref<5xf32>) {
  // expected-error@+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<5xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0)[s0] -> (d0)>
func.func @j(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @k(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @l(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0)>
#o = affine_map<(d0, d1) -> (d0 + d1)>
func.func @m(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0 + d1))}}
  linalg.generic {indexing_maps = [#id, #o], iterator_types = ["parallel", "parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @n(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expects region #0 to have 0 or 1 blocks}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  ^bb1:
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @o(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+2 {{'linalg.generic' op expects regions to end with 'linalg.yield', found 'test.foo'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'linalg.yield'}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    "test.foo"() : () -> ()
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @p(%x: f32, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, #id], iterator_types = ["parallel"]} ins(%x : f32) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @q(%x: f32, %y: memref<4xf32>) {
  linalg.fill ins(%x : f32) outs(%y : memref<4xf32>)
  linalg.exp ins(%y : memref<4xf32>) outs(%y : memref<4xf32>)
  return
}

// -----

func.func @r(%x: f32, %y: memref<4xf32>, %z: memref<5xf32>) {
  // expected-error@+1 {{'linalg.exp' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  linalg.exp ins(%y : memref<4xf32>) outs(%z : memref<5xf32>)
  return
}

// -----

func.func @s(%x: f32, %y: memref<4xf32>, %z: memref<4x4xf32>) {
  // expected-error@+1 {{'linalg.exp' op expected operand #0 rank (1) to match the result rank of indexing_map (2)}}
  linalg.exp ins(%y : memref<4xf32>) outs(%z : memref<4x4xf32>)
  return
}

// -----

func.func @t(%x: f64, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.fill' op expected fill value type ('f64') to match output element type ('f32')}}
  linalg.fill ins(%x : f64) outs(%y : memref<4xf32>)
  return
}

// -----

func.func @u(%x: memref<f32>, %y: memref<4xf32>) {
  // expected-error@+1 {{expected op with scalar input}}
  linalg.fill ins(%x : memref<f32>) outs(%y : memref<4xf32>)
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @w(%x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    "test.foo"() : () -> ()
    linalg.yield %a : f32
  }
  // expected-error@+1 {{'linalg.yield' op must be the last operation in the parent block}}
  linalg.yield %x : memref<4xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @x(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' unexpected iterator_type (bogus)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "bogus"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d1, d0)>
func.func @y(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0 - d1)>
#o = affine_map<(d0, d1) -> (d0, d1)>
func.func @z(%x: memref<4xf32>, %y: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [#id, #o], iterator_types = ["parallel", "parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @a(%x: vector<4xf32>, %y: memref<4xvector<4xf32>>) {
  linalg.fill ins(%x : vector<4xf32>) outs(%y : memref<4xvector<4xf32>>)
  return
}

// -----

func.func @b(%x: f32, %y: memref<4xf32>) {
  linalg.fill ins(%x, %x : f32, f32) outs(%y : memref<4xf32>)
  // expected-error@+1 {{custom op 'linalg.fill' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  return
}

// -----

func.func @c(%x: f32, %y: memref<4xf32>) {
  linalg.fill ins(%x : f32) outs(%y, %y : memref<4xf32>, memref<4xf32>)
  // expected-error@+1 {{custom op 'linalg.fill' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  return
}

// -----

func.func @d(%x: i32, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.fill' op expected fill value type ('i32') to match output element type ('f32')}}
  linalg.fill ins(%x : i32) outs(%y : memref<4xf32>)
  return
}

// -----

func.func @e(%x: f32, %y: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.fill' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %r = linalg.fill ins(%x : f32) outs(%y : tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @g(%x: complex<f32>, %y: memref<4xcomplex<f32>>) {
  linalg.fill ins(%x : complex<f32>) outs(%y : memref<4xcomplex<f32>>)
  return
}

// -----

func.func @h(%x: tensor<f32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{expected op with scalar input}}
  %r = linalg.fill ins(%x : tensor<f32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%x: memref<4xf32>, %y: memref<4x4xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0, d1) -> (d1 - d0 - 1)}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1 - d0 - 1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @b(%x: memref<6xf32>, %y: memref<4x4xf32>) {
  // expected-error@+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 7, but found 6}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1 + d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<6xf32>) outs(%y : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @c(%x: memref<4x8xf32>, %y: memref<8xf32>, %t: tensor<?x8xf32>, %u: tensor<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : memref<4x8xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%t : tensor<?x8xf32>) outs(%u : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  // expected-error@+1 {{'linalg.generic' op expected operand #0 rank (1) to match the result rank of indexing_map (0)}}
  %z = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>], iterator_types = []} outs(%u : tensor<8xf32>) {
  ^bb0(%b: f32):
    linalg.yield %b : f32
  } -> tensor<8xf32>
  return
}

// -----

func.func @d(%x: memref<4x8xf32>, %y: memref<8xf32>) {
  // expected-error@+1 {{'linalg.generic' op expects to have 1 region with 1 block}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : memref<4x8xf32>) outs(%y : memref<8xf32>) {
  }
  return
}

// -----

func.func @e(%u: tensor<8xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected operand #0 rank (1) to match the result rank of indexing_map (0)}}
  %z = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%u : tensor<8xf32>) {
  ^bb0(%b: f32):
    linalg.yield %b : f32
  } -> tensor<8xf32>
  return
}

// -----

func.func @f(%u: memref<8xf32>) {
  // expected-error@+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  "linalg.yield"() : () -> ()
}

// -----

func.func @a(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0))}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @b(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0, s0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

func.func @c(%x: memref<4xf32>, %y: memref<5xf32>) {
  // expected-error@+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<4xf32>) outs(%y : memref<5xf32>) {
  ^bb0(%a: i32, %b: f32):
    linalg.yield %b : f32
  }
  return
}

// -----

func.func @b(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.}}
  "linalg.generic"(%x, %y) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @c(%x: memref<4xf32>, %y: memref<4xf32>) {
  "linalg.generic"(%x, %y) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @d(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute}}
  "linalg.generic"(%x, %y) <{indexing_maps = [affine_map<(d0) -> (d0)>, 3], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @e(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{expected op with scalar input}}
  "linalg.fill"(%x, %y) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: f32, %y: memref<4xf32>) {
  "linalg.fill"(%x, %y) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }) : (f32, memref<4xf32>) -> ()
  return
}

// -----

func.func @g(%x: f32, %y: memref<4xf32>) {
  // expected-error@+1 {{expected op with 1 input and 1 output}}
  "linalg.fill"(%x, %y, %y) <{operandSegmentSizes = array<i32: 1, 2>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %a, %a : f32, f32
  }) : (f32, memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @h(%x: f32, %y: memref<4xf32>) {
  "linalg.exp"(%y, %y) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @i(%x: f32, %y: memref<4xf32>) {
  // expected-error@+1 {{'linalg.exp' op expects to have 1 region with 1 block}}
  "linalg.exp"(%y, %y) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  }) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @j(%x: f32, %y: memref<4xf32>) {
  "linalg.exp"(%y) <{operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%b: f32):
    linalg.yield %b : f32
  }) : (memref<4xf32>) -> ()
  return
}
