//! Parsing of `affine_map<(d0)[s0] -> (...)>` attributes and the affine
//! expression grammar, following MLIR's `AffineParser.cpp`, plus the
//! simplifications MLIR's `AffineExpr` operators apply on construction
//! (`AffineExpr.cpp`: `simplifyAdd`, `simplifyMul`, `simplifyFloorDiv`,
//! `simplifyCeilDiv`, `simplifyMod`), so that the stored tree is the one
//! mlir-opt would build and print (`d0 * 2 + d0` is `d0 * 3`, `2 + 3` is `5`,
//! `d0 - d1` is `d0 + d1 * -1`).
//!
//! Binary operators are parsed with loops rather than MLIR's tail recursion
//! so long sums cannot exhaust the stack; parentheses and negation nest
//! through the parser's depth guard.

use super::support::token_u64;
use super::{PResult, Parser};
use crate::affine::{AffineBinOp as Op, AffineExpr as E, AffineMap, IntegerSet};
use crate::asm::lexer::TokenKind;
use crate::attributes::{AttrKind, Attribute};

/// The most binary operators one affine map may contain. Expression trees
/// are boxed and compared/dropped recursively, so their depth must stay
/// bounded; real maps are tiny.
const MAX_AFFINE_OPS: u32 = 1000;

fn binary(op: Op, l: E, r: E) -> E {
    E::Binary(op, Box::new(l), Box::new(r))
}

fn constant(e: &E) -> Option<i64> {
    match e {
        E::Constant(c) => Some(*c),
        _ => None,
    }
}

/// Whether `e` has no dimensions (MLIR's `isSymbolicOrConstant`).
pub(crate) fn is_symbolic_or_constant(e: &E) -> bool {
    match e {
        E::Constant(_) | E::Symbol(_) => true,
        E::Dim(_) => false,
        E::Binary(_, l, r) => is_symbolic_or_constant(l) && is_symbolic_or_constant(r),
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// MLIR's `getLargestKnownDivisor` (with C++'s wrap-around arithmetic).
fn largest_known_divisor(e: &E) -> i64 {
    match e {
        E::Dim(_) | E::Symbol(_) => 1,
        E::Constant(c) => c.wrapping_abs(),
        E::Binary(Op::Mul, l, r) => largest_known_divisor(l).wrapping_mul(largest_known_divisor(r)),
        E::Binary(Op::Add | Op::Mod, l, r) => gcd(
            largest_known_divisor(l) as u64,
            largest_known_divisor(r) as u64,
        ) as i64,
        E::Binary(Op::FloorDiv | Op::CeilDiv, l, r) => match constant(r) {
            Some(c) if c != 0 => {
                let d = largest_known_divisor(l);
                if d.wrapping_rem(c) == 0 {
                    d.wrapping_div(c)
                } else {
                    1
                }
            }
            _ => 1,
        },
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    (a as i128).div_euclid(b as i128) as i64
}
fn ceil_div(a: i64, b: i64) -> i64 {
    -((-(a as i128)).div_euclid(b as i128)) as i64
}

/// `l + r` with MLIR's simplifications.
pub(crate) fn add(l: E, r: E) -> E {
    match simplify_add(&l, &r) {
        Some(e) => e,
        None => binary(Op::Add, l, r),
    }
}

/// `l * r` with MLIR's simplifications.
pub(crate) fn mul(l: E, r: E) -> E {
    match simplify_mul(&l, &r) {
        Some(e) => e,
        None => binary(Op::Mul, l, r),
    }
}

/// `-e`, i.e. `e * -1`.
pub(crate) fn neg(e: E) -> E {
    mul(e, E::Constant(-1))
}

pub(crate) fn floordiv(l: E, r: E) -> E {
    match simplify_floordiv(&l, &r) {
        Some(e) => e,
        None => binary(Op::FloorDiv, l, r),
    }
}

pub(crate) fn ceildiv(l: E, r: E) -> E {
    match simplify_ceildiv(&l, &r) {
        Some(e) => e,
        None => binary(Op::CeilDiv, l, r),
    }
}

pub(crate) fn modulo(l: E, r: E) -> E {
    match simplify_mod(&l, &r) {
        Some(e) => e,
        None => binary(Op::Mod, l, r),
    }
}

/// `getAffineBinaryOpExpr`: builds `op` with simplification.
pub(crate) fn build(op: Op, l: E, r: E) -> E {
    match op {
        Op::Add => add(l, r),
        Op::Mul => mul(l, r),
        Op::FloorDiv => floordiv(l, r),
        Op::CeilDiv => ceildiv(l, r),
        Op::Mod => modulo(l, r),
    }
}

fn simplify_add(l: &E, r: &E) -> Option<E> {
    let (lc, rc) = (constant(l), constant(r));
    if let (Some(a), Some(b)) = (lc, rc) {
        return Some(E::Constant(a.wrapping_add(b)));
    }
    // Constants go to the right, and a symbolic operand goes right of a
    // dimensional one.
    if lc.is_some() || (is_symbolic_or_constant(l) && !is_symbolic_or_constant(r)) {
        return Some(add(r.clone(), l.clone()));
    }
    if rc == Some(0) {
        return Some(l.clone());
    }
    // (d0 + 2) + 3 is d0 + 5.
    if let (E::Binary(Op::Add, ll, lr), Some(b)) = (l, rc) {
        if let Some(a) = constant(lr) {
            return Some(add((**ll).clone(), E::Constant(a.wrapping_add(b))));
        }
    }
    // c1 * e + c2 * e is (c1 + c2) * e.
    let (c1, first) = match l {
        E::Binary(Op::Mul, a, c) if constant(c).is_some() => (constant(c).unwrap_or(1), &**a),
        _ => (1, l),
    };
    let (c2, second) = match r {
        E::Binary(Op::Mul, a, c) if constant(c).is_some() => (constant(c).unwrap_or(1), &**a),
        _ => (1, r),
    };
    if first == second {
        return Some(mul(first.clone(), E::Constant(c1.wrapping_add(c2))));
    }
    // (d0 + 2) + d1 is (d0 + d1) + 2.
    if let E::Binary(Op::Add, ll, lr) = l {
        if constant(lr).is_some() {
            return Some(add(add((**ll).clone(), r.clone()), (**lr).clone()));
        }
    }
    // e - q * (e floordiv q) is e mod q.
    let E::Binary(_, lrhs, rrhs) = r else {
        return None;
    };
    if let (Some(-1), E::Binary(Op::Mul, llrhs, rlrhs)) = (constant(rrhs), &**lrhs) {
        let E::Binary(Op::FloorDiv, a, b) = &**llrhs else {
            return None;
        };
        if b == rlrhs && **a == *l {
            return Some(modulo(l.clone(), (**rlrhs).clone()));
        }
    }
    let E::Binary(Op::FloorDiv, llrhs, rlrhs) = &**lrhs else {
        return None;
    };
    if **llrhs == *l && **rlrhs == neg((**rrhs).clone()) {
        return Some(modulo(l.clone(), (**rlrhs).clone()));
    }
    None
}

fn simplify_mul(l: &E, r: &E) -> Option<E> {
    let (lc, rc) = (constant(l), constant(r));
    if let (Some(a), Some(b)) = (lc, rc) {
        return Some(E::Constant(a.wrapping_mul(b)));
    }
    let (ls, rs) = (is_symbolic_or_constant(l), is_symbolic_or_constant(r));
    if !ls && !rs {
        // Not affine; the parser rejects this before building it.
        return None;
    }
    if !rs || lc.is_some() {
        return Some(mul(r.clone(), l.clone()));
    }
    match rc {
        Some(1) => return Some(l.clone()),
        Some(0) => return Some(E::Constant(0)),
        _ => {}
    }
    if let E::Binary(Op::Mul, ll, lr) = l {
        if let Some(a) = constant(lr) {
            if let Some(b) = rc {
                return Some(mul((**ll).clone(), E::Constant(a.wrapping_mul(b))));
            }
            return Some(mul(mul((**ll).clone(), r.clone()), (**lr).clone()));
        }
    }
    None
}

fn simplify_floordiv(l: &E, r: &E) -> Option<E> {
    let c = constant(r).filter(|&c| c >= 1)?;
    if let Some(a) = constant(l) {
        return Some(E::Constant(floor_div(a, c)));
    }
    if c == 1 {
        return Some(l.clone());
    }
    match l {
        E::Binary(Op::Mul, ll, lr) => {
            if let Some(a) = constant(lr) {
                if a % c == 0 {
                    return Some(mul((**ll).clone(), E::Constant(a / c)));
                }
            }
        }
        E::Binary(Op::Add, ll, lr)
            if largest_known_divisor(ll) % c == 0 || largest_known_divisor(lr) % c == 0 =>
        {
            return Some(add(
                floordiv((**ll).clone(), E::Constant(c)),
                floordiv((**lr).clone(), E::Constant(c)),
            ));
        }
        _ => {}
    }
    None
}

fn simplify_ceildiv(l: &E, r: &E) -> Option<E> {
    let c = constant(r).filter(|&c| c >= 1)?;
    if let Some(a) = constant(l) {
        return Some(E::Constant(ceil_div(a, c)));
    }
    if c == 1 {
        return Some(l.clone());
    }
    if let E::Binary(Op::Mul, ll, lr) = l {
        if let Some(a) = constant(lr) {
            if a % c == 0 {
                return Some(mul((**ll).clone(), E::Constant(a / c)));
            }
        }
    }
    None
}

fn simplify_mod(l: &E, r: &E) -> Option<E> {
    let c = constant(r).filter(|&c| c >= 1)?;
    if let Some(a) = constant(l) {
        return Some(E::Constant(a.rem_euclid(c)));
    }
    if largest_known_divisor(l) % c == 0 {
        return Some(E::Constant(0));
    }
    match l {
        E::Binary(Op::Add, ll, lr) => {
            if largest_known_divisor(ll) % c == 0 {
                return Some(modulo((**lr).clone(), E::Constant(c)));
            }
            if largest_known_divisor(lr) % c == 0 {
                return Some(modulo((**ll).clone(), E::Constant(c)));
            }
        }
        E::Binary(Op::Mod, a, ic) => {
            if let Some(i) = constant(ic) {
                if i >= 1 && i.rem_euclid(c) == 0 {
                    return Some(modulo((**a).clone(), E::Constant(c)));
                }
            }
        }
        _ => {}
    }
    None
}

/// A parsed `(dims)[symbols] -> (...)` map or `(dims)[symbols] : (...)` set.
pub(crate) enum MapOrSet {
    Map(AffineMap),
    Set(IntegerSet),
}

/// Names of the dimensions and symbols in scope while parsing one map.
struct AffineScope<'a> {
    ids: Vec<(&'a str, E)>,
    ops: u32,
    /// When parsing a map of SSA ids (`%i + symbol(%n)`): the SSA uses
    /// seen so far with whether each is a symbol; `None` for plain maps.
    ssa: Option<Vec<(super::ops::UnresolvedOperand<'a>, bool)>>,
}

/// An affine map whose dimensions and symbols are SSA uses, as parsed by
/// [`Parser::parse_affine_map_of_ssa_ids`]: the map, then its dimension
/// operands and its symbol operands, in order of first use.
pub(crate) type SsaIdMap<'a> = (
    AffineMap,
    Vec<super::ops::UnresolvedOperand<'a>>,
    Vec<super::ops::UnresolvedOperand<'a>>,
);

impl<'a> Parser<'a> {
    /// `affine_map<(dims)[symbols] -> (results)>`.
    pub(crate) fn parse_affine_map_attr(&mut self) -> PResult<Attribute> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in affine map")?;
        let map = self.parse_affine_map_inline()?;
        self.parse_token(TokenKind::Greater, "expected '>' in affine map")?;
        Ok(self.ctx.intern_attr(AttrKind::AffineMap(map)))
    }

    /// `affine_set<(dims)[symbols] : (constraints)>`.
    pub(crate) fn parse_integer_set_attr(&mut self) -> PResult<Attribute> {
        self.consume();
        self.parse_token(TokenKind::Less, "expected '<' in integer set")?;
        let start = self.tok.start;
        let set = match self.parse_affine_map_or_set_inline()? {
            MapOrSet::Set(set) => set,
            MapOrSet::Map(_) => {
                return self.emit_error_at(start, "expected IntegerSet, but got AffineMap")
            }
        };
        self.parse_token(TokenKind::Greater, "expected '>' in integer set")?;
        Ok(self.ctx.intern_attr(AttrKind::IntegerSet(Box::new(set))))
    }

    /// `(dims)[symbols] -> (results)` (MLIR's `parseAffineMapReference`).
    pub(crate) fn parse_affine_map_inline(&mut self) -> PResult<AffineMap> {
        let start = self.tok.start;
        match self.parse_affine_map_or_set_inline()? {
            MapOrSet::Map(map) => Ok(map),
            MapOrSet::Set(_) => self.emit_error_at(start, "expected AffineMap, but got IntegerSet"),
        }
    }

    /// `(dims)[symbols]` followed by `-> (results)` for a map or
    /// `: (constraints)` for an integer set (MLIR's
    /// `parseAffineMapOrIntegerSetInline`).
    pub(crate) fn parse_affine_map_or_set_inline(&mut self) -> PResult<MapOrSet> {
        let mut scope = AffineScope {
            ids: Vec::new(),
            ops: 0,
            ssa: None,
        };
        let mut num_dims = 0u32;
        self.parse_delimited_list(
            TokenKind::LParen,
            TokenKind::RParen,
            " in dimensional identifier list",
            |p| {
                let e = E::Dim(num_dims);
                num_dims += 1;
                p.parse_affine_id_def(&mut scope, e)
            },
        )?;
        let mut num_symbols = 0u32;
        if self.at(TokenKind::LSquare) {
            self.parse_delimited_list(
                TokenKind::LSquare,
                TokenKind::RSquare,
                " in symbol list",
                |p| {
                    let e = E::Symbol(num_symbols);
                    num_symbols += 1;
                    p.parse_affine_id_def(&mut scope, e)
                },
            )?;
        }
        if !self.consume_if(TokenKind::Arrow) {
            self.parse_token(TokenKind::Colon, "expected '->' or ':'")?;
            let mut constraints = Vec::new();
            let mut eq_flags = Vec::new();
            self.parse_delimited_list(
                TokenKind::LParen,
                TokenKind::RParen,
                " in integer set constraint list",
                |p| {
                    let (e, eq) = p.parse_affine_constraint(&mut scope)?;
                    constraints.push(e);
                    eq_flags.push(eq);
                    Ok(())
                },
            )?;
            // As MLIR, a set without constraints is the trivially true `0 == 0`.
            if constraints.is_empty() {
                constraints.push(E::Constant(0));
                eq_flags.push(true);
            }
            return Ok(MapOrSet::Set(IntegerSet {
                num_dims,
                num_symbols,
                constraints: constraints.into(),
                eq_flags: eq_flags.into(),
            }));
        }
        let mut results = Vec::new();
        self.parse_delimited_list(
            TokenKind::LParen,
            TokenKind::RParen,
            " in affine map range",
            |p| {
                results.push(p.parse_affine_expr(&mut scope)?);
                Ok(())
            },
        )?;
        Ok(MapOrSet::Map(AffineMap {
            num_dims,
            num_symbols,
            results: results.into(),
        }))
    }

    /// A comma-separated list of affine expressions over SSA ids between
    /// `open` and `close` (`[%i + 1, symbol(%n)]`, MLIR's
    /// `parseAffineMapOfSSAIds`): each new SSA use becomes the next
    /// dimension, or symbol when written `symbol(%x)`; a repeated use is the
    /// same dimension or symbol.
    pub(crate) fn parse_affine_map_of_ssa_ids(
        &mut self,
        open: TokenKind,
        close: TokenKind,
    ) -> PResult<SsaIdMap<'a>> {
        let mut scope = AffineScope {
            ids: Vec::new(),
            ops: 0,
            ssa: Some(Vec::new()),
        };
        let mut results = Vec::new();
        self.parse_delimited_list(open, close, " in affine map", |p| {
            results.push(p.parse_affine_expr(&mut scope)?);
            Ok(())
        })?;
        let ids = scope.ssa.unwrap_or_default();
        let dims: Vec<_> = ids.iter().filter(|(_, s)| !s).map(|(u, _)| *u).collect();
        let syms: Vec<_> = ids.iter().filter(|(_, s)| *s).map(|(u, _)| *u).collect();
        let map = AffineMap {
            num_dims: dims.len() as u32,
            num_symbols: syms.len() as u32,
            results: results.into(),
        };
        Ok((map, dims, syms))
    }

    /// An SSA use in a map of SSA ids: the dimension (or, with `symbol`,
    /// the symbol) it stands for, numbered in order of first use.
    fn parse_affine_ssa_id(&mut self, scope: &mut AffineScope<'a>, symbol: bool) -> PResult<E> {
        let u = self.parse_ssa_use()?;
        let ids = scope.ssa.get_or_insert_with(Vec::new);
        let pos = ids
            .iter()
            .position(|(o, _)| o.name == u.name && o.number == u.number);
        let i = match pos {
            Some(i) => i,
            None => {
                ids.push((u, symbol));
                ids.len() - 1
            }
        };
        let is_symbol = ids[i].1;
        let index = ids[..i].iter().filter(|(_, s)| *s == is_symbol).count() as u32;
        Ok(if is_symbol {
            E::Symbol(index)
        } else {
            E::Dim(index)
        })
    }

    /// `lhs >= rhs`, `lhs <= rhs` or `lhs == rhs` as the expression compared
    /// with zero and whether it is an equality (MLIR's `parseAffineConstraint`).
    fn parse_affine_constraint(&mut self, scope: &mut AffineScope<'a>) -> PResult<(E, bool)> {
        let lhs = self.parse_affine_expr(scope)?;
        // MLIR consumes each token of the two-token operators on its own.
        let two =
            |p: &mut Self, first: TokenKind| p.consume_if(first) && p.consume_if(TokenKind::Equal);
        if two(self, TokenKind::Greater) {
            let rhs = self.parse_affine_expr(scope)?;
            let e = self.combine_low(scope, true, lhs, rhs)?;
            return Ok((e, false));
        }
        if two(self, TokenKind::Less) {
            let rhs = self.parse_affine_expr(scope)?;
            let e = self.combine_low(scope, true, rhs, lhs)?;
            return Ok((e, false));
        }
        if two(self, TokenKind::Equal) {
            let rhs = self.parse_affine_expr(scope)?;
            let e = self.combine_low(scope, true, lhs, rhs)?;
            return Ok((e, true));
        }
        // Reported at the current token, after whatever was consumed.
        self.emit_error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
    }

    fn parse_affine_id_def(&mut self, scope: &mut AffineScope<'a>, e: E) -> PResult<()> {
        if !self.at(TokenKind::BareIdent) {
            return self.err_wrong_token("expected bare identifier");
        }
        let name = self.tok_text();
        if scope.ids.iter().any(|(n, _)| *n == name) {
            return self.emit_error(format!("redefinition of identifier '{name}'"));
        }
        self.consume();
        scope.ids.push((name, e));
        Ok(())
    }

    /// Consumes `+` or `-`; `Some(true)` means subtraction.
    fn affine_low_op(&mut self) -> Option<bool> {
        match self.tok.kind {
            TokenKind::Plus => {
                self.consume();
                Some(false)
            }
            TokenKind::Minus => {
                self.consume();
                Some(true)
            }
            _ => None,
        }
    }

    fn affine_high_op(&mut self) -> Option<Op> {
        let op = match self.tok.kind {
            TokenKind::Star => Op::Mul,
            TokenKind::BareIdent => match self.tok_text() {
                "floordiv" => Op::FloorDiv,
                "ceildiv" => Op::CeilDiv,
                "mod" => Op::Mod,
                _ => return None,
            },
            _ => return None,
        };
        self.consume();
        Some(op)
    }

    fn count_op(&mut self, scope: &mut AffineScope<'a>) -> PResult<()> {
        scope.ops += 1;
        if scope.ops > MAX_AFFINE_OPS {
            return self.emit_error("affine expression is too large");
        }
        Ok(())
    }

    /// `l + r`, or `l + r * -1` for a subtraction, as MLIR's operators build them.
    fn combine_low(
        &mut self,
        scope: &mut AffineScope<'a>,
        subtract: bool,
        l: E,
        r: E,
    ) -> PResult<E> {
        self.count_op(scope)?;
        Ok(if subtract { add(l, neg(r)) } else { add(l, r) })
    }

    /// A high-precedence operation, with MLIR's affinity checks reported at `op_loc`.
    fn combine_high(
        &mut self,
        scope: &mut AffineScope<'a>,
        op: Op,
        l: E,
        r: E,
        op_loc: u32,
    ) -> PResult<E> {
        self.count_op(scope)?;
        match op {
            Op::Mul => {
                if !is_symbolic_or_constant(&l) && !is_symbolic_or_constant(&r) {
                    return self.emit_error_at(op_loc, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
                }
            }
            _ => {
                if !is_symbolic_or_constant(&r) {
                    let name = match op {
                        Op::FloorDiv => "floordiv",
                        Op::CeilDiv => "ceildiv",
                        _ => "mod",
                    };
                    return self.emit_error_at(op_loc, format!("non-affine expression: right operand of {name} has to be either a constant or symbolic"));
                }
            }
        }
        Ok(build(op, l, r))
    }

    /// A full expression: terms joined by `+`/`-`, each a chain of
    /// `*`, `floordiv`, `ceildiv`, `mod` (all left-associative).
    fn parse_affine_expr(&mut self, scope: &mut AffineScope<'a>) -> PResult<E> {
        let _depth = self.enter_nested()?;
        let mut acc: Option<(E, bool)> = None;
        loop {
            let lhs = self.parse_affine_operand(scope, acc.is_some())?;
            let op_loc = self.tok.start;
            let term = match self.affine_high_op() {
                Some(h) => self.parse_affine_high_chain(scope, lhs, h, op_loc)?,
                None => lhs,
            };
            let value = match acc.take() {
                Some((l, op)) => self.combine_low(scope, op, l, term)?,
                None => term,
            };
            match self.affine_low_op() {
                Some(op) => acc = Some((value, op)),
                None => return Ok(value),
            }
        }
    }

    /// `lhs op x op y ...` for high-precedence operators.
    fn parse_affine_high_chain(
        &mut self,
        scope: &mut AffineScope<'a>,
        lhs: E,
        op: Op,
        op_loc: u32,
    ) -> PResult<E> {
        let (mut acc, mut acc_op, mut acc_loc) = (lhs, op, op_loc);
        loop {
            let rhs = self.parse_affine_operand(scope, true)?;
            let next_loc = self.tok.start;
            match self.affine_high_op() {
                Some(next) => {
                    // MLIR reports a non-affine error here at the *next* operator.
                    acc = self.combine_high(scope, acc_op, acc, rhs, next_loc)?;
                    acc_op = next;
                    acc_loc = next_loc;
                }
                None => return self.combine_high(scope, acc_op, acc, rhs, acc_loc),
            }
        }
    }

    /// An operand: identifier, integer, parenthesized expression or negation.
    fn parse_affine_operand(&mut self, scope: &mut AffineScope<'a>, has_lhs: bool) -> PResult<E> {
        match self.tok.kind {
            TokenKind::BareIdent if self.tok_text() == "symbol" => {
                self.consume();
                self.parse_token(TokenKind::LParen, "expected '(' at start of SSA symbol")?;
                if scope.ssa.is_none() {
                    return self.err_wrong_token("unexpected ssa identifier");
                }
                let e = self.parse_affine_ssa_id(scope, true)?;
                self.parse_token(TokenKind::RParen, "expected ')' at end of SSA symbol")?;
                Ok(e)
            }
            TokenKind::BareIdent => {
                let name = self.tok_text();
                match scope.ids.iter().find(|(n, _)| *n == name) {
                    Some((_, e)) => {
                        let e = e.clone();
                        self.consume();
                        Ok(e)
                    }
                    None => self.err_wrong_token("use of undeclared identifier"),
                }
            }
            TokenKind::PercentIdent if scope.ssa.is_some() => {
                self.parse_affine_ssa_id(scope, false)
            }
            TokenKind::PercentIdent => self.err_wrong_token("unexpected ssa identifier"),
            TokenKind::Integer => {
                let v = token_u64(self.tok_text());
                match v {
                    // LLVM 22 rejects 2^63 too (later versions accept it for `- 2^63`).
                    Some(v) if v <= i64::MAX as u64 => {
                        self.consume();
                        Ok(E::Constant(v as i64))
                    }
                    _ => self.emit_error("constant too large for index"),
                }
            }
            TokenKind::LParen => {
                let _depth = self.enter_nested()?;
                self.consume();
                if self.at(TokenKind::RParen) {
                    return self.emit_error("no expression inside parentheses");
                }
                let e = self.parse_affine_expr(scope)?;
                self.parse_token(TokenKind::RParen, "expected ')'")?;
                Ok(e)
            }
            TokenKind::Minus => {
                let _depth = self.enter_nested()?;
                self.consume();
                let e = self.parse_affine_operand(scope, has_lhs)?;
                self.count_op(scope)?;
                Ok(neg(e))
            }
            TokenKind::Plus | TokenKind::Star => self.emit_error(if has_lhs {
                "missing right operand of binary operator"
            } else {
                "missing left operand of binary operator"
            }),
            _ => self.emit_error(if has_lhs {
                "missing right operand of binary operator"
            } else {
                "expected affine expression"
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests_util::*;
    use super::*;

    fn map(ctx: &std::sync::Arc<crate::Context>, text: &str) -> AffineMap {
        match ctx.attr(attr(ctx, text)) {
            AttrKind::AffineMap(m) => m.clone(),
            other => panic!("{text}: {other:?}"),
        }
    }
    fn d(i: u32) -> E {
        E::Dim(i)
    }
    fn s(i: u32) -> E {
        E::Symbol(i)
    }
    fn c(v: i64) -> E {
        E::Constant(v)
    }

    #[test]
    fn simplifies_like_mlir() {
        let ctx = ctx(true);
        let m = map(
            &ctx,
            "affine_map<(d0, d1)[s0] -> (d0 * 2 + d0, 2 + 3, d1 floordiv 2, d0 + s0, d0 - d1)>",
        );
        assert_eq!(m.num_dims, 2);
        assert_eq!(m.num_symbols, 1);
        assert_eq!(
            &*m.results,
            &[
                binary(Op::Mul, d(0), c(3)),
                c(5),
                binary(Op::FloorDiv, d(1), c(2)),
                binary(Op::Add, d(0), s(0)),
                binary(Op::Add, d(0), binary(Op::Mul, d(1), c(-1))),
            ]
        );
        let m = map(&ctx, "affine_map<(i)[N] -> (4 + i, N * i, -(i + 1), i - (i floordiv 4) * 4, (i * 128) floordiv 64, (i * 128) mod 64, i mod 1, 7 ceildiv 2, -7 floordiv 2)>");
        assert_eq!(
            &*m.results,
            &[
                binary(Op::Add, d(0), c(4)),
                binary(Op::Mul, d(0), s(0)),
                binary(Op::Mul, binary(Op::Add, d(0), c(1)), c(-1)),
                binary(Op::Mod, d(0), c(4)),
                binary(Op::Mul, d(0), c(2)),
                c(0),
                c(0),
                c(4),
                c(-4),
            ]
        );
        // Printed by mlir-opt as `d0 * s0, 0, (d0 floordiv 2) * s0, d0 floordiv 4 + 2,
        // 0, -d0 + 3, d0 mod 4, d0 mod 4 + 1, d0, s0 * 2, d0 floordiv 2 + s0 * 2,
        // d0 * (s0 * 2), (d0 * s0) * 6`.
        let m = map(&ctx, "affine_map<(d0)[s0] -> (d0 * s0 * 2 + s0 * d0 - (d0 * 2) * s0, d0 * 4 - d0 * 4, s0 * (d0 floordiv 2), (d0 + 8) floordiv 4, (d0 * 4 + 8) mod 4, 3 - d0, (d0 mod 8) mod 4, d0 - (d0 floordiv 4) * 4 + 1, d0 ceildiv 1, (s0 * 4) ceildiv 2, (d0 + s0 * 4) floordiv 2, 2 * s0 * d0, s0 * d0 * 3 * 2)>");
        let ds = binary(Op::Mul, d(0), s(0));
        assert_eq!(
            &*m.results,
            &[
                ds.clone(),
                c(0),
                binary(Op::Mul, binary(Op::FloorDiv, d(0), c(2)), s(0)),
                binary(Op::Add, binary(Op::FloorDiv, d(0), c(4)), c(2)),
                c(0),
                binary(Op::Add, binary(Op::Mul, d(0), c(-1)), c(3)),
                binary(Op::Mod, d(0), c(4)),
                binary(Op::Add, binary(Op::Mod, d(0), c(4)), c(1)),
                d(0),
                binary(Op::Mul, s(0), c(2)),
                binary(
                    Op::Add,
                    binary(Op::FloorDiv, d(0), c(2)),
                    binary(Op::Mul, s(0), c(2))
                ),
                binary(Op::Mul, d(0), binary(Op::Mul, s(0), c(2))),
                binary(Op::Mul, ds, c(6)),
            ]
        );
        let m = map(&ctx, "affine_map<() -> ()>");
        assert!(m.results.is_empty());
    }

    #[test]
    fn affine_errors() {
        let ctx = ctx(true);
        for (src, msg) in [
            ("affine_map<(d0) -> (d0 * d0)>", "1:24: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"),
            ("affine_map<(d0) -> (d0 floordiv d0)>", "1:24: non-affine expression: right operand of floordiv has to be either a constant or symbolic"),
            ("affine_map<(d0) -> (d1)>", "1:21: use of undeclared identifier"),
            ("affine_map<(d0, d0) -> (d0)>", "1:17: redefinition of identifier 'd0'"),
            ("affine_map<(d0) -> (d0 +)>", "1:25: missing right operand of binary operator"),
            ("affine_map<(d0) -> (* d0)>", "1:21: missing left operand of binary operator"),
            ("affine_map<(d0) -> ()d0)>", "1:22: expected '>' in affine map"),
            ("affine_map<(d0) -> (())>", "1:22: no expression inside parentheses"),
            ("affine_map<(d0) d0>", "1:16: expected '->' or ':'"),
            ("affine_map<(d0) -> (99999999999999999999)>", "1:21: constant too large for index"),
            ("affine_map<(d0) -> (%x)>", "1:21: unexpected ssa identifier"),
            ("affine_map<(d0) -> (d0 ]>", "1:23: expected ')' in affine map range"),
            ("affine_map<(1) -> (d0)>", "1:13: expected bare identifier"),
            ("affine_map<(d0) : (d0 >= 0)>", "1:12: expected AffineMap, but got IntegerSet"),
            ("affine_map<(d0) -> (d0 - 9223372036854775808)>", "1:26: constant too large for index"),
        ] {
            assert_eq!(attr_err(&ctx, src), msg, "{src}");
        }
    }
}
