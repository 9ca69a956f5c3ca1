// REQUIRES: custom-opt
// RUN: custom-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics | FileCheck %s

// The `names` dialect of examples/custom-opt (td/UpstreamNames.td) uses
// upstream's ODS names as upstream's `.td` files do: the elements attribute
// constraints, `ConfinedAttr`/`ConfinedType`, `AnyTypeOf`, own
// `TypeConstraint`s, `Arg`/`Res` with effects, `AttrSizedOperandSegments`,
// `SingleBlockImplicitTerminator`, `HasParent`/`ParentOneOf`. The messages
// are ODS's (same shapes as mlir-opt's for upstream's ops).

// CHECK-LABEL: module {
// CHECK-NEXT:    %0 = names.elements {bools = dense<true> : tensor<i1>, count = 4 : i64, f16s = dense<1.000000e+00> : tensor<f16>, f32s = dense<1.000000e+00> : tensor<2xf32>, ints = dense<1> : tensor<3xi32>, pair = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, single = dense<7> : tensor<1xi64>, square = dense<1.000000e+00> : tensor<2x2xf64>, triple = dense<[1, 2, 3]> : tensor<3xi32>} : tensor<2x2xf32>
// CHECK-NEXT:    %1 = names.elements {f32s = dense<1.000000e+00> : tensor<2xf32>} : i32
// CHECK-NEXT:    %2 = "test.m"() : () -> memref<2xf32>
// CHECK-NEXT:    %3 = names.access(%2, %2) into %2 : (memref<2xf32>, memref<2xf32>, memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %4 = names.access(%2) : (memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    names.region {
// CHECK-NEXT:      %5 = "test.c"() : () -> index
// CHECK-NEXT:      %6 = names.inner %5 : index to f32
// CHECK-NEXT:    }
%0 = names.elements {f32s = dense<1.0> : tensor<2xf32>, pair = dense<[1.0, 2.0]> : tensor<2xf32>, square = dense<1.0> : tensor<2x2xf64>, ints = dense<1> : tensor<3xi32>, triple = dense<[1, 2, 3]> : tensor<3xi32>, single = dense<7> : tensor<1xi64>, bools = dense<true> : tensor<i1>, f16s = dense<1.0> : tensor<f16>, count = 4 : i64} : tensor<2x2xf32>
%1 = names.elements {f32s = dense<1.0> : tensor<2xf32>} : i32
%m = "test.m"() : () -> memref<2xf32>
%2 = names.access(%m, %m) into %m : (memref<2xf32>, memref<2xf32>, memref<2xf32>) -> memref<2xf32>
%3 = names.access(%m) : (memref<2xf32>) -> memref<2xf32>
// The implicit terminator is added by the parser and elided by the printer.
names.region {
  %c = "test.c"() : () -> index
  %4 = names.inner %c : index to f32
}

// -----

// expected-error@+1 {{custom op 'names.elements' 'names.elements' op attribute 'f32s' failed to satisfy constraint: 32-bit float elements attribute}}
%0 = names.elements {f32s = dense<1.0> : tensor<2xf64>} : f32

// -----

// expected-error@+1 {{attribute 'pair' failed to satisfy constraint: 32-bit float elements attribute of shape [2]}}
%0 = names.elements {f32s = dense<1.0> : tensor<2xf32>, pair = dense<1.0> : tensor<3xf32>} : f32

// -----

// expected-error@+1 {{attribute 'triple' failed to satisfy constraint: 32-bit signless int elements attribute of shape [3]}}
%0 = names.elements {f32s = dense<1.0> : tensor<2xf32>, triple = dense<1> : tensor<3xi64>} : f32

// -----

// expected-error@+1 {{attribute 'count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive whose value is a power of two > 0}}
%0 = names.elements {f32s = dense<1.0> : tensor<2xf32>, count = 3 : i64} : f32

// -----

// expected-error@+1 {{'names.elements' op result #0 must be tensor of even rank or small i32 or 32-bit float, but got 'tensor<3xf32>'}}
%0 = names.elements {f32s = dense<1.0> : tensor<2xf32>} : tensor<3xf32>

// -----

names.region {
  %0 = "test.x"() : () -> f32
  // expected-error@+1 {{'names.inner' op operand #0 must be index or integer, but got 'f32'}}
  %1 = names.inner %0 : f32 to f32
}

// -----

// expected-error@+1 {{'names.end' op expects parent op to be one of 'names.region, names.other'}}
names.end

// -----

%0 = "test.x"() : () -> index
// expected-error@+1 {{'names.inner' op expects parent op 'names.region'}}
%1 = names.inner %0 : index to f32
