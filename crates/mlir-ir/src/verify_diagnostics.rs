//! The `--verify-diagnostics` checker (MLIR's
//! `SourceMgrDiagnosticVerifierHandler`): diagnostics are matched against
//! `expected-*` comments in the source instead of being printed.
//!
//! # Expectation syntax (as upstream)
//!
//! ```text
//! // expected-error {{message substring}}          on this line
//! // expected-warning@+2 {{...}}                   two lines below
//! // expected-note@-1 {{...}}                      one line above
//! // expected-remark @above {{...}}                the last non-designator line above
//! // expected-error @below {{...}}                 the next non-designator line
//! // expected-error @unknown {{...}}               a diagnostic without file location
//! // expected-error-re {{operand #{{[0-9]+}} does}} with regex fragments in {{...}}
//! ```
//!
//! One designator per line; the text is everything between the first `{{`
//! and the last `}}` of the line. A plain expectation matches when its text
//! is contained in the message; a `-re` one when the regex built from it
//! (literal text escaped, `{{...}}` fragments as groups) is found in it. An
//! expectation may absorb several diagnostics. Notes are checked like the
//! diagnostics they are attached to.
//!
//! # Use from a tool
//!
//! ```ignore
//! let mgr = Arc::new(mgr); // the input file (or its split chunks, with line offsets)
//! let verifier = DiagnosticVerifier::install(&ctx, mgr.clone(), out.clone(), VerifyMode::All);
//! // ... parse and process every chunk; diagnostics go to the verifier ...
//! let ok = verifier.finish(); // prints "expected error "..." was not produced" etc.
//! ```
//!
//! While installed, the verifier turns off the context's
//! `see current operation` notes (as mlir-opt does under
//! `--verify-diagnostics`) and restores the previous setting when dropped.
//! Unexpected diagnostics are printed as `unexpected error: ...` at their
//! location; a diagnostic that only differs in severity from an expectation
//! is reported at the expectation as `'error' diagnostic emitted when
//! expecting a 'warning'`.

use std::sync::{Arc, Mutex};

use regex::Regex;

use crate::attributes::Location;
use crate::context::Context;
use crate::diagnostics::{HandlerGuard, Severity};
use crate::source_mgr::{find_file_loc, BufferId, SharedWriter, SourceMgr};

/// Which diagnostics the verifier checks (mlir-opt's `--verify-diagnostics=`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum VerifyMode {
    /// Every diagnostic must be expected (`all`, the default).
    #[default]
    All,
    /// Only the expectations are checked; other diagnostics are ignored
    /// (`only-expected`).
    OnlyExpected,
}

/// One `expected-*` comment.
struct Expected {
    severity: Severity,
    /// The absolute line the diagnostic is expected on.
    line: u32,
    /// Where the comment's `expected-` starts: buffer and byte offset
    /// (`None` for `@unknown`).
    pos: Option<(BufferId, usize)>,
    substring: String,
    regex: Option<Regex>,
    matched: bool,
}

impl Expected {
    fn matches(&self, msg: &str) -> bool {
        match &self.regex {
            Some(r) => r.is_match(msg),
            None => msg.contains(&self.substring),
        }
    }
}

struct State {
    /// Expectations per file name, in the order files were registered.
    per_file: Vec<(String, Vec<Expected>)>,
    unknown: Vec<Expected>,
    ok: bool,
    mode: VerifyMode,
}

/// The `--verify-diagnostics` handler; see the module docs.
pub struct DiagnosticVerifier<'a> {
    ctx: &'a Context,
    guard: Option<HandlerGuard<'a>>,
    state: Arc<Mutex<State>>,
    mgr: Arc<SourceMgr>,
    out: SharedWriter,
    previous_print_op: bool,
}

fn designator_regex() -> Regex {
    Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
        .expect("the designator pattern is a valid regex")
}

fn write_out(out: &SharedWriter, text: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    // A failing output stream cannot be reported anywhere better.
    let _ = w.write_all(text.as_bytes());
    let _ = w.flush();
}

/// Parses an unsigned integer the way LLVM's `getAsInteger(0, ...)` does
/// for the digits the designator pattern allows (a leading `0` means octal).
fn parse_offset(digits: &str) -> u32 {
    let (digits, radix) = match digits.strip_prefix('0') {
        Some(rest) if !rest.is_empty() => (rest, 8),
        _ => (digits, 10),
    };
    u32::from_str_radix(digits, radix).unwrap_or(0)
}

/// Builds the regex of a `-re` expectation: literal text escaped,
/// `{{...}}` fragments as groups.
fn expectation_regex(text: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    loop {
        let Some(start) = rest.find("{{") else {
            pattern.push_str(&regex::escape(rest));
            break;
        };
        pattern.push_str(&regex::escape(&rest[..start]));
        rest = &rest[start + 2..];
        let Some(end) = rest.find("}}") else {
            return Err("found start of regex with no end '}}'".to_string());
        };
        let fragment = &rest[..end];
        if let Err(e) = Regex::new(fragment) {
            return Err(format!("invalid regex: {e}"));
        }
        pattern.push('(');
        pattern.push_str(fragment);
        pattern.push(')');
        rest = &rest[end + 2..];
    }
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

impl State {
    /// Scans buffer `id` for designators, reporting malformed ones to `out`.
    fn compute_expected(&mut self, mgr: &SourceMgr, id: BufferId, out: &mut String) {
        let name = mgr.buffer_name(id).to_string();
        let offset = mgr.buffer_line_offset(id);
        // Expectations are read when the checker is installed, before any
        // source could be released.
        let Some(text) = mgr.buffer_text(id) else {
            return;
        };
        let re = designator_regex();
        let mut diags: Vec<Expected> = Vec::new();
        let mut last_non_designator_line = 0u32;
        let mut pending_below: Vec<usize> = Vec::new();
        let lines: Vec<&str> = text.split('\n').collect();
        let mut line_start = 0usize;
        let num_lines = lines.len() as u32;
        for (idx, raw) in lines.iter().enumerate() {
            let this_start = line_start;
            line_start += raw.len() + 1;
            let line = raw.trim_end_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
            let line_no = idx as u32;
            let Some(caps) = re.captures(line) else {
                // The designators waiting for the next line apply here.
                for &i in &pending_below {
                    diags[i].line = offset + line_no + 1;
                }
                pending_below.clear();
                last_non_designator_line = line_no;
                continue;
            };
            let whole = caps.get(0).expect("group 0 always matches");
            let severity = match &caps[1] {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "remark" => Severity::Remark,
                _ => Severity::Note,
            };
            let substring = caps.get(5).map_or("", |m| m.as_str()).to_string();
            let mut record = Expected {
                severity,
                line: offset + line_no + 1,
                pos: Some((id, this_start + whole.start())),
                substring,
                regex: None,
                matched: false,
            };
            if caps.get(2).is_some() {
                match expectation_regex(&record.substring) {
                    Ok(r) => record.regex = Some(r),
                    Err(msg) => {
                        render_expectation_error(mgr, &record, &msg, true, out);
                        self.ok = false;
                        continue;
                    }
                }
            }
            if let Some(designator) = caps.get(4) {
                let d = designator.as_str();
                if let Some(n) = d.strip_prefix('+') {
                    record.line = record.line.wrapping_add(parse_offset(n));
                } else if let Some(n) = d.strip_prefix('-') {
                    record.line = record.line.wrapping_sub(parse_offset(n));
                } else if d == "unknown" {
                    record.pos = None;
                    self.unknown.push(record);
                    continue;
                } else if d == "above" {
                    record.line = offset + last_non_designator_line + 1;
                } else {
                    // `@below`: fixed up by the next non-designator line; a
                    // dangling one stays on the (nonexistent) line past the end.
                    pending_below.push(diags.len());
                    record.line = offset + num_lines;
                }
            }
            diags.push(record);
        }
        match self.per_file.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.extend(diags),
            None => self.per_file.push((name, diags)),
        }
    }
}

/// Prints `msg` as an error at the expectation's comment, underlining as
/// many columns as the expected text is long when `with_range` (as upstream).
fn render_expectation_error(
    mgr: &SourceMgr,
    e: &Expected,
    msg: &str,
    with_range: bool,
    out: &mut String,
) {
    match e.pos {
        Some((id, offset)) => {
            let (line, col) = mgr.line_and_column(id, offset);
            let range = with_range.then_some((col, col + e.substring.len()));
            let name = mgr.buffer_name(id).to_string();
            mgr.render_at(
                out,
                (&name, line, col as u32 + 1),
                Severity::Error,
                msg,
                true,
                range,
            );
        }
        None => mgr.render_unknown(out, Severity::Error, msg),
    }
}

impl<'a> DiagnosticVerifier<'a> {
    /// Reads the expectations of every buffer of `mgr` and installs the
    /// checker on `ctx`. Malformed expectations are reported to `out` now.
    pub fn install(
        ctx: &'a Context,
        mgr: Arc<SourceMgr>,
        out: SharedWriter,
        mode: VerifyMode,
    ) -> Self {
        let mut state = State {
            per_file: Vec::new(),
            unknown: Vec::new(),
            ok: true,
            mode,
        };
        let mut text = String::new();
        for id in mgr.buffer_ids() {
            state.compute_expected(&mgr, id, &mut text);
        }
        if !text.is_empty() {
            write_out(&out, &text);
        }
        let state = Arc::new(Mutex::new(state));
        let previous_print_op = ctx.print_op_on_diagnostic();
        ctx.set_print_op_on_diagnostic(false);
        let (h_state, h_mgr, h_out) = (state.clone(), mgr.clone(), out.clone());
        let guard = ctx.scoped_diagnostic_handler(Box::new(move |ctx, diag| {
            let mut st = h_state.lock().unwrap_or_else(|e| e.into_inner());
            let mut text = String::new();
            st.process(
                ctx,
                &h_mgr,
                diag.loc,
                &diag.message,
                diag.severity,
                &mut text,
            );
            for note in &diag.notes {
                st.process(
                    ctx,
                    &h_mgr,
                    note.loc,
                    &note.message,
                    note.severity,
                    &mut text,
                );
            }
            if !text.is_empty() {
                write_out(&h_out, &text);
            }
            true
        }));
        DiagnosticVerifier {
            ctx,
            guard: Some(guard),
            state,
            mgr,
            out,
            previous_print_op,
        }
    }

    /// Reports every expectation that was not met and returns whether all
    /// diagnostics matched. Uninstalls the checker.
    // The problems were already printed; the tool only needs the verdict.
    #[allow(clippy::result_unit_err)]
    pub fn finish(mut self) -> Result<(), ()> {
        self.guard.take();
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let mut text = String::new();
        let mut ok = st.ok;
        let State {
            per_file, unknown, ..
        } = &mut *st;
        for e in per_file
            .iter()
            .flat_map(|(_, v)| v.iter())
            .chain(unknown.iter())
        {
            if !e.matched {
                let msg = format!(
                    "expected {} \"{}\" was not produced",
                    e.severity.as_str(),
                    e.substring
                );
                render_expectation_error(&self.mgr, e, &msg, true, &mut text);
                ok = false;
            }
        }
        drop(st);
        if !text.is_empty() {
            write_out(&self.out, &text);
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }
}

impl Drop for DiagnosticVerifier<'_> {
    fn drop(&mut self) {
        self.guard.take();
        self.ctx.set_print_op_on_diagnostic(self.previous_print_op);
    }
}

impl State {
    /// Checks one diagnostic (or note) against the expectations.
    fn process(
        &mut self,
        ctx: &Context,
        mgr: &SourceMgr,
        loc: Location,
        msg: &str,
        severity: Severity,
        out: &mut String,
    ) {
        let file_loc = find_file_loc(ctx, loc);
        let empty = &mut Vec::new();
        let list: &mut Vec<Expected> = match &file_loc {
            Some((file, ..)) => match self.per_file.iter_mut().find(|(n, _)| n == file) {
                Some((_, v)) => v,
                None => empty,
            },
            None => &mut self.unknown,
        };
        let mut near_miss: Option<usize> = None;
        for (i, e) in list.iter_mut().enumerate() {
            if let Some((_, line, _)) = &file_loc {
                if *line != e.line {
                    continue;
                }
            }
            if e.matches(msg) {
                if e.severity == severity {
                    e.matched = true;
                    return;
                }
                near_miss = Some(i);
            }
        }
        if self.mode == VerifyMode::OnlyExpected {
            return;
        }
        match near_miss {
            Some(i) => {
                let e = &list[i];
                let text = format!(
                    "'{}' diagnostic emitted when expecting a '{}'",
                    severity.as_str(),
                    e.severity.as_str()
                );
                render_expectation_error(mgr, e, &text, false, out);
            }
            None => {
                let text = format!("unexpected {}: {msg}", severity.as_str());
                mgr.render_location(ctx, out, loc, Severity::Error, &text, true);
            }
        }
        self.ok = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Diagnostic;

    fn capture() -> (Arc<Mutex<Vec<u8>>>, SharedWriter) {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let w: SharedWriter = buf.clone();
        (buf, w)
    }
    fn text(buf: &Arc<Mutex<Vec<u8>>>) -> String {
        String::from_utf8(buf.lock().unwrap().clone()).unwrap()
    }

    const SRC: &str = "func.func @h() {\n  // expected-error@+1 {{must be the last}}\n  \"func.return\"() : () -> ()\n  // expected-error {{nothing here}}\n  \"func.return\"() : () -> ()\n}\n";

    #[test]
    fn matches_and_reports_unmet_expectations() {
        let ctx = Context::new();
        let mut mgr = SourceMgr::new();
        mgr.add_buffer("v.mlir", SRC, 0);
        let (buf, out) = capture();
        let v = DiagnosticVerifier::install(&ctx, Arc::new(mgr), out, VerifyMode::All);
        ctx.emit(Diagnostic::error(
            ctx.file_line_col("v.mlir", 3, 3),
            "'func.return' op must be the last operation in the parent block",
        ));
        assert_eq!(text(&buf), "");
        assert!(v.finish().is_err());
        assert_eq!(
            text(&buf),
            "v.mlir:4:6: error: expected error \"nothing here\" was not produced\n  // expected-error {{nothing here}}\n     ^~~~~~~~~~~~\n"
        );
    }

    #[test]
    fn unexpected_near_miss_and_notes() {
        let src = "a\n// expected-warning @below {{does not dominate}}\n  %0 = x\n  %1 = y\n";
        let ctx = Context::new();
        let mut mgr = SourceMgr::new();
        mgr.add_buffer("v.mlir", src, 10);
        let (buf, out) = capture();
        let v = DiagnosticVerifier::install(&ctx, Arc::new(mgr), out, VerifyMode::All);
        let d = Diagnostic::error(
            ctx.file_line_col("v.mlir", 13, 3),
            "operand #1 does not dominate this use",
        )
        .with_note(
            ctx.file_line_col("v.mlir", 14, 3),
            "operand defined here (op in the same block)",
        );
        ctx.emit(d);
        assert!(v.finish().is_err());
        assert_eq!(
            text(&buf),
            "v.mlir:12:4: error: 'error' diagnostic emitted when expecting a 'warning'\n\
             // expected-warning @below {{does not dominate}}\n   ^\n\
             v.mlir:14:3: error: unexpected note: operand defined here (op in the same block)\n  %1 = y\n  ^\n\
             v.mlir:12:4: error: expected warning \"does not dominate\" was not produced\n\
             // expected-warning @below {{does not dominate}}\n   ^~~~~~~~~~~~~~~~~\n"
        );
    }

    #[test]
    fn regex_above_unknown_and_only_expected() {
        let src = "x = 1\n// expected-error-re@above {{operand #{{[0-9]+}} does}}\n// expected-remark@unknown {{floating}}\n";
        let ctx = Context::new();
        let mut mgr = SourceMgr::new();
        mgr.add_buffer("r.mlir", src, 0);
        let (buf, out) = capture();
        let v = DiagnosticVerifier::install(&ctx, Arc::new(mgr), out, VerifyMode::OnlyExpected);
        ctx.emit(Diagnostic::error(
            ctx.file_line_col("r.mlir", 1, 1),
            "operand #12 does not",
        ));
        ctx.emit(Diagnostic::remark(ctx.unknown_loc(), "a floating remark"));
        ctx.emit(Diagnostic::error(
            ctx.file_line_col("r.mlir", 1, 1),
            "ignored in only-expected mode",
        ));
        assert!(v.finish().is_ok());
        assert_eq!(text(&buf), "");
    }

    #[test]
    fn malformed_regex_is_reported() {
        let src = "// expected-error-re {{a {{b}}\n";
        let ctx = Context::new();
        let mut mgr = SourceMgr::new();
        mgr.add_buffer("m.mlir", src, 0);
        let (buf, out) = capture();
        let v = DiagnosticVerifier::install(&ctx, Arc::new(mgr), out, VerifyMode::All);
        assert!(v.finish().is_err());
        assert!(
            text(&buf).starts_with("m.mlir:1:4: error: found start of regex with no end '}}'\n")
        );
    }

    #[test]
    fn unexpected_at_unknown_and_name_locations() {
        let ctx = Context::new();
        let mgr = SourceMgr::new();
        let (buf, out) = capture();
        let v = DiagnosticVerifier::install(&ctx, Arc::new(mgr), out, VerifyMode::All);
        ctx.emit(Diagnostic::error(ctx.unknown_loc(), "boom"));
        ctx.emit(Diagnostic::warning(ctx.name_loc("foo", None), "careful"));
        assert!(v.finish().is_err());
        assert_eq!(
            text(&buf),
            "<unknown>:0: error: unexpected error: boom\n<unknown>:0: error: loc(\"foo\"): unexpected warning: careful\n"
        );
    }

    #[test]
    fn print_op_setting_is_restored() {
        let ctx = Context::new();
        assert!(ctx.print_op_on_diagnostic());
        let (_buf, out) = capture();
        let v = DiagnosticVerifier::install(&ctx, Arc::new(SourceMgr::new()), out, VerifyMode::All);
        assert!(!ctx.print_op_on_diagnostic());
        assert!(v.finish().is_ok());
        assert!(ctx.print_op_on_diagnostic());
    }
}
