// Errors of native properties, as mlir-opt 22 reports them: the property
// parsers' two errors (the value's, then `invalid value for property ...`)
// and the generic form's conversion errors (`invalid properties ...`).
// RUN: not rmlir-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not=panicked

// CHECK: 9:34: error: custom op 'test.prop_pattern_op_1' expected integer value
// CHECK-NEXT: %0 = test.prop_pattern_op_1 "" 5 x
// CHECK: 9:34: error: custom op 'test.prop_pattern_op_1' invalid value for property cond, expected boolean
%0 = test.prop_pattern_op_1 "" 5 x

// -----
// CHECK: 14:32: error: custom op 'test.prop_pattern_op_1' expected integer value
// CHECK: 14:32: error: custom op 'test.prop_pattern_op_1' invalid value for property val, expected int64_t
%0 = test.prop_pattern_op_1 "" x true

// -----
// CHECK: 19:29: error: custom op 'test.prop_pattern_op_1' expected string
// CHECK: 19:29: error: custom op 'test.prop_pattern_op_1' invalid value for property tag, expected string
%0 = test.prop_pattern_op_1 5 5 true

// -----
// CHECK: 24:32: error: custom op 'test.prop_pattern_op_1' integer value too large
// CHECK: 24:32: error: custom op 'test.prop_pattern_op_1' invalid value for property val, expected int64_t
%0 = test.prop_pattern_op_1 "" 99999999999999999999 true

// -----
// A bool property converts only from a bool attribute (MLIR 22 reports the
// string conversion's message).
// CHECK: 30:6: error: invalid properties {cond = 1 : i64, tag = "foo", val = 3 : i64} for op test.prop_pattern_op_1: expected string property to come from string attribute
%0 = "test.prop_pattern_op_1"() <{cond = 1, tag = "foo", val = 3}> : () -> i32

// -----
// CHECK: 34:6: error: invalid properties {cond = true, tag = 3 : i64, val = 3 : i64} for op test.prop_pattern_op_1: expected string property to come from string attribute
%0 = "test.prop_pattern_op_1"() <{cond = true, tag = 3, val = 3}> : () -> i32

// -----
// CHECK: 38:6: error: invalid properties {cond = true, tag = "x", val = 3.000000e+00 : f64} for op test.prop_pattern_op_1: expected IntegerAttr for key `value`
%0 = "test.prop_pattern_op_1"() <{cond = true, tag = "x", val = 3.0}> : () -> i32

// -----
// CHECK: 42:1: error: invalid properties {c = "s"} for op test.with_default_valued_properties: expected IntegerAttr for key `value`
"test.with_default_valued_properties"() <{c = "s"}> : () -> ()
