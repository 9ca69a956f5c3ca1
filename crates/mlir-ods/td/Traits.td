//===- Traits.td - op traits ------------------------------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's Traits.td and the interface traits ops
// list. A trait maps to bits of `mlir_ir::TraitSet` (`rustFlags`, joined
// with `|`; empty for traits the runtime does not track) or is one of the
// parameterised traits the generator reads (`SingleBlockImplicitTerminator`,
// `HasParent`, `AllTypesMatch`, `TypesMatchWith`, ...).
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_TRAITS
#define RMLIR_TRAITS

include "Types.td"

class Trait;

// A trait known to the runtime by its `TraitSet` constants (e.g. `PURE`).
class NativeTrait<string name, list<string> flags = []> : Trait {
  string trait = name;
  list<string> rustFlags = flags;
}
class NativeOpTrait<string name, list<string> flags = []>
    : NativeTrait<name, flags>;

// A list of traits behaving as one (upstream's `TraitList`).
class TraitList<list<Trait> props> : Trait {
  list<Trait> traits = props;
}

// A trait whose condition is a predicate over the op; kept for documentation.
class PredOpTrait<string descr, Pred pred> : Trait {
  string summary = descr;
  Pred predicate = pred;
}

// Op-level predicates (upstream OpBase.td). Their leaves see the named
// operand or result as `$name` (a `Value`), the `&Ir` as `$_ir` and the
// `&Context` as `$_ctx`; like `PredOpTrait`, they are documentation until
// the generator evaluates op predicates.

// All of `values` (Rust expressions) are equal.
class AllMatchPred<list<string> values>
    : CPred<!if(!lt(!size(values), 2), "true",
                !interleave(!foreach(v, !tail(values),
                                     "(" # !head(values) # ") == (" # v # ")"),
                            " && "))>;
// `operator` (over `$_self`) gives the same result for every one of `names`.
class AllMatchSameOperatorPred<list<string> names, string operator>
    : AllMatchPred<!foreach(n, names, !subst("$_self", "$" # n, operator))>;
// The trait form of `AllMatchSameOperatorPred`.
class AllMatchSameOperatorTrait<list<string> names, string operator,
                                string summary>
    : PredOpTrait<"all of {" # !interleave(names, ", ") # "} have same " #
                  summary, AllMatchSameOperatorPred<names, operator>> {
  list<string> values = names;
}
// The named values have the same shape.
class AllShapesMatch<list<string> names>
    : AllMatchSameOperatorTrait<names,
          "$_ctx.shape($_ir.value_type($_self))", "shape">;
// The named values have the same element type (or type, for non-shaped).
class AllElementTypesMatch<list<string> names>
    : AllMatchSameOperatorTrait<names,
          "$_ctx.element_type_or_self($_ir.value_type($_self))",
          "element type">;
// The named values have the same rank.
class AllRanksMatch<list<string> names>
    : AllMatchSameOperatorTrait<names,
          P # "rank($_ctx, $_ir.value_type($_self))", "rank">;
// The named values have the same number of elements.
class AllElementCountsMatch<list<string> names>
    : AllMatchSameOperatorTrait<names,
          P # "num_elements($_ctx, $_ir.value_type($_self))",
          "element count">;
// All of `values` (Rust expressions) are equal: `summary` otherwise.
class AllMatch<list<string> values, string summary>
    : PredOpTrait<summary, AllMatchPred<values>>;
// A Rust expression derived from a named value (`Rank<"x">.result`).
class StrFunc<string r> {
  string result = r;
}
class Rank<string name>
    : StrFunc<P # "rank($_ctx, $_ir.value_type($" # name # "))">;
class ElementCount<string name>
    : StrFunc<P # "num_elements($_ctx, $_ir.value_type($" # name # "))">;
// The element type (or type) of the value `name` satisfies `type`.
class ElementTypeIsPred<string name, Type type>
    : SubstLeaves<"$_self",
                  "$_ctx.element_type_or_self($_ir.value_type($" # name # "))",
                  type.predicate>;
class ElementTypeIs<string name, Type type>
    : PredOpTrait<"'" # name # "' is " # type.summary,
                  ElementTypeIsPred<name, type>>;
// The type of the value `name` satisfies `type`.
class TypeIsPred<string name, TypeConstraint type>
    : SubstLeaves<"$_self", "$_ir.value_type($" # name # ")", type.predicate>;

// An interface method (upstream's, C++ signatures and bodies).
class InterfaceMethod<string desc, string retTy, string methodName,
                      dag args = (ins), code methodBody = "",
                      code defaultImplementation = ""> {
  string description = desc;
  string returnType = retTy;
  string name = methodName;
  dag arguments = args;
  code body = methodBody;
  code defaultBody = defaultImplementation;
}
class StaticInterfaceMethod<string desc, string retTy, string methodName,
                            dag args = (ins), code methodBody = "",
                            code defaultImplementation = "">
    : InterfaceMethod<desc, retTy, methodName, args, methodBody,
                      defaultImplementation>;

// An interface; `DeclareOpInterfaceMethods` also names methods the op
// implements by hand.
class Interface<string name, list<Interface> baseInterfacesArg = []> {
  string cppInterfaceName = name;
  string description = "";
  string cppNamespace = "";
  list<Interface> baseInterfaces = baseInterfacesArg;
  // Upstream's C++ methods. rmlir implements interfaces in Rust (a struct
  // of function pointers attached with `OpInfo::with_interface`), so a
  // user interface's methods are documentation; the ODS generator reports
  // an interface with methods defined in the file it generates.
  list<InterfaceMethod> methods = [];
  code extraClassDeclaration = "";
  code extraSharedClassDeclaration = "";
  code extraTraitClassDeclaration = "";
  code verify = "";
}
class OpInterface<string name, list<Interface> baseInterfaces = []>
    : Interface<name, baseInterfaces>, Trait;

class DeclareOpInterfaceMethods<OpInterface interface,
                                list<string> overriddenMethods = []>
    : Trait {
  OpInterface baseInterface = interface;
  list<string> alwaysOverriddenMethods = overriddenMethods;
}

// ----- memory effects and speculation -----

def NoMemoryEffect : NativeOpTrait<"NoMemoryEffect", ["NO_MEMORY_EFFECT"]>;
def AlwaysSpeculatable
    : NativeOpTrait<"AlwaysSpeculatable", ["ALWAYS_SPECULATABLE"]>;
def ConditionallySpeculatable : NativeOpTrait<"ConditionallySpeculatable">;
def Pure : NativeOpTrait<"Pure", ["PURE"]>;
def RecursiveMemoryEffects
    : NativeOpTrait<"RecursiveMemoryEffects", ["RECURSIVE_MEMORY_EFFECTS"]>;
def RecursivelySpeculatable : NativeOpTrait<"RecursivelySpeculatable">;

// Decorators of an op's arguments and results (upstream's
// `OpVariableDecorator`): `Arg<AnyMemRef, "the buffer", [MemRead]>:$buf`.
class OpVariableDecorator;

// A resource memory effects act on (upstream's `Resource`). The string is
// the resource's name as `mlir_ir::interfaces::MemoryEffect::resource`
// reports it; upstream's is the C++ class, whose `getName()` gives it.
class Resource<string resourceName> {
  string name = resourceName;
}
def DefaultResource : Resource<"<Default>">;
def AutomaticAllocationScopeResource : Resource<"AutomaticAllocationScope">;

// Whether an effect covers the whole value (upstream's `EffectRange`).
class EffectRange<bit val> {
  bit Value = val;
}
def FullEffect : EffectRange<1>;
def PartialEffect : EffectRange<0>;

// One side effect (upstream's `SideEffect`): `effectKind` names a
// `mlir_ir::interfaces::MemoryEffectKind` variant. On an argument or result
// it applies to that value; in `MemoryEffects<[...]>` to the op as a whole.
// `stage` and `effectOnFullRegion` are recorded as upstream's but not used
// (rmlir's effects carry no stage).
class MemoryEffect<string kind, Resource res, int st, EffectRange rng>
    : OpVariableDecorator {
  string effectKind = kind;
  Resource resource = res;
  int stage = st;
  bit effectOnFullRegion = rng.Value;
}
class MemAlloc<Resource resource, int stage = 0,
               EffectRange range = PartialEffect>
    : MemoryEffect<"Allocate", resource, stage, range>;
def MemAlloc : MemAlloc<DefaultResource, 0, PartialEffect>;
class MemFree<Resource resource, int stage = 0,
              EffectRange range = PartialEffect>
    : MemoryEffect<"Free", resource, stage, range>;
def MemFree : MemFree<DefaultResource, 0, PartialEffect>;
class MemRead<Resource resource, int stage = 0,
              EffectRange range = PartialEffect>
    : MemoryEffect<"Read", resource, stage, range>;
def MemRead : MemRead<DefaultResource, 0, PartialEffect>;
class MemWrite<Resource resource, int stage = 0,
               EffectRange range = PartialEffect>
    : MemoryEffect<"Write", resource, stage, range>;
def MemWrite : MemWrite<DefaultResource, 0, PartialEffect>;

// The op's own memory effects (upstream's `MemoryEffects`): the generator
// attaches a `MemoryEffectsInterface` reporting these (on no value) plus
// the effects of the op's decorated arguments and results.
class MemoryEffects<list<MemoryEffect> effects = []> : Trait {
  list<MemoryEffect> memoryEffects = effects;
}

// ----- algebraic properties -----

def Commutative : NativeOpTrait<"Commutative", ["COMMUTATIVE"]>;
def Idempotent : NativeOpTrait<"Idempotent", ["IDEMPOTENT"]>;
def Involution : NativeOpTrait<"Involution", ["INVOLUTION"]>;
def ConstantLike : NativeOpTrait<"ConstantLike", ["CONSTANT_LIKE"]>;

// ----- structure -----

def IsolatedFromAbove
    : NativeOpTrait<"IsIsolatedFromAbove", ["ISOLATED_FROM_ABOVE"]>;
def Terminator : NativeOpTrait<"IsTerminator", ["IS_TERMINATOR"]>;
def NoTerminator : NativeOpTrait<"NoTerminator", ["NO_TERMINATOR"]>;
def SingleBlock : NativeOpTrait<"SingleBlock", ["SINGLE_BLOCK"]>;
def NoRegionArguments : NativeOpTrait<"NoRegionArguments">;
def ReturnLike : NativeOpTrait<"ReturnLike", ["RETURN_LIKE"]>;
def AffineScope : NativeOpTrait<"AffineScope", ["AFFINE_SCOPE"]>;
def AutomaticAllocationScope
    : NativeOpTrait<"AutomaticAllocationScope", ["AUTOMATIC_ALLOCATION_SCOPE"]>;
def Symbol : NativeOpTrait<"Symbol", ["SYMBOL"]>;
def SymbolTable : NativeOpTrait<"SymbolTable", ["SYMBOL_TABLE"]>;
def Elementwise : NativeOpTrait<"Elementwise", ["ELEMENTWISE"]>;
def Scalarizable : NativeOpTrait<"Scalarizable">;
def Vectorizable : NativeOpTrait<"Vectorizable">;
def Tensorizable : NativeOpTrait<"Tensorizable">;
def ElementwiseMappable
    : TraitList<[Elementwise, Scalarizable, Vectorizable, Tensorizable]>;

// The op's single block ends in an implicitly created `op`.
class SingleBlockImplicitTerminator<string op>
    : NativeOpTrait<"SingleBlockImplicitTerminator",
                    ["SINGLE_BLOCK_IMPLICIT_TERMINATOR", "SINGLE_BLOCK"]> {
  string terminatorOp = op;
}

// The op's parent must be one of `ops` (full op names, e.g. "func.func").
class ParentOneOf<list<string> ops>
    : NativeOpTrait<"HasParent", ["HAS_PARENT"]> {
  list<string> parentOps = ops;
}
class HasParent<string op> : ParentOneOf<[op]>;

// ----- type relations -----

def SameOperandsAndResultType
    : NativeOpTrait<"SameOperandsAndResultType",
                    ["SAME_OPERANDS_AND_RESULT_TYPE"]>;
def SameTypeOperands
    : NativeOpTrait<"SameTypeOperands", ["SAME_TYPE_OPERANDS"]>;
def SameOperandsAndResultShape
    : NativeOpTrait<"SameOperandsAndResultShape",
                    ["SAME_OPERANDS_AND_RESULT_SHAPE"]>;
def SameOperandsAndResultElementType
    : NativeOpTrait<"SameOperandsAndResultElementType",
                    ["SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE"]>;
def SameOperandsShape
    : NativeOpTrait<"SameOperandsShape", ["SAME_OPERANDS_SHAPE"]>;
def SameOperandsAndResultRank : NativeOpTrait<"SameOperandsAndResultRank">;
def SameOperandsElementType
    : NativeOpTrait<"SameOperandsElementType", ["SAME_OPERANDS_ELEMENT_TYPE"]>;

// Operand/result group sizes live in `operandSegmentSizes`/`resultSegmentSizes`.
def AttrSizedOperandSegments : NativeOpTrait<"AttrSizedOperandSegments">;
def AttrSizedResultSegments : NativeOpTrait<"AttrSizedResultSegments">;

// The named operands/results/attributes all have the same type.
class AllTypesMatch<list<string> names> : Trait {
  list<string> values = names;
}
// The type of `rhs` is `transformer` applied to the type of `lhs`: a Rust
// expression over `$_self` (the type of `lhs`) and `$_ctx`.
class TypesMatchWith<string summary, string lhsArg, string rhsArg,
                     string transform, string comparator = "==">
    : Trait {
  string description = summary;
  string lhs = lhsArg;
  string rhs = rhsArg;
  string transformer = transform;
}

// ----- interfaces -----

// Result types are computed by the op's hand-written
// `infer_return_types(ctx, operand_types, properties, &mut results)`.
def InferTypeOpInterface : OpInterface<"InferTypeOpInterface">;
// `InferTypeOpInterface` whose inferred types may be refined by the
// op's `refineReturnTypes` (recorded; the hook is `infer_return_types`).
def InferTensorType : OpInterface<"InferShapedTypeOpInterface">;
def InferTensorTypeWithReify
    : TraitList<[InferTypeOpInterface, InferTensorType]>;
def OpAsmOpInterface : OpInterface<"OpAsmOpInterface">;
def RegionKindInterface : OpInterface<"RegionKindInterface">;
// Regions of the op are graph regions (no dominance).
def HasOnlyGraphRegion
    : NativeOpTrait<"HasOnlyGraphRegion", ["GRAPH_REGION_KIND"]>;
def GraphRegionNoTerminator
    : TraitList<[NoTerminator, SingleBlock, RegionKindInterface,
                 HasOnlyGraphRegion]>;
def CallOpInterface : OpInterface<"CallOpInterface">;
def CallableOpInterface : OpInterface<"CallableOpInterface">;
def FunctionOpInterface : OpInterface<"FunctionOpInterface">;
def SymbolUserOpInterface : OpInterface<"SymbolUserOpInterface">;
def BranchOpInterface : OpInterface<"BranchOpInterface">;
def RegionBranchOpInterface : OpInterface<"RegionBranchOpInterface">;
def RegionBranchTerminatorOpInterface
    : OpInterface<"RegionBranchTerminatorOpInterface">;
def MemoryEffectsOpInterface : OpInterface<"MemoryEffectsOpInterface">;
def ConditionallySpeculatableInterface
    : OpInterface<"ConditionallySpeculatable">;
def CastOpInterface : OpInterface<"CastOpInterface">;
def VectorUnrollOpInterface : OpInterface<"VectorUnrollOpInterface">;
def InferIntRangeInterface : OpInterface<"InferIntRangeInterface">;
def ArithFastMathInterface : OpInterface<"ArithFastMathInterface">;
def ArithIntegerOverflowFlagsInterface
    : OpInterface<"ArithIntegerOverflowFlagsInterface">;
def LoopLikeOpInterface : OpInterface<"LoopLikeOpInterface">;
def DestinationStyleOpInterface : OpInterface<"DestinationStyleOpInterface">;

#endif // RMLIR_TRAITS
