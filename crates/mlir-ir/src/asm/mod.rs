//! MLIR's textual format: the lexer, the parser (generic syntax, builtin
//! types and attributes, aliases, custom op forms through [`OpAsmParser`]) and
//! the printer (generic and custom forms through [`OpAsmPrinter`], SSA naming,
//! aliases, locations).

pub mod parser;
pub mod printer;

pub use parser::OpAsmParser;
pub use printer::OpAsmPrinter;

pub mod base64;
pub mod lexer;
pub mod source_bytes;

use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::ir::{BlockRef, Ir, OpRef, OperationState, RegionRef, Value};

pub use parser::{parse_source, parse_source_chunk, parse_type_prefix, ParseConfig};
pub use printer::PrintFlags;

/// Parses the custom form of an op (everything after the op name) into `state`.
pub type CustomParseFn = fn(&mut OpAsmParser<'_, '_>, &mut OperationState) -> Result<(), ()>;
/// Prints the custom form of `op` (everything after the op name).
pub type CustomPrintFn = fn(&mut OpAsmPrinter<'_, '_>, OpRef);

/// Receives a suggested name for a value.
pub type SetValueName<'a> = &'a mut dyn FnMut(Value, &str);
/// Receives a suggested name for a block.
pub type SetBlockName<'a> = &'a mut dyn FnMut(BlockRef, &str);

/// MLIR's `OpAsmOpInterface`: naming hints and the default dialect of an op's
/// regions. Attach it with `OpInfo::with_interface`.
#[derive(Clone, Copy, Default)]
pub struct OpAsmInterface {
    /// Ops in this op's regions may drop this dialect prefix (`return` in `func.func`).
    pub default_dialect: Option<&'static str>,
    /// Suggests names for results (`%c1_i32`, `%cst`); called with a setter.
    pub result_names: Option<fn(&Ir, OpRef, SetValueName<'_>)>,
    /// Suggests names for the arguments of blocks in `region`.
    pub block_arg_names: Option<fn(&Ir, RegionRef, SetValueName<'_>)>,
    /// Suggests names for blocks nested in the op.
    pub block_names: Option<fn(&Ir, OpRef, SetBlockName<'_>)>,
}

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
        AttrKind::FileLineColLoc {
            file, line, col, ..
        } => Some((ctx.ident_str(*file).to_string(), *line, *col)),
        AttrKind::NameLoc { child, .. } => child.and_then(|c| find_file_line_col(ctx, c)),
        AttrKind::CallSiteLoc { callee, .. } => find_file_line_col(ctx, *callee),
        AttrKind::FusedLoc { locations, .. } => {
            locations.iter().find_map(|&l| find_file_line_col(ctx, l))
        }
        _ => None,
    }
}
