//===- ControlFlow.td - the cf dialect ---------------------*- tablegen -*-===//
//
// rmlir's definition of MLIR 22's `cf` dialect. Specification: upstream
// `mlir/Dialect/ControlFlow/IR/ControlFlowOps.td` (LLVM 22); names, traits,
// formats and flags are upstream's, predicates Rust, C++ builders and
// extraClassDeclarations dropped (notes say what replaces them).
//
// Checklist: every op of upstream's cf dialect (LLVM 22)
//
//   op        defined  format                          verifier canon            checked with mlir-opt
//   assert    yes      declarative                     -        method           custom+generic
//   br        yes      declarative                     -        method           custom+generic
//   cond_br   yes      declarative                     -        patterns         custom+generic
//   switch    yes      declarative + custom<SwitchOpCases>  yes  patterns         custom+generic
//
// 4 ops: all of upstream's. Printed forms verified with
// /usr/lib/llvm-22/bin/mlir-opt in tests/dialects/cf-roundtrip.mlir and
// tests/dialects/cf-roundtrip-generic.mlir (CHECK lines are mlir-opt's
// output). Visible there:
//   * cond_br's operand segments: generic
//     `<{operandSegmentSizes = array<i32: 1, 1, 0>}>`, with branch weights
//     `<{branch_weights = array<i32: 3, 5>, operandSegmentSizes = ...}>`;
//     custom `cf.cond_br %c weights([3, 5]), ^bb1(%a : i32), ^bb2`.
//   * cf.switch's generic form: `<{case_operand_segments = array<i32: 0, 1>,
//     case_values = dense<[0, 1]> : vector<2xi32>, operandSegmentSizes =
//     array<i32: 1, 1, 1>}>` and the successor list `[^bb1, ^bb2, ^bb3]`
//     (default first); without cases `case_values` is absent and
//     `case_operand_segments = array<i32>`.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_CONTROL_FLOW
#define RMLIR_CONTROL_FLOW

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "Interfaces.td"

def ControlFlow_Dialect : Dialect {
  let name = "cf";
  let summary = "unstructured control flow";
  let description = [{
    This dialect contains low-level, i.e. non-region based, control flow
    constructs. These constructs generally represent control flow directly
    on SSA blocks of a control flow graph.
  }];
  // Upstream: ["arith::ArithDialect"] (canonicalizations create arith ops);
  // here the namespaces of the dialects to load with this one.
  let dependentDialects = ["arith"];
}

class CF_Op<string mnemonic, list<Trait> traits = []> :
    Op<ControlFlow_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// AssertOp
//===----------------------------------------------------------------------===//

// `cf.assert %c, "message"`; generic `"cf.assert"(%c) <{msg = "message"}>
// : (i1) -> ()`. MemoryEffectsOpInterface is hand-written (upstream: a
// write to the default resource, so asserts are not dropped or reordered).
// hasCanonicalizeMethod: erase `cf.assert` of a constant `true`.
def AssertOp : CF_Op<"assert",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Assert operation with message attribute";
  let description = [{
    Assert operation at runtime with single boolean operand and an error
    message attribute. If the argument is `true` this operation has no
    effect. Otherwise, the program execution will abort.

    ```mlir
    cf.assert %b, "Expected ... to be true"
    ```
  }];

  let arguments = (ins I1:$arg, StrAttr:$msg);

  let assemblyFormat = "$arg `,` $msg attr-dict";
  let hasCanonicalizeMethod = 1;
}

//===----------------------------------------------------------------------===//
// BranchOp
//===----------------------------------------------------------------------===//

// `cf.br ^bb1`, `cf.br ^bb1(%a, %b : i32, f32)`.
// BranchOpInterface (hand-written): getSuccessorOperands(0) = destOperands;
// getSuccessorForOperands: the single successor.
// Upstream builder (Block *dest, ValueRange destOperands = {}) is the
// generated one-parameter-per-argument builder. Upstream
// extraClassDeclaration setDest/eraseOperand become Rust methods if needed.
// hasCanonicalizeMethod: simplify branches to blocks with a single
// predecessor / pass-through blocks.
def BranchOp : CF_Op<"br", [
    DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>,
    Pure, Terminator
  ]> {
  let summary = "Branch operation";
  let description = [{
    The `cf.br` operation represents a direct branch operation to a given
    block. The operands of this operation are forwarded to the successor
    block, and the number and type of the operands must match the arguments
    of the target block.

    ```mlir
    ^bb2:
      %2 = call @someFn()
      cf.br ^bb3(%2 : tensor<*xf32>)
    ^bb3(%3: tensor<*xf32>):
    ```
  }];

  let arguments = (ins Variadic<AnyType>:$destOperands);
  let successors = (successor AnySuccessor:$dest);

  let hasCanonicalizeMethod = 1;
  let assemblyFormat = [{
    $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// CondBranchOp
//===----------------------------------------------------------------------===//

// `cf.cond_br %c, ^bb1(%a : i32), ^bb2`,
// `cf.cond_br %c weights([3, 5]), ^bb1, ^bb2`.
// Operands: [condition, trueDestOperands..., falseDestOperands...] with
// `operandSegmentSizes` (AttrSizedOperandSegments).
// BranchOpInterface (hand-written): successor 0 gets trueDestOperands,
// successor 1 falseDestOperands; getSuccessorForOperands picks by a constant
// condition. WeightedBranchOpInterface: `branch_weights` (2 values when set;
// the interface verifier checks the count: "expects number of branch weights
// to match number of successors: 1 vs 2").
// Upstream builders (condition, trueDest, trueOperands, falseDest,
// falseOperands, branchWeights = {}) become a hand-written Rust builder;
// extraClassDeclaration accessors (getTrueOperand(i), eraseTrueOperand, ...)
// are covered by the generated segment accessors.
def CondBranchOp
    : CF_Op<"cond_br", [AttrSizedOperandSegments,
                        DeclareOpInterfaceMethods<
                            BranchOpInterface, ["getSuccessorForOperands"]>,
                        WeightedBranchOpInterface, Pure, Terminator]> {
  let summary = "Conditional branch operation";
  let description = [{
    The `cf.cond_br` terminator operation represents a conditional branch on
    a boolean (1-bit integer) value. If the bit is set, then the first
    destination is jumped to; if it is false, the second destination is
    chosen. The count and types of operands must align with the arguments in
    the corresponding target blocks.

    ```mlir
    cf.cond_br %a, ^bb1(%a : i32), ^bb2(%b : i32)
    cf.cond_br %a weights([90, 10]), ^bb1, ^bb2
    ```
  }];

  let arguments = (ins I1:$condition, Variadic<AnyType>:$trueDestOperands,
      Variadic<AnyType>:$falseDestOperands,
      OptionalAttr<DenseI32ArrayAttr>:$branch_weights);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);

  let hasCanonicalizer = 1;
  let assemblyFormat = [{
    $condition (`weights` `(` $branch_weights^ `)` )? `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// SwitchOp
//===----------------------------------------------------------------------===//

// Custom directive `custom<SwitchOpCases>` (hand-written Rust, upstream
// parseSwitchOpCases/printSwitchOpCases in ControlFlowOps.cpp). Parameters,
// in order: ref(type($flag)), $defaultDestination, $defaultOperands,
// type($defaultOperands), $case_values, $caseDestinations, $caseOperands,
// type($caseOperands).
//
//   cf.switch %flag : i32, [
//     default: ^bb1(%a : i32),
//     42: ^bb2,
//     43: ^bb3(%b, %c : i32, f32)
//   ]
//   cf.switch %flag : i32, [
//     default: ^bb1]
//
// print (upstream printSwitchOpCases): `  default: ` + successor and its
//   operands (`^bb1(%a : i32)`, printSuccessorAndUseList); if case_values is
//   set, for each case: `,`, newline, `  `, the value, `: `, successor and
//   operands; then (only when there are cases) a newline, so `]` goes on its
//   own line. Without cases the `]` directly follows the default entry:
//   `default: ^bb7(%arg1 : i32)]`. Values print ZERO-EXTENDED
//   (`APInt::getLimitedValue()`): -1 on i32 prints `4294967295`, -2 on i8
//   `254`, -1 on i64 `18446744073709551615` (which upstream then fails to
//   parse back: "integer value too large"; match it byte for byte anyway).
// parse: `default` `:` successor (`(` operands `:` types `)`)?, then zero
//   or more `,` integer `:` successor (`(` operands `:` types `)`)?. Each
//   integer is parsed as an int64 (`parseInteger<int64_t>`: values above
//   i64 max are "integer value too large") and truncated to the flag width
//   as a signed APInt (`APInt(bitWidth, value, /*isSigned=*/true)`), so
//   `4294967295` on i32 reads back as -1. The values become a
//   DenseIntElementsAttr of type `vector<N x flagType>` (generic:
//   `case_values = dense<[42, -1]> : vector<2xi32>`, `dense<0> :
//   vector<1xi32>` for one case); with no cases `case_values` stays unset.
//   `case_operand_segments` gets one entry per case (its operand count;
//   `array<i32>` when there are none) through the VariadicOfVariadic group.
// verify (hasVerifier, upstream SwitchOp::verify; messages checked with
//   mlir-opt): without case_values there must be no case destinations;
//   otherwise "number of case values (2) should match number of case
//   destinations (1)" and "'flag' type ('i32') should match case value type
//   ('i64')" (the element type of case_values).
// BranchOpInterface (hand-written): successor 0 = defaultOperands,
// successor i+1 = caseOperands[i]; getSuccessorForOperands for a constant
// flag. Upstream builders (flag, defaultDestination, defaultOperands,
// caseValues as APInt / i32 / DenseIntElementsAttr, caseDestinations,
// caseOperands) become hand-written Rust builders.
def SwitchOp : CF_Op<"switch",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>,
     Pure, Terminator]> {
  let summary = "Switch operation";
  let description = [{
    The `cf.switch` terminator operation represents a switch on a signless
    integer value. If the flag matches one of the specified cases, then the
    corresponding destination is jumped to. If the flag does not match any
    of the cases, the default destination is jumped to.

    ```mlir
    cf.switch %flag : i32, [
      default: ^bb1(%a : i32),
      42: ^bb1(%b : i32),
      43: ^bb3(%c : i32)
    ]
    ```
  }];

  let arguments = (ins
    AnyInteger:$flag,
    Variadic<AnyType>:$defaultOperands,
    VariadicOfVariadic<AnyType, "case_operand_segments">:$caseOperands,
    OptionalAttr<AnyIntElementsAttr>:$case_values,
    DenseI32ArrayAttr:$case_operand_segments
  );
  let successors = (successor
    AnySuccessor:$defaultDestination,
    VariadicSuccessor<AnySuccessor>:$caseDestinations
  );

  let assemblyFormat = [{
    $flag `:` type($flag) `,` `[` `\n`
      custom<SwitchOpCases>(ref(type($flag)),$defaultDestination,
                            $defaultOperands,
                            type($defaultOperands),
                            $case_values,
                            $caseDestinations,
                            $caseOperands,
                            type($caseOperands))
   `]`
    attr-dict
  }];

  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

#endif // RMLIR_CONTROL_FLOW
