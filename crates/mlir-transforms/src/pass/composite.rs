//! The composite fixed-point pass (MLIR's `CompositeFixedPointPass`,
//! `--composite-fixed-point-pass='name=N pipeline=any(canonicalize,cse)'`):
//! runs a pipeline on its op as a dynamic pipeline until the op's
//! fingerprint stops changing, at most `max-iterations` times more than once.

use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::ir::OperationFingerprint;
use mlir_ir::{Context, Ir, OpRef};

use super::{OpPassManager, PassContext, PassImpl, PassRegistry};

/// Runs its pipeline to a fixed point; shown under the name given as option
/// (declared in `td/Passes.td`).
#[derive(Clone, Default)]
pub struct CompositeFixedPointPass {
    pub(crate) base: crate::passes::CompositeFixedPointPassBase,
    /// The pipeline's text as a pass list (what `pipeline=` prints and parses
    /// back), set by [`CompositeFixedPointPass::with_pipeline`].
    pipeline: String,
}

impl CompositeFixedPointPass {
    /// A composite pass named `name` running the passes `populate` adds to
    /// an op-agnostic pass manager (MLIR's `createCompositeFixedPointPass`).
    pub fn with_pipeline(name: &str, populate: impl FnOnce(&mut OpPassManager)) -> Self {
        let mut pm = OpPassManager::new("any");
        populate(&mut pm);
        let text = pm.print_textual(false);
        // `any(...)` without the anchor: the pass list.
        let list = text["any(".len()..text.len() - 1].to_string();
        let mut p = CompositeFixedPointPass::default();
        let opts = format!("name={name} pipeline={{{list}}}");
        p.base
            .options_mut()
            .parse_from_str(&opts)
            .expect("the printed pipeline parses back");
        p.pipeline = list;
        p
    }

    /// The pipeline to run: the pass list, in an op-agnostic pass manager.
    fn build(&self, registry: &PassRegistry) -> Result<OpPassManager, String> {
        let text = self.base.pipeline_str();
        let mut pm = OpPassManager::new("any");
        crate::pipeline::parse_pass_pipeline_into(text, &mut pm, registry)
            .map_err(|e| e.message)?;
        Ok(pm)
    }
}

impl PassImpl for CompositeFixedPointPass {
    fn display_name(&self) -> Option<&str> {
        Some(self.base.name())
    }
    fn initialize(&mut self, _ctx: &Context) -> Result<(), ()> {
        let registry = PassRegistry::global()
            .unwrap_or_else(|| std::sync::Arc::new(PassRegistry::with_transforms_passes()));
        match self.build(&registry) {
            Ok(_) => Ok(()),
            Err(msg) => {
                eprint!("{msg}");
                Err(())
            }
        }
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let registry = PassRegistry::global()
            .unwrap_or_else(|| std::sync::Arc::new(PassRegistry::with_transforms_passes()));
        let Ok(mut pm) = self.build(&registry) else {
            return Err(());
        };
        let max = self.base.max_iter();
        let mut fp = OperationFingerprint::compute(ir, op);
        let mut iteration = 0;
        loop {
            cx.run_pipeline(&mut pm, ir, op)?;
            if iteration >= max {
                let d = Diagnostic::warning(
                    ir.op_loc(op),
                    format!(
                        "Composite pass \"{}\"+ didn't converge in {max} iterations",
                        self.base.name()
                    ),
                );
                ir.ctx().emit(d);
                break;
            }
            iteration += 1;
            let new_fp = OperationFingerprint::compute(ir, op);
            if new_fp == fp {
                break;
            }
            fp = new_fp;
        }
        Ok(())
    }
}
