// Parser errors of the text-format constructs, with mlir-opt 22's messages
// and positions.
// RUN: rmlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error @+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
"foo"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()

// -----

// expected-error @+1 {{expected IntegerSet, but got AffineMap}}
"foo"() {a = affine_set<(d0) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected AffineMap, but got IntegerSet}}
"foo"() {a = affine_map<(d0) : (d0 >= 0)>} : () -> ()

// -----

// expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"foo"() {a = affine_set<(d0)[s0] : (d0 * d0 >= 0)>} : () -> ()

// -----

// expected-error @+1 {{expected '[' after 'distinct'}}
"foo"() {a = distinct(1)<unit>} : () -> ()

// -----

// expected-error @+1 {{expected distinct ID}}
"foo"() {a = distinct[]<unit>} : () -> ()

// -----

// expected-error @+1 {{referenced attribute does not match previous definition: 1 : i32}}
"foo"() {a = distinct[1]<1 : i32>, b = distinct[1]<2 : i32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close distinct attribute}}
"foo"() {a = distinct[1]<1 : i32} : () -> ()

// -----

// expected-error @+1 {{expected shape ([2, 2]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([1])}}
"foo"() {a = sparse<[[0, 0], [1, 1]], [1]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[0, 5], and type='tensor<2x2xi32>'}}
"foo"() {a = sparse<[[0, 5]], [1]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([1])}}
"foo"() {a = sparse<[[0]], [1]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"foo"() {a = sparse<[0], [1]> : tensor<*xi32>} : () -> ()

// -----

// expected-error @+1 {{expected ','}}
"foo"() {a = sparse<[0] [1]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected operation name in quotes}}
func.func @f() {
  i32
}

// -----

// expected-error @+1 {{custom op 'test.ssacfg_region' has no custom assembly form}}
test.ssacfg_region

// -----

// expected-error @+1 {{custom op 'test.parse_b64' Base64 encoded strings must be a multiple of 4 bytes in length}}
test.parse_b64 "aGVsbG8"

// -----

// expected-error @+1 {{custom op 'test.parse_b64' Invalid Base64 character 0x21 at index 3}}
test.parse_b64 "aGV!bG8="

// -----

// expected-error @+1 {{custom op 'test.parse_b64' expected string}}
test.parse_b64 foo

// -----

// expected-error @+1 {{custom op 'test.parse_wrapped_keyword' expected valid keyword}}
test.parse_wrapped_keyword "x"

// -----

// expected-error @+1 {{custom op 'test.parse_integer_literal' expected integer value}}
%0 = test.parse_integer_literal : x

// -----

// expected-error @+1 {{expected '}' in attribute dictionary}}
"foo"() {a = #foo.attr : i32 : i64} : () -> ()

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @f(memref<1x!test.smpla>)

// -----

// expected-error @+1 {{expected '>' in integer set}}
"foo"() {a = affine_set<(d0) : (d0 >= 0)} : () -> ()

// -----

// expected-error @+1 {{expected 1-d tensor for sparse element values}}
"foo"() {a = sparse<[[0, 0]], [[1]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected an unsigned 64-bit integer}}
"foo"() {a = distinct[18446744073709551616]<unit>} : () -> ()

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%i, %i) {
  }
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
  affine.if affine_set<(d0)[s0] : (d0 >= 0)>(%i) {
  }
  return
}
