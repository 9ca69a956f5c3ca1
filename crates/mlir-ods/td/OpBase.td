//===- OpBase.td - op definitions -------------------------*- tablegen -*-===//
//
// rmlir's base library for op definitions, the counterpart of upstream's
// OpBase.td: include this file and define ops as upstream does,
//
//   def MyDialect : Dialect { let name = "my"; }
//   class My_Op<string mnemonic, list<Trait> traits = []>
//       : Op<MyDialect, mnemonic, traits>;
//   def My_AddOp : My_Op<"add", [Pure, SameOperandsAndResultType]> {
//     let arguments = (ins I32:$lhs, I32:$rhs);
//     let results = (outs I32:$result);
//     let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
//   }
//
// The differences from upstream: predicates, type builders, attribute
// builders and custom builder bodies are Rust (see Constraints.td for the
// `$_self`/`$_ctx` conventions), and hooks (`hasVerifier`, `hasFolder`,
// ...) are plain Rust methods the dialect writes in an `impl` block of the
// generated op type.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_OPBASE
#define RMLIR_OPBASE

include "Constraints.td"
include "Types.td"
include "Attrs.td"
include "Properties.td"
include "DialectBase.td"
include "Traits.td"
include "EnumAttr.td"

// ----- argument lists -----

// The markers `ins`, `outs`, `region` and `successor` of the `arguments`,
// `results`, `regions` and `successors` dags are defined in Constraints.td
// (interface methods in Traits.td use `ins` too).

// An argument with documentation and decorators (`Arg<AnyMemRef, "the
// buffer", [MemRead]>:$buf`; memory effect decorators become the op's
// `MemoryEffectsInterface`).
class Arg<Constraint c, string desc = "", list<OpVariableDecorator> decs = []> {
  Constraint constraint = c;
  string summary = desc;
  string description = "";
  list<OpVariableDecorator> decorators = decs;
}
// A result with documentation and decorators (`Res<AnyMemRef, "", [MemAlloc]>`).
class Res<Constraint c, string desc = "", list<OpVariableDecorator> decs = []>
    : Arg<c, desc, decs>;

// Mixins setting an op's arguments or results (upstream's `Arguments` and
// `Results`): `def X : My_Op<"x">, Arguments<(ins I32:$a)>, Results<(outs
// I32:$r)>;`.
class Arguments<dag args> {
  dag arguments = args;
}
class Results<dag rets> {
  dag results = rets;
}

// ----- regions -----

// A region constraint: a Rust predicate over `$_self` (a `RegionRef`) and
// `$_ir` (`&Ir`).
class Region<Pred condition, string descr = "">
    : RegionConstraint<condition, descr>;

def AnyRegion : Region<CPred<"true">, "any region">;

// A region with exactly `numBlocks` blocks.
class SizedRegion<int numBlocks>
    : Region<CPred<"$_ir.num_blocks($_self) == " # numBlocks>,
             "region with " # numBlocks # " blocks">;
class MinSizedRegion<int numBlocks>
    : Region<CPred<"$_ir.num_blocks($_self) >= " # numBlocks>,
             "region with at least " # numBlocks # " blocks">;
class MaxSizedRegion<int numBlocks>
    : Region<CPred<"$_ir.num_blocks($_self) <= " # numBlocks>,
             "region with at most " # numBlocks # " blocks">;

// Zero or more regions satisfying `region`.
class VariadicRegion<Region region>
    : Region<region.predicate, "variadic of " # region.summary> {
  Region baseRegion = region;
}

// ----- successors -----

class Successor<Pred condition, string descr = "">
    : SuccessorConstraint<condition, descr>;
def AnySuccessor : Successor<CPred<"true">, "any successor">;
class VariadicSuccessor<Successor successor>
    : Successor<successor.predicate, "variadic successor"> {
  Successor baseSuccessor = successor;
}

// ----- builders -----

// A custom builder: `dagParams` is `(ins "Type":$name, ...)` with Rust
// parameter types, `body` a Rust block that receives `b: &mut OpBuilder`,
// `loc: Location` and the parameters, and returns the built `Self`
// (`OpBuilder<(ins "Value":$lhs), [{ Self::build(b, loc, lhs, lhs) }]>`).
// A custom builder. `b` is its Rust body (`$_builder` is the `OpBuilder`,
// `$_loc` the location; a body that mentions `$_state` fills that
// `OperationState` and the generated code creates the op from it). Without
// a body the generated builder calls the op type's
// `fn <name>_state(b: &mut OpBuilder<'_>, state: &mut OperationState,
// params...)`, written in Rust like a `hasVerifier` hook. `rustName` names
// the builder (default: `build_<parameter names>`, or with the parameter
// types appended when an earlier builder has the same parameter names).
class OpBuilder<dag p, code b = "", string rustName = ""> {
  dag dagParams = p;
  code body = b;
  string name = rustName;
}

// A builder parameter with a default value (upstream's `CArg<"int", "0">`).
// Rust has no default arguments: the parameter is an ordinary one and the
// default is kept for documentation.
class CArg<string ty, string value = ""> {
  string type = ty;
  string defaultValue = value;
}

// ----- ops -----

class Op<Dialect dialect, string mnemonic, list<Trait> props = []> {
  Dialect opDialect = dialect;
  string opName = mnemonic;
  string cppNamespace = dialect.cppNamespace;
  string summary = "";
  string description = "";

  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);

  list<OpBuilder> builders = ?;
  // Without the generated default builders (only `builders`).
  bit skipDefaultBuilders = 0;

  // The declarative assembly format, or a custom parse/print pair the
  // dialect writes (`fn parse`, `fn print` on the op type).
  string assemblyFormat = ?;
  bit hasCustomAssemblyFormat = 0;

  // Hooks written by hand in an `impl` block of the op type:
  // `fn verify(ir, op) -> Result<(), Diagnostic>`,
  bit hasVerifier = 0;
  // `fn verify_regions(ir, op) -> Result<(), Diagnostic>`,
  bit hasRegionVerifier = 0;
  // `fn fold(...)` and canonicalization (recorded; registered by the
  // dialect's own pattern code until the fold machinery takes hooks),
  bit hasFolder = 0;
  bit hasCanonicalizer = 0;
  bit hasCanonicalizeMethod = 0;

  // With `InferTypeOpInterface`: the verifier runs the op's hand-written
  // `verify_inferred_types(ir, op) -> Result<Vec<Type>, String>` and checks
  // the result types against it (MLIR's `verifyInferredResultTypes`).
  // Opt-in while some hooks (scf.if) cannot infer from an existing op yet.
  bit verifyInferredTypes = 0;

  list<Trait> traits = props;
  code extraClassDeclaration = ?;
  code extraClassDefinition = ?;
}

#endif // RMLIR_OPBASE
