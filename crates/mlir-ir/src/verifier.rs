//! The IR verifier: structural invariants (dominance, terminators,
//! successors, isolation, symbols) and per-op `verify` hooks.

use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpRef};

/// A per-op verification hook: returns the first problem found.
pub type Verify = fn(&Ir, OpRef) -> Result<(), Diagnostic>;
