//===- TestOpsFormat.td - declarative assembly format ops --*- tablegen -*-===//
//
// Test-dialect ops of the upstream declarative assembly format test
// (`mlir-tblgen/op-format.mlir`): one op per feature of the format engine
// (literals, attributes and optional attributes, regions, results,
// operands, successors, optional groups with and without else branches,
// custom directives and `ref`, type inference from traits and
// `InferTypeOpInterface`). Behaviour follows upstream
// `mlir/test/lib/Dialect/Test/TestOpsSyntax.td`; the text is rmlir's own.
// The `custom<...>` directives and inferred result types are in
// `src/format.rs`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"
// For `SomeI64Enum` (only the ops of this file are generated here).
include "TestOpsDRR.td"

// An attribute that carries a type (upstream's `TypedAttrInterface`).
def FormatTypedAttr
    : Attr<CPred<"$_ctx.attr_type($_self).is_some()">, "TypedAttr instance">;

// Upstream's `DefaultValuedStrAttr`: the default is the string `val`.
class FormatDefaultStr<Attr attr, string val>
    : DefaultValuedAttr<attr, "\"" # val # "\"">;

// ----- literals and attributes -----

def FormatLiteralOp : TEST_Op<"format_literal_op"> {
  let assemblyFormat = [{
    `keyword_$.` `->` `:` `,` `=` `<` `>` `(` `)` `[` `]` `` `(` ` ` `)`
    `?` `+` `*` `{` `\n` `}` attr-dict
  }];
}

def FormatAttrOp : TEST_Op<"format_attr_op"> {
  let arguments = (ins I64Attr:$attr);
  let assemblyFormat = "$attr attr-dict";
}

def FormatOptAttrAOp : TEST_Op<"format_opt_attr_op_a"> {
  let arguments = (ins OptionalAttr<I64Attr>:$opt_attr);
  let assemblyFormat = "(`(` $opt_attr^ `)` )? attr-dict";
}

def FormatOptAttrBOp : TEST_Op<"format_opt_attr_op_b"> {
  let arguments = (ins OptionalAttr<I64Attr>:$opt_attr);
  let assemblyFormat = "($opt_attr^)? attr-dict";
}

def FormatSymbolNameAttrOp : TEST_Op<"format_symbol_name_attr_op"> {
  let arguments = (ins SymbolNameAttr:$attr);
  let assemblyFormat = "$attr attr-dict";
}

def FormatOptSymbolNameAttrOp : TEST_Op<"format_opt_symbol_name_attr_op"> {
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$opt_attr);
  let assemblyFormat = "($opt_attr^)? attr-dict";
}

def FormatOptSymbolRefAttrOp : TEST_Op<"format_opt_symbol_ref_attr_op"> {
  let arguments = (ins OptionalAttr<SymbolRefAttr>:$opt_attr);
  let assemblyFormat = "($opt_attr^)? attr-dict";
}

def FormatAttrDictWithKeywordOp : TEST_Op<"format_attr_dict_w_keyword"> {
  let arguments = (ins I64Attr:$attr, OptionalAttr<I64Attr>:$opt_attr);
  let assemblyFormat = "attr-dict-with-keyword";
}

def FormatBuildableTypeOp : TEST_Op<"format_buildable_type_op"> {
  let arguments = (ins I64:$buildable);
  let results = (outs I64:$buildable_res);
  let assemblyFormat = "$buildable attr-dict";
}

// ----- regions -----

class FormatRegionBase<string suffix, string fmt>
    : TEST_Op<"format_region_" # suffix # "_op"> {
  let regions = (region AnyRegion:$region);
  let assemblyFormat = fmt;
}
def FormatRegionAOp : FormatRegionBase<"a", "regions attr-dict">;
def FormatRegionBOp : FormatRegionBase<"b", "$region attr-dict">;
def FormatRegionCOp : FormatRegionBase<"c", "(`region` $region^)? attr-dict">;

class FormatVariadicRegionBase<string suffix, string fmt>
    : TEST_Op<"format_variadic_region_" # suffix # "_op"> {
  let regions = (region VariadicRegion<AnyRegion>:$regions);
  let assemblyFormat = fmt;
}
def FormatVariadicRegionAOp
    : FormatVariadicRegionBase<"a", "$regions attr-dict">;
def FormatVariadicRegionBOp
    : FormatVariadicRegionBase<"b", "($regions^ `found_regions`)? attr-dict">;

def FormatImplicitTerminatorRegionAOp
    : TEST_Op<"format_implicit_terminator_region_a_op",
              [SingleBlockImplicitTerminator<"test.return">]> {
  let regions = (region AnyRegion:$region);
  let assemblyFormat = "$region attr-dict";
}

// ----- results -----

class FormatResultBase<string suffix, string fmt>
    : TEST_Op<"format_result_" # suffix # "_op"> {
  let results = (outs I64:$buildable_res, AnyMemRef:$result);
  let assemblyFormat = fmt;
}
def FormatResultAOp : FormatResultBase<"a", "type($result) attr-dict">;
def FormatResultBOp : FormatResultBase<"b", "type(results) attr-dict">;
def FormatResultCOp
    : FormatResultBase<"c", "functional-type($buildable_res, $result) attr-dict">;

def FormatVariadicResult : TEST_Op<"format_variadic_result"> {
  let results = (outs Variadic<I64>:$result);
  let assemblyFormat = "`:` type($result) attr-dict";
}

def FormatMultipleVariadicResults
    : TEST_Op<"format_multiple_variadic_results", [AttrSizedResultSegments]> {
  let results = (outs Variadic<I64>:$result0, Variadic<AnyType>:$result1);
  let assemblyFormat = [{
    `:` `(` type($result0) `)` `,` `(` type($result1) `)` attr-dict
  }];
}

// ----- operands -----

class FormatOperandBase<string suffix, string fmt>
    : TEST_Op<"format_operand_" # suffix # "_op"> {
  let arguments = (ins I64:$buildable, AnyMemRef:$operand);
  let assemblyFormat = fmt;
}
def FormatOperandAOp
    : FormatOperandBase<"a", "operands `:` type(operands) attr-dict">;
def FormatOperandBOp
    : FormatOperandBase<"b", "operands `:` type($operand) attr-dict">;
def FormatOperandCOp
    : FormatOperandBase<"c", "$buildable `,` $operand `:` type(operands) attr-dict">;
def FormatOperandDOp
    : FormatOperandBase<"d", "$buildable `,` $operand `:` type($operand) attr-dict">;
def FormatOperandEOp : FormatOperandBase<"e", [{
  $buildable `,` $operand `:` type($buildable) `,` type($operand) attr-dict
}]>;

def FormatSuccessorAOp : TEST_Op<"format_successor_a_op", [Terminator]> {
  let successors = (successor VariadicSuccessor<AnySuccessor>:$targets);
  let assemblyFormat = "$targets attr-dict";
}

def FormatVariadicOperand : TEST_Op<"format_variadic_operand"> {
  let arguments = (ins Variadic<I64>:$operand);
  let assemblyFormat = "$operand `:` type($operand) attr-dict";
}

def FormatVariadicOfVariadicOperand
    : TEST_Op<"format_variadic_of_variadic_operand"> {
  let arguments = (ins
    VariadicOfVariadic<I64, "operand_segments">:$operand,
    DenseI32ArrayAttr:$operand_segments
  );
  let assemblyFormat = "$operand `:` type($operand) attr-dict";
}

def FormatMultipleVariadicOperands
    : TEST_Op<"format_multiple_variadic_operands", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I64>:$operand0, Variadic<AnyType>:$operand1);
  let assemblyFormat = [{
    ` ` `(` $operand0 `)` `,` `(` $operand1 `:` type($operand1) `)` attr-dict
  }];
}

// ----- optional operands and results -----

class FormatOptionalOperandResultOpBase<string suffix, string fmt>
    : TEST_Op<"format_optional_operand_result_" # suffix # "_op",
              [AttrSizedOperandSegments]> {
  let arguments = (ins Optional<I64>:$optional, Variadic<I64>:$variadic);
  let results = (outs Optional<I64>:$optional_res);
  let assemblyFormat = fmt;
}
def FormatOptionalOperandResultAOp : FormatOptionalOperandResultOpBase<"a", [{
  `(` $optional `:` type($optional) `)` `:` type($optional_res)
  (`[` $variadic^ `]`)? attr-dict
}]>;
def FormatOptionalOperandResultBOp : FormatOptionalOperandResultOpBase<"b", [{
  (`(` $optional^ `:` type($optional) `)`)? `:` type($optional_res)
  (`[` $variadic^ `]`)? attr-dict
}]>;

class FormatOptionalResultOpBase<string suffix, string fmt>
    : TEST_Op<"format_optional_result_" # suffix # "_op",
              [AttrSizedResultSegments]> {
  let results = (outs Optional<I64>:$optional, Variadic<I64>:$variadic);
  let assemblyFormat = fmt;
}
def FormatOptionalResultAOp : FormatOptionalResultOpBase<"a",
  "(`:` type($optional)^ `->` type($variadic))? attr-dict">;
def FormatOptionalResultBOp : FormatOptionalResultOpBase<"b",
  "(`:` type($optional) `->` type($variadic)^)? attr-dict">;
def FormatOptionalResultCOp : FormatOptionalResultOpBase<"c",
  "(`:` functional-type($optional, $variadic)^)? attr-dict">;

// ----- optional attributes -----

def FormatOptionalUnitAttr : TEST_Op<"format_optional_unit_attribute"> {
  let arguments = (ins UnitAttr:$is_optional);
  let assemblyFormat = "(`is_optional` $is_optional^)? attr-dict";
}

def FormatOptionalUnitAttrNoElide
    : TEST_Op<"format_optional_unit_attribute_no_elide"> {
  let arguments = (ins UnitAttr:$is_optional);
  let assemblyFormat = "($is_optional^)? attr-dict";
}

def FormatOptionalEnumAttr : TEST_Op<"format_optional_enum_attr"> {
  let arguments = (ins OptionalAttr<SomeI64Enum>:$attr);
  let assemblyFormat = "($attr^)? attr-dict";
}

def FormatOptionalDefaultAttrs : TEST_Op<"format_optional_default_attrs"> {
  let arguments = (ins FormatDefaultStr<StrAttr, "default">:$str,
                       FormatDefaultStr<SymbolNameAttr, "default">:$sym,
                       DefaultValuedAttr<SomeI64Enum, "SomeI64Enum::case5">:$e);
  let assemblyFormat = "($str^)? ($sym^)? ($e^)? attr-dict";
}

def FormatOptionalWithElse : TEST_Op<"format_optional_else"> {
  let arguments = (ins UnitAttr:$isFirstBranchPresent);
  let assemblyFormat = "(`then` $isFirstBranchPresent^):(`else`)? attr-dict";
}

// ----- custom directives (`src/format.rs`) -----

def FormatCustomDirectiveOperands
    : TEST_Op<"format_custom_directive_operands", [AttrSizedOperandSegments]> {
  let arguments = (ins I64:$operand, Optional<I64>:$optOperand,
                       Variadic<I64>:$varOperands);
  let assemblyFormat = [{
    custom<CustomDirectiveOperands>($operand, $optOperand, $varOperands)
    attr-dict
  }];
}

def FormatCustomDirectiveOperandsAndTypes
    : TEST_Op<"format_custom_directive_operands_and_types",
              [AttrSizedOperandSegments]> {
  let arguments = (ins AnyType:$operand, Optional<AnyType>:$optOperand,
                       Variadic<AnyType>:$varOperands);
  let assemblyFormat = [{
    custom<CustomDirectiveOperandsAndTypes>(
      $operand, $optOperand, $varOperands,
      type($operand), type($optOperand), type($varOperands))
    attr-dict
  }];
}

def FormatCustomDirectiveRegions : TEST_Op<"format_custom_directive_regions"> {
  let regions = (region AnyRegion:$region,
                        VariadicRegion<AnyRegion>:$other_regions);
  let assemblyFormat = [{
    custom<CustomDirectiveRegions>($region, $other_regions) attr-dict
  }];
}

def FormatCustomDirectiveResults
    : TEST_Op<"format_custom_directive_results", [AttrSizedResultSegments]> {
  let results = (outs AnyType:$result, Optional<AnyType>:$optResult,
                      Variadic<AnyType>:$varResults);
  let assemblyFormat = [{
    custom<CustomDirectiveResults>(
      type($result), type($optResult), type($varResults))
    attr-dict
  }];
}

def FormatCustomDirectiveResultsWithTypeRefs
    : TEST_Op<"format_custom_directive_results_with_type_refs",
              [AttrSizedResultSegments]> {
  let results = (outs AnyType:$result, Optional<AnyType>:$optResult,
                      Variadic<AnyType>:$varResults);
  let assemblyFormat = [{
    custom<CustomDirectiveResults>(
      type($result), type($optResult), type($varResults))
    custom<CustomDirectiveWithTypeRefs>(
      ref(type($result)), ref(type($optResult)), ref(type($varResults)))
    attr-dict
  }];
}

def FormatCustomDirectiveWithOptionalOperandRef
    : TEST_Op<"format_custom_directive_with_optional_operand_ref"> {
  let arguments = (ins Optional<I64>:$optOperand);
  let assemblyFormat = [{
    ($optOperand^)? `:`
    custom<CustomDirectiveOptionalOperandRef>(ref($optOperand))
    attr-dict
  }];
}

def FormatCustomDirectiveSuccessors
    : TEST_Op<"format_custom_directive_successors", [Terminator]> {
  let successors = (successor AnySuccessor:$successor,
                              VariadicSuccessor<AnySuccessor>:$successors);
  let assemblyFormat = [{
    custom<CustomDirectiveSuccessors>($successor, $successors) attr-dict
  }];
}

def FormatCustomDirectiveAttributes
    : TEST_Op<"format_custom_directive_attributes"> {
  let arguments = (ins I64Attr:$attr, OptionalAttr<I64Attr>:$optAttr);
  let assemblyFormat = [{
    custom<CustomDirectiveAttributes>($attr, $optAttr) attr-dict
  }];
}

def FormatCustomDirectiveSpacing : TEST_Op<"format_custom_directive_spacing"> {
  let arguments = (ins StrAttr:$attr1, StrAttr:$attr2);
  let assemblyFormat = [{
    custom<CustomDirectiveSpacing>($attr1)
    custom<CustomDirectiveSpacing>($attr2)
    attr-dict
  }];
}

def FormatLiteralFollowingOptionalGroup
    : TEST_Op<"format_literal_following_optional_group"> {
  let arguments = (ins TypeAttr:$type, OptionalAttr<AnyAttr>:$value);
  let assemblyFormat = "(`(` $value^ `)`)? `:` $type attr-dict";
}

def TestEllipsisOp : TEST_Op<"ellipsis"> {
  let arguments = (ins Variadic<AnyType>:$operands, UnitAttr:$variadic);
  let assemblyFormat = [{
    `(` $operands (`...` $variadic^)? `)` attr-dict `:` type($operands) `...`
  }];
}

// ----- type inference from traits -----

def FormatInferVariadicTypeFromNonVariadic
    : TEST_Op<"format_infer_variadic_type_from_non_variadic",
              [SameOperandsAndResultType]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs AnyType:$result);
  let assemblyFormat = "operands attr-dict `:` type($result)";
}

def FormatAllTypesMatchVarOp : TEST_Op<"format_all_types_match_var", [
    AllTypesMatch<["value1", "value2", "result"]>]> {
  let arguments = (ins AnyType:$value1, AnyType:$value2);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value1 `,` $value2 `:` type($value1)";
}

def FormatAllTypesMatchAttrOp : TEST_Op<"format_all_types_match_attr", [
    AllTypesMatch<["value1", "value2", "result"]>]> {
  let arguments = (ins FormatTypedAttr:$value1, AnyType:$value2);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value1 `,` $value2";
}

def FormatTypesMatchVarOp : TEST_Op<"format_types_match_var", [
    TypesMatchWith<"result type matches operand", "value", "result", "$_self">]> {
  let arguments = (ins AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value `:` type($value)";
}

def FormatTypesMatchVariadicOp : TEST_Op<"format_types_match_variadic", [
    TypesMatchWith<"result type matches operand", "value", "result", "$_self">]> {
  let arguments = (ins Variadic<AnyType>:$value);
  let results = (outs Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict $value `:` type($value)";
}

def FormatTypesMatchAttrOp : TEST_Op<"format_types_match_attr", [
    TypesMatchWith<"result type matches constant", "value", "result", "$_self">]> {
  let arguments = (ins FormatTypedAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value";
}

def FormatTypesMatchContextOp : TEST_Op<"format_types_match_context", [
    TypesMatchWith<"tuple result type matches operand type", "value", "result",
                   "$_ctx.tuple_type(&[$_self])">]> {
  let arguments = (ins AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value `:` type($value)";
}

// ----- InferTypeOpInterface (`src/format.rs`) -----
//
// Upstream verifies every InferTypeOpInterface op's result types against
// the inferred ones (`verifyInferredTypes` here).

// The result is `i16`.
def FormatInferTypeOp : TEST_Op<"format_infer_type", [InferTypeOpInterface]> {
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict";
  let verifyInferredTypes = 1;
}

// The result is `i16`.
def FormatInferType2Op : TEST_Op<"format_infer_type2",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict";
  let verifyInferredTypes = 1;
}

// The results have the operands' types.
class FormatInferAllTypesBaseOp<string mnemonic, list<Trait> traits = []>
    : TEST_Op<mnemonic, !listconcat([InferTypeOpInterface], traits)> {
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$outs);
  let verifyInferredTypes = 1;
}

def FormatInferTypeAllOperandsAndTypesOp
    : FormatInferAllTypesBaseOp<"format_infer_type_all_operands_and_types"> {
  let assemblyFormat = "`(` operands `)` attr-dict `:` type(operands)";
}

def FormatInferTypeAllOperandsAndTypesOneOperandOp
    : FormatInferAllTypesBaseOp<"format_infer_type_all_types_one_operand"> {
  let assemblyFormat = "`(` $args `)` attr-dict `:` type(operands)";
}

def FormatInferTypeAllOperandsAndTypesTwoOperandsOp
    : FormatInferAllTypesBaseOp<"format_infer_type_all_types_two_operands",
                                [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<AnyType>:$args0, Variadic<AnyType>:$args1);
  let assemblyFormat =
      "`(` $args0 `)` `(` $args1 `)` attr-dict `:` type(operands)";
}

def FormatInferTypeAllTypesOp
    : FormatInferAllTypesBaseOp<"format_infer_type_all_types"> {
  let assemblyFormat = "`(` operands `)` attr-dict `:` type($args)";
}

// The results have the types of `a` then `b`.
def FormatInferTypeVariadicOperandsOp
    : TEST_Op<"format_infer_type_variadic_operands",
              [InferTypeOpInterface, AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<I64>:$b);
  let results = (outs Variadic<AnyType>:$outs);
  let assemblyFormat =
      "`(` $a `:` type($a) `)` `(` $b `:` type($b) `)` attr-dict";
  let verifyInferredTypes = 1;
}

// ----- properties -----

def TestOpWithPropertiesAndAttr : TEST_Op<"with_properties_and_attr"> {
  let arguments = (ins I32Attr:$lhs, I64Prop:$rhs);
  let assemblyFormat = "$lhs prop-dict attr-dict";
}

// The result is an integer as wide as `lhs + rhs` (`src/format.rs`).
def TestOpWithPropertiesAndInferredType
    : TEST_Op<"with_properties_and_inferred_type",
              [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins I32Attr:$lhs, I64Prop:$rhs,
                       OptionalAttr<UnitAttr>:$packed);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs prop-dict attr-dict";
}

// ----- dialect attributes and types (`src/compound.rs`) -----

// An attribute of the test dialect with mnemonic `mnemonic`, printed
// stripped of `#test.mnemonic` unless qualified.
class FormatTestAttr<string mnemonic>
    : Attr<CPred<"crate::compound::is_test_attr($_ctx, $_self, \"" # mnemonic # "\")">,
           "test dialect '" # mnemonic # "' attribute"> {
  let format = AttrFormatDialectAttr;
  string attrDialect = "test";
  string attrMnemonic = mnemonic;
}

def CompoundAttrA : FormatTestAttr<"cmpnd_a">;
def CompoundAttrNested : FormatTestAttr<"cmpnd_nested">;
def CompoundNestedOuter : FormatTestAttr<"cmpnd_nested_outer">;

def CompoundNestedOuterType
    : Type<CPred<"crate::compound::is_test_type($_ctx, $_self, \"cmpnd_nested_outer\")">,
           "test dialect 'cmpnd_nested_outer' type">;

def FormatCompoundAttr : TEST_Op<"format_compound_attr"> {
  let arguments = (ins CompoundAttrA:$compound);
  let assemblyFormat = "$compound attr-dict-with-keyword";
}

def FormatNestedAttr : TEST_Op<"format_nested_attr"> {
  let arguments = (ins CompoundAttrNested:$nested);
  let assemblyFormat = "$nested attr-dict-with-keyword";
}

def FormatNestedCompoundAttr : TEST_Op<"format_cpmd_nested_attr"> {
  let arguments = (ins CompoundNestedOuter:$nested);
  let assemblyFormat = "`nested` $nested attr-dict-with-keyword";
}

def FormatQualifiedCompoundAttr : TEST_Op<"format_qual_cpmd_nested_attr"> {
  let arguments = (ins CompoundNestedOuter:$nested);
  let assemblyFormat = "`nested` qualified($nested) attr-dict-with-keyword";
}

def FormatQualifiedNestedType : TEST_Op<"format_qual_cpmd_nested_type"> {
  let arguments = (ins CompoundNestedOuterType:$nested);
  let assemblyFormat =
      "$nested `nested` qualified(type($nested)) attr-dict-with-keyword";
}

// An optional group whose anchor is in its else branch.
def ElseAnchorOp : TEST_Op<"else_anchor"> {
  let arguments = (ins Optional<AnyType>:$a);
  let assemblyFormat = "`(` (`?`) : (`` $a^ `:` type($a))? `)` attr-dict";
}

// `custom<UsingPropertyInCustom>` prints the array property as `[1, 4, 20]`.
def TestOpUsingPropertyInCustom : TEST_Op<"using_property_in_custom"> {
  let arguments = (ins IntArrayProp<I64Prop>:$prop);
  let assemblyFormat = "custom<UsingPropertyInCustom>($prop) attr-dict";
}

def TestOpUsingPropertyInCustomAndOther
    : TEST_Op<"using_property_in_custom_and_other"> {
  let arguments = (ins IntArrayProp<I64Prop>:$prop, I64Prop:$other);
  let assemblyFormat =
      "custom<UsingPropertyInCustom>($prop) prop-dict attr-dict";
}

// An op whose results are inferred from its regions (`inferTypeFromRegions`):
// the types of the first region's entry block arguments (`src/format.rs`).
class FormatRegionInferOp<string mnemonic> : TEST_Op<mnemonic> {
  bit inferTypeFromRegions = 1;
}

def FormatInferTypeRegionsOp
    : FormatRegionInferOp<"format_infer_type_regions"> {
  let results = (outs Variadic<AnyType>:$outs);
  let regions = (region AnyRegion:$region);
  let assemblyFormat = "$region attr-dict";
}
