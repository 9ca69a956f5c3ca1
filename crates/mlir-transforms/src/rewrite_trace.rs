//! Rewrite provenance (`rmlir-opt --mlir-print-rewrite-trace=FILE`): which
//! pattern or fold created or last changed each op of the output, and every
//! pattern tried on chosen ops with the reasons they failed to match.
//!
//! Recording goes through the rewriter listener mechanism only: the
//! canonicalizer attaches a [`TraceListener`] to its greedy driver when a
//! trace is active, and the listener hears insertions, modifications,
//! replacements and erasures, pattern begin/end, fold begin/end and
//! `notify_match_failure`. Ops are keyed by their `OpRef` (slot plus
//! generation), which names one op for as long as it lives, and mapped to
//! output lines and SSA names when the trace is finished. A trace needs the
//! IR in one arena, so the driver runs nested pipelines on one thread while
//! tracing (the output does not depend on it).
//!
//! Nothing is recorded, and nothing costs anything beyond one atomic load
//! per canonicalizer run, unless [`start`] was called. The JSON schema and
//! the HTML page are described in `docs/TRACE.md`.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use mlir_ir::asm::printer::{print_to_string, PrintFlags, ValueNames};
use mlir_ir::{
    AttrKind, BuilderListener, Diagnostic, Ir, Location, OpRef, PreviousPosition, Value, WalkOrder,
    WalkResult,
};
use mlir_rewrite::{LogicalResult, Pattern, RewriterListener};

/// Whether a trace is being recorded (read once per canonicalizer run).
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// The trace being recorded.
static RECORDER: Mutex<Option<Recorder>> = Mutex::new(None);

/// Whether a rewrite trace is being recorded.
pub fn is_active() -> bool {
    ACTIVE.load(Ordering::Relaxed)
}

/// The recorder, even if a pass panicked while holding it (the crash
/// handler reports the panic; the trace stays usable).
fn recorder() -> MutexGuard<'static, Option<Recorder>> {
    RECORDER.lock().unwrap_or_else(|e| e.into_inner())
}

/// A `file:line:col` (or `line:col`) of `--mlir-rewrite-trace-op`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocSpec {
    /// The file name; empty matches any file.
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl LocSpec {
    /// Parses `file:line:col` or `line:col` (the file may contain colons).
    pub fn parse(s: &str) -> Result<LocSpec, String> {
        let bad = || format!("invalid location '{s}': expected 'file:line:col' or 'line:col'");
        let mut parts = s.rsplitn(3, ':');
        let col = parts.next().and_then(|c| c.parse().ok()).ok_or_else(bad)?;
        let line = parts.next().and_then(|l| l.parse().ok()).ok_or_else(bad)?;
        let file = parts.next().unwrap_or("").to_string();
        Ok(LocSpec { file, line, col })
    }

    /// Whether `loc` (or a location it wraps: names, call sites, fused
    /// locations) is this position.
    fn matches(&self, ir: &Ir, loc: Location) -> bool {
        let ctx = ir.ctx();
        match ctx.attr(loc.attr()) {
            AttrKind::FileLineColLoc {
                file, line, col, ..
            } => {
                if *line != self.line || *col != self.col {
                    return false;
                }
                let f = ctx.ident_str(*file);
                self.file.is_empty()
                    || f == self.file
                    || f.ends_with(&format!("/{}", self.file))
                    || self.file.ends_with(&format!("/{f}"))
            }
            AttrKind::NameLoc { child, .. } => child.is_some_and(|c| self.matches(ir, c)),
            AttrKind::CallSiteLoc { callee, .. } => self.matches(ir, *callee),
            AttrKind::FusedLoc { locations, .. } => locations.iter().any(|&l| self.matches(ir, l)),
            _ => false,
        }
    }
}

/// What caused a change.
#[derive(Clone, Debug, PartialEq, Eq)]
enum CauseKind {
    Pattern,
    Fold,
    /// The greedy driver itself: dead-op erasure, constant uniquing and
    /// hoisting, region simplification.
    Driver,
}

impl CauseKind {
    fn as_str(&self) -> &'static str {
        match self {
            CauseKind::Pattern => "pattern",
            CauseKind::Fold => "fold",
            CauseKind::Driver => "driver",
        }
    }
}

/// A pattern application, a fold attempt or driver bookkeeping.
#[derive(Clone, Debug)]
struct Cause {
    kind: CauseKind,
    /// The pattern's debug name, `fold`, or `greedy-driver`.
    name: String,
    /// The name of the op the pattern or fold was applied to.
    root: String,
    /// The pass running the driver and its run number, e.g. `canonicalize#1`.
    pass: String,
    /// The attempt's number in the whole trace.
    step: u64,
}

/// One change to an op.
#[derive(Clone, Debug)]
struct Event {
    /// `created`, `moved`, `modified`.
    what: &'static str,
    cause: Cause,
}

/// One pattern or fold tried on a traced op.
#[derive(Clone, Debug)]
struct Attempt {
    cause: Cause,
    /// `success`, `failure`, or `erased` / `replaced` for what happened to
    /// the traced op.
    result: &'static str,
    reasons: Vec<String>,
}

/// Everything recorded so far.
struct Recorder {
    step: u64,
    /// Runs of each pass name, for [`Cause::pass`].
    pass_runs: HashMap<String, u64>,
    /// The pass of the current driver run.
    pass: String,
    /// The driver of the current run (`greedy-driver`, `walk-driver`,
    /// `dialect-conversion`), named by its bookkeeping changes.
    driver: String,
    /// The argument of the pass the pass manager is running, if any.
    current_pass: String,
    current: Option<Cause>,
    /// The index in `attempts` of the current attempt, when it is on a
    /// traced op.
    current_attempt: Option<usize>,
    history: HashMap<OpRef, Vec<Event>>,
    /// The ops present when the trace started.
    input: HashSet<OpRef>,
    /// The ops `--mlir-rewrite-trace-op` asked for, and the ops that
    /// replaced them.
    traced: HashSet<OpRef>,
    trace_spec: Option<String>,
    /// The traced ops when the trace started: (location, op name).
    traced_initial: Vec<(String, String)>,
    attempts: Vec<Attempt>,
}

impl Recorder {
    /// The cause of a change happening now.
    fn cause(&mut self) -> Cause {
        match &self.current {
            Some(c) => c.clone(),
            None => {
                self.step += 1;
                Cause {
                    kind: CauseKind::Driver,
                    name: self.driver.clone(),
                    root: String::new(),
                    pass: self.pass.clone(),
                    step: self.step,
                }
            }
        }
    }

    fn record(&mut self, op: OpRef, what: &'static str) {
        let cause = self.cause();
        self.history
            .entry(op)
            .or_default()
            .push(Event { what, cause });
    }

    fn begin(&mut self, ir: &Ir, kind: CauseKind, name: &str, op: OpRef) {
        self.step += 1;
        let cause = Cause {
            kind,
            name: name.to_string(),
            root: ir.op_name_str(op).to_string(),
            pass: self.pass.clone(),
            step: self.step,
        };
        self.current_attempt = self.traced.contains(&op).then(|| {
            self.attempts.push(Attempt {
                cause: cause.clone(),
                result: "failure",
                reasons: Vec::new(),
            });
            self.attempts.len() - 1
        });
        self.current = Some(cause);
    }

    fn end(&mut self, result: LogicalResult) {
        if let Some(i) = self.current_attempt.take() {
            self.attempts[i].result = if result.is_ok() { "success" } else { "failure" };
        }
        self.current = None;
    }

    /// Notes what happened to a traced op outside the attempts on it.
    fn traced_event(&mut self, op: OpRef, result: &'static str) {
        if self.traced.contains(&op) {
            let cause = self.cause();
            // An attempt on the op itself already says it succeeded.
            let own = self.current_attempt.is_some();
            if !own || result == "erased" {
                self.attempts.push(Attempt {
                    cause,
                    result,
                    reasons: Vec::new(),
                });
            }
        }
    }
}

/// Starts recording a trace of the rewrites of the ops nested in `root`.
/// `trace_op` names input ops (`file:line:col`) whose pattern attempts are
/// recorded; it is an error if it names none.
pub fn start(ir: &Ir, root: OpRef, trace_op: Option<&str>) -> Result<(), String> {
    let mut input = HashSet::new();
    let mut traced = HashSet::new();
    let mut traced_initial = Vec::new();
    let spec = trace_op.map(LocSpec::parse).transpose()?;
    ir.walk(root, WalkOrder::PreOrder, |op| {
        input.insert(op);
        if let Some(s) = &spec {
            if s.matches(ir, ir.op_loc(op)) {
                traced.insert(op);
                traced_initial.push((
                    loc_string(ir, ir.op_loc(op)),
                    ir.op_name_str(op).to_string(),
                ));
            }
        }
        WalkResult::Advance
    });
    if let (Some(s), true) = (trace_op, traced.is_empty()) {
        return Err(format!("no operation is located at '{s}'"));
    }
    *recorder() = Some(Recorder {
        step: 0,
        pass_runs: HashMap::new(),
        pass: String::new(),
        driver: "greedy-driver".into(),
        current_pass: String::new(),
        current: None,
        current_attempt: None,
        history: HashMap::new(),
        input,
        traced,
        trace_spec: trace_op.map(str::to_string),
        traced_initial,
        attempts: Vec::new(),
    });
    ACTIVE.store(true, Ordering::Relaxed);
    // Every driver run without a listener of its own reports here too.
    mlir_rewrite::listener::set_driver_listener_factory(|driver| {
        TraceListener::for_driver(driver).map(|l| Box::new(l) as Box<dyn RewriterListener>)
    });
    Ok(())
}

/// Tells the trace which pass the pass manager runs now (its argument, or
/// empty when none), so that driver runs inside it are named after it.
/// Returns the previous one, to restore after a nested pass. Costs one
/// atomic load when no trace is recorded.
pub fn set_current_pass(pass: &str) -> String {
    if !is_active() {
        return String::new();
    }
    match recorder().as_mut() {
        Some(rec) => std::mem::replace(&mut rec.current_pass, pass.to_string()),
        None => String::new(),
    }
}

/// The listener a driver attaches while a trace is active; every
/// notification goes to the trace being recorded.
pub struct TraceListener {
    _private: (),
}

impl TraceListener {
    /// A listener for one run of the driver of pass `pass` (numbered per
    /// pass name in the trace), or `None` when no trace is active.
    pub fn new(pass: &str) -> Option<TraceListener> {
        if !is_active() {
            return None;
        }
        let mut guard = recorder();
        let rec = guard.as_mut()?;
        if pass == "canonicalize" {
            rec.driver = "greedy-driver".into();
        }
        let n = rec.pass_runs.entry(pass.to_string()).or_default();
        *n += 1;
        rec.pass = format!("{pass}#{n}");
        Some(TraceListener { _private: () })
    }

    /// A listener for one run of `driver` started by the current pass
    /// (named after the pass, or after the driver outside any pass), or
    /// `None` when no trace is active.
    pub fn for_driver(driver: &str) -> Option<TraceListener> {
        if !is_active() {
            return None;
        }
        let pass = {
            let mut guard = recorder();
            let rec = guard.as_mut()?;
            rec.driver = driver.to_string();
            if rec.current_pass.is_empty() {
                driver.to_string()
            } else {
                rec.current_pass.clone()
            }
        };
        TraceListener::new(&pass)
    }

    fn with(&self, f: impl FnOnce(&mut Recorder)) {
        if let Some(rec) = recorder().as_mut() {
            f(rec)
        }
    }
}

impl BuilderListener for TraceListener {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        self.with(|rec| {
            if matches!(previous, PreviousPosition::Unlinked) && !rec.input.contains(&op) {
                rec.record(op, "created");
                // The ops nested in a new op (built or cloned with it) are
                // new too, unless they were there before (moved in).
                let cause = rec.cause();
                ir.walk(op, WalkOrder::PreOrder, |n| {
                    if n != op && !rec.input.contains(&n) && !rec.history.contains_key(&n) {
                        rec.history.entry(n).or_default().push(Event {
                            what: "created",
                            cause: cause.clone(),
                        });
                    }
                    WalkResult::Advance
                });
            } else {
                rec.record(op, "moved");
            }
        });
    }
}

impl RewriterListener for TraceListener {
    fn notify_operation_modified(&mut self, _ir: &Ir, op: OpRef) {
        self.with(|rec| rec.record(op, "modified"));
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, replacement: &[Value]) {
        self.with(|rec| {
            if rec.traced.contains(&op) {
                rec.traced_event(op, "replaced");
                // Follow the traced op to the ops that replace it.
                for v in replacement {
                    if let Some(d) = v.defining_op() {
                        if ir.is_live_op(d) {
                            rec.traced.insert(d);
                        }
                    }
                }
            }
        });
    }
    fn notify_operation_erased(&mut self, _ir: &Ir, op: OpRef) {
        self.with(|rec| {
            rec.traced_event(op, "erased");
            rec.traced.remove(&op);
            rec.history.remove(&op);
        });
    }
    fn notify_pattern_begin(&mut self, ir: &Ir, pattern: &Pattern, op: OpRef) {
        self.with(|rec| rec.begin(ir, CauseKind::Pattern, pattern.debug_name(), op));
    }
    fn notify_pattern_end(&mut self, _ir: &Ir, _pattern: &Pattern, result: LogicalResult) {
        self.with(|rec| rec.end(result));
    }
    fn notify_fold_begin(&mut self, ir: &Ir, op: OpRef) {
        self.with(|rec| rec.begin(ir, CauseKind::Fold, "fold", op));
    }
    fn notify_fold_end(&mut self, _ir: &Ir, result: LogicalResult) {
        self.with(|rec| rec.end(result));
    }
    fn notify_match_failure(&mut self, loc: Location, reason: &dyn Fn(&mut Diagnostic)) {
        self.with(|rec| {
            if let Some(i) = rec.current_attempt {
                let mut d = Diagnostic::remark(loc, String::new());
                reason(&mut d);
                rec.attempts[i].reasons.push(d.message);
            }
        });
    }
}

/// `file:line:col` of a location, or its kind when it has none.
fn loc_string(ir: &Ir, loc: Location) -> String {
    let ctx = ir.ctx();
    match ctx.attr(loc.attr()) {
        AttrKind::FileLineColLoc {
            file, line, col, ..
        } => format!("{}:{line}:{col}", ctx.ident_str(*file)),
        AttrKind::NameLoc { child: Some(c), .. } => loc_string(ir, *c),
        AttrKind::CallSiteLoc { callee, .. } => loc_string(ir, *callee),
        AttrKind::FusedLoc { locations, .. } => locations
            .iter()
            .map(|&l| loc_string(ir, l))
            .collect::<Vec<_>>()
            .join(","),
        _ => String::new(),
    }
}

/// One op of the output and where its state comes from.
struct OutOp {
    name: String,
    /// 1-based line of the printed output, 0 if the op is not printed
    /// (an elided terminator).
    line: usize,
    /// The SSA names of its results.
    results: Vec<String>,
    loc: String,
    /// `input`, `created` (by a recorded cause), `modified`, `nested`
    /// (created with an ancestor), or `untraced` (created outside any
    /// traced rewrite).
    origin: &'static str,
    history: Vec<Event>,
}

/// A finished trace: the output IR text and the provenance of its ops.
pub struct TraceReport {
    /// The output IR, printed with the output's flags.
    pub text: String,
    ops: Vec<OutOp>,
    trace_spec: Option<String>,
    traced_initial: Vec<(String, String)>,
    attempts: Vec<Attempt>,
}

/// Stops recording and maps the recorded history to the ops of the output
/// rooted at `root`, printed with `flags`. `None` if no trace was active.
pub fn finish(ir: &Ir, root: OpRef, flags: &PrintFlags) -> Option<TraceReport> {
    ACTIVE.store(false, Ordering::Relaxed);
    let rec = recorder().take()?;
    let text = print_to_string(ir, root, flags);
    let names = ValueNames::compute(ir, root);
    let lines: Vec<&str> = text.lines().collect();
    let mut cursor = 0usize;
    let mut ops = Vec::new();
    ir.walk(root, WalkOrder::PreOrder, |op| {
        let results: Vec<String> = ir.results(op).map(|v| names.name(ir, v)).collect();
        let name = ir.op_name_str(op).to_string();
        let line = match find_line(&lines, cursor, &name, results.first().map(String::as_str)) {
            Some(l) => {
                cursor = l + 1;
                l + 1
            }
            None => 0,
        };
        let history = rec.history.get(&op).cloned().unwrap_or_default();
        let origin = match history.first() {
            Some(e) if e.what == "created" => "created",
            Some(_) => "modified",
            None if rec.input.contains(&op) => "input",
            None => "untraced",
        };
        ops.push(OutOp {
            name,
            line,
            results,
            loc: loc_string(ir, ir.op_loc(op)),
            origin,
            history,
        });
        WalkResult::Advance
    });
    Some(TraceReport {
        text,
        ops,
        trace_spec: rec.trace_spec,
        traced_initial: rec.traced_initial,
        attempts: rec.attempts,
    })
}

/// The line (0-based) where the op named `name` whose first result prints
/// as `first_result` starts, looking at the first line from `from` that is
/// not structural (blank, a closing brace, a block label, an alias
/// definition). `None` if that line is another op's: the op is not printed
/// (an elided terminator).
fn find_line(lines: &[&str], from: usize, name: &str, first_result: Option<&str>) -> Option<usize> {
    let short = name.split_once('.').map_or(name, |(_, s)| s);
    for (i, l) in lines.iter().enumerate().skip(from) {
        let t = l.trim_start();
        if t.is_empty()
            || t.starts_with('}')
            || t.starts_with('^')
            || t.starts_with('#')
            || t.starts_with("//")
            || t.starts_with('!')
        {
            continue;
        }
        let ok = match first_result {
            Some(r) => {
                // `%0#1` prints as a group `%0:2 = ...`; match the group name.
                let base = r.split('#').next().unwrap_or(r);
                t.strip_prefix(base)
                    .is_some_and(|rest| rest.starts_with([' ', ':', ',']))
            }
            None => {
                let word = |w: &str| {
                    t.strip_prefix(w).is_some_and(|rest| {
                        rest.is_empty()
                            || !rest
                                .starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.')
                    })
                };
                word(name) || word(short) || t.starts_with(&format!("\"{name}\""))
            }
        };
        return ok.then_some(i);
    }
    None
}

/// Appends `s` as a JSON string.
fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // `<` escaped too, so the JSON can sit in an HTML script element.
            c if (c as u32) < 0x20 || c == '<' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_cause(out: &mut String, c: &Cause) {
    out.push_str("{\"kind\": ");
    json_str(out, c.kind.as_str());
    out.push_str(", \"name\": ");
    json_str(out, &c.name);
    out.push_str(", \"root\": ");
    json_str(out, &c.root);
    out.push_str(", \"pass\": ");
    json_str(out, &c.pass);
    let _ = write!(out, ", \"step\": {}}}", c.step);
}

impl TraceReport {
    /// The trace as JSON (schema in `docs/TRACE.md`), one op per line so
    /// that line-oriented tools (and FileCheck) can read it.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n\"version\": 1,\n\"ops\": [\n");
        for (i, op) in self.ops.iter().enumerate() {
            let _ = write!(out, "{{\"id\": {i}, \"name\": ");
            json_str(&mut out, &op.name);
            let _ = write!(out, ", \"line\": {}, \"results\": [", op.line);
            for (k, r) in op.results.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                json_str(&mut out, r);
            }
            out.push_str("], \"loc\": ");
            json_str(&mut out, &op.loc);
            out.push_str(", \"origin\": ");
            json_str(&mut out, op.origin);
            out.push_str(", \"last\": ");
            match op.history.last() {
                Some(e) => {
                    out.push_str("{\"what\": ");
                    json_str(&mut out, e.what);
                    out.push_str(", \"by\": ");
                    json_cause(&mut out, &e.cause);
                    out.push('}');
                }
                None => out.push_str("null"),
            }
            out.push_str(", \"history\": [");
            for (k, e) in op.history.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                out.push_str("{\"what\": ");
                json_str(&mut out, e.what);
                out.push_str(", \"by\": ");
                json_cause(&mut out, &e.cause);
                out.push('}');
            }
            out.push_str("]}");
            out.push_str(if i + 1 < self.ops.len() { ",\n" } else { "\n" });
        }
        out.push_str("],\n\"trace_op\": ");
        match &self.trace_spec {
            None => out.push_str("null\n"),
            Some(spec) => {
                out.push_str("{\"loc\": ");
                json_str(&mut out, spec);
                out.push_str(", \"matched\": [");
                for (k, (loc, name)) in self.traced_initial.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("{\"name\": ");
                    json_str(&mut out, name);
                    out.push_str(", \"loc\": ");
                    json_str(&mut out, loc);
                    out.push('}');
                }
                out.push_str("],\n\"attempts\": [\n");
                for (k, a) in self.attempts.iter().enumerate() {
                    out.push_str("{\"by\": ");
                    json_cause(&mut out, &a.cause);
                    out.push_str(", \"result\": ");
                    json_str(&mut out, a.result);
                    out.push_str(", \"reasons\": [");
                    for (j, r) in a.reasons.iter().enumerate() {
                        if j > 0 {
                            out.push_str(", ");
                        }
                        json_str(&mut out, r);
                    }
                    out.push_str("]}");
                    out.push_str(if k + 1 < self.attempts.len() {
                        ",\n"
                    } else {
                        "\n"
                    });
                }
                out.push_str("]}\n");
            }
        }
        out.push_str("}\n");
        out
    }

    /// The trace as a self-contained HTML page: the output IR with each
    /// printed op linked to its history, the trace-op attempts, and the
    /// JSON trace embedded for tools. Works without JavaScript (links to
    /// anchors); the inline script adds a side panel and highlighting.
    pub fn to_html(&self) -> String {
        let mut by_line: HashMap<usize, usize> = HashMap::new();
        for (i, op) in self.ops.iter().enumerate() {
            if op.line > 0 {
                by_line.entry(op.line).or_insert(i);
            }
        }
        let mut out = String::new();
        out.push_str(HTML_HEAD);
        out.push_str("<main><section id=\"ir\"><h2>Output IR</h2><pre>");
        for (n, line) in self.text.lines().enumerate() {
            match by_line.get(&(n + 1)) {
                Some(&i) => {
                    let op = &self.ops[i];
                    let _ = write!(
                        out,
                        "<a class=\"op origin-{}\" id=\"op-{i}\" data-op=\"{i}\" href=\"#h-{i}\">",
                        op.origin
                    );
                    html_escape(&mut out, line);
                    out.push_str("</a>\n");
                }
                None => {
                    html_escape(&mut out, line);
                    out.push('\n');
                }
            }
        }
        out.push_str("</pre></section>\n<aside id=\"panel\"><h2>History</h2><div id=\"panel-body\">Click an operation.</div></aside></main>\n");
        if let Some(spec) = &self.trace_spec {
            out.push_str("<section id=\"trace-op\"><h2>Patterns tried on ");
            html_escape(&mut out, spec);
            out.push_str("</h2><ol>");
            for a in &self.attempts {
                let _ = write!(out, "<li class=\"attempt {}\">", a.result);
                html_cause(&mut out, &a.cause);
                let _ = write!(out, ": <b>{}</b>", a.result);
                if !a.reasons.is_empty() {
                    out.push_str("<ul>");
                    for r in &a.reasons {
                        out.push_str("<li class=\"reason\">");
                        html_escape(&mut out, r);
                        out.push_str("</li>");
                    }
                    out.push_str("</ul>");
                }
                out.push_str("</li>");
            }
            out.push_str("</ol></section>\n");
        }
        out.push_str("<section id=\"histories\"><h2>All operations</h2>\n");
        for (i, op) in self.ops.iter().enumerate() {
            let _ = write!(out, "<div class=\"history\" id=\"h-{i}\"><h3>");
            if op.line > 0 {
                let _ = write!(out, "<a href=\"#op-{i}\">line {}</a> ", op.line);
            }
            out.push_str("<code>");
            if !op.results.is_empty() {
                html_escape(&mut out, &op.results.join(", "));
                out.push_str(" = ");
            }
            html_escape(&mut out, &op.name);
            out.push_str("</code>");
            if !op.loc.is_empty() {
                out.push_str(" <small>");
                html_escape(&mut out, &op.loc);
                out.push_str("</small>");
            }
            let _ = write!(
                out,
                "</h3><p class=\"origin\">origin: {}</p><ol>",
                op.origin
            );
            for e in &op.history {
                let _ = write!(out, "<li class=\"event\">{} by ", e.what);
                html_cause(&mut out, &e.cause);
                out.push_str("</li>");
            }
            out.push_str("</ol></div>\n");
        }
        out.push_str("</section>\n<script type=\"application/json\" id=\"trace-data\">");
        out.push_str(&self.to_json());
        out.push_str("</script>\n<script>");
        out.push_str(HTML_SCRIPT);
        out.push_str("</script>\n</body></html>\n");
        out
    }
}

fn html_cause(out: &mut String, c: &Cause) {
    let _ = write!(
        out,
        "<span class=\"cause {}\">{}",
        c.kind.as_str(),
        c.kind.as_str()
    );
    // A fold is named by its kind alone.
    if c.kind != CauseKind::Fold {
        out.push_str(" <code>");
        html_escape(out, &c.name);
        out.push_str("</code>");
    }
    if !c.root.is_empty() {
        out.push_str(" on <code>");
        html_escape(out, &c.root);
        out.push_str("</code>");
    }
    let _ = write!(out, " <small>(step {}, ", c.step);
    html_escape(out, &c.pass);
    out.push_str(")</small></span>");
}

fn html_escape(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

const HTML_HEAD: &str = r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>rmlir rewrite trace</title>
<style>
body{font-family:sans-serif;margin:0 1em}
main{display:flex;gap:1em;align-items:flex-start}
#ir{flex:3;min-width:0}
#ir pre{background:#f7f7f7;padding:.5em;overflow:auto}
#panel{flex:2;position:sticky;top:0;border-left:2px solid #ccc;padding-left:1em}
a.op{color:inherit;text-decoration:none;display:inline-block;min-width:100%}
a.op:hover{background:#e0ecff}
a.op.origin-created{background:#e6f6e6}
a.op.origin-modified{background:#fff6d6}
a.op.selected{outline:2px solid #36c}
.cause.pattern code{color:#805}
.cause.fold code{color:#058}
.attempt.failure{color:#a00}
.attempt.success{color:#070}
.history:target{background:#eef}
</style></head><body>
<h1>Rewrite trace</h1>
<p>Each line of the output is linked to the history of its operation:
green lines were created by a rewrite, yellow ones changed by one.</p>
"#;

const HTML_SCRIPT: &str = r#"
(function(){
  var panel = document.getElementById('panel-body');
  function show(i){
    var h = document.getElementById('h-' + i);
    if (!h) return;
    panel.innerHTML = h.innerHTML;
    var sel = document.querySelectorAll('a.op.selected');
    for (var k = 0; k < sel.length; k++) sel[k].classList.remove('selected');
    var a = document.getElementById('op-' + i);
    if (a) a.classList.add('selected');
  }
  var links = document.querySelectorAll('a.op');
  for (var k = 0; k < links.length; k++) {
    links[k].addEventListener('click', function(ev){
      ev.preventDefault();
      show(this.getAttribute('data-op'));
    });
  }
  window.rewriteTrace = {show: show,
    data: JSON.parse(document.getElementById('trace-data').textContent)};
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loc_specs() {
        let l = LocSpec::parse("dir/a:b.mlir:12:8").unwrap();
        assert_eq!((l.file.as_str(), l.line, l.col), ("dir/a:b.mlir", 12, 8));
        let l = LocSpec::parse("3:4").unwrap();
        assert_eq!((l.file.as_str(), l.line, l.col), ("", 3, 4));
        assert!(LocSpec::parse("12").is_err());
        assert!(LocSpec::parse("f.mlir:x:1").is_err());
    }

    #[test]
    fn output_lines() {
        let text = "module {\n  func.func @f() -> i32 {\n    %c0 = arith.constant 0 : i32\n    return %c0 : i32\n  }\n  scf.if %x {\n  }\n}\n";
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(find_line(&lines, 0, "builtin.module", None), Some(0));
        assert_eq!(find_line(&lines, 1, "func.func", None), Some(1));
        assert_eq!(find_line(&lines, 2, "arith.constant", Some("%c0")), Some(2));
        assert_eq!(find_line(&lines, 3, "func.return", None), Some(3));
        // An elided terminator is not matched to the next op's line.
        assert_eq!(find_line(&lines, 4, "scf.yield", None), None);
        assert_eq!(find_line(&lines, 4, "scf.if", None), Some(5));
        // A result group `%0:2` matches `%0#0`.
        assert_eq!(
            find_line(&["  %0:2 = test.two"], 0, "test.two", Some("%0#0")),
            Some(0)
        );
        // A name is matched as a whole word.
        assert_eq!(find_line(&["  returns"], 0, "func.return", None), None);
    }
}
