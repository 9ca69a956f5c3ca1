//! Unit tests: the shared fixture (parsing small IR with unregistered ops,
//! finding ops by tag, printing) and a listener that logs every
//! notification as a line of text for snapshot tests.

mod applicator;
mod checks;
mod erase;
mod recursion;
mod rewriter;
mod sets;

use std::fmt::Write;
use std::sync::Arc;

use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::PreviousPosition;
use mlir_ir::{
    BlockRef, BuilderListener, Context, Diagnostic, Ir, Location, OpRef, RegionRef, Value,
    ValueDef, WalkOrder,
};

use crate::{LogicalResult, Pattern, RewriterListener};

/// A context that accepts unregistered ops.
pub(crate) fn test_ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    Arc::new(ctx)
}

/// Parsed IR and its top-level module.
pub(crate) struct Fx {
    pub ctx: Arc<Context>,
    pub ir: Ir,
    pub module: OpRef,
}

impl Fx {
    pub fn parse(src: &str) -> Fx {
        Self::parse_in(test_ctx(), src)
    }
    pub fn parse_in(ctx: Arc<Context>, src: &str) -> Fx {
        let (ir, module) = mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
            .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"));
        Fx { ctx, ir, module }
    }
    /// The op whose `tag` attribute is `tag`.
    pub fn tag(&self, tag: &str) -> OpRef {
        self.ir
            .walk_collect(self.module, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| op_tag(&self.ir, o).as_deref() == Some(tag))
            .unwrap_or_else(|| panic!("no op tagged {tag}"))
    }
    /// The first op named `name` in pre-order.
    pub fn named(&self, name: &str) -> OpRef {
        self.ir
            .walk_collect(self.module, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| self.ir.op_name_str(o) == name)
            .unwrap_or_else(|| panic!("no op named {name}"))
    }
    pub fn print(&self) -> String {
        print_to_string(&self.ir, self.module, &PrintFlags::default())
    }
}

fn op_tag(ir: &Ir, op: OpRef) -> Option<String> {
    let a = ir.attr(op, "tag")?;
    ir.ctx().string_attr_value(a).map(|s| s.into_owned())
}

/// `name` or `name[tag]`.
pub(crate) fn desc_op(ir: &Ir, op: OpRef) -> String {
    match op_tag(ir, op) {
        Some(t) => format!("{}[{t}]", ir.op_name_str(op)),
        None => ir.op_name_str(op).to_string(),
    }
}

/// `^N in desc(parent)#region` or `^detached`.
pub(crate) fn desc_block(ir: &Ir, b: BlockRef) -> String {
    match ir.block_parent_region(b) {
        Some(r) => format!("^{} in {}", ir.block_number(b), desc_region(ir, r)),
        None => "^detached".to_string(),
    }
}

fn desc_region(ir: &Ir, r: RegionRef) -> String {
    match ir.region_parent_op(r) {
        Some(op) => format!("{}#{}", desc_op(ir, op), ir.region_number(r).unwrap_or(0)),
        None => "detached region".to_string(),
    }
}

fn desc_value(ir: &Ir, v: Value) -> String {
    match v.def() {
        ValueDef::OpResult(op, i) => format!("{}:{i}", desc_op(ir, op)),
        ValueDef::BlockArgument(b, i) => format!("arg{i} of {}", desc_block(ir, b)),
    }
}

/// Logs every notification as one line.
#[derive(Default)]
pub(crate) struct Log {
    pub lines: Vec<String>,
}

impl Log {
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }
}

impl BuilderListener for Log {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        let mut s = format!("inserted {}", desc_op(ir, op));
        match previous {
            PreviousPosition::Unlinked => s.push_str(" (was unlinked)"),
            PreviousPosition::Unknown(b) => {
                let _ = write!(s, " (was in {}, position unknown)", desc_block(ir, b));
            }
            PreviousPosition::At(ip) => {
                let _ = write!(s, " (was in {}", desc_block(ir, ip.block));
                match ip.before {
                    Some(b) => {
                        let _ = write!(s, " before {})", desc_op(ir, b));
                    }
                    None => s.push_str(" at end)"),
                }
            }
        }
        self.lines.push(s);
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        let mut s = format!("block inserted {}", desc_block(ir, block));
        match previous {
            None => s.push_str(" (was unlinked)"),
            Some((r, next)) => {
                let _ = write!(s, " (was in {}", desc_region(ir, r));
                match next {
                    Some(n) => {
                        let _ = write!(s, " before {})", desc_block(ir, n));
                    }
                    None => s.push_str(" at end)"),
                }
            }
        }
        self.lines.push(s);
    }
}

impl RewriterListener for Log {
    fn notify_block_erased(&mut self, ir: &Ir, block: BlockRef) {
        self.lines
            .push(format!("block erased {}", desc_block(ir, block)));
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        self.lines.push(format!("modified {}", desc_op(ir, op)));
    }
    fn notify_operation_replaced_by_op(&mut self, ir: &Ir, op: OpRef, replacement: OpRef) {
        self.lines.push(format!(
            "replaced {} by op {}",
            desc_op(ir, op),
            desc_op(ir, replacement)
        ));
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, replacement: &[Value]) {
        let vals: Vec<String> = replacement.iter().map(|&v| desc_value(ir, v)).collect();
        self.lines.push(format!(
            "replaced {} by values [{}]",
            desc_op(ir, op),
            vals.join(", ")
        ));
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        self.lines.push(format!("erased {}", desc_op(ir, op)));
    }
    fn notify_pattern_begin(&mut self, ir: &Ir, pattern: &Pattern, op: OpRef) {
        self.lines.push(format!(
            "pattern begin {} on {}",
            pattern.debug_name(),
            desc_op(ir, op)
        ));
    }
    fn notify_pattern_end(&mut self, _ir: &Ir, pattern: &Pattern, result: LogicalResult) {
        self.lines.push(format!(
            "pattern end {} -> {}",
            pattern.debug_name(),
            if result.is_ok() { "success" } else { "failure" }
        ));
    }
    fn notify_match_failure(&mut self, loc: Location, reason: &dyn Fn(&mut Diagnostic)) {
        let mut d = Diagnostic::remark(loc, "");
        reason(&mut d);
        self.lines.push(format!("match failure: {}", d.message));
    }
}

/// The log of notifications, then the printed IR.
pub(crate) fn report(log: &Log, fx: &Fx) -> String {
    format!("{}\n---\n{}", log.text(), fx.print())
}

/// Runs `f`, which must misuse the rewriter, and returns the misuse message
/// (the rewriter unwinds with a [`crate::RewriterMisuse`] payload).
pub(crate) fn misuse_message(f: impl FnOnce()) -> String {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(()) => panic!("expected rewriter misuse"),
        Err(payload) => match payload.downcast::<crate::RewriterMisuse>() {
            Ok(m) => m.0,
            Err(other) => std::panic::resume_unwind(other),
        },
    }
}
