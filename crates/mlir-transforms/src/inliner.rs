//! `-inline` (MLIR's `InlinerPass` and `Inliner`): inlines calls to
//! callables defined in the IR, bottom-up over the call graph, simplifying
//! each callable with a pipeline (by default `canonicalize`) between rounds.
//!
//! * The call graph has one node per callable region (`CallableOpInterface`
//!   ops with a body) plus an external caller node that reaches every
//!   top-level callable; a node's edges are its nested callables, then the
//!   calls in its region (MLIR's `CallGraph`).
//! * Its strongly connected components are processed in post-order (callees
//!   before callers). For each, up to `max-iterations` times: the nodes are
//!   simplified with their pipeline (`op-pipelines` by op name, else
//!   `default-pipeline`), then every call of the component whose callee can
//!   be resolved is inlined unless it is a terminator, the callee calls
//!   itself or its caller, the call is inside the callee, the callee has
//!   several blocks and the caller's region may hold only one, or the callee
//!   was already inlined into this call's history (recursion guard). The
//!   round stops when nothing was inlined.
//! * Legality is asked from the dialects' `DialectInlinerInterface`s (the
//!   call's, the destination region owner's, and every inlined op's).
//! * The use counts of discardable callables (private ones, or any in a
//!   table whose uses are all visible) follow the inlining (MLIR's
//!   `CGUseList`); the last call to such a callable inlines its body in
//!   place, and callables left without uses are erased at the end.

use hashbrown::{HashMap, HashSet};
use mlir_ir::interfaces::call::{call_arguments, call_op, callable_op, callable_region, Callee};
use mlir_ir::interfaces::inliner::inliner_interface;
use mlir_ir::interfaces::symbol::{as_symbol, try_symbol_uses};
use mlir_ir::ir::{IrMapping, WalkOrder};
use mlir_ir::symbol_table::{is_symbol_table, SymbolTableCollection};
use mlir_ir::{AttrKind, BlockRef, Ir, OpRef, RegionRef, TraitSet, Value};

use crate::pass::PassContext;
use crate::pass::{OpPassManager, PassRegistry};

/// The `-inline` pass.
#[derive(Clone, Default)]
pub struct InlinerPass {
    pub(crate) base: crate::passes::InlinerBase,
}

impl crate::pass::PassImpl for InlinerPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut pipelines: HashMap<String, String> = HashMap::new();
        for p in self.base.op_pipeline_list() {
            if let Some(open) = p.find('(') {
                let name = p[..open].trim().to_string();
                let inner = p[open + 1..].trim_end().trim_end_matches(')').to_string();
                pipelines.insert(name, inner);
            }
        }
        let config = Config {
            default_pipeline: self.base.default_pipeline_str().to_string(),
            op_pipelines: pipelines,
            max_iterations: self.base.max_inlining_iterations().max(1) as usize,
        };
        Inliner::new(ir, op, config, cx).run(cx)
    }
}

struct Config {
    default_pipeline: String,
    op_pipelines: HashMap<String, String>,
    max_iterations: usize,
}

/// One callable region of the call graph.
struct Node {
    op: OpRef,
    region: RegionRef,
    /// Nested callables first, then call targets (`None`: unknown callee).
    edges: Vec<Option<usize>>,
    /// The callables nested in this one.
    children: Vec<usize>,
    has_children: bool,
}

/// The call graph (MLIR's `CallGraph`).
struct CallGraph {
    nodes: Vec<Node>,
    by_region: HashMap<RegionRef, usize>,
    /// The top-level callables, reached by the external caller node.
    external: Vec<usize>,
}

impl CallGraph {
    fn build(ir: &Ir, top: OpRef, tables: &mut SymbolTableCollection) -> CallGraph {
        let mut cg = CallGraph {
            nodes: Vec::new(),
            by_region: HashMap::new(),
            external: Vec::new(),
        };
        cg.add_nodes(ir, top, None);
        cg.add_calls(ir, top, None, tables);
        cg
    }

    fn add_nodes(&mut self, ir: &Ir, op: OpRef, mut parent: Option<usize>) {
        if let Some(region) = callable_region(ir, op) {
            let n = self.nodes.len();
            self.nodes.push(Node {
                op,
                region,
                edges: Vec::new(),
                children: Vec::new(),
                has_children: false,
            });
            self.by_region.insert(region, n);
            match parent {
                Some(p) => {
                    self.nodes[p].edges.push(Some(n));
                    self.nodes[p].children.push(n);
                    self.nodes[p].has_children = true;
                }
                None => self.external.push(n),
            }
            parent = Some(n);
        }
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for nested in ir.block_ops(b) {
                    self.add_nodes(ir, nested, parent);
                }
            }
        }
    }

    fn add_calls(
        &mut self,
        ir: &Ir,
        op: OpRef,
        mut parent: Option<usize>,
        tables: &mut SymbolTableCollection,
    ) {
        if let Some(region) = callable_region(ir, op) {
            parent = self.by_region.get(&region).copied();
        } else if call_op(ir, op).is_some() {
            if let Some(p) = parent {
                let target = self.resolve(ir, op, tables);
                self.nodes[p].edges.push(target);
            }
            return;
        }
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for nested in ir.block_ops(b) {
                    self.add_calls(ir, nested, parent, tables);
                }
            }
        }
    }

    /// The node of the callable `call` invokes, if it is in the graph.
    fn resolve(&self, ir: &Ir, call: OpRef, tables: &mut SymbolTableCollection) -> Option<usize> {
        let callee = mlir_ir::interfaces::call::resolve_callable(ir, call, tables)?;
        let region = callable_region(ir, callee)?;
        self.by_region.get(&region).copied()
    }

    /// The strongly connected components reachable from the external
    /// node, callees first (LLVM's `scc_iterator` order).
    fn sccs(&self) -> Vec<Vec<usize>> {
        struct Tarjan<'a> {
            cg: &'a CallGraph,
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on_stack: Vec<bool>,
            stack: Vec<usize>,
            next: usize,
            out: Vec<Vec<usize>>,
        }
        impl Tarjan<'_> {
            fn visit(&mut self, v: usize) {
                self.index[v] = Some(self.next);
                self.low[v] = self.next;
                self.next += 1;
                self.stack.push(v);
                self.on_stack[v] = true;
                let edges: Vec<usize> = self.cg.nodes[v].edges.iter().flatten().copied().collect();
                for w in edges {
                    match self.index[w] {
                        None => {
                            self.visit(w);
                            self.low[v] = self.low[v].min(self.low[w]);
                        }
                        Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                        _ => {}
                    }
                }
                if Some(self.low[v]) == self.index[v] {
                    let mut scc = Vec::new();
                    loop {
                        let w = self.stack.pop().expect("node on the stack");
                        self.on_stack[w] = false;
                        scc.push(w);
                        if w == v {
                            break;
                        }
                    }
                    self.out.push(scc);
                }
            }
        }
        let n = self.nodes.len();
        let mut t = Tarjan {
            cg: self,
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            out: Vec::new(),
        };
        for &e in &self.external {
            if t.index[e].is_none() {
                t.visit(e);
            }
        }
        t.out
    }
}

/// The symbol uses of discardable callables (MLIR's `CGUseList`).
#[derive(Default)]
struct UseList {
    discardable: HashMap<usize, i64>,
    inner: HashMap<usize, HashMap<usize, i64>>,
    top_level: HashMap<usize, HashSet<usize>>,
}

/// Calls `f(node, user)` for every symbol use in `op` (and nested ops)
/// that resolves to a callable node.
fn referenced_nodes(
    ir: &Ir,
    cg: &CallGraph,
    tables: &mut SymbolTableCollection,
    op: OpRef,
    mut f: impl FnMut(usize, OpRef),
) {
    let Some(uses) = try_symbol_uses(ir, op) else {
        return;
    };
    let Some(table) = ir.op_parent_op(op) else {
        return;
    };
    let mut resolved: HashMap<mlir_ir::Attribute, Option<usize>> = HashMap::new();
    for u in uses {
        let node = *resolved.entry(u.symbol_ref).or_insert_with(|| {
            let sym = tables.lookup_nearest_symbol_from(ir, table, u.symbol_ref)?;
            cg.by_region.get(&callable_region(ir, sym)?).copied()
        });
        if let Some(n) = node {
            f(n, u.user);
        }
    }
}

impl UseList {
    fn build(ir: &Ir, top: OpRef, cg: &CallGraph, tables: &mut SymbolTableCollection) -> UseList {
        let mut ul = UseList::default();
        let mut always_live: HashSet<usize> = HashSet::new();
        let all_visible = ir.op_block(top).is_none();
        let mut table_ops: Vec<(OpRef, bool)> = Vec::new();
        collect_symbol_tables(ir, top, all_visible, &mut table_ops);
        for (table, all_visible) in table_ops {
            let region = ir.region(table, 0);
            let ops: Vec<OpRef> = ir
                .region_blocks(region)
                .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
                .collect();
            for op in ops {
                if let Some(node) = callable_region(ir, op).and_then(|r| cg.by_region.get(&r)) {
                    if let Some(sym) = as_symbol(ir, op) {
                        if (all_visible || sym.is_private(ir)) && sym.can_discard_on_use_empty(ir) {
                            ul.discardable.entry(*node).or_insert(0);
                        }
                    }
                    continue;
                }
                referenced_nodes(ir, cg, tables, op, |n, _| {
                    always_live.insert(n);
                });
            }
        }
        for n in always_live {
            ul.discardable.remove(&n);
        }
        for n in 0..cg.nodes.len() {
            ul.recompute(ir, cg, tables, n);
        }
        ul
    }

    fn decrement(&mut self, node: usize) {
        if let Some(top) = self.top_level.get(&node) {
            for t in top {
                if let Some(c) = self.discardable.get_mut(t) {
                    *c -= 1;
                }
            }
        }
        if let Some(inner) = self.inner.get(&node) {
            for (t, k) in inner {
                if let Some(c) = self.discardable.get_mut(t) {
                    *c -= k;
                }
            }
        }
    }

    fn recompute(
        &mut self,
        ir: &Ir,
        cg: &CallGraph,
        tables: &mut SymbolTableCollection,
        node: usize,
    ) {
        self.decrement(node);
        let parent_op = cg.nodes[node].op;
        let mut inner: HashMap<usize, i64> = HashMap::new();
        let mut top: HashSet<usize> = HashSet::new();
        let discardable = &mut self.discardable;
        referenced_nodes(ir, cg, tables, parent_op, |n, user| {
            let Some(count) = discardable.get_mut(&n) else {
                return;
            };
            if user != parent_op {
                *inner.entry(n).or_insert(0) += 1;
            } else if !top.insert(n) {
                return;
            }
            *count += 1;
        });
        self.inner.insert(node, inner);
        self.top_level.insert(node, top);
    }

    fn is_dead(&self, ir: &Ir, cg: &CallGraph, node: usize) -> bool {
        as_symbol(ir, cg.nodes[node].op).is_some() && self.discardable.get(&node) == Some(&0)
    }

    fn has_one_use_and_discardable(&self, ir: &Ir, cg: &CallGraph, node: usize) -> bool {
        as_symbol(ir, cg.nodes[node].op).is_some() && self.discardable.get(&node) == Some(&1)
    }

    fn drop_call_uses(
        &mut self,
        ir: &Ir,
        cg: &CallGraph,
        tables: &mut SymbolTableCollection,
        user_node: usize,
        call: OpRef,
    ) {
        let mut targets = Vec::new();
        referenced_nodes(ir, cg, tables, call, |n, _| targets.push(n));
        let mut seen = HashSet::new();
        for n in targets {
            if !seen.insert(n) {
                continue;
            }
            let refs = self.inner.entry(user_node).or_default();
            if let Some(c) = refs.get_mut(&n) {
                *c -= 1;
                if let Some(d) = self.discardable.get_mut(&n) {
                    *d -= 1;
                }
            }
        }
    }

    fn merge_after_inlining(&mut self, from: usize, into: usize) {
        let from_uses: Vec<(usize, i64)> = self
            .inner
            .get(&from)
            .map(|m| m.iter().map(|(&k, &v)| (k, v)).collect())
            .unwrap_or_default();
        for (n, k) in from_uses {
            *self.inner.entry(into).or_default().entry(n).or_insert(0) += k;
            if let Some(d) = self.discardable.get_mut(&n) {
                *d += k;
            }
        }
    }

    fn erase_node(&mut self, cg: &CallGraph, node: usize) {
        for &c in &cg.nodes[node].children {
            self.erase_node(cg, c);
        }
        self.decrement(node);
        self.inner.remove(&node);
        self.top_level.remove(&node);
        self.discardable.remove(&node);
    }
}

/// The symbol tables at or under `op`, innermost first, with whether all
/// uses of their symbols are visible (MLIR's `walkSymbolTables`).
fn collect_symbol_tables(ir: &Ir, op: OpRef, all_visible: bool, out: &mut Vec<(OpRef, bool)>) {
    let table = is_symbol_table(ir, op);
    let all_visible = if table {
        all_visible || as_symbol(ir, op).is_none_or(|s| s.is_private(ir))
    } else {
        true
    };
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for nested in ir.block_ops(b) {
                collect_symbol_tables(ir, nested, all_visible, out);
            }
        }
    }
    if table {
        out.push((op, all_visible));
    }
}

/// A call with its caller and callee nodes.
#[derive(Copy, Clone)]
struct ResolvedCall {
    call: OpRef,
    source: usize,
    target: usize,
}

struct Inliner<'a> {
    ir: &'a mut Ir,
    top: OpRef,
    config: Config,
    tables: SymbolTableCollection,
    cg: CallGraph,
    uses: UseList,
    dead: Vec<usize>,
    registry: std::sync::Arc<PassRegistry>,
    /// The simplification pipeline of each callable op name, built on
    /// first use and kept for later runs (as MLIR's inliner keeps them).
    pipelines: HashMap<String, OpPassManager>,
}

impl<'a> Inliner<'a> {
    fn new(ir: &'a mut Ir, top: OpRef, config: Config, cx: &mut PassContext<'_>) -> Self {
        let mut tables = SymbolTableCollection::new();
        let cg = cx.analysis("CallGraph", || CallGraph::build(ir, top, &mut tables));
        let uses = UseList::build(ir, top, &cg, &mut tables);
        Inliner {
            ir,
            top,
            config,
            tables,
            cg,
            uses,
            dead: Vec::new(),
            registry: PassRegistry::global()
                .unwrap_or_else(|| std::sync::Arc::new(PassRegistry::with_transforms_passes())),
            pipelines: HashMap::new(),
        }
    }

    fn run(mut self, cx: &mut PassContext<'_>) -> Result<(), ()> {
        let _ = self.top;
        for mut scc in self.cg.sccs() {
            for _ in 0..self.config.max_iterations {
                self.optimize_scc(&scc, cx)?;
                if !self.inline_calls_in_scc(&mut scc) {
                    break;
                }
            }
        }
        // Erase the callables proven dead.
        let mut dead = std::mem::take(&mut self.dead);
        dead.dedup();
        for n in dead {
            let op = self.cg.nodes[n].op;
            if self.ir.is_live_op(op) {
                self.ir.erase_op(op);
            }
        }
        Ok(())
    }

    /// Runs the simplification pipeline of each node of `scc` on its
    /// callable, then recomputes the uses it holds.
    fn optimize_scc(&mut self, scc: &[usize], cx: &mut PassContext<'_>) -> Result<(), ()> {
        let nodes: Vec<usize> = scc
            .iter()
            .copied()
            .filter(|&n| {
                let node = &self.cg.nodes[n];
                !node.has_children
                    && self.ir.is_live_op(node.op)
                    && self.ir.op_has_trait(node.op, TraitSet::ISOLATED_FROM_ABOVE)
            })
            .collect();
        if nodes.is_empty() {
            return Ok(());
        }
        for &n in &nodes {
            let op = self.cg.nodes[n].op;
            let name = self.ir.op_name_str(op).to_string();
            if !self.pipelines.contains_key(&name) {
                let text = match self.config.op_pipelines.get(&name) {
                    Some(t) => t.clone(),
                    None if !self.config.default_pipeline.is_empty() => {
                        self.config.default_pipeline.clone()
                    }
                    None => continue,
                };
                let mut opm = OpPassManager::new(&name);
                if let Err(e) =
                    crate::pipeline::parse_pass_pipeline_into(&text, &mut opm, &self.registry)
                {
                    let loc = self.ir.op_loc(op);
                    self.ir.ctx().emit(mlir_ir::Diagnostic::error(
                        loc,
                        e.message.trim_end().to_string(),
                    ));
                    return Err(());
                }
                self.pipelines.insert(name.clone(), opm);
            }
            let pm = self.pipelines.get_mut(&name).expect("inserted above");
            // A dynamic pipeline of the pass (MLIR's `runPipeline`): it runs
            // with the pass manager's verifier, instrumentations and timers.
            cx.run_pipeline(pm, self.ir, op)?;
        }
        for &n in &nodes {
            self.uses.recompute(self.ir, &self.cg, &mut self.tables, n);
        }
        Ok(())
    }

    /// The calls in `blocks` (and in the regions of their ops that are not
    /// callables, unless `nested_nodes`), attributed to `source` (MLIR's
    /// `collectCallOps`).
    fn collect_calls(
        &mut self,
        blocks: &[BlockRef],
        source: usize,
        nested_nodes: bool,
        out: &mut Vec<ResolvedCall>,
    ) {
        let mut worklist: Vec<(BlockRef, usize)> = blocks.iter().map(|&b| (b, source)).collect();
        while let Some((block, node)) = worklist.pop() {
            let ops: Vec<OpRef> = self.ir.block_ops(block).collect();
            for op in ops {
                if let Some(c) = call_op(self.ir, op) {
                    // Nested symbol references are not inlined.
                    if let Some(Callee::Symbol(s)) = (c.callee)(self.ir, op) {
                        if matches!(self.ir.ctx().attr(s), AttrKind::SymbolRef { nested, .. } if !nested.is_empty())
                        {
                            continue;
                        }
                    }
                    if let Some(target) = self.cg.resolve(self.ir, op, &mut self.tables) {
                        out.push(ResolvedCall {
                            call: op,
                            source: node,
                            target,
                        });
                    }
                    continue;
                }
                for &r in self.ir.regions(op) {
                    let nested_node = self.cg.by_region.get(&r).copied();
                    if nested_nodes || nested_node.is_none() {
                        let n = nested_node.unwrap_or(node);
                        worklist.extend(self.ir.region_blocks(r).map(|b| (b, n)));
                    }
                }
            }
        }
    }

    /// Inlines the calls of `scc`; returns whether any was inlined.
    fn inline_calls_in_scc(&mut self, scc: &mut Vec<usize>) -> bool {
        let mut calls: Vec<ResolvedCall> = Vec::new();
        let mut dead_nodes: Vec<usize> = Vec::new();
        for &n in scc.iter() {
            if !self.ir.is_live_op(self.cg.nodes[n].op) {
                continue;
            }
            if self.uses.is_dead(self.ir, &self.cg, n) {
                dead_nodes.push(n);
            } else {
                let blocks: Vec<BlockRef> =
                    self.ir.region_blocks(self.cg.nodes[n].region).collect();
                self.collect_calls(&blocks, n, false, &mut calls);
            }
        }
        // The inlining history: which callee each new call came from.
        let mut history: Vec<(usize, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut inlined_any = false;
        let mut i = 0;
        while i < calls.len() {
            let rc = calls[i];
            let hist = call_history[i];
            i += 1;
            if dead_nodes.contains(&rc.source) || !self.ir.is_live_op(rc.call) {
                continue;
            }
            // A callee already inlined along this call's history would
            // recurse forever.
            let mut h = hist;
            let mut in_history = false;
            while let Some(id) = h {
                if history[id].0 == rc.target {
                    in_history = true;
                    break;
                }
                h = history[id].1;
            }
            if in_history || !self.should_inline(rc) {
                continue;
            }
            let in_place = self
                .uses
                .has_one_use_and_discardable(self.ir, &self.cg, rc.target);
            // The node owning the call's region receives the inlined calls.
            let mut region = self.ir.op_parent_region(rc.call);
            let Some(new_ops) = self.inline_call(rc, !in_place) else {
                continue;
            };
            inlined_any = true;
            let id = history.len();
            history.push((rc.target, hist));
            // The calls that came with the inlined body.
            let mut new_calls = Vec::new();
            let mut owner = None;
            while let Some(r) = region {
                if let Some(&n) = self.cg.by_region.get(&r) {
                    owner = Some(n);
                    break;
                }
                region = self
                    .ir
                    .region_parent_op(r)
                    .and_then(|o| self.ir.op_parent_region(o));
            }
            if let Some(owner) = owner {
                self.collect_calls_in_inlined(&new_ops, owner, &mut new_calls);
            }
            calls.extend(new_calls);
            call_history.resize(calls.len(), Some(id));
            self.uses
                .drop_call_uses(self.ir, &self.cg, &mut self.tables, rc.source, rc.call);
            self.uses.merge_after_inlining(rc.target, rc.source);
            self.ir.erase_op(rc.call);
            if in_place {
                self.uses.erase_node(&self.cg, rc.target);
                dead_nodes.push(rc.target);
            }
        }
        for n in dead_nodes {
            scc.retain(|&x| x != n);
            self.dead.push(n);
        }
        inlined_any
    }

    /// The calls of blocks that were just inlined (recorded before they are
    /// merged into the caller's block, which keeps the ops).
    fn collect_calls_in_inlined(
        &mut self,
        ops_of: &[OpRef],
        owner: usize,
        out: &mut Vec<ResolvedCall>,
    ) {
        let mut tmp = Vec::new();
        for &op in ops_of {
            if !self.ir.is_live_op(op) {
                continue;
            }
            if let Some(c) = call_op(self.ir, op) {
                if let Some(Callee::Symbol(s)) = (c.callee)(self.ir, op) {
                    if matches!(self.ir.ctx().attr(s), AttrKind::SymbolRef { nested, .. } if !nested.is_empty())
                    {
                        continue;
                    }
                }
                if let Some(target) = self.cg.resolve(self.ir, op, &mut self.tables) {
                    tmp.push(ResolvedCall {
                        call: op,
                        source: owner,
                        target,
                    });
                }
                continue;
            }
            for &r in self.ir.regions(op).to_vec().iter() {
                let nested_node = self.cg.by_region.get(&r).copied().unwrap_or(owner);
                let blocks: Vec<BlockRef> = self.ir.region_blocks(r).collect();
                self.collect_calls(&blocks, nested_node, true, &mut tmp);
            }
        }
        out.extend(tmp);
    }

    /// MLIR's `Inliner::Impl::shouldInline`.
    fn should_inline(&self, rc: ResolvedCall) -> bool {
        let ir = &*self.ir;
        if ir.op_has_trait(rc.call, TraitSet::IS_TERMINATOR) {
            return false;
        }
        let target = &self.cg.nodes[rc.target];
        if target
            .edges
            .iter()
            .any(|&e| e == Some(rc.target) || e == Some(rc.source))
        {
            return false;
        }
        if ir.op_parent_region(rc.call).is_some_and(|r| {
            r == target.region
                || ir.region_is_ancestor(target.region, ir.region_parent_op(r).unwrap_or(rc.call))
        }) {
            return false;
        }
        let multi_block = ir.num_blocks(target.region) >= 2;
        if multi_block {
            let caller_parent = ir.op_parent_op(rc.call);
            let same = caller_parent.is_some_and(|p| ir.op_name(p) == ir.op_name(target.op));
            let single_block = caller_parent.is_some_and(|p| {
                !ir.op_is_registered(p) || ir.op_has_trait(p, TraitSet::SINGLE_BLOCK)
            });
            if !same && single_block {
                return false;
            }
        }
        true
    }

    /// Whether every op of `src` (recursively) may be inlined into `dest`.
    fn ops_legal(&self, src: RegionRef, dest: RegionRef, cloned: bool) -> bool {
        let ir = &*self.ir;
        for b in ir.region_blocks(src) {
            for op in ir.block_ops(b) {
                let Some(iface) = inliner_interface(ir, op) else {
                    return false;
                };
                if !iface
                    .is_legal_to_inline_op
                    .is_some_and(|f| f(ir, op, dest, cloned))
                {
                    return false;
                }
                let recurse = iface.should_analyze_recursively.is_none_or(|f| f(ir, op));
                if recurse
                    && ir
                        .regions(op)
                        .iter()
                        .any(|&r| !self.ops_legal(r, dest, cloned))
                {
                    return false;
                }
            }
        }
        true
    }

    /// Inlines the callee of `rc` at the call (MLIR's `inlineCall`); the
    /// call is left in place, without uses. Returns the ops that came from
    /// the callee (top level), or `None` if the call could not be inlined.
    fn inline_call(&mut self, rc: ResolvedCall, clone: bool) -> Option<Vec<OpRef>> {
        let call = rc.call;
        let callable = self.cg.nodes[rc.target].op;
        let src = self.cg.nodes[rc.target].region;
        let ir = &*self.ir;
        let entry = ir.first_block(src)?;
        let args = call_arguments(ir, call);
        let results: Vec<Value> = ir.results(call).collect();
        let result_types = callable_op(ir, callable).map(|c| (c.result_types)(ir, callable))?;
        if args.len() != ir.num_arguments(entry) || results.len() != result_types.len() {
            return None;
        }
        let call_iface = inliner_interface(ir, call)?;
        // Operands and results whose types differ from the callee's go
        // through conversions the call's dialect materializes (MLIR's
        // `materializeCallConversion`); all of them are undone on failure.
        let entry_types: Vec<mlir_ir::Type> = ir.argument_types(entry).collect();
        let call_loc = ir.op_loc(call);
        let mut casts: Vec<OpRef> = Vec::new();
        let mut mapped_args = args.clone();
        let undo = |ir: &mut Ir, casts: &[OpRef]| {
            for &c in casts.iter().rev() {
                let (r, o) = (ir.result(c, 0), ir.operand(c, 0));
                ir.replace_all_uses_with(r, o);
                ir.erase_op(c);
            }
        };
        let ir = &mut *self.ir;
        for (i, a) in mapped_args.iter_mut().enumerate() {
            if ir.value_type(*a) == entry_types[i] {
                continue;
            }
            let made = call_iface
                .materialize_call_conversion
                .and_then(|f| f(ir, call, *a, entry_types[i], call_loc));
            match made {
                Some(c) => {
                    casts.push(c);
                    *a = ir.result(c, 0);
                }
                None => {
                    undo(ir, &casts);
                    return None;
                }
            }
        }
        for (r, &t) in results.iter().zip(&result_types) {
            if ir.value_type(*r) == t {
                continue;
            }
            let ty = ir.value_type(*r);
            let made = ir.next_op(call).and_then(|next| {
                call_iface
                    .materialize_call_conversion
                    .and_then(|f| f(ir, next, *r, ty, call_loc))
            });
            let Some(c) = made else {
                undo(ir, &casts);
                return None;
            };
            casts.push(c);
            let cr = ir.result(c, 0);
            ir.replace_all_uses_with(*r, cr);
            // The conversion itself keeps reading the call's result.
            for k in 0..ir.num_operands(c) {
                if ir.operand(c, k) == cr {
                    ir.set_operand(c, k, *r);
                }
            }
        }
        let ir = &*self.ir;
        if !call_iface
            .is_legal_to_inline_call
            .is_some_and(|f| f(ir, call, callable, clone))
        {
            undo(self.ir, &casts);
            return None;
        }
        let call_block = ir.op_block(call)?;
        let dest = ir.block_parent_region(call_block)?;
        let dest_owner = ir.region_parent_op(dest)?;
        let Some(dest_iface) = inliner_interface(ir, dest_owner) else {
            undo(self.ir, &casts);
            return None;
        };
        if !dest_iface
            .is_legal_to_inline_region
            .is_some_and(|f| f(ir, dest, src, clone))
            || !self.ops_legal(src, dest, clone)
        {
            undo(self.ir, &casts);
            return None;
        }
        let ir = &mut *self.ir;
        // The callable's dialect may transform each argument given the
        // callable's attributes for it (MLIR's `handleArgument`), with ops
        // placed after the call, before the inlined body.
        let after = ir.next_op(call);
        let callable_iface = inliner_interface(ir, callable);
        if let Some(f) = callable_iface.and_then(|i| i.handle_argument) {
            for (i, a) in mapped_args.iter_mut().enumerate() {
                let attrs = value_attrs(ir, callable, "arg_attrs", i);
                let point = (call_block, after);
                *a = f(ir, point, call, callable, *a, attrs);
            }
        }
        let handle_result = callable_iface.and_then(|i| i.handle_result);
        let post = ir.split_block(call_block, after);
        let mut mapping = IrMapping::new();
        if clone {
            ir.clone_region_into(src, dest, Some(post), &mut mapping);
        } else {
            ir.splice_blocks(src, dest, Some(post));
        }
        let mut new_blocks = Vec::new();
        let mut b = ir.next_block(call_block);
        while let Some(x) = b {
            if x == post {
                break;
            }
            new_blocks.push(x);
            b = ir.next_block(x);
        }
        let first = new_blocks[0];
        // The entry arguments are the call's operands.
        for (i, &a) in mapped_args.iter().enumerate() {
            let arg = ir.argument(first, i);
            ir.replace_all_uses_with(arg, a);
        }
        while ir.num_arguments(first) > 0 {
            let n = ir.num_arguments(first);
            ir.erase_argument(first, n - 1);
        }
        // Inlined ops are located at the call site.
        if !matches!(ir.ctx().attr(call_loc.0), AttrKind::UnknownLoc) {
            remap_locations(ir, &new_blocks, call_loc);
        }
        if let Some(f) = call_iface.process_inlined_call_blocks {
            f(ir, call, &new_blocks);
        }
        let top_ops: Vec<OpRef> = new_blocks
            .iter()
            .flat_map(|&b| ir.block_ops(b).collect::<Vec<_>>())
            .collect();
        if new_blocks.len() == 1 {
            let term = ir.last_op(first)?;
            if let Some(f) = handle_result {
                let values: Vec<Value> = ir.operands(term).collect();
                handle_results(ir, f, (first, Some(term)), call, callable, &values);
            }
            if let Some(f) = inliner_interface(ir, term).and_then(|i| i.handle_terminator_values) {
                f(ir, term, &results);
            }
            ir.erase_op(term);
            ir.splice_ops(post, first, None);
            ir.erase_block(post);
        } else {
            for (r, &t) in results.iter().zip(&result_types) {
                let loc = ir.value_loc(*r);
                let a = ir.add_argument(post, t, loc);
                ir.replace_all_uses_with(*r, a);
            }
            if let Some(f) = handle_result {
                let values: Vec<Value> = ir.arguments(post).collect();
                let start = ir.first_op(post);
                handle_results(ir, f, (post, start), call, callable, &values);
            }
            for &nb in &new_blocks {
                if let Some(term) = ir.last_op(nb) {
                    if let Some(f) =
                        inliner_interface(ir, term).and_then(|i| i.handle_terminator_block)
                    {
                        f(ir, term, post);
                    }
                }
            }
        }
        ir.splice_ops(first, call_block, None);
        ir.erase_block(first);
        Some(top_ops.into_iter().filter(|&o| ir.is_live_op(o)).collect())
    }
}

/// The attribute dictionary the callable gives its argument or result `i`
/// (`arg_attrs`/`res_attrs`, the attribute names of function-like ops).
fn value_attrs(ir: &Ir, callable: OpRef, name: &str, i: usize) -> Option<mlir_ir::Attribute> {
    match ir.ctx().attr(ir.attr(callable, name)?) {
        AttrKind::Array(elements) => elements.get(i).copied(),
        _ => None,
    }
}

/// Runs the result handler on each of `values` (the inlined call's
/// results as the body produces them): each value's users before the
/// handler ran use the handler's value instead (MLIR's `handleResultImpl`).
fn handle_results(
    ir: &mut Ir,
    f: mlir_ir::interfaces::inliner::HandleValueFn,
    point: (BlockRef, Option<OpRef>),
    call: OpRef,
    callable: OpRef,
    values: &[Value],
) {
    for (i, &v) in values.iter().enumerate() {
        let attrs = value_attrs(ir, callable, "res_attrs", i);
        let mut users: Vec<OpRef> = ir.users(v).collect();
        users.dedup();
        let new = f(ir, point, call, callable, v, attrs);
        if new == v {
            continue;
        }
        for u in users {
            for k in 0..ir.num_operands(u) {
                if ir.operand(u, k) == v {
                    ir.set_operand(u, k, new);
                }
            }
        }
    }
}

/// Sets the location of every op and block argument in `blocks` (nested
/// ones included) to `callsite(loc at caller)`.
fn remap_locations(ir: &mut Ir, blocks: &[BlockRef], caller: mlir_ir::Location) {
    let mut cache: HashMap<mlir_ir::Location, mlir_ir::Location> = HashMap::new();
    let mut remap = |ir: &Ir, loc: mlir_ir::Location| {
        *cache
            .entry(loc)
            .or_insert_with(|| ir.ctx().callsite_loc(loc, caller))
    };
    for &b in blocks {
        for i in 0..ir.num_arguments(b) {
            let a = ir.argument(b, i);
            let l = remap(ir, ir.value_loc(a));
            ir.set_arg_loc(a, l);
        }
        let ops: Vec<OpRef> = ir.block_ops(b).collect();
        for op in ops {
            for o in ir.walk_collect(op, WalkOrder::PreOrder) {
                let l = remap(ir, ir.op_loc(o));
                ir.set_op_loc(o, l);
                let nested: Vec<BlockRef> = ir
                    .regions(o)
                    .iter()
                    .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
                    .collect();
                for nb in nested {
                    for i in 0..ir.num_arguments(nb) {
                        let a = ir.argument(nb, i);
                        let l = remap(ir, ir.value_loc(a));
                        ir.set_arg_loc(a, l);
                    }
                }
            }
        }
    }
}
