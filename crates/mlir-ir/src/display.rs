//! `Display` for the IR's handles, which need their context (types,
//! attributes, locations) or their IR (operations) to print:
//! `ctx.display(ty)`, `ctx.display(attr)`, `ctx.display(loc)` and
//! `ir.display(op)` return values that implement [`fmt::Display`] with
//! MLIR's text (`format!("expected {}", ctx.display(ty))`), for
//! diagnostics and debugging. Printing allocates a string per call; keep it
//! out of hot paths.

use std::fmt;

use crate::asm::printer::attrs::AttrPrinter;
use crate::asm::PrintFlags;
use crate::attributes::{Attribute, Location};
use crate::context::Context;
use crate::ir::{Ir, OpRef, Value};
use crate::types::Type;

/// A handle that prints with its context ([`Context::display`]).
pub trait DisplayWithContext: Copy {
    /// Appends the handle's MLIR text to `out`.
    fn print_with(self, ctx: &Context, out: &mut String);
}

impl DisplayWithContext for Type {
    fn print_with(self, ctx: &Context, out: &mut String) {
        let flags = PrintFlags::default();
        AttrPrinter::new(ctx, &flags, None).print_type(out, self);
    }
}

impl DisplayWithContext for Attribute {
    /// Attributes print as in the IR; a location attribute prints as
    /// `loc(...)`.
    fn print_with(self, ctx: &Context, out: &mut String) {
        if ctx.attr(self).is_location() {
            return Location(self).print_with(ctx, out);
        }
        let flags = PrintFlags::default();
        AttrPrinter::new(ctx, &flags, None).print_attr(out, self);
    }
}

impl DisplayWithContext for Location {
    fn print_with(self, ctx: &Context, out: &mut String) {
        out.push_str(&crate::source_mgr::location_to_string(ctx, self));
    }
}

/// A handle paired with its context, printing as MLIR text.
pub struct Displayed<'a, T> {
    ctx: &'a Context,
    item: T,
}

impl<T: DisplayWithContext> fmt::Display for Displayed<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.item.print_with(self.ctx, &mut s);
        f.write_str(&s)
    }
}

impl<T: DisplayWithContext> fmt::Debug for Displayed<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Context {
    /// `item` (a [`Type`], [`Attribute`] or [`Location`]) as MLIR text,
    /// through `Display`: `ctx.display(ty).to_string() == "tensor<2xf32>"`.
    pub fn display<T: DisplayWithContext>(&self, item: T) -> Displayed<'_, T> {
        Displayed { ctx: self, item }
    }
}

/// An op or value of an [`Ir`], printing as MLIR text ([`Ir::display`],
/// [`Ir::display_value`]).
pub struct DisplayedOp<'a> {
    ir: &'a Ir,
    op: OpRef,
    flags: PrintFlags,
}

impl DisplayedOp<'_> {
    /// Prints the generic form (`"dialect.op"(...) <{...}> : (...) -> ...`).
    pub fn generic(mut self) -> Self {
        self.flags.generic = true;
        self
    }
    /// Prints locations too (`-mlir-print-debuginfo`).
    pub fn with_locations(mut self) -> Self {
        self.flags.debuginfo = true;
        self
    }
}

impl fmt::Display for DisplayedOp<'_> {
    /// The op as mlir-opt prints a top-level op (custom form when it
    /// verifies, else generic), without a trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = crate::asm::printer::print_to_string(self.ir, self.op, &self.flags);
        f.write_str(s.trim_end_matches('\n'))
    }
}

impl fmt::Debug for DisplayedOp<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A value of an [`Ir`] for diagnostics. Its SSA name depends on the
/// printer's numbering of the whole scope, so it prints where it comes
/// from instead: `<block argument #N of type T>` or `<result #N of 'op' of
/// type T>`.
pub struct DisplayedValue<'a> {
    ir: &'a Ir,
    value: Value,
}

impl fmt::Display for DisplayedValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ir = self.ir;
        let ty = ir.ctx().display(ir.value_type(self.value));
        match self.value.defining_op() {
            Some(op) => {
                let n = ir.results(op).position(|r| r == self.value).unwrap_or(0);
                write!(f, "<result #{n} of '{}' of type {ty}>", ir.op_name_str(op))
            }
            None => {
                let n = ir
                    .value_parent_block(self.value)
                    .and_then(|b| ir.arguments(b).position(|a| a == self.value))
                    .unwrap_or(0);
                write!(f, "<block argument #{n} of type {ty}>")
            }
        }
    }
}

impl Ir {
    /// `op` (and everything nested in it) as MLIR text through `Display`.
    pub fn display(&self, op: OpRef) -> DisplayedOp<'_> {
        DisplayedOp {
            ir: self,
            op,
            flags: PrintFlags::default(),
        }
    }
    /// A short description of `value` for diagnostics (see
    /// [`DisplayedValue`]).
    pub fn display_value(&self, value: Value) -> DisplayedValue<'_> {
        DisplayedValue { ir: self, value }
    }
}
