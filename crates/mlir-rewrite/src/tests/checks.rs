//! Tests of the contract checks: each violation is reported naming the
//! pattern; well-behaved patterns and disabled checks report nothing.

use std::sync::{Arc, Mutex};

use mlir_ir::OpRef;

use super::Fx;
use crate::{
    ContractChecks, FrozenRewritePatternSet, LogicalResult, Pattern, PatternApplicator,
    PatternRewriter, RewritePatternSet, ViolationKind,
};

const IR: &str = r#"
"test.region"() ({
  %0 = "test.def"() {tag = "d"} : () -> i32
  "test.use"(%0) {tag = "u"} : (i32) -> ()
  "test.term"() : () -> ()
}) : () -> ()
"#;

type Body = fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult;

/// Runs a single pattern named `name` on the op tagged "d" with checks on;
/// returns the violations and the diagnostics emitted.
fn check(
    name: &'static str,
    body: Body,
    checks: ContractChecks,
) -> (Vec<ViolationKind>, Vec<String>) {
    check_in(IR, name, body, checks)
}

fn check_in(
    ir: &str,
    name: &'static str,
    body: Body,
    checks: ContractChecks,
) -> (Vec<ViolationKind>, Vec<String>) {
    let mut fx = Fx::parse(ir);
    let mut set = RewritePatternSet::new(fx.ctx.clone());
    set.add_fn(
        Pattern::new(&fx.ctx, "test.def", 1).with_debug_name(name),
        body,
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    app.set_contract_checks(checks);
    let diags = Arc::new(Mutex::new(Vec::new()));
    let sink = diags.clone();
    let _guard = fx.ctx.scoped_diagnostic_handler(Box::new(move |_, d| {
        sink.lock().unwrap().push(d.message.clone());
        true
    }));
    let d = fx.tag("d");
    {
        let mut rw = PatternRewriter::new(&mut fx.ir);
        let _ = app.match_and_rewrite(d, &mut rw);
    }
    let v = app.take_violations();
    assert!(v
        .iter()
        .all(|v| v.pattern == name && v.root_op == "test.def"));
    let kinds = v.iter().map(|v| v.kind).collect();
    let diags = diags.lock().unwrap().clone();
    (kinds, diags)
}

fn good(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let unit = rw.ctx().unit_attr();
    rw.modify_op_in_place(op, |m| m.set_discardable_attr("done", Some(unit)));
    Ok(())
}

#[test]
fn well_behaved_pattern_passes() {
    let (v, d) = check("Good", good, ContractChecks::REPORT);
    assert!(v.is_empty() && d.is_empty(), "{v:?} {d:?}");
}

#[test]
fn failure_after_changing_ir() {
    let (v, d) = check(
        "ChangesThenFails",
        |op, rw| {
            good(op, rw)?;
            Err(())
        },
        ContractChecks::REPORT,
    );
    assert_eq!(v, [ViolationKind::FailureChangedIr]);
    assert_eq!(
        d,
        ["pattern 'ChangesThenFails' returned failure but IR did change (root 'test.def')"]
    );
}

#[test]
fn success_without_change() {
    let (v, d) = check("DoesNothing", |_, _| Ok(()), ContractChecks::REPORT);
    // Nothing changed, so the root was not updated either.
    assert_eq!(
        v,
        [
            ViolationKind::SuccessWithoutChange,
            ViolationKind::RootNotUpdated
        ]
    );
    assert_eq!(d.len(), 2);
    assert!(d[0].contains("'DoesNothing' returned success but IR did not change"));
}

#[test]
fn root_not_updated() {
    let (v, _) = check(
        "TouchesOnlyTheUser",
        |op, rw| {
            let user = rw.ir().users(rw.ir().result(op, 0)).next().unwrap();
            good(user, rw)
        },
        ContractChecks::REPORT,
    );
    assert_eq!(v, [ViolationKind::RootNotUpdated]);
}

#[test]
fn replaced_or_erased_roots_are_fine() {
    let (v, _) = check(
        "Replaces",
        |op, rw| {
            let ty = rw.ir().result_types(op).next().unwrap();
            rw.replace_op_with_new_named(op, "test.other", &[], &[ty], None);
            Ok(())
        },
        ContractChecks::REPORT,
    );
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn ir_that_no_longer_verifies() {
    let (v, d) = check(
        "BreaksVerifier",
        |op, rw| {
            // A `builtin.module` with an operand and no region breaks its
            // trait verifiers.
            let loc = rw.ir().op_loc(op);
            let val = rw.ir().result(op, 0);
            rw.set_insertion_point_after(op);
            rw.create_named("builtin.module", loc, &[val], &[], None);
            good(op, rw)
        },
        ContractChecks::REPORT,
    );
    assert_eq!(v, [ViolationKind::IrFailedToVerify]);
    assert!(d
        .iter()
        .any(|m| m.contains("'BreaksVerifier' produced IR that failed to verify")));
}

#[test]
fn checks_off_report_nothing() {
    let (v, d) = check("DoesNothing", |_, _| Ok(()), ContractChecks::default());
    assert!(v.is_empty() && d.is_empty());
}

#[test]
#[should_panic(expected = "pattern 'DoesNothing' returned success but IR did not change")]
fn checks_can_panic() {
    check(
        "DoesNothing",
        |_, _| Ok(()),
        ContractChecks {
            enabled: true,
            panic_on_violation: true,
        },
    );
}

#[test]
fn changes_nested_in_the_scope_are_seen() {
    // The scope is the isolated module around the nested root; a change in
    // place deep inside it counts as a change.
    let mut fx = Fx::parse(IR);
    let d = fx.tag("d");
    let mut set = RewritePatternSet::new(fx.ctx.clone());
    set.add_fn(
        Pattern::new(&fx.ctx, "test.def", 1).with_debug_name("Good"),
        good,
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    app.set_contract_checks(ContractChecks::REPORT);
    let mut rw = PatternRewriter::new(&mut fx.ir);
    assert!(app.match_and_rewrite(d, &mut rw).is_ok());
    assert!(app.violations().is_empty());
}
