//! What the greedy driver remembers about its own progress, so that when it
//! stops at `max-iterations`, `max-num-rewrites` or its change budget it
//! can say why: which
//! patterns fired last, which of them undo each other on which op, whether
//! the IR keeps growing, and which option would change the outcome.
//!
//! # Cost
//!
//! Recording must not cost measurable time when the driver converges, so a
//! change records one fixed-size entry (a pattern's address, the op's name
//! and location, the iteration: plain copies) into a ring buffer of the
//! last [`RING`] changes, and an iteration records its op count and counters
//! once. Names are only looked up, and the history only analysed, when a
//! report is asked for.

use mlir_ir::{Context, Diagnostic, Location, OpName};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern};

use super::{ChangeBudget, NotConverged};

/// How many of the most recent changes are remembered.
pub(crate) const RING: usize = 256;

/// The `pattern` of a change made by folding an op.
const FOLD: usize = 0;
/// The `pattern` of a change that erased a trivially dead op.
const DEAD: usize = 1;

/// One change of the IR by the driver.
#[derive(Copy, Clone)]
struct Change {
    /// The address of the pattern in the frozen set (its identity), or
    /// [`FOLD`] / [`DEAD`].
    pattern: usize,
    /// The op's name and location, captured before the rewrite (the op
    /// itself may be gone by the time of the report; its location and
    /// name identify it, also across replacements).
    name: OpName,
    loc: Location,
    /// The iteration of the region driver (1-based; 1 for the op-list driver).
    iteration: u32,
}

/// What one iteration of the region driver did.
#[derive(Copy, Clone, Default)]
struct Iteration {
    /// Ops in the region when the iteration started (its worklist seed).
    ops: usize,
    /// Successful pattern applications, folds and dead-op erasures.
    rewrites: u64,
    folds: u64,
    dead: u64,
    /// Whether it stopped at `max_num_rewrites` with ops still queued.
    hit_rewrite_cap: bool,
}

/// The driver's record of its changes; see the module comment.
#[derive(Default)]
pub(crate) struct History {
    ring: Vec<Change>,
    /// Where the next change goes once the ring is full.
    next: usize,
    iteration: u32,
    iterations: Vec<Iteration>,
}

/// The changes at one site (an op known by location and name): the
/// patterns applied there in order, and the iterations they came in.
type SiteChanges = ((Location, OpName), Vec<usize>, Vec<u32>);

/// What the driver was configured with, for the report's advice.
pub(crate) struct Limits {
    pub(crate) max_num_rewrites: Option<u64>,
    pub(crate) change_budget: Option<ChangeBudget>,
}

impl History {
    /// Starts iteration `n` (1-based) of a region of `ops` ops.
    pub(crate) fn begin_iteration(&mut self, ops: usize) {
        self.iteration += 1;
        self.iterations.push(Iteration {
            ops,
            ..Default::default()
        });
    }

    fn current(&mut self) -> &mut Iteration {
        if self.iterations.is_empty() {
            // The op-list driver has one implicit iteration.
            self.begin_iteration(0);
        }
        self.iterations.last_mut().expect("just ensured")
    }

    #[inline]
    fn push(&mut self, change: Change) {
        if self.ring.len() < RING {
            if self.ring.capacity() == 0 {
                self.ring.reserve_exact(RING);
            }
            self.ring.push(change);
        } else {
            self.ring[self.next] = change;
            self.next = (self.next + 1) % RING;
        }
    }

    /// Records that `pattern` was applied to `op`.
    #[inline]
    pub(crate) fn applied(&mut self, pattern: &Pattern, name: OpName, loc: Location) {
        let iteration = self.iteration.max(1);
        self.current().rewrites += 1;
        self.push(Change {
            pattern: pattern as *const Pattern as usize,
            name,
            loc,
            iteration,
        });
    }

    /// Records that `op` was folded.
    #[inline]
    pub(crate) fn folded(&mut self, name: OpName, loc: Location) {
        let iteration = self.iteration.max(1);
        self.current().folds += 1;
        self.push(Change {
            pattern: FOLD,
            name,
            loc,
            iteration,
        });
    }

    /// Records that the trivially dead `op` was erased.
    #[inline]
    pub(crate) fn erased_dead(&mut self, name: OpName, loc: Location) {
        let iteration = self.iteration.max(1);
        self.current().dead += 1;
        self.push(Change {
            pattern: DEAD,
            name,
            loc,
            iteration,
        });
    }

    /// Records that the current iteration stopped at the rewrite cap with
    /// ops still queued.
    pub(crate) fn hit_rewrite_cap(&mut self) {
        self.current().hit_rewrite_cap = true;
    }

    /// The remembered changes, oldest first.
    fn changes(&self) -> impl Iterator<Item = &Change> {
        self.ring[self.next..].iter().chain(&self.ring[..self.next])
    }

    /// Explains a non-convergence as notes (what fired, cycles, growth,
    /// which option to change). Locations are those of the ops involved;
    /// `at` is used for notes about the whole rewrite.
    pub(crate) fn explain(
        &self,
        ctx: &Context,
        patterns: &FrozenRewritePatternSet,
        why: &NotConverged,
        limits: &Limits,
        at: Location,
    ) -> Vec<Diagnostic> {
        let name_of = |id: usize| -> String {
            match id {
                FOLD => "(folding)".to_string(),
                DEAD => "(erasing dead ops)".to_string(),
                _ => patterns
                    .patterns()
                    .iter()
                    .find(|b| b.pattern() as *const Pattern as usize == id)
                    .map(|b| {
                        let p = b.pattern();
                        if p.debug_name().is_empty() {
                            match p.root_kind() {
                                Some(root) => {
                                    format!("<unnamed pattern on {}>", ctx.op_name_str(root))
                                }
                                None => "<unnamed pattern>".to_string(),
                            }
                        } else {
                            p.debug_name().to_string()
                        }
                    })
                    .unwrap_or_else(|| "<unknown pattern>".to_string()),
            }
        };
        let mut notes = Vec::new();
        let mut note = |loc: Location, msg: String| {
            notes.push(Diagnostic::new(
                mlir_ir::diagnostics::Severity::Note,
                loc,
                msg,
            ))
        };
        let remembered = self.ring.len();
        let truncated = self.ring.len() == RING;
        let last_iteration = self.iteration.max(1);

        // 1. What fired in the last iteration.
        let mut last: Vec<(usize, u64)> = Vec::new();
        for c in self.changes().filter(|c| c.iteration == last_iteration) {
            match last.iter_mut().find(|(p, _)| *p == c.pattern) {
                Some((_, n)) => *n += 1,
                None => last.push((c.pattern, 1)),
            }
        }
        last.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        if let Some(it) = self.iterations.last() {
            let total = it.rewrites + it.folds + it.dead;
            let which = match why {
                NotConverged::MaxIterations(_) => format!("iteration {last_iteration}"),
                NotConverged::MaxNumRewrites(_) => "the worklist pass".to_string(),
                NotConverged::ChangeBudget { .. } => format!("iteration {last_iteration}"),
            };
            if last.is_empty() {
                note(
                    at,
                    format!(
                        "{which} changed the IR only by simplifying its control flow \
                         (unreachable blocks, block arguments or block merging)"
                    ),
                );
            } else {
                let list: Vec<String> = last
                    .iter()
                    .map(|&(p, n)| format!("'{}' x{n}", name_of(p)))
                    .collect();
                let among = if truncated {
                    format!(" (counts among the last {remembered} changes)")
                } else {
                    String::new()
                };
                note(
                    at,
                    format!(
                        "{which} applied {} pattern(s), {} fold(s) and erased {} dead op(s) \
                         ({total} change(s)): {}{among}",
                        it.rewrites,
                        it.folds,
                        it.dead,
                        list.join(", ")
                    ),
                );
            }
        }

        // 2. Cycles: patterns that keep firing on the same op. An op is
        // known by its location (kept when patterns replace it) and name.
        let mut sites: Vec<SiteChanges> = Vec::new();
        for c in self.changes() {
            if c.pattern == DEAD {
                continue;
            }
            let key = (c.loc, c.name);
            match sites.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, seq, its)) => {
                    seq.push(c.pattern);
                    if its.last() != Some(&c.iteration) {
                        its.push(c.iteration);
                    }
                }
                None => sites.push((key, vec![c.pattern], vec![c.iteration])),
            }
        }
        // The busiest sites first; ties keep the order of first change.
        sites.sort_by_key(|(_, seq, _)| std::cmp::Reverse(seq.len()));
        let mut cyclic: Vec<usize> = Vec::new();
        let mut reported = 0;
        for ((loc, name), seq, its) in &sites {
            if seq.len() < 2 || reported == 3 {
                continue;
            }
            let mut distinct: Vec<(usize, u64)> = Vec::new();
            for &p in seq {
                match distinct.iter_mut().find(|(q, _)| *q == p) {
                    Some((_, n)) => *n += 1,
                    None => distinct.push((p, 1)),
                }
            }
            let counts: Vec<String> = distinct
                .iter()
                .map(|&(p, n)| format!("'{}' {n} time(s)", name_of(p)))
                .collect();
            let op = ctx.op_name_str(*name);
            if distinct.len() >= 2 && distinct.iter().all(|&(_, n)| n >= 2) {
                // A period as long as the number of distinct patterns means
                // each undoes what the others did.
                let period = distinct.len();
                let periodic = seq.windows(period + 1).all(|w| w[0] == w[period]);
                let names: Vec<String> = distinct
                    .iter()
                    .map(|&(p, _)| format!("'{}'", name_of(p)))
                    .collect();
                let how = if periodic && period == 2 {
                    format!("{} and {} undo each other", names[0], names[1])
                } else if periodic {
                    format!("{} undo each other in turn", names.join(", "))
                } else {
                    format!("{} keep rewriting it", names.join(", "))
                };
                note(
                    *loc,
                    format!("cycle on '{op}' here: {how} ({})", counts.join(", ")),
                );
                cyclic.extend(distinct.iter().map(|&(p, _)| p));
                reported += 1;
            } else if distinct.len() == 1 && distinct[0].0 != FOLD {
                let p = name_of(distinct[0].0);
                let when = if its.len() > 1 {
                    format!("in each of the last {} iterations", its.len())
                } else {
                    format!("{} times in one iteration", seq.len())
                };
                note(
                    *loc,
                    format!("'{p}' keeps applying to '{op}' here ({when})"),
                );
                cyclic.push(distinct[0].0);
                reported += 1;
            }
        }

        // 3. Growth: the op count at the start of each iteration.
        let counts: Vec<usize> = self.iterations.iter().map(|i| i.ops).collect();
        let growing = counts.len() >= 3 && counts.windows(2).all(|w| w[1] > w[0]);
        let shrinking = counts.len() >= 2 && counts.windows(2).all(|w| w[1] < w[0]);
        if matches!(why, NotConverged::MaxIterations(_)) && counts.len() >= 2 {
            let shown: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
            if growing {
                note(
                    at,
                    format!(
                        "the IR grows in every iteration ({} ops at the start of each): \
                         a pattern keeps creating ops, so no iteration limit is enough",
                        shown.join(", ")
                    ),
                );
            } else if shrinking {
                note(
                    at,
                    format!(
                        "the IR shrinks in every iteration ({} ops at the start of each): \
                         it may still converge with more iterations",
                        shown.join(", ")
                    ),
                );
            }
        }

        // 4. Which option would change the outcome.
        let capped: Vec<bool> = self.iterations.iter().map(|i| i.hit_rewrite_cap).collect();
        let all_capped = !capped.is_empty() && capped.iter().all(|&c| c);
        match why {
            NotConverged::MaxIterations(n) => {
                if all_capped {
                    let r = limits.max_num_rewrites.unwrap_or(0);
                    note(
                        at,
                        format!(
                            "every iteration stopped at max-num-rewrites={r} with ops still queued: \
                             the patterns re-trigger each other within one iteration (without \
                             max-num-rewrites the driver would not terminate); raising \
                             max-num-rewrites or max-iterations will not help"
                        ),
                    );
                } else if capped.last() == Some(&true) {
                    let r = limits.max_num_rewrites.unwrap_or(0);
                    note(
                        at,
                        format!("the last iteration stopped at max-num-rewrites={r} with ops still queued: raising max-num-rewrites may help"),
                    );
                }
                if cyclic.is_empty() && !growing && !all_capped {
                    note(
                        at,
                        format!("no cycle found: raising max-iterations (now {n}) may let the rewrite converge"),
                    );
                } else if !all_capped && !growing {
                    note(
                        at,
                        format!("raising max-iterations (now {n}) will not help while patterns keep re-applying"),
                    );
                }
            }
            NotConverged::MaxNumRewrites(n) => {
                if cyclic.is_empty() {
                    note(
                        at,
                        format!("ops were still queued after max-num-rewrites={n}: raising it may let the rewrite finish"),
                    );
                } else {
                    note(
                        at,
                        format!("ops were still queued after max-num-rewrites={n}; raising it will not help while patterns keep re-applying"),
                    );
                }
            }
            NotConverged::ChangeBudget { limit, ops } => {
                let (per_op, floor) = limits.change_budget.map_or((0, 0), |b| (b.per_op, b.floor));
                note(
                    at,
                    format!(
                        "the run made more than {limit} rewrites and folds, its change budget \
                         for {ops} ops ({per_op} per op, at least {floor}): rmlir's driver \
                         ends runs that would not end otherwise (MLIR's would not); raising \
                         max-iterations or max-num-rewrites will not help"
                    ),
                );
                if cyclic.is_empty() {
                    note(
                        at,
                        "no cycle found among the last changes: if the rewrite converges, a \
                         larger GreedyRewriteConfig::change_budget (or none) lets it finish"
                            .to_string(),
                    );
                }
            }
        }
        let disable: Vec<String> = {
            let mut seen: Vec<usize> = Vec::new();
            for p in cyclic {
                if p != FOLD && p != DEAD && !seen.contains(&p) {
                    seen.push(p);
                }
            }
            seen.into_iter().map(name_of).collect()
        };
        if !disable.is_empty() {
            let options: Vec<String> = disable
                .iter()
                .map(|d| format!("disable-patterns={d}"))
                .collect();
            let which = if options.len() > 1 {
                "one of the patterns involved"
            } else {
                "the pattern involved"
            };
            note(
                at,
                format!("{} ({which}) would stop it", options.join(" or ")),
            );
        }
        notes
    }
}
