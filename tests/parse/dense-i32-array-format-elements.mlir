// Found by the fuzzer (fuzz/ roundtrip target): the assembly-format parser
// of a DenseI32ArrayAttr/DenseI64ArrayAttr took any attribute as an element,
// so `[i646]` parsed (a type attribute in an i32 array) and printed as
// `array<i32: i646>`, which no longer parses. Elements are integer literals.
// RUN: not rmlir-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @type_element() {
  // CHECK: :[[# @LINE + 1]]:91: error: custom op 'test.with_properties' expected integer value
  test.with_properties a = 32, b = "foo", c = "bar", flag = true, array = [1], array32 = [i646]
  return
}

// -----

func.func @string_element() {
  // CHECK: :[[# @LINE + 1]]:76: error: custom op 'test.with_properties' expected integer value
  test.with_properties a = 32, b = "foo", c = "bar", flag = true, array = ["x"], array32 = [1]
  return
}

// -----

func.func @i32_out_of_range() {
  // CHECK: :[[# @LINE + 1]]:91: error: custom op 'test.with_properties' integer value too large
  test.with_properties a = 32, b = "foo", c = "bar", flag = true, array = [1], array32 = [2147483648]
  return
}
