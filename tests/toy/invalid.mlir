// REQUIRES: toy
// RUN: toy-opt %s --split-input-file --verify-diagnostics

// The verifiers the `.td` declares (`hasVerifier`), written in Rust with the
// tutorial's messages, and the ODS constraints.

toy.func @constant_shape() {
  // expected-error@+1 {{'toy.constant' op return type shape mismatches its attribute at dimension 0: 2 != 3}}
  %0 = "toy.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf64>}> : () -> tensor<3xf64>
  toy.return
}

// -----

toy.func @constant_rank() {
  // expected-error@+1 {{'toy.constant' op return type must match the one of the attached value attribute: 1 != 2}}
  %0 = "toy.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf64>}> : () -> tensor<2x1xf64>
  toy.return
}

// -----

toy.func @return_count() -> tensor<2xf64> {
  // expected-error@+1 {{'toy.return' op does not return the same number of values (0) as the enclosing function (1)}}
  toy.return
}

// -----

toy.func @return_type(%arg0: tensor<3xf64>) -> tensor<2xf64> {
  // expected-error@+1 {{type of return operand ('tensor<3xf64>') doesn't match function result type ('tensor<2xf64>')}}
  toy.return %arg0 : tensor<3xf64>
}

// -----

toy.func @transpose_shape(%arg0: tensor<2x3xf64>) {
  // expected-error@+1 {{'toy.transpose' op expected result shape to be a transpose of the input}}
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<2x3xf64>
  toy.return
}

// -----

toy.func @reshape_dynamic(%arg0: tensor<2x3xf64>) {
  // expected-error@+1 {{'toy.reshape' op result #0 must be statically shaped tensor of 64-bit float values, but got 'tensor<*xf64>'}}
  %0 = toy.reshape(%arg0 : tensor<2x3xf64>) to tensor<*xf64>
  toy.return
}

// -----

func.func @return_outside() {
  // expected-error@+1 {{'toy.return' op expects parent op 'toy.func'}}
  "toy.return"() : () -> ()
}

// -----

// `toy.func` declares FunctionOpInterface in `Ops.td`: the interface's
// verifier checks its entry block against its signature (mlir-opt 22's
// messages for func.func, with the toy op's name).
// expected-error@+1 {{'toy.func' op entry block must have 1 arguments to match function signature}}
"toy.func"() <{function_type = (tensor<*xf64>) -> (), sym_name = "count"}> ({
  "toy.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'toy.func' op type of entry block argument #0('tensor<2xf64>') must match the type of the corresponding argument in function signature('tensor<*xf64>')}}
"toy.func"() <{function_type = (tensor<*xf64>) -> (), sym_name = "types"}> ({
^bb0(%a: tensor<2xf64>):
  "toy.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'toy.func' op arguments may only have dialect attributes}}
toy.func @attrs(%a: tensor<*xf64> {plain}) {
  toy.return
}
