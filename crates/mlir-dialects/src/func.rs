//! The `func` dialect: `func.func`, `func.return`, `func.call`,
//! `func.call_indirect` and `func.constant`, with their custom assembly forms.

use mlir_ir::{Dialect, OpInfo, TraitSet};

pub struct FuncDialect;

impl Dialect for FuncDialect {
    fn namespace(&self) -> &'static str {
        "func"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("func.func")
                .with_traits(
                    TraitSet::ISOLATED_FROM_ABOVE
                        | TraitSet::SYMBOL
                        | TraitSet::AFFINE_SCOPE
                        | TraitSet::AUTOMATIC_ALLOCATION_SCOPE
                        | TraitSet::ONE_REGION
                        | TraitSet::ZERO_OPERANDS
                        | TraitSet::ZERO_RESULTS,
                )
                .with_inherent_attrs(&[
                    "sym_name",
                    "function_type",
                    "sym_visibility",
                    "arg_attrs",
                    "res_attrs",
                    "no_inline",
                ]),
            OpInfo::new("func.return")
                .with_traits(
                    TraitSet::PURE
                        | TraitSet::IS_TERMINATOR
                        | TraitSet::RETURN_LIKE
                        | TraitSet::HAS_PARENT
                        | TraitSet::ZERO_RESULTS
                        | TraitSet::ZERO_REGIONS,
                )
                .with_parents(&["func.func"]),
            OpInfo::new("func.call")
                .with_inherent_attrs(&["callee", "arg_attrs", "res_attrs", "no_inline"]),
            OpInfo::new("func.call_indirect"),
            OpInfo::new("func.constant")
                .with_traits(TraitSet::CONSTANT_LIKE | TraitSet::PURE)
                .with_inherent_attrs(&["value"]),
        ]
    }
}
