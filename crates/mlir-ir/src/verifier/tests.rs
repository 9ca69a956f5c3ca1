//! Tests of the verifier, dominance and symbol tables.
