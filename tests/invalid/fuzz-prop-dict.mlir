// Found by the `passes` and `roundtrip` fuzz targets (session 10): the
// `prop-dict` directive accepted unknown keys and missing properties, and
// an unknown key was then printed both in `<{...}>` and in the attribute
// dictionary, so the output did not parse again ("duplicate key"). As
// mlir-opt's generated `setPropertiesFromParsedAttr`, the dictionary must
// now hold every native property without a declared default that the
// format does not print elsewhere, and nothing else. Messages from
// mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{invalid properties {oarith.constant4} for op test.using_property_in_custom_and_other: expected key entry for other in DictionaryAttr to set Properties.}}
test.using_property_in_custom_and_other [1, 4, 20] <{oarith.constant4}>

// -----

// expected-error@+1 {{invalid properties {oarith.constant4, other = 5 : i64} for op test.using_property_in_custom_and_other: unknown key '"oarith.constant4"' when parsing properties dictionary}}
test.using_property_in_custom_and_other [1, 4, 20] <{oarith.constant4, other = 5 : i64}>

// -----

// expected-error@+1 {{invalid properties {i64rhs = 16 : i64} for op test.with_properties_and_attr: expected key entry for rhs in DictionaryAttr to set Properties.}}
test.with_properties_and_attr 16 <{i64rhs = 16 : i64}>

// -----

// A key the format prints elsewhere (`$lhs`) is unknown in `prop-dict`.
// expected-error@+1 {{invalid properties {lhs = 1 : i32, rhs = 2 : i64} for op test.with_properties_and_attr: unknown key '"lhs"' when parsing properties dictionary}}
test.with_properties_and_attr 16 <{lhs = 1 : i32, rhs = 2 : i64}>

// -----

// An absent dictionary counts as empty.
// expected-error@+1 {{invalid properties {} for op test.using_property_in_custom_and_other: expected key entry for other in DictionaryAttr to set Properties.}}
test.using_property_in_custom_and_other [1, 4, 20]

// -----

// expected-error@+1 {{invalid properties {packed} for op test.with_properties_and_inferred_type: expected key entry for rhs in DictionaryAttr to set Properties.}}
%0 = test.with_properties_and_inferred_type 1 <{packed}>

// -----

// A native property given a value its storage cannot take (session 11).
// expected-error@+1 {{invalid properties {rhs = "x"} for op test.with_properties_and_inferred_type: expected IntegerAttr for key `value`}}
%a = test.with_properties_and_inferred_type 16 <{rhs = "x"}>
