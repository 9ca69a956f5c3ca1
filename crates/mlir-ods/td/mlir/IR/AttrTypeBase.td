//===- AttrTypeBase.td - upstream include path -------------*- tablegen -*-===//
//
// Upstream's `AttrDef`/`TypeDef` classes, so that `.td` files including
// `mlir/IR/AttrTypeBase.td` parse. rmlir does not generate attribute and
// type classes: a dialect parses, verifies and prints its own types and
// attributes in Rust (`Dialect::canonicalize_type`,
// `Dialect::canonicalize_attribute`, see docs/ODS.md), so the ODS generator
// reports every `AttrDef`/`TypeDef` defined in the file it generates as an
// error at its location. Constraints on such types are written with
// `DialectType`/`DialectAttr` (a Rust predicate), which work.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_ATTRTYPEBASE
#define RMLIR_ATTRTYPEBASE

include "../../OpBase.td"

class AttrOrTypeParameter<string type, string desc, string accessorType = ""> {
  string cppType = type;
  string summary = desc;
  string cppAccessorType = !if(!empty(accessorType), type, accessorType);
  string parser = ?;
  string printer = ?;
  string defaultValue = ?;
}
class AttrParameter<string type, string desc, string accessorType = "">
    : AttrOrTypeParameter<type, desc, accessorType>;
class TypeParameter<string type, string desc, string accessorType = "">
    : AttrOrTypeParameter<type, desc, accessorType>;
class StringRefParameter<string desc = "", string value = "">
    : AttrOrTypeParameter<"::llvm::StringRef", desc>;
class ArrayRefParameter<string arrayOf, string desc = "">
    : AttrOrTypeParameter<"::llvm::ArrayRef<" # arrayOf # ">", desc>;

// An attribute or type definition (generated as a C++ class upstream).
class AttrOrTypeDef<string valueType, string name, list<Trait> defTraits,
                    string baseCppClass> {
  string cppBaseClassName = baseCppClass;
  string cppClassName = name # valueType;
  string summary = "";
  string description = "";
  string mnemonic = ?;
  dag parameters = (ins);
  string assemblyFormat = ?;
  bit hasCustomAssemblyFormat = 0;
  bit genVerifyDecl = 0;
  list<Trait> traits = defTraits;
  code extraClassDeclaration = ?;
  code extraClassDefinition = ?;
}
class AttrDef<Dialect d, string name, list<Trait> traits = [],
              string baseCppClass = "::mlir::Attribute">
    : AttrOrTypeDef<"Attr", name, traits, baseCppClass> {
  Dialect dialect = d;
  string attrName = ?;
}
class TypeDef<Dialect d, string name, list<Trait> traits = [],
              string baseCppClass = "::mlir::Type">
    : AttrOrTypeDef<"Type", name, traits, baseCppClass> {
  Dialect dialect = d;
  string typeName = ?;
}

#endif // RMLIR_ATTRTYPEBASE
