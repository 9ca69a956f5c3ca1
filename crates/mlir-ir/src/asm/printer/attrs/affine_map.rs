//! Affine maps and expressions as MLIR prints them: `(d0, d1)[s0] -> (...)`
//! with minimal parentheses and the "pretty" subtraction and negation forms
//! (`d0 - 1`, `-d0`, `d0 - d1 * 2`) that `AsmPrinter` derives from the
//! canonical add/multiply-by-negative-constant trees.

use crate::affine::{AffineBinOp, AffineExpr, AffineMap, IntegerSet};

/// Whether the enclosing context binds tighter than `+` (so a sum needs parentheses).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Binding {
    Weak,
    Strong,
}

fn push_i128(out: &mut String, v: i128) {
    if v < 0 {
        out.push('-');
    }
    super::push_u128(out, v.unsigned_abs());
}

/// How a leaf of an expression prints: `(out, is_symbol, position)`.
type LeafNames<'n> = &'n dyn Fn(&mut String, bool, u32);

fn print_expr(out: &mut String, e: &AffineExpr, enclosing: Binding) {
    print_expr_with(out, e, enclosing, &|out, symbol, i| {
        out.push(if symbol { 's' } else { 'd' });
        super::push_u64(out, i as u64);
    });
}

/// Appends `e` with its dimensions and symbols printed by `names` (MLIR's
/// `printAffineExpr` with a custom `printValueName`, as used by the ops
/// whose maps are written over SSA ids).
pub fn print_affine_expr_with(out: &mut String, e: &AffineExpr, names: LeafNames<'_>) {
    print_expr_with(out, e, Binding::Weak, names);
}

fn print_expr_with(out: &mut String, e: &AffineExpr, enclosing: Binding, names: LeafNames<'_>) {
    let (op, lhs, rhs) = match e {
        AffineExpr::Dim(i) => {
            names(out, false, *i);
            return;
        }
        AffineExpr::Symbol(i) => {
            names(out, true, *i);
            return;
        }
        AffineExpr::Constant(c) => {
            super::push_i64(out, *c);
            return;
        }
        AffineExpr::Binary(op, l, r) => (*op, &**l, &**r),
    };
    let open = |out: &mut String| {
        if enclosing == Binding::Strong {
            out.push('(');
        }
    };
    let close = |out: &mut String| {
        if enclosing == Binding::Strong {
            out.push(')');
        }
    };

    if op != AffineBinOp::Add {
        open(out);
        // Multiplication by -1 prints as a negation.
        if op == AffineBinOp::Mul && matches!(rhs, AffineExpr::Constant(-1)) {
            out.push('-');
            print_expr_with(out, lhs, Binding::Strong, names);
            close(out);
            return;
        }
        print_expr_with(out, lhs, Binding::Strong, names);
        out.push_str(match op {
            AffineBinOp::Mul => " * ",
            AffineBinOp::FloorDiv => " floordiv ",
            AffineBinOp::CeilDiv => " ceildiv ",
            AffineBinOp::Mod => " mod ",
            AffineBinOp::Add => " + ",
        });
        print_expr_with(out, rhs, Binding::Strong, names);
        close(out);
        return;
    }

    open(out);
    // `a + b * -c` prints as a subtraction.
    if let AffineExpr::Binary(AffineBinOp::Mul, rl, rr) = rhs {
        if let AffineExpr::Constant(c) = **rr {
            if c == -1 {
                print_expr_with(out, lhs, Binding::Weak, names);
                out.push_str(" - ");
                let b = if matches!(**rl, AffineExpr::Binary(AffineBinOp::Add, ..)) {
                    Binding::Strong
                } else {
                    Binding::Weak
                };
                print_expr_with(out, rl, b, names);
                close(out);
                return;
            }
            if c < -1 {
                print_expr_with(out, lhs, Binding::Weak, names);
                out.push_str(" - ");
                print_expr_with(out, rl, Binding::Strong, names);
                out.push_str(" * ");
                push_i128(out, -(c as i128));
                close(out);
                return;
            }
        }
    }
    // `a + -c` prints as `a - c`.
    if let AffineExpr::Constant(c) = *rhs {
        if c < 0 {
            print_expr_with(out, lhs, Binding::Weak, names);
            out.push_str(" - ");
            push_i128(out, -(c as i128));
            close(out);
            return;
        }
    }
    print_expr_with(out, lhs, Binding::Weak, names);
    out.push_str(" + ");
    print_expr_with(out, rhs, Binding::Weak, names);
    close(out);
}

/// `(d0, d1)[s0]`: the dimension and symbol lists of a map or set.
fn print_dims_and_symbols(out: &mut String, num_dims: u32, num_symbols: u32) {
    out.push('(');
    for i in 0..num_dims {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('d');
        super::push_u64(out, i as u64);
    }
    out.push(')');
    if num_symbols != 0 {
        out.push('[');
        for i in 0..num_symbols {
            if i > 0 {
                out.push_str(", ");
            }
            out.push('s');
            super::push_u64(out, i as u64);
        }
        out.push(']');
    }
}

/// Appends the body of `affine_map<...>`: `(d0, d1)[s0] -> (d0 + s0, d1)`.
pub(crate) fn print_affine_map(out: &mut String, map: &AffineMap) {
    print_dims_and_symbols(out, map.num_dims, map.num_symbols);
    out.push_str(" -> (");
    for (i, e) in map.results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_expr(out, e, Binding::Weak);
    }
    out.push(')');
}

/// `(d0, ..)[s0, ..] : (e >= 0, e == 0, ..)`, as MLIR's `printIntegerSet`.
pub(crate) fn print_integer_set(out: &mut String, set: &IntegerSet) {
    print_dims_and_symbols(out, set.num_dims, set.num_symbols);
    out.push_str(" : (");
    for (i, (e, &eq)) in set.constraints.iter().zip(set.eq_flags.iter()).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_expr(out, e, Binding::Weak);
        out.push_str(if eq { " == 0" } else { " >= 0" });
    }
    out.push(')');
}

/// Whether `map` is the identity (`(d0, .., dn) -> (d0, .., dn)`, symbols
/// ignored), the layout MLIR never prints on a memref.
pub(crate) fn is_identity(map: &AffineMap) -> bool {
    map.num_dims as usize == map.results.len()
        && map
            .results
            .iter()
            .enumerate()
            .all(|(i, e)| matches!(e, AffineExpr::Dim(d) if *d as usize == i))
}
