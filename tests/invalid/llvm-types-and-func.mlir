// LLVM types and `llvm.func` are checked as MLIR 22 checks them: element
// types of arrays, structures and function types (error at the `<`), the
// LLVM-compatibility of a function signature and of its entry block, the
// linkage rules, and the attribute constraints of the generic form. Found
// by scripts/accepts_check.py (a mutant with `index` in a struct passed to
// `llvm.func` was accepted). Messages from mlir-opt 22; this file also
// passes under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{invalid LLVM structure element type: '!llvm.func<void ()>'}}
func.func private @g(!llvm.struct<(!llvm.func<void ()>)>)

// -----

// expected-error@+1 {{invalid LLVM structure element type: '!llvm.token'}}
func.func private @g(!llvm.struct<(i32, token)>)

// -----

// expected-error@+1 {{invalid array element type: '!llvm.func<void ()>'}}
func.func private @g(!llvm.array<2 x func<void ()>>)

// -----

// expected-error@+1 {{invalid function argument type: '!llvm.void'}}
func.func private @g(!llvm.func<void (void)>)

// -----

// expected-error@+1 {{invalid function result type: '!llvm.label'}}
func.func private @g(!llvm.func<label ()>)

// -----

// expected-error@+1 {{failed to construct function type: expected LLVM type for function arguments}}
llvm.func @f(!llvm.ptr<1>, !llvm.struct<(!llvm.ptr, index)>) -> !llvm.ptr

// -----

// expected-error@+1 {{failed to construct function type: expected LLVM type for function arguments}}
llvm.func internal @f(vector<2x2xi32>)

// -----

// expected-error@+1 {{failed to construct function type: expected LLVM type for function results'ui32'}}
llvm.func @f(i32) -> ui32

// -----

// expected-error@+1 {{failed to construct function type: expected zero or one function result}}
llvm.func @f(i32) -> (i32, i32)

// -----

// expected-error@+1 {{'llvm.func' op functions cannot have 'common' linkage}}
llvm.func common @f(%a: i32) {
  llvm.return
}

// -----

// expected-error@+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
llvm.func weak @f()

// -----

// expected-error@+1 {{'llvm.func' op entry block argument #0 is not of LLVM type}}
"llvm.func"() ({
^bb0(%a: index):
  llvm.return
}) {function_type = !llvm.func<void (index)>, sym_name = "x"} : () -> ()

// -----

// expected-error@+1 {{'llvm.func' op attribute 'function_type' failed to satisfy constraint: type attribute of LLVM function type}}
"llvm.func"() ({}) {function_type = (i32) -> (), sym_name = "x"} : () -> ()

// -----

// expected-error@+1 {{'llvm.func' op attribute 'linkage' failed to satisfy constraint: LLVM Linkage specification}}
"llvm.func"() ({}) {function_type = !llvm.func<void (i32)>, sym_name = "x", linkage = 3} : () -> ()

// -----

// expected-error@+2 {{expected one of [external, available_externally, linkonce, linkonce_odr, weak, weak_odr, appending, internal, private, extern_weak, common] for LLVM linkage types, got: bogus}}
// expected-error@+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
"llvm.func"() ({}) {function_type = !llvm.func<void (i32)>, sym_name = "x", linkage = #llvm.linkage<bogus>} : () -> ()
