//! The canonicalization patterns of the `arith` ops: upstream's DRR rules
//! (`ArithCanonicalization.td`) written by hand in Rust, and its C++
//! patterns (`SelectToExtUI`, `CmpFIntToFPConst`, in `ArithOps.cpp`).
//!
//! Each pattern carries the debug name mlir-opt 22 gives it (so
//! `disable-patterns`/`enable-patterns` filters select the same patterns):
//! `(anonymous namespace)::AddIAddConstant` for the DRR ones, the plain
//! class name for the C++ ones. It also carries the benefit
//! DRR gives it (the number of ops in the source pattern), and the ops it
//! may create. A DRR rewrite builds its ops at the root with the fused
//! location of every matched op, as the generated code does.
//!
//! Integer attribute arithmetic wraps at the type's width, for any width.

use mlir_ir::{
    ApFloat, ApInt, AttrKind, Attribute, Context, FloatKind, Location, OpRef, OperationState, Type,
    TypeKind, Value,
};
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePatternSet};

use super::fold::{cmpi, def_named, predicate, splat_int, wide_binop, Int, WideOp};
use super::ops::*;

// The canonicalization patterns the ops of `td/Arith.td` declare
// (`hasCanonicalizer`).
mlir_rewrite::canonicalization_hooks! {
    AddIOp => addi_patterns,
    AddUIExtendedOp => |s, c| {
        extended_to_plain(
            s,
            c,
            "arith.addui_extended",
            "AddUIExtendedToAddI",
            "arith.addi",
        )
    },
    SubIOp => subi_patterns,
    MulIOp => |s, c| {
        const_chain(s, c, "arith.muli", "MulIMulIConstant", Chain::MulMul);
    },
    MulSIExtendedOp => |s, c| {
        extended_to_plain(
            s,
            c,
            "arith.mulsi_extended",
            "MulSIExtendedToMulI",
            "arith.muli",
        );
        mulsi_extended_rhs_one(s, c);
    },
    MulUIExtendedOp => |s, c| {
        extended_to_plain(
            s,
            c,
            "arith.mului_extended",
            "MulUIExtendedToMulI",
            "arith.muli",
        )
    },
    XOrIOp => |s, c| {
        xori_not_cmpi(s, c);
        binop_of_ext(s, c, "arith.xori", "arith.extui", "XOrIOfExtUI");
        binop_of_ext(s, c, "arith.xori", "arith.extsi", "XOrIOfExtSI");
    },
    AndIOp => |s, c| {
        binop_of_ext(s, c, "arith.andi", "arith.extui", "AndOfExtUI");
        binop_of_ext(s, c, "arith.andi", "arith.extsi", "AndOfExtSI");
    },
    OrIOp => |s, c| {
        binop_of_ext(s, c, "arith.ori", "arith.extui", "OrOfExtUI");
        binop_of_ext(s, c, "arith.ori", "arith.extsi", "OrOfExtSI");
    },
    CmpIOp => |s, c| {
        cmpi_of_ext(s, c, "arith.extsi", "CmpIExtSI");
        cmpi_of_ext(s, c, "arith.extui", "CmpIExtUI");
    },
    CmpFOp => cmpf_int_to_fp_const,
    SelectOp => select_patterns,
    IndexCastOp => |s, c| {
        cast_roundtrip(s, c, "arith.index_cast", "IndexCastOfIndexCast");
        cast_of_cast(
            s,
            c,
            "arith.index_cast",
            "arith.extsi",
            "arith.index_cast",
            "IndexCastOfExtSI",
        )
    },
    IndexCastUIOp => |s, c| {
        cast_roundtrip(s, c, "arith.index_castui", "IndexCastUIOfIndexCastUI");
        cast_of_cast(
            s,
            c,
            "arith.index_castui",
            "arith.extui",
            "arith.index_castui",
            "IndexCastUIOfExtUI",
        )
    },
    BitcastOp => |s, c| {
        cast_of_cast(
            s,
            c,
            "arith.bitcast",
            "arith.bitcast",
            "arith.bitcast",
            "BitcastOfBitcast",
        )
    },
    ExtSIOp => |s, c| {
        cast_of_cast(
            s,
            c,
            "arith.extsi",
            "arith.extui",
            "arith.extui",
            "ExtSIOfExtUI",
        )
    },
    TruncIOp => |s, c| {
        trunci_of_ext(s, c, "arith.extsi", "TruncIExtSIToExtSI");
        trunci_of_ext(s, c, "arith.extui", "TruncIExtUIToExtUI");
        trunci_shrsi_to_shrui(s, c);
    },
    TruncFOp => |s, c| {
        truncf_of_itofp(s, c, "arith.sitofp", "TruncFSIToFPToSIToFP");
        truncf_of_itofp(s, c, "arith.uitofp", "TruncFUIToFPToUIToFP");
    },
    MulFOp => |s, c| negf_negf(s, c, "arith.mulf", "MulFOfNegF"),
    DivFOp => |s, c| negf_negf(s, c, "arith.divf", "DivFOfNegF"),
}

// ----- helpers -----

// ----- match failure reasons -----
//
// The DRR rules report why they do not match with the reasons upstream's
// generated matchers give (mlir-tblgen -gen-rewriters): the matched ops are
// named by nesting depth (`castedOp0` is the root, `op1`/`castedOp1` an op
// defining one of its operands, and so on), the constant matcher is the
// `ConstantLikeMatcher` native call. The reasons are only built when a
// listener asks for them.

/// The C++ class upstream gives an arith op, for the "is not ... type"
/// reason.
fn cpp_class(name: &str) -> &'static str {
    match name {
        "arith.addi" => "::mlir::arith::AddIOp",
        "arith.subi" => "::mlir::arith::SubIOp",
        "arith.muli" => "::mlir::arith::MulIOp",
        "arith.xori" => "::mlir::arith::XOrIOp",
        "arith.cmpi" => "::mlir::arith::CmpIOp",
        "arith.select" => "::mlir::arith::SelectOp",
        "arith.extui" => "::mlir::arith::ExtUIOp",
        "arith.extsi" => "::mlir::arith::ExtSIOp",
        "arith.index_cast" => "::mlir::arith::IndexCastOp",
        "arith.index_castui" => "::mlir::arith::IndexCastUIOp",
        "arith.bitcast" => "::mlir::arith::BitcastOp",
        "arith.shrsi" => "::mlir::arith::ShRSIOp",
        "arith.sitofp" => "::mlir::arith::SIToFPOp",
        "arith.uitofp" => "::mlir::arith::UIToFPOp",
        "arith.negf" => "::mlir::arith::NegFOp",
        _ => "::mlir::Operation",
    }
}

/// Fails the match because operand `i` of `owner` (matched at nesting
/// depth `depth`) has no defining op.
fn no_definer(rw: &mut PatternRewriter<'_>, owner: OpRef, depth: usize, i: usize) -> LogicalResult {
    rw.notify_match_failure(owner, || {
        format!("There's no operation that defines operand {i} of castedOp{depth}")
    })
}

/// The op defining operand `i` of `owner` (matched at nesting depth
/// `depth`), or a match failure.
fn definer(
    rw: &mut PatternRewriter<'_>,
    owner: OpRef,
    depth: usize,
    i: usize,
) -> Result<OpRef, ()> {
    match operand(rw, owner, i).defining_op() {
        Some(d) => Ok(d),
        None => no_definer(rw, owner, depth, i).and(Err(())),
    }
}

/// The `name` op defining operand `i` of `owner` (matched at nesting depth
/// `depth`), or a match failure with upstream's reason.
fn nested(
    rw: &mut PatternRewriter<'_>,
    owner: OpRef,
    depth: usize,
    i: usize,
    name: &str,
) -> Result<OpRef, ()> {
    let d = definer(rw, owner, depth, i)?;
    if rw.ir().op_name_str(d) != name {
        let class = cpp_class(name);
        rw.notify_match_failure(d, || format!("castedOp{} is not {class} type", depth + 1))?;
    }
    Ok(d)
}

/// The constant operand `i` of `owner` (matched at nesting depth `depth`):
/// an integer constant when `int_only` (`ConstantLikeMatcher APIntAttr`),
/// any constant otherwise, or a match failure with upstream's reason.
fn nested_const(
    rw: &mut PatternRewriter<'_>,
    owner: OpRef,
    depth: usize,
    i: usize,
    int_only: bool,
) -> Result<Attribute, ()> {
    let v = operand(rw, owner, i);
    let d = definer(rw, owner, depth, i)?;
    let Some(a) = const_attr(rw, v) else {
        let k = depth + 1;
        return rw
            .notify_match_failure(d, || {
                format!(
                    "::mlir::success(::mlir::matchPattern(op{k}->getResult(0), ::mlir::m_Constant(&arg{k}_0))) return ::mlir::failure"
                )
            })
            .and(Err(()));
    };
    if int_only && const_int_attr(rw, v).is_none() {
        return rw
            .notify_match_failure(d, || {
                "operand 0 of native code call '::mlir::success(::mlir::matchPattern($_self->getResult(0), ::mlir::m_Constant(&$0)))' failed to satisfy constraint: 'arbitrary integer attribute'"
            })
            .and(Err(()));
    }
    Ok(a)
}

/// A scalar integer constant (DRR's `ConstantLikeMatcher APIntAttr`).
fn const_int_attr(rw: &PatternRewriter<'_>, v: Value) -> Option<Attribute> {
    let a = rw.ir().value_constant(v)?;
    matches!(rw.ctx().attr(a), AttrKind::Integer { .. }).then_some(a)
}

/// Any constant (DRR's `ConstantLikeMatcher AnyAttr`).
fn const_attr(rw: &PatternRewriter<'_>, v: Value) -> Option<Attribute> {
    rw.ir().value_constant(v)
}

/// The overflow flags of an op as bits (`nsw` = 1, `nuw` = 2).
fn overflow_bits(rw: &PatternRewriter<'_>, op: OpRef) -> u8 {
    overflow_flags(rw.ir(), op)
}

/// The overflow flags of `op` as bits (`nsw` = 1, `nuw` = 2); none when it
/// has no `overflowFlags` attribute.
pub(crate) fn overflow_flags(ir: &mlir_ir::Ir, op: OpRef) -> u8 {
    let Some(a) = ir.attr(op, "overflowFlags") else {
        return 0;
    };
    let AttrKind::Opaque { body, .. } = ir.ctx().attr(a) else {
        return 0;
    };
    let inner = body
        .strip_prefix("overflow<")
        .and_then(|b| b.strip_suffix('>'))
        .unwrap_or("");
    inner.split(',').fold(0, |acc, f| match f.trim() {
        "nsw" => acc | 1,
        "nuw" => acc | 2,
        _ => acc,
    })
}

/// `#arith.overflow<...>` for `bits`, spelled canonically.
fn overflow_attr(ctx: &Context, bits: u8) -> Attribute {
    let body = match bits & 3 {
        0 => "overflow<none>",
        1 => "overflow<nsw>",
        2 => "overflow<nuw>",
        _ => "overflow<nsw, nuw>",
    };
    ctx.intern_attr(AttrKind::Opaque {
        dialect: ctx.ident("arith"),
        body: body.into(),
    })
}

/// `#arith.fastmath<none>`.
fn fastmath_none(ctx: &Context) -> Attribute {
    ctx.intern_attr(AttrKind::Opaque {
        dialect: ctx.ident("arith"),
        body: "fastmath<none>".into(),
    })
}

/// The fused location a DRR rewrite gives its ops. The generated matcher
/// collects the matched ops in visiting order (the root first; a nested
/// op after the ops its own operand matchers visited, e.g. the constant of
/// a `ConstantLikeMatcher`) but fuses only as many entries as the source
/// pattern has op nodes, so a pattern like `addi(addi(x, c0), c1)` fuses
/// the root with `c0`'s constant, not with the inner `addi` (this is what
/// mlir-opt 22 produces). Callers pass that prefix.
fn fused(rw: &PatternRewriter<'_>, ops: &[OpRef]) -> Location {
    let locs: Vec<Location> = ops.iter().map(|&o| rw.ir().op_loc(o)).collect();
    rw.ctx().fused_loc(&locs, None)
}

/// Creates `name` at the insertion point with the given properties; the
/// overflow flags and fast-math flags of ops that have them default to
/// `none`, as the C++ builders' default-valued properties do.
fn create(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    loc: Location,
    operands: &[Value],
    ty: Type,
    props: &[(&str, Attribute)],
) -> Value {
    let ctx = rw.ctx();
    let mut entries: Vec<(mlir_ir::Ident, Attribute)> =
        props.iter().map(|(n, a)| (ctx.ident(n), *a)).collect();
    let has = |n: &str| props.iter().any(|(p, _)| *p == n);
    if matches!(
        name,
        "arith.addi" | "arith.subi" | "arith.muli" | "arith.shli" | "arith.trunci"
    ) && !has("overflowFlags")
    {
        entries.push((ctx.ident("overflowFlags"), overflow_attr(ctx, 0)));
    }
    if matches!(
        name,
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.negf" | "arith.cmpf"
    ) && !has("fastmath")
    {
        entries.push((ctx.ident("fastmath"), fastmath_none(ctx)));
    }
    let mut state = OperationState::new(ctx.op_name(name), loc);
    state.operands.extend_from_slice(operands);
    state.result_types.push(ty);
    if !entries.is_empty() {
        state.properties = Some(ctx.dictionary_attr(&entries));
    }
    let op = rw.create(state);
    rw.ir().result(op, 0)
}

/// An `arith.constant` of `value` (typed by the attribute).
fn constant(rw: &mut PatternRewriter<'_>, loc: Location, value: Attribute) -> Option<Value> {
    let ty = rw.ctx().attr_type(value)?;
    Some(create(
        rw,
        "arith.constant",
        loc,
        &[],
        ty,
        &[("value", value)],
    ))
}

/// `a op b` on two integer attributes, as an attribute of type `ty`
/// (upstream `applyToIntegerAttrs`), for any width.
fn int_attr_op(
    ctx: &Context,
    ty: Type,
    a: Attribute,
    b: Attribute,
    op: WideOp,
) -> Option<Attribute> {
    let (AttrKind::Integer { value: x, .. }, AttrKind::Integer { value: y, .. }) =
        (ctx.attr(a), ctx.attr(b))
    else {
        return None;
    };
    if ctx.int_or_index_width(ty)? != x.width() {
        return None;
    }
    Some(ctx.integer_attr(ty, wide_binop(x, y, op)?))
}

fn result(rw: &PatternRewriter<'_>, op: OpRef) -> Value {
    rw.ir().result(op, 0)
}

fn ty_of(rw: &PatternRewriter<'_>, v: Value) -> Type {
    rw.ir().value_type(v)
}

fn operand(rw: &PatternRewriter<'_>, op: OpRef, i: usize) -> Value {
    rw.ir().operand(op, i)
}

fn replace(rw: &mut PatternRewriter<'_>, op: OpRef, v: Value) -> LogicalResult {
    rw.replace_op(op, &[v]);
    Ok(())
}

/// The patterns written in C++ upstream (not DRR).
const CPP_PATTERNS: [&str; 2] = ["SelectToExtUI", "CmpFIntToFPConst"];

/// Adds a pattern rooted at `root` with upstream's name `name`.
fn add(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &str,
    name: &'static str,
    benefit: u16,
    generated: &[&str],
    f: impl Fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
) {
    // DRR generates each pattern as a struct in an anonymous namespace, so
    // its debug name (what `disable-patterns` matches) is
    // `(anonymous namespace)::Name`; the C++ patterns of ArithOps.cpp are
    // at file scope and named plainly.
    let debug_name: std::borrow::Cow<'static, str> = if CPP_PATTERNS.contains(&name) {
        name.into()
    } else {
        format!("(anonymous namespace)::{name}").into()
    };
    let p = Pattern::new(ctx, root, benefit)
        .with_debug_name(debug_name)
        .with_generated_ops(ctx, generated);
    set.add_fn(p, f);
}

// ----- addi / subi / muli with constants -----

#[derive(Copy, Clone)]
enum Chain {
    /// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
    AddAdd,
    /// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
    AddSubRhs,
    /// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
    AddSubLhs,
    /// subi(addi(x, c0), c1) -> addi(x, c0 - c1), default flags
    SubAddRhs,
    /// subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
    SubAddLhs,
    /// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
    SubSubRhsRhs,
    /// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
    SubSubRhsLhs,
    /// subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
    SubSubLhsRhs,
    /// subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
    SubSubLhsLhs,
    /// muli(muli(x, c0), c1) -> muli(x, c0 * c1)
    MulMul,
}

const ADD_U: WideOp = WideOp::Add;
const SUB_U: WideOp = WideOp::Sub;
const MUL_U: WideOp = WideOp::Mul;

fn const_chain(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &'static str,
    name: &'static str,
    kind: Chain,
) {
    use Chain::*;
    let (inner_name, outer_const_rhs) = match kind {
        AddAdd | SubAddRhs => ("arith.addi", true),
        AddSubRhs | AddSubLhs | SubSubRhsRhs | SubSubRhsLhs => ("arith.subi", true),
        SubAddLhs => ("arith.addi", false),
        SubSubLhsRhs | SubSubLhsLhs => ("arith.subi", false),
        MulMul => ("arith.muli", true),
    };
    let generated: &[&str] = match kind {
        AddAdd | AddSubRhs | SubAddRhs | SubSubLhsLhs => &["arith.addi", "arith.constant"],
        MulMul => &["arith.muli", "arith.constant"],
        _ => &["arith.subi", "arith.constant"],
    };
    add(set, ctx, root, name, 2, generated, move |op, rw| {
        let res = result(rw, op);
        // The outer constant and the nested op's position.
        let (inner_i, c1_i) = if outer_const_rhs { (0, 1) } else { (1, 0) };
        let c1_v = operand(rw, op, c1_i);
        // Inner: `(x, c0)` for the `*Rhs` forms, `(c0, x)` for the `*Lhs` ones.
        let inner_const_lhs = matches!(kind, AddSubLhs | SubSubRhsLhs | SubSubLhsLhs);
        let (x_i, c0_i) = if inner_const_lhs { (1, 0) } else { (0, 1) };
        // Matched in operand order, as the generated matcher does: the outer
        // constant first when it is the root's first operand.
        let c1_first = if outer_const_rhs {
            None
        } else {
            Some(nested_const(rw, op, 0, c1_i, true)?)
        };
        let inner = nested(rw, op, 0, inner_i, inner_name)?;
        let c0 = nested_const(rw, inner, 1, c0_i, true)?;
        let c1 = match c1_first {
            Some(c) => c,
            None => nested_const(rw, op, 0, c1_i, true)?,
        };
        let (x, c0_v) = (operand(rw, inner, x_i), operand(rw, inner, c0_i));
        let ctx = rw.ctx();
        let rty = ty_of(rw, res);
        if matches!(kind, MulMul)
            && (ctx.attr_type(c0) != Some(rty) || ctx.attr_type(c1) != Some(rty))
        {
            return Err(());
        }
        let value = match kind {
            AddAdd | SubSubRhsRhs | SubSubLhsRhs => int_attr_op(ctx, rty, c0, c1, ADD_U),
            AddSubRhs | SubSubLhsLhs => int_attr_op(ctx, rty, c1, c0, SUB_U),
            AddSubLhs => int_attr_op(ctx, rty, c0, c1, ADD_U),
            SubAddRhs | SubSubRhsLhs => int_attr_op(ctx, rty, c0, c1, SUB_U),
            SubAddLhs => int_attr_op(ctx, rty, c1, c0, SUB_U),
            MulMul => int_attr_op(ctx, rty, c0, c1, MUL_U),
        }
        .ok_or(())?;
        let flags = match kind {
            SubAddRhs => 0,
            _ => overflow_bits(rw, inner) & overflow_bits(rw, op),
        };
        let ovf = overflow_attr(ctx, flags);
        // Visiting order: [root, c0's op, inner, c1's op] when the nested op
        // is the root's first operand, [root, c1's op, c0's op, inner]
        // otherwise; two op nodes.
        let second = if outer_const_rhs { c0_v } else { c1_v };
        let second = second.defining_op().ok_or(())?;
        let loc = fused(rw, &[op, second]);
        rw.set_insertion_point_before(op);
        let c = constant(rw, loc, value).ok_or(())?;
        let props = [("overflowFlags", ovf)];
        let new = match kind {
            AddAdd | AddSubRhs | SubAddRhs | SubSubLhsLhs => {
                create(rw, "arith.addi", loc, &[x, c], rty, &props)
            }
            MulMul => create(rw, "arith.muli", loc, &[x, c], rty, &props),
            SubSubRhsRhs => create(rw, "arith.subi", loc, &[x, c], rty, &props),
            AddSubLhs | SubAddLhs | SubSubRhsLhs | SubSubLhsRhs => {
                create(rw, "arith.subi", loc, &[c, x], rty, &props)
            }
        };
        replace(rw, op, new)
    });
}

/// `c` is a scalar or splat `-1` (upstream `IsScalarOrSplatNegativeOne`).
fn is_neg_one(ctx: &Context, c: Attribute) -> bool {
    splat_int(ctx, Some(c)).is_some_and(Int::is_all_ones)
}

fn addi_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    const_chain(set, ctx, "arith.addi", "AddIAddConstant", Chain::AddAdd);
    const_chain(
        set,
        ctx,
        "arith.addi",
        "AddISubConstantRHS",
        Chain::AddSubRhs,
    );
    const_chain(
        set,
        ctx,
        "arith.addi",
        "AddISubConstantLHS",
        Chain::AddSubLhs,
    );
    // addi(x, muli(y, -1)) -> subi(x, y); addi(muli(x, -1), y) -> subi(y, x)
    for (name, mul_rhs) in [
        ("AddIMulNegativeOneRhs", true),
        ("AddIMulNegativeOneLhs", false),
    ] {
        add(
            set,
            ctx,
            "arith.addi",
            name,
            2,
            &["arith.subi"],
            move |op, rw| {
                let (other_i, mul_i) = if mul_rhs { (0, 1) } else { (1, 0) };
                let other = operand(rw, op, other_i);
                let mul = nested(rw, op, 0, mul_i, "arith.muli")?;
                let c = nested_const(rw, mul, 1, 1, false)?;
                if !is_neg_one(rw.ctx(), c) {
                    // `IsScalarOrSplatNegativeOne` has no summary upstream.
                    return rw.notify_match_failure(op, || {
                        "entities 'c0' failed to satisfy constraint: ''"
                    });
                }
                let y = operand(rw, mul, 0);
                let ty = ty_of(rw, result(rw, op));
                // Visiting order [root, -1's op, muli]; two op nodes.
                let c_op = operand(rw, mul, 1).defining_op().ok_or(())?;
                let loc = fused(rw, &[op, c_op]);
                rw.set_insertion_point_before(op);
                let new = create(rw, "arith.subi", loc, &[other, y], ty, &[]);
                replace(rw, op, new)
            },
        );
    }
}

fn subi_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    const_chain(
        set,
        ctx,
        "arith.subi",
        "SubIRHSAddConstant",
        Chain::SubAddRhs,
    );
    const_chain(
        set,
        ctx,
        "arith.subi",
        "SubILHSAddConstant",
        Chain::SubAddLhs,
    );
    const_chain(
        set,
        ctx,
        "arith.subi",
        "SubIRHSSubConstantRHS",
        Chain::SubSubRhsRhs,
    );
    const_chain(
        set,
        ctx,
        "arith.subi",
        "SubIRHSSubConstantLHS",
        Chain::SubSubRhsLhs,
    );
    const_chain(
        set,
        ctx,
        "arith.subi",
        "SubILHSSubConstantRHS",
        Chain::SubSubLhsRhs,
    );
    const_chain(
        set,
        ctx,
        "arith.subi",
        "SubILHSSubConstantLHS",
        Chain::SubSubLhsLhs,
    );
    // subi(subi(a, b), a) -> subi(0, b)
    add(
        set,
        ctx,
        "arith.subi",
        "SubISubILHSRHSLHS",
        2,
        &["arith.subi", "arith.constant"],
        |op, rw| {
            let inner = nested(rw, op, 0, 0, "arith.subi")?;
            let (x, y) = (operand(rw, inner, 0), operand(rw, inner, 1));
            if operand(rw, op, 1) != x {
                return Err(());
            }
            let yty = ty_of(rw, y);
            let zero = super::fold::zero_attr(rw.ctx(), yty).ok_or(())?;
            let flags = overflow_bits(rw, inner) & overflow_bits(rw, op);
            let ovf = overflow_attr(rw.ctx(), flags);
            let ty = ty_of(rw, result(rw, op));
            let loc = fused(rw, &[op, inner]);
            rw.set_insertion_point_before(op);
            let c = constant(rw, loc, zero).ok_or(())?;
            let new = create(
                rw,
                "arith.subi",
                loc,
                &[c, y],
                ty,
                &[("overflowFlags", ovf)],
            );
            replace(rw, op, new)
        },
    );
}

/// `*_extended(x, y)` whose second result is unused -> `[plain(x, y), x]`.
fn extended_to_plain(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &'static str,
    name: &'static str,
    plain: &'static str,
) {
    add(set, ctx, root, name, 1, &[plain], move |op, rw| {
        let second = rw.ir().result(op, 1);
        if !rw.ir().use_empty(second) {
            return Err(());
        }
        let (x, y) = (operand(rw, op, 0), operand(rw, op, 1));
        let ty = ty_of(rw, result(rw, op));
        let loc = fused(rw, &[op]);
        rw.set_insertion_point_before(op);
        let new = create(rw, plain, loc, &[x, y], ty, &[]);
        rw.replace_op(op, &[new, x]);
        Ok(())
    });
}

/// mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]
fn mulsi_extended_rhs_one(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "arith.mulsi_extended",
        "MulSIExtendedRHSOne",
        1,
        &["arith.extsi", "arith.cmpi", "arith.constant"],
        |op, rw| {
            let c = nested_const(rw, op, 0, 1, false)?;
            if !splat_int(rw.ctx(), Some(c)).is_some_and(|v| v.v == 1 && v.s() > 0) {
                return Err(());
            }
            let x = operand(rw, op, 0);
            let xty = ty_of(rw, x);
            let ctx = rw.ctx();
            let zero = super::fold::zero_attr(ctx, xty).ok_or(())?;
            let i1 = super::get_i1_same_shape(ctx, xty);
            let pred = ctx.int_attr(
                ctx.integer_type(64, mlir_ir::Signedness::Signless),
                cmpi::SLT,
            );
            let high_ty = rw.ir().value_type(rw.ir().result(op, 1));
            let loc = fused(rw, &[op]);
            rw.set_insertion_point_before(op);
            let z = constant(rw, loc, zero).ok_or(())?;
            let cmp = create(rw, "arith.cmpi", loc, &[x, z], i1, &[("predicate", pred)]);
            let ext = create(rw, "arith.extsi", loc, &[cmp], high_ty, &[]);
            rw.replace_op(op, &[x, ext]);
            Ok(())
        },
    );
}

// ----- xori / andi / ori / cmpi -----

/// not(cmpi(pred, a, b)) -> cmpi(~pred, a, b), where not(x) is xori(x, 1)
fn xori_not_cmpi(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "arith.xori",
        "XOrINotCmpI",
        2,
        &["arith.cmpi"],
        |op, rw| {
            let cmp = nested(rw, op, 0, 0, "arith.cmpi")?;
            let c = nested_const(rw, op, 0, 1, false)?;
            // `ConstantAttr<I1Attr, "1">`: exactly the i1 attribute `true`.
            if c != rw.ctx().bool_attr(true) {
                return Err(());
            }
            let pred = predicate(rw.ir(), cmp).ok_or(())?;
            let inverted = match pred {
                cmpi::EQ => cmpi::NE,
                cmpi::NE => cmpi::EQ,
                cmpi::SLT => cmpi::SGE,
                cmpi::SLE => cmpi::SGT,
                cmpi::SGT => cmpi::SLE,
                cmpi::SGE => cmpi::SLT,
                cmpi::ULT => cmpi::UGE,
                cmpi::ULE => cmpi::UGT,
                cmpi::UGT => cmpi::ULE,
                _ => cmpi::ULT,
            };
            let pattr = rw.ir().attr(cmp, "predicate").ok_or(())?;
            let pty = rw.ctx().attr_type(pattr).ok_or(())?;
            let new_pred = rw.ctx().int_attr(pty, inverted);
            let (a, b) = (operand(rw, cmp, 0), operand(rw, cmp, 1));
            let ty = ty_of(rw, result(rw, op));
            let loc = fused(rw, &[op, cmp]);
            rw.set_insertion_point_before(op);
            let new = create(
                rw,
                "arith.cmpi",
                loc,
                &[a, b],
                ty,
                &[("predicate", new_pred)],
            );
            replace(rw, op, new)
        },
    );
}

/// op(ext(x), ext(y)) -> ext(op(x, y)) when x and y have the same type.
fn binop_of_ext(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &'static str,
    ext: &'static str,
    name: &'static str,
) {
    add(set, ctx, root, name, 3, &[ext, root], move |op, rw| {
        let l = nested(rw, op, 0, 0, ext)?;
        let r = nested(rw, op, 0, 1, ext)?;
        let (x, y) = (operand(rw, l, 0), operand(rw, r, 0));
        if ty_of(rw, x) != ty_of(rw, y) {
            // The rule's same-type constraint has no summary upstream.
            return rw
                .notify_match_failure(op, || "entities 'x, y' failed to satisfy constraint: ''");
        }
        let xty = ty_of(rw, x);
        let ty = ty_of(rw, result(rw, op));
        let loc = fused(rw, &[op, l, r]);
        rw.set_insertion_point_before(op);
        let inner = create(rw, root, loc, &[x, y], xty, &[]);
        let new = create(rw, ext, loc, &[inner], ty, &[]);
        replace(rw, op, new)
    });
}

/// cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b) when a and b have the same type.
fn cmpi_of_ext(set: &mut RewritePatternSet, ctx: &Context, ext: &'static str, name: &'static str) {
    add(
        set,
        ctx,
        "arith.cmpi",
        name,
        3,
        &["arith.cmpi"],
        move |op, rw| {
            let l = nested(rw, op, 0, 0, ext)?;
            let r = nested(rw, op, 0, 1, ext)?;
            let (a, b) = (operand(rw, l, 0), operand(rw, r, 0));
            if ty_of(rw, a) != ty_of(rw, b) {
                return rw.notify_match_failure(op, || {
                    "entities 'a, b' failed to satisfy constraint: ''"
                });
            }
            let pred = predicate(rw.ir(), op).ok_or(())?;
            if pred != cmpi::EQ && pred != cmpi::NE {
                return Err(());
            }
            let pattr = rw.ir().attr(op, "predicate").ok_or(())?;
            let ty = ty_of(rw, result(rw, op));
            let loc = fused(rw, &[op, l, r]);
            rw.set_insertion_point_before(op);
            let new = create(rw, "arith.cmpi", loc, &[a, b], ty, &[("predicate", pattr)]);
            replace(rw, op, new)
        },
    );
}

// ----- select -----

fn select_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    // select(pred, a, select(pred, b, c)) => select(pred, a, c)
    add(
        set,
        ctx,
        "arith.select",
        "RedundantSelectFalse",
        2,
        &["arith.select"],
        |op, rw| {
            let inner = nested(rw, op, 0, 2, "arith.select")?;
            let pred = operand(rw, op, 0);
            if operand(rw, inner, 0) != pred {
                return Err(());
            }
            let (a, c) = (operand(rw, op, 1), operand(rw, inner, 2));
            let ty = ty_of(rw, result(rw, op));
            let loc = fused(rw, &[op, inner]);
            rw.set_insertion_point_before(op);
            let new = create(rw, "arith.select", loc, &[pred, a, c], ty, &[]);
            replace(rw, op, new)
        },
    );
    // select(pred, select(pred, a, b), c) => select(pred, a, c)
    add(
        set,
        ctx,
        "arith.select",
        "RedundantSelectTrue",
        2,
        &["arith.select"],
        |op, rw| {
            let inner = nested(rw, op, 0, 1, "arith.select")?;
            let pred = operand(rw, op, 0);
            if operand(rw, inner, 0) != pred {
                return Err(());
            }
            let (a, c) = (operand(rw, inner, 1), operand(rw, op, 2));
            let ty = ty_of(rw, result(rw, op));
            let loc = fused(rw, &[op, inner]);
            rw.set_insertion_point_before(op);
            let new = create(rw, "arith.select", loc, &[pred, a, c], ty, &[]);
            replace(rw, op, new)
        },
    );
    // select(not(pred), a, b) => select(pred, b, a)
    add(
        set,
        ctx,
        "arith.select",
        "SelectNotCond",
        2,
        &["arith.select"],
        |op, rw| {
            let xor = nested(rw, op, 0, 0, "arith.xori")?;
            let ones = nested_const(rw, xor, 1, 1, true)?;
            if !is_neg_one(rw.ctx(), ones) {
                return Err(());
            }
            let pred = operand(rw, xor, 0);
            let (a, b) = (operand(rw, op, 1), operand(rw, op, 2));
            let ty = ty_of(rw, result(rw, op));
            // Visiting order [root, the ones' op, xori]; two op nodes.
            let ones_op = operand(rw, xor, 1).defining_op().ok_or(())?;
            let loc = fused(rw, &[op, ones_op]);
            rw.set_insertion_point_before(op);
            let new = create(rw, "arith.select", loc, &[pred, b, a], ty, &[]);
            replace(rw, op, new)
        },
    );
    // select(pred, false, true) => not(pred)
    add(
        set,
        ctx,
        "arith.select",
        "SelectI1ToNot",
        1,
        &["arith.xori", "arith.constant"],
        |op, rw| {
            let f = nested_const(rw, op, 0, 1, false)?;
            let t = nested_const(rw, op, 0, 2, false)?;
            let ctx = rw.ctx();
            if f != ctx.bool_attr(false) || t != ctx.bool_attr(true) {
                return Err(());
            }
            let pred = operand(rw, op, 0);
            let ty = ty_of(rw, result(rw, op));
            let one = ctx.bool_attr(true);
            let loc = fused(rw, &[op]);
            rw.set_insertion_point_before(op);
            let c = constant(rw, loc, one).ok_or(())?;
            let new = create(rw, "arith.xori", loc, &[pred, c], ty, &[]);
            replace(rw, op, new)
        },
    );
    // select %x, c1, %c0 => extui %arg; select %x, c0, %c1 => extui (xor %arg, true)
    add(
        set,
        ctx,
        "arith.select",
        "SelectToExtUI",
        1,
        &["arith.extui", "arith.xori", "arith.constant"],
        |op, rw| {
            let ctx = rw.ctx();
            let ty = ty_of(rw, result(rw, op));
            if !matches!(ctx.ty(ty), TypeKind::Integer { width, .. } if *width != 1) {
                return Err(());
            }
            let tv = rw.ir().value_constant(operand(rw, op, 1));
            let fv = rw.ir().value_constant(operand(rw, op, 2));
            let is = |a: Option<Attribute>, v: u64| splat_int(ctx, a).is_some_and(|x| x.v == v);
            let cond = operand(rw, op, 0);
            let loc = rw.ir().op_loc(op);
            if is(tv, 1) && is(fv, 0) {
                rw.set_insertion_point_before(op);
                let new = create(rw, "arith.extui", loc, &[cond], ty, &[]);
                return replace(rw, op, new);
            }
            if is(tv, 0) && is(fv, 1) {
                let cty = ty_of(rw, cond);
                let one = rw.ctx().int_attr(cty, 1);
                rw.set_insertion_point_before(op);
                let c = constant(rw, loc, one).ok_or(())?;
                let x = create(rw, "arith.xori", loc, &[cond, c], cty, &[]);
                let new = create(rw, "arith.extui", loc, &[x], ty, &[]);
                return replace(rw, op, new);
            }
            Err(())
        },
    );
}

// ----- casts -----

/// cast(cast(x)) -> x when the result has x's type.
fn cast_roundtrip(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &'static str,
    name: &'static str,
) {
    add(set, ctx, root, name, 2, &[], move |op, rw| {
        let inner = nested(rw, op, 0, 0, root)?;
        let x = operand(rw, inner, 0);
        if ty_of(rw, result(rw, op)) != ty_of(rw, x) {
            return Err(());
        }
        replace(rw, op, x)
    });
}

/// outer(inner(x)) -> new(x) with the root's result type.
fn cast_of_cast(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &'static str,
    inner: &'static str,
    new: &'static str,
    name: &'static str,
) {
    add(set, ctx, root, name, 2, &[new], move |op, rw| {
        let i = nested(rw, op, 0, 0, inner)?;
        let x = operand(rw, i, 0);
        let ty = ty_of(rw, result(rw, op));
        let loc = fused(rw, &[op, i]);
        rw.set_insertion_point_before(op);
        let v = create(rw, new, loc, &[x], ty, &[]);
        replace(rw, op, v)
    });
}

/// The bit width of the scalar or element type of `ty`, or -1.
fn elem_width(ctx: &Context, ty: Type) -> i64 {
    match ctx.ty(ctx.element_type_or_self(ty)) {
        TypeKind::Integer { width, .. } => *width as i64,
        TypeKind::Float(k) => k.width() as i64,
        _ => -1,
    }
}

/// trunci(ext(x)) -> ext(x) when only extension bits are truncated.
fn trunci_of_ext(
    set: &mut RewritePatternSet,
    ctx: &Context,
    ext: &'static str,
    name: &'static str,
) {
    add(set, ctx, "arith.trunci", name, 2, &[ext], move |op, rw| {
        let e = nested(rw, op, 0, 0, ext)?;
        let x = operand(rw, e, 0);
        let ctx = rw.ctx();
        let tr = ty_of(rw, result(rw, op));
        let (we, wt, wx) = (
            elem_width(ctx, ty_of(rw, result(rw, e))),
            elem_width(ctx, tr),
            elem_width(ctx, ty_of(rw, x)),
        );
        if !(we > wt && wt > 0 && wt > wx && wx > 0) {
            return Err(());
        }
        let loc = fused(rw, &[op, e]);
        rw.set_insertion_point_before(op);
        let v = create(rw, ext, loc, &[x], tr, &[]);
        replace(rw, op, v)
    });
}

/// trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when the shift amount is the
/// number of truncated bits.
fn trunci_shrsi_to_shrui(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "arith.trunci",
        "TruncIShrSIToTrunciShrUI",
        2,
        &["arith.trunci", "arith.shrui", "arith.constant"],
        |op, rw| {
            let shr = nested(rw, op, 0, 0, "arith.shrsi")?;
            let c0 = nested_const(rw, shr, 1, 1, false)?;
            let ctx = rw.ctx();
            ctx.attr_type(c0).ok_or(())?;
            let x = operand(rw, shr, 0);
            let tr = ty_of(rw, result(rw, op));
            let amount = splat_int(ctx, Some(c0)).ok_or(())?;
            if elem_width(ctx, ty_of(rw, x)) - elem_width(ctx, tr) != amount.s() {
                return Err(());
            }
            let xty = ty_of(rw, x);
            let ovf = rw.ir().attr(op, "overflowFlags");
            // Visiting order [root, the shift amount's op, shrsi].
            let c_op = operand(rw, shr, 1).defining_op().ok_or(())?;
            let loc = fused(rw, &[op, c_op]);
            rw.set_insertion_point_before(op);
            let c = constant(rw, loc, c0).ok_or(())?;
            let s = create(rw, "arith.shrui", loc, &[x, c], xty, &[]);
            let props: Vec<(&str, Attribute)> =
                ovf.map(|a| ("overflowFlags", a)).into_iter().collect();
            let v = create(rw, "arith.trunci", loc, &[s], tr, &props);
            replace(rw, op, v)
        },
    );
}

/// truncf(itofp(x)) -> itofp(x) in the default rounding mode.
fn truncf_of_itofp(
    set: &mut RewritePatternSet,
    ctx: &Context,
    itofp: &'static str,
    name: &'static str,
) {
    add(
        set,
        ctx,
        "arith.truncf",
        name,
        2,
        &[itofp],
        move |op, rw| {
            let fp = nested(rw, op, 0, 0, itofp)?;
            if rw.ir().attr(op, "roundingmode").is_some() {
                return Err(());
            }
            let x = operand(rw, fp, 0);
            let ty = ty_of(rw, result(rw, op));
            let loc = fused(rw, &[op, fp]);
            rw.set_insertion_point_before(op);
            let v = create(rw, itofp, loc, &[x], ty, &[]);
            replace(rw, op, v)
        },
    );
}

/// op(negf(x), negf(y)) -> op(x, y), keeping the root's fast-math flags.
fn negf_negf(set: &mut RewritePatternSet, ctx: &Context, root: &'static str, name: &'static str) {
    add(set, ctx, root, name, 3, &[root], move |op, rw| {
        let l = nested(rw, op, 0, 0, "arith.negf")?;
        let r = nested(rw, op, 0, 1, "arith.negf")?;
        let (x, y) = (operand(rw, l, 0), operand(rw, r, 0));
        if ty_of(rw, x) != ty_of(rw, y) {
            // The rule's same-type constraint has no summary upstream.
            return rw
                .notify_match_failure(op, || "entities 'a, b' failed to satisfy constraint: ''");
        }
        let fmf = rw.ir().attr(op, "fastmath");
        let ty = ty_of(rw, result(rw, op));
        let loc = fused(rw, &[op, l, r]);
        rw.set_insertion_point_before(op);
        let props: Vec<(&str, Attribute)> = fmf.map(|a| ("fastmath", a)).into_iter().collect();
        let v = create(rw, root, loc, &[x, y], ty, &props);
        replace(rw, op, v)
    });
}

// ----- cmpf of an integer converted to float -----

/// Upstream `CmpFIntToFPConst`: `cmpf(sitofp/uitofp(x), C)` becomes a
/// `cmpi` against an integer constant (or a constant `i1`) when the
/// conversion cannot affect the comparison. Handled for `f32`/`f64`
/// constants and integers of at most 64 bits.
fn cmpf_int_to_fp_const(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "arith.cmpf",
        "CmpFIntToFPConst",
        1,
        &["arith.cmpi", "arith.constant"],
        cmpf_int_to_fp_rewrite,
    );
}

fn cmpf_int_to_fp_rewrite(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    use cmpi::*;
    let ctx = rw.ctx();
    let flt = const_attr(rw, operand(rw, op, 1)).ok_or(())?;
    let AttrKind::Float { value, .. } = ctx.attr(flt) else {
        return Err(());
    };
    let rhs_ap: ApFloat = *value;
    let rhs = super::fold::f64_of(rhs_ap).ok_or(())?;
    if rhs.is_nan() {
        return Err(());
    }
    let mantissa_width: i64 = match rhs_ap.kind {
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
        _ => return Err(()),
    };
    let lhs = operand(rw, op, 0);
    let (is_unsigned, int_val) = if let Some(si) = def_named(rw.ir(), lhs, "arith.sitofp") {
        (false, operand(rw, si, 0))
    } else if let Some(ui) = def_named(rw.ir(), lhs, "arith.uitofp") {
        (true, operand(rw, ui, 0))
    } else {
        return Err(());
    };
    let int_ty = ty_of(rw, int_val);
    let TypeKind::Integer { width, .. } = ctx.ty(int_ty) else {
        return Err(());
    };
    let int_width = *width as i64;
    if int_width > 64 || int_width == 0 {
        return Err(());
    }
    let value_bits = if is_unsigned {
        int_width
    } else {
        int_width - 1
    };
    // ilogb of the largest finite value of the format.
    let max_exponent: i64 = match rhs_ap.kind {
        FloatKind::F32 => 127,
        _ => 1023,
    };
    if int_width > mantissa_width {
        if rhs.is_infinite() {
            if max_exponent < value_bits {
                return Err(());
            }
        } else {
            let exponent = ilogb(rhs);
            if mantissa_width <= exponent && exponent <= value_bits {
                return Err(());
            }
        }
    }
    let pred_f = predicate(rw.ir(), op).ok_or(())?;
    let loc = rw.ir().op_loc(op);
    let i1 = ctx.i1_type();
    let replace_bool = |rw: &mut PatternRewriter<'_>, b: bool| -> LogicalResult {
        let a = rw.ctx().bool_attr(b);
        rw.set_insertion_point_before(op);
        let c = constant(rw, loc, a).ok_or(())?;
        replace(rw, op, c)
    };
    let mut pred = match pred_f {
        7 => return replace_bool(rw, true),   // ord
        14 => return replace_bool(rw, false), // uno
        1 | 8 => EQ,
        2 | 9 => {
            if is_unsigned {
                UGT
            } else {
                SGT
            }
        }
        3 | 10 => {
            if is_unsigned {
                UGE
            } else {
                SGE
            }
        }
        4 | 11 => {
            if is_unsigned {
                ULT
            } else {
                SLT
            }
        }
        5 | 12 => {
            if is_unsigned {
                ULE
            } else {
                SLE
            }
        }
        6 | 13 => NE,
        _ => return Err(()),
    };
    // The extreme integer values, converted to the float format.
    let to_fmt = |v: f64| -> f64 {
        match rhs_ap.kind {
            FloatKind::F32 => v as f32 as f64,
            _ => v,
        }
    };
    let (max_f, min_f) = if is_unsigned {
        let max = if int_width == 64 {
            u64::MAX as f64
        } else {
            ((1u64 << int_width) - 1) as f64
        };
        (to_fmt(max), 0.0)
    } else {
        let max = ((1u64 << (int_width - 1)) - 1) as f64;
        let min = -((1u64 << (int_width - 1)) as f64);
        (to_fmt(max), to_fmt(min))
    };
    if max_f < rhs {
        let t = if is_unsigned {
            matches!(pred, NE | ULT | ULE)
        } else {
            matches!(pred, NE | SLT | SLE)
        };
        return replace_bool(rw, t);
    }
    if min_f > rhs {
        let t = if is_unsigned {
            matches!(pred, NE | UGT | UGE)
        } else {
            matches!(pred, NE | SGT | SGE)
        };
        return replace_bool(rw, t);
    }
    // Now the constant is in range; it may still be fractional.
    let truncated = rhs.trunc();
    let in_range = if is_unsigned {
        truncated >= 0.0 && (truncated as u128) <= super::fold::int_mask(int_width as u32) as u128
    } else {
        let t = truncated as i128;
        t >= -(1i128 << (int_width - 1)) && t < (1i128 << (int_width - 1))
    };
    if !in_range {
        return Err(());
    }
    let rhs_int = truncated as i128;
    if rhs != 0.0 {
        let back = to_fmt(rhs_int as f64);
        if back != rhs {
            let neg = rhs < 0.0;
            match pred {
                NE => return replace_bool(rw, true),
                EQ => return replace_bool(rw, false),
                ULE | ULT if neg => return replace_bool(rw, false),
                UGT | UGE if neg => return replace_bool(rw, true),
                SLE if neg => pred = SLT,
                ULT => pred = ULE,
                SLT if !neg => pred = SLE,
                SGT if neg => pred = SGE,
                UGE => pred = UGT,
                SGE if !neg => pred = SGT,
                _ => {}
            }
        }
    }
    let ctx = rw.ctx();
    let cst = ctx.integer_attr(int_ty, ApInt::from_u64(int_width as u32, rhs_int as u64));
    let pty = ctx.integer_type(64, mlir_ir::Signedness::Signless);
    let pattr = ctx.int_attr(pty, pred);
    rw.set_insertion_point_before(op);
    let c = constant(rw, loc, cst).ok_or(())?;
    let new = create(
        rw,
        "arith.cmpi",
        loc,
        &[int_val, c],
        i1,
        &[("predicate", pattr)],
    );
    replace(rw, op, new)
}

/// `ilogb` for finite non-zero values (the unbiased exponent); negative
/// for zero, as the pattern only compares it against positive bounds.
fn ilogb(x: f64) -> i64 {
    if x == 0.0 {
        return i64::MIN;
    }
    let bits = x.abs().to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    if exp == 0 {
        // Subnormal: normalize.
        let mant = bits & ((1u64 << 52) - 1);
        return -1022 - (mant.leading_zeros() as i64 - 12) - 1;
    }
    exp - 1023
}
