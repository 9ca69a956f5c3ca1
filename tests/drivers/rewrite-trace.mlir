// REQUIRES: rmlir
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t.json | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.json
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t.html -o /dev/null
// RUN: FileCheck %s --input-file=%t.html --check-prefix=HTML
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t.out --mlir-rewrite-trace-format=html -o /dev/null
// RUN: FileCheck %s --input-file=%t.out --check-prefix=HTML

// The rewrite trace (`--mlir-print-rewrite-trace`, docs/TRACE.md) names,
// for every op of the output, the pattern or fold that created or last
// changed it: here upstream's DRR pattern AddIAddConstant, its C++ pattern
// SelectToExtUI (by hand in rmlir), the fold of arith.muli, and a pattern
// of the test dialect that changes an op in place. Each op is mapped to its
// output line and result names.

// IR:      %c2_i32 = arith.constant 2 : i32
// IR-NEXT: %c3_i32 = arith.constant 3 : i32
// IR-NEXT: %0 = arith.addi %arg0, %c3_i32 : i32
// IR-NEXT: %1 = arith.extui %arg1 : i1 to i32
// IR-NEXT: %2 = "test.trace_check"(%arg0) {checked} : (i32) -> i32
// IR-NEXT: return %0, %1, %c2_i32, %2 : i32, i32, i32, i32

// CHECK:      "version": 1,
// CHECK:      {"id": 0, "name": "builtin.module", "line": 1, "results": [], {{.*}}"origin": "input", "last": null, "history": []},
// CHECK-NEXT: {"id": 1, "name": "func.func", "line": 2, "results": [], {{.*}}"origin": "input", "last": null, "history": []},
// CHECK-NEXT: {"id": 2, "name": "arith.constant", "line": 3, "results": ["%c2_i32"], "loc": "{{.*}}rewrite-trace.mlir:[[@LINE+26]]:8", "origin": "created", "last": {"what": "created", "by": {"kind": "fold", "name": "fold", "root": "arith.muli", "pass": "canonicalize#1", "step": {{[0-9]+}}}}
// CHECK-NEXT: {"id": 3, "name": "arith.constant", "line": 4, "results": ["%c3_i32"], {{.*}}"origin": "created", "last": {"what": "created", "by": {"kind": "pattern", "name": "(anonymous namespace)::AddIAddConstant", "root": "arith.addi",
// CHECK-NEXT: {"id": 4, "name": "arith.addi", "line": 5, "results": ["%0"], {{.*}}"origin": "created", "last": {"what": "created", "by": {"kind": "pattern", "name": "(anonymous namespace)::AddIAddConstant", "root": "arith.addi",
// CHECK-NEXT: {"id": 5, "name": "arith.extui", "line": 6, "results": ["%1"], {{.*}}"origin": "created", "last": {"what": "created", "by": {"kind": "pattern", "name": "SelectToExtUI", "root": "arith.select",
// CHECK-NEXT: {"id": 6, "name": "test.trace_check", "line": 7, "results": ["%2"], {{.*}}"origin": "modified", "last": {"what": "modified", "by": {"kind": "pattern", "name": "TraceCheckMarked", "root": "test.trace_check",
// The return's operands were replaced by three rewrites, the fold last.
// CHECK-NEXT: {"id": 7, "name": "func.return", "line": 8, "results": [], {{.*}}"origin": "modified", "last": {"what": "modified", "by": {"kind": "fold", "name": "fold", "root": "arith.muli", {{.*}}"history": [{"what": "modified", "by": {"kind": "pattern", "name": "(anonymous namespace)::AddIAddConstant", {{.*}}}}, {"what": "modified", "by": {"kind": "pattern", "name": "SelectToExtUI", {{.*}}}}, {"what": "modified", "by": {"kind": "fold", "name": "fold", {{.*}}}}]}
// CHECK-NEXT: ],
// CHECK-NEXT: "trace_op": null
// CHECK-NEXT: }

// HTML:      <!DOCTYPE html>
// HTML-NOT:  <link
// HTML-NOT:  src=
// HTML:      <a class="op origin-created" id="op-5" data-op="5" href="#h-5">    %1 = arith.extui %arg1 : i1 to i32</a>
// HTML:      <div class="history" id="h-5"><h3><a href="#op-5">line 6</a> <code>%1 = arith.extui</code>
// HTML-SAME: created by <span class="cause pattern">pattern <code>SelectToExtUI</code> on <code>arith.select</code>
// HTML:      <script type="application/json" id="trace-data">{

func.func @f(%x: i32, %c: i1) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.addi %a, %c2 : i32
  %s = arith.select %c, %c1, %zero : i32
  %k = arith.muli %c1, %c2 : i32
  %t = "test.trace_check"(%x) : (i32) -> i32
  return %b, %s, %k, %t : i32, i32, i32, i32
}
