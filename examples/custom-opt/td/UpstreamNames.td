//===- UpstreamNames.td - upstream ODS names, as upstream uses them -*- tablegen -*-===//
//
// A dialect written only with names upstream `.td` files use, spelled as
// upstream spells them; it builds (the generated Rust compiles) and its ops
// verify as upstream's would (tests/custom-opt/upstream-names.mlir).
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/BuiltinTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/CastInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "mlir/Interfaces/CallInterfaces.td"

def Names_Dialect : Dialect {
  let name = "names";
  let cppNamespace = "::names";
}

class Names_Op<string mnemonic, list<Trait> traits = []> :
    Op<Names_Dialect, mnemonic, traits>;

// Type and attribute constraints of one's own.
def AnyIndexLike : TypeConstraint<
    Or<[CPred<"$_ctx.is_index($_self)">, CPred<"$_ctx.is_integer($_self)">]>,
    "index or integer">;
def EvenRankTensor : Type<
    And<[IsTensorTypePred,
         CPred<"$_ctx.shape($_self).is_some_and(|s| s.len() % 2 == 0)">]>,
    "tensor of even rank">;
def PositiveI64Attr : ConfinedAttr<I64Attr, [IntPositive, IntPowerOf2]>;
def SmallI32 : ConfinedType<I32, [CPred<"true">], "small i32">;

def Names_ElementsOp : Names_Op<"elements", [NoMemoryEffect]> {
  let arguments = (ins
    F32ElementsAttr:$f32s,
    OptionalAttr<F64ElementsAttr>:$f64s,
    OptionalAttr<FloatElementsAttr<16>>:$f16s,
    OptionalAttr<RankedF32ElementsAttr<[2]>>:$pair,
    OptionalAttr<RankedF64ElementsAttr<[2, 2]>>:$square,
    OptionalAttr<I1ElementsAttr>:$bools,
    OptionalAttr<I8ElementsAttr>:$bytes,
    OptionalAttr<I16ElementsAttr>:$shorts,
    OptionalAttr<I32ElementsAttr>:$ints,
    OptionalAttr<I64ElementsAttr>:$longs,
    OptionalAttr<RankedI32ElementsAttr<[3]>>:$triple,
    OptionalAttr<RankedI64ElementsAttr<[1]>>:$single,
    OptionalAttr<PositiveI64Attr>:$count
  );
  let results = (outs AnyTypeOf<[EvenRankTensor, SmallI32, F32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Names_AccessOp : Names_Op<"access", [AttrSizedOperandSegments]> {
  let arguments = (ins Arg<Variadic<AnyMemRef>, "read", [MemRead]>:$srcs,
                       Arg<Optional<AnyMemRef>, "written", [MemWrite]>:$dst);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$fresh);
  let assemblyFormat = "`(` $srcs `)` (`into` $dst^)? attr-dict `:` functional-type(operands, results)";
  let builders = [
    OpBuilder<(ins "::mlir_ir::Type":$ty, CArg<"&[::mlir_ir::Value]", "{}">:$srcs), [{
      Self::build(b, loc, ty, srcs, None)
    }]>
  ];
}

def Names_RegionOp : Names_Op<"region", [
    RecursiveMemoryEffects, SingleBlockImplicitTerminator<"EndOp">]> {
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def Names_EndOp : Names_Op<"end", [Pure, Terminator,
                                   ParentOneOf<["RegionOp", "OtherOp"]>]> {
  let assemblyFormat = "attr-dict";
}

def Names_OtherOp : Names_Op<"other", [
    SingleBlockImplicitTerminator<"EndOp">, NoRegionArguments]> {
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def Names_InnerOp : Names_Op<"inner", [HasParent<"RegionOp">,
    DeclareOpInterfaceMethods<CastOpInterface>]> {
  let arguments = (ins AnyIndexLike:$input);
  let results = (outs AnyType:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
}
