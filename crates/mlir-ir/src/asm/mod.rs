//! MLIR's textual format: the lexer, the parser (generic syntax, builtin
//! types and attributes, aliases, custom op forms through [`OpAsmParser`]) and
//! the printer (generic and custom forms through [`OpAsmPrinter`], SSA naming,
//! aliases, locations).

pub mod parser;
pub mod printer;

pub use parser::OpAsmParser;
pub use printer::OpAsmPrinter;

use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::ir::{OpRef, OperationState};

/// Parses the custom form of an op (everything after the op name) into `state`.
pub type CustomParseFn = fn(&mut OpAsmParser<'_>, &mut OperationState) -> Result<(), ()>;
/// Prints the custom form of `op` (everything after the op name).
pub type CustomPrintFn = fn(&mut OpAsmPrinter<'_>, OpRef);

/// The `file:line:col` prefix used when reporting a diagnostic at `loc`, as
/// mlir-opt does: the first file location found inside `loc` (through name,
/// call-site and fused locations), else the location printed as `loc(...)`.
pub fn location_prefix(ctx: &Context, loc: Location) -> String {
    if let Some((file, line, col)) = find_file_line_col(ctx, loc) {
        return format!("{file}:{line}:{col}");
    }
    match ctx.attr(loc.0) {
        AttrKind::UnknownLoc => "loc(unknown)".to_string(),
        _ => "loc(unknown)".to_string(),
    }
}

/// The first `FileLineColLoc` within `loc`, as MLIR's source-manager handler finds it.
pub fn find_file_line_col(ctx: &Context, loc: Location) -> Option<(String, u32, u32)> {
    match ctx.attr(loc.0) {
        AttrKind::FileLineColLoc { file, line, col, .. } => {
            Some((ctx.ident_str(*file).to_string(), *line, *col))
        }
        AttrKind::NameLoc { child, .. } => child.and_then(|c| find_file_line_col(ctx, c)),
        AttrKind::CallSiteLoc { callee, .. } => find_file_line_col(ctx, *callee),
        AttrKind::FusedLoc { locations, .. } => {
            locations.iter().find_map(|&l| find_file_line_col(ctx, l))
        }
        _ => None,
    }
}
