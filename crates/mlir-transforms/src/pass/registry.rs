//! The registry of passes by command-line argument (MLIR's `PassRegistry`):
//! what textual pipelines and the per-pass flags of an opt tool resolve
//! names against, and what `--help` lists.
//!
//! Unlike MLIR's process-wide static registry, a [`PassRegistry`] is a plain
//! value that a tool builds and hands to the pipeline parser, so a
//! downstream tool registers exactly the passes it wants.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{OpPassManager, Pass, PassOptions};
use crate::pipeline::PipelineError;

/// Creates a fresh instance of a pass.
pub type PassFactory = Arc<dyn Fn() -> Box<dyn Pass> + Send + Sync>;

/// Builds a registered pass pipeline into a pass manager from its option
/// string (MLIR's `PassPipelineRegistration`).
pub type PipelineBuilder =
    Arc<dyn Fn(&mut OpPassManager, &str) -> Result<(), PipelineError> + Send + Sync>;

/// What a registered name creates.
#[derive(Clone)]
enum EntryKind {
    Pass(PassFactory),
    Pipeline(PipelineBuilder),
}

/// A registered pass or pass pipeline.
#[derive(Clone)]
pub struct PassRegistryEntry {
    pub argument: String,
    pub description: String,
    /// A default instance's options, for `--help`.
    pub options: PassOptions,
    kind: EntryKind,
}

impl PassRegistryEntry {
    /// Whether this entry is a pass pipeline rather than a pass.
    pub fn is_pipeline(&self) -> bool {
        matches!(self.kind, EntryKind::Pipeline(_))
    }

    /// Adds the pass (configured from `options`) or pipeline to `pm`, as
    /// MLIR's `PassRegistryEntry::addToPipeline`. Errors are collected in
    /// MLIR's error stream format (each message followed by a newline).
    pub fn add_to_pipeline(
        &self,
        pm: &mut OpPassManager,
        options: &str,
    ) -> Result<(), PipelineError> {
        match &self.kind {
            EntryKind::Pipeline(build) => build(pm, options),
            EntryKind::Pass(factory) => {
                let mut pass = factory();
                let mut err: Option<PipelineError> = None;
                let mut empty = PassOptions::new();
                let opts = match pass.options_mut() {
                    Some(o) => o,
                    None => &mut empty,
                };
                if let Err(e) = opts.parse_from_str(options) {
                    err = Some(PipelineError {
                        cl_messages: e.cl_messages,
                        message: format!("{}\n", e.stream),
                    });
                }
                if pm.nesting() == super::Nesting::Explicit {
                    if let (Some(pm_op), Some(pass_op)) = (pm.op_name(), pass.op_name()) {
                        if pm_op != pass_op {
                            let msg = format!(
                                "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on '{}', did you intend to nest?\n",
                                pass.name(),
                                pass_op,
                                pm.anchor_name()
                            );
                            let mut e = err.unwrap_or_default();
                            e.message.push_str(&msg);
                            return Err(e);
                        }
                    }
                }
                if let Err(msg) = pm.add_pass(pass) {
                    let mut e = err.unwrap_or_default();
                    e.message.push_str(&msg);
                    e.message.push('\n');
                    return Err(e);
                }
                match err {
                    Some(e) => Err(e),
                    None => Ok(()),
                }
            }
        }
    }
}

static GLOBAL: std::sync::RwLock<Option<Arc<PassRegistry>>> = std::sync::RwLock::new(None);

/// Passes and pipelines by argument.
#[derive(Clone, Default)]
pub struct PassRegistry {
    entries: BTreeMap<String, PassRegistryEntry>,
}

impl PassRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    /// A registry holding the passes of this crate ([`register_transforms_passes`]).
    pub fn with_transforms_passes() -> Self {
        let mut r = Self::new();
        register_transforms_passes(&mut r);
        r
    }

    /// Registers the pass `factory` creates under its argument. Panics if
    /// the pass has no argument, as MLIR's `registerPass` does.
    pub fn register_pass(&mut self, factory: impl Fn() -> Box<dyn Pass> + Send + Sync + 'static) {
        let sample = factory();
        let argument = sample.argument().to_string();
        assert!(
            !argument.is_empty(),
            "Trying to register '{}' pass that does not override `getArgument()`",
            sample.name()
        );
        let entry = PassRegistryEntry {
            argument: argument.clone(),
            description: sample.description().to_string(),
            options: sample.options().cloned().unwrap_or_default(),
            kind: EntryKind::Pass(Arc::new(factory)),
        };
        self.entries.entry(argument).or_insert(entry);
    }

    /// Registers the pass `factory` creates under `argument` rather than the
    /// pass's own argument (MLIR's `PassRegistration` with a custom
    /// constructor, e.g. a preconfigured instance of a generic pass).
    pub fn register_pass_as(
        &mut self,
        argument: &str,
        description: &str,
        factory: impl Fn() -> Box<dyn Pass> + Send + Sync + 'static,
    ) {
        let sample = factory();
        let entry = PassRegistryEntry {
            argument: argument.to_string(),
            description: description.to_string(),
            options: sample.options().cloned().unwrap_or_default(),
            kind: EntryKind::Pass(Arc::new(factory)),
        };
        self.entries.entry(argument.to_string()).or_insert(entry);
    }

    /// Registers a named pipeline: `build` adds its passes to a pass manager.
    pub fn register_pipeline(
        &mut self,
        argument: &str,
        description: &str,
        options: PassOptions,
        build: impl Fn(&mut OpPassManager, &str) -> Result<(), PipelineError> + Send + Sync + 'static,
    ) {
        self.entries.insert(
            argument.to_string(),
            PassRegistryEntry {
                argument: argument.to_string(),
                description: description.to_string(),
                options,
                kind: EntryKind::Pipeline(Arc::new(build)),
            },
        );
    }

    /// The entry registered as `argument` (pipelines first, as MLIR looks them up).
    pub fn lookup(&self, argument: &str) -> Option<&PassRegistryEntry> {
        self.entries.get(argument)
    }

    /// A new instance of the pass registered as `argument` (default options).
    pub fn create_pass(&self, argument: &str) -> Option<Box<dyn Pass>> {
        match &self.lookup(argument)?.kind {
            EntryKind::Pass(f) => Some(f()),
            EntryKind::Pipeline(_) => None,
        }
    }

    /// Makes this registry the process-wide one that passes building
    /// pipelines at run time (dynamic pipelines, the composite pass,
    /// registered pipelines written as text) resolve names against, as
    /// MLIR's global registry. Tools call it once they registered everything.
    pub fn install_global(registry: Arc<PassRegistry>) {
        *GLOBAL.write().unwrap_or_else(|e| e.into_inner()) = Some(registry);
    }

    /// The registry installed by [`PassRegistry::install_global`].
    pub fn global() -> Option<Arc<PassRegistry>> {
        GLOBAL.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// All entries, sorted by argument.
    pub fn entries(&self) -> impl Iterator<Item = &PassRegistryEntry> {
        self.entries.values()
    }
}

/// Registers the passes of `mlir-transforms`: those declared in
/// `td/Passes.td` (`canonicalize`, `cse`, `composite-fixed-point-pass`, ...).
pub fn register_transforms_passes(registry: &mut PassRegistry) {
    crate::standard_passes::register(registry);
    for hook in EXTRA_REGISTRATIONS {
        hook(registry);
    }
}

/// Further registration hooks of this crate, run by
/// [`register_transforms_passes`]; the integration of the canonicalizer
/// may add its registration function here instead of editing the body.
static EXTRA_REGISTRATIONS: &[fn(&mut PassRegistry)] = &[];
