//! The parser: MLIR's textual form into an [`Ir`].
//!
//! [`Parser`] holds the token cursor, the IR being built, alias tables and
//! the SSA name scopes. Its methods are spread over submodules by topic:
//! `ops.rs` (operations, regions, blocks, SSA values, the top level and the
//! [`OpAsmParser`] API for custom forms), `types.rs`, `attrs.rs` and
//! `locations.rs` (builtin types, attributes, locations and affine maps).
//!
//! Errors follow MLIR's convention: the first error is recorded as a
//! [`Diagnostic`] (with the exact mlir-opt wording) and every parse method
//! returns `Err(())` from then on; [`parse_source`] returns the diagnostic.

mod affine;
mod attrs;
mod dense;
pub(crate) mod float;
mod locations;
mod ops;
mod support;
#[cfg(test)]
mod tests_util;
mod types;

use std::sync::Arc;

use hashbrown::HashMap;

use crate::asm::lexer::{Lexer, LineTable, Token, TokenKind};
use crate::attributes::{Attribute, Location};
use crate::context::{Context, Ident, OpName};
use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpRef};
use crate::types::Type;

pub use ops::{Argument, OpAsmParser, UnresolvedOperand};

/// The result of a parse step; the error itself is kept in the parser.
pub type PResult<T> = Result<T, ()>;

/// Where the text comes from, for locations.
#[derive(Clone, Debug)]
pub struct ParseConfig {
    /// The buffer name used in locations and diagnostics (`<stdin>` for standard input).
    pub filename: String,
}

impl Default for ParseConfig {
    fn default() -> Self {
        ParseConfig {
            filename: "<stdin>".to_string(),
        }
    }
}

/// The parser state shared by all parsing submodules.
pub struct Parser<'a> {
    pub(crate) lex: Lexer<'a>,
    /// The current token.
    pub(crate) tok: Token,
    pub(crate) ir: Ir,
    pub(crate) ctx: Arc<Context>,
    pub(crate) lines: LineTable<'a>,
    pub(crate) filename: Ident,
    /// Offset of the parsed text in the whole buffer (non-zero for a
    /// `--split-input-file` chunk): locations are reported in the whole
    /// buffer's lines and columns, as mlir-opt does.
    pub(crate) base: u32,
    pub(crate) error: Option<Diagnostic>,
    /// Further errors after the first (MLIR reports every unresolved reference).
    pub(crate) extra_errors: Vec<Diagnostic>,
    pub(crate) attr_aliases: HashMap<&'a str, Attribute>,
    pub(crate) type_aliases: HashMap<&'a str, Type>,
    /// `distinct[N]<...>` attributes by the `N` written in this input: the
    /// same `N` is the same attribute throughout one buffer, as in MLIR.
    pub(crate) distinct_attrs: HashMap<u64, Attribute>,
    pub(crate) state: ops::OpParserState<'a>,
    pub(crate) caches: ParseCaches<'a>,
}

/// Inputs and results of a function type, as a memo key.
pub(crate) type FnTypeKey = (smallvec::SmallVec<[Type; 4]>, smallvec::SmallVec<[Type; 2]>);

/// Parser-local memo tables for the hot path of large inputs: every op of a
/// generic-form file spells out its function type and usually repeats a
/// few property dictionaries. Looking them up here avoids building the
/// type/attribute (allocations, sorting) and taking the context's lock.
#[derive(Default)]
pub(crate) struct ParseCaches<'a> {
    /// Signless integer types by width (`i1`..`i255`).
    pub(crate) signless_ints: Vec<Option<Type>>,
    /// Function types by their input and result types.
    pub(crate) fn_types: HashMap<FnTypeKey, Type>,
    /// Generic-form properties by their exact source text (`{...}` inside `<...>`).
    pub(crate) props_text: HashMap<&'a str, Attribute>,
    /// Function types by their exact source text when it is the rest of a
    /// line made of builtin keyword types only (a generic op's trailing
    /// `(i32, i32) -> i32`); see `Parser::parse_function_type`.
    pub(crate) fn_types_text: HashMap<&'a str, Type>,
    /// ODS format engine: enum attributes by (spec address, attribute index, value).
    pub(crate) ods_attrs: HashMap<(usize, u32, u64), Attribute>,
    /// ODS format engine: property dictionaries by their sorted entries.
    pub(crate) ods_dicts: HashMap<smallvec::SmallVec<[(Ident, Attribute); 4]>, Attribute>,
    /// ODS format engine: segment-size arrays by their sizes.
    pub(crate) ods_arrays: HashMap<smallvec::SmallVec<[i32; 4]>, Attribute>,
    /// Generic-form op names by a cheap key of their text (see
    /// [`Parser::generic_op_name`]): a module uses a few dozen names, each
    /// thousands of times.
    pub(crate) op_names: OpNameCache,
}

/// The slots of [`ParseCaches::op_names`].
pub(crate) struct OpNameCache([Option<OpName>; 64]);

impl Default for OpNameCache {
    fn default() -> Self {
        OpNameCache([None; 64])
    }
}

impl<'a> Parser<'a> {
    /// `Context::op_name` behind a direct-mapped cache keyed by the name's
    /// length and two of its bytes, checked by comparing the text: a hit
    /// costs a short comparison instead of hashing the name and probing
    /// the context's table (about 120 instructions per op).
    pub(crate) fn generic_op_name(&mut self, name: &str) -> OpName {
        let b = name.as_bytes();
        let slot = match b {
            [] => 0,
            [.., last] => {
                (b.len() ^ (usize::from(*last) * 7) ^ (usize::from(b[b.len() / 2]) * 31)) & 63
            }
        };
        if let Some(n) = self.caches.op_names.0[slot] {
            if self.ctx.op_name_str(n) == name {
                return n;
            }
        }
        let n = self.ctx.op_name(name);
        self.caches.op_names.0[slot] = Some(n);
        n
    }
}

impl<'a> Parser<'a> {
    pub fn new(ctx: Arc<Context>, src: &'a str, config: &ParseConfig) -> Self {
        Self::new_chunk(ctx, src, 0, src.len(), 0, config)
    }

    /// A parser for `full[start..end]` that reports positions within `full`;
    /// `lines_before` is the number of line breaks in `full[..start]`.
    pub fn new_chunk(
        ctx: Arc<Context>,
        full: &'a str,
        start: usize,
        end: usize,
        lines_before: u32,
        config: &ParseConfig,
    ) -> Self {
        let src = &full[start..end];
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        let filename = ctx.ident(&config.filename);
        Parser {
            lex,
            tok,
            ir: Ir::new(ctx.clone()),
            lines: LineTable::starting_at(full, start, lines_before),
            filename,
            base: start as u32,
            error: None,
            extra_errors: Vec::new(),
            attr_aliases: HashMap::new(),
            type_aliases: HashMap::new(),
            distinct_attrs: HashMap::new(),
            state: ops::OpParserState::default(),
            caches: ParseCaches::default(),
            ctx,
        }
    }

    // ----- tokens -----

    /// The text of the current token.
    #[inline]
    pub(crate) fn tok_text(&self) -> &'a str {
        self.lex.text(self.tok)
    }
    #[inline]
    pub(crate) fn at(&self, kind: TokenKind) -> bool {
        self.tok.kind == kind
    }
    /// Whether the current token is the bare identifier (keyword) `kw`.
    #[inline]
    pub(crate) fn at_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokenKind::BareIdent && self.tok_text() == kw
    }
    /// Advances to the next token and returns the consumed one.
    #[inline]
    pub(crate) fn consume(&mut self) -> Token {
        let t = self.tok;
        self.tok = self.lex.next_token();
        t
    }
    /// Consumes the current token if it is `kind`.
    #[inline]
    pub(crate) fn consume_if(&mut self, kind: TokenKind) -> bool {
        if self.tok.kind == kind {
            self.consume();
            true
        } else {
            false
        }
    }
    /// Consumes keyword `kw` if present.
    pub(crate) fn consume_keyword_if(&mut self, kw: &str) -> bool {
        if self.at_keyword(kw) {
            self.consume();
            true
        } else {
            false
        }
    }
    /// Re-lexes from byte offset `pos` (after a raw scan of the source).
    pub(crate) fn reset_lexer_to(&mut self, pos: usize) {
        self.lex.reset_to(pos);
        self.tok = self.lex.next_token();
    }

    // ----- locations and errors -----

    /// The `FileLineColLoc` of byte offset `offset`.
    pub(crate) fn loc_at(&self, offset: u32) -> Location {
        let (line, col) = self.lines.line_col(offset + self.base);
        self.file_loc(line, col)
    }
    pub(crate) fn file_loc(&self, line: u32, col: u32) -> Location {
        Location(self.ctx.intern_attr(crate::AttrKind::FileLineColLoc {
            file: self.filename,
            line,
            col,
            end: None,
        }))
    }
    /// Records an error at `offset` (only the first error is kept) and fails.
    pub(crate) fn err_at<T>(&mut self, offset: u32, msg: impl Into<String>) -> PResult<T> {
        if self.error.is_none() {
            let loc = self.loc_at(offset);
            self.error = Some(Diagnostic::error(loc, msg));
        }
        Err(())
    }
    /// Records an error at the current token. A lexer error token reports the
    /// lexer's own message instead, as MLIR does.
    pub(crate) fn err_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == TokenKind::Error {
            let m = self.lex.error_message;
            return self.err_at(self.tok.start, m);
        }
        self.err_at(self.tok.start, msg)
    }
    /// Attaches a note to the recorded error.
    pub(crate) fn note_at(&mut self, offset: u32, msg: impl Into<String>) {
        let loc = self.loc_at(offset);
        if let Some(e) = &mut self.error {
            e.attach_note(loc, msg);
        }
    }
    /// Records a ready-made diagnostic as the error (if none yet) and fails.
    pub(crate) fn fail_with<T>(&mut self, diag: Diagnostic) -> PResult<T> {
        if self.error.is_none() {
            self.error = Some(diag);
        }
        Err(())
    }
}

/// Parses a whole buffer: top-level ops (wrapped in an implicit
/// `builtin.module` unless the buffer is exactly one module), aliases and
/// file metadata. Returns the IR and its top-level op, or the errors (at
/// least one; several only where MLIR also reports several, e.g. every
/// undefined value).
pub fn parse_source(
    ctx: Arc<Context>,
    src: &str,
    config: &ParseConfig,
) -> Result<(Ir, OpRef), Vec<Diagnostic>> {
    parse_source_chunk(ctx, src, 0, src.len(), 0, config)
}

/// Parses `full[start..end]` (a `--split-input-file` chunk) like
/// [`parse_source`], reporting positions within `full`. As in mlir-opt, the
/// implicit module of a chunk other than the first is located where the
/// chunk starts (right after the split marker). `lines_before` is the number
/// of line breaks in `full[..start]`: the caller counts them once for all
/// chunks, so a file of many chunks is not rescanned for each.
pub fn parse_source_chunk(
    ctx: Arc<Context>,
    full: &str,
    start: usize,
    end: usize,
    lines_before: u32,
    config: &ParseConfig,
) -> Result<(Ir, OpRef), Vec<Diagnostic>> {
    let mut p = Parser::new_chunk(ctx, full, start, end, lines_before, config);
    match p.parse_top_level() {
        Ok(top) => Ok((p.ir, top)),
        Err(()) => {
            let first = p.error.take().unwrap_or_else(|| {
                Diagnostic::error(p.ctx.unknown_loc(), "parse failed without a diagnostic")
            });
            let mut all = vec![first];
            all.append(&mut p.extra_errors);
            Err(all)
        }
    }
}

/// Parses one type in `text` starting at byte `start` (for dialect hooks
/// that parse types nested in their own types' bodies, see
/// [`crate::Dialect::canonicalize_type`]). The text before `start` is
/// visible to the parser, so errors land where MLIR's nested parser puts
/// them (e.g. right after the previous token). Returns the type and the
/// byte offset where it ends, or the parser's message with its byte offset
/// in `text`.
pub fn parse_type_prefix(
    ctx: Arc<Context>,
    text: &str,
    start: usize,
) -> Result<(Type, usize), (usize, String)> {
    let config = ParseConfig::default();
    let mut p = Parser::new(ctx, text, &config);
    p.reset_lexer_to(start.min(text.len()));
    match p.parse_type() {
        Ok(t) => Ok((t, p.tok.start as usize)),
        Err(()) => {
            let (offset, msg) = match p.error.take() {
                Some(d) => {
                    let (line, col) = match p.ctx.attr(d.loc.0) {
                        crate::AttrKind::FileLineColLoc { line, col, .. } => (*line, *col),
                        _ => (1, 1),
                    };
                    // Back from line/column to a byte offset in `text`.
                    let line_start: usize = text
                        .split_inclusive('\n')
                        .take(line.saturating_sub(1) as usize)
                        .map(str::len)
                        .sum();
                    (line_start + col.saturating_sub(1) as usize, d.message)
                }
                None => (start, "expected type".to_string()),
            };
            Err((offset.min(text.len()), msg))
        }
    }
}
