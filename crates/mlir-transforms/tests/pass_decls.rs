//! The passes declared in `td/Passes.td` through their generated
//! declarations: typed options agree with the option strings a pipeline
//! parses, `create_*_with` configures a pass, the registry shows the
//! declared argument, summary and options, and a pass whose dependent
//! dialect the context does not load is refused.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::{parse_source, ParseConfig};
use mlir_ir::{Context, Ir, OpRef};
use mlir_transforms::pass::{Pass, PassContext, PassImpl, PassManager, PassRegistry};
use mlir_transforms::passes::{
    create_canonicalizer_with, CanonicalizerBase, CanonicalizerOptions, InlinerBase,
};

fn printed(pass: &dyn Pass) -> String {
    let mut s = String::new();
    if let Some(o) = pass.options() {
        o.print(&mut s);
    }
    s
}

#[test]
fn typed_options_follow_parsed_options() {
    let mut base = CanonicalizerBase::default();
    assert_eq!(base.typed_options(), CanonicalizerOptions::default());
    assert!(base.top_down_processing_enabled());
    assert_eq!(base.region_simplify_level(), "normal");
    assert_eq!(base.max_iterations(), 10);
    assert_eq!(base.max_num_rewrites(), -1);
    base.options_mut()
        .parse_from_str(
            "top-down=false max-iterations=3 region-simplify=aggressive disable-patterns=a,b",
        )
        .unwrap();
    let typed = base.typed_options();
    assert!(!typed.top_down_processing_enabled);
    assert_eq!(typed.max_iterations, 3);
    assert_eq!(typed.region_simplify_level, "aggressive");
    assert_eq!(typed.disabled_patterns, ["a", "b"]);
    assert!(typed.enabled_patterns.is_empty());
    // An unsigned default beyond `i32` survives as declared.
    assert_eq!(InlinerBase::default().inlining_threshold(), u32::MAX);
}

#[test]
fn create_with_typed_options() {
    let options = CanonicalizerOptions {
        max_iterations: 2,
        enabled_patterns: vec!["x".into()],
        ..Default::default()
    };
    let pass = create_canonicalizer_with(&options);
    assert_eq!(pass.argument(), "canonicalize");
    assert_eq!(pass.name(), "Canonicalizer");
    assert_eq!(
        printed(&*pass),
        "{ enable-patterns={x} max-iterations=2 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}"
    );
    // Options set from typed values are replaced, not extended, by a
    // later option string only when they still hold their default.
    let mut pass = create_canonicalizer_with(&CanonicalizerOptions::default());
    pass.options_mut()
        .unwrap()
        .parse_from_str("disable-patterns=p")
        .unwrap();
    assert!(printed(&*pass).starts_with("{disable-patterns={p} "));
}

#[test]
fn registry_entries_come_from_the_declarations() {
    let r = PassRegistry::with_transforms_passes();
    let e = r.lookup("cse").expect("cse is registered");
    assert_eq!(e.description, "Eliminate common sub-expressions");
    let cse = r.create_pass("cse").unwrap();
    let stats: Vec<&str> = cse.statistics().iter().map(|s| s.name).collect();
    assert_eq!(stats, ["num-cse'd", "num-dce'd"]);
    let e = r.lookup("symbol-privatize").unwrap();
    let opts: Vec<&str> = e.options.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(opts, ["exclude"]);
    let view = r.create_pass("view-op-graph").unwrap();
    assert_eq!(view.name(), "PrintOpPass");
}

/// A pass declaring a dependent dialect, as the generated `impl Pass`
/// does for `dependentDialects`.
#[derive(Clone)]
struct NeedsDialect(&'static [&'static str]);

impl PassImpl for NeedsDialect {
    fn run_on_operation(
        &mut self,
        _: &mut Ir,
        _: OpRef,
        _: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        Ok(())
    }
}

impl Pass for NeedsDialect {
    fn name(&self) -> &str {
        "NeedsDialect"
    }
    fn dependent_dialects(&self) -> &'static [&'static str] {
        self.0
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        PassImpl::run_on_operation(self, ir, op, cx)
    }
}

#[test]
fn dependent_dialects_must_be_loaded() {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    let ctx = Arc::new(ctx);
    let run = |deps: &'static [&'static str]| {
        let (mut ir, top): (Ir, OpRef) =
            parse_source(ctx.clone(), "module {}", &ParseConfig::default()).unwrap();
        let seen: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = seen.clone();
        let guard = ctx.scoped_diagnostic_handler(Box::new(move |_, d| {
            sink.lock().unwrap().push(d.message.clone());
            true
        }));
        let mut pm = PassManager::new("builtin.module");
        pm.add_pass(Box::new(NeedsDialect(deps))).unwrap();
        let ok = pm.run(&mut ir, top).is_ok();
        drop(guard);
        let messages = seen.lock().unwrap().clone();
        (ok, messages)
    };
    assert_eq!(run(&["arith", "func"]), (true, vec![]));
    let (ok, messages) = run(&["nodialect"]);
    assert!(!ok);
    assert_eq!(
        messages,
        ["pass 'NeedsDialect' depends on dialect 'nodialect', which the context does not load"]
    );
}
