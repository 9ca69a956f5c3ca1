//! `mlir-ir`: the core IR of rmlir — context, types, attributes, locations,
//! operations/blocks/regions with use-def chains, builders, traits, the
//! verifier, symbol tables, diagnostics and MLIR's textual format.
//!
//! This crate knows nothing about patterns, passes or rewriting drivers;
//! those live in `mlir-rewrite` and `mlir-transforms`, which build on the
//! listener hooks here.

// Parse and verification steps return `Result<_, ()>` on purpose: like MLIR's
// `LogicalResult`, the failure has already been reported as a diagnostic, so
// the error value carries nothing.
#![allow(clippy::result_unit_err)]

// Generated ODS code (the builtin ops of `td/BuiltinOps.td`) names this
// crate by its external path, as it does in every dialect crate.
extern crate self as mlir_ir;

pub mod action;
pub mod affine;
pub mod asm;
pub mod attributes;
pub mod builder;
pub mod builtin;
pub mod context;
pub mod diagnostics;
pub mod display;
pub mod dominance;
mod float_semantics;
pub mod fold;
pub mod interfaces;
pub mod ir;
pub mod ods;
pub mod source_mgr;
pub mod stack;
pub mod storage;
pub mod symbol_table;
pub mod traits;
pub mod typed_attrs;
pub mod types;
pub mod verifier;
pub mod verify_diagnostics;

pub use attributes::{ApFloat, ApInt, AttrKind, Attribute, Location};
pub use builder::{BuilderListener, InsertPoint, OpBuilder, PreviousPosition};
pub use context::{Context, Dialect, Ident, OpInfo, OpName};
pub use diagnostics::{Diagnostic, Severity};
pub use display::DisplayWithContext;
pub use fold::{FoldCtx, FoldHook, InPlaceEdit, OpFoldResult};
pub use interfaces::{OpInterface, OpView};
pub use ir::{
    BlockOperand, BlockRef, Ir, IrMapping, OpOperand, OpRef, OperationEquivalence,
    OperationFingerprint, OperationState, RegionRef, Value, ValueDef, WalkOrder, WalkResult,
};
pub use ods::{BuildOp, OpCreator, OpType};
pub use traits::TraitSet;
pub use types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
pub use verifier::Verify;
