//===- TestOpsCanon.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the canonicalizer and
// folding (test-canonicalize*, canonicalize-dce, trait.mlir, constant-fold*).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`. Folders,
// canonicalization patterns and interface methods (`hasFolder`,
// `hasCanonicalizer`, `DeclareOpInterfaceMethods`) are hand-written in
// `src/canon.rs`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

// rmlir's generator needs named arguments, results of any count and regions;
// the names below only add accessors.

// Upstream implements `RegionKindInterface::getRegionKind` returning
// `Graph`; rmlir expresses a graph region with the HasOnlyGraphRegion trait.

//===----------------------------------------------------------------------===//
// Branches and effects
//===----------------------------------------------------------------------===//

// BranchOpInterface (hand-written): all operands go to the one successor.

// BranchOpInterface (hand-written): upstream forwards `secondOperands` to
// successor 0 and `firstOperands` to successor 1 (crossed on purpose).
def TestProducingBranchOp : TEST_Op<"producing_br",
    [DeclareOpInterfaceMethods<BranchOpInterface>, Terminator,
     AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$firstOperands,
                       Variadic<AnyType>:$secondOperands);
  let results = (outs I32:$dummy);
  let successors = (successor AnySuccessor:$first,AnySuccessor:$second);
}

// MemoryEffectsOpInterface (hand-written): allocates its result and writes
// to it, so it is dead when the result is unused.
def TestEffectsResultOp : TEST_Op<"test_effects_result",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let results = (outs I32:$result);
}

//===----------------------------------------------------------------------===//
// Canonicalization and folding
//===----------------------------------------------------------------------===//

// Op for testing RewritePattern removing op with inner ops.
def TestOpWithRegionPattern : TEST_Op<"op_with_region_pattern"> {
  let regions = (region SizedRegion<1>:$region);
  let hasCanonicalizer = 1;
}

// Op for testing trivial removal via folding of op with inner ops and no uses.
def TestOpWithRegionFoldNoMemoryEffect : TEST_Op<
    "op_with_region_fold_no_side_effect", [NoMemoryEffect]> {
  let regions = (region SizedRegion<1>:$region);
}

// Op for testing folding of outer op with inner ops.

def TestOpWithVariadicResultsAndFolder: TEST_Op<"op_with_variadic_results_and_folder"> {
  let arguments = (ins Variadic<I32>:$inputs);
  let results = (outs Variadic<I32>:$outputs);
  let hasFolder = 1;
}

// Its folder reports an in-place fold without changing anything (as
// upstream's does); the drivers must still terminate.
def TestOpInPlaceFoldSuccess : TEST_Op<"op_in_place_fold_success"> {
  let results = (outs Variadic<I1>);
  let hasFolder = 1;
}

def TestCommutativeOp : TEST_Op<"op_commutative", [Commutative]> {
  let arguments = (ins I32:$op1, I32:$op2, I32:$op3, I32:$op4);
  let results = (outs I32);
}

def TestIdempotentTraitOp
 : TEST_Op<"op_idempotent_trait",
           [SameOperandsAndResultType, NoMemoryEffect, Idempotent]> {
  let arguments = (ins I32:$op1);
  let results = (outs I32);
}

def TestIdempotentTraitBinaryOp
    : TEST_Op<"op_idempotent_trait_binary",
              [SameOperandsAndResultType, NoMemoryEffect, Idempotent]> {
  let arguments = (ins I32:$op1, I32:$op2);
  let results = (outs I32);
}

def TestInvolutionTraitNoOperationFolderOp
 : TEST_Op<"op_involution_trait_no_operation_fold",
           [SameOperandsAndResultType, NoMemoryEffect, Involution]> {
  let arguments = (ins I32:$op1);
  let results = (outs I32);
}

def TestInvolutionTraitFailingOperationFolderOp
 : TEST_Op<"op_involution_trait_failing_operation_fold",
           [SameOperandsAndResultType, NoMemoryEffect, Involution]> {
  let arguments = (ins I32:$op1);
  let results = (outs I32);
  let hasFolder = 1;
}

def TestInvolutionTraitSuccesfulOperationFolderOp
 : TEST_Op<"op_involution_trait_succesful_operation_fold",
           [SameOperandsAndResultType, NoMemoryEffect, Involution]> {
  let arguments = (ins I32:$op1);
  let results = (outs I32);
  let hasFolder = 1;
}

// Rewritten to `arith.constant 42 : i32` by the dialect's own
// canonicalization pattern.
def TestDialectCanonicalizerOp : TEST_Op<"dialect_canonicalizable"> {
  let arguments = (ins);
  let results = (outs I32);
}
