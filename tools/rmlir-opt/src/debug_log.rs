//! `--debug` / `--debug-only=<types>`: LLVM's debug output for rmlir, built
//! on `tracing`.
//!
//! Components log debug events under a target named like LLVM's
//! `DEBUG_TYPE` (`greedy-rewriter`, `walk-rewriter`, ...). This module
//! installs a minimal global `tracing` subscriber that writes the message of
//! every enabled event to standard error, one line each, as `llvm::dbgs()`
//! does. `--debug` enables every target; `--debug-only=a,b` only the listed
//! ones. Without either flag no subscriber is installed, so logging costs a
//! relaxed atomic load per call site.

use std::fmt::Write as _;
use std::io::Write as _;

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::Interest;
use tracing::{Event, Level, Metadata, Subscriber};

/// Which debug targets are enabled.
#[derive(Clone, Debug)]
enum Filter {
    /// `--debug`: every target.
    All,
    /// `--debug-only=...`: these targets.
    Only(Vec<String>),
}

impl Filter {
    fn allows(&self, meta: &Metadata<'_>) -> bool {
        if *meta.level() > Level::DEBUG {
            return false;
        }
        match self {
            Filter::All => true,
            Filter::Only(targets) => targets.iter().any(|t| t == meta.target()),
        }
    }
}

/// Collects the `message` field of an event (and any other fields, as
/// `name=value`, for events that have them).
#[derive(Default)]
struct Line(String);

impl Visit for Line {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0.push_str(value);
        } else {
            let _ = write!(self.0, " {}={value}", field.name());
        }
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.0, "{value:?}");
        } else {
            let _ = write!(self.0, " {}={value:?}", field.name());
        }
    }
}

/// Writes enabled events to standard error; spans are not tracked.
struct DebugSubscriber {
    filter: Filter,
}

impl Subscriber for DebugSubscriber {
    fn register_callsite(&self, meta: &'static Metadata<'static>) -> Interest {
        if self.filter.allows(meta) {
            Interest::always()
        } else {
            Interest::never()
        }
    }
    fn enabled(&self, meta: &Metadata<'_>) -> bool {
        self.filter.allows(meta)
    }
    fn new_span(&self, _span: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _span: &Id, _values: &Record<'_>) {}
    fn record_follows_from(&self, _span: &Id, _follows: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut line = Line::default();
        event.record(&mut line);
        line.0.push('\n');
        // Debug output is best effort, like `llvm::dbgs()`: a closed stderr
        // must not abort the compilation.
        let _ = std::io::stderr().lock().write_all(line.0.as_bytes());
    }
    fn enter(&self, _span: &Id) {}
    fn exit(&self, _span: &Id) {}
}

/// Installs the debug subscriber: `all` for `--debug`, else the
/// comma-separated targets of `--debug-only` (several occurrences add up).
/// Does nothing when neither asks for output.
pub fn install(all: bool, only: &[String]) {
    let filter = if all {
        Filter::All
    } else {
        let targets: Vec<String> = only
            .iter()
            .flat_map(|s| s.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        if targets.is_empty() {
            return;
        }
        Filter::Only(targets)
    };
    // A second installation (a tool calling the driver twice) keeps the first.
    let _ = tracing::subscriber::set_global_default(DebugSubscriber { filter });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_matches_targets_and_levels() {
        static CS: tracing::callsite::DefaultCallsite =
            tracing::callsite::DefaultCallsite::new(&META);
        static META: Metadata<'static> = tracing::metadata!(
            name: "probe",
            target: "greedy-rewriter",
            level: Level::DEBUG,
            fields: &[],
            callsite: &CS,
            kind: tracing::metadata::Kind::EVENT
        );
        assert!(Filter::All.allows(&META));
        assert!(Filter::Only(vec!["greedy-rewriter".into()]).allows(&META));
        assert!(!Filter::Only(vec!["walk-rewriter".into()]).allows(&META));
    }
}
