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
