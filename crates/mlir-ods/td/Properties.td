//===- Properties.td - native op properties ----------------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's Properties.td: `I32Prop`, `I64Prop`,
// `IntProp<"intN_t">`, `StringProp`, `BoolProp`, `UnitProp`,
// `DefaultValuedProp`, `OptionalProp` and `ConfinedProp`, with upstream's
// names and summaries.
//
// A property is kept in the op's property dictionary as the attribute
// upstream's `convertToAttribute` produces (`5 : i64`, `"foo"`, `true`,
// `unit`), so the generic form, the verifier and DRR see it like an inherent
// attribute; what differs is its assembly (the property's printer and
// parser, `AttrFormat::Prop`), its Rust accessor and builder parameter (the
// interface type: `i64`, `i32`, `&str`/`String`, `bool`) and that it is
// always present (value-initialized storage: `0`, `""`, `false`).
//
// Fields the generator reads besides those of `Attr`:
//   storageDefault  the Rust value of the value-initialized storage, used
//                   (through `constBuilderCall`) when the op is created
//                   without the property;
//   returnType      the Rust type the accessor returns;
//   getter          a Rust expression over `$_self` (the stored attribute)
//                   and `$_ctx` giving the accessor's value.
// The predicate of a property (`ConfinedProp`) is, as for attributes, a Rust
// expression over the stored `Attribute` `$_self`.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_PROPERTIES
#define RMLIR_PROPERTIES

include "Attrs.td"

def AttrFormatPropI8 : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::Int(8))">;
def AttrFormatPropI16 : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::Int(16))">;
def AttrFormatPropI32 : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::Int(32))">;
def AttrFormatPropI64 : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::Int(64))">;
def AttrFormatPropString : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::String)">;
def AttrFormatPropBool : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::Bool)">;
def AttrFormatPropUnit : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::Unit)">;
def AttrFormatPropI32Array
    : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::IntArray(32))">;
def AttrFormatPropI64Array
    : AttrFormatKind<"Prop(::mlir_ir::ods::PropKind::IntArray(64))">;

// A constraint on a property's interface value (`$_self` is the `i64`,
// `String` or `bool` the property's accessor returns), as DRR applies it to
// a property argument: `PropConstraint<CPred<"!$_self.is_empty()">,
// "non-empty string">:$tag`.
class PropConstraint<Pred pred, string summary = "", string interfaceType = "">
    : AttrConstraint<pred, summary> {
  string rustInterfaceType = interfaceType;
}

// The base of every property. `rustType` is the interface type builders
// take; properties always hold a value of their kind, so the predicate is
// true unless a `ConfinedProp` narrows it.
class Property<string rustType = "", string desc = ""> :
    Attr<CPred<"true">, desc> {
  string storageDefault = "";
  string returnType = rustType;
  string getter = "";
  Property baseProperty = ?;
  let rustValueType = rustType;
}

// Any integer stored as a property. Upstream names the storage with its
// C++ type; the signed fixed-width ones are supported.
class IntProp<string storageTypeParam, string desc = ""> :
    Property<!if(!eq(storageTypeParam, "int64_t"), "i64",
             !if(!eq(storageTypeParam, "int32_t"), "i32",
             !if(!eq(storageTypeParam, "int16_t"), "i16", "i8"))),
             !if(!eq(desc, ""), storageTypeParam, desc)> {
  let format = !if(!eq(storageTypeParam, "int64_t"), AttrFormatPropI64,
               !if(!eq(storageTypeParam, "int32_t"), AttrFormatPropI32,
               !if(!eq(storageTypeParam, "int16_t"), AttrFormatPropI16,
                   AttrFormatPropI8)));
  let constBuilderCall = "$_ctx.int_attr($_ctx.int_type("
      # !if(!eq(storageTypeParam, "int64_t"), "64",
        !if(!eq(storageTypeParam, "int32_t"), "32",
        !if(!eq(storageTypeParam, "int16_t"), "16", "8")))
      # "), "
      # !if(!eq(storageTypeParam, "int64_t"), "$0", "i64::from($0)") # ")";
  let storageDefault = "0";
  let getter = "$_ctx.int_attr_value($_self).unwrap_or(0)"
      # !if(!eq(storageTypeParam, "int64_t"), "", " as " # rustValueType);
}

def I32Prop : IntProp<"int32_t">;
def I64Prop : IntProp<"int64_t">;

// An array of integers of property `elem` (`I32Prop` or `I64Prop`), stored
// as a dense array attribute (`array<i64: 1, 2>` in the generic form) and
// printed `[1, 2]`; the interface values are `i64`s.
class IntArrayProp<Property elem, string desc = ""> :
    Property<"&[i64]", !if(!eq(desc, ""), "array of " # elem.summary, desc)> {
  let format = !if(!eq(elem.rustValueType, "i32"), AttrFormatPropI32Array,
                   AttrFormatPropI64Array);
  let constBuilderCall = "::mlir_ir::ods::preds::dense_int_array($_ctx, "
      # !if(!eq(elem.rustValueType, "i32"), "32", "64") # ", $0)";
  let storageDefault = "&[]";
  let returnType = "::std::vec::Vec<i64>";
  let getter = "::mlir_ir::ods::preds::dense_int_values($_ctx, $_self)";
}

def StringProp : Property<"&str", "string"> {
  let format = AttrFormatPropString;
  let constBuilderCall = "$_ctx.string_attr($0)";
  let storageDefault = "\"\"";
  let returnType = "::std::string::String";
  let getter = "$_ctx.string_attr_value($_self).map(|s| s.into_owned()).unwrap_or_default()";
}

def BoolProp : Property<"bool", "boolean"> {
  let format = AttrFormatPropBool;
  let constBuilderCall = "$_ctx.bool_attr($0)";
  let storageDefault = "false";
  let getter = "$_self == $_ctx.bool_attr(true)";
}

// A flag: set is `unit` (a `UnitAttr` in the generic form), unset is
// `unit_absent` (`false`). Defaults to unset, as upstream.
def UnitProp : Property<"bool", "unit property"> {
  let format = AttrFormatPropUnit;
  let constBuilderCall = "if $0 { $_ctx.unit_attr() } else { $_ctx.bool_attr(false) }";
  let storageDefault = "false";
  let defaultValue = "false";
  let getter = "$_self == $_ctx.unit_attr()";
}

// `p` with a default (a Rust value of `p`'s interface type): equal values
// are elided by optional groups and `attr-dict`.
class DefaultValuedProp<Property p, string default = "", string storageDefault = "">
    : Property<p.rustValueType, p.summary> {
  let format = p.format;
  let constBuilderCall = p.constBuilderCall;
  let storageDefault = p.storageDefault;
  let returnType = p.returnType;
  let getter = p.getter;
  let predicate = p.predicate;
  let defaultValue = default;
  let baseProperty = p;
  let baseAttr = p;
}

// `p` narrowed by `pred`, a predicate over the interface value `$_self`
// (e.g. `CPred<"$_self >= 0">` for an `I64Prop`), with an optional new
// summary for the verifier's message (`property 'x' failed to satisfy
// constraint: <summary>`).
class ConfinedProp<Property p, Pred pred, string newSummary = "">
    : Property<p.rustValueType, !if(!eq(newSummary, ""), p.summary, newSummary)> {
  let format = p.format;
  let constBuilderCall = p.constBuilderCall;
  let storageDefault = p.storageDefault;
  let returnType = p.returnType;
  let getter = p.getter;
  // The stored attribute is converted to the interface value first.
  let predicate = And<[p.predicate,
                       SubstLeaves<"$_self", "(" # p.getter # ")", pred>]>;
  let defaultValue = p.defaultValue;
  let baseProperty = p;
  let baseAttr = p;
}

#endif // RMLIR_PROPERTIES
