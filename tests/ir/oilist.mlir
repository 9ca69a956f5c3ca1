// The `oilist` directive of the declarative format: clauses in any order,
// printed in the format's order, each at most once; unit attributes implied
// by their keyword; custom directives in clauses. Generic-form segment
// sizes of the wrong kind are dropped, as upstream's setInherentAttr.
// Expected output from mlir-opt 22.
// RUN: rmlir-opt %s -split-input-file -verify-diagnostics | FileCheck %s --strict-whitespace

func.func @dup(%a: i32) {
  // expected-error@+1 {{`keyword` clause can appear at most once in the expansion of the oilist directive}}
  test.oilist_with_simple_args keyword %a : i32 keyword %a : i32
  return
}

// -----

// CHECK-LABEL: func.func @order
// CHECK-NEXT: {{^    }}test.oilist_custom private(%arg0 : i32) reduction (%arg1)  nowait{{$}}
// CHECK-NEXT: {{^    }}test.oilist_with_keywords_only keyword thirdKeyword{{$}}
// CHECK-NEXT: {{^    }}test.oilist_allowed_literal buzz{{$}}
// CHECK-NEXT: {{^    }}test.oilist_variadic_with_parens keyword(%arg0 : i32) otherKeyword(%arg1, %arg0 : i32, i32){{$}}
func.func @order(%a: i32, %b: i32) {
  test.oilist_custom nowait reduction (%b) private (%a : i32)
  test.oilist_with_keywords_only thirdKeyword keyword
  test.oilist_allowed_literal buzz
  test.oilist_variadic_with_parens otherKeyword (%b, %a : i32, i32) keyword (%a : i32)
  return
}

// -----

func.func @seg(%a: i32) {
  // expected-error@+1 {{'test.attr_sized_operands' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "test.attr_sized_operands"(%a) {operandSegmentSizes = array<i32: 0, 1>} : (i32) -> ()
  return
}
