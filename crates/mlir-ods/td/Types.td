//===- Types.td - type constraints ------------------------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's CommonTypeConstraints.td: the type
// constraints ops use for operands and results. Names, shapes and summaries
// follow upstream (the verifier's messages quote the summaries); predicates
// are Rust expressions over `$_self` (a `Type`) and `$_ctx` (`&Context`),
// mostly calls into `::mlir_ir::ods::preds`. `builderCall` is a Rust
// expression over `$_ctx` building the type, for buildable types.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_TYPES
#define RMLIR_TYPES

include "Constraints.td"
include "DialectBase.td"

// The path of the predicate helpers, spelled once.
defvar P = "::mlir_ir::ods::preds::";

// `pred` (over `$_self`) applied to the parts of `$_self` by a helper taking
// a closure: `callPrefix # "|__e| " # pred-over-__e # callSuffix`. The
// closure parameter is not `$_self`, so an enclosing `SubstLeaves` (a
// container of this type) rewrites the outer `$_self` only.
class ElementPred<string callPrefix, Pred pred, string callSuffix = ")">
    : Concat<callPrefix # "|__e| ", SubstLeaves<"$_self", "__e", pred>,
             callSuffix>;

// A type constraint with a description and an optional builder.
class Type<Pred condition, string descr = "",
           string rustTypeName = "::mlir_ir::Type">
    : TypeConstraint<condition, descr, rustTypeName> {
  string description = "";
  // A Rust expression over `$_ctx` that builds the type, when the
  // constraint admits exactly one type (lets formats omit the type).
  string builderCall = "";
}

// A type of a dialect (upstream's `DialectType`): `condition` is a Rust
// predicate over `$_self`, e.g. on the type's `TypeKind::Opaque` text.
class DialectType<Dialect d, Pred condition, string descr = "",
                  string rustTypeName = "::mlir_ir::Type">
    : Type<condition, descr, rustTypeName> {
  Dialect dialect = d;
}

// Another name (and summary) for a type.
class TypeAlias<Type t, string summary = t.summary>
    : Type<t.predicate, summary, t.rustType> {
  let description = t.description;
  let builderCall = t.builderCall;
}

// Mixed into a type to make it buildable.
class BuildableType<code builder> {
  code builderCall = builder;
}

// Zero or more values of `type` (an operand or result group).
class Variadic<Type type>
    : TypeConstraint<type.predicate, "variadic of " # type.summary,
                     type.rustType> {
  Type baseType = type;
  int minSize = 0;
}

// Zero or one value of `type`.
// A variadic group split into sub-groups whose sizes live in the
// `DenseI32ArrayAttr` named `variadicSegmentAttrName` (cf.switch's
// `caseOperands` / `case_operand_segments`).
class VariadicOfVariadic<Type type, string variadicSegmentAttrName>
    : Variadic<type> {
  let summary = "variadic of variadic of " # type.summary;
  string segmentAttrName = variadicSegmentAttrName;
}

class Optional<Type type>
    : TypeConstraint<type.predicate, type.summary, type.rustType> {
  Type baseType = type;
}

def AnyType : Type<CPred<"true">, "any type">;

def NoneType : Type<CPred<P # "is_none_type($_ctx, $_self)">, "none type">,
               BuildableType<"$_ctx.none_type()">;

// Any of the listed types.
class AnyTypeOf<list<Type> allowedTypeList, string summary = "",
                string rustTypeName = "::mlir_ir::Type">
    : Type<Or<!foreach(t, allowedTypeList, t.predicate)>,
           !if(!eq(summary, ""),
               !interleave(!foreach(t, allowedTypeList, t.summary), " or "),
               summary),
           rustTypeName> {
  list<Type> allowedTypes = allowedTypeList;
}

// All of the listed types.
class AllOfType<list<Type> allowedTypeList, string summary = "",
                string rustTypeName = "::mlir_ir::Type">
    : Type<And<!foreach(t, allowedTypeList, t.predicate)>,
           !if(!eq(summary, ""),
               !interleave(!foreach(t, allowedTypeList, t.summary), " and "),
               summary),
           rustTypeName> {
  list<Type> allowedTypes = allowedTypeList;
}

// `type` further restricted by `predicates`.
class ConfinedType<Type type, list<Pred> predicates, string summary = "",
                   string rustTypeName = type.rustType>
    : Type<And<!listconcat([type.predicate], predicates)>, summary,
           rustTypeName> {
  Type baseType = type;
  list<Pred> predicateList = predicates;
}

// ----- integers -----

def AnyInteger : Type<CPred<"$_ctx.is_integer($_self)">, "integer">;

class AnyI<int width>
    : Type<CPred<P # "is_int($_ctx, $_self, Some(" # width # "), None)">,
           width # "-bit integer"> {
  int bitwidth = width;
}
def AnyI1 : AnyI<1>;
def AnyI8 : AnyI<8>;
def AnyI16 : AnyI<16>;
def AnyI32 : AnyI<32>;
def AnyI64 : AnyI<64>;

def AnySignlessInteger
    : Type<CPred<P # "is_signless_int($_ctx, $_self)">, "signless integer">;

// A signless integer of `width` bits.
class I<int width>
    : Type<CPred<"$_ctx.is_signless_integer($_self, " # width # ")">,
           width # "-bit signless integer">,
      BuildableType<"$_ctx.int_type(" # width # ")"> {
  int bitwidth = width;
}
def I1 : I<1>;
def I8 : I<8>;
def I16 : I<16>;
def I32 : I<32>;
def I64 : I<64>;
def I128 : I<128>;

def AnySignedInteger
    : Type<CPred<P # "is_int($_ctx, $_self, None, "
                   # "Some(::mlir_ir::Signedness::Signed))">,
           "signed integer">;

// A signed integer of `width` bits.
class SI<int width>
    : Type<CPred<P # "is_int($_ctx, $_self, Some(" # width # "), "
                   # "Some(::mlir_ir::Signedness::Signed))">,
           width # "-bit signed integer">,
      BuildableType<"$_ctx.integer_type(" # width
                    # ", ::mlir_ir::Signedness::Signed)"> {
  int bitwidth = width;
}
def SI1 : SI<1>;
def SI8 : SI<8>;
def SI16 : SI<16>;
def SI32 : SI<32>;
def SI64 : SI<64>;

def AnyUnsignedInteger
    : Type<CPred<P # "is_int($_ctx, $_self, None, "
                   # "Some(::mlir_ir::Signedness::Unsigned))">,
           "unsigned integer">;

// An unsigned integer of `width` bits.
class UI<int width>
    : Type<CPred<P # "is_int($_ctx, $_self, Some(" # width # "), "
                   # "Some(::mlir_ir::Signedness::Unsigned))">,
           width # "-bit unsigned integer">,
      BuildableType<"$_ctx.integer_type(" # width
                    # ", ::mlir_ir::Signedness::Unsigned)"> {
  int bitwidth = width;
}
def UI1 : UI<1>;
def UI8 : UI<8>;
def UI16 : UI<16>;
def UI32 : UI<32>;
def UI64 : UI<64>;

def Index : Type<CPred<"$_ctx.is_index($_self)">, "index">,
            BuildableType<"$_ctx.index_type()">;

def AnySignlessIntegerOrIndex
    : Type<CPred<P # "is_signless_int_or_index($_ctx, $_self)">,
           "signless integer or index">;

// ----- floats -----

def AnyFloat : Type<CPred<"$_ctx.is_float($_self)">, "floating-point">;

// A float of `width` bits (f16, f32, f64, f80, f128).
class F<int width>
    : Type<CPred<P # "is_float_width($_ctx, $_self, " # width # ")">,
           width # "-bit float">,
      BuildableType<"$_ctx.float_type(::mlir_ir::FloatKind::F" # width # ")"> {
  int bitwidth = width;
}
def F16 : F<16>;
def F32 : F<32>;
def F64 : F<64>;
def F80 : F<80>;
def F128 : F<128>;

def BF16 : Type<CPred<P # "is_float_kind($_ctx, $_self, "
                        # "::mlir_ir::FloatKind::BF16)">, "bfloat16 type">,
           BuildableType<"$_ctx.float_type(::mlir_ir::FloatKind::BF16)">;
def TF32 : Type<CPred<P # "is_float_kind($_ctx, $_self, "
                        # "::mlir_ir::FloatKind::TF32)">, "tf32 type">,
           BuildableType<"$_ctx.float_type(::mlir_ir::FloatKind::TF32)">;

// ----- other builtin types -----

def AnyComplex : Type<CPred<P # "is_complex($_ctx, $_self)">, "complex-type">;

// A complex type whose element type is `type` (`Complex<F64>`). The element
// predicate sees the element type as `$_self`, as upstream's `SubstLeaves`.
class Complex<Type type>
    : Type<ElementPred<P # "is_complex_of($_ctx, $_self, ", type.predicate>,
           "complex type with " # type.summary # " elements"> {
  Type elementType = type;
}
def FunctionType : Type<CPred<P # "is_function($_ctx, $_self)">,
                        "function type">;

// ----- containers -----

def IsTupleTypePred : CPred<P # "is_tuple_of($_ctx, $_self, |_| true)">;

// A tuple whose elements are any of `allowedTypes`.
class TupleOf<list<Type> allowedTypes>
    : Type<ElementPred<P # "is_tuple_of($_ctx, $_self, ",
                       AnyTypeOf<allowedTypes>.predicate>,
           "tuple with any combination of " # AnyTypeOf<allowedTypes>.summary
           # " values">;
def AnyTuple : Type<IsTupleTypePred, "tuple">;

// A tuple whose leaves, through nested tuples, are any of `allowedTypes`.
class NestedTupleOf<list<Type> allowedTypes>
    : Type<ElementPred<P # "is_nested_tuple_of($_ctx, $_self, &",
                       AnyTypeOf<allowedTypes>.predicate>,
           "nested tuple with any combination of "
           # AnyTypeOf<allowedTypes>.summary # " values">;

// A ranked shaped type whose rank is one of `ranks`.
class HasAnyRankOfPred<list<int> ranks>
    : CPred<P # "has_rank_in($_ctx, $_self, &["
            # !interleave(ranks, ", ") # "])">;
// The "0D/1D" prefix of rank-constrained container summaries.
class RanksSummary<list<int> ranks> {
  string result = !interleave(!foreach(r, ranks, r # "D"), "/");
}

// The element-type predicate of `allowedTypes` applied to the element of
// `$_self`, after `containerPred` established that it has one.
class ShapedContainerType<list<Type> allowedTypes, Pred containerPred,
                          string descr, string rustTypeName = "::mlir_ir::Type">
    : Type<And<[containerPred,
                SubstLeaves<"$_self", P # "element_type($_ctx, $_self)",
                            AnyTypeOf<allowedTypes>.predicate>]>,
           descr # " of " # AnyTypeOf<allowedTypes>.summary # " values",
           rustTypeName>;

def IsVectorTypePred : CPred<P # "is_vector($_ctx, $_self)">;
def IsTensorTypePred : CPred<P # "is_tensor($_ctx, $_self)">;
def IsRankedTensorTypePred : CPred<P # "is_ranked_tensor($_ctx, $_self)">;
def IsUnrankedTensorTypePred : CPred<P # "is_unranked_tensor($_ctx, $_self)">;
def IsMemRefTypePred : CPred<P # "is_memref($_ctx, $_self)">;
def IsRankedMemRefTypePred : CPred<P # "is_ranked_memref($_ctx, $_self)">;
def IsShapedTypePred : CPred<P # "is_shaped($_ctx, $_self)">;
def HasStaticShapePred : CPred<P # "has_static_shape($_ctx, $_self)">;

class VectorOf<list<Type> allowedTypes>
    : ShapedContainerType<allowedTypes, IsVectorTypePred, "vector">;
def AnyVector : VectorOf<[AnyType]>;
// Upstream's name for vectors of any rank.
class VectorOfAnyRankOf<list<Type> allowedTypes> : VectorOf<allowedTypes>;
def AnyVectorOfAnyRank : VectorOfAnyRankOf<[AnyType]>;

class TensorOf<list<Type> allowedTypes, list<Pred> preds = [],
               string summary = "tensor">
    : ShapedContainerType<allowedTypes,
                          And<!listconcat([IsTensorTypePred], preds)>, summary>;
def AnyTensor : TensorOf<[AnyType]>;
def I1Tensor : TensorOf<[I1]>;
def I32Tensor : TensorOf<[I32]>;
def I64Tensor : TensorOf<[I64]>;
def F32Tensor : TensorOf<[F32]>;
def F64Tensor : TensorOf<[F64]>;

// A tensor of rank in `ranks` (`TensorRankOf<[I8], [0, 1]>`: "0D/1D tensor
// of 8-bit signless integer values").
class TensorRankOf<list<Type> allowedTypes, list<int> ranks>
    : ConfinedType<TensorOf<allowedTypes>, [HasAnyRankOfPred<ranks>],
                   RanksSummary<ranks>.result # " "
                   # TensorOf<allowedTypes>.summary>;
class 0DTensorOf<list<Type> allowedTypes> : TensorRankOf<allowedTypes, [0]>;
class 1DTensorOf<list<Type> allowedTypes> : TensorRankOf<allowedTypes, [1]>;
class 2DTensorOf<list<Type> allowedTypes> : TensorRankOf<allowedTypes, [2]>;
class 3DTensorOf<list<Type> allowedTypes> : TensorRankOf<allowedTypes, [3]>;
class 4DTensorOf<list<Type> allowedTypes> : TensorRankOf<allowedTypes, [4]>;

class RankedTensorOf<list<Type> allowedTypes, list<Pred> preds = [],
                     string summary = "ranked tensor">
    : ShapedContainerType<allowedTypes,
                          And<!listconcat([IsRankedTensorTypePred], preds)>,
                          summary>;
def AnyRankedTensor : RankedTensorOf<[AnyType]>;

class UnrankedTensorOf<list<Type> allowedTypes>
    : ShapedContainerType<allowedTypes, IsUnrankedTensorTypePred,
                          "unranked tensor">;
def AnyUnrankedTensor : UnrankedTensorOf<[AnyType]>;

class StaticShapeTensorOf<list<Type> allowedTypes>
    : RankedTensorOf<allowedTypes, [HasStaticShapePred],
                     "statically shaped tensor">;
def AnyStaticShapeTensor : StaticShapeTensorOf<[AnyType]>;

class MemRefOf<list<Type> allowedTypes>
    : ShapedContainerType<allowedTypes, IsRankedMemRefTypePred, "memref">;
def AnyMemRef : MemRefOf<[AnyType]>;

class MemRefRankOf<list<Type> allowedTypes, list<int> ranks>
    : ConfinedType<MemRefOf<allowedTypes>, [HasAnyRankOfPred<ranks>],
                   RanksSummary<ranks>.result # " "
                   # MemRefOf<allowedTypes>.summary>;

class StaticShapeMemRefOf<list<Type> allowedTypes>
    : ConfinedType<MemRefOf<allowedTypes>, [HasStaticShapePred],
                   "statically shaped " # MemRefOf<allowedTypes>.summary>;
def AnyStaticShapeMemRef : StaticShapeMemRefOf<[AnyType]>;

class RankedOrUnrankedMemRefOf<list<Type> allowedTypes>
    : ShapedContainerType<allowedTypes, IsMemRefTypePred,
                          "ranked or unranked memref">;
def AnyRankedOrUnrankedMemRef : RankedOrUnrankedMemRefOf<[AnyType]>;

def AnyShaped : ShapedContainerType<[AnyType], IsShapedTypePred, "shaped">;

// Vectors and tensors of `allowedTypes` (value-semantics containers).
class ValueSemanticsContainerOf<list<Type> allowedTypes>
    : ShapedContainerType<allowedTypes,
                          CPred<P # "is_value_semantics_container($_ctx, $_self)">,
                          "vector or tensor">;

// `allowedType` itself, or a vector or tensor of it.
class TypeOrValueSemanticsContainer<Type allowedType, string name>
    : Type<Or<[allowedType.predicate,
                         ValueSemanticsContainerOf<[allowedType]>.predicate]>,
           name>;

def BoolLike : TypeOrValueSemanticsContainer<I1, "bool-like">;
def SignlessIntegerLike
    : TypeOrValueSemanticsContainer<AnySignlessInteger, "signless-integer">;
def SignlessIntegerOrIndexLike
    : TypeOrValueSemanticsContainer<AnySignlessIntegerOrIndex,
                                    "signless-integer-like">;
def FloatLike : TypeOrValueSemanticsContainer<AnyFloat, "floating-point-like">;
def SignlessIntegerOrFloatLike
    : TypeConstraint<Or<[SignlessIntegerLike.predicate, FloatLike.predicate]>,
                     "signless-integer-like or floating-point-like">;

#endif // RMLIR_TYPES
