//! An example downstream tool: a `toy` dialect with two ops registered by
//! hand, a `mem` dialect defined in ODS with its memory effects
//! (`td/Mem.td`), a pass of its own (`toy-count`, with an option and a
//! statistic), and an opt driver that offers them next to rmlir's passes (`custom-opt --toy-count --cse`,
//! `--pass-pipeline='builtin.module(func.func(toy-count{verbose}))'`).
//!
//! ```sh
//! cargo run -p custom-opt -- --allow-unregistered-dialect \
//!     --pass-pipeline='builtin.module(func.func(cse,toy-count{verbose}))' \
//!     --mlir-pass-statistics examples/custom-opt/example.mlir
//! ```

use std::process::ExitCode;

use mlir_ir::diagnostics::Severity;
use mlir_ir::{Context, Dialect, Ir, OpInfo, OpRef, TraitSet, WalkOrder, WalkResult};
use mlir_transforms::pass::{
    Pass, PassContext, PassOption, PassOptions, PassRegistry, StatisticInfo,
};

/// The `toy` dialect: `toy.constant` (pure, so CSE can merge duplicates)
/// and `toy.print` (has effects, so it is kept).
struct ToyDialect;

impl Dialect for ToyDialect {
    fn namespace(&self) -> &'static str {
        "toy"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("toy.constant").with_traits(
                TraitSet::PURE
                    | TraitSet::CONSTANT_LIKE
                    | TraitSet::ZERO_OPERANDS
                    | TraitSet::ONE_RESULT
                    | TraitSet::ZERO_REGIONS,
            ),
            OpInfo::new("toy.print").with_traits(TraitSet::ZERO_RESULTS | TraitSet::ZERO_REGIONS),
        ]
    }
}

static TOY_COUNT_STATISTICS: [StatisticInfo; 1] = [StatisticInfo {
    name: "num-constants",
    description: "Number of toy.constant ops seen",
}];

/// Counts the `toy.constant` ops of each function; with `verbose` it also
/// reports the count as a remark on the function.
#[derive(Clone)]
struct ToyCountPass {
    options: PassOptions,
}

impl ToyCountPass {
    fn new() -> Self {
        ToyCountPass {
            options: PassOptions::new().with(PassOption::bool(
                "verbose",
                "Report the count of each function as a remark",
                false,
            )),
        }
    }
}

impl Pass for ToyCountPass {
    fn name(&self) -> &str {
        "ToyCount"
    }
    fn argument(&self) -> &str {
        "toy-count"
    }
    fn description(&self) -> &str {
        "Count toy.constant ops"
    }
    fn op_name(&self) -> Option<&str> {
        Some("func.func")
    }
    fn options(&self) -> Option<&PassOptions> {
        Some(&self.options)
    }
    fn options_mut(&mut self) -> Option<&mut PassOptions> {
        Some(&mut self.options)
    }
    fn statistics(&self) -> &'static [StatisticInfo] {
        &TOY_COUNT_STATISTICS
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut n = 0u64;
        ir.walk(op, WalkOrder::PreOrder, |o| {
            if ir.op_name_str(o) == "toy.constant" {
                n += 1;
            }
            WalkResult::Advance
        });
        cx.add_statistic("num-constants", n);
        if self.options.get_bool("verbose") {
            let d = ir.op_diag(op, Severity::Remark, format!("{n} toy.constant ops"));
            ir.ctx().emit(d);
        }
        // Nothing changed: the verifier need not run again.
        cx.mark_all_analyses_preserved();
        Ok(())
    }
}

/// The `mem` dialect, defined in ODS (`td/Mem.td`) with its ops' memory
/// effects declared there.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
mod mem {
    include!(concat!(env!("OUT_DIR"), "/mem_ops.rs"));
}

/// The `names` dialect (`td/UpstreamNames.td`): upstream's ODS names, spelled
/// as upstream's `.td` files spell them.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
mod names {
    include!(concat!(env!("OUT_DIR"), "/names_ops.rs"));
}

struct NamesDialect;

impl Dialect for NamesDialect {
    fn namespace(&self) -> &'static str {
        "names"
    }
    fn operations(&self) -> Vec<OpInfo> {
        names::operations()
    }
}

struct MemDialect;

impl Dialect for MemDialect {
    fn namespace(&self) -> &'static str {
        "mem"
    }
    fn operations(&self) -> Vec<OpInfo> {
        mem::operations()
    }
}

/// The dialects of this tool: rmlir's, `toy`, `mem` and `names`.
fn register_dialects(ctx: &mut Context) {
    mlir_dialects::register_all(ctx);
    ctx.load_dialect(ToyDialect);
    ctx.load_dialect(MemDialect);
    ctx.load_dialect(NamesDialect);
}

/// The passes of this tool: rmlir's transforms and `toy-count`.
fn registry() -> PassRegistry {
    let mut registry = PassRegistry::with_transforms_passes();
    registry.register_pass(|| Box::new(ToyCountPass::new()));
    registry
}

fn main() -> ExitCode {
    rmlir_opt::rmlir_opt_main("custom-opt", &registry(), register_dialects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use mlir_ir::asm::{parse_source, ParseConfig};
    use mlir_transforms::pass::report::format_statistics_report;
    use mlir_transforms::pass::{DisplayMode, PassManager};
    use mlir_transforms::pipeline::parse_pass_pipeline;

    #[test]
    fn custom_pass_runs_in_a_textual_pipeline() {
        let mut ctx = Context::new();
        register_dialects(&mut ctx);
        let ctx = Arc::new(ctx);
        let src = include_str!("../example.mlir");
        let (mut ir, top) = parse_source(ctx, src, &ParseConfig::default()).unwrap();
        let pm =
            parse_pass_pipeline("builtin.module(func.func(cse,toy-count))", &registry()).unwrap();
        assert_eq!(
            pm.print_textual(false),
            "builtin.module(func.func(cse,toy-count{verbose=false}))"
        );
        let mut pm = PassManager::from_op_pass_manager(pm);
        pm.run(&mut ir, top).unwrap();
        let report = format_statistics_report(&pm, DisplayMode::List);
        // CSE merged the duplicated constant of @main before counting.
        assert!(
            report.contains("ToyCount\n    (S) 3 num-constants"),
            "{report}"
        );
    }
}
