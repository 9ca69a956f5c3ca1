//! The `complex` dialect (the subset in `td/Complex.td`: `create`, `add`,
//! `mul`), enough for functions computing on complex numbers to be parsed,
//! printed and inlined (upstream's `ComplexInlinerInterface` makes every op
//! inlinable).

/// The generated op definitions of `td/Complex.td`. Generated code keeps
/// the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    use crate::arith::ops::*;
    include!(concat!(env!("OUT_DIR"), "/complex_ops.rs"));
}

pub use ops::*;

use mlir_ir::{Dialect, OpInfo};

/// The `complex` dialect.
pub struct ComplexDialect;

impl Dialect for ComplexDialect {
    fn namespace(&self) -> &'static str {
        "complex"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
    }

    fn interface(&self, id: std::any::TypeId) -> Option<&(dyn std::any::Any + Send + Sync)> {
        crate::inliner::interface_for(&crate::inliner::ALL, id)
    }
}
