//===- UB.td - the ub dialect --------------------------------*- tablegen -*-===//
//
// rmlir's definition of MLIR 22's `ub` dialect. Specification: upstream
// `mlir/Dialect/UB/IR/UBOps.td`; names, traits, formats and flags are
// upstream's, predicates Rust.
//
//   op           defined  format        folder  checked with mlir-opt
//   poison       yes      declarative   yes     custom+generic
//   unreachable  yes      declarative   no      custom+generic
//
// `#ub.poison` is the only PoisonAttrInterface implementation; it stays an
// opaque dialect attribute (body `poison`), checked by
// `UbDialect::canonicalize_attribute`.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_UB
#define RMLIR_UB

include "mlir/IR/OpBase.td"
include "Interfaces.td"

def UB_Dialect : Dialect {
  let name = "ub";
  let summary = "Undefined Behavior dialect";
  // `materializeConstant` (hand-written): ub.poison for `#ub.poison`.
  let hasConstantMaterializer = 1;
  let rustType = "super::UbDialect";
}

// Upstream `PoisonAttrInterface`: satisfied by `#ub.poison`.
def PoisonAttrInterface : Attr<
    CPred<"crate::ub::is_poison($_ctx, $_self)">,
    "PoisonAttrInterface instance"> {
  let constBuilderCall = "crate::ub::poison_attr($_ctx)";
}

class UB_Op<string mnemonic, list<Trait> traits = []> :
    Op<UB_Dialect, mnemonic, traits>;

def PoisonOp : UB_Op<"poison", [ConstantLike, Pure]> {
  let summary = "Poisoned constant operation.";
  let arguments = (ins DefaultValuedAttr<PoisonAttrInterface,
                                         "PoisonAttr::get($_ctx)">:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict (`<` $value^ `>`)? `:` type($result)";
  let hasFolder = 1;
}

// Marks a point control never reaches (`-remove-dead-values` puts it in
// place of a branch whose condition is dead).
def UnreachableOp : UB_Op<"unreachable", [Terminator]> {
  let summary = "Unreachable operation.";
  let assemblyFormat = "attr-dict";
}

#endif // RMLIR_UB
