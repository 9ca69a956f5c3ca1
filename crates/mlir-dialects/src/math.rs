//! The `math` dialect, generated from `td/Math.td`: the ops the upstream
//! conformance suite uses, registered and Pure, without folders yet.

use mlir_ir::{Dialect, OpInfo};

/// The generated op definitions of `td/Math.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/math_ops.rs"));
}

pub use ops::*;

/// The `math` dialect.
pub struct MathDialect;

impl Dialect for MathDialect {
    fn namespace(&self) -> &'static str {
        "math"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
    }
}
