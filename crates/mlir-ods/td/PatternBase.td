//===- PatternBase.td - declarative rewrite rules ---------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's PatternBase.td: the classes and
// directives of declarative rewrite rules (DRR), read by `mlir-drr`.
//
//   include "PatternBase.td"
//   def : Pat<(AOp $input, F32Attr:$attr), (COp $input, $attr)>;
//
// Shapes and names follow upstream. The difference: every snippet
// (`NativeCodeCall` bodies, `CPred` conditions of constraints, `returnType`
// strings) is a Rust expression. Placeholders:
//   $_builder  the `&mut PatternRewriter` building the result ops;
//   $_loc      the `Location` of the op being built (or of the root);
//   $_ctx      the `&Context`; $_ir the `&Ir`;
//   $_self     the value, attribute or op a constraint or matcher is applied to;
//   $N, $N...  the N-th argument of a native call (and all from the N-th on).
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_PATTERNBASE
#define RMLIR_PATTERNBASE

include "OpBase.td"

// ----- directives -----

// `(addBenefit N)`: adds N to the benefit of a pattern (by default the
// number of ops in its source pattern).
def addBenefit;
// `(replaceWithValue $v)`: a result pattern that is the value `$v` itself.
def replaceWithValue;
// `(location $sym, "name", ...)`: the location of a generated op; one
// symbol gives that op's location, a string a name location, several
// arguments a fused location (a leading string is the fused metadata).
def location;
// `(returnType ...)`: the result types of a generated op, each a bound
// value (its type), a Rust expression string, or a native call.
def returnType;
// `(either $a, $b)`: matches two operands of a commutative op in either order.
def either;
// `(regions $r, (block $a, ...), $_)` (rmlir extension, docs/DRR.md), the
// trailing argument of an op: in source patterns it matches the op's
// regions, binding a region or the arguments of its single block; in result
// patterns it moves matched regions into the new op (`(block)`: an empty
// block).
def regions;
def block;
// `(variadic $a, $b, ...)`: a variadic operand group of exactly these values
// (in source patterns: matches a group of that size; in result patterns:
// packs the values into one group).
def variadic;

// ----- native code -----

// A Rust expression evaluated while matching (with `$_self`) or while
// building the result (with `$_builder`, `$_loc`, `$0`...). With
// `returns` > 1 the expression evaluates to a tuple (or array) whose
// elements are bound as `$name__0`, `$name__1`, ...
class NativeCodeCall<string expr, int returns = 1> {
  string expression = expr;
  int numReturns = returns;
}

// A native call with no results, evaluated for its side effects.
class NativeCodeCallVoid<string expr> : NativeCodeCall<expr, 0>;

// ----- constant attributes -----

// The attribute of kind `attribute` with value `val` (a Rust literal of the
// kind's `rustValueType`, substituted for `$0` of its `constBuilderCall`).
// As a constraint it matches exactly that attribute.
class ConstantAttr<Attr attribute, string val> : AttrConstraint<
    CPred<"$_self == " # !subst("$0", val, attribute.constBuilderCall)>,
    "constant attribute " # val> {
  Attr attr = attribute;
  string value = val;
  // The Rust expression (over `$_ctx`) building the constant.
  string builderCall = !subst("$0", val, attribute.constBuilderCall);
}

// A string-valued constant attribute.
class ConstantStrAttr<Attr attribute, string val>
    : ConstantAttr<attribute, "\"" # val # "\"">;

// The boolean constants (upstream keeps them with the attribute constraints).
// A constant property value (`ConstantProp<BoolProp, "false">`): matched
// and built as the attribute the property is stored as.
class ConstantProp<Property p, string val> : ConstantAttr<p, val>;

def ConstBoolAttrFalse : ConstantAttr<BoolAttr, "false">;
def ConstBoolAttrTrue : ConstantAttr<BoolAttr, "true">;
def ConstUnitAttr : ConstantAttr<UnitAttr, ""> {
  let predicate = CPred<"$_self == $_ctx.unit_attr()">;
  let builderCall = "$_ctx.unit_attr()";
}

// An attribute satisfying all of `constraints`.
class AllAttrOf<list<AttrConstraint> constraints> : AttrConstraint<
    And<!foreach(c, constraints, c.predicate)>,
    !interleave(!foreach(c, constraints, c.summary), " and ")>;

// Common constraints of DRR rules.
def HasNoUseOf : Constraint<CPred<"$_ir.use_empty($_self)">, "has no use">;

// ----- patterns -----

// A rewrite rule: `source` is matched, `results` generate the replacement
// (the last N values replace the root's N results; earlier result patterns
// are auxiliary), `preds` are extra constraints on bound symbols.
class Pattern<dag source, list<dag> results, list<dag> preds = [],
              list<dag> supplemental = [],
              dag benefitAdded = (addBenefit 0)> {
  dag sourcePattern = source;
  list<dag> resultPatterns = results;
  list<dag> constraints = preds;
  list<dag> supplementalPatterns = supplemental;
  dag benefitDelta = benefitAdded;
}

// A rule with exactly one result pattern.
class Pat<dag pattern, dag result, list<dag> preds = [],
          list<dag> supplemental = [],
          dag benefitAdded = (addBenefit 0)>
    : Pattern<pattern, [result], preds, supplemental, benefitAdded>;

#endif // RMLIR_PATTERNBASE
