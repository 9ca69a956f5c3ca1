//! Running nested pipelines over the isolated ops of a region, in place or
//! on worker threads (MLIR's `OpToOpPassAdaptor::runOnOperationImpl` and
//! `runOnOperationAsyncImpl`).
//!
//! # How workers get exclusive access
//!
//! The IR is one `Ir` arena handed around as `&mut Ir`, so two threads cannot
//! both hold it. Each isolated op to process is therefore given a private
//! arena: its region contents are moved out of the shared arena with
//! [`Ir::move_region_contents`] into a fresh `Ir` under a *stand-in* op (same
//! name, location, properties, attributes and result types), whose
//! ancestors are mirrored shallowly (name and attributes, one block holding
//! the child) so that parent checks and attribute lookups up the tree behave
//! as in the shared arena. Workers under [`std::thread::scope`] take the
//! next op and move its body out while holding the one lock on the shared
//! arena (so bodies leave it in op order, and one worker's move overlaps
//! the others' pipelines), run the nested pipeline on their private arena
//! with their own clone of the pass list, and the bodies are moved back in
//! op order after the join, together with the stand-in's attributes. No
//! `unsafe` is involved: each private arena is owned by one job behind an
//! uncontended `Mutex`.
//!
//! # Determinism
//!
//! Every private arena starts empty, so slot numbers, slot reuse and
//! anything that depends on them are a function of the op alone, whatever
//! thread runs it and whatever it ran before. Diagnostics are buffered per
//! op (a thread-local order id read by a context handler) and emitted in
//! op order after the join. Every op is processed even when another one
//! failed, as mlir-opt 22 does in its sequential mode, so a failing run
//! reports the same diagnostics with any number of threads (mlir-opt's
//! parallel mode stops handing out work after a failure, which makes its
//! report depend on scheduling; rmlir does not copy that). Statistics
//! of the worker clones are summed into the original passes; times are
//! merged as MLIR does (user time summed, wall time the longest thread).
//!
//! Ops that have operands or successors (values from outside cannot be moved
//! into a private arena) are run in place on the calling thread after the
//! parallel part, in op order.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::{BlockRef, Ir, OpRef, OperationState};

use super::manager::{run_pipeline, Adaptor, Exec, OpPassManager, PassSlot};

thread_local! {
    /// The position of the op whose pipeline the current thread runs, while
    /// diagnostics are being buffered; read by the ordering handler.
    static ORDER_ID: Cell<Option<usize>> = const { Cell::new(None) };
}

/// What a job emitted while running on a worker: a diagnostic, or text for
/// standard error (IR dumps of `--mlir-print-ir-*`).
enum Buffered {
    Diag(Diagnostic),
    Text(String),
    /// Text for standard output (test listeners that print as they go).
    Stdout(String),
}

type Sink = Arc<Mutex<Vec<(usize, Buffered)>>>;

thread_local! {
    /// Where the current thread buffers output while it runs jobs of a
    /// parallel adaptor.
    static SINK: std::cell::RefCell<Option<Sink>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the thread's output buffered into `sink`.
fn with_sink<R>(sink: Sink, f: impl FnOnce() -> R) -> R {
    let prev = SINK.with(|s| s.replace(Some(sink)));
    let r = f();
    SINK.with(|s| *s.borrow_mut() = prev);
    r
}

/// Writes `text` to standard error, or, inside a job of a parallel adaptor,
/// buffers it to be written in op order after the join, so that the output
/// does not depend on scheduling (instrumentation dumps use this).
pub(crate) fn write_stderr_ordered(text: &str) {
    let buffered = ORDER_ID.with(|c| c.get()).and_then(|id| {
        SINK.with(|s| {
            s.borrow().as_ref().map(|sink| {
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((id, Buffered::Text(text.to_string())));
            })
        })
    });
    if buffered.is_none() {
        let mut err = std::io::stderr().lock();
        let _ = std::io::Write::write_all(&mut err, text.as_bytes());
        let _ = std::io::Write::flush(&mut err);
    }
}

/// Writes `text` to standard output, or, inside a job of a parallel
/// adaptor, buffers it to be written in op order after the join, like
/// [`write_stderr_ordered`]: what a pass prints as it runs (e.g. a test
/// listener's notifications) then comes out in the same order with any
/// number of threads.
pub fn write_stdout_ordered(text: &str) {
    let buffered = ORDER_ID.with(|c| c.get()).and_then(|id| {
        SINK.with(|s| {
            s.borrow().as_ref().map(|sink| {
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((id, Buffered::Stdout(text.to_string())));
            })
        })
    });
    if buffered.is_none() {
        let mut out = std::io::stdout().lock();
        let _ = std::io::Write::write_all(&mut out, text.as_bytes());
        let _ = std::io::Write::flush(&mut out);
    }
}

/// Runs `f` with the thread's order id set to `id`.
fn with_order_id<R>(id: usize, f: impl FnOnce() -> R) -> R {
    let prev = ORDER_ID.with(|c| c.replace(Some(id)));
    let r = f();
    ORDER_ID.with(|c| c.set(prev));
    r
}

/// The ops directly nested in `op` with the index of the pass manager that
/// runs on each.
fn collect_work(a: &Adaptor, ir: &Ir, op: OpRef) -> Vec<(usize, OpRef)> {
    let ctx = ir.ctx();
    let mut known: Vec<(mlir_ir::OpName, Option<usize>)> = Vec::new();
    let mut work = Vec::new();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for child in ir.block_ops(b) {
                let name = ir.op_name(child);
                let idx = match known.iter().find(|(n, _)| *n == name) {
                    Some(&(_, i)) => i,
                    None => {
                        let i = a.mgrs.iter().position(|m| m.can_schedule_on(ctx, name));
                        known.push((name, i));
                        i
                    }
                };
                if let Some(i) = idx {
                    work.push((i, child));
                }
            }
        }
    }
    work
}

/// Runs the adaptor's pass managers on the ops nested in `op`.
pub(crate) fn run_adaptor(
    a: &mut Adaptor,
    ir: &mut Ir,
    op: OpRef,
    exec: &Exec<'_>,
) -> Result<(), ()> {
    let work = collect_work(a, ir, op);
    let movable = work.iter().filter(|&&(_, c)| movable(ir, c)).count();
    if exec.threads <= 1 || movable < 2 {
        // Like mlir-opt 22, every op is processed even after one failed, so
        // all their diagnostics are reported; the adaptor fails at the end.
        let mut result = Ok(());
        for (i, child) in work {
            if run_pipeline(&mut a.mgrs[i], ir, child, exec).is_err() {
                result = Err(());
                // After a panic the IR may be inconsistent: stop here.
                if super::crash::panicked() {
                    break;
                }
            }
        }
        return result;
    }
    run_parallel(a, ir, work, exec)
}

/// Whether `op`'s body can be moved to a private arena: no operands or
/// successors refer to values or blocks outside it.
fn movable(ir: &Ir, op: OpRef) -> bool {
    ir.num_operands(op) == 0 && ir.num_successors(op) == 0
}

/// One op to process.
struct Job {
    mgr: usize,
    op: OpRef,
    /// Whether the op's body can be moved to a private arena (no operands or
    /// successors); the others run in place after the parallel part.
    movable: bool,
    /// The private arena and the stand-in op, once the body was moved out.
    local: Option<(Ir, OpRef)>,
    failed: bool,
    /// A pass panicked on this op: its private arena is dropped, not moved back.
    panicked: bool,
}

/// Builds a private arena for `op`: its ancestors mirrored shallowly, and a
/// stand-in for `op` with empty regions (to receive the body).
fn make_private_arena(ir: &Ir, op: OpRef) -> (Ir, OpRef) {
    let mut local = Ir::new(ir.ctx_arc().clone());
    let mut chain = Vec::new();
    let mut cur = ir.op_parent_op(op);
    while let Some(p) = cur {
        chain.push(p);
        cur = ir.op_parent_op(p);
    }
    let shallow = |local: &mut Ir, o: OpRef| -> OpRef {
        let mut st = OperationState::new(ir.op_name(o), ir.op_loc(o));
        st.result_types.extend(ir.result_types(o));
        st.num_empty_regions = ir.num_regions(o) as u32;
        st.properties = ir.op_properties(o);
        st.attributes = Some(ir.op_attributes(o));
        local.create_op(st)
    };
    let mut parent_block: Option<BlockRef> = None;
    let child_of = |local: &mut Ir, o: OpRef, parent_block: &mut Option<BlockRef>| -> OpRef {
        let new = shallow(local, o);
        if let Some(b) = *parent_block {
            local.append_op(b, new);
        }
        new
    };
    for (k, &anc) in chain.iter().enumerate().rev() {
        let new = child_of(&mut local, anc, &mut parent_block);
        // The region of `anc` that holds the next op down the chain.
        let below = if k == 0 { op } else { chain[k - 1] };
        let ri = ir
            .op_parent_region(below)
            .and_then(|r| ir.region_number(r))
            .unwrap_or(0);
        let b = local.create_block();
        let r = local.region(new, ri);
        local.append_block(r, b);
        parent_block = Some(b);
    }
    let stand_in = child_of(&mut local, op, &mut parent_block);
    (local, stand_in)
}

/// Adds the counters of `worker` (same structure) to `main`: statistics and
/// user time summed; wall time kept as a pending maximum over the workers
/// until [`finish_merge`].
fn merge_worker(main: &mut OpPassManager, worker: &OpPassManager) {
    main.time.merge_parallel(&worker.time);
    if let Some(w) = worker.first_run {
        main.first_run = Some(main.first_run.map_or(w, |m| m.min(w)));
    }
    for (m, w) in main.passes.iter_mut().zip(&worker.passes) {
        match (m, w) {
            (
                PassSlot::Pass {
                    stats,
                    time,
                    analyses,
                    ..
                },
                PassSlot::Pass {
                    stats: ws,
                    time: wt,
                    analyses: wa,
                    ..
                },
            ) => {
                for (x, y) in stats.iter_mut().zip(ws) {
                    *x += *y;
                }
                time.merge_parallel(wt);
                super::report::TimerNode::merge_parallel(analyses, wa);
            }
            (PassSlot::Adaptor(ma), PassSlot::Adaptor(wa)) => {
                for (mm, wm) in ma.mgrs.iter_mut().zip(&wa.mgrs) {
                    merge_worker(mm, wm);
                }
            }
            _ => unreachable!("worker pipelines are clones of the main one"),
        }
    }
}

/// Folds the pending parallel maxima of `pm` into its totals.
fn finish_merge(pm: &mut OpPassManager) {
    pm.time.finish_parallel();
    for slot in &mut pm.passes {
        match slot {
            PassSlot::Pass { time, analyses, .. } => {
                time.finish_parallel();
                super::report::TimerNode::finish_parallel(analyses);
            }
            PassSlot::Adaptor(a) => a.mgrs.iter_mut().for_each(finish_merge),
        }
    }
}

fn run_parallel(
    a: &mut Adaptor,
    ir: &mut Ir,
    work: Vec<(usize, OpRef)>,
    exec: &Exec<'_>,
) -> Result<(), ()> {
    let ctx = ir.ctx_arc().clone();
    let jobs: Vec<Mutex<Job>> = work
        .into_iter()
        .map(|(mgr, op)| {
            Mutex::new(Job {
                mgr,
                op,
                movable: movable(ir, op),
                local: None,
                failed: false,
                panicked: false,
            })
        })
        .collect();
    let movable = jobs
        .iter()
        .filter(|j| j.lock().unwrap_or_else(|e| e.into_inner()).movable)
        .count();
    let num_workers = exec.threads.min(movable).max(1);

    // Buffer diagnostics of the jobs by order id.
    // Buffer diagnostics (and instrumentation output) of the jobs by order id.
    let buffered: Sink = Arc::default();
    let sink = buffered.clone();
    let handler =
        ctx.add_diagnostic_handler(Box::new(move |_ctx, d| match ORDER_ID.with(|c| c.get()) {
            Some(id) => {
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((id, Buffered::Diag(d.clone())));
                true
            }
            None => false,
        }));

    let mut worker_mgrs: Vec<Vec<OpPassManager>> = (0..num_workers)
        .map(|_| a.mgrs.iter().map(|m| m.clone_for_worker()).collect())
        .collect();
    // The shared arena and the index of the next job. A worker takes a job
    // and moves its body out under this one lock, so the bodies leave the
    // shared arena in op order (its slot reuse stays independent of
    // scheduling) while the other workers run their pipelines: moving out
    // on the calling thread before starting them left the second core idle
    // for a tenth of the pass time.
    let shared = Mutex::new((&mut *ir, 0usize));
    let first_failure = AtomicUsize::new(usize::MAX);
    // Nested adaptors inside a worker run in place: the worker already is
    // one of the parallel threads.
    let worker_exec = Exec {
        threads: 1,
        ..*exec
    };
    std::thread::scope(|s| {
        for mgrs in worker_mgrs.iter_mut() {
            let (jobs, shared, first_failure) = (&jobs, &shared, &first_failure);
            let sink = buffered.clone();
            s.spawn(move || {
                with_sink(sink, || loop {
                    let mut job;
                    let i;
                    {
                        let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                        let (ir, next) = &mut *guard;
                        i = *next;
                        if i >= jobs.len() {
                            break;
                        }
                        *next += 1;
                        job = jobs[i].lock().unwrap_or_else(|e| e.into_inner());
                        if job.movable {
                            let op = job.op;
                            let (mut local, stand_in) = make_private_arena(ir, op);
                            ir.move_region_contents(op, &mut local, stand_in);
                            // The stand-in is `op` for the pipeline, change
                            // stamp included.
                            local.set_op_stamp(stand_in, ir.op_stamp(op));
                            job.local = Some((local, stand_in));
                        }
                    }
                    let mgr = job.mgr;
                    let Some((local, stand_in)) = job.local.as_mut() else {
                        continue;
                    };
                    let stand_in = *stand_in;
                    let r = with_order_id(i, || {
                        run_pipeline(&mut mgrs[mgr], local, stand_in, &worker_exec)
                    });
                    job.panicked = super::crash::take_panicked();
                    if r.is_err() {
                        job.failed = true;
                        first_failure.fetch_min(i, Ordering::Relaxed);
                    }
                })
            });
        }
    });

    let ir = shared.into_inner().unwrap_or_else(|e| e.into_inner()).0;

    // Ops that could not be moved run here, in order.
    for (i, job) in jobs.iter().enumerate() {
        let mut job = job.lock().unwrap_or_else(|e| e.into_inner());
        if job.movable {
            continue;
        }
        let (mgr, op) = (job.mgr, job.op);
        let sink = buffered.clone();
        let run = || {
            with_sink(sink, || {
                with_order_id(i, || run_pipeline(&mut a.mgrs[mgr], ir, op, &worker_exec))
            })
        };
        if run().is_err() {
            job.failed = true;
            first_failure.fetch_min(i, Ordering::Relaxed);
        }
    }

    // Move every body back, in op order, with what the pipeline changed on
    // the op itself.
    for job in &jobs {
        let mut job = job.lock().unwrap_or_else(|e| e.into_inner());
        let op = job.op;
        if job.panicked {
            super::crash::set_panicked();
            continue;
        }
        if let Some((mut local, stand_in)) = job.local.take() {
            local.move_region_contents(stand_in, ir, op);
            // Only what the pipeline changed is written back: a write is a
            // change (it stamps `op`, see `mlir_ir`'s change stamps), and an
            // unchanged op must stay unchanged for incremental drivers.
            if ir.op_loc(op) != local.op_loc(stand_in) {
                ir.set_op_loc(op, local.op_loc(stand_in));
            }
            if ir.op_properties(op) != local.op_properties(stand_in) {
                ir.set_op_properties(op, local.op_properties(stand_in));
            }
            if ir.op_attributes(op) != local.op_attributes(stand_in) {
                ir.set_op_attributes(op, local.op_attributes(stand_in));
            }
            for k in 0..ir.num_results(op) {
                let ty = local.value_type(local.result(stand_in, k));
                let v = ir.result(op, k);
                if ir.value_type(v) != ty {
                    ir.set_value_type(v, ty);
                }
            }
        }
    }

    ctx.remove_diagnostic_handler(handler);
    let mut diags = std::mem::take(&mut *buffered.lock().unwrap_or_else(|e| e.into_inner()));
    // A stable sort keeps each op's output in emission order.
    diags.sort_by_key(|(id, _)| *id);
    for (_, d) in diags {
        match d {
            Buffered::Diag(d) => ctx.emit(d),
            Buffered::Text(t) => write_stderr_ordered(&t),
            Buffered::Stdout(t) => write_stdout_ordered(&t),
        }
    }

    for w in &worker_mgrs {
        for (m, wm) in a.mgrs.iter_mut().zip(w) {
            merge_worker(m, wm);
        }
    }
    a.mgrs.iter_mut().for_each(finish_merge);
    if first_failure.load(Ordering::Relaxed) == usize::MAX {
        Ok(())
    } else {
        Err(())
    }
}
