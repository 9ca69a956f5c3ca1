//===- EnumAttr.td - enum attributes ----------------------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's EnumAttr.td: integer enums
// (`I32EnumAttr`, `I64EnumAttr`: stored as integer attributes, printed as
// the case keyword), bit enums (`I32BitEnumAttr`) and dialect enum
// attributes (`EnumAttr<Dialect, Info, "mnemonic">`, printed
// `#dialect.mnemonic<case>`). The generator turns each enum used by an op
// into a `static EnumSpec` and substitutes its path for `$_enum` in the
// predicates below.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_ENUMATTR
#define RMLIR_ENUMATTR

include "Attrs.td"
include "DialectBase.td"
include "Traits.td"

// One enumerant: its symbol (the Rust/C++ name), value and keyword.
class EnumCase<string sym, int intVal, string strVal, int widthVal> {
  string symbol = sym;
  int value = intVal;
  string str = strVal;
  int width = widthVal;
}

class IntEnumAttrCaseBase<I intType, string sym, string strVal, int intVal>
    : EnumCase<sym, intVal, strVal, intType.bitwidth>;
class I32EnumAttrCase<string sym, int val, string str = sym>
    : IntEnumAttrCaseBase<I32, sym, str, val>;
class I64EnumAttrCase<string sym, int val, string str = sym>
    : IntEnumAttrCaseBase<I64, sym, str, val>;
class I32EnumCase<string sym, int val, string str = sym>
    : EnumCase<sym, val, str, 32>;
class I64EnumCase<string sym, int val, string str = sym>
    : EnumCase<sym, val, str, 64>;

class BitEnumCaseBase<string sym, int val, string str, int width>
    : EnumCase<sym, val, str, width>;
class BitEnumAttrCaseBase<I intType, string sym, int val, string str = sym>
    : BitEnumCaseBase<sym, val, str, intType.bitwidth>;
class I32BitEnumAttrCase<string sym, int val, string str = sym>
    : BitEnumAttrCaseBase<I32, sym, val, str>;
class I64BitEnumAttrCase<string sym, int val, string str = sym>
    : BitEnumAttrCaseBase<I64, sym, val, str>;
class I32BitEnumAttrCaseNone<string sym, string str = sym>
    : I32BitEnumAttrCase<sym, 0, str>;
class I64BitEnumAttrCaseNone<string sym, string str = sym>
    : I64BitEnumAttrCase<sym, 0, str>;
class BitEnumAttrCaseBit<I intType, string sym, int pos, string str = sym>
    : BitEnumAttrCaseBase<intType, sym, !shl(1, pos), str> {
  assert !and(!ge(pos, 0), !lt(pos, intType.bitwidth)),
      "bit position larger than underlying storage";
}
class I32BitEnumAttrCaseBit<string sym, int pos, string str = sym>
    : BitEnumAttrCaseBit<I32, sym, pos, str>;
class I64BitEnumAttrCaseBit<string sym, int pos, string str = sym>
    : BitEnumAttrCaseBit<I64, sym, pos, str>;
class BitEnumAttrCaseGroup<I intType, string sym,
                           list<BitEnumCaseBase> cases, string str = sym>
    : BitEnumAttrCaseBase<intType, sym,
          !foldl(0, cases, value, bitcase, !or(value, bitcase.value)), str>;
class I32BitEnumAttrCaseGroup<string sym, list<BitEnumCaseBase> cases,
                              string str = sym>
    : BitEnumAttrCaseGroup<I32, sym, cases, str>;
class I64BitEnumAttrCaseGroup<string sym, list<BitEnumCaseBase> cases,
                              string str = sym>
    : BitEnumAttrCaseGroup<I64, sym, cases, str>;

// The description of an enum (upstream's `EnumInfo`).
class EnumInfo<string name, string summaryValue, list<EnumCase> cases,
               int width> {
  string className = name;
  string cppNamespace = "";
  string summary = summaryValue;
  string description = "";
  list<EnumCase> enumerants = cases;
  int bitwidth = width;
  // Bit enums: cases are masks, values print as case lists.
  bit isBitEnum = 0;
  string separator = "|";
  bit printBitEnumPrimaryGroups = 0;
}

// An enum that is also an attribute stored as a `bitwidth`-bit integer.
// (The summary argument is not named `summary`: a template argument named
// like a field the class sets cannot be resolved.)
class EnumAttrInfo<string name, list<EnumCase> cases, I intType,
                   string summaryText>
    : EnumInfo<name, summaryText, cases, intType.bitwidth>,
      Attr<CPred<"$_enum.int_value_of($_ctx, $_self).is_some()">, summaryText> {
  let format = AttrFormatIntEnum;
  // Upstream also generates a dialect attribute class; here it is only
  // recorded (the dialect's `EnumAttr` wraps the enum instead).
  bit genSpecializedAttr = 1;
  let rustValueType = "u64";
}

class IntEnumAttr<I intType, string name, string summary,
                  list<IntEnumAttrCaseBase> cases>
    : EnumAttrInfo<name, cases, intType,
        !if(!empty(summary), "allowed " # intType.summary # " cases: " #
            !interleave(!foreach(case, cases, case.value), ", "),
            summary)>;
class I32EnumAttr<string name, string summary, list<I32EnumAttrCase> cases>
    : IntEnumAttr<I32, name, summary, cases>;
class I64EnumAttr<string name, string summary, list<I64EnumAttrCase> cases>
    : IntEnumAttr<I64, name, summary, cases>;

// Enums that are not attributes themselves (wrap them in `EnumAttr`).
class I32Enum<string name, string summary, list<EnumCase> cases>
    : EnumInfo<name, summary, cases, 32>;
class I64Enum<string name, string summary, list<EnumCase> cases>
    : EnumInfo<name, summary, cases, 64>;

class BitEnumAttr<I intType, string name, string summary,
                  list<BitEnumCaseBase> cases>
    : EnumAttrInfo<name, cases, intType, summary> {
  let isBitEnum = 1;
}
class I32BitEnumAttr<string name, string summary, list<BitEnumCaseBase> cases>
    : BitEnumAttr<I32, name, summary, cases>;
class I64BitEnumAttr<string name, string summary, list<BitEnumCaseBase> cases>
    : BitEnumAttr<I64, name, summary, cases>;
class I32BitEnum<string name, string summary, list<BitEnumCaseBase> cases>
    : EnumInfo<name, summary, cases, 32> {
  let isBitEnum = 1;
}

// A dialect attribute wrapping `enumInfo`: `#dialect.mnemonic<case>`.
class EnumAttr<Dialect dialect, EnumInfo enumInfo, string name = "",
               list<Trait> traits = []>
    : Attr<CPred<"$_enum.value_of($_ctx, $_self).is_some()">,
           enumInfo.summary> {
  Dialect attrDialect = dialect;
  EnumInfo enum = enumInfo;
  string mnemonic = name;
  list<Trait> attrTraits = traits;
  string assemblyFormat = "`<` $value `>`";
  let format = AttrFormatDialectEnum;
  let rustValueType = "u64";
}

#endif // RMLIR_ENUMATTR
