//! The `affine` dialect (the subset in `td/Affine.td`: `affine.apply`,
//! `affine.for`, `affine.yield`), with the hand-written hooks: the custom
//! assembly forms of `apply` and `for` (upstream `AffineOps.cpp`),
//! `apply`'s fold (constant folding of its map) and the constant
//! materializer (`arith.constant`).

use mlir_ir::affine::{AffineBinOp, AffineExpr, AffineMap, IntegerSet};
use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::parser::UnresolvedOperand;
use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::{
    AttrKind, Attribute, Context, Dialect, FoldCtx, Ir, Location, OpBuilder, OpFoldResult, OpInfo,
    OpRef, OperationState, RegionRef, Severity, TraitSet, Type, Value, ValueDef, DYNAMIC,
};

use crate::scf::{
    ensure_terminator, entry_args, parse_assignment_list, print_initialization_list, set_segments,
    with_types,
};

/// The generated op definitions of `td/Affine.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/affine_ops.rs"));
}

pub use ops::*;

/// The `affine` dialect.
pub struct AffineDialect;

impl Dialect for AffineDialect {
    fn namespace(&self) -> &'static str {
        "affine"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(crate::speculation::attach)
            .collect()
    }

    fn materialize_constant(
        &self,
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        <Self as mlir_ir::ods::ConstantMaterializer>::materialize(builder, value, ty, loc)
    }
}

// `hasConstantMaterializer` in the dialect's `.td`: constants are arith's.
crate::arith::arith_constant_materializer!(AffineDialect);

// The fold hooks `td/Affine.td` declares (`hasFolder`).
mlir_ir::fold_hooks! {
    AffineApplyOp => fold_apply,
    AffineMinOp => fold_min,
}

type PResult = Result<(), ()>;

/// The affine map of an `AffineMapAttr`.
fn map_of(ctx: &Context, a: Option<Attribute>) -> Option<&AffineMap> {
    match ctx.attr(a?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

fn map_attr(ctx: &Context, map: AffineMap) -> Attribute {
    ctx.intern_attr(AttrKind::AffineMap(map))
}

/// `(%d0, ...)` and an optional `[%s0, ...]` (upstream
/// `parseDimAndSymbolList`); returns the operands and the number of dims.
fn parse_dim_and_symbol_list<'a>(
    p: &mut OpAsmParser<'_, 'a>,
) -> Result<(Vec<UnresolvedOperand<'a>>, usize), ()> {
    p.parse_token(TokenKind::LParen, "expected '('")?;
    let mut operands = if p.at(TokenKind::RParen) {
        Vec::new()
    } else {
        p.parse_operand_list()?
    };
    p.parse_token(TokenKind::RParen, "expected ')'")?;
    let dims = operands.len();
    if p.parse_optional_token(TokenKind::LSquare) {
        if !p.at(TokenKind::RSquare) {
            operands.extend(p.parse_operand_list()?);
        }
        p.parse_token(TokenKind::RSquare, "expected ']'")?;
    }
    Ok((operands, dims))
}

/// Upstream `printDimAndSymbolList`.
fn print_dim_and_symbol_list(p: &mut OpAsmPrinter<'_, '_>, operands: &[Value], dims: usize) {
    let dims = dims.min(operands.len());
    p.print_char('(');
    p.print_operands(operands[..dims].iter().copied());
    p.print_char(')');
    if operands.len() > dims {
        p.print_char('[');
        p.print_operands(operands[dims..].iter().copied());
        p.print_char(']');
    }
}

// ----- affine.min -----

impl AffineMinOp {
    /// Upstream `parseAffineMinMaxOp`: `#map (dims)[symbols] attr-dict`.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let map = p.parse_attribute(None)?;
        if map_of(p.ctx(), Some(map)).is_none() {
            return p.error("invalid kind of attribute specified");
        }
        p.add_attr(state, "map", map);
        let (operands, _) = parse_dim_and_symbol_list(p)?;
        p.parse_optional_attr_dict(state)?;
        let index = p.ctx().index_type();
        let types = vec![index; operands.len()];
        let name = p.name_offset();
        p.resolve_operands(&operands, &types, name, state)?;
        state.result_types.push(index);
        Ok(())
    }

    /// Upstream `printAffineMinMaxOp`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let map = ir.attr(op, "map");
        p.print_char(' ');
        if let Some(m) = map {
            p.print_attribute(m);
        }
        let dims = map_of(ir.ctx(), map).map_or(0, |m| m.num_dims as usize);
        let operands: Vec<Value> = ir.operands(op).collect();
        print_dim_and_symbol_list(p, &operands, dims);
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["map"]);
    }

    /// Upstream `verifyAffineMinMaxOp`.
    pub fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let Some(map) = map_of(ir.ctx(), ir.attr(self.0, "map")) else {
            return Ok(());
        };
        if ir.num_operands(self.0) != (map.num_dims + map.num_symbols) as usize {
            return Err(ir.op_error(
                self.0,
                "operand count and affine map dimension and symbol count must match",
            ));
        }
        if map.results.is_empty() {
            return Err(ir.op_error(self.0, "affine map expect at least one result"));
        }
        Ok(())
    }
}

/// Upstream `AffineMinOp::fold` (the constant part): with every result of
/// the map constant under the constant operands, the smallest.
fn fold_min(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let map = map_of(ctx, ir.attr(cx.op, "map"))?;
    let consts: Vec<Option<i64>> = (0..ir.num_operands(cx.op))
        .map(|i| cx.operand_constant(i).and_then(|a| ctx.int_attr_value(a)))
        .collect();
    let nd = (map.num_dims as usize).min(consts.len());
    let values: Option<Vec<i64>> = map
        .results
        .iter()
        .map(|e| eval_affine_expr(e, &consts[..nd], &consts[nd..]))
        .collect();
    let v = values?.into_iter().min()?;
    Some(OpFoldResult::Attr(ctx.int_attr(ctx.index_type(), v)))
}

// ----- affine.apply -----

impl AffineApplyOp {
    /// `affine.apply #map (dims)[symbols] attr-dict`.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let map = p.parse_attribute(None)?;
        let Some(m) = map_of(p.ctx(), Some(map)).cloned() else {
            return p.error("invalid kind of attribute specified");
        };
        p.add_attr(state, "map", map);
        let (operands, dims) = parse_dim_and_symbol_list(p)?;
        p.parse_optional_attr_dict(state)?;
        if m.num_dims as usize != dims || dims + m.num_symbols as usize != operands.len() {
            let at = p.name_offset();
            return p.error_at(at, "dimension or symbol index mismatch");
        }
        let index = p.ctx().index_type();
        let types = vec![index; operands.len()];
        let name = p.name_offset();
        p.resolve_operands(&operands, &types, name, state)?;
        state
            .result_types
            .extend(std::iter::repeat_n(index, m.results.len()));
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let ctx = ir.ctx();
        let map = ir.attr(op, "map");
        p.print_char(' ');
        if let Some(m) = map {
            p.print_attribute(m);
        }
        let dims = map_of(ctx, map).map_or(0, |m| m.num_dims as usize);
        let operands: Vec<Value> = ir.operands(op).collect();
        print_dim_and_symbol_list(p, &operands, dims);
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["map"]);
    }

    /// Upstream `AffineApplyOp::verify`: one operand per map input, one
    /// map result, and no valid dimension that is not also a symbol in a
    /// symbol position (other operands may be neither: `affine.apply` is
    /// also used outside affine code).
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let Some(map) = map_of(ir.ctx(), ir.attr(self.0, "map")) else {
            return Ok(());
        };
        let operands: Vec<Value> = ir.operands(self.0).collect();
        if operands.len() != (map.num_dims + map.num_symbols) as usize {
            return Err(ir.op_error(
                self.0,
                "operand count and affine map dimension and symbol count must match",
            ));
        }
        if map.results.len() != 1 {
            return Err(ir.op_error(self.0, "mapping must produce one value"));
        }
        let scope = affine_scope(ir, self.0);
        for &v in &operands[map.num_dims as usize..] {
            if is_valid_dim(ir, v, scope) && !is_valid_symbol(ir, v, scope) {
                return Err(ir.op_diag(
                    self.0,
                    Severity::Error,
                    "dimensional operand cannot be used as a symbol",
                ));
            }
        }
        Ok(())
    }
}

/// Evaluates `e` with the given constant dims and symbols (upstream
/// `AffineExprConstantFolder`); `None` if an operand it uses is not
/// constant or on division by zero / non-positive modulus.
pub fn eval_affine_expr(e: &AffineExpr, dims: &[Option<i64>], syms: &[Option<i64>]) -> Option<i64> {
    Some(match e {
        AffineExpr::Constant(c) => *c,
        AffineExpr::Dim(i) => (*dims.get(*i as usize)?)?,
        AffineExpr::Symbol(i) => (*syms.get(*i as usize)?)?,
        AffineExpr::Binary(op, l, r) => {
            let (a, b) = (
                eval_affine_expr(l, dims, syms)?,
                eval_affine_expr(r, dims, syms)?,
            );
            match op {
                AffineBinOp::Add => a.wrapping_add(b),
                AffineBinOp::Mul => a.wrapping_mul(b),
                AffineBinOp::FloorDiv => {
                    if b == 0 {
                        return None;
                    }
                    a.checked_div_euclid(b).map(|_| {
                        let q = a / b;
                        if (a % b != 0) && ((a < 0) != (b < 0)) {
                            q - 1
                        } else {
                            q
                        }
                    })?
                }
                AffineBinOp::CeilDiv => {
                    if b == 0 {
                        return None;
                    }
                    let q = a.checked_div(b)?;
                    if (a % b != 0) && ((a < 0) == (b < 0)) {
                        q + 1
                    } else {
                        q
                    }
                }
                AffineBinOp::Mod => {
                    if b < 1 {
                        return None;
                    }
                    a.rem_euclid(b)
                }
            }
        }
    })
}

/// Upstream `AffineApplyOp::fold`: a result that is one dim or symbol
/// folds to that operand; otherwise the map is constant-folded.
fn fold_apply(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let map = map_of(ctx, ir.attr(cx.op, "map"))?;
    let expr = map.results.first()?;
    match expr {
        AffineExpr::Dim(i) => return Some(OpFoldResult::Value(cx.operand(*i as usize))),
        AffineExpr::Symbol(i) => {
            return Some(OpFoldResult::Value(
                cx.operand(map.num_dims as usize + *i as usize),
            ))
        }
        _ => {}
    }
    if map.results.len() != 1 {
        return None;
    }
    let consts: Vec<Option<i64>> = (0..ir.num_operands(cx.op))
        .map(|i| cx.operand_constant(i).and_then(|a| ctx.int_attr_value(a)))
        .collect();
    let nd = (map.num_dims as usize).min(consts.len());
    let v = eval_affine_expr(expr, &consts[..nd], &consts[nd..])?;
    Some(OpFoldResult::Attr(ctx.int_attr(ctx.index_type(), v)))
}

// ----- affine.for -----

/// One loop bound: an integer, an SSA symbol, or `[max|min] #map(dims)[syms]`
/// (upstream `parseBound`). Returns the map and its operands.
fn parse_bound<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    is_lower: bool,
) -> Result<(Attribute, Vec<UnresolvedOperand<'a>>), ()> {
    if let Some(v) = p.parse_optional_integer_i64()? {
        let m = AffineMap {
            num_dims: 0,
            num_symbols: 0,
            results: vec![AffineExpr::Constant(v)].into_boxed_slice(),
        };
        return Ok((map_attr(p.ctx(), m), Vec::new()));
    }
    if let Some(v) = p.parse_optional_operand()? {
        let m = AffineMap {
            num_dims: 0,
            num_symbols: 1,
            results: vec![AffineExpr::Symbol(0)].into_boxed_slice(),
        };
        return Ok((map_attr(p.ctx(), m), vec![v]));
    }
    let has_prefix = p.parse_optional_keyword(if is_lower { "max" } else { "min" });
    let at = p.current_offset();
    let map = p.parse_attribute(None)?;
    let Some(m) = map_of(p.ctx(), Some(map)).cloned() else {
        return p.error_at(
            at,
            "expected valid affine map representation for loop bounds",
        );
    };
    let (operands, dims) = parse_dim_and_symbol_list(p)?;
    if m.num_dims as usize != dims || dims + m.num_symbols as usize != operands.len() {
        return p.error_at(at, "dim operand count and affine map dim count must match");
    }
    if m.results.len() > 1 && !has_prefix {
        let which = if is_lower { "max" } else { "min" };
        return p.error_at(
            at,
            format!("{which} prefix required for a bound with multiple results"),
        );
    }
    Ok((map, operands))
}

/// Upstream `printBound`.
fn print_bound(
    p: &mut OpAsmPrinter<'_, '_>,
    map: Option<Attribute>,
    operands: &[Value],
    prefix: &str,
) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let Some(m) = map_of(ctx, map).cloned() else {
        return;
    };
    if m.results.len() == 1 {
        if m.num_dims == 0 && m.num_symbols == 0 {
            if let AffineExpr::Constant(c) = m.results[0] {
                p.print_str(&c.to_string());
                return;
            }
        }
        if m.num_dims == 0 && m.num_symbols == 1 {
            if let (AffineExpr::Symbol(_), Some(&v)) = (&m.results[0], operands.first()) {
                p.print_operand(v);
                return;
            }
        }
    } else {
        p.print_str(prefix);
        p.print_char(' ');
    }
    if let Some(a) = map {
        p.print_attribute(a);
    }
    print_dim_and_symbol_list(p, operands, m.num_dims as usize);
}

impl AffineForOp {
    /// Upstream `AffineForOp::verifyRegions`: an `index` induction
    /// variable, bound operands that are valid dimensions and symbols of
    /// their maps, bound maps with results, and as many loop-carried values
    /// and block arguments as results.
    pub fn verify_regions(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let op = self.0;
        let ctx = ir.ctx();
        let args = entry_args(ir, ir.region(op, 0));
        if args.first().is_none_or(|&iv| !is_index(ir, iv)) {
            return Err(ir.op_error(
                op,
                "expected body to have a single index argument for the induction variable",
            ));
        }
        let lb = map_of(ctx, self.lower_bound_map_attr(ir));
        let ub = map_of(ctx, self.upper_bound_map_attr(ir));
        let inputs = |m: Option<&AffineMap>| m.map_or(0, |m| (m.num_dims + m.num_symbols) as usize);
        for (which, map, operands) in [
            (
                "lower",
                lb,
                self.lower_bound_operands(ir).collect::<Vec<_>>(),
            ),
            ("upper", ub, self.upper_bound_operands(ir).collect()),
        ] {
            // Stricter than upstream, whose verifier leaves the count to the
            // custom parser and the builders' assertions: a generic form
            // whose bound operands do not match the map's inputs would
            // print a custom form that does not parse again.
            if map.is_some() && inputs(map) != operands.len() {
                return Err(ir.op_error(
                    op,
                    format!(
                        "{which} bound operand count and affine map dimension and symbol count must match"
                    ),
                ));
            }
            if let Some(m) = map.filter(|m| m.num_dims + m.num_symbols > 0) {
                verify_dims_and_symbols(ir, op, &operands, m.num_dims as usize)?;
            }
        }
        // Also stricter than upstream's verifier: the custom form refuses a
        // negative step, so the verifier does too (a zero step parses).
        if self
            .step_attr(ir)
            .and_then(|a| ctx.int_attr_value(a))
            .is_some_and(|s| s < 0)
        {
            return Err(ir.op_error(
                op,
                "expected step to be representable as a positive signed integer",
            ));
        }
        if lb.is_some_and(|m| m.results.is_empty()) {
            return Err(ir.op_error(op, "expected lower bound map to have at least one result"));
        }
        if ub.is_some_and(|m| m.results.is_empty()) {
            return Err(ir.op_error(op, "expected upper bound map to have at least one result"));
        }
        let results = ir.num_results(op);
        if results == 0 {
            return Ok(());
        }
        let iter_operands = ir.num_operands(op).saturating_sub(inputs(lb) + inputs(ub));
        if iter_operands != results {
            return Err(ir.op_error(
                op,
                "mismatch between the number of loop-carried values and results",
            ));
        }
        if args.len() - 1 != results {
            return Err(ir.op_error(
                op,
                "mismatch between the number of basic block args and results",
            ));
        }
        Ok(())
    }

    /// `affine.for %iv = lb to ub [step N] [iter_args(...) -> (types)] region attr-dict`.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let loc = state.loc;
        let iv = p.parse_argument(false, false)?;
        p.parse_token(TokenKind::Equal, "expected '='")?;
        let (lb_map, lb_ops) = parse_bound(p, true)?;
        p.parse_keyword("to")?;
        let (ub_map, ub_ops) = parse_bound(p, false)?;
        let mut step = 1;
        if p.parse_optional_keyword("step") {
            let at = p.current_offset();
            // As upstream, only a negative step is refused here: a zero
            // step parses (and verifies), as the generic form allows it.
            match p.parse_optional_integer_i64()? {
                Some(s) if s >= 0 => step = s,
                Some(_) => {
                    return p.emit_error(
                        at,
                        "expected step to be representable as a positive signed integer",
                    )
                }
                None => return p.error_at(at, "expected integer"),
            }
        }
        let mut args = vec![iv];
        let mut inits = Vec::new();
        let mut results = Vec::new();
        if p.parse_optional_keyword("iter_args") {
            let (a, i) = parse_assignment_list(p)?;
            p.parse_token(TokenKind::Arrow, "expected '->'")?;
            p.parse_token(TokenKind::LParen, "expected '('")?;
            if !p.at(TokenKind::RParen) {
                results = p.parse_type_list()?;
            }
            p.parse_token(TokenKind::RParen, "expected ')'")?;
            args.extend(a);
            inits = i;
        }
        let ctx = p.ctx();
        let index = ctx.index_type();
        let step_attr = ctx.int_attr(index, step);
        p.add_attr(state, "lowerBoundMap", lb_map);
        p.add_attr(state, "upperBoundMap", ub_map);
        p.add_attr(state, "step", step_attr);
        let name = p.name_offset();
        p.resolve_operands(&lb_ops, &vec![index; lb_ops.len()], name, state)?;
        p.resolve_operands(&ub_ops, &vec![index; ub_ops.len()], name, state)?;
        if inits.len() != results.len() {
            return p.error_at(
                name,
                "mismatch between the number of loop-carried values and results",
            );
        }
        p.resolve_operands(&inits, &results, name, state)?;
        set_segments(p, state, &[lb_ops.len(), ub_ops.len(), inits.len()]);
        let mut types = vec![index];
        types.extend(results.iter().copied());
        let args = with_types(args, &types);
        let r = p.parse_region(&args)?;
        ensure_terminator(p, r, "affine.yield", 0, loc);
        state.regions.push(r);
        state.result_types.extend(results);
        p.parse_optional_attr_dict(state)
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let ctx = ir.ctx();
        let f = AffineForOp(op);
        let r = ir.region(op, 0);
        let args = entry_args(ir, r);
        p.print_char(' ');
        if let Some(&iv) = args.first() {
            p.print_region_argument(iv, &[], true);
        }
        p.print_str(" = ");
        let lb: Vec<Value> = f.lower_bound_operands(ir).collect();
        let ub: Vec<Value> = f.upper_bound_operands(ir).collect();
        let inits: Vec<Value> = f.inits(ir).collect();
        print_bound(p, ir.attr(op, "lowerBoundMap"), &lb, "max");
        p.print_str(" to ");
        print_bound(p, ir.attr(op, "upperBoundMap"), &ub, "min");
        let step = ir
            .attr(op, "step")
            .and_then(|a| ctx.int_attr_value(a))
            .unwrap_or(1);
        if step != 1 {
            p.print_str(" step ");
            p.print_str(&step.to_string());
        }
        let has_iters = !inits.is_empty();
        if has_iters {
            print_initialization_list(p, args.get(1..).unwrap_or(&[]), &inits, " iter_args");
            p.print_str(" -> (");
            p.print_types(ir.result_types(op));
            p.print_char(')');
        }
        p.print_char(' ');
        p.print_region(r, false, has_iters, false);
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(
            &attrs,
            &[
                "lowerBoundMap",
                "upperBoundMap",
                "step",
                "operandSegmentSizes",
            ],
        );
    }
}

// ----- affine.if -----

/// The integer set of an `affine.if`'s `condition` attribute.
fn set_of(ctx: &Context, a: Option<Attribute>) -> Option<&IntegerSet> {
    match ctx.attr(a?) {
        AttrKind::IntegerSet(s) => Some(s),
        _ => None,
    }
}

impl AffineIfOp {
    /// `affine.if #set(dims)[syms] [-> (types)] region [else region] attr-dict`
    /// (upstream `AffineIfOp::parse`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let loc = state.loc;
        let at = p.current_offset();
        let cond = p.parse_attribute(None)?;
        let Some(set) = set_of(p.ctx(), Some(cond)).cloned() else {
            return p.emit_error(at, "invalid kind of attribute specified");
        };
        p.add_attr(state, "condition", cond);
        let (operands, dims) = parse_dim_and_symbol_list(p)?;
        let name = p.name_offset();
        if set.num_dims as usize != dims {
            return p.emit_error(
                name,
                "dim operand count and integer set dim count must match",
            );
        }
        if dims + set.num_symbols as usize != operands.len() {
            return p.emit_error(
                name,
                "symbol operand count and integer set symbol count must match",
            );
        }
        let index = p.ctx().index_type();
        p.resolve_operands(&operands, &vec![index; operands.len()], name, state)?;
        let results = p.parse_optional_arrow_type_list()?;
        let then_region = p.parse_region(&[])?;
        ensure_terminator(p, then_region, "affine.yield", 0, loc);
        state.regions.push(then_region);
        let else_region = if p.parse_optional_keyword("else") {
            let r = p.parse_region(&[])?;
            ensure_terminator(p, r, "affine.yield", 0, loc);
            r
        } else {
            p.ir().create_region()
        };
        state.regions.push(else_region);
        state.result_types.extend(results);
        p.parse_optional_attr_dict(state)
    }

    /// Upstream `AffineIfOp::print`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let ctx = ir.ctx();
        let cond = ir.attr(op, "condition");
        p.print_char(' ');
        if let Some(c) = cond {
            p.print_attribute(c);
        }
        let dims = set_of(ctx, cond).map_or(0, |s| s.num_dims as usize);
        let operands: Vec<Value> = ir.operands(op).collect();
        print_dim_and_symbol_list(p, &operands, dims);
        let results: Vec<Type> = ir.result_types(op).collect();
        if !results.is_empty() {
            p.print_str(" -> ");
            p.print_arrow_type_list(&results);
        }
        let has_results = !results.is_empty();
        p.print_char(' ');
        p.print_region(ir.region(op, 0), false, has_results, false);
        let else_region = ir.region(op, 1);
        if !ir.region_is_empty(else_region) {
            p.print_str(" else ");
            p.print_region(else_region, false, has_results, false);
        }
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["condition"]);
    }

    /// Upstream `AffineIfOp::verify`: the condition set's inputs match the
    /// operands, which are valid dimensions and symbols.
    pub fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let ctx = ir.ctx();
        let Some(set) = set_of(ctx, ir.attr(self.0, "condition")) else {
            return Err(ir.op_error(
                self.0,
                "requires an integer set attribute named 'condition'",
            ));
        };
        if ir.num_operands(self.0) != (set.num_dims + set.num_symbols) as usize {
            return Err(ir.op_error(
                self.0,
                "operand count and condition integer set dimension and symbol count must match",
            ));
        }
        let operands: Vec<Value> = ir.operands(self.0).collect();
        verify_dims_and_symbols(ir, self.0, &operands, set.num_dims as usize)?;
        // RegionBranchOpInterface's check of the edge from the op to its
        // results: without an else region, control reaches the results
        // with no values.
        let results = ir.num_results(self.0);
        if results > 0 && ir.num_blocks(ir.region(self.0, 1)) == 0 {
            return Err(ir
                .op_error(
                    self.0,
                    format!(
                        "along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs {results} inputs"
                    ),
                )
                .with_note(ir.op_loc(self.0), "region branch point"));
        }
        Ok(())
    }
}

// ----- affine.load / affine.store -----

/// The `[...]` subscripts of a load or store: a map over SSA ids whose
/// operands are resolved as `index` values (upstream
/// `parseAffineMapOfSSAIds` then `resolveOperands`).
fn parse_subscripts<'a>(
    p: &mut OpAsmParser<'_, 'a>,
) -> Result<(AffineMap, Vec<UnresolvedOperand<'a>>), ()> {
    let (map, mut dims, syms) = p.parse_affine_map_of_ssa_ids()?;
    dims.extend(syms);
    Ok((map, dims))
}

/// The memref type after `:` of a load or store (upstream's
/// `parseColonType` of a `MemRefType`).
fn parse_memref_type(p: &mut OpAsmParser<'_, '_>) -> Result<(Type, Type), ()> {
    p.parse_token(TokenKind::Colon, "expected ':'")?;
    let at = p.current_offset();
    let ty = p.parse_type()?;
    match p.ctx().ty(ty) {
        mlir_ir::TypeKind::MemRef { element, .. } => Ok((ty, *element)),
        _ => p.emit_error(at, "invalid kind of type specified"),
    }
}

/// `[e0, e1]` with each dimension printed as its operand and each symbol as
/// `symbol(%operand)` (upstream `printAffineMapOfSSAIds`).
fn print_subscripts(p: &mut OpAsmPrinter<'_, '_>, map: Option<&AffineMap>, operands: &[Value]) {
    p.print_char('[');
    if let Some(map) = map {
        let dims = map.num_dims as usize;
        let names: Vec<String> = operands.iter().map(|&v| p.value_name(v)).collect();
        let mut out = String::new();
        for (i, e) in map.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            mlir_ir::asm::printer::attrs::print_affine_expr_with(&mut out, e, &|out, symbol, i| {
                let k = if symbol {
                    dims + i as usize
                } else {
                    i as usize
                };
                let name = names.get(k).map_or("<<invalid>>", |s| s.as_str());
                if symbol {
                    out.push_str("symbol(");
                    out.push_str(name);
                    out.push(')');
                } else {
                    out.push_str(name);
                }
            });
        }
        p.print_str(&out);
    }
    p.print_char(']');
}

/// Upstream `verifyMemoryOpIndexing`: the map matches the memref's rank and
/// the subscripts, which are all `index` values and valid dimensions (in
/// dimension positions) or symbols (in symbol positions) of the map.
fn verify_indexing(
    ir: &mlir_ir::Ir,
    op: OpRef,
    memref: Value,
    subscripts: &[Value],
    kind: &str,
) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let rank = match ctx.ty(ir.value_type(memref)) {
        mlir_ir::TypeKind::MemRef { shape, .. } => shape.len(),
        _ => return Ok(()),
    };
    match map_of(ctx, ir.attr(op, "map")) {
        Some(map) => {
            if map.results.len() != rank {
                return Err(ir.op_error(op, "affine map num results must equal memref rank"));
            }
            if (map.num_dims + map.num_symbols) as usize != subscripts.len() {
                return Err(ir.op_error(op, "expects as many subscripts as affine map inputs"));
            }
        }
        None => {
            if rank != subscripts.len() {
                return Err(ir.op_error(
                    op,
                    "expects the number of subscripts to be equal to memref rank",
                ));
            }
        }
    }
    let index = ctx.index_type();
    if subscripts.iter().any(|&v| ir.value_type(v) != index) {
        return Err(ir.op_error(op, format!("index to {kind} must have 'index' type")));
    }
    let dims = map_of(ctx, ir.attr(op, "map")).map_or(subscripts.len(), |m| m.num_dims as usize);
    verify_dims_and_symbols(ir, op, subscripts, dims)
}

impl AffineLoadOp {
    /// `affine.load %m[subscripts] attr-dict : memref-type` (upstream
    /// `AffineLoadOp::parse`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let memref = p.parse_operand()?;
        let (map, subscripts) = parse_subscripts(p)?;
        let map = map_attr(p.ctx(), map);
        p.add_attr(state, "map", map);
        p.parse_optional_attr_dict(state)?;
        let (ty, element) = parse_memref_type(p)?;
        let m = p.resolve_operand(memref, ty)?;
        state.operands.push(m);
        let index = p.ctx().index_type();
        let name = p.name_offset();
        p.resolve_operands(&subscripts, &vec![index; subscripts.len()], name, state)?;
        state.result_types.push(element);
        Ok(())
    }

    /// Upstream `AffineLoadOp::print`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let operands: Vec<Value> = ir.operands(op).collect();
        let map = map_of(ir.ctx(), ir.attr(op, "map")).cloned();
        let memref_ty = ir.value_type(operands[0]);
        p.print_char(' ');
        p.print_operand(operands[0]);
        print_subscripts(p, map.as_ref(), &operands[1..]);
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["map"]);
        p.print_str(" : ");
        p.print_type(memref_ty);
    }

    /// Upstream `AffineLoadOp::verify`.
    pub fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let operands: Vec<Value> = ir.operands(self.0).collect();
        let memref_ty = ir.value_type(operands[0]);
        let result = ir.value_type(ir.result(self.0, 0));
        if ir.ctx().element_type_or_self(memref_ty) != result {
            return Err(ir.op_error(self.0, "result type must match element type of memref"));
        }
        verify_indexing(ir, self.0, operands[0], &operands[1..], "load")
    }
}

impl AffineStoreOp {
    /// `affine.store %v, %m[subscripts] attr-dict : memref-type` (upstream
    /// `AffineStoreOp::parse`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let value = p.parse_operand()?;
        p.parse_token(TokenKind::Comma, "expected ','")?;
        let memref = p.parse_operand()?;
        let (map, subscripts) = parse_subscripts(p)?;
        let map = map_attr(p.ctx(), map);
        p.add_attr(state, "map", map);
        p.parse_optional_attr_dict(state)?;
        let (ty, element) = parse_memref_type(p)?;
        let v = p.resolve_operand(value, element)?;
        state.operands.push(v);
        let m = p.resolve_operand(memref, ty)?;
        state.operands.push(m);
        let index = p.ctx().index_type();
        let name = p.name_offset();
        p.resolve_operands(&subscripts, &vec![index; subscripts.len()], name, state)
    }

    /// Upstream `AffineStoreOp::print`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let operands: Vec<Value> = ir.operands(op).collect();
        let map = map_of(ir.ctx(), ir.attr(op, "map")).cloned();
        let memref_ty = ir.value_type(operands[1]);
        p.print_char(' ');
        p.print_operand(operands[0]);
        p.print_str(", ");
        p.print_operand(operands[1]);
        print_subscripts(p, map.as_ref(), &operands[2..]);
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["map"]);
        p.print_str(" : ");
        p.print_type(memref_ty);
    }

    /// Upstream `AffineStoreOp::verify`.
    pub fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let operands: Vec<Value> = ir.operands(self.0).collect();
        let memref_ty = ir.value_type(operands[1]);
        if ir.ctx().element_type_or_self(memref_ty) != ir.value_type(operands[0]) {
            return Err(ir.op_error(
                self.0,
                "value to store must have the same type as memref element type",
            ));
        }
        verify_indexing(ir, self.0, operands[1], &operands[2..], "store")
    }
}

// ----- affine dimension and symbol rules -----

/// Upstream `getAffineScope`: the region, held by the closest ancestor with
/// the `AffineScope` trait, that (transitively) contains `op`.
pub fn affine_scope(ir: &Ir, op: OpRef) -> Option<RegionRef> {
    let mut cur = op;
    while let Some(parent) = ir.op_parent_op(cur) {
        if ir.op_has_trait(parent, TraitSet::AFFINE_SCOPE) {
            return ir.op_parent_region(cur);
        }
        cur = parent;
    }
    None
}

/// Upstream `isTopLevelValue(Value)`: `v` is defined directly in a region
/// of an `AffineScope` op.
fn is_top_level_value(ir: &Ir, v: Value) -> bool {
    let parent = match v.def() {
        ValueDef::BlockArgument(b, _) => ir.block_parent_op(b),
        ValueDef::OpResult(op, _) => ir.op_parent_op(op),
    };
    parent.is_some_and(|p| ir.op_has_trait(p, TraitSet::AFFINE_SCOPE))
}

fn is_index(ir: &Ir, v: Value) -> bool {
    ir.value_type(v) == ir.ctx().index_type()
}

/// The region enclosing `region`'s parent op, when that op is not isolated
/// from above (values defined there dominate `region`).
fn enclosing_region(ir: &Ir, region: Option<RegionRef>) -> Option<RegionRef> {
    let op = ir.region_parent_op(region?)?;
    if ir.op_has_trait(op, TraitSet::ISOLATED_FROM_ABOVE) {
        return None;
    }
    ir.op_parent_region(op)
}

/// The ops whose operands a dimension/symbol query is looking through. In
/// invalid IR an `affine.apply` can use its own result (the dominance check
/// that rejects it runs later), and in a graph region ops can form cycles:
/// a query that comes back to an op on its path answers "no" instead of
/// recursing forever (mlir-opt 22 overflows its stack there). Very deep
/// chains answer "no" too, to bound the stack.
struct Path(Vec<OpRef>);

impl Path {
    const MAX_DEPTH: usize = 512;

    /// `f` on `op`'s operands, or false when `op` is already on the path.
    fn through(&mut self, op: OpRef, f: impl FnOnce(&mut Path) -> bool) -> bool {
        if self.0.len() >= Self::MAX_DEPTH || self.0.contains(&op) {
            return false;
        }
        self.0.push(op);
        let r = f(self);
        self.0.pop();
        r
    }
}

/// Upstream `isValidSymbol(Value, Region *)`: an index value usable as an
/// affine symbol in `region`: a constant, an `affine.apply` of symbols, a
/// `memref.dim`/`tensor.dim` whose size is a symbol, a value defined at the
/// top level of `region`, or one that is a symbol of an enclosing region it
/// dominates from (up to an op isolated from above).
pub fn is_valid_symbol(ir: &Ir, v: Value, region: Option<RegionRef>) -> bool {
    valid_symbol(ir, v, region, &mut Path(Vec::new()))
}

fn valid_symbol(ir: &Ir, v: Value, region: Option<RegionRef>, path: &mut Path) -> bool {
    if !is_index(ir, v) {
        return false;
    }
    if region.is_some() && ir.value_parent_region(v) == region {
        return true;
    }
    if let Some(def) = v.defining_op() {
        if ir.constant_value(def).is_some() {
            return true;
        }
        match ir.op_name_str(def) {
            "affine.apply" => {
                return path.through(def, |path| {
                    ir.operands(def).all(|o| valid_symbol(ir, o, region, path))
                })
            }
            "memref.dim" | "tensor.dim" => {
                return path.through(def, |path| dim_op_valid_symbol(ir, def, region, path))
            }
            _ => {}
        }
    }
    match enclosing_region(ir, region) {
        Some(outer) => valid_symbol(ir, v, Some(outer), path),
        None => false,
    }
}

/// Upstream `isValidDim(Value, Region *)`: a valid symbol, the induction
/// variable of an `affine.for`, an `affine.apply` of dimensions, or a
/// `memref.dim`/`tensor.dim` of a top-level value.
pub fn is_valid_dim(ir: &Ir, v: Value, region: Option<RegionRef>) -> bool {
    valid_dim(ir, v, region, &mut Path(Vec::new()))
}

fn valid_dim(ir: &Ir, v: Value, region: Option<RegionRef>, path: &mut Path) -> bool {
    if !is_index(ir, v) {
        return false;
    }
    if valid_symbol(ir, v, region, path) {
        return true;
    }
    match v.def() {
        // Only the induction variable: mlir-opt 22 rejects an `iter_args`
        // argument as a dimension.
        ValueDef::BlockArgument(b, i) => {
            i == 0
                && ir
                    .block_parent_op(b)
                    .is_some_and(|p| ir.op_name_str(p) == "affine.for")
        }
        ValueDef::OpResult(def, _) => match ir.op_name_str(def) {
            "affine.apply" => path.through(def, |path| {
                ir.operands(def).all(|o| valid_dim(ir, o, region, path))
            }),
            "memref.dim" | "tensor.dim" => is_top_level_value(ir, ir.operand(def, 0)),
            _ => false,
        },
    }
}

/// Upstream `isDimOpValidSymbol`: the size a `memref.dim`/`tensor.dim`
/// reads is a symbol when the shaped value is top-level, or when it comes
/// (through ranked `memref.cast`s) from an `alloc`/`subview`/`view` whose
/// matching dynamic size operand is a symbol.
fn dim_op_valid_symbol(ir: &Ir, dim: OpRef, region: Option<RegionRef>, path: &mut Path) -> bool {
    let source = ir.operand(dim, 0);
    if is_top_level_value(ir, source) {
        return true;
    }
    let Some(mut def) = source.defining_op() else {
        return false;
    };
    let ctx = ir.ctx();
    let Some(index) = ir
        .value_constant(ir.operand(dim, 1))
        .and_then(|a| ctx.int_attr_value(a))
    else {
        return false;
    };
    // Upstream looks through `memref.cast`s of ranked memrefs. A cast may
    // (invalidly) use its own result, directly or through other casts: the
    // verifier meets such IR before it checks dominance, so the walk stops
    // at a cast it has seen (mlir-opt 22 loops forever there).
    let mut seen: smallvec::SmallVec<[OpRef; 4]> = smallvec::SmallVec::new();
    while ir.op_name_str(def) == "memref.cast" && ir.num_operands(def) == 1 {
        if seen.contains(&def) || seen.len() >= Path::MAX_DEPTH {
            return false;
        }
        seen.push(def);
        let cast_source = ir.operand(def, 0);
        if !matches!(
            ctx.ty(ir.value_type(cast_source)),
            mlir_ir::TypeKind::MemRef { .. }
        ) {
            return false;
        }
        let Some(d) = cast_source.defining_op() else {
            return false;
        };
        def = d;
    }
    let sizes: Vec<Value> = match ir.op_name_str(def) {
        "memref.alloc" => crate::memref::AllocOp(def).dynamic_sizes(ir).collect(),
        "memref.subview" => crate::memref::SubViewOp(def).sizes(ir).collect(),
        "memref.view" => crate::memref::ViewOp(def).sizes(ir).collect(),
        _ => return false,
    };
    // The extents are those of the defining op's result (upstream
    // `isMemRefSizeValidSymbol`), which a cast may have hidden.
    let shape = ir
        .result_types(def)
        .next()
        .and_then(|t| ctx.shape(t))
        .unwrap_or(&[]);
    let Some(&extent) = usize::try_from(index).ok().and_then(|i| shape.get(i)) else {
        return false;
    };
    if extent != DYNAMIC {
        return true;
    }
    let position = shape[..index as usize]
        .iter()
        .filter(|&&d| d == DYNAMIC)
        .count();
    sizes
        .get(position)
        .is_some_and(|&s| valid_symbol(ir, s, region, path))
}

/// Upstream `verifyDimAndSymbolIdentifiers`: the first `dims` operands are
/// valid dimensions and the rest valid symbols in `op`'s affine scope.
fn verify_dims_and_symbols(
    ir: &Ir,
    op: OpRef,
    operands: &[Value],
    dims: usize,
) -> Result<(), mlir_ir::Diagnostic> {
    let scope = affine_scope(ir, op);
    for (i, &v) in operands.iter().enumerate() {
        if i < dims {
            if !is_valid_dim(ir, v, scope) {
                return Err(ir.op_error(op, "operand cannot be used as a dimension id"));
            }
        } else if !is_valid_symbol(ir, v, scope) {
            return Err(ir.op_error(op, "operand cannot be used as a symbol"));
        }
    }
    Ok(())
}

impl AffineYieldOp {
    /// Upstream `AffineYieldOp::verify`: one value per result of the
    /// parent, of the result's type.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let Some(parent) = ir.op_parent_op(self.0) else {
            return Ok(());
        };
        if ir.num_results(parent) != ir.num_operands(self.0) {
            return Err(ir.op_error(
                self.0,
                "parent of yield must have same number of results as the yield operands",
            ));
        }
        let mismatch = ir
            .results(parent)
            .zip(ir.operands(self.0))
            .any(|(r, v)| ir.value_type(r) != ir.value_type(v));
        if mismatch {
            return Err(ir.op_error(self.0, "types mismatch between yield op and its parent"));
        }
        Ok(())
    }
}
