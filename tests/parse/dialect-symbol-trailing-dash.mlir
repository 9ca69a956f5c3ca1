// A dialect attribute or type of an unloaded dialect written in the pretty
// form with a trailing `-` (`#foo.J-`: the lexer takes `-` into prefixed
// identifiers) has a body that cannot print as `#foo<J->`, where `->`
// reads as an arrow and the `<` stays open. mlir-opt 22 prints that form
// and rejects its own output ("unbalanced '<' character in pretty dialect
// name"); rmlir prints the pretty form back, which both tools parse
// (docs/DEVIATIONS.md, "Text format"). Found by the `passes` fuzz target
// (session 11). Bodies with a `-` elsewhere keep mlir-opt's `<...>` form.
// RUN: rmlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect | rmlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | rmlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "fo.a"() {a = #foo.J-, b = #foo<a-b>, c = #foo<x-1> : i32, d = !foo.t-, e = #foo.9-, f = #foo.$x-, g = #foo.a.b-, h = #foo.x--} : () -> ()
"fo.a"() {a = #foo.J-, b = #foo.a-b, c = #foo.x-1 : i32, d = !foo.t-, e = #foo.9-, f = #foo.$x-, g = #foo.a.b-, h = #foo.x--} : () -> ()
