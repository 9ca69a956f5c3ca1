// Representative op definitions whose generated Rust is snapshot-tested
// (tests/ods.rs): one op per generator feature.

include "OpBase.td"

def Snap_Dialect : Dialect {
  let name = "snap";
  let cppNamespace = "::snap";
}

class Snap_Op<string mnemonic, list<Trait> traits = []>
    : Op<Snap_Dialect, mnemonic, traits>;

def Snap_Kind : I64EnumAttr<"Kind", "kind of thing", [
    I64EnumAttrCase<"Small", 0, "small">,
    I64EnumAttrCase<"Large", 1, "large">
  ]> {
  let cppNamespace = "::snap";
}

// Variadic and optional operand groups sized by `operandSegmentSizes`, and
// a variadic result.
def Snap_SegmentsOp : Snap_Op<"segments", [AttrSizedOperandSegments]> {
  let summary = "variadic and optional segments";
  let arguments = (ins Variadic<I32>:$inputs, Optional<Index>:$extra,
                       I64:$fixed);
  let results = (outs Variadic<AnyType>:$outputs);
}

// Required, optional, default-valued, unit and enum attributes.
def Snap_AttrsOp : Snap_Op<"attrs"> {
  let arguments = (ins I64Attr:$count, OptionalAttr<StrAttr>:$label,
                       DefaultValuedAttr<I32Attr, "7">:$weight,
                       UnitAttr:$fast, Snap_Kind:$kind,
                       OptionalAttr<BoolAttr>:$enabled);
}

// Regions and successors.
def Snap_RegionsOp : Snap_Op<"regions", [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let regions = (region SizedRegion<1>:$body, VariadicRegion<AnyRegion>:$rest);
  let successors = (successor AnySuccessor:$dest);
}

// A declarative assembly format with an optional group.
def Snap_FormatOp : Snap_Op<"format"> {
  let arguments = (ins AnySignlessInteger:$lhs, Optional<I1>:$flag,
                       UnitAttr:$exact);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = [{
    $lhs (`flag` $flag^)? (`exact` $exact^)? attr-dict `:` type($lhs) `->` type($result)
  }];
}

// Custom builders next to the generated ones.
def Snap_BuilderOp : Snap_Op<"builder"> {
  let arguments = (ins I32:$value);
  let results = (outs I32:$result);
  let builders = [
    OpBuilder<(ins "::mlir_ir::Value":$v), [{ Self::build($_builder, $_loc, v) }]>,
    // Body-less: calls `Self::build_n_state(b, &mut state, n)`.
    OpBuilder<(ins "i64":$n)>,
    // Fills `$_state`; named explicitly.
    OpBuilder<(ins "::mlir_ir::Value":$v), [{ $_state.operands.push(v); }],
              "build_pushing">
  ];
}

// Result types inferred from traits and from InferTypeOpInterface.
def Snap_SameTypeOp : Snap_Op<"same_type", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
  // Declared hooks: recorded in `op_info` (`declare_hooks`).
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Snap_MatchOp : Snap_Op<"match", [AllTypesMatch<["a", "r"]>]> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r);
}
def Snap_InferOp : Snap_Op<"infer", [InferTypeOpInterface]> {
  let arguments = (ins AnyTensor:$a);
  let results = (outs AnyTensor:$r);
  let verifyInferredTypes = 1;
}

// Op predicates, nested element constraints and a derived attribute.
def Snap_PredOp : Snap_Op<"pred", [
    AllElementTypesMatch<["x", "y"]>,
    PredOpTrait<"x is not none", Neg<TypeIsPred<"x", NoneType>>>]> {
  let arguments = (ins TensorOf<[Complex<F32>]>:$x, AnyType:$y);
  let results = (outs TupleOf<[I32, F32]>:$t);
  DerivedAttr rank = DerivedAttr<"i64",
    [{ ::mlir_ir::ods::preds::rank(ir.ctx(), ir.value_type(self.x(ir))).unwrap_or(-1) }],
    [{ $_ctx.int_attr($_ctx.int_type(64), $_self) }]>;
}

// Several named result groups: results are named after them when printed.
def Snap_TwoResultsOp : Snap_Op<"two_results"> {
  let results = (outs I32:$sum, Variadic<I1>:$flags);
}

// Native properties: plain (always present, value-initialized), with a
// declared default, a unit property, and a confined one.
def Snap_PropsOp : Snap_Op<"props"> {
  let arguments = (ins I32:$x, StringProp:$tag, I64Prop:$count, BoolProp:$flag,
    DefaultValuedProp<I32Prop, "-1">:$level, UnitProp:$fast,
    ConfinedProp<I64Prop, CPred<"$_self >= 0">, "non-negative int64_t">:$size);
  let assemblyFormat = "$x $tag $count $flag ($level^)? ($fast^)? $size attr-dict";
}

// Memory effects (operand and result decorators, op-level effects), Rust
// items from `extraClassDeclaration`, and builders overloaded on types.
def Snap_EffectsOp : Snap_Op<"effects", [MemoryEffects<[MemWrite]>]> {
  let arguments = (ins Arg<Variadic<AnyMemRef>, "read", [MemRead]>:$srcs,
                       Arg<AnyMemRef, "", [MemFree, MemRead]>:$gone);
  let results = (outs Res<AnyMemRef, "", [MemAlloc<AutomaticAllocationScopeResource>]>:$fresh);
  let builders = [
    OpBuilder<(ins "::mlir_ir::Value":$gone), [{ Self::build(b, loc, ::mlir_ir::ods::preds::element_type(b.ctx(), b.ctx().index_type()), &[], gone) }]>,
    OpBuilder<(ins "i64":$gone), [{ unimplemented!("{gone}") }]>
  ];
  let extraClassDeclaration = [{
    /// How many buffers are read.
    pub fn num_sources(self, ir: &::mlir_ir::Ir) -> usize {
      self.srcs(ir).len()
    }
  }];
}
