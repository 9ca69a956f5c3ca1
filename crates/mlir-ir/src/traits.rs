//! Operation traits as a bit set: the per-op facts the verifier, the
//! printer and the rewrite drivers query on hot paths (one AND per query).
//!
//! Traits that carry parameters (`SingleBlockImplicitTerminator<"op">`,
//! `HasParent<...>`) keep their parameter in [`crate::OpInfo`] and set a
//! flag bit here.

/// A set of op traits.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct TraitSet(pub u64);

macro_rules! traits {
    ($($(#[$m:meta])* $name:ident = $bit:expr,)*) => {
        impl TraitSet {
            $($(#[$m])* pub const $name: TraitSet = TraitSet(1 << $bit);)*

            /// The names of the traits in `self`, for debugging output.
            pub fn names(self) -> Vec<&'static str> {
                let mut v = Vec::new();
                $(if self.contains(TraitSet::$name) { v.push(stringify!($name)); })*
                v
            }
        }
    };
}

traits! {
    IS_TERMINATOR = 0,
    NO_TERMINATOR = 1,
    ISOLATED_FROM_ABOVE = 2,
    SINGLE_BLOCK = 3,
    /// `SingleBlockImplicitTerminator<...>`; the terminator name is in `OpInfo`.
    SINGLE_BLOCK_IMPLICIT_TERMINATOR = 4,
    CONSTANT_LIKE = 5,
    COMMUTATIVE = 6,
    /// No memory effects (`NoMemoryEffect`, part of `Pure`).
    NO_MEMORY_EFFECT = 7,
    /// `AlwaysSpeculatable` (the other half of `Pure`).
    ALWAYS_SPECULATABLE = 8,
    /// The op's effects are those of the ops in its regions.
    RECURSIVE_MEMORY_EFFECTS = 9,
    SAME_OPERANDS_AND_RESULT_TYPE = 10,
    SAME_TYPE_OPERANDS = 11,
    SAME_OPERANDS_AND_RESULT_SHAPE = 12,
    SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = 13,
    INVOLUTION = 14,
    IDEMPOTENT = 15,
    RETURN_LIKE = 16,
    /// The op defines a symbol (`sym_name`).
    SYMBOL = 17,
    /// The op's region is a symbol table.
    SYMBOL_TABLE = 18,
    AFFINE_SCOPE = 19,
    /// `HasParent<...>`; the allowed parents are in `OpInfo`.
    HAS_PARENT = 20,
    ZERO_REGIONS = 21,
    ONE_REGION = 22,
    ZERO_RESULTS = 23,
    ONE_RESULT = 24,
    ZERO_OPERANDS = 25,
    ZERO_SUCCESSORS = 26,
    /// Regions are graph regions (no dominance requirement), as `RegionKindInterface` says.
    GRAPH_REGION_KIND = 27,
    /// The op is an elementwise mapping (`Elementwise`).
    ELEMENTWISE = 28,
    /// `IsolatedFromAbove` regions of this op may be processed in parallel by the pass manager.
    AUTOMATIC_ALLOCATION_SCOPE = 29,
    /// `ConstantLike` ops that the folder may use as constant materializations.
    FOLD_CONSTANT_HOIST_BARRIER = 30,
    /// `SameOperandsShape`.
    SAME_OPERANDS_SHAPE = 31,
    /// `SameOperandsElementType`.
    SAME_OPERANDS_ELEMENT_TYPE = 32,
    /// `NoRegionArguments`: the entry blocks of the op's regions take no arguments.
    NO_REGION_ARGUMENTS = 33,
}

impl TraitSet {
    pub const EMPTY: TraitSet = TraitSet(0);
    /// `Pure` = `NoMemoryEffect` + `AlwaysSpeculatable`.
    pub const PURE: TraitSet =
        TraitSet(TraitSet::NO_MEMORY_EFFECT.0 | TraitSet::ALWAYS_SPECULATABLE.0);

    #[inline]
    pub const fn contains(self, other: TraitSet) -> bool {
        self.0 & other.0 == other.0
    }
    #[inline]
    pub const fn intersects(self, other: TraitSet) -> bool {
        self.0 & other.0 != 0
    }
    #[inline]
    pub const fn union(self, other: TraitSet) -> TraitSet {
        TraitSet(self.0 | other.0)
    }
}

impl std::ops::BitOr for TraitSet {
    type Output = TraitSet;
    fn bitor(self, rhs: TraitSet) -> TraitSet {
        self.union(rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pure_contains_both_halves() {
        assert!(TraitSet::PURE.contains(TraitSet::NO_MEMORY_EFFECT));
        assert!(TraitSet::PURE.contains(TraitSet::ALWAYS_SPECULATABLE));
        assert!(!TraitSet::NO_MEMORY_EFFECT.contains(TraitSet::PURE));
        assert_eq!(
            (TraitSet::IS_TERMINATOR | TraitSet::RETURN_LIKE).names(),
            ["IS_TERMINATOR", "RETURN_LIKE"]
        );
    }
}
