//! Tests of the ODS runtime with hand-written specs of real upstream ops
//! (`arith.addi`, `arith.addf`, `arith.cmpi`, `arith.extsi`, `cf.br`,
//! `cf.cond_br`, `scf.yield`, `scf.execute_region`, `gpu.module`,
//! `transform.num_associations`) and their real formats. Every expected
//! text below is mlir-opt 22's output for the same input.

use std::sync::Arc;

use crate::asm::printer::print_to_string;
use crate::asm::{parse_source, OpAsmParser, OpAsmPrinter, ParseConfig, PrintFlags};
use crate::attributes::{AttrKind, Attribute};
use crate::context::{Context, Dialect, OpInfo};
use crate::ir::{Ir, OpRef, WalkOrder};
use crate::ods::enums::{canonicalize_enum_attr, EnumCase, EnumSpec};
use crate::ods::spec::*;
use crate::ods::verify::verify_invariants;
use crate::ods::Format;
use crate::traits::TraitSet;
use crate::types::{Signedness, Type, TypeKind};

// ----- constraints -----

fn element(ctx: &Context, t: Type) -> Type {
    match ctx.ty(t) {
        TypeKind::Vector { element, .. }
        | TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element } => *element,
        _ => t,
    }
}
fn signless_int_or_index(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.ty(t),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        } | TypeKind::Index
    )
}

static SIGNLESS_INT_LIKE: TypeConstraint = TypeConstraint {
    summary: "signless-integer-like",
    pred: |ctx, t| signless_int_or_index(ctx, element(ctx, t)),
    builder: None,
};
static FIXED_WIDTH_INT_LIKE: TypeConstraint = TypeConstraint {
    summary: "signless-fixed-width-integer-like",
    pred: |ctx, t| {
        matches!(
            ctx.ty(element(ctx, t)),
            TypeKind::Integer {
                signedness: Signedness::Signless,
                ..
            }
        )
    },
    builder: None,
};
static FLOAT_LIKE: TypeConstraint = TypeConstraint {
    summary: "floating-point-like",
    pred: |ctx, t| ctx.is_float(element(ctx, t)),
    builder: None,
};
static BOOL_LIKE: TypeConstraint = TypeConstraint {
    summary: "bool-like",
    pred: |ctx, t| ctx.is_i1(element(ctx, t)),
    builder: None,
};
static I1: TypeConstraint = TypeConstraint {
    summary: "1-bit signless integer",
    pred: |ctx, t| ctx.is_i1(t),
    builder: Some(|ctx| ctx.i1_type()),
};
static ANY_TYPE: TypeConstraint = TypeConstraint {
    summary: "any type",
    pred: |_, _| true,
    builder: None,
};
static HANDLE_OR_PARAM: TypeConstraint = TypeConstraint {
    summary: "any transform handle or parameter",
    pred: |ctx, t| matches!(ctx.ty(t), TypeKind::Opaque { .. }),
    builder: None,
};
static PARAM: TypeConstraint = TypeConstraint {
    summary: "TransformParamTypeInterface instance",
    pred: |ctx, t| matches!(ctx.ty(t), TypeKind::Opaque { body, .. } if body.starts_with("param")),
    builder: None,
};

// ----- enums -----

static OVERFLOW: EnumSpec = EnumSpec {
    cpp_name: "::mlir::arith::IntegerOverflowFlags",
    summary: "Integer overflow arith flags",
    cases: &[
        EnumCase {
            name: "none",
            value: 0,
        },
        EnumCase {
            name: "nsw",
            value: 1,
        },
        EnumCase {
            name: "nuw",
            value: 2,
        },
    ],
    bit_enum: true,
    separator: ", ",
    print_primary_groups: true,
    dialect: "arith",
    mnemonic: "overflow",
    attr_def_name: "Arith_IntegerOverflowAttr",
    int_width: 32,
};
static FASTMATH: EnumSpec = EnumSpec {
    cpp_name: "::mlir::arith::FastMathFlags",
    summary: "Floating point fast math flags",
    cases: &[
        EnumCase {
            name: "none",
            value: 0,
        },
        EnumCase {
            name: "reassoc",
            value: 1,
        },
        EnumCase {
            name: "nnan",
            value: 2,
        },
        EnumCase {
            name: "ninf",
            value: 4,
        },
        EnumCase {
            name: "nsz",
            value: 8,
        },
        EnumCase {
            name: "arcp",
            value: 16,
        },
        EnumCase {
            name: "contract",
            value: 32,
        },
        EnumCase {
            name: "afn",
            value: 64,
        },
        EnumCase {
            name: "fast",
            value: 127,
        },
    ],
    bit_enum: true,
    separator: ",",
    print_primary_groups: true,
    dialect: "arith",
    mnemonic: "fastmath",
    attr_def_name: "Arith_FastMathAttr",
    int_width: 32,
};
static CMPI_PREDICATE: EnumSpec = EnumSpec {
    cpp_name: "::mlir::arith::CmpIPredicate",
    summary: "",
    cases: &[
        EnumCase {
            name: "eq",
            value: 0,
        },
        EnumCase {
            name: "ne",
            value: 1,
        },
        EnumCase {
            name: "slt",
            value: 2,
        },
        EnumCase {
            name: "sle",
            value: 3,
        },
        EnumCase {
            name: "sgt",
            value: 4,
        },
        EnumCase {
            name: "sge",
            value: 5,
        },
        EnumCase {
            name: "ult",
            value: 6,
        },
        EnumCase {
            name: "ule",
            value: 7,
        },
        EnumCase {
            name: "ugt",
            value: 8,
        },
        EnumCase {
            name: "uge",
            value: 9,
        },
    ],
    bit_enum: false,
    separator: "|",
    print_primary_groups: false,
    dialect: "",
    mnemonic: "",
    attr_def_name: "Arith_CmpIPredicateAttr",
    int_width: 64,
};

static OVERFLOW_ATTR: AttrConstraint = AttrConstraint {
    summary: "Integer overflow arith flags",
    pred: |ctx, a| OVERFLOW.value_of(ctx, a).is_some(),
    format: AttrFormat::DialectEnum(&OVERFLOW),
};
static FASTMATH_ATTR: AttrConstraint = AttrConstraint {
    summary: "Floating point fast math flags",
    pred: |ctx, a| FASTMATH.value_of(ctx, a).is_some(),
    format: AttrFormat::DialectEnum(&FASTMATH),
};
static CMPI_PREDICATE_ATTR: AttrConstraint = AttrConstraint {
    summary: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
    pred: |ctx, a| CMPI_PREDICATE.int_value_of(ctx, a).is_some(),
    format: AttrFormat::IntEnum(&CMPI_PREDICATE),
};
static DENSE_I32_ARRAY: AttrConstraint = AttrConstraint {
    summary: "i32 dense array attribute",
    pred: |ctx, a| matches!(ctx.attr(a), AttrKind::DenseArray { element, .. } if ctx.is_signless_integer(*element, 32)),
    format: AttrFormat::DenseI32Array,
};
static UNIT_ATTR: AttrConstraint = AttrConstraint {
    summary: "unit attribute",
    pred: |ctx, a| matches!(ctx.attr(a), AttrKind::Unit),
    format: AttrFormat::Unit,
};
static SYMBOL_NAME: AttrConstraint = AttrConstraint {
    summary: "string attribute",
    pred: |ctx, a| matches!(ctx.attr(a), AttrKind::String { .. }),
    format: AttrFormat::SymbolName,
};
static ARRAY_ATTR: AttrConstraint = AttrConstraint {
    summary: "array attribute",
    pred: |ctx, a| matches!(ctx.attr(a), AttrKind::Array(_)),
    format: AttrFormat::Array,
};
static ANY_ATTR: AttrConstraint = AttrConstraint {
    summary: "any attribute",
    pred: |_, _| true,
    format: AttrFormat::Generic,
};

// ----- specs -----

static BINARY_INT: [ValueSpec; 2] = [
    ValueSpec {
        name: "lhs",
        arity: Arity::Single,
        constraint: &SIGNLESS_INT_LIKE,
    },
    ValueSpec {
        name: "rhs",
        arity: Arity::Single,
        constraint: &SIGNLESS_INT_LIKE,
    },
];
static INT_RESULT: [ValueSpec; 1] = [ValueSpec {
    name: "result",
    arity: Arity::Single,
    constraint: &SIGNLESS_INT_LIKE,
}];

static ADDI: OpSpec = OpSpec {
    name: "arith.addi",
    summary: "integer addition operation",
    operands: &BINARY_INT,
    results: &INT_RESULT,
    attrs: &[AttrSpec {
        name: "overflowFlags",
        presence: AttrPresence::Default(AttrDefault::Enum(0)),
        constraint: &OVERFLOW_ATTR,
    }],
    traits: TraitSet(
        TraitSet::SAME_OPERANDS_AND_RESULT_TYPE.0 | TraitSet::COMMUTATIVE.0 | TraitSet::PURE.0,
    ),
    type_rules: &[TypeRule::SameOperandsAndResultType],
    format: Some("$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"),
    ..OpSpec::DEFAULT
};

static ADDF: OpSpec = OpSpec {
    name: "arith.addf",
    operands: &[
        ValueSpec {
            name: "lhs",
            arity: Arity::Single,
            constraint: &FLOAT_LIKE,
        },
        ValueSpec {
            name: "rhs",
            arity: Arity::Single,
            constraint: &FLOAT_LIKE,
        },
    ],
    results: &[ValueSpec {
        name: "result",
        arity: Arity::Single,
        constraint: &FLOAT_LIKE,
    }],
    attrs: &[AttrSpec {
        name: "fastmath",
        presence: AttrPresence::Default(AttrDefault::Enum(0)),
        constraint: &FASTMATH_ATTR,
    }],
    traits: TraitSet::SAME_OPERANDS_AND_RESULT_TYPE,
    type_rules: &[TypeRule::SameOperandsAndResultType],
    format: Some("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"),
    ..OpSpec::DEFAULT
};

fn i1_same_shape(ctx: &Context, t: Type) -> Type {
    let i1 = ctx.i1_type();
    match ctx.ty(t) {
        TypeKind::Vector { shape, .. } => ctx.vector_type(&shape.clone(), i1),
        TypeKind::RankedTensor { shape, .. } => ctx.ranked_tensor_type(&shape.clone(), i1, None),
        TypeKind::UnrankedTensor { .. } => ctx.unranked_tensor_type(i1),
        _ => i1,
    }
}

static CMPI: OpSpec = OpSpec {
    name: "arith.cmpi",
    operands: &BINARY_INT,
    results: &[ValueSpec {
        name: "result",
        arity: Arity::Single,
        constraint: &BOOL_LIKE,
    }],
    attrs: &[AttrSpec {
        name: "predicate",
        presence: AttrPresence::Required,
        constraint: &CMPI_PREDICATE_ATTR,
    }],
    traits: TraitSet::SAME_TYPE_OPERANDS,
    type_rules: &[
        TypeRule::SameTypeOperands,
        TypeRule::TypesMatchWith {
            summary: "result type has i1 element type and same shape as operands",
            lhs: "lhs",
            rhs: "result",
            transform: i1_same_shape,
        },
    ],
    format: Some("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"),
    ..OpSpec::DEFAULT
};

static EXTSI: OpSpec = OpSpec {
    name: "arith.extsi",
    operands: &[ValueSpec {
        name: "in",
        arity: Arity::Single,
        constraint: &FIXED_WIDTH_INT_LIKE,
    }],
    results: &[ValueSpec {
        name: "out",
        arity: Arity::Single,
        constraint: &FIXED_WIDTH_INT_LIKE,
    }],
    format: Some("$in attr-dict `:` type($in) `to` type($out)"),
    ..OpSpec::DEFAULT
};

static BR: OpSpec = OpSpec {
    name: "cf.br",
    operands: &[ValueSpec {
        name: "destOperands",
        arity: Arity::Variadic,
        constraint: &ANY_TYPE,
    }],
    successors: &[SuccessorSpec {
        name: "dest",
        variadic: false,
    }],
    traits: TraitSet(TraitSet::IS_TERMINATOR.0 | TraitSet::PURE.0),
    format: Some("$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"),
    ..OpSpec::DEFAULT
};

static COND_BR: OpSpec = OpSpec {
    name: "cf.cond_br",
    operands: &[
        ValueSpec {
            name: "condition",
            arity: Arity::Single,
            constraint: &I1,
        },
        ValueSpec {
            name: "trueDestOperands",
            arity: Arity::Variadic,
            constraint: &ANY_TYPE,
        },
        ValueSpec {
            name: "falseDestOperands",
            arity: Arity::Variadic,
            constraint: &ANY_TYPE,
        },
    ],
    attrs: &[AttrSpec {
        name: "branch_weights",
        presence: AttrPresence::Optional,
        constraint: &DENSE_I32_ARRAY,
    }],
    successors: &[
        SuccessorSpec {
            name: "trueDest",
            variadic: false,
        },
        SuccessorSpec {
            name: "falseDest",
            variadic: false,
        },
    ],
    attr_sized_operand_segments: true,
    traits: TraitSet(TraitSet::IS_TERMINATOR.0 | TraitSet::PURE.0),
    format: Some(
        "$condition (`weights` `(` $branch_weights^ `)` )? `,`
         $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
         $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
         attr-dict",
    ),
    ..OpSpec::DEFAULT
};

static YIELD: OpSpec = OpSpec {
    name: "scf.yield",
    operands: &[ValueSpec {
        name: "results",
        arity: Arity::Variadic,
        constraint: &ANY_TYPE,
    }],
    traits: TraitSet(TraitSet::IS_TERMINATOR.0 | TraitSet::RETURN_LIKE.0 | TraitSet::PURE.0),
    format: Some("attr-dict ($results^ `:` type($results))?"),
    ..OpSpec::DEFAULT
};

static EXECUTE_REGION: OpSpec = OpSpec {
    name: "scf.execute_region",
    results: &[ValueSpec {
        name: "results",
        arity: Arity::Variadic,
        constraint: &ANY_TYPE,
    }],
    attrs: &[AttrSpec {
        name: "no_inline",
        presence: AttrPresence::Optional,
        constraint: &UNIT_ATTR,
    }],
    regions: &[RegionSpec {
        name: "region",
        variadic: false,
        constraint: None,
    }],
    format: Some("(`->` type($results)^)? (`no_inline` $no_inline^)? $region attr-dict"),
    ..OpSpec::DEFAULT
};

static SIZED_REGION_1: RegionConstraint = RegionConstraint {
    summary: "region with 1 blocks",
    pred: |ir, r| ir.num_blocks(r) == 1,
};

static GPU_MODULE: OpSpec = OpSpec {
    name: "gpu.module",
    attrs: &[
        AttrSpec {
            name: "sym_name",
            presence: AttrPresence::Required,
            constraint: &SYMBOL_NAME,
        },
        AttrSpec {
            name: "targets",
            presence: AttrPresence::Optional,
            constraint: &ARRAY_ATTR,
        },
        AttrSpec {
            name: "offloadingHandler",
            presence: AttrPresence::Optional,
            constraint: &ANY_ATTR,
        },
    ],
    regions: &[RegionSpec {
        name: "bodyRegion",
        variadic: false,
        constraint: Some(&SIZED_REGION_1),
    }],
    traits: TraitSet(
        TraitSet::ISOLATED_FROM_ABOVE.0
            | TraitSet::SYMBOL_TABLE.0
            | TraitSet::SINGLE_BLOCK.0
            | TraitSet::NO_TERMINATOR.0,
    ),
    format: Some(
        "$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword $bodyRegion",
    ),
    ..OpSpec::DEFAULT
};

static NUM_ASSOCIATIONS: OpSpec = OpSpec {
    name: "transform.num_associations",
    operands: &[ValueSpec {
        name: "handle",
        arity: Arity::Single,
        constraint: &HANDLE_OR_PARAM,
    }],
    results: &[ValueSpec {
        name: "num",
        arity: Arity::Single,
        constraint: &PARAM,
    }],
    format: Some("$handle attr-dict `:` functional-type(operands, results)"),
    ..OpSpec::DEFAULT
};

/// A custom directive in the style of upstream's test dialect: an optional
/// operand printed after `with`, or `none`.
fn parse_with_or_none<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> Result<(), ()> {
    if p.parse_optional_keyword("none") {
        return Ok(());
    }
    p.parse_keyword("with")?;
    let u = p.parse_operand()?;
    if let Some(CustomParseArg::Operand(slot)) = args.get_mut(0) {
        *slot = Some(u);
    }
    Ok(())
}
fn print_with_or_none(p: &mut OpAsmPrinter<'_, '_>, op: OpRef, args: &[CustomPrintArg]) {
    match args.first() {
        Some(CustomPrintArg::Operands(r)) if !r.is_empty() => {
            p.print_str("with ");
            let v = p.ir().operand(op, r.start);
            p.print_operand(v);
        }
        _ => p.print_str("none"),
    }
}

static CUSTOM_OP: OpSpec = OpSpec {
    name: "testods.custom",
    operands: &[ValueSpec {
        name: "value",
        arity: Arity::Optional,
        constraint: &ANY_TYPE,
    }],
    custom_directives: &[CustomDirective {
        name: "WithOrNone",
        parse: parse_with_or_none,
        print: print_with_or_none,
    }],
    type_rules: &[],
    format: Some("custom<WithOrNone>($value) attr-dict (`:` type($value)^)?"),
    ..OpSpec::DEFAULT
};

// ----- dialects -----

struct SpecDialect {
    ns: &'static str,
    ops: fn() -> Vec<OpInfo>,
}

impl Dialect for SpecDialect {
    fn namespace(&self) -> &'static str {
        self.ns
    }
    fn operations(&self) -> Vec<OpInfo> {
        (self.ops)()
    }
    /// The `transform` types of the spec tests stay as written: this test
    /// models the ops, not the types.
    fn canonicalize_type(
        &self,
        _ctx: &std::sync::Arc<Context>,
        _body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        Ok(None)
    }
    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        if self.ns == "arith" {
            canonicalize_enum_attr(&[&OVERFLOW, &FASTMATH], "arith", body)
        } else {
            Ok(None)
        }
    }
}

// ----- op predicates, rank relation, inferred types, inherent attributes -----

static I64_ATTR: AttrConstraint = AttrConstraint {
    summary: "64-bit signless integer attribute",
    pred: |ctx, a| matches!(ctx.attr(a), AttrKind::Integer { ty, .. } if ctx.is_signless_integer(*ty, 64)),
    format: AttrFormat::Generic,
};

/// Like upstream's `test.operand_rank_equals_result_size` plus
/// `SameOperandsAndResultRank`, `AllTypesMatch` and an attribute.
static I64_PROP: AttrConstraint = AttrConstraint {
    summary: "int64_t",
    pred: |_, _| true,
    format: AttrFormat::Prop(PropKind::Int(64)),
};
static NON_NEGATIVE_I64_PROP: AttrConstraint = AttrConstraint {
    summary: "non-negative int64_t",
    pred: |ctx, a| ctx.int_attr_value(a).is_some_and(|v| v >= 0),
    format: AttrFormat::Prop(PropKind::Int(64)),
};
static STRING_PROP: AttrConstraint = AttrConstraint {
    summary: "string",
    pred: |_, _| true,
    format: AttrFormat::Prop(PropKind::String),
};
static UNIT_PROP: AttrConstraint = AttrConstraint {
    summary: "unit property",
    pred: |_, _| true,
    format: AttrFormat::Prop(PropKind::Unit),
};

/// Native properties: a plain `I64Prop`, a confined one, a
/// `DefaultValuedProp<StringProp, "\"x\"">` and a `UnitProp`.
static PROPS_OP: OpSpec = OpSpec {
    name: "testods.props",
    attrs: &[
        AttrSpec {
            name: "n",
            presence: AttrPresence::Prop(|ctx| ctx.int_attr(ctx.int_type(64), 0)),
            constraint: &I64_PROP,
        },
        AttrSpec {
            name: "size",
            presence: AttrPresence::Prop(|ctx| ctx.int_attr(ctx.int_type(64), 0)),
            constraint: &NON_NEGATIVE_I64_PROP,
        },
        AttrSpec {
            name: "s",
            presence: AttrPresence::Default(AttrDefault::Build(|ctx| ctx.string_attr("x"))),
            constraint: &STRING_PROP,
        },
        AttrSpec {
            name: "u",
            presence: AttrPresence::Default(AttrDefault::Build(|ctx| ctx.bool_attr(false))),
            constraint: &UNIT_PROP,
        },
    ],
    format: Some("$n $size (`s` $s^)? ($u^)? attr-dict"),
    ..OpSpec::DEFAULT
};

static PRED_OP: OpSpec = OpSpec {
    name: "testods.pred",
    operands: &[ValueSpec {
        name: "x",
        arity: Arity::Single,
        constraint: &ANY_TYPE,
    }],
    results: &[ValueSpec {
        name: "r",
        arity: Arity::Single,
        constraint: &ANY_TYPE,
    }],
    attrs: &[AttrSpec {
        name: "n",
        presence: AttrPresence::Optional,
        constraint: &I64_ATTR,
    }],
    type_rules: &[
        TypeRule::Pred {
            summary: "x is ranked",
            pred: |ir, op| {
                named_value(ir, op, &PRED_OP, "x")
                    .is_some_and(|v| ir.ctx().shape(ir.value_type(v)).is_some())
            },
        },
        TypeRule::SameOperandsAndResultRank,
    ],
    ..OpSpec::DEFAULT
};

/// Infers its result type as its operand's; `verify_inferred_types` like
/// upstream's `test.op_with_infer_type_if`.
static INFER_OP: OpSpec = OpSpec {
    name: "testods.infer",
    operands: &[ValueSpec {
        name: "x",
        arity: Arity::Variadic,
        constraint: &ANY_TYPE,
    }],
    results: &[ValueSpec {
        name: "r",
        arity: Arity::Single,
        constraint: &ANY_TYPE,
    }],
    verify_inferred_types: Some(|ir, op| match ir.num_operands(op) {
        0 => Err("no operands".to_string()),
        _ => Ok(vec![ir.value_type(ir.operand(op, 0))]),
    }),
    ..OpSpec::DEFAULT
};

fn test_ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.load_dialect(SpecDialect {
        ns: "arith",
        ops: || {
            vec![
                OpInfo::from_spec(&ADDI, crate::ods_hooks!(ADDI)),
                OpInfo::from_spec(&ADDF, crate::ods_hooks!(ADDF)),
                OpInfo::from_spec(&CMPI, crate::ods_hooks!(CMPI)),
                OpInfo::from_spec(&EXTSI, crate::ods_hooks!(EXTSI)),
            ]
        },
    });
    ctx.load_dialect(SpecDialect {
        ns: "cf",
        ops: || {
            vec![
                OpInfo::from_spec(&BR, crate::ods_hooks!(BR)),
                OpInfo::from_spec(&COND_BR, crate::ods_hooks!(COND_BR)),
            ]
        },
    });
    ctx.load_dialect(SpecDialect {
        ns: "scf",
        ops: || {
            vec![
                OpInfo::from_spec(&YIELD, crate::ods_hooks!(YIELD)),
                OpInfo::from_spec(&EXECUTE_REGION, crate::ods_hooks!(EXECUTE_REGION)),
            ]
        },
    });
    ctx.load_dialect(SpecDialect {
        ns: "gpu",
        ops: || {
            vec![OpInfo::from_spec(
                &GPU_MODULE,
                crate::ods_hooks!(GPU_MODULE),
            )]
        },
    });
    ctx.load_dialect(SpecDialect {
        ns: "transform",
        ops: || {
            vec![OpInfo::from_spec(
                &NUM_ASSOCIATIONS,
                crate::ods_hooks!(NUM_ASSOCIATIONS),
            )]
        },
    });
    ctx.load_dialect(SpecDialect {
        ns: "testods",
        ops: || {
            vec![
                OpInfo::from_spec(&CUSTOM_OP, crate::ods_hooks!(CUSTOM_OP)),
                OpInfo::from_spec(&PRED_OP, crate::ods_hooks!(PRED_OP)),
                OpInfo::from_spec(&INFER_OP, crate::ods_hooks!(INFER_OP)),
                OpInfo::from_spec(&PROPS_OP, crate::ods_hooks!(PROPS_OP)),
            ]
        },
    });
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, src: &str) -> Result<(Ir, OpRef), String> {
    parse_source(ctx.clone(), src, &ParseConfig::default()).map_err(|diags| {
        diags
            .iter()
            .map(|d| {
                let (l, c) = match ctx.attr(d.loc.0) {
                    AttrKind::FileLineColLoc { line, col, .. } => (*line, *col),
                    _ => (0, 0),
                };
                format!("{l}:{c}: {}", d.message)
            })
            .collect::<Vec<_>>()
            .join("\n")
    })
}

fn print(ir: &Ir, op: OpRef, generic: bool) -> String {
    let flags = PrintFlags {
        generic,
        ..Default::default()
    };
    print_to_string(ir, op, &flags)
}

fn round_trip(src: &str, custom: &str, generic: &str) {
    let ctx = test_ctx();
    let (ir, top) = parse(&ctx, src).unwrap_or_else(|e| panic!("parse failed: {e}"));
    let c = print(&ir, top, false);
    assert_eq!(c, custom);
    assert_eq!(print(&ir, top, true), generic);
    // Both printed forms parse back to the same text.
    let (ir2, top2) = parse(&ctx, &c).unwrap_or_else(|e| panic!("reparse failed: {e}"));
    assert_eq!(print(&ir2, top2, false), custom);
    let (ir3, top3) = parse(&ctx, generic).unwrap_or_else(|e| panic!("reparse failed: {e}"));
    assert_eq!(print(&ir3, top3, false), custom);
    assert_eq!(print(&ir3, top3, true), generic);
}

const ALL_INPUT: &str = r#""test.region"() ({
^bb0(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1, %v: vector<4xi32>, %h: !transform.any_op):
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.addi %a, %b overflow<nuw, nsw> {foo = 1 : i32} : i32
  %3 = arith.addf %x, %y fastmath<fast> : f32
  %4 = arith.addf %x, %y fastmath<nnan,ninf> : f32
  %5 = arith.cmpi slt, %a, %b : i32
  %6 = arith.cmpi "uge", %v, %v {bar} : vector<4xi32>
  %7 = arith.extsi %a : i32 to i64
  %8 = transform.num_associations %h : (!transform.any_op) -> !transform.param<i64>
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%z: i32):
  cf.br ^bb2
^bb2:
  cf.cond_br %c weights([3, 5]), ^bb3, ^bb4(%a, %x : i32, f32) {baz = "q"}
^bb3:
  cf.br ^bb4(%a, %x : i32, f32)
^bb4(%p: i32, %q: f32):
  %9 = scf.execute_region -> i32 {
    scf.yield %a : i32
  }
  %10 = scf.execute_region -> f32 no_inline {
    scf.yield %x : f32
  }
  "test.end"() : () -> ()
}) : () -> ()
gpu.module @m {
}
gpu.module @m2 attributes {foo} {
  "test.x"() : () -> ()
}
"#;

const ALL_CUSTOM: &str = r#"module {
  "test.region"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: vector<4xi32>, %arg6: !transform.any_op):
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.addi %arg0, %arg1 overflow<nsw> : i32
    %2 = arith.addi %arg0, %arg1 overflow<nsw, nuw> {foo = 1 : i32} : i32
    %3 = arith.addf %arg2, %arg3 fastmath<fast> : f32
    %4 = arith.addf %arg2, %arg3 fastmath<nnan,ninf> : f32
    %5 = arith.cmpi slt, %arg0, %arg1 : i32
    %6 = arith.cmpi uge, %arg5, %arg5 {bar} : vector<4xi32>
    %7 = arith.extsi %arg0 : i32 to i64
    %8 = transform.num_associations %arg6 : (!transform.any_op) -> !transform.param<i64>
    cf.cond_br %arg4, ^bb1(%arg0 : i32), ^bb2
  ^bb1(%9: i32):  // pred: ^bb0
    cf.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    cf.cond_br %arg4 weights([3, 5]), ^bb3, ^bb4(%arg0, %arg2 : i32, f32) {baz = "q"}
  ^bb3:  // pred: ^bb2
    cf.br ^bb4(%arg0, %arg2 : i32, f32)
  ^bb4(%10: i32, %11: f32):  // 2 preds: ^bb2, ^bb3
    %12 = scf.execute_region -> i32 {
      scf.yield %arg0 : i32
    }
    %13 = scf.execute_region -> f32 no_inline {
      scf.yield %arg2 : f32
    }
    "test.end"() : () -> ()
  }) : () -> ()
  gpu.module @m {
  }
  gpu.module @m2 attributes {foo} {
    "test.x"() : () -> ()
  }
}
"#;

const ALL_GENERIC: &str = r#""builtin.module"() ({
  "test.region"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: vector<4xi32>, %arg6: !transform.any_op):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %2 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> {foo = 1 : i32} : (i32, i32) -> i32
    %3 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %4 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %5 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %6 = "arith.cmpi"(%arg5, %arg5) <{predicate = 9 : i64}> {bar} : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
    %7 = "arith.extsi"(%arg0) : (i32) -> i64
    %8 = "transform.num_associations"(%arg6) : (!transform.any_op) -> !transform.param<i64>
    "cf.cond_br"(%arg4, %arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1(%9: i32):  // pred: ^bb0
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "cf.cond_br"(%arg4, %arg0, %arg2)[^bb3, ^bb4] <{branch_weights = array<i32: 3, 5>, operandSegmentSizes = array<i32: 1, 0, 2>}> {baz = "q"} : (i1, i32, f32) -> ()
  ^bb3:  // pred: ^bb2
    "cf.br"(%arg0, %arg2)[^bb4] : (i32, f32) -> ()
  ^bb4(%10: i32, %11: f32):  // 2 preds: ^bb2, ^bb3
    %12 = "scf.execute_region"() ({
      "scf.yield"(%arg0) : (i32) -> ()
    }) : () -> i32
    %13 = "scf.execute_region"() <{no_inline}> ({
      "scf.yield"(%arg2) : (f32) -> ()
    }) : () -> f32
    "test.end"() : () -> ()
  }) : () -> ()
  "gpu.module"() <{sym_name = "m"}> ({
  ^bb0:
  }) : () -> ()
  "gpu.module"() <{sym_name = "m2"}> ({
    "test.x"() : () -> ()
  }) {foo} : () -> ()
}) : () -> ()
"#;

#[test]
fn upstream_ops_round_trip_like_mlir_opt() {
    round_trip(ALL_INPUT, ALL_CUSTOM, ALL_GENERIC);
}

#[test]
fn generic_input_gets_default_properties() {
    // mlir-opt populates default-valued properties of ops parsed generically.
    let src = r#""test.region"() ({
^bb0(%a: i32, %b: i32):
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %b) <{}> : (i32, i32) -> i32
  %2 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<nuw,nsw>}> : (i32, i32) -> i32
  %3 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<"nuw", nsw>}> : (i32, i32) -> i32
  %4 = arith.addi %a, %b overflow<none> : i32
  %5 = arith.addi %a, %b {overflowFlags = #arith.overflow<nsw>} : i32
  "test.end"() : () -> ()
}) : () -> ()
"#;
    let ctx = test_ctx();
    let (ir, top) = parse(&ctx, src).unwrap();
    let g = print(&ir, top, true);
    assert_eq!(
        g.matches("<{overflowFlags = #arith.overflow<none>}>")
            .count(),
        3,
        "{g}"
    );
    assert_eq!(
        g.matches("<{overflowFlags = #arith.overflow<nsw, nuw>}>")
            .count(),
        2,
        "{g}"
    );
    assert_eq!(
        g.matches("<{overflowFlags = #arith.overflow<nsw>}>")
            .count(),
        1,
        "{g}"
    );
    let c = print(&ir, top, false);
    assert_eq!(c.matches("arith.addi %arg0, %arg1 : i32").count(), 3, "{c}");
    assert_eq!(c.matches("overflow<nsw, nuw> : i32").count(), 2, "{c}");
    assert_eq!(c.matches("overflow<nsw> : i32").count(), 1, "{c}");
}

fn parse_err(body: &str) -> String {
    let ctx = test_ctx();
    let src = format!(
        "\"test.region\"() ({{\n^bb0(%a: i32, %b: i32, %v: vector<4xi32>, %f: f32):\n{body}\n  \"test.end\"() : () -> ()\n}}) : () -> ()\n"
    );
    match parse(&ctx, &src) {
        Ok(_) => "ok".into(),
        Err(e) => e,
    }
}

#[test]
fn parse_errors_match_mlir_opt() {
    // Positions are relative to the wrapper: the op is on line 3.
    assert_eq!(
        parse_err("  %1 = arith.addi %a, %b overflow<foo> : i32"),
        "3:35: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw\n\
         3:38: custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`"
    );
    assert_eq!(
        parse_err("  %1 = arith.addi %a, %b overflow<> : i32"),
        "3:35: custom op 'arith.addi' expected valid keyword or string\n\
         3:35: custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`"
    );
    assert_eq!(
        parse_err("  %1 = arith.addi %a, %b overflow : i32"),
        "3:34: expected '<'"
    );
    assert_eq!(
        parse_err("  %1 = arith.addi %a, %b overflow<nsw nuw> : i32"),
        "3:38: expected '>'"
    );
    assert_eq!(
        parse_err("  %1 = arith.cmpi foo, %a, %b : i32"),
        "3:19: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"
    );
    assert_eq!(
        parse_err("  %1 = arith.cmpi \"foo\", %a, %b : i32"),
        "3:19: custom op 'arith.cmpi' invalid predicate attribute specification: \"foo\""
    );
    assert_eq!(
        parse_err("  %1 = arith.addi %a : i32"),
        "3:21: expected ','"
    );
    assert_eq!(
        parse_err("  %1 = arith.extsi %a : i32 i64"),
        "3:29: custom op 'arith.extsi' expected 'to'"
    );
    assert_eq!(
        parse_err("  %1 = arith.addi %a, %b {overflowFlags = 3} : i32"),
        "3:26: custom op 'arith.addi' 'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags"
    );
    assert_eq!(
        parse_err("  %1 = \"arith.addi\"(%a, %b) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32"),
        "3:8: invalid properties {overflowFlags = 3 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 3 : i32"
    );
    assert_eq!(
        parse_err("  %1 = \"arith.addi\"(%a, %b) <{overflowFlags = #arith.overflow<foo>}> : (i32, i32) -> i32"),
        "3:63: expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw\n\
         3:66: failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`"
    );
    assert_eq!(
        parse_err(
            "  %1 = \"arith.addi\"(%a, %b) <{overflowFlags = #arith.bogus<x>}> : (i32, i32) -> i32"
        ),
        "3:54: unknown attribute `bogus` in dialect `arith`"
    );
    assert_eq!(
        parse_err(
            "  %1 = \"arith.addi\"(%a, %b) <{overflowFlags = #arith.overflow}> : (i32, i32) -> i32"
        ),
        "3:62: expected '<'"
    );
    assert_eq!(
        parse_err("  %1 = \"arith.cmpi\"(%a, %b) <{predicate = 42 : i64}> : (i32, i32) -> i1"),
        "3:8: invalid properties {predicate = 42 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 42 : i64"
    );
}

fn verify_msg(body: &str) -> String {
    let ctx = test_ctx();
    let src = format!(
        "\"test.region\"() ({{\n^bb0(%a: i32, %b: i32, %c: i1, %f: f32):\n{body}\n  \"test.end\"() : () -> ()\n}}) : () -> ()\n"
    );
    let (ir, top) = parse(&ctx, &src).unwrap_or_else(|e| panic!("{e}"));
    for op in ir.walk_collect(top, WalkOrder::PreOrder) {
        let name = ir.op_name_str(op).to_string();
        let spec: &OpSpec = match name.as_str() {
            "arith.addi" => &ADDI,
            "arith.cmpi" => &CMPI,
            "cf.cond_br" => &COND_BR,
            "gpu.module" => &GPU_MODULE,
            _ => continue,
        };
        if let Err(d) = verify_invariants(spec, &ir, op) {
            return d.message;
        }
    }
    "ok".into()
}

#[test]
fn verifier_messages_match_mlir_opt() {
    assert_eq!(
        verify_msg("  %1 = arith.addi %f, %f : f32"),
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"
    );
    assert_eq!(
        verify_msg("  %1 = \"arith.cmpi\"(%a, %b) : (i32, i32) -> i1"),
        "'arith.cmpi' op requires attribute 'predicate'"
    );
    assert_eq!(
        verify_msg("  %1 = \"arith.addi\"(%a) : (i32) -> i32"),
        "'arith.addi' op expected 2 operands, but found 1"
    );
    assert_eq!(
        verify_msg("  \"cf.cond_br\"(%c, %a) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32) -> ()\n^bb1:"),
        "'cf.cond_br' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'"
    );
    assert_eq!(
        verify_msg("  \"cf.cond_br\"(%c, %a) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, -1, 1>}> : (i1, i32) -> ()\n^bb1:"),
        "'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements"
    );
    assert_eq!(
        verify_msg("  \"cf.cond_br\"(%c, %a) [^bb1, ^bb1] : (i1, i32) -> ()\n^bb1:"),
        "'cf.cond_br' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"
    );
    assert_eq!(
        verify_msg("  \"cf.cond_br\"(%a, %a) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()\n^bb1:"),
        "'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'"
    );
    assert_eq!(
        verify_msg("  \"cf.cond_br\"(%c, %a) [^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()\n^bb1:"),
        "'cf.cond_br' op requires 2 successors but found 1"
    );
    assert_eq!(
        verify_msg("  \"cf.cond_br\"() [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : () -> ()\n^bb1:"),
        "'cf.cond_br' op expected 1 or more operands, but found 0"
    );
    assert_eq!(
        verify_msg("  %1 = \"arith.cmpi\"(%a, %b) <{predicate = 2 : i64}> : (i32, i32) -> i32"),
        "'arith.cmpi' op result #0 must be bool-like, but got 'i32'"
    );
    assert_eq!(
        verify_msg("  \"gpu.module\"() <{sym_name = \"m\"}> ({\n  ^bb0:\n  ^bb1:\n  }) : () -> ()"),
        "'gpu.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"
    );
    let ctx = test_ctx();
    let bad = parse(
        &ctx,
        "\"test.r\"() ({\n^bb0(%c: i1, %a: i32):\n  \"cf.cond_br\"(%c, %a) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1>}> : (i1, i32) -> ()\n^bb1:\n  \"test.end\"() : () -> ()\n}) : () -> ()\n",
    );
    assert_eq!(
        bad.err().unwrap(),
        "3:3: invalid properties {operandSegmentSizes = array<i32: 1, 1>} for op cf.cond_br: size mismatch in attribute conversion: 2 vs 3"
    );
}

#[test]
fn custom_directive_round_trips() {
    let src = "\"test.r\"() ({\n^bb0(%a: i32):\n  testods.custom none\n  testods.custom with %a : i32\n  \"test.end\"() : () -> ()\n}) : () -> ()\n";
    let ctx = test_ctx();
    let (ir, top) = parse(&ctx, src).unwrap();
    let c = print(&ir, top, false);
    assert!(c.contains("    testods.custom none\n"), "{c}");
    assert!(c.contains("    testods.custom with %arg0 : i32\n"), "{c}");
    let (ir2, top2) = parse(&ctx, &c).unwrap();
    assert_eq!(print(&ir2, top2, false), c);
}

fn format_error(spec: &'static OpSpec) -> String {
    match Format::compile(spec, spec.format.unwrap_or("")) {
        Ok(_) => "ok".into(),
        Err(e) => e.to_string(),
    }
}

static BAD_NO_ATTR_DICT: OpSpec = OpSpec {
    name: "t.a",
    operands: &BINARY_INT,
    format: Some("$lhs `,` $rhs"),
    ..OpSpec::DEFAULT
};
static BAD_MISSING_OPERAND: OpSpec = OpSpec {
    name: "t.b",
    operands: &BINARY_INT,
    format: Some("$lhs attr-dict `:` type($lhs)"),
    ..OpSpec::DEFAULT
};
static BAD_TYPE: OpSpec = OpSpec {
    name: "t.c",
    operands: &BINARY_INT,
    format: Some("$lhs `,` $rhs attr-dict"),
    ..OpSpec::DEFAULT
};
static BAD_LITERAL: OpSpec = OpSpec {
    name: "t.d",
    format: Some("`%` attr-dict"),
    ..OpSpec::DEFAULT
};
static BAD_ANCHOR: OpSpec = OpSpec {
    name: "t.e",
    operands: &[ValueSpec {
        name: "x",
        arity: Arity::Variadic,
        constraint: &I1,
    }],
    format: Some("(`(` $x `)`)? attr-dict"),
    ..OpSpec::DEFAULT
};
static BAD_DUP: OpSpec = OpSpec {
    name: "t.f",
    operands: &[ValueSpec {
        name: "x",
        arity: Arity::Single,
        constraint: &I1,
    }],
    format: Some("$x $x attr-dict"),
    ..OpSpec::DEFAULT
};

static OPT_PAIR: [ValueSpec; 2] = [
    ValueSpec {
        name: "arg0",
        arity: Arity::Optional,
        constraint: &I1,
    },
    ValueSpec {
        name: "arg1",
        arity: Arity::Optional,
        constraint: &I1,
    },
];
static OILIST_OK: OpSpec = OpSpec {
    name: "t.oil",
    operands: &OPT_PAIR,
    attr_sized_operand_segments: true,
    format: Some("oilist(`a` $arg0 `:` type($arg0) | `b` $arg1 `:` type($arg1)) attr-dict"),
    ..OpSpec::DEFAULT
};
static OILIST_NO_LITERAL: OpSpec = OpSpec {
    name: "t.oil",
    operands: &OPT_PAIR,
    attr_sized_operand_segments: true,
    format: Some("oilist($arg0 `:` type($arg0) | $arg1 `:` type($arg1)) attr-dict"),
    ..OpSpec::DEFAULT
};
static OILIST_EMPTY: OpSpec = OpSpec {
    name: "t.oil",
    format: Some("oilist() attr-dict"),
    ..OpSpec::DEFAULT
};
static OILIST_ADJACENT: OpSpec = OpSpec {
    name: "t.oil",
    format: Some("oilist(`foo` | `bar`) oilist(`bar` | `buzz`) attr-dict"),
    ..OpSpec::DEFAULT
};
static OILIST_LITERAL: OpSpec = OpSpec {
    name: "t.oil",
    format: Some("oilist(`foo` | `bar`) `foo` attr-dict"),
    ..OpSpec::DEFAULT
};
static OILIST_PAREN: OpSpec = OpSpec {
    name: "t.oil",
    format: Some("oilist `wrong` attr-dict"),
    ..OpSpec::DEFAULT
};
static OILIST_SINGLE: OpSpec = OpSpec {
    name: "t.oil",
    operands: &BINARY_INT,
    format: Some("oilist(`a` $lhs | `b` $rhs) attr-dict `:` type($lhs) type($rhs)"),
    ..OpSpec::DEFAULT
};

static STRING_ATTR: AttrConstraint = AttrConstraint {
    summary: "string attribute",
    pred: |ctx, a| matches!(ctx.attr(a), AttrKind::String { .. }),
    format: AttrFormat::String,
};
static STRING_THEN_COLON: OpSpec = OpSpec {
    name: "t.s",
    attrs: &[AttrSpec {
        name: "s",
        presence: AttrPresence::Required,
        constraint: &STRING_ATTR,
    }],
    format: Some("$s `:` attr-dict"),
    ..OpSpec::DEFAULT
};
static ANY_THEN_COLON: OpSpec = OpSpec {
    name: "t.a",
    attrs: &[AttrSpec {
        name: "a",
        presence: AttrPresence::Required,
        constraint: &ANY_ATTR,
    }],
    format: Some("$a `:` attr-dict"),
    ..OpSpec::DEFAULT
};

/// A `:` may follow a string attribute (its value type `none` is
/// buildable, so the parser never reads a trailing type), but not an
/// attribute whose type the parser must read (upstream's
/// `op-format-invalid.td`).
#[test]
fn colon_after_attribute_needs_a_buildable_type() {
    assert_eq!(format_error(&STRING_THEN_COLON), "ok");
    assert_eq!(
        format_error(&ANY_THEN_COLON),
        "format ambiguity caused by `:` literal found after attribute `a` which does not have a buildable type"
    );
}

/// The `oilist` errors of upstream's `op-format-invalid.td` (the last one,
/// a single operand in a clause, is not covered there).
#[test]
fn oilist_validation_matches_opformatgen() {
    assert_eq!(format_error(&OILIST_OK), "ok");
    assert_eq!(
        format_error(&OILIST_NO_LITERAL),
        "expected literal, but got '$arg0'"
    );
    assert_eq!(format_error(&OILIST_EMPTY), "expected literal, but got ')'");
    assert_eq!(
        format_error(&OILIST_ADJACENT),
        "format ambiguity because bar is used in two adjacent oilist elements."
    );
    assert_eq!(
        format_error(&OILIST_LITERAL),
        "format ambiguity because foo is used both in oilist element and the adjacent literal."
    );
    assert_eq!(
        format_error(&OILIST_PAREN),
        "expected '(' before oilist argument list"
    );
    assert_eq!(
        format_error(&OILIST_SINGLE),
        "only variable length operands can be used within an oilist parsing group"
    );
}

#[test]
fn format_validation_matches_opformatgen() {
    assert_eq!(
        format_error(&BAD_NO_ATTR_DICT),
        "'attr-dict' directive not found in custom assembly format"
    );
    assert_eq!(
        format_error(&BAD_MISSING_OPERAND),
        "operand #1, named 'rhs', not found (note: suggest adding a '$rhs' directive to the custom assembly format)"
    );
    assert_eq!(
        format_error(&BAD_TYPE),
        "type of operand #0, named 'lhs', is not buildable and a buildable type cannot be inferred (note: suggest adding a type constraint to the operation or adding a 'type($lhs)' directive to the custom assembly format)"
    );
    assert_eq!(
        format_error(&BAD_LITERAL),
        "expected valid literal but got '%': single character literal must be a letter or one of '_:,=<>()[]{}?+*'"
    );
    assert_eq!(
        format_error(&BAD_ANCHOR),
        "optional group has no anchor element"
    );
    assert_eq!(format_error(&BAD_DUP), "operand 'x' is already bound");
    assert_eq!(format_error(&ADDI), "ok");
    assert_eq!(format_error(&COND_BR), "ok");
}

#[test]
fn enum_canonicalization() {
    assert_eq!(
        canonicalize_enum_attr(&[&OVERFLOW], "arith", "overflow<nuw,nsw>"),
        Ok(Some("overflow<nsw, nuw>".to_string()))
    );
    assert_eq!(
        canonicalize_enum_attr(&[&OVERFLOW], "arith", "overflow<nsw, nuw>"),
        Ok(None)
    );
    assert_eq!(FASTMATH.stringify(127), "fast");
    assert_eq!(FASTMATH.stringify(2 | 4), "nnan,ninf");
    assert_eq!(FASTMATH.stringify(0), "none");
    let ctx = Context::new();
    let a: Attribute = OVERFLOW.attr(&ctx, 3);
    assert_eq!(OVERFLOW.value_of(&ctx, a), Some(3));
}

#[test]
fn malformed_input_never_panics() {
    let ctx = test_ctx();
    let cases = [
        "arith.addi",
        "%0 = arith.addi %a",
        "%0 = arith.addi %a, %b overflow<",
        "%0 = arith.addi %a, %b overflow<nsw",
        "%0 = arith.addi %a, %b overflow<\"",
        "arith.cmpi",
        "cf.cond_br %c weights(",
        "cf.cond_br %c weights([1, 2",
        "scf.execute_region -> {",
        "gpu.module @m",
        "gpu.module",
        "testods.custom with",
        "transform.num_associations %h : i32",
        "\"cf.cond_br\"() [^bb1, ^bb1] <{operandSegmentSizes = 3}> : () -> ()",
    ];
    for c in cases {
        let _ = parse(&ctx, c);
    }
}

/// Verifies the ops of `body` (in a region with `%t: tensor<2xf32>`,
/// `%u: tensor<*xf32>`, `%m: tensor<2x2xf32>`) and returns every emitted
/// diagnostic then the returned one, one per line.
fn verify_all(body: &str) -> String {
    let ctx = test_ctx();
    let src = format!(
        "\"test.region\"() ({{\n^bb0(%t: tensor<2xf32>, %u: tensor<*xf32>, %m: tensor<2x2xf32>):\n{body}\n  \"test.end\"() : () -> ()\n}}) : () -> ()\n"
    );
    let (ir, top) = parse(&ctx, &src).unwrap_or_else(|e| panic!("{e}"));
    let emitted = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let sink = emitted.clone();
    let _guard =
        ctx.scoped_diagnostic_handler(Box::new(move |_: &Context, d: &crate::Diagnostic| {
            sink.lock().unwrap().push(d.message.clone());
            true
        }));
    for op in ir.walk_collect(top, WalkOrder::PreOrder) {
        let spec: &OpSpec = match ir.op_name_str(op) {
            "testods.pred" => &PRED_OP,
            "testods.infer" => &INFER_OP,
            "testods.props" => &PROPS_OP,
            _ => continue,
        };
        if let Err(d) = verify_invariants(spec, &ir, op) {
            let mut all = emitted.lock().unwrap().clone();
            all.push(d.message);
            return all.join("\n");
        }
    }
    "ok".into()
}

#[test]
fn op_predicates_and_inferred_types() {
    assert_eq!(
        verify_all("  %0 = \"testods.pred\"(%t) : (tensor<2xf32>) -> tensor<3xf32>"),
        "ok"
    );
    assert_eq!(
        verify_all("  %0 = \"testods.pred\"(%u) : (tensor<*xf32>) -> tensor<3xf32>"),
        "'testods.pred' op failed to verify that x is ranked"
    );
    assert_eq!(
        verify_all("  %0 = \"testods.pred\"(%m) : (tensor<2x2xf32>) -> tensor<3xf32>"),
        "'testods.pred' op result type has different rank than operands"
    );
    assert_eq!(
        verify_all("  %0 = \"testods.infer\"(%t) : (tensor<2xf32>) -> tensor<2xf32>"),
        "ok"
    );
    assert_eq!(
        verify_all("  %0 = \"testods.infer\"(%t) : (tensor<2xf32>) -> tensor<*xf32>"),
        "'testods.infer' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<*xf32>'\n\
         'testods.infer' op failed to infer returned types"
    );
    assert_eq!(
        verify_all("  %0 = \"testods.infer\"() : () -> tensor<*xf32>"),
        "no operands\n'testods.infer' op failed to infer returned types"
    );
}

#[test]
fn inherent_attributes_of_the_attribute_dictionary_are_checked_at_parse_time() {
    let ctx = test_ctx();
    let src = "\"test.region\"() ({\n^bb0(%t: tensor<2xf32>):\n  %0 = \"testods.pred\"(%t) {n = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>\n}) : () -> ()\n";
    assert_eq!(
        parse(&ctx, src).err().unwrap(),
        "3:8: 'testods.pred' op attribute 'n' failed to satisfy constraint: 64-bit signless integer attribute"
    );
    // In the properties, only the storage kind is checked when parsing; the
    // constraint is the verifier's.
    let ok = src.replace("{n = 1 : i32}", "<{n = 1 : i32}>");
    assert!(parse(&ctx, &ok).is_ok());
}

#[test]
fn native_properties_print_parse_and_verify() {
    let ctx = test_ctx();
    let round = |src: &str, generic: bool| {
        let (ir, top) = parse(&ctx, src).unwrap_or_else(|e| panic!("{e}"));
        let op = ir.walk_collect(top, WalkOrder::PreOrder)[1];
        print(&ir, op, generic).trim_end().to_string()
    };
    // Plain properties are always present; defaults are elided.
    assert_eq!(round("testods.props 3 4", false), "testods.props 3 4");
    assert_eq!(
        round("testods.props 3 4", true),
        "\"testods.props\"() <{n = 3 : i64, s = \"x\", size = 4 : i64, u = false}> : () -> ()"
    );
    assert_eq!(
        round("testods.props -1 0 s \"y\" unit", false),
        "testods.props -1 0 s \"y\" unit"
    );
    // The generic form converts integers to the property's width and fills
    // in the storage defaults.
    assert_eq!(
        round("\"testods.props\"() <{n = 7 : i8, u}> : () -> ()", true),
        "\"testods.props\"() <{n = 7 : i64, s = \"x\", size = 0 : i64, u}> : () -> ()"
    );
    assert_eq!(
        parse(&ctx, "\"testods.props\"() <{s = 1}> : () -> ()").err().unwrap(),
        "1:1: invalid properties {s = 1 : i64} for op testods.props: expected string property to come from string attribute"
    );
    assert_eq!(
        parse(&ctx, "testods.props 1 x").err().unwrap(),
        "1:17: custom op 'testods.props' expected integer value\n\
         1:17: custom op 'testods.props' invalid value for property size, expected int64_t"
    );
    // A confined property is checked by the verifier, named a property.
    assert_eq!(
        verify_all("  \"testods.props\"() <{n = 1, size = -2}> : () -> ()"),
        "'testods.props' op property 'size' failed to satisfy constraint: non-negative int64_t"
    );
}
