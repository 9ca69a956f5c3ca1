//! The printer: MLIR's textual form of operations (generic and custom),
//! with SSA value and block naming, alias definitions and locations.
//!
//! Printing happens in two passes, as in MLIR: a recording pass prints the
//! whole tree into a sink while [`attrs::AttrPrinter`] records every type,
//! attribute and location it is asked to print; [`alias::AliasTable`] turns
//! that record into `#map`/`#loc`-style aliases; the second pass prints for
//! real using them.

pub mod alias;
pub mod attrs;

/// Printing options (mlir-opt's `--mlir-print-*` flags).
#[derive(Clone, Debug, Default)]
pub struct PrintFlags {
    /// `--mlir-print-op-generic`: every op in generic form.
    pub generic: bool,
    /// `--mlir-print-debuginfo`: print locations.
    pub debuginfo: bool,
    /// `--mlir-print-local-scope`: no aliases; print everything inline.
    pub local_scope: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`.
    pub elide_elements_larger_than: Option<u64>,
}

/// The custom-op printing API handed to [`crate::asm::CustomPrintFn`] hooks.
pub struct OpAsmPrinter<'p, 'a> {
    _p: std::marker::PhantomData<(&'p (), &'a ())>,
}
