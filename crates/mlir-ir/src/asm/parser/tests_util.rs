//! Helpers for the parser's unit tests: build a [`Parser`] over a string,
//! run one production, and render failures as `line:col: message` so
//! expectations can be compared with mlir-opt's output directly.

use std::sync::Arc;

use super::{PResult, ParseConfig, Parser};
use crate::asm::lexer::TokenKind;
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::types::Type;

/// A context that does or does not allow unregistered dialects.
pub(crate) fn ctx(allow_unregistered: bool) -> Arc<Context> {
    let mut c = Context::new();
    c.set_allow_unregistered_dialects(allow_unregistered);
    Arc::new(c)
}

fn render(ctx: &Context, d: &Diagnostic) -> String {
    match ctx.attr(d.loc.0) {
        AttrKind::FileLineColLoc { line, col, .. } => format!("{line}:{col}: {}", d.message),
        _ => format!("?: {}", d.message),
    }
}

/// Runs `f` on a parser over `src`; on success also requires the whole input
/// to have been consumed.
pub(crate) fn with_parser<T>(
    ctx: &Arc<Context>,
    src: &str,
    f: impl FnOnce(&mut Parser<'_>) -> PResult<T>,
) -> Result<T, String> {
    let mut p = Parser::new(ctx.clone(), src, &ParseConfig::default());
    match f(&mut p) {
        Ok(v) if p.at(TokenKind::Eof) => Ok(v),
        Ok(_) => Err(format!("trailing input at offset {}", p.tok.start)),
        Err(()) => Err(p
            .error
            .as_ref()
            .map(|d| render(ctx, d))
            .unwrap_or_else(|| "no diagnostic".into())),
    }
}

/// Parses a type that must span all of `src`.
pub(crate) fn ty(ctx: &Arc<Context>, src: &str) -> Type {
    with_parser(ctx, src, |p| p.parse_type()).unwrap_or_else(|e| panic!("{src}: {e}"))
}

/// Parses the mlir-opt probe `prefix + src + suffix` as a module and
/// renders the first error with its column made relative to `src`, so
/// expectations are mlir-opt's column minus the prefix length. Contexts that
/// reject unregistered dialects cannot parse the probe op, so for them only
/// the production itself runs, on `src + suffix`.
fn probe<T>(
    ctx: &Arc<Context>,
    prefix: &str,
    src: &str,
    suffix: &str,
    f: impl FnOnce(&mut Parser<'_>) -> PResult<T>,
) -> String {
    if !ctx.allows_unregistered_dialects() {
        return match with_parser(ctx, &format!("{src}{}", &suffix[..1]), f) {
            Ok(_) => format!("{src}: unexpectedly parsed"),
            Err(e) => e,
        };
    }
    let text = format!("{prefix}{src}{suffix}");
    match super::parse_source(ctx.clone(), &text, &ParseConfig::default()) {
        Ok(_) => format!("{src}: unexpectedly parsed"),
        Err(d) => match ctx.attr(d[0].loc.0) {
            AttrKind::FileLineColLoc { line, col, .. } => {
                let col = if *line == 1 {
                    *col as i64 - prefix.len() as i64
                } else {
                    *col as i64
                };
                format!("{line}:{col}: {}", d[0].message)
            }
            _ => format!("?: {}", d[0].message),
        },
    }
}

/// The error for a type in the mlir-opt probe `"t.op"() : () -> (TYPE)`.
pub(crate) fn ty_err(ctx: &Arc<Context>, src: &str) -> String {
    probe(ctx, "\"t.op\"() : () -> (", src, ")\n", |p| p.parse_type())
}

/// Parses an attribute that must span all of `src`.
pub(crate) fn attr(ctx: &Arc<Context>, src: &str) -> Attribute {
    with_parser(ctx, src, |p| p.parse_attribute(None)).unwrap_or_else(|e| panic!("{src}: {e}"))
}

/// The error for an attribute in the mlir-opt probe `"t.op"() {a = ATTR} : () -> ()`.
pub(crate) fn attr_err(ctx: &Arc<Context>, src: &str) -> String {
    probe(ctx, "\"t.op\"() {a = ", src, "} : () -> ()\n", |p| {
        p.parse_attribute(None)
    })
}

/// The error for a location in the mlir-opt probe `"t.op"() : () -> () loc(LOC)`.
pub(crate) fn loc_err(ctx: &Arc<Context>, src: &str) -> String {
    probe(ctx, "\"t.op\"() : () -> () loc(", src, ")\n", |p| {
        p.parse_location_instance()
    })
}

/// Parses a whole module; the error is the first diagnostic, rendered.
pub(crate) fn parse_module(ctx: &Arc<Context>, src: &str) -> Result<(), String> {
    match super::parse_source(ctx.clone(), src, &ParseConfig::default()) {
        Ok(_) => Ok(()),
        Err(d) => Err(render(ctx, &d[0])),
    }
}
