//! Source buffers and the diagnostic handler that prints diagnostics the way
//! mlir-opt does (LLVM's `SourceMgr` + MLIR's `SourceMgrDiagnosticHandler`).
//!
//! # Use from a tool
//!
//! ```ignore
//! let mut mgr = SourceMgr::new();
//! // Whole file: line offset 0. A `--split-input-file` chunk that starts on
//! // line 12 of the file is added with line offset 11 (and parsed so that its
//! // locations carry the file's line numbers, as mlir-opt 22 reports them).
//! mgr.add_buffer("input.mlir", text, 0);
//! let mgr = Arc::new(mgr);
//! let out: SharedWriter = Arc::new(Mutex::new(std::io::stderr()));
//! let _guard = SourceMgrDiagnosticHandler::install(&ctx, mgr.clone(), out);
//! // ... parse, verify, run passes: every emitted diagnostic is printed as
//! // `file:line:col: error: message`, the source line and a caret line,
//! // then its notes.
//! ```
//!
//! Locations are resolved to buffers by file name and (absolute) line
//! number, so a tool may register either the whole file or its chunks (with
//! their line offsets), but should not register overlapping buffers of the
//! same name. Files that are not registered are not read from disk (mlir-opt
//! would try); diagnostics there are printed without the source line.
//!
//! The exact output format follows `llvm::SMDiagnostic::print`: tabs in the
//! source line are expanded to 8-column stops, the caret line is trimmed,
//! lines with non-ASCII bytes get no caret line, and a location whose line or
//! column is 0 or outside its line prints only `file:line:col: kind: msg`.
//! Diagnostics without any file location print as `<unknown>:0: kind: msg`,
//! with the location itself (e.g. `loc("name")`) prefixed to the message
//! unless it is `loc(unknown)`.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::diagnostics::{quote_string, Diagnostic, HandlerGuard, Severity};

/// An output stream shared between a handler and the tool that installed it.
pub type SharedWriter = Arc<Mutex<dyn Write + Send>>;

/// Identifies a buffer of a [`SourceMgr`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BufferId(pub u32);

struct Buffer {
    name: String,
    /// The text is a range of a shared source (a `--split-input-file` chunk
    /// of the whole file), so registering a chunk copies nothing.
    source: Mutex<Source>,
    /// The file the source was read from, when it may be read again (see
    /// [`SourceMgr::release_sources`]).
    path: Option<std::path::PathBuf>,
    start: usize,
    end: usize,
    line_offset: u32,
    /// Byte offset (within the buffer) of the start of every line; computed
    /// on first use, since most runs print no diagnostic at all.
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

/// Where a buffer's text is.
enum Source {
    Resident(Arc<str>),
    /// Released after parsing; read again from the buffer's file, once, when
    /// a diagnostic shows one of its lines. `len` is the length it had.
    OnDisk {
        len: usize,
    },
    /// The file changed since it was parsed (or cannot be read): its lines
    /// are not shown, as for a file that was never registered.
    Unavailable,
}

impl Buffer {
    /// The whole source the buffer is a range of, reading it again from
    /// disk if it was released.
    fn source(&self) -> Option<Arc<str>> {
        let mut source = self.source.lock().unwrap_or_else(|e| e.into_inner());
        if let Source::OnDisk { len } = *source {
            let reread = self
                .path
                .as_deref()
                .and_then(|p| crate::asm::source_bytes::read_file_shared(p).ok())
                .map(crate::asm::source_bytes::decode_shared)
                .filter(|s| s.len() == len);
            *source = reread.map_or(Source::Unavailable, Source::Resident);
        }
        match &*source {
            Source::Resident(s) => Some(s.clone()),
            _ => None,
        }
    }
    fn text(&self) -> Option<SourceText> {
        self.source().map(|source| SourceText {
            source,
            range: self.start..self.end,
        })
    }
    fn line_starts(&self, text: &str) -> &[usize] {
        self.line_starts.get_or_init(|| {
            let mut v = vec![0];
            v.extend(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            );
            v
        })
    }
}

/// A range of a buffer's source, kept alive while it is used (the buffer
/// itself may release its source in the meantime).
#[derive(Clone, Debug)]
pub struct SourceText {
    source: Arc<str>,
    range: std::ops::Range<usize>,
}

impl std::ops::Deref for SourceText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.source[self.range.clone()]
    }
}

/// The source texts diagnostics refer to.
#[derive(Default)]
pub struct SourceMgr {
    buffers: Vec<Buffer>,
}

/// A resolved source position: the line's text and the 0-based byte column.
#[derive(Clone, Debug)]
pub struct SourceLine {
    pub buffer: BufferId,
    /// The line without its terminator.
    pub text: SourceText,
    /// Absolute 1-based line number.
    pub line: u32,
}

impl SourceMgr {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a buffer named `name` (the file name locations use) whose first
    /// line is line `line_offset + 1` of that file.
    pub fn add_buffer(
        &mut self,
        name: impl Into<String>,
        text: impl Into<String>,
        line_offset: u32,
    ) -> BufferId {
        let text: Arc<str> = Arc::from(text.into());
        let end = text.len();
        self.add_shared_buffer(name, text, 0..end, line_offset)
    }

    /// Adds `source[range]` as a buffer without copying it (e.g. one chunk
    /// of a file split with `--split-input-file`).
    pub fn add_shared_buffer(
        &mut self,
        name: impl Into<String>,
        source: Arc<str>,
        range: std::ops::Range<usize>,
        line_offset: u32,
    ) -> BufferId {
        self.push_buffer(name.into(), None, source, range, line_offset)
    }

    /// [`SourceMgr::add_shared_buffer`] for text read from the file at
    /// `path` (by [`crate::asm::source_bytes::read_file_shared`]): the text
    /// may then be released once parsed and read again for a diagnostic.
    pub fn add_file_buffer(
        &mut self,
        name: impl Into<String>,
        path: impl Into<std::path::PathBuf>,
        source: Arc<str>,
        range: std::ops::Range<usize>,
        line_offset: u32,
    ) -> BufferId {
        self.push_buffer(name.into(), Some(path.into()), source, range, line_offset)
    }

    fn push_buffer(
        &mut self,
        name: String,
        path: Option<std::path::PathBuf>,
        source: Arc<str>,
        range: std::ops::Range<usize>,
        line_offset: u32,
    ) -> BufferId {
        self.buffers.push(Buffer {
            name,
            source: Mutex::new(Source::Resident(source)),
            path,
            start: range.start,
            end: range.end,
            line_offset,
            line_starts: std::sync::OnceLock::new(),
        });
        BufferId(self.buffers.len() as u32 - 1)
    }

    /// Lets go of the text of every buffer added with
    /// [`SourceMgr::add_file_buffer`]: once the input is parsed, nothing but
    /// a diagnostic's source line needs it, and keeping a large input
    /// resident for the rest of the run would be most of the process's
    /// footprint beyond the IR. A diagnostic that shows a line reads the
    /// file again (once). A file that changed length in the meantime shows
    /// no source lines (a change that keeps the length is not detected:
    /// mlir-opt, which maps the file, would show the new text too). Buffers
    /// without a file keep their text.
    pub fn release_sources(&self) {
        for b in &self.buffers {
            if b.path.is_none() {
                continue;
            }
            let mut source = b.source.lock().unwrap_or_else(|e| e.into_inner());
            if let Source::Resident(s) = &*source {
                let len = s.len();
                *source = Source::OnDisk { len };
            }
        }
    }

    pub fn num_buffers(&self) -> usize {
        self.buffers.len()
    }
    pub fn buffer_ids(&self) -> impl Iterator<Item = BufferId> {
        (0..self.buffers.len() as u32).map(BufferId)
    }
    pub fn buffer_name(&self, id: BufferId) -> &str {
        &self.buffers[id.0 as usize].name
    }
    /// The buffer's text; `None` only when it was released and its file
    /// has changed since (see [`SourceMgr::release_sources`]).
    pub fn buffer_text(&self, id: BufferId) -> Option<SourceText> {
        self.buffers[id.0 as usize].text()
    }
    pub fn buffer_line_offset(&self, id: BufferId) -> u32 {
        self.buffers[id.0 as usize].line_offset
    }

    /// Line `line` (1-based, numbered as in the file) of file `name`.
    pub fn line(&self, name: &str, line: u32) -> Option<SourceLine> {
        if line == 0 {
            return None;
        }
        self.buffers.iter().enumerate().find_map(|(i, b)| {
            if b.name != name || line <= b.line_offset {
                return None;
            }
            let k = (line - b.line_offset - 1) as usize;
            let source = b.source()?;
            let starts = b.line_starts(&source[b.start..b.end]);
            let start = *starts.get(k)?;
            let end = starts.get(k + 1).map_or(b.end - b.start, |&e| e - 1);
            // A chunk of a split file starts in the middle of a line (right
            // after the split marker), and its columns count from the start
            // of that line: mlir-opt shows the whole line, marker included.
            let line_start = if k == 0 {
                source[..b.start].rfind('\n').map_or(0, |i| i + 1)
            } else {
                b.start + start
            };
            // LLVM ends a line at `\r` as well as at `\n`.
            let mut line_end = b.start + end;
            if let Some(r) = source[line_start..line_end].find('\r') {
                line_end = line_start + r;
            }
            Some(SourceLine {
                buffer: BufferId(i as u32),
                text: SourceText {
                    source,
                    range: line_start..line_end,
                },
                line,
            })
        })
    }

    /// The absolute line number of byte `offset` of buffer `id` and the
    /// 0-based column in that line.
    pub fn line_and_column(&self, id: BufferId, offset: usize) -> (u32, usize) {
        let b = &self.buffers[id.0 as usize];
        let starts = match b.line_starts.get() {
            Some(starts) => starts,
            None => match b.text() {
                Some(text) => b.line_starts(&text),
                None => return (b.line_offset + 1, offset),
            },
        };
        let k = starts.partition_point(|&s| s <= offset).saturating_sub(1);
        (b.line_offset + k as u32 + 1, offset - starts[k])
    }

    /// Renders a message at `file:line:col` like `llvm::SourceMgr::PrintMessage`:
    /// with the source line and caret line when the position exists in a
    /// buffer and `show_source` is set, else only the heading line. `range`
    /// is a byte range of columns (0-based, in the same line) underlined with `~`.
    pub fn render_at(
        &self,
        out: &mut String,
        pos: (&str, u32, u32),
        severity: Severity,
        message: &str,
        show_source: bool,
        range: Option<(usize, usize)>,
    ) {
        let (file, line, col) = pos;
        let found = if show_source && line != 0 && col != 0 {
            self.line(file, line).filter(|l| {
                // LLVM rejects columns past the end of the line (the newline
                // itself may be pointed at).
                (col as usize - 1) <= l.text.len()
            })
        } else {
            None
        };
        out.push_str(&format!(
            "{file}:{line}:{col}: {}: {message}\n",
            severity.as_str()
        ));
        if let Some(l) = found {
            render_source_and_caret(out, &l.text, col as usize - 1, range);
        }
    }

    /// Renders a message without a source position (`<unknown>:0: kind: msg`).
    pub fn render_unknown(&self, out: &mut String, severity: Severity, message: &str) {
        out.push_str(&format!("<unknown>:0: {}: {message}\n", severity.as_str()));
    }

    /// Renders one location and message as MLIR's
    /// `SourceMgrDiagnosticHandler::emitDiagnostic(loc, message, kind)`.
    pub fn render_location(
        &self,
        ctx: &Context,
        out: &mut String,
        loc: Location,
        severity: Severity,
        message: &str,
        show_source: bool,
    ) {
        match find_file_loc(ctx, loc) {
            Some((file, line, col)) => self.render_at(
                out,
                (&file, line, col),
                severity,
                message,
                show_source,
                None,
            ),
            None => {
                if matches!(ctx.attr(loc.0), AttrKind::UnknownLoc) {
                    self.render_unknown(out, severity, message);
                } else {
                    let msg = format!("{}: {message}", location_to_string(ctx, loc));
                    self.render_unknown(out, severity, &msg);
                }
            }
        }
    }

    /// Renders a whole diagnostic with its call stack and notes, exactly as
    /// mlir-opt prints it.
    pub fn render_diagnostic(&self, ctx: &Context, diag: &Diagnostic) -> String {
        let mut out = String::new();
        let mut loc = diag.loc;
        let mut stack: Vec<(Location, &str)> = vec![(loc, "")];
        // A call-site location also shows where it was called from.
        if let Some((_, caller)) = call_site(ctx, loc) {
            loc = caller;
            for _ in 0..CALL_STACK_LIMIT {
                stack.push((loc, "called from"));
                match call_site(ctx, loc) {
                    Some((_, c)) => loc = c,
                    None => break,
                }
            }
        }
        self.render_location(
            ctx,
            &mut out,
            stack[0].0,
            diag.severity,
            &diag.message,
            true,
        );
        for &(l, text) in &stack[1..] {
            self.render_location(ctx, &mut out, l, Severity::Note, text, true);
        }
        // A note repeats the source line only when its location differs from
        // the previous one.
        for note in &diag.notes {
            self.render_location(
                ctx,
                &mut out,
                note.loc,
                note.severity,
                &note.message,
                loc != note.loc,
            );
            loc = note.loc;
        }
        out
    }
}

/// MLIR's default call-stack depth shown for call-site locations.
const CALL_STACK_LIMIT: usize = 10;

/// Prints the source line (tabs expanded) and the caret line as
/// `llvm::SMDiagnostic::print` does. Columns count bytes, as in LLVM.
fn render_source_and_caret(
    out: &mut String,
    line: &str,
    col: usize,
    range: Option<(usize, usize)>,
) {
    const TAB_STOP: usize = 8;
    // A line with bytes of invalid UTF-8 (see `asm::source_bytes`): LLVM
    // prints the raw bytes and no caret line; a `String` cannot hold them,
    // so they show as U+FFFD.
    if let Some(raw) = crate::asm::source_bytes::restore(line) {
        if raw.as_slice() != line.as_bytes() {
            out.push_str(&String::from_utf8_lossy(&raw).replace('\t', "        "));
            out.push('\n');
            return;
        }
    }
    let bytes = line.as_bytes();
    let mut expanded: Vec<u8> = Vec::with_capacity(bytes.len());
    for &b in bytes {
        if b == b'\t' {
            // At least one space, then up to the next tab stop.
            loop {
                expanded.push(b' ');
                if expanded.len().is_multiple_of(TAB_STOP) {
                    break;
                }
            }
        } else {
            expanded.push(b);
        }
    }
    // Only ASCII tabs were replaced by ASCII spaces, so the text stays valid UTF-8.
    out.push_str(&String::from_utf8_lossy(&expanded));
    out.push('\n');
    if !line.is_ascii() {
        // LLVM prints no caret line for lines with non-ASCII bytes.
        return;
    }
    let n = bytes.len();
    let mut caret = vec![b' '; n + 1];
    if let Some((s, e)) = range {
        // LLVM clips ranges to the end of the line.
        let e = e.min(n);
        if s < e {
            caret[s..e].iter_mut().for_each(|c| *c = b'~');
        }
    }
    caret[col.min(n)] = b'^';
    while caret.last() == Some(&b' ') {
        caret.pop();
    }
    let mut out_col: usize = 0;
    for (i, &c) in caret.iter().enumerate() {
        if i < n && bytes[i] == b'\t' {
            loop {
                out.push(c as char);
                out_col += 1;
                if out_col.is_multiple_of(TAB_STOP) {
                    break;
                }
            }
        } else {
            out.push(c as char);
            out_col += 1;
        }
    }
    out.push('\n');
}

/// The first `file:line:col` location within `loc`, in MLIR's walk order
/// (`findInstanceOf<FileLineColLoc>`: pre-order, call-site callee before caller).
pub fn find_file_loc(ctx: &Context, loc: Location) -> Option<(String, u32, u32)> {
    let mut stack = vec![loc];
    while let Some(l) = stack.pop() {
        match ctx.attr(l.0) {
            AttrKind::FileLineColLoc {
                file, line, col, ..
            } => return Some((ctx.ident_str(*file).to_string(), *line, *col)),
            AttrKind::NameLoc { child: Some(c), .. } => stack.push(*c),
            AttrKind::CallSiteLoc { callee, caller } => {
                stack.push(*caller);
                stack.push(*callee);
            }
            AttrKind::FusedLoc { locations, .. } => stack.extend(locations.iter().rev()),
            _ => {}
        }
    }
    None
}

/// The call-site location `loc` is or wraps (through name and fused
/// locations), as (callee, caller).
fn call_site(ctx: &Context, loc: Location) -> Option<(Location, Location)> {
    let mut stack = vec![loc];
    while let Some(l) = stack.pop() {
        match ctx.attr(l.0) {
            AttrKind::CallSiteLoc { callee, caller } => return Some((*callee, *caller)),
            AttrKind::NameLoc { child: Some(c), .. } => stack.push(*c),
            AttrKind::FusedLoc { locations, .. } => stack.extend(locations.iter().rev()),
            _ => {}
        }
    }
    None
}

/// `loc` printed as MLIR prints a location: `loc(...)`.
pub fn location_to_string(ctx: &Context, loc: Location) -> String {
    let mut s = String::from("loc(");
    print_loc_body(ctx, loc, &mut s);
    s.push(')');
    s
}

/// The body of a location (without `loc(...)`). Locations are interned
/// bottom-up, so their nesting is bounded by what a parser or pass built;
/// printing recurses, as MLIR's printer does.
fn print_loc_body(ctx: &Context, loc: Location, s: &mut String) {
    match ctx.attr(loc.0) {
        AttrKind::UnknownLoc => s.push_str("unknown"),
        AttrKind::FileLineColLoc {
            file,
            line,
            col,
            end,
        } => {
            s.push_str(&quote_string(ctx.ident_str(*file)));
            s.push_str(&format!(":{line}:{col}"));
            match end {
                Some((l2, c2)) if *l2 == *line && *c2 != *col => s.push_str(&format!(" to :{c2}")),
                Some((l2, c2)) if *l2 != *line => s.push_str(&format!(" to {l2}:{c2}")),
                _ => {}
            }
        }
        AttrKind::NameLoc { name, child } => {
            s.push_str(&quote_string(ctx.ident_str(*name)));
            if let Some(c) = child {
                if !matches!(ctx.attr(c.0), AttrKind::UnknownLoc) {
                    s.push('(');
                    print_loc_body(ctx, *c, s);
                    s.push(')');
                }
            }
        }
        AttrKind::CallSiteLoc { callee, caller } => {
            s.push_str("callsite(");
            print_loc_body(ctx, *callee, s);
            s.push_str(" at ");
            print_loc_body(ctx, *caller, s);
            s.push(')');
        }
        AttrKind::FusedLoc {
            locations,
            metadata,
        } => {
            s.push_str("fused");
            if let Some(m) = metadata {
                s.push('<');
                s.push_str(&ctx.attr_to_diagnostic_string(*m));
                s.push('>');
            }
            s.push('[');
            for (i, l) in locations.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                print_loc_body(ctx, *l, s);
            }
            s.push(']');
        }
        _ => s.push_str("unknown"),
    }
}

/// Prints every diagnostic like mlir-opt (MLIR's `SourceMgrDiagnosticHandler`).
pub struct SourceMgrDiagnosticHandler;

impl SourceMgrDiagnosticHandler {
    /// Installs the handler on `ctx` until the returned guard is dropped.
    pub fn install(ctx: &Context, mgr: Arc<SourceMgr>, out: SharedWriter) -> HandlerGuard<'_> {
        ctx.scoped_diagnostic_handler(Box::new(move |ctx, diag| {
            let text = mgr.render_diagnostic(ctx, diag);
            let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
            // A failing output stream cannot be reported anywhere better.
            let _ = w.write_all(text.as_bytes());
            let _ = w.flush();
            true
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mgr(name: &str, text: &str, offset: u32) -> SourceMgr {
        let mut m = SourceMgr::new();
        m.add_buffer(name, text, offset);
        m
    }

    const T: &str = "func.func @h() {\n  \"func.return\"() : () -> () loc(x)\n  \"func.return\"() : () -> ()\n}\n";

    #[test]
    fn call_site_stack_and_note_source_lines() {
        // mlir-opt's output for `loc(callsite("t.mlir":1:2 at callsite("t.mlir":2:3 at "t.mlir":3:5)))`
        // with the `see current operation` note at the same location.
        let ctx = Context::new();
        let m = mgr("t.mlir", T, 0);
        let l = |line, col| ctx.file_line_col("t.mlir", line, col);
        let loc = ctx.callsite_loc(l(1, 2), ctx.callsite_loc(l(2, 3), l(3, 5)));
        let d = Diagnostic::error(
            loc,
            "'func.return' op must be the last operation in the parent block",
        )
        .with_note(loc, "see current operation: \"func.return\"() : () -> ()");
        assert_eq!(
            m.render_diagnostic(&ctx, &d),
            "t.mlir:1:2: error: 'func.return' op must be the last operation in the parent block\n\
             func.func @h() {\n ^\n\
             t.mlir:2:3: note: called from\n  \"func.return\"() : () -> () loc(x)\n  ^\n\
             t.mlir:3:5: note: called from\n  \"func.return\"() : () -> ()\n    ^\n\
             t.mlir:1:2: note: see current operation: \"func.return\"() : () -> ()\n\
             func.func @h() {\n ^\n"
        );
        // A note at the diagnostic's own location repeats no source line.
        let d = Diagnostic::error(l(3, 3), "boom")
            .with_note(l(3, 3), "same")
            .with_note(l(1, 1), "other");
        assert_eq!(
            m.render_diagnostic(&ctx, &d),
            "t.mlir:3:3: error: boom\n  \"func.return\"() : () -> ()\n  ^\n\
             t.mlir:3:3: note: same\n\
             t.mlir:1:1: note: other\nfunc.func @h() {\n^\n"
        );
    }

    #[test]
    fn locations_without_source() {
        let ctx = Context::new();
        let m = mgr("t.mlir", T, 0);
        let render = |loc| m.render_diagnostic(&ctx, &Diagnostic::error(loc, "msg"));
        assert_eq!(render(ctx.unknown_loc()), "<unknown>:0: error: msg\n");
        assert_eq!(
            render(ctx.name_loc("foo", None)),
            "<unknown>:0: error: loc(\"foo\"): msg\n"
        );
        let meta = ctx.string_attr("meta");
        let fused = ctx.fused_loc(
            &[ctx.name_loc("a", None), ctx.name_loc("b", None)],
            Some(meta),
        );
        assert_eq!(
            render(fused),
            "<unknown>:0: error: loc(fused<\"meta\">[\"a\", \"b\"]): msg\n"
        );
        let named = ctx.name_loc("foo", Some(ctx.name_loc("bar", None)));
        assert_eq!(
            render(named),
            "<unknown>:0: error: loc(\"foo\"(\"bar\")): msg\n"
        );
        // Line or column 0, a column past the line, a line past the file,
        // or an unknown file: no source line.
        assert_eq!(
            render(ctx.file_line_col("t.mlir", 0, 0)),
            "t.mlir:0:0: error: msg\n"
        );
        assert_eq!(
            render(ctx.file_line_col("t.mlir", 2, 100)),
            "t.mlir:2:100: error: msg\n"
        );
        assert_eq!(
            render(ctx.file_line_col("t.mlir", 300, 1)),
            "t.mlir:300:1: error: msg\n"
        );
        assert_eq!(
            render(ctx.file_line_col("other.mlir", 3, 4)),
            "other.mlir:3:4: error: msg\n"
        );
        // A name location shows its child's file position.
        let child = ctx.name_loc("foo", Some(ctx.file_line_col("t.mlir", 1, 4)));
        assert_eq!(
            render(child),
            "t.mlir:1:4: error: msg\nfunc.func @h() {\n   ^\n"
        );
        // The column may point at the end of the line.
        assert_eq!(
            render(ctx.file_line_col("t.mlir", 1, 17)),
            "t.mlir:1:17: error: msg\nfunc.func @h() {\n                ^\n"
        );
    }

    #[test]
    fn tabs_non_ascii_and_line_offsets() {
        let ctx = Context::new();
        let text = "func.func @h() {\n\t\"func.return\"() : () -> ()\n  \"x\"() // \u{e9}\n";
        // The buffer is a split chunk starting at line 11 of the file.
        let m = mgr("tab.mlir", text, 10);
        let render = |line, col| {
            m.render_diagnostic(
                &ctx,
                &Diagnostic::warning(ctx.file_line_col("tab.mlir", line, col), "w"),
            )
        };
        assert_eq!(
            render(12, 2),
            "tab.mlir:12:2: warning: w\n        \"func.return\"() : () -> ()\n        ^\n"
        );
        assert_eq!(
            render(13, 3),
            "tab.mlir:13:3: warning: w\n  \"x\"() // \u{e9}\n"
        );
        assert_eq!(render(2, 1), "tab.mlir:2:1: warning: w\n");
        assert_eq!(m.line_and_column(BufferId(0), 18), (12, 1));
        assert_eq!(
            m.line("tab.mlir", 11)
                .map(|l| l.text.to_string())
                .as_deref(),
            Some("func.func @h() {")
        );
    }

    #[test]
    fn split_chunk_first_line_is_the_whole_marker_line() {
        // mlir-opt puts the implicit module of a chunk right after the split
        // marker and shows the marker's line, as the line of the file it is.
        let ctx = Context::new();
        let text: Arc<str> = Arc::from("\"a\"() : () -> ()\n// -----  \n\"b\"() : () -> ()\n");
        let start = text.find("-----").unwrap() + 5;
        let mut m = SourceMgr::new();
        m.add_shared_buffer("s.mlir", text.clone(), start..text.len(), 1);
        let d = Diagnostic::remark(ctx.file_line_col("s.mlir", 2, 9), "r");
        assert_eq!(
            m.render_diagnostic(&ctx, &d),
            "s.mlir:2:9: remark: r\n// -----  \n        ^\n"
        );
        assert_eq!(
            m.line("s.mlir", 3).map(|l| l.text.to_string()).as_deref(),
            Some("\"b\"() : () -> ()")
        );
    }

    #[test]
    fn handler_writes_to_the_shared_stream() {
        let ctx = Context::new();
        let buf = Arc::new(Mutex::new(Vec::<u8>::new()));
        let out: SharedWriter = buf.clone();
        {
            let _g = SourceMgrDiagnosticHandler::install(&ctx, Arc::new(mgr("t.mlir", T, 0)), out);
            ctx.emit(Diagnostic::remark(
                ctx.file_line_col("t.mlir", 1, 1),
                "hello",
            ));
        }
        // Uninstalled: this one goes to the default handler, not the buffer.
        ctx.emit(Diagnostic::remark(ctx.unknown_loc(), "gone"));
        assert_eq!(
            String::from_utf8(buf.lock().unwrap().clone()).unwrap(),
            "t.mlir:1:1: remark: hello\nfunc.func @h() {\n^\n"
        );
    }

    #[test]
    fn released_sources_are_read_again_for_diagnostics() {
        let ctx = Context::new();
        let dir = std::env::temp_dir().join(format!("rmlir-release-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.mlir");
        std::fs::write(&path, T).unwrap();
        let text = crate::asm::source_bytes::decode_shared(
            crate::asm::source_bytes::read_file_shared(&path).unwrap(),
        );
        let mut m = SourceMgr::new();
        m.add_file_buffer("r.mlir", &path, text.clone(), 0..text.len(), 0);
        // An in-memory buffer has nothing to be read again from: it stays.
        m.add_buffer("mem.mlir", T, 0);
        let weak = Arc::downgrade(&text);
        drop(text);
        m.release_sources();
        assert!(weak.upgrade().is_none(), "the released text is freed");
        let d = Diagnostic::error(ctx.file_line_col("r.mlir", 2, 3), "e");
        let expected = "r.mlir:2:3: error: e\n  \"func.return\"() : () -> () loc(x)\n  ^\n";
        assert_eq!(m.render_diagnostic(&ctx, &d), expected);
        let d = Diagnostic::error(ctx.file_line_col("mem.mlir", 1, 1), "e");
        assert_eq!(
            m.render_diagnostic(&ctx, &d),
            "mem.mlir:1:1: error: e\nfunc.func @h() {\n^\n"
        );
        // Read again, the text stays until the next release; a file whose
        // length changed meanwhile shows no lines rather than wrong ones.
        m.release_sources();
        std::fs::write(&path, "changed\n").unwrap();
        let d = Diagnostic::error(ctx.file_line_col("r.mlir", 1, 1), "e");
        assert_eq!(m.render_diagnostic(&ctx, &d), "r.mlir:1:1: error: e\n");
        assert_eq!(m.line_and_column(BufferId(0), 20), (2, 3));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
