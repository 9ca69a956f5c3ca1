// FunctionOpInterface's verifier (upstream `function_interface_impl::
// verifyTrait` and the default `verifyBody`), shared by every function op:
// `func.func` and `llvm.func` here, `toy.func` in tests/toy. Messages from
// mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "count"}> ({
^bb0(%a: i32, %b: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #1('f32') must match the type of the corresponding argument in function signature('i64')}}
"func.func"() <{function_type = (i32, i64) -> (), sym_name = "types"}> ({
^bb0(%a: i32, %b: f32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
func.func @arg_attrs(%a: i32) attributes {arg_attrs = [{}, {}]} {
  return
}

// -----

// expected-error@+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 0, but expected 1}}
func.func @res_attrs(%a: i32) -> i32 attributes {res_attrs = []} {
  return %a : i32
}

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @no_dialect_arg(%a: i32 {plain = 1}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @no_dialect_result() -> (i32 {plain})

// -----

// Dialect attributes of dialects that are not loaded are accepted.
func.func private @dialect_attrs(i32 {foo.bar = 1}) -> (i32 {foo.baz})

// -----

// expected-error@+1 {{'llvm.func' op entry block must have 2 arguments to match function signature}}
"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32, i32)>, linkage = #llvm.linkage<external>, sym_name = "llvm_count", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
^bb0(%a: i32):
  "llvm.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'llvm.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32)>, linkage = #llvm.linkage<external>, sym_name = "llvm_types", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
^bb0(%a: i64):
  "llvm.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'llvm.func' op arguments may only have dialect attributes}}
llvm.func @llvm_arg_attrs(%a: i32 {plain}) {
  llvm.return
}
