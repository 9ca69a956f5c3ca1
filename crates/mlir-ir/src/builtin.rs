//! The builtin dialect's operations: `builtin.module` and
//! `builtin.unrealized_conversion_cast`.

use crate::context::{Dialect, OpInfo};
use crate::traits::TraitSet;

/// The builtin dialect (always loaded).
pub struct BuiltinDialect;

impl Dialect for BuiltinDialect {
    fn namespace(&self) -> &'static str {
        "builtin"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("builtin.module")
                .with_traits(
                    TraitSet::ISOLATED_FROM_ABOVE
                        | TraitSet::NO_TERMINATOR
                        | TraitSet::SINGLE_BLOCK
                        | TraitSet::SYMBOL_TABLE
                        | TraitSet::AFFINE_SCOPE
                        | TraitSet::ONE_REGION
                        | TraitSet::ZERO_OPERANDS
                        | TraitSet::ZERO_RESULTS
                        | TraitSet::ZERO_SUCCESSORS
                        | TraitSet::GRAPH_REGION_KIND,
                )
                .with_inherent_attrs(&["sym_name", "sym_visibility"]),
            OpInfo::new("builtin.unrealized_conversion_cast")
                .with_traits(TraitSet::PURE | TraitSet::ZERO_REGIONS | TraitSet::ZERO_SUCCESSORS),
        ]
    }
}
