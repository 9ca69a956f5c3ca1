//! `view-op-graph` (MLIR's `PrintOpPass`, `--view-op-graph`): prints the op
//! it runs on as a Graphviz DOT graph on standard error, as mlir-opt 22
//! does. Ops with regions become clusters (one sub-cluster per block),
//! other ops record nodes with one port per operand and result; block
//! arguments are nodes of their own. Data-flow edges go from the result
//! port of a value to the operand port of each use; control-flow edges
//! (optional) link consecutive ops of a block. Edges into or out of a
//! cluster start or end at its invisible anchor node, clipped with
//! `lhead`/`ltail`. Ops with the same name share a fill color, hues spread
//! evenly over the op names in post-order of first appearance.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::atomic::{AtomicI64, Ordering};

use mlir_ir::asm::printer::attrs::AttrPrinter;
use mlir_ir::asm::printer::ValueNames;
use mlir_ir::asm::PrintFlags;
use mlir_ir::ir::WalkOrder;
use mlir_ir::{AttrKind, Attribute, Ir, OpName, OpRef, Type, Value};

use crate::pass::PassContext;

/// The element count above which elements attributes are elided in
/// labels (`[[...]] : type`); mlir-opt takes it from
/// `--mlir-elide-elementsattrs-if-larger` (16 when not given). A tool sets
/// it from its printing flags with [`set_large_elements_limit`].
static LARGE_ELEMENTS_LIMIT: AtomicI64 = AtomicI64::new(16);

/// Sets the element count above which labels elide elements attributes.
pub fn set_large_elements_limit(limit: u64) {
    LARGE_ELEMENTS_LIMIT.store(limit.min(i64::MAX as u64) as i64, Ordering::Relaxed);
}

/// The graph printer pass.
#[derive(Clone, Default)]
pub struct ViewOpGraphPass {
    pub(crate) base: crate::passes::ViewOpGraphBase,
}

impl crate::pass::PassImpl for ViewOpGraphPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut top = op;
        while let Some(p) = ir.op_parent_op(top) {
            top = p;
        }
        let flags = PrintFlags::default();
        let mut g = Graph {
            ir,
            names: ValueNames::compute(ir, top),
            attrs: AttrPrinter::new(ir.ctx(), &flags, None),
            max_label_len: self.base.max_label_len() as usize,
            print_attrs: self.base.print_attrs(),
            control_flow: self.base.print_control_flow_edges(),
            data_flow: self.base.print_data_flow_edges(),
            result_types: self.base.print_result_types(),
            out: String::new(),
            indent: 0,
            counter: 0,
            edges: Vec::new(),
            data_edges: Vec::new(),
            value_nodes: HashMap::new(),
            colors: HashMap::new(),
        };
        g.init_colors(op);
        g.line("digraph G {");
        g.indent += 1;
        g.line("compound = true;");
        g.process_op(op);
        g.emit_all_edges();
        g.indent -= 1;
        g.line("}");
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(g.out.as_bytes());
        let _ = err.flush();
        cx.mark_all_analyses_preserved();
        Ok(())
    }
}

/// A node, or the anchor node of a cluster.
#[derive(Copy, Clone, Default)]
struct Node {
    id: u32,
    cluster: Option<u32>,
}

/// A data-flow edge, emitted once every node exists.
struct DataEdge {
    value: Value,
    to: Node,
    port: String,
}

struct Graph<'a> {
    ir: &'a Ir,
    names: ValueNames,
    attrs: AttrPrinter<'a>,
    max_label_len: usize,
    print_attrs: bool,
    control_flow: bool,
    data_flow: bool,
    result_types: bool,
    out: String,
    indent: usize,
    counter: u32,
    edges: Vec<String>,
    data_edges: Vec<DataEdge>,
    value_nodes: HashMap<Value, Node>,
    colors: HashMap<OpName, String>,
}

/// Escapes the characters Graphviz record labels treat specially.
fn escape_label(s: &str) -> String {
    let mut r = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '{' | '|' | '<' | '}' | '>' | '\n' | '"') {
            r.push('\\');
        }
        r.push(c);
    }
    r
}

impl Graph<'_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// One hue per op name, in post-order of first appearance.
    fn init_colors(&mut self, root: OpRef) {
        let mut order: Vec<OpName> = Vec::new();
        for o in self.ir.walk_collect(root, WalkOrder::PostOrder) {
            let n = self.ir.op_name(o);
            if !order.contains(&n) {
                order.push(n);
            }
        }
        let count = order.len();
        for (i, n) in order.into_iter().enumerate() {
            let hue = i as f64 / count as f64;
            self.colors.insert(n, format!("{hue:.6} 0.3 0.95"));
        }
    }

    fn truncate(&self, s: String) -> String {
        if s.len() <= self.max_label_len {
            return s;
        }
        let mut end = self.max_label_len;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}...", &s[..end])
    }

    fn type_str(&self, ty: Type) -> String {
        let mut s = String::new();
        self.attrs.print_type(&mut s, ty);
        s
    }

    /// A type in a record label: truncated, then escaped.
    fn label_type(&self, ty: Type) -> String {
        escape_label(&self.truncate(self.type_str(ty)))
    }

    /// An attribute in a label (MLIR's `emitMlirAttr`): splats in full,
    /// large elements attributes and arrays elided, others truncated.
    fn label_attr(&self, a: Attribute) -> String {
        let limit = LARGE_ELEMENTS_LIMIT.load(Ordering::Relaxed);
        let ctx = self.ir.ctx();
        let print = |a: Attribute| {
            let mut s = String::new();
            self.attrs.print_attr(&mut s, a);
            s
        };
        let elements = match ctx.attr(a) {
            AttrKind::DenseElements { ty, elements } => Some((*ty, elements.len() == 1)),
            AttrKind::DenseStrings { ty, elements } => Some((*ty, elements.len() == 1)),
            AttrKind::DenseResource { ty, .. } => Some((*ty, false)),
            _ => None,
        };
        if let Some((ty, splat)) = elements {
            if splat {
                return escape_label(&print(a));
            }
            let shape = ctx.shape(ty).unwrap_or(&[]);
            let count: i64 = shape.iter().product();
            if count > limit {
                let rank = shape.len();
                return format!(
                    "{}...{} : {}",
                    "[".repeat(rank),
                    "]".repeat(rank),
                    self.label_type(ty)
                );
            }
        }
        if let AttrKind::Array(items) = ctx.attr(a) {
            if items.len() as i64 > limit {
                return "[...]".to_string();
            }
        }
        escape_label(&self.truncate(print(a)))
    }

    /// The op's inherent and discardable attributes, sorted by name (MLIR's
    /// `getAttrs`).
    fn op_attrs(&self, op: OpRef) -> Vec<(String, Attribute)> {
        let ctx = self.ir.ctx();
        let mut all = BTreeMap::new();
        for dict in [self.ir.op_properties(op), Some(self.ir.op_attributes(op))]
            .into_iter()
            .flatten()
        {
            if let AttrKind::Dictionary(entries) = ctx.attr(dict) {
                for (k, v) in entries.iter() {
                    all.insert(ctx.ident_str(*k).to_string(), *v);
                }
            }
        }
        all.into_iter().collect()
    }

    /// The port of a value: its printed name with `%` and `#` as `_`.
    fn port(&self, v: Value) -> String {
        self.names.name(self.ir, v).replace(['%', '#'], "_")
    }

    fn emit_node(&mut self, label: &str, shape: &str, fill: Option<&str>) -> Node {
        self.counter += 1;
        let id = self.counter;
        let mut attrs: BTreeMap<&str, String> = BTreeMap::new();
        attrs.insert("label", format!("\"{label}\""));
        attrs.insert("shape", shape.to_string());
        if let Some(f) = fill {
            attrs.insert("style", "filled".into());
            attrs.insert("fillcolor", format!("\"{f}\""));
        }
        let list: Vec<String> = attrs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        self.line(&format!("v{id} [{}];", list.join(", ")));
        Node { id, cluster: None }
    }

    fn emit_cluster(&mut self, label: &str, body: impl FnOnce(&mut Self)) -> Node {
        self.counter += 1;
        let cluster = self.counter;
        self.line(&format!("subgraph cluster_{cluster} {{"));
        self.indent += 1;
        let anchor = self.emit_node(" ", "plain", None);
        self.line(&format!("label = \"{label}\";"));
        body(self);
        self.indent -= 1;
        self.line("}");
        Node {
            id: anchor.id,
            cluster: Some(cluster),
        }
    }

    fn edge(&mut self, from: Node, to: Node, port: &str, style: &str) {
        let mut attrs: BTreeMap<&str, String> = BTreeMap::new();
        attrs.insert("style", style.to_string());
        if let Some(c) = from.cluster {
            attrs.insert("ltail", format!("cluster_{c}"));
        }
        if let Some(c) = to.cluster {
            attrs.insert("lhead", format!("cluster_{c}"));
        }
        let mut s = format!("v{}", from.id);
        if !port.is_empty() && from.cluster.is_none() {
            s.push_str(&format!(":res{port}:s"));
        }
        s.push_str(&format!(" -> v{}", to.id));
        if !port.is_empty() && to.cluster.is_none() {
            s.push_str(&format!(":arg{port}:n"));
        }
        let list: Vec<String> = attrs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        s.push_str(&format!("[{}]", list.join(", ")));
        self.edges.push(s);
    }

    fn emit_all_edges(&mut self) {
        if self.data_flow {
            let data = std::mem::take(&mut self.data_edges);
            for e in data {
                let from = self.value_nodes.get(&e.value).copied().unwrap_or_default();
                self.edge(from, e.to, &e.port, "solid");
            }
        }
        for e in std::mem::take(&mut self.edges) {
            self.line(&format!("{e};"));
        }
    }

    fn cluster_label(&self, op: OpRef) -> String {
        let mut s = self.ir.op_name_str(op).to_string();
        if self.result_types {
            let types: Vec<String> = self.ir.result_types(op).map(|t| self.type_str(t)).collect();
            s.push_str(&format!(" : ({})", self.truncate(types.join(", "))));
        }
        if self.print_attrs {
            s.push_str("\\l");
            for (name, a) in self.op_attrs(op) {
                s.push_str(&format!("{name}: {}\\l", self.label_attr(a)));
            }
        }
        s
    }

    fn record_label(&self, op: OpRef) -> String {
        let ir = self.ir;
        let mut s = String::from("{");
        if ir.num_operands(op) > 0 {
            let ports: Vec<String> = ir
                .operands(op)
                .map(|v| format!("<arg{}> {}", self.port(v), self.names.name(ir, v)))
                .collect();
            s.push_str(&format!("{{{}}}|", ports.join("|")));
        }
        s.push_str(&format!("{}\\l", ir.op_name_str(op)));
        let attrs = self.op_attrs(op);
        if self.print_attrs && !attrs.is_empty() {
            s.push_str("\\l");
            for (name, a) in attrs {
                s.push_str(&format!("{name}: {}\\l", self.label_attr(a)));
            }
        }
        if ir.num_results(op) > 0 {
            let ports: Vec<String> = ir
                .results(op)
                .map(|v| {
                    let mut p = format!("<res{}> {}", self.port(v), self.names.name(ir, v));
                    if self.result_types {
                        p.push(' ');
                        p.push_str(&self.label_type(ir.value_type(v)));
                    }
                    p
                })
                .collect();
            s.push_str(&format!("|{{{}}}", ports.join("|")));
        }
        s.push('}');
        s
    }

    fn process_op(&mut self, op: OpRef) -> Node {
        let ir = self.ir;
        let node = if ir.num_regions(op) > 0 {
            let label = self.cluster_label(op);
            self.emit_cluster(&label, |g| {
                for &r in ir.regions(op) {
                    for b in ir.region_blocks(r).collect::<Vec<_>>() {
                        g.process_block(b);
                    }
                }
            })
        } else {
            let label = self.record_label(op);
            let fill = self.colors.get(&ir.op_name(op)).cloned();
            self.emit_node(&label, "Mrecord", fill.as_deref())
        };
        if self.data_flow {
            for v in ir.operands(op).collect::<Vec<_>>() {
                let port = self.port(v);
                self.data_edges.push(DataEdge {
                    value: v,
                    to: node,
                    port,
                });
            }
        }
        for v in ir.results(op).collect::<Vec<_>>() {
            self.value_nodes.insert(v, node);
        }
        node
    }

    fn process_block(&mut self, b: mlir_ir::BlockRef) {
        let ir = self.ir;
        self.emit_cluster("", |g| {
            for v in ir.arguments(b).collect::<Vec<_>>() {
                let mut label = format!("<res{}> {}", g.port(v), g.names.name(ir, v));
                if g.result_types {
                    label.push(' ');
                    label.push_str(&g.label_type(ir.value_type(v)));
                }
                let n = g.emit_node(&label, "Mrecord", None);
                g.value_nodes.insert(v, n);
            }
            let mut prev: Option<Node> = None;
            for o in ir.block_ops(b).collect::<Vec<_>>() {
                let next = g.process_op(o);
                if let (true, Some(p)) = (g.control_flow, prev) {
                    g.edge(p, next, "", "dashed");
                }
                prev = Some(next);
            }
        });
    }
}
