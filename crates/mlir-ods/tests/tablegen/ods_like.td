// A self-contained miniature of MLIR's OpBase.td/PatternBase.td and an op
// dialect in the style of TestOps.td: what the ODS and DRR generators read.

#ifndef ODS_LIKE_TD
#define ODS_LIKE_TD

class Pred;
class CPred<code pred> : Pred { code predExpr = "(" # pred # ")"; }
class CombinedPred<string kind, list<Pred> c> : Pred {
  string combiner = kind;
  list<Pred> children = c;
}
class And<list<Pred> children> : CombinedPred<"and", children>;
class Or<list<Pred> children> : CombinedPred<"or", children>;

class Constraint<Pred pred, string desc = ""> {
  Pred predicate = pred;
  string summary = desc;
}
class TypeConstraint<Pred predicate, string summary = "",
                     string cppTypeParam = "::mlir::Type">
    : Constraint<predicate, summary> {
  string cppType = cppTypeParam;
}
class Type<Pred condition, string descr = "",
           string cppType = "::mlir::Type">
    : TypeConstraint<condition, descr, cppType> {
  string description = "";
  string builderCall = "";
}
class I<int width>
    : Type<CPred<"$_self.isSignlessInteger(" # width # ")">,
           width # "-bit signless integer", "::mlir::IntegerType"> {
  int bitwidth = width;
  let builderCall = "$_builder.getIntegerType(" # width # ")";
}
def I1 : I<1>;
def I32 : I<32>;
def I64 : I<64>;
def F32 : Type<CPred<"$_self.isF32()">, "32-bit float">;

class AnyTypeOf<list<Type> allowedTypes, string summary = ""> : Type<
    Or<!foreach(allowedtype, allowedTypes, allowedtype.predicate)>,
    !if(!eq(summary, ""),
        !interleave(!foreach(t, allowedTypes, t.summary), " or "),
        summary)>;
def AnyInteger : AnyTypeOf<[I1, I32, I64]>;

class Variadic<Type type> : TypeConstraint<type.predicate, type.summary> {
  Type baseType = type;
}
class Optional<Type type> : TypeConstraint<type.predicate, type.summary> {
  Type baseType = type;
}

class Attr<Pred condition, string summary = ""> : Constraint<condition, summary> {
  code storageType = ?;
  code returnType = ?;
  string defaultValue = ?;
  bit isOptional = 0;
}
def I64Attr : Attr<CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">, "64-bit integer attribute"> {
  let storageType = [{ ::mlir::IntegerAttr }];
  let returnType = [{ uint64_t }];
}
class DefaultValuedAttr<Attr attr, string val> : Attr<attr.predicate, attr.summary> {
  let storageType = attr.storageType;
  let returnType = attr.returnType;
  let defaultValue = val;
}

class Dialect {
  string name = ?;
  string cppNamespace = ?;
  string summary = ?;
}
def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

class Trait;
class NativeOpTrait<string prop> : Trait { string trait = prop; }
def Commutative : NativeOpTrait<"IsCommutative">;
def Pure : NativeOpTrait<"Pure">;
class TypesMatchWith<string summary, string lhs, string rhs> : Trait {
  string lhsName = lhs;
  string rhsName = rhs;
  string description = summary;
}

def ins;
def outs;
def region;
def successor;

class OpBuilder<dag p, code b = ""> {
  dag dagParams = p;
  code body = b;
}

class Op<Dialect dialect, string mnemonic, list<Trait> props = []> {
  Dialect opDialect = dialect;
  string opName = mnemonic;
  string summary = "";
  code description = "";
  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);
  list<OpBuilder> builders = ?;
  bit skipDefaultBuilders = 0;
  string assemblyFormat = ?;
  bit hasVerifier = 0;
  bit hasFolder = 0;
  bit hasCanonicalizer = 0;
  list<Trait> traits = props;
  code extraClassDeclaration = ?;
}

class TEST_Op<string mnemonic, list<Trait> traits = []>
    : Op<Test_Dialect, mnemonic, traits>;

def OpA : TEST_Op<"op_a"> {
  let arguments = (ins I32:$operand, I64Attr:$attr);
  let results = (outs I32:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def OpB : TEST_Op<"op_b", [Pure, Commutative]> {
  let summary = "an op with variadics and a default-valued attribute";
  let arguments = (ins Variadic<AnyInteger>:$inputs,
                       Optional<F32>:$opt,
                       DefaultValuedAttr<I64Attr, "7">:$count);
  let results = (outs Variadic<I32>:$outs);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$input), [{
      build($_builder, $_state, input.getType(), input);
    }]>
  ];
  let hasVerifier = 1;
  let description = [{
    Longer text.
  }];
}

// A family of ops from a multiclass.
multiclass BinaryOps<string prefix> {
  def _add : TEST_Op<prefix # ".add", [Commutative]> {
    let arguments = (ins I32:$lhs, I32:$rhs);
    let results = (outs I32:$res);
  }
  def _sub : TEST_Op<prefix # ".sub"> {
    let arguments = (ins I32:$lhs, I32:$rhs);
    let results = (outs I32:$res);
  }
}
defm Int : BinaryOps<"int">;

let hasFolder = 1, hasCanonicalizer = 1 in {
  def OpC : TEST_Op<"op_c"> {
    let arguments = (ins I32:$x);
  }
}

// DRR.
def addBenefit;
def replaceWithValue;
def location;
def returnType;
def either;
class Pattern<dag source, list<dag> results, list<dag> preds = [],
              list<dag> supplemental = [], dag benefitAdded = (addBenefit 0)> {
  dag sourcePattern = source;
  list<dag> resultPatterns = results;
  list<dag> constraints = preds;
  list<dag> supplementalPatterns = supplemental;
  dag benefitDelta = benefitAdded;
}
class Pat<dag pattern, dag result, list<dag> preds = [],
          list<dag> supplemental = [], dag benefitAdded = (addBenefit 0)>
    : Pattern<pattern, [result], preds, supplemental, benefitAdded>;
class NativeCodeCall<string expr, int returns = 1> {
  string expression = expr;
  int numReturns = returns;
}
def HasOneUse : Constraint<CPred<"$_self.hasOneUse()">, "has one use">;

def : Pat<(OpA $x, $a), (OpB $x, (NativeCodeCall<"getCount($0)"> $a), $a)>;
def FoldSub : Pat<(Int_sub:$root $l, $l), (replaceWithValue $l),
                  [(HasOneUse:$root)], [], (addBenefit 10)>;
def MultiResult : Pattern<(OpB:$op $in, $opt, $c),
    [(OpA (location $op, "first"), $in, $c),
     (OpC $in, (returnType "$_builder.getI32Type()"))]>;
def Commuted : Pat<(Int_add (either $a, (OpA $b, $attr))), (Int_sub $a, $b)>;

#endif // ODS_LIKE_TD
