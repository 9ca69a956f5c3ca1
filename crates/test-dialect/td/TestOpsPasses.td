//===- TestOpsPasses.td - test ops of the standard passes -----*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the standard passes beside
// the canonicalizer (control-flow-sink, loop-invariant-code-motion, sccp,
// inlining): region-branching ops with hand-written
// RegionBranchOpInterface implementations, loops, and ops with each kind of
// speculatability. Specification: upstream
// `mlir/test/lib/Dialect/Test/TestOps.td` and `TestOpDefs.cpp`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

// ----- region branching -----

def RegionIfYieldOp : TEST_Op<"region_if_yield",
    [NoMemoryEffect, ReturnLike, Terminator]> {
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $results attr-dict (`:` type($results)^)?
  }];
}

// An if-then-else-join: `then` and `else` (entered with the op's operands)
// go to `join`, which returns to the op. Custom form:
// `test.region_if %a: i32 -> i32 then {...} else {...} join {...}`.
def RegionIfOp : TEST_Op<"region_if",
      [DeclareOpInterfaceMethods<RegionBranchOpInterface,
                                 ["getRegionInvocationBounds",
                                  "getEntrySuccessorOperands"]>,
       SingleBlockImplicitTerminator<"RegionIfYieldOp">,
       RecursiveMemoryEffects]> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion,
                        AnyRegion:$elseRegion,
                        AnyRegion:$joinRegion);
  let hasCustomAssemblyFormat = 1;
}

// Enters its only region exactly once, which returns to the op.
def AnyCondOp : TEST_Op<"any_cond",
      [DeclareOpInterfaceMethods<RegionBranchOpInterface,
                                 ["getRegionInvocationBounds"]>,
       RecursiveMemoryEffects]> {
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region AnyRegion:$region);
}

// `test.yield` is not defined: upstream's test dialect has no such op and
// accepts it as an unknown operation (anywhere in a block, with any
// operands and no effects declared), which the tests that use it rely on.

// ----- loops and speculation -----

def TestGraphLoopOp : TEST_Op<"graph_loop",
                         [LoopLikeOpInterface, NoMemoryEffect,
                          RecursivelySpeculatable, SingleBlock,
                          RegionKindInterface, HasOnlyGraphRegion]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$rets);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $args $body attr-dict `:` functional-type(operands, results)
  }];
}

// Speculatable when its input is a constant.
def ConditionallySpeculatableOp : TEST_Op<"conditionally_speculatable_op",
    [ConditionallySpeculatable, NoMemoryEffect]> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$output);
}

def PureOp : TEST_Op<"always_speculatable_op", [Pure]> {
  let results = (outs I32:$output);
}

def NeverSpeculatableOp : TEST_Op<"never_speculatable_op",
    [ConditionallySpeculatable]> {
  let results = (outs I32:$output);
}

def RecursivelySpeculatableOp : TEST_Op<"recursively_speculatable_op",
    [RecursivelySpeculatable, RecursiveMemoryEffects]> {
  let results = (outs I32:$output);
  let regions = (region SizedRegion<1>:$body);
}

def SingleNoTerminatorOp : TEST_Op<"single_no_terminator_op",
    [SingleBlock, NoTerminator]> {
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = "attr-dict `:` $region";
}

// ----- branches -----

// Successor 0 receives `successOperands0`; successor 1 receives one value
// the op produces, then `successOperands1`.
def TestInternalBranchOp : TEST_Op<"internal_br",
    [DeclareOpInterfaceMethods<BranchOpInterface>, Terminator,
     AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$successOperands0,
                       Variadic<AnyType>:$successOperands1);
  let successors = (successor AnySuccessor:$successor0, AnySuccessor:$successor1);
}

// ----- inlining -----

// Canonicalizes to a `func.call` of `callee`.
def FoldToCallOp : TEST_Op<"fold_to_call_op"> {
  let arguments = (ins FlatSymbolRefAttr:$callee);
  let hasCanonicalizer = 1;
}

// A call whose callee is a symbol, with per-argument and per-result
// attribute dictionaries.
def ConversionCallOp : TEST_Op<"conversion_call_op",
    [CallOpInterface]> {
  let arguments = (ins Variadic<AnyType>:$arg_operands,
                       SymbolRefAttr:$callee,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
}

// A callable without a symbol: its region is called through the function
// value it produces.
def FunctionalRegionOp : TEST_Op<"functional_region_op",
    [CallableOpInterface]> {
  let regions = (region AnyRegion:$body);
  let results = (outs FunctionType:$result);
}

// A function-like callable with per-argument and per-result attribute
// dictionaries, in the custom form of every function op
// (`test.conversion_func_op @f(%a: i32 {attr}) -> (i32 {attr}) {...}`).
def ConversionFuncOp : TEST_Op<"conversion_func_op",
    [CallableOpInterface, FunctionOpInterface, IsolatedFromAbove, Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
}

// What the test dialect's inliner interface inserts for arguments and
// results marked `test.handle_argument`/`test.handle_result`.
def TestTypeChangerOp : TEST_Op<"type_changer">,
  Arguments<(ins AnyType)>, Results<(outs AnyType)>;
