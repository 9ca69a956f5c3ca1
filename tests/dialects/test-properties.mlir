// Native ODS properties (crates/mlir-ods/td/Properties.td) on the test ops
// upstream declares with them: `StringProp`, `I64Prop`, `BoolProp`,
// `DefaultValuedProp<StringProp>`, `DefaultValuedProp<IntProp<"int32_t">>` and
// `UnitProp`. Custom form: the properties' printers (bare integers, quoted
// strings, `true`/`false`, `unit`/`unit_absent`), defaults elided by optional
// groups. Generic form: every property present in `<{...}>` (value-initialized
// when absent from the input), integers converted to the property's width.
// RUN: rmlir-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN --strict-whitespace --match-full-lines
// Both forms parse back to the same ops:
// RUN: rmlir-opt %s | rmlir-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt | FileCheck %s --strict-whitespace --match-full-lines

// CHECK:module {
// CHECK-NEXT:  test.with_default_valued_properties na
// CHECK-NEXT:  test.with_default_valued_properties 1 "foo" 0 unit
// CHECK-NEXT:  test.with_default_valued_properties 1
// CHECK-NEXT:  test.with_default_valued_properties na "x"
// CHECK-NEXT:  test.with_default_valued_properties na 7 unit
// CHECK-NEXT:  test.with_default_valued_properties na 5 unit
// CHECK-NEXT:  test.with_default_valued_properties na
// CHECK-NEXT:  %0 = test.prop_pattern_op_1 "a\22b\0A" -5 false
// CHECK-NEXT:  %1 = test.prop_pattern_op_1 "foo" 3 true
// CHECK-NEXT:  %2 = test.prop_pattern_op_1 "" 0 false
// CHECK-NEXT:  test.prop_pattern_op_2 %0 "bar"
// CHECK-NEXT:}

// GEN:"builtin.module"() ({
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 0 : i32, b = "", c = -1 : i32, unit = false}> : () -> ()
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 1 : i32, b = "foo", c = 0 : i32, unit}> : () -> ()
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 1 : i32, b = "", c = -1 : i32, unit = false}> : () -> ()
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 0 : i32, b = "x", c = -1 : i32, unit = false}> : () -> ()
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 0 : i32, b = "", c = 7 : i32, unit}> : () -> ()
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 0 : i32, b = "", c = 5 : i32, unit}> : () -> ()
// GEN-NEXT:  "test.with_default_valued_properties"() <{a = 0 : i32, b = "", c = -1 : i32, unit = false}> : () -> ()
// GEN-NEXT:  %0 = "test.prop_pattern_op_1"() <{cond = false, tag = "a\22b\0A", val = -5 : i64}> : () -> i32
// GEN-NEXT:  %1 = "test.prop_pattern_op_1"() <{cond = true, tag = "foo", val = 3 : i64}> : () -> i32
// GEN-NEXT:  %2 = "test.prop_pattern_op_1"() <{cond = false, tag = "", val = 0 : i64}> : () -> i32
// GEN-NEXT:  "test.prop_pattern_op_2"(%0) <{tag = "bar"}> : (i32) -> ()
// GEN-NEXT:}) : () -> ()

test.with_default_valued_properties 0 "" -1 unit_absent
test.with_default_valued_properties 1 "foo" 0 unit
test.with_default_valued_properties 1 "" -1 unit_absent
test.with_default_valued_properties na "x"
test.with_default_valued_properties na 7 unit
"test.with_default_valued_properties"() <{c = 5 : i8, unit = true}> : () -> ()
"test.with_default_valued_properties"() : () -> ()
%0 = test.prop_pattern_op_1 "a\"b\n" -5 false
%1 = "test.prop_pattern_op_1"() <{cond = true, tag = "foo", val = 3 : i32}> : () -> i32
%2 = "test.prop_pattern_op_1"() : () -> i32
test.prop_pattern_op_2 %0 "bar"
