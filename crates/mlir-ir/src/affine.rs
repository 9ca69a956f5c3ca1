//! Affine expressions and maps (`affine_map<(d0)[s0] -> (d0 + s0)>`), as used
//! by memref layouts and the affine dialect.
//!
//! Expressions are small trees owned by the map attribute that contains them;
//! maps are interned as attributes, so sharing happens at the map level.

/// An affine expression over dimensions `d_i`, symbols `s_i` and constants.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Binary(AffineBinOp, Box<AffineExpr>, Box<AffineExpr>),
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineBinOp {
    Add,
    Mul,
    Mod,
    FloorDiv,
    CeilDiv,
}

/// `(d0, ..)[s0, ..] -> (results)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub results: Box<[AffineExpr]>,
}

/// `(d0, ..)[s0, ..] : (c0 >= 0, c1 == 0, ..)`: an integer set (MLIR's
/// `IntegerSet`), the conjunction of affine constraints `expr >= 0` or
/// `expr == 0` over dimensions and symbols. The set without constraints
/// is stored as MLIR stores it, the single trivially true `0 == 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    pub num_dims: u32,
    pub num_symbols: u32,
    /// The left-hand sides of the constraints, compared with zero.
    pub constraints: Box<[AffineExpr]>,
    /// Per constraint: true for `== 0`, false for `>= 0`.
    pub eq_flags: Box<[bool]>,
}
