//! Timing and statistics reports in mlir-opt's formats (`--mlir-timing`,
//! `--mlir-pass-statistics`), following `mlir/lib/Support/Timing.cpp` and
//! `mlir/lib/Pass/PassStatistics.cpp`.

use std::fmt::Write as _;
use std::time::Duration;

use super::manager::{OpPassManager, PassSlot};

/// Accumulated time of one pass or pipeline.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeRecord {
    /// Wall-clock time (for parallel runs, the longest thread's).
    pub wall: Duration,
    /// Time summed over all threads.
    pub user: Duration,
    /// How many times the timer ran (entries that never ran are not shown).
    pub count: u64,
    /// The largest worker wall time of a parallel run not yet added.
    pending_wall: Duration,
}

impl TimeRecord {
    /// Adds one run on the current thread.
    pub fn add_sequential(&mut self, d: Duration) {
        self.wall += d;
        self.user += d;
        self.count += 1;
    }
    /// Adds the record of one worker of a parallel run.
    pub(crate) fn merge_parallel(&mut self, worker: &TimeRecord) {
        self.user += worker.user;
        self.count += worker.count;
        self.pending_wall = self.pending_wall.max(worker.wall);
    }
    /// Ends a parallel run: the longest worker's wall time counts.
    pub(crate) fn finish_parallel(&mut self) {
        self.wall += self.pending_wall;
        self.pending_wall = Duration::ZERO;
    }
}

/// A timer nested in a pass run: an analysis it computed (`(A) Name`) or
/// a dynamic pipeline it ran (`'op' Pipeline`, holding that pipeline's
/// passes), kept in the order first used as MLIR's nested timers are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimerNode {
    pub name: String,
    pub time: TimeRecord,
    pub children: Vec<TimerNode>,
}

impl TimerNode {
    /// The timer `name` of `list`, created (last) on first use.
    pub(crate) fn child<'a>(list: &'a mut Vec<TimerNode>, name: &str) -> &'a mut TimerNode {
        match list.iter().position(|n| n.name == name) {
            Some(i) => &mut list[i],
            None => {
                list.push(TimerNode {
                    name: name.to_string(),
                    ..TimerNode::default()
                });
                list.last_mut().expect("just pushed")
            }
        }
    }

    /// Adds the timers of `other` (run on this thread) to `list`, merging
    /// timers of the same name.
    pub(crate) fn merge_sequential(list: &mut Vec<TimerNode>, other: &[TimerNode]) {
        for o in other {
            let n = Self::child(list, &o.name);
            n.time.wall += o.time.wall;
            n.time.user += o.time.user;
            n.time.count += o.time.count;
            Self::merge_sequential(&mut n.children, &o.children);
        }
    }

    /// Adds the timers of one worker of a parallel run to `list`.
    pub(crate) fn merge_parallel(list: &mut Vec<TimerNode>, worker: &[TimerNode]) {
        for w in worker {
            let n = Self::child(list, &w.name);
            n.time.merge_parallel(&w.time);
            Self::merge_parallel(&mut n.children, &w.children);
        }
    }

    /// Ends a parallel run for every timer of `list`.
    pub(crate) fn finish_parallel(list: &mut [TimerNode]) {
        for n in list {
            n.time.finish_parallel();
            Self::finish_parallel(&mut n.children);
        }
    }
}

/// The timers of the passes of `pm` as a tree (for a dynamic pipeline,
/// whose report lines nest under the pass that ran it).
pub(crate) fn timer_nodes(pm: &OpPassManager) -> Vec<TimerNode> {
    let mut out = Vec::new();
    for slot in &pm.passes {
        match slot {
            PassSlot::Pass {
                pass,
                time,
                analyses,
                ..
            } => {
                if time.count > 0 {
                    out.push(TimerNode {
                        name: pass.name().to_string(),
                        time: *time,
                        children: analyses.clone(),
                    });
                }
            }
            PassSlot::Adaptor(a) => {
                let mut ran: Vec<&OpPassManager> =
                    a.mgrs.iter().filter(|m| m.time.count > 0).collect();
                ran.sort_by_key(|m| m.first_run);
                let pipelines: Vec<TimerNode> = ran
                    .iter()
                    .map(|m| TimerNode {
                        name: format!("'{}' Pipeline", m.anchor_name()),
                        time: m.time,
                        children: timer_nodes(m),
                    })
                    .collect();
                if a.mgrs.len() > 1 && !ran.is_empty() {
                    let names: Vec<String> = a
                        .mgrs
                        .iter()
                        .map(|m| format!("'{}'", m.anchor_name()))
                        .collect();
                    let mut time = TimeRecord::default();
                    for m in &ran {
                        time.wall += m.time.wall;
                        time.user += m.time.user;
                        time.count += m.time.count;
                    }
                    out.push(TimerNode {
                        name: format!("Pipeline Collection : [{}]", names.join(", ")),
                        time,
                        children: pipelines,
                    });
                } else {
                    out.extend(pipelines);
                }
            }
        }
    }
    out
}

/// Zeroes the timing of `pm` and its passes, so that one run of a dynamic
/// pipeline can be added to the pass that runs it.
pub(crate) fn reset_timing(pm: &mut OpPassManager) {
    pm.time = TimeRecord::default();
    for slot in &mut pm.passes {
        match slot {
            PassSlot::Pass { time, analyses, .. } => {
                *time = TimeRecord::default();
                analyses.clear();
            }
            PassSlot::Adaptor(a) => a.mgrs.iter_mut().for_each(reset_timing),
        }
    }
}

fn push_nodes(nodes: &[TimerNode], depth: usize, out: &mut Vec<TimingEntry>) {
    for n in nodes {
        out.push(TimingEntry {
            name: n.name.clone(),
            depth,
            wall: n.time.wall,
            user: n.time.user,
            collection: n.name.starts_with("Pipeline Collection : "),
        });
        push_nodes(&n.children, depth + 1, out);
    }
}

/// One line of a timing report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingEntry {
    pub name: String,
    /// Nesting depth (two spaces of indentation each).
    pub depth: usize,
    pub wall: Duration,
    pub user: Duration,
    /// A `Pipeline Collection : [...]` line (the nested pipelines of one
    /// adaptor together), which only the list display shows.
    pub collection: bool,
}

/// How reports are arranged (`--mlir-timing-display`, `--mlir-pass-statistics-display`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum DisplayMode {
    /// Nested as the pipeline is (MLIR's `tree`/`pipeline`, the default).
    #[default]
    Pipeline,
    /// One merged entry per name (MLIR's `list`).
    List,
}

/// The timing lines of the passes of `pm` (its top-level passes at `depth`),
/// in pipeline order, with `'anchor' Pipeline` lines for nested pipelines.
pub fn timing_entries(pm: &OpPassManager, depth: usize) -> Vec<TimingEntry> {
    let mut out = Vec::new();
    collect_timing(pm, depth, &mut out);
    out
}

fn collect_timing(pm: &OpPassManager, depth: usize, out: &mut Vec<TimingEntry>) {
    for slot in &pm.passes {
        match slot {
            PassSlot::Pass {
                pass,
                time,
                analyses,
                ..
            } => {
                if time.count > 0 {
                    out.push(TimingEntry {
                        name: pass.name().to_string(),
                        depth,
                        wall: time.wall,
                        user: time.user,
                        collection: false,
                    });
                    push_nodes(analyses, depth + 1, out);
                }
            }
            PassSlot::Adaptor(a) => {
                // Pipelines in the order they first ran (MLIR creates their
                // timers on first use).
                let mut ran: Vec<&OpPassManager> =
                    a.mgrs.iter().filter(|m| m.time.count > 0).collect();
                ran.sort_by_key(|m| m.first_run);
                // An adaptor of several pipelines is shown as a collection
                // holding them; one of a single pipeline is hidden.
                let inner = if a.mgrs.len() > 1 && !ran.is_empty() {
                    let names: Vec<String> = a
                        .mgrs
                        .iter()
                        .map(|m| format!("'{}'", m.anchor_name()))
                        .collect();
                    out.push(TimingEntry {
                        name: format!("Pipeline Collection : [{}]", names.join(", ")),
                        depth,
                        wall: ran.iter().map(|m| m.time.wall).sum(),
                        user: ran.iter().map(|m| m.time.user).sum(),
                        collection: true,
                    });
                    depth + 1
                } else {
                    depth
                };
                for m in ran {
                    out.push(TimingEntry {
                        name: format!("'{}' Pipeline", m.anchor_name()),
                        depth: inner,
                        wall: m.time.wall,
                        user: m.time.user,
                        collection: false,
                    });
                    collect_timing(m, inner + 1, out);
                }
            }
        }
    }
}

const RULE: &str =
    "===-------------------------------------------------------------------------===";

fn centered_title(out: &mut String, title: &str) {
    let pad = (80 - title.len()) / 2;
    let _ = writeln!(out, "{RULE}");
    let _ = writeln!(out, "{:pad$}{title}", "");
    let _ = writeln!(out, "{RULE}");
}

/// The lines of a report in display order, `Rest` included (the list
/// display, as mlir-opt 22 prints it, merges lines by name, adds the `root`
/// timer and sorts by decreasing wall time; `Rest` stays last).
fn report_lines(
    entries: &[TimingEntry],
    total_wall: Duration,
    total_user: Duration,
    mode: DisplayMode,
) -> Vec<TimingEntry> {
    let (mut list, rest): (Vec<TimingEntry>, Vec<TimingEntry>) = match mode {
        DisplayMode::Pipeline => (entries.to_vec(), Vec::new()),
        DisplayMode::List => {
            let mut merged: Vec<TimingEntry> = vec![TimingEntry {
                name: "root".into(),
                depth: 0,
                wall: total_wall,
                user: total_user,
                collection: false,
            }];
            let mut rest = Vec::new();
            for e in entries {
                if e.name == "Rest" && e.depth == 0 {
                    rest.push(e.clone());
                    continue;
                }
                match merged.iter_mut().find(|m| m.name == e.name) {
                    Some(m) => {
                        m.wall += e.wall;
                        m.user += e.user;
                    }
                    None => merged.push(TimingEntry {
                        depth: 0,
                        ..e.clone()
                    }),
                }
            }
            merged.sort_by_key(|e| std::cmp::Reverse(e.wall));
            (merged, rest)
        }
    };
    list.extend(rest);
    list
}

/// The JSON report (MLIR's `OutputJsonStrategy`).
fn format_timing_json(
    entries: &[TimingEntry],
    total_wall: Duration,
    total_user: Duration,
    show_user: bool,
    mode: DisplayMode,
) -> String {
    let list = report_lines(entries, total_wall, total_user, mode);
    let times = |e: &TimingEntry| {
        let f = |d: Duration, total: Duration| {
            let t = d.as_secs_f64();
            let pct = 100.0 * t / total.as_secs_f64().max(1e-12);
            format!("{{\"duration\": {t:8.4}, \"percentage\": {pct:5.1}}}")
        };
        let mut s = String::new();
        if show_user {
            s.push_str(&format!("\"user\": {}, ", f(e.user, total_user)));
        }
        s.push_str(&format!("\"wall\": {}", f(e.wall, total_wall)));
        s
    };
    let mut out = String::from("[\n");
    let tree = matches!(mode, DisplayMode::Pipeline);
    let mut open: Vec<usize> = Vec::new();
    let close_to = |out: &mut String, open: &mut Vec<usize>, depth: usize| {
        while open.last().is_some_and(|&d| d >= depth) {
            let d = open.pop().unwrap_or(0);
            let _ = writeln!(out, "{:w$}{{}}]}},", "", w = 2 * d);
        }
    };
    for e in &list {
        let leaf = !tree || (e.name == "Rest" && e.depth == 0);
        if tree {
            close_to(&mut out, &mut open, e.depth);
        }
        if leaf {
            let _ = writeln!(out, "{{{}, \"name\": \"{}\"}},", times(e), e.name);
        } else {
            let _ = writeln!(
                out,
                "{:w$}{{{}, \"name\": \"{}\", \"passes\": [",
                "",
                times(e),
                e.name,
                w = 2 * e.depth
            );
            open.push(e.depth);
        }
    }
    close_to(&mut out, &mut open, 0);
    let total = TimingEntry {
        name: "Total".into(),
        depth: 0,
        wall: total_wall,
        user: total_user,
        collection: false,
    };
    let _ = writeln!(out, "{{{}, \"name\": \"Total\"}}", times(&total));
    out.push_str("]\n");
    out
}

/// Formats an execution time report as mlir-opt prints it: a header, the
/// total, then one line per entry and a `Total` line. `show_user` adds
/// the `User Time` column (mlir-opt shows it when threading is enabled).
/// In [`DisplayMode::List`] entries with the same name are merged and
/// sorted by decreasing wall time.
pub fn format_timing_report(
    entries: &[TimingEntry],
    total_wall: Duration,
    total_user: Duration,
    show_user: bool,
    mode: DisplayMode,
) -> String {
    format_timing_report_as(entries, total_wall, total_user, show_user, mode, false)
}

/// [`format_timing_report`] as text, or with `json` as mlir-opt's
/// `--mlir-output-format=json`: a JSON array of timers (nested under
/// `passes` in the tree display).
pub fn format_timing_report_as(
    entries: &[TimingEntry],
    total_wall: Duration,
    total_user: Duration,
    show_user: bool,
    mode: DisplayMode,
    json: bool,
) -> String {
    if json {
        return format_timing_json(entries, total_wall, total_user, show_user, mode);
    }
    let mut out = String::new();
    centered_title(&mut out, "... Execution time report ...");
    let _ = writeln!(
        out,
        "  Total Execution Time: {:.4} seconds\n",
        total_wall.as_secs_f64()
    );
    if show_user {
        let _ = writeln!(out, "  ----User Time----  ----Wall Time----  ----Name----");
    } else {
        let _ = writeln!(out, "  ----Wall Time----  ----Name----");
    }
    let list = report_lines(entries, total_wall, total_user, mode);
    let col = |out: &mut String, d: Duration, total: Duration| {
        let t = d.as_secs_f64();
        let pct = 100.0 * t / total.as_secs_f64().max(1e-12);
        let _ = write!(out, "  {t:8.4} ({pct:5.1}%)");
    };
    let line = |out: &mut String, name: &str, depth: usize, wall: Duration, user: Duration| {
        if show_user {
            col(out, user, total_user);
        }
        col(out, wall, total_wall);
        let _ = writeln!(out, "  {:w$}{name}", "", w = 2 * depth);
    };
    for e in &list {
        line(&mut out, &e.name, e.depth, e.wall, e.user);
    }
    line(&mut out, "Total", 0, total_wall, total_user);
    out
}

/// One statistic: name, description, value.
type StatLine = (&'static str, &'static str, u64);

/// Formats the statistics of the passes of `pm` as mlir-opt's pass
/// statistics report (MLIR's `printStatistics`).
pub fn format_statistics_report(pm: &OpPassManager, mode: DisplayMode) -> String {
    let mut out = String::new();
    centered_title(&mut out, "... Pass statistics report ...");
    match mode {
        DisplayMode::Pipeline => {
            for slot in &pm.passes {
                stats_pipeline(&mut out, 0, slot);
            }
        }
        DisplayMode::List => {
            let mut merged: Vec<(String, Vec<StatLine>)> = Vec::new();
            collect_stats_list(pm, &mut merged);
            merged.sort_by(|a, b| a.0.cmp(&b.0));
            for (name, stats) in merged {
                print_pass_entry(&mut out, 2, &name, stats);
            }
        }
    }
    out.push('\n');
    out
}

fn collect_stats_list(pm: &OpPassManager, merged: &mut Vec<(String, Vec<StatLine>)>) {
    for slot in &pm.passes {
        match slot {
            PassSlot::Pass { pass, stats, .. } => {
                let infos = pass.statistics();
                if infos.is_empty() {
                    continue;
                }
                match merged.iter_mut().find(|(n, _)| n == pass.name()) {
                    Some((_, entry)) => {
                        for (e, v) in entry.iter_mut().zip(stats) {
                            e.2 += *v;
                        }
                    }
                    None => merged.push((
                        pass.name().to_string(),
                        infos
                            .iter()
                            .zip(stats)
                            .map(|(i, &v)| (i.name, i.description, v))
                            .collect(),
                    )),
                }
            }
            PassSlot::Adaptor(a) => {
                for m in &a.mgrs {
                    collect_stats_list(m, merged);
                }
            }
        }
    }
}

fn stats_pipeline(out: &mut String, mut indent: usize, slot: &PassSlot) {
    match slot {
        PassSlot::Pass { pass, stats, .. } => {
            let entries = pass
                .statistics()
                .iter()
                .zip(stats)
                .map(|(i, &v)| (i.name, i.description, v))
                .collect();
            print_pass_entry(out, indent, pass.name(), entries);
        }
        PassSlot::Adaptor(a) => {
            if a.mgrs.len() > 1 {
                let names: Vec<String> = a
                    .mgrs
                    .iter()
                    .map(|m| format!("'{}'", m.anchor_name()))
                    .collect();
                let name = format!("Pipeline Collection : [{}]", names.join(", "));
                print_pass_entry(out, indent, &name, Vec::new());
                indent += 2;
            }
            for m in &a.mgrs {
                let name = format!("'{}' Pipeline", m.anchor_name());
                print_pass_entry(out, indent, &name, Vec::new());
                for s in &m.passes {
                    stats_pipeline(out, indent + 2, s);
                }
            }
        }
    }
}

/// One pass and its statistics, sorted by name, values right-aligned and
/// names left-aligned (MLIR's `printPassEntry`).
fn print_pass_entry(out: &mut String, indent: usize, pass: &str, mut stats: Vec<StatLine>) {
    let _ = writeln!(out, "{:indent$}{pass}", "");
    if stats.is_empty() {
        return;
    }
    stats.sort_by(|a, b| a.0.cmp(b.0));
    let name_w = stats.iter().map(|s| s.0.len()).max().unwrap_or(0);
    let val_w = stats
        .iter()
        .map(|s| s.2.to_string().len())
        .max()
        .unwrap_or(0);
    for (name, desc, v) in stats {
        let _ = writeln!(
            out,
            "{:w$}(S) {v:>val_w$} {name:<name_w$} - {desc}",
            "",
            w = indent + 2
        );
    }
}
