//===- TestOpsGreedy.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the greedy and walk drivers (greedy-pattern-rewrite-driver-*, test-strict-pattern-driver, test-walk-pattern-rewrite-driver, test-operation-folder, test-pattern-selective-replacement).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
// Most ops these tests use (`test.erase_op`, `test.clone_me`, ...) are not
// defined anywhere: the test dialect accepts unknown ops and the patterns of
// `src/greedy.rs` match them by name. Only the ops upstream defines in ODS
// are defined here.
//
// rmlir's ODS generator requires every operand and region to be named (it
// derives accessors from the names); where upstream leaves one unnamed, it
// is named here. Names are not visible in the IR.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

// ----- attributes -----

// `IncrementIntAttribute` bumps the integer form of `attr`.
def AnyAttrOfOp : TEST_Op<"any_attr_of_i32_str"> {
  let arguments = (ins AnyAttrOf<[I32Attr, StrAttr]>:$attr);
}

// ----- symbols -----

def SymbolOp : TEST_Op<"symbol", [NoMemoryEffect, Symbol]> {
  let summary =  "operation which defines a new symbol";
  let arguments = (ins StrAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility);
}

// ----- regions -----

// `HoistEligibleOps` moves eligible ops out of its region.

// Upstream implements `getRegionKind` by hand (always a graph region);
// `HasOnlyGraphRegion` is how rmlir states that.

// ----- folding -----

def TestCommutative2Op : TEST_Op<"op_commutative2", [Commutative]> {
  let arguments = (ins I32:$op1, I32:$op2);
  let results = (outs I32);
}

// `FoldingPattern` replaces it by a `test.op_in_place_fold` built with
// `create_or_fold`.
def TestOpInPlaceFoldAnchor : TEST_Op<"op_in_place_fold_anchor"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
}

// Folds in place: records its constant operand in `attr`.
def TestOpInPlaceFold : TEST_Op<"op_in_place_fold"> {
  let arguments = (ins I32:$op, OptionalAttr<I32Attr>:$attr);
  let results = (outs I32);
  let hasFolder = 1;
}

// ----- casts -----


// ----- hooks that panic (rmlir's test of crash containment) -----

// rmlir only: its verifier panics when `verifier_panics` is set and its
// folder panics when `folder_panics` is set, as a bug in a user's hook
// would. The tool reports an error at the op and exits 1.
def TestPanickingHooksOp : TEST_Op<"panicking_hooks"> {
  let arguments = (ins UnitAttr:$verifier_panics, UnitAttr:$folder_panics);
  let results = (outs I32);
  let hasVerifier = 1;
  let hasFolder = 1;
}

// ----- patterns that never converge (rmlir's test of non-convergence reports) -----

// rmlir only: two canonicalization patterns flip its unit attribute
// `flipped` on and off, undoing each other forever (a cycle within one
// iteration, which only `max-num-rewrites` stops).
def TestRmlirFlipOp : TEST_Op<"rmlir_flip"> {
  let arguments = (ins UnitAttr:$flipped);
  let hasCanonicalizer = 1;
}

// rmlir only: its canonicalization pattern inserts a new op before it in
// every iteration, so the IR grows until `max-iterations` stops it.
def TestRmlirGrowOp : TEST_Op<"rmlir_grow"> {
  let hasCanonicalizer = 1;
}
