//! Actions: named units of work (running a pass, applying a conversion or a
//! pattern) that an installed handler can observe, after MLIR's
//! `mlir/IR/Action.h` and `MLIRContext::executeAction`; and the action
//! profiler behind mlir-opt's `-profile-actions-to`, which writes one Chrome
//! trace event (JSON) as each action begins and ends.
//!
//! MLIR installs the handler on the `MLIRContext`; here it is process-wide
//! (see `docs/DEVIATIONS.md`): the tools run one context at a time, and a
//! process-wide flag keeps the cost of an action without a handler to one
//! relaxed atomic load on the hot paths (each pattern application).

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;

/// Observes the actions executed while it is installed.
pub trait ActionHandler: Send + Sync {
    /// Called when the action `tag` starts; `desc` prints its description
    /// (MLIR's `Action::print`), computed only if the handler needs it.
    fn begin(&self, tag: &str, desc: &dyn Fn() -> String);
    /// Called when the action `tag` has finished.
    fn end(&self, tag: &str);
}

static ACTIVE: AtomicBool = AtomicBool::new(false);
static HANDLER: RwLock<Option<Arc<dyn ActionHandler>>> = RwLock::new(None);

/// Installs `handler` (or removes the current one with `None`).
pub fn set_action_handler(handler: Option<Arc<dyn ActionHandler>>) {
    let mut h = HANDLER.write().unwrap_or_else(|e| e.into_inner());
    ACTIVE.store(handler.is_some(), Ordering::Release);
    *h = handler;
}

/// Whether a handler observes actions (to skip preparing descriptions that
/// borrow what the action's body needs).
#[inline]
pub fn actions_observed() -> bool {
    ACTIVE.load(Ordering::Relaxed)
}

/// Runs `body` as the action `tag` (MLIR's `executeAction`): the installed
/// handler, if any, sees it begin and end.
#[inline]
pub fn execute_action<R>(tag: &str, desc: impl Fn() -> String, body: impl FnOnce() -> R) -> R {
    if !ACTIVE.load(Ordering::Relaxed) {
        return body();
    }
    let handler = HANDLER.read().unwrap_or_else(|e| e.into_inner()).clone();
    let Some(handler) = handler else {
        return body();
    };
    handler.begin(tag, &desc);
    let r = body();
    handler.end(tag);
    r
}

/// MLIR's `DebugCounter` (`--mlir-debug-counter=<action>-skip=N,<action>-count=M`):
/// decides per action tag whether an action runs. An action with a counter
/// runs when it is beyond the first `skip` occurrences and within the
/// `count` that follow (negative values disable either bound).
#[derive(Default)]
pub struct DebugCounter {
    /// Per tag: (occurrences so far, skip, count), sorted by tag for printing.
    counters: Mutex<std::collections::BTreeMap<String, (i64, i64, i64)>>,
}

impl DebugCounter {
    /// Parses the comma-separated `tag-skip=N` / `tag-count=N` arguments.
    /// Malformed arguments are returned as messages (mlir-opt prints them
    /// and goes on) while the well-formed ones still apply.
    pub fn parse(args: &[String]) -> (DebugCounter, Vec<String>) {
        let counter = DebugCounter::default();
        let mut errors = Vec::new();
        {
            let mut map = counter.counters.lock().unwrap_or_else(|e| e.into_inner());
            for arg in args
                .iter()
                .flat_map(|a| a.split(','))
                .filter(|a| !a.is_empty())
            {
                let Some((name, value)) = arg.split_once('=') else {
                    errors.push(format!("expected DebugCounter argument to have an `=` separating the counter name and value, but the provided argument is: `{arg}`"));
                    continue;
                };
                let Ok(value) = value.parse::<i64>() else {
                    errors.push(format!(
                        "expected DebugCounter counter value to be numeric, but got `{value}`"
                    ));
                    continue;
                };
                if let Some(tag) = name.strip_suffix("-skip") {
                    map.entry(tag.to_string()).or_insert((0, -1, -1)).1 = value;
                } else if let Some(tag) = name.strip_suffix("-count") {
                    map.entry(tag.to_string()).or_insert((0, -1, -1)).2 = value;
                } else {
                    errors.push(format!("expected DebugCounter counter name to end with either `-skip` or `-count`, but got `{name}`"));
                }
            }
        }
        (counter, errors)
    }

    /// Counts one occurrence of `tag` and says whether it may run.
    pub fn should_execute(&self, tag: &str) -> bool {
        let mut map = self.counters.lock().unwrap_or_else(|e| e.into_inner());
        let Some((count, skip, limit)) = map.get_mut(tag) else {
            return true;
        };
        *count += 1;
        if *skip < 0 {
            return true;
        }
        if *skip >= *count {
            return false;
        }
        if *limit < 0 {
            return true;
        }
        *limit + *skip >= *count
    }

    /// The report of `--mlir-print-debug-counter`.
    pub fn report(&self) -> String {
        let map = self.counters.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = String::from("DebugCounter counters:\n");
        for (tag, (count, skip, limit)) in map.iter() {
            out.push_str(&format!("{tag:<32}: {{{count},{skip},{limit}}}\n"));
        }
        out
    }
}

static COUNTER_ACTIVE: AtomicBool = AtomicBool::new(false);
static COUNTER: RwLock<Option<Arc<DebugCounter>>> = RwLock::new(None);

/// Installs `counter` (or removes it with `None`) for [`execute_action_or_skip`].
pub fn set_debug_counter(counter: Option<Arc<DebugCounter>>) {
    let mut c = COUNTER.write().unwrap_or_else(|e| e.into_inner());
    COUNTER_ACTIVE.store(counter.is_some(), Ordering::Release);
    *c = counter;
}

/// Runs `body` as the action `tag` unless the installed [`DebugCounter`]
/// skips it (`None`). Actions that can be skipped without breaking the IR
/// (running a pass, applying a pattern) go through this.
#[inline]
pub fn execute_action_or_skip<R>(
    tag: &str,
    desc: impl Fn() -> String,
    body: impl FnOnce() -> R,
) -> Option<R> {
    if COUNTER_ACTIVE.load(Ordering::Relaxed) {
        let counter = COUNTER.read().unwrap_or_else(|e| e.into_inner()).clone();
        if counter.is_some_and(|c| !c.should_execute(tag)) {
            return None;
        }
    }
    Some(execute_action(tag, desc, body))
}

/// Writes each action as a pair of Chrome trace events ("B" at its start,
/// "E" at its end) into a JSON array, as MLIR's `ActionProfiler`: the array
/// opens when the profiler is created and closes with [`finish`](Self::finish).
/// Events are separated by `,` and a newline written just before the next
/// event, so that whatever the tool prints in between (the IR) follows the
/// last event directly, as with mlir-opt.
pub struct ActionProfiler {
    out: Mutex<Box<dyn Write + Send>>,
    first: AtomicBool,
    start: Instant,
}

impl ActionProfiler {
    /// Starts a trace on `out` (writes the opening `[`).
    pub fn new(mut out: Box<dyn Write + Send>) -> ActionProfiler {
        let _ = out.write_all(b"[");
        let _ = out.flush();
        ActionProfiler {
            out: Mutex::new(out),
            first: AtomicBool::new(true),
            start: Instant::now(),
        }
    }

    /// Closes the JSON array (`]`) and flushes the output.
    pub fn finish(&self) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.write_all(b"]");
        let _ = out.flush();
    }

    fn event(&self, tag: &str, phase: char, desc: Option<String>) {
        let ts = self.start.elapsed().as_micros();
        let mut line = String::new();
        if !self.first.swap(false, Ordering::Relaxed) {
            line.push_str(",\n");
        }
        line.push_str(&format!(
            "{{\"name\": \"{}\", \"cat\": \"PERF\", \"ph\": \"{phase}\", \"pid\": 0, \"tid\": {}, \"ts\": {ts}",
            json_escape(tag),
            thread_index()
        ));
        if let Some(d) = desc {
            line.push_str(&format!(
                ", \"args\": {{\"desc\": \"{}\"}}",
                json_escape(&d)
            ));
        }
        line.push('}');
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.write_all(line.as_bytes());
        let _ = out.flush();
    }
}

impl ActionHandler for ActionProfiler {
    fn begin(&self, tag: &str, desc: &dyn Fn() -> String) {
        self.event(tag, 'B', Some(desc()));
    }
    fn end(&self, tag: &str) {
        self.event(tag, 'E', None);
    }
}

/// A small number identifying the current thread in traces (MLIR prints the
/// system's thread id, which the standard library does not expose): the
/// process id for the first thread that asks, then following numbers.
fn thread_index() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    thread_local! {
        static INDEX: u64 = {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            u64::from(std::process::id()) + n
        };
    }
    INDEX.with(|i| *i)
}

/// Escapes `s` for a JSON string literal.
fn json_escape(s: &str) -> String {
    let mut r = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => r.push_str("\\\""),
            '\\' => r.push_str("\\\\"),
            '\n' => r.push_str("\\n"),
            '\t' => r.push_str("\\t"),
            c if (c as u32) < 0x20 => r.push_str(&format!("\\u{:04x}", c as u32)),
            c => r.push(c),
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer sharing its bytes with the test.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn profiler_writes_nested_begin_end_events() {
        let buf = Shared::default();
        let p = Arc::new(ActionProfiler::new(Box::new(buf.clone())));
        set_action_handler(Some(p.clone()));
        let v = execute_action(
            "outer",
            || "the \"outer\" one".into(),
            || execute_action("inner", || "inner".into(), || 7),
        );
        set_action_handler(None);
        p.finish();
        assert_eq!(v, 7);
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines[0].starts_with("[{\"name\": \"outer\", \"cat\": \"PERF\", \"ph\": \"B\""));
        assert!(lines[0].ends_with("\"args\": {\"desc\": \"the \\\"outer\\\" one\"}},"));
        assert!(lines[1].starts_with("{\"name\": \"inner\", \"cat\": \"PERF\", \"ph\": \"B\""));
        assert!(lines[2].starts_with("{\"name\": \"inner\", \"cat\": \"PERF\", \"ph\": \"E\""));
        assert!(lines[3].starts_with("{\"name\": \"outer\", \"cat\": \"PERF\", \"ph\": \"E\""));
        assert!(lines[3].ends_with("}]"));
        // Without a handler, the body runs alone.
        assert_eq!(execute_action("x", || unreachable!(), || 3), 3);
    }
}
