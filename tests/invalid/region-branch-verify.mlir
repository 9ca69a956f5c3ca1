// RegionBranchOpInterface's verifier (MLIR's verifyRegionBranchOpInterface):
// along every control-flow edge between an op and its regions, the branch
// point forwards as many values as the successor receives, of the same
// types; the note points at the branch point. Messages checked with
// mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @if_yield_missing(%c: i1) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.yield
  } else {
    %1 = arith.constant 1 : i32
    scf.yield %1 : i32
  }
  return %0 : i32
}

// -----

func.func @if_yield_type(%c: i1) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = "scf.if"(%c) ({
    %2 = arith.constant 1 : i64
    // expected-note@+1 {{region branch point}}
    scf.yield %2 : i64
  }, {
    %1 = arith.constant 1 : i32
    scf.yield %1 : i32
  }) : (i1) -> i32
  return %0 : i32
}

// -----

func.func @while_condition_type(%x: i32) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    %2 = arith.constant 1 : i64
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %2 : i64
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %0 : i32
}

// -----

func.func @while_init_count(%x: i32) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 0 inputs}}
  // expected-note@+1 {{region branch point}}
  "scf.while"(%x) ({
    %c = arith.constant true
    scf.condition(%c)
  }, {
    scf.yield
  }) : (i32) -> ()
  return
}

// -----

func.func @while_after_yield(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  "scf.while"(%x) ({
  ^bb0(%a: i32):
    %c = arith.constant true
    scf.condition(%c)
  }, {
    // expected-note@+1 {{region branch point}}
    scf.yield
  }) : (i32) -> ()
  return
}

// -----

func.func @execute_region_type() -> i32 {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.execute_region -> i32 {
    %1 = arith.constant 1 : i64
    // expected-note@+1 {{region branch point}}
    scf.yield %1 : i64
  }
  return %0 : i32
}

// -----

func.func @for_yield_type(%lb: index, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'i64'}}
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%iv: index, %a: i32):
    %2 = arith.constant 1 : i64
    scf.yield %2 : i64
  }) : (index, index, index, i32) -> i32
  return %0 : i32
}
