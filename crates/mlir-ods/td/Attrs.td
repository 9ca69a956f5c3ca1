//===- Attrs.td - attribute constraints -------------------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's CommonAttrConstraints.td. Names, shapes
// and summaries follow upstream. Predicates are Rust expressions over
// `$_self` (an `Attribute`) and `$_ctx` (`&Context`).
//
// Fields the generator reads (besides `predicate` and `summary`):
//   format           how the assembly format prints/parses the attribute
//                    (`mlir_ir::ods::AttrFormat`);
//   valueType        the value type of `AttrFormatWithoutType` attributes;
//   rustValueType    the Rust type of the value a builder passes (empty: the
//                    builder takes an `Attribute`);
//   constBuilderCall a Rust expression over `$_ctx` and `$0` (the value, of
//                    `rustValueType`) building the attribute;
//   rustReturnType   the Rust type of the op's typed accessor (empty: only
//                    the `<name>_attr` accessor returning an `Attribute`);
//   convertFromStorage a Rust expression over `$_self` (the `Attribute`)
//                    and `$_ctx` giving the accessor's value;
//   defaultValue     the Rust value of a `DefaultValuedAttr` (for enums, a
//                    path ending in the case's symbol, as upstream writes);
//   isOptional       `OptionalAttr`;
//   baseAttr         the wrapped attribute of `OptionalAttr`,
//                    `DefaultValuedAttr` and `ConfinedAttr`.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_ATTRS
#define RMLIR_ATTRS

include "Types.td"

// How the declarative assembly format handles an attribute (the cases of
// `mlir_ir::ods::AttrFormat`).
class AttrFormatKind<string n> {
  string rustName = n;
}
def AttrFormatGeneric : AttrFormatKind<"Generic">;
// A specific attribute class (symbol refs, types, dictionaries) printed and
// parsed with the generic attribute syntax; unlike `Generic` storage it
// never takes a trailing `: type`, so a `:` may follow it in a format.
def AttrFormatTyped : AttrFormatKind<"Typed">;
def AttrFormatSymbolRef : AttrFormatKind<"SymbolRef">;
// A dialect attribute (`attrDialect`, `attrMnemonic` fields of the
// constraint) printed stripped of `#dialect.mnemonic` unless qualified.
def AttrFormatDialectAttr : AttrFormatKind<"DialectAttr">;
def AttrFormatWithoutType : AttrFormatKind<"WithoutType">;
def AttrFormatDialectEnum : AttrFormatKind<"DialectEnum">;
def AttrFormatIntEnum : AttrFormatKind<"IntEnum">;
def AttrFormatSymbolName : AttrFormatKind<"SymbolName">;
def AttrFormatUnit : AttrFormatKind<"Unit">;
def AttrFormatArray : AttrFormatKind<"Array">;
def AttrFormatString : AttrFormatKind<"String">;
def AttrFormatDenseI32Array : AttrFormatKind<"DenseI32Array">;
def AttrFormatDenseI64Array : AttrFormatKind<"DenseI64Array">;

// An attribute kind usable as an op argument.
class Attr<Pred condition, string summary = ""> :
    AttrConstraint<condition, summary> {
  AttrFormatKind format = AttrFormatGeneric;
  Type valueType = ?;
  string rustValueType = "";
  string constBuilderCall = "";
  string rustReturnType = "";
  string convertFromStorage = "";
  string defaultValue = ?;
  bit isOptional = 0;
  Attr baseAttr = ?;
  string description = "";
}

// An attribute of a dialect (upstream's `DialectAttr`).
class DialectAttr<Dialect d, Pred condition, string summary = "">
    : Attr<condition, summary> {
  Dialect dialect = d;
}

// An attribute that is absent or satisfies `attr`.
class OptionalAttr<Attr attr> : Attr<attr.predicate, attr.summary> {
  let format = attr.format;
  let valueType = attr.valueType;
  let rustValueType = attr.rustValueType;
  let constBuilderCall = attr.constBuilderCall;
  let rustReturnType = attr.rustReturnType;
  let convertFromStorage = attr.convertFromStorage;
  let isOptional = 1;
  let baseAttr = attr;
}

// An attribute that takes the value `val` when absent.
class DefaultValuedAttr<Attr attr, string val>
    : Attr<attr.predicate, attr.summary> {
  let format = attr.format;
  let valueType = attr.valueType;
  let rustValueType = attr.rustValueType;
  let constBuilderCall = attr.constBuilderCall;
  let rustReturnType = attr.rustReturnType;
  let convertFromStorage = attr.convertFromStorage;
  let defaultValue = val;
  let baseAttr = attr;
}

// Like `DefaultValuedAttr`, but optional: the default is not filled in
// when the attribute is absent (upstream's `populateDefaultAttrs` skips
// optional attributes), so the generic form omits it.
class DefaultValuedOptionalAttr<Attr attr, string val>
    : DefaultValuedAttr<attr, val> {
  let isOptional = 1;
}

// `attr` further restricted by `constraints`.
class ConfinedAttr<Attr attr, list<AttrConstraint> constraints> : Attr<
    And<!listconcat([attr.predicate],
                    !foreach(pred, constraints, pred.predicate))>,
    !foldl(attr.summary, constraints, prev, cur, prev # " " # cur.summary)> {
  let format = attr.format;
  let valueType = attr.valueType;
  let rustValueType = attr.rustValueType;
  let constBuilderCall = attr.constBuilderCall;
  let rustReturnType = attr.rustReturnType;
  let convertFromStorage = attr.convertFromStorage;
  let defaultValue = attr.defaultValue;
  let isOptional = attr.isOptional;
  let baseAttr = attr;
}

def AnyAttr : Attr<CPred<"true">, "any attribute">;

// An attribute satisfying any of `allowedAttrs`; the summary joins theirs
// with " or " unless one is given (upstream's `AnyAttrOf`).
class AnyAttrOf<list<Attr> allowedAttrs, string summary = "">
    : Attr<Or<!foreach(allowedattr, allowedAttrs, allowedattr.predicate)>,
           !if(!eq(summary, ""),
               !interleave(!foreach(t, allowedAttrs, t.summary), " or "),
               summary)>;

// An attribute of a given kind whose value has type `attrValType`.
class TypedAttrBase<Type attrValType, Pred condition, string summary>
    : Attr<condition, summary> {
  let valueType = attrValType;
  let format = !if(!eq(attrValType.builderCall, ""), AttrFormatGeneric,
                   AttrFormatWithoutType);
}

// ----- integers -----

class SignlessIntegerAttrBase<I attrValType, string summary>
    : TypedAttrBase<attrValType,
                    CPred<P # "is_int_attr($_ctx, $_self, "
                            # attrValType.bitwidth # ")">,
                    summary> {
  let rustValueType = "i64";
  let constBuilderCall = "$_ctx.int_attr($_ctx.int_type("
                         # attrValType.bitwidth # "), $0)";
  let rustReturnType = "i64";
  let convertFromStorage = P # "attr_i64($_ctx, $_self)";
}
def I1Attr : SignlessIntegerAttrBase<I1, "1-bit signless integer attribute">;
def I8Attr : SignlessIntegerAttrBase<I8, "8-bit signless integer attribute">;
def I16Attr : SignlessIntegerAttrBase<I16, "16-bit signless integer attribute">;
def I32Attr : SignlessIntegerAttrBase<I32, "32-bit signless integer attribute">;
def I64Attr : SignlessIntegerAttrBase<I64, "64-bit signless integer attribute">;

def AnyIntegerAttr : Attr<CPred<P # "is_any_int_attr($_ctx, $_self)">,
                          "arbitrary integer attribute">;

def IndexAttr : TypedAttrBase<Index, CPred<P # "is_index_attr($_ctx, $_self)">,
                              "index attribute"> {
  let rustValueType = "i64";
  let constBuilderCall = "$_ctx.int_attr($_ctx.index_type(), $0)";
  let rustReturnType = "i64";
  let convertFromStorage = P # "attr_i64($_ctx, $_self)";
}

// Its value type `i1` is buildable, so a format parses it without a
// trailing `: type` and a `:` may follow it, as upstream.
def BoolAttr : Attr<CPred<P # "is_bool_attr($_ctx, $_self)">, "bool attribute"> {
  let valueType = I1;
  let format = AttrFormatWithoutType;
  let rustValueType = "bool";
  let constBuilderCall = "$_ctx.bool_attr($0)";
  let rustReturnType = "bool";
  let convertFromStorage = P # "attr_bool($_ctx, $_self)";
}

// ----- floats -----

class FloatAttrBase<F attrValType, string summary>
    : TypedAttrBase<attrValType,
                    CPred<P # "is_float_attr($_ctx, $_self, ::mlir_ir::FloatKind::F"
                            # attrValType.bitwidth # ")">,
                    summary> {
  let rustValueType = "f64";
  let constBuilderCall = P # "float_attr($_ctx, ::mlir_ir::FloatKind::F"
                         # attrValType.bitwidth # ", $0)";
  let rustReturnType = "f64";
  let convertFromStorage = P # "attr_f64($_ctx, $_self)";
}
def F32Attr : FloatAttrBase<F32, "32-bit float attribute">;
def F64Attr : FloatAttrBase<F64, "64-bit float attribute">;

def AnyFloatAttr : Attr<CPred<P # "is_any_float_attr($_ctx, $_self)">,
                        "arbitrary floating-point attribute">;

// ----- strings and symbols -----

def StrAttrPred : CPred<P # "is_string_attr($_ctx, $_self)">;

class StringBasedAttr<Pred condition, string summary>
    : Attr<condition, summary> {
  let format = AttrFormatString;
  let rustValueType = "&str";
  let constBuilderCall = "$_ctx.string_attr($0)";
  let rustReturnType = "::std::string::String";
  let convertFromStorage = P # "attr_string($_ctx, $_self)";
}
def StrAttr : StringBasedAttr<StrAttrPred, "string attribute">;

// A string naming a symbol, printed `@name`.
def SymbolNameAttr : StringBasedAttr<StrAttrPred, "string attribute"> {
  let format = AttrFormatSymbolName;
}

def SymbolRefAttr : Attr<CPred<P # "is_symbol_ref_attr($_ctx, $_self)">,
                         "symbol reference attribute"> {
  let format = AttrFormatSymbolRef;
}
def FlatSymbolRefAttr
    : Attr<CPred<P # "is_flat_symbol_ref_attr($_ctx, $_self)">,
           "flat symbol reference attribute"> {
  let format = AttrFormatSymbolRef;
  let rustValueType = "&str";
  let constBuilderCall = "$_ctx.flat_symbol_ref($0)";
  let rustReturnType = "::std::string::String";
  let convertFromStorage = P # "attr_symbol($_ctx, $_self)";
}

// ----- unit, types, dictionaries -----

// Meaningful by its presence alone, hence always optional in builders.
def UnitAttr : Attr<CPred<P # "is_unit_attr($_ctx, $_self)">, "unit attribute"> {
  let format = AttrFormatUnit;
  let isOptional = 1;
}

class TypeAttrBase<string summary, Pred typePred = CPred<"true">>
    : Attr<And<[CPred<P # "is_type_attr($_ctx, $_self)">,
                SubstLeaves<"$_self", P # "type_attr_value($_ctx, $_self)",
                            typePred>]>,
           summary> {
  let format = AttrFormatTyped;
  let rustValueType = "::mlir_ir::Type";
  let constBuilderCall = "$_ctx.type_attr($0)";
  let rustReturnType = "::mlir_ir::Type";
  let convertFromStorage = P # "type_attr_value($_ctx, $_self)";
}
def TypeAttr : TypeAttrBase<"any type attribute">;
class TypeAttrOf<Type ty>
    : TypeAttrBase<"type attribute of " # ty.summary, ty.predicate>;

def DictionaryAttr : Attr<CPred<P # "is_dictionary_attr($_ctx, $_self)">,
                          "dictionary of named attribute values"> {
  let format = AttrFormatTyped;
}

// ----- arrays -----

class ArrayAttrBase<Pred condition, string summary> : Attr<condition, summary> {
  let format = AttrFormatArray;
}
def ArrayAttr : ArrayAttrBase<CPred<P # "is_array_attr($_ctx, $_self)">,
                              "array attribute">;

// An array attribute whose elements all satisfy `element`.
class TypedArrayAttrBase<Attr element, string summary> : ArrayAttrBase<
    And<[CPred<P # "is_array_attr($_ctx, $_self)">,
         Concat<P # "array_elements($_ctx, $_self).iter().all(|&__e| ",
                SubstLeaves<"$_self", "__e", element.predicate>, ")">]>,
    summary> {
  Attr elementAttr = element;
}
def I32ArrayAttr : TypedArrayAttrBase<I32Attr, "32-bit integer array attribute">;
def I64ArrayAttr : TypedArrayAttrBase<I64Attr, "64-bit integer array attribute">;
def F32ArrayAttr : TypedArrayAttrBase<F32Attr, "32-bit float array attribute">;
def F64ArrayAttr : TypedArrayAttrBase<F64Attr, "64-bit float array attribute">;
def StrArrayAttr : TypedArrayAttrBase<StrAttr, "string array attribute">;
def TypeArrayAttr : TypedArrayAttrBase<TypeAttr, "type array attribute">;
def DictArrayAttr
    : TypedArrayAttrBase<DictionaryAttr, "Array of dictionary attributes">;
def SymbolRefArrayAttr
    : TypedArrayAttrBase<SymbolRefAttr, "symbol ref array attribute">;
def FlatSymbolRefArrayAttr
    : TypedArrayAttrBase<FlatSymbolRefAttr, "flat symbol ref array attribute">;

// `dense<...>` elements attributes of integers (`DenseIntElementsAttr`).
def AnyIntElementsAttr
    : Attr<CPred<P # "is_int_elements_attr($_ctx, $_self)">,
           "integer elements attribute">;

// Integer elements attributes whose element type satisfies `elementType`
// (upstream's `IntElementsAttrBase` subclasses).
class IntElementsAttrOf<Type elementType, string summary>
    : Attr<And<[CPred<P # "is_int_elements_attr($_ctx, $_self)">,
                ElementPred<P # "is_dense_elements_of($_ctx, $_self, ",
                            elementType.predicate>]>, summary>;
// Their constants (`ConstantAttr<I32ElementsAttr, "5">`) are rank-0 tensors.
def I32ElementsAttr
    : IntElementsAttrOf<I32, "32-bit signless integer elements attribute"> {
  let constBuilderCall = P # "int_elements_scalar($_ctx, 32, $0)";
}
def I64ElementsAttr
    : IntElementsAttrOf<I64, "64-bit signless integer elements attribute"> {
  let constBuilderCall = P # "int_elements_scalar($_ctx, 64, $0)";
}
def IndexElementsAttr : IntElementsAttrOf<Index, "index elements attribute">;

// Upstream's names for the integer elements attributes:
// `SignlessIntElementsAttr<width>` (`I32ElementsAttr` is the 32-bit one),
// `AnyI32ElementsAttr` (any signedness), and the ranked forms with a fixed
// shape, `RankedSignlessIntElementsAttr<width, dims>`.
class SignlessIntElementsAttr<int width>
    : IntElementsAttrOf<I<width>, width # "-bit signless integer elements attribute"> {
  let constBuilderCall = P # "int_elements_scalar($_ctx, " # width # ", $0)";
}
def I1ElementsAttr : SignlessIntElementsAttr<1>;
def I8ElementsAttr : SignlessIntElementsAttr<8>;
def I16ElementsAttr : SignlessIntElementsAttr<16>;
class AnyIntElementsAttrOfWidth<int width>
    : IntElementsAttrOf<AnyI<width>, width # "-bit integer elements attribute">;
def AnyI32ElementsAttr : AnyIntElementsAttrOfWidth<32>;
def AnyI64ElementsAttr : AnyIntElementsAttrOfWidth<64>;
class RankedSignlessIntElementsAttr<int width, list<int> dims>
    : Attr<And<[SignlessIntElementsAttr<width>.predicate,
                CPred<P # "has_shape($_ctx, $_self, &[" # !interleave(dims, ", ") # "])">]>,
           width # "-bit signless int elements attribute of shape [" #
           !interleave(dims, ", ") # "]">;
class RankedI32ElementsAttr<list<int> dims>
    : RankedSignlessIntElementsAttr<32, dims>;
class RankedI64ElementsAttr<list<int> dims>
    : RankedSignlessIntElementsAttr<64, dims>;

// Elements attributes of any kind (upstream's `ElementsAttr`, an interface
// there): a `dense<...>`, `dense_resource<...>` or `sparse<...>` attribute.
def ElementsAttr
    : Attr<CPred<P # "is_elements_attr($_ctx, $_self)">,
           "constant vector/tensor attribute">;
// A `dense<...>` attribute of any element type.
def AnyDenseElementsAttr
    : Attr<CPred<P # "is_dense_elements_of($_ctx, $_self, |_| true)">,
           "constant vector/tensor attribute">;

// `dense<...>` elements attributes of floats (upstream's
// `FloatElementsAttr<width>`, `F32ElementsAttr`, `F64ElementsAttr`). Their
// constants (`ConstantAttr<F64ElementsAttr, "1.5">`) are rank-0 tensors,
// as for the integer forms.
class FloatElementsAttr<int width>
    : Attr<ElementPred<P # "is_dense_elements_of($_ctx, $_self, ",
                       F<width>.predicate>,
           width # "-bit float elements attribute"> {
  let constBuilderCall = P # "float_elements($_ctx, " # width # ", &[], &[$0])";
}
def F32ElementsAttr : FloatElementsAttr<32>;
def F64ElementsAttr : FloatElementsAttr<64>;

// Float elements attributes of a fixed shape; constants are Rust slices
// (`ConstantAttr<RankedF32ElementsAttr<[2]>, "[3.0, 4.0]">`), splatted
// when they hold a single value.
class RankedFloatElementsAttr<int width, list<int> dims>
    : Attr<And<[FloatElementsAttr<width>.predicate,
                CPred<P # "has_shape($_ctx, $_self, &[" # !interleave(dims, ", ") # "])">]>,
           width # "-bit float elements attribute of shape [" #
           !interleave(dims, ", ") # "]"> {
  let constBuilderCall = P # "float_elements($_ctx, " # width # ", &[" #
                         !interleave(dims, ", ") # "], &$0)";
}
class RankedF32ElementsAttr<list<int> dims>
    : RankedFloatElementsAttr<32, dims>;
class RankedF64ElementsAttr<list<int> dims>
    : RankedFloatElementsAttr<64, dims>;

// An attribute computed from the op rather than stored (upstream's
// `DerivedAttr`): `body` is a Rust block over `self` (the typed op) and
// `ir` returning `returnType`; `convert` is a Rust expression over `$_self`
// (the value) and `$_ctx` building the `Attribute` the derived attribute
// materializes to. The generator emits `fn <name>(self, ir) -> returnType`
// and `materialize_derived_attributes`, exposed through
// `mlir_ir::ods::DerivedAttributes` (MLIR's `DerivedAttributeOpInterface`).
class DerivedAttr<string ret, code b, code convert = ""> {
  string returnType = ret;
  code body = b;
  code convertFromStorage = convert;
}
// A derived type attribute: `body` returns a `Type`, materialized as a
// `TypeAttr`.
class DerivedTypeAttr<code body>
    : DerivedAttr<"::mlir_ir::Type", body, "$_ctx.type_attr($_self)">;

// `array<iN: ...>` dense arrays.
class DenseIntArrayAttrBase<int width>
    : Attr<CPred<P # "is_dense_int_array($_ctx, $_self, " # width # ")">,
           "i" # width # " dense array attribute"> {
  let rustValueType = "&[i64]";
  let constBuilderCall = P # "dense_int_array($_ctx, " # width # ", $0)";
}
def DenseI8ArrayAttr : DenseIntArrayAttrBase<8>;
def DenseI16ArrayAttr : DenseIntArrayAttrBase<16>;
def DenseI32ArrayAttr : DenseIntArrayAttrBase<32> {
  let format = AttrFormatDenseI32Array;
}
def DenseI64ArrayAttr : DenseIntArrayAttrBase<64> {
  let format = AttrFormatDenseI64Array;
}
def DenseF32ArrayAttr
    : Attr<CPred<P # "is_dense_float_array($_ctx, $_self, ::mlir_ir::FloatKind::F32)">,
           "f32 dense array attribute">;
def DenseF64ArrayAttr
    : Attr<CPred<P # "is_dense_float_array($_ctx, $_self, ::mlir_ir::FloatKind::F64)">,
           "f64 dense array attribute">;

// ----- constraints for ConfinedAttr -----

class IntMinValue<int n> : AttrConstraint<
    CPred<P # "int_value($_ctx, $_self) >= " # n>,
    "whose minimum value is " # n>;
class IntMaxValue<int n> : AttrConstraint<
    CPred<P # "int_value($_ctx, $_self) <= " # n>,
    "whose maximum value is " # n>;
def IntNonNegative : AttrConstraint<
    CPred<P # "int_value($_ctx, $_self) >= 0">, "whose value is non-negative">;
def IntPositive : AttrConstraint<
    CPred<P # "int_value($_ctx, $_self) > 0">, "whose value is positive">;
def IntPowerOf2 : AttrConstraint<
    CPred<"(::mlir_ir::ods::preds::int_value($_ctx, $_self) as u64).is_power_of_two()">,
    "whose value is a power of two > 0">;
class ArrayMinCount<int n> : AttrConstraint<
    CPred<P # "array_len($_ctx, $_self) >= " # n>,
    "with at least " # n # " elements">;
class ArrayMaxCount<int n> : AttrConstraint<
    CPred<P # "array_len($_ctx, $_self) <= " # n>,
    "with at most " # n # " elements">;
class ArrayCount<int n> : AttrConstraint<
    CPred<P # "array_len($_ctx, $_self) == " # n>,
    "with exactly " # n # " elements">;

#endif // RMLIR_ATTRS
