//===- Constraints.td - predicates and constraints --------*- tablegen -*-===//
//
// rmlir's base library: predicates and the constraint classes that types,
// attributes, regions and successors build on. Predicates are Rust
// expressions: `$_self` is the value being checked (a `Type` or an
// `Attribute`, both `Copy` handles) and `$_ctx` is the `&Context`.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_CONSTRAINTS
#define RMLIR_CONSTRAINTS

// Markers for the dag operators of an op's `arguments`, `results`,
// `regions` and `successors`, of builder parameters and of interface
// method arguments.
def ins;
def outs;
def region;
def successor;

// A predicate: a Rust boolean expression over `$_self` and `$_ctx`.
class Pred;

// A leaf predicate written directly in Rust.
class CPred<code pred> : Pred {
  code predExpr = "(" # pred # ")";
}

// How children of a combined predicate are joined.
class PredCombinerKind;
def PredCombinerAnd : PredCombinerKind;
def PredCombinerOr : PredCombinerKind;
def PredCombinerNot : PredCombinerKind;
def PredCombinerSubstLeaves : PredCombinerKind;
def PredCombinerConcat : PredCombinerKind;

class CombinedPred<PredCombinerKind k, list<Pred> c> : Pred {
  PredCombinerKind kind = k;
  list<Pred> children = c;
}

// All of `children` hold.
class And<list<Pred> children> : CombinedPred<PredCombinerAnd, children>;
// Any of `children` holds.
class Or<list<Pred> children> : CombinedPred<PredCombinerOr, children>;
// `child` does not hold.
class Not<Pred child> : CombinedPred<PredCombinerNot, [child]>;
// Upstream's other name for `Not`.
class Neg<Pred child> : Not<child>;
// `child` with every occurrence of `pat` in its leaves replaced by `repl`
// (used to apply a predicate on `$_self` to something derived from it).
class SubstLeaves<string pat, string repl, Pred child>
    : CombinedPred<PredCombinerSubstLeaves, [child]> {
  string pattern = pat;
  string replacement = repl;
}
// `prefix # child # suffix` as one leaf.
class Concat<string pre, Pred child, string suf>
    : CombinedPred<PredCombinerConcat, [child]> {
  string prefix = pre;
  string suffix = suf;
}

def TruePred : CPred<"true">;

// A named, documented predicate on some IR entity.
class Constraint<Pred pred, string desc = ""> {
  Pred predicate = pred;
  // Shown in diagnostics: "... must be <summary>, but got ...".
  string summary = desc;
  string description = "";
}

class TypeConstraint<Pred predicate, string summary = "",
                     string rustTypeName = "::mlir_ir::Type">
    : Constraint<predicate, summary> {
  // The Rust type accessors return for values of this type.
  string rustType = rustTypeName;
}

class AttrConstraint<Pred predicate, string summary = "">
    : Constraint<predicate, summary>;

class RegionConstraint<Pred predicate, string summary = "">
    : Constraint<predicate, summary>;

class SuccessorConstraint<Pred predicate, string summary = "">
    : Constraint<predicate, summary>;

#endif // RMLIR_CONSTRAINTS
