//! The parser: MLIR's textual form into an [`crate::Ir`].

/// The custom-op parsing API handed to [`crate::asm::CustomParseFn`] hooks.
pub struct OpAsmParser<'a> {
    _p: std::marker::PhantomData<&'a ()>,
}
