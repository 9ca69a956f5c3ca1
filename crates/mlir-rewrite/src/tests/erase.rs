//! Tests of `erase_op` with nested regions: MLIR's erase order (the
//! sequences of upstream `test-strict-pattern-driver.mlir`) and the block
//! notifications around it.

use insta::assert_snapshot;

use super::{report, Fx, Log};
use crate::PatternRewriter;

/// Erases the op tagged `root` with a logging listener and returns the
/// names of the erased ops in notification order.
fn erased_order(src: &str) -> (Vec<String>, Log, Fx) {
    let mut fx = Fx::parse(src);
    let root = fx.tag("root");
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        rw.erase_op(root);
        assert!(!rw.ir().is_live_op(root));
    }
    let names = log
        .lines
        .iter()
        .filter_map(|l| l.strip_prefix("erased "))
        .map(|s| s.split('[').next().unwrap().to_string())
        .collect();
    (names, log, fx)
}

#[test]
fn graph_region_users_before_definitions() {
    let (order, _, fx) = erased_order(
        r#"
"test.erase_op"() ({
  "test.graph_region"() ({
    %0 = "test.foo_a"(%1) : (i1) -> (i1)
    %1 = "test.foo_b"(%0) : (i1) -> (i1)
  }) : () -> ()
}) {tag = "root"} : () -> ()
"#,
    );
    assert_eq!(
        order,
        [
            "test.foo_b",
            "test.foo_a",
            "test.graph_region",
            "test.erase_op"
        ]
    );
    assert!(!fx.print().contains("test."));
}

#[test]
fn cyclic_blocks() {
    let (order, log, fx) = erased_order(
        r#"
"test.erase_op"() ({
  %x = "test.dummy_op"() : () -> (i1)
  "cf.br"(%x)[^bb1] : (i1) -> ()
^bb1(%arg0: i1):
  "test.foo"(%x) : (i1) -> ()
  "cf.br"(%arg0)[^bb2] : (i1) -> ()
^bb2(%arg1: i1):
  "test.bar"(%x) : (i1) -> ()
  "cf.br"(%arg1)[^bb1] : (i1) -> ()
}) {tag = "root"} : () -> ()
"#,
    );
    assert_eq!(
        order,
        [
            "cf.br",
            "test.bar",
            "cf.br",
            "test.foo",
            "cf.br",
            "test.dummy_op",
            "test.erase_op"
        ]
    );
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn dead_blocks() {
    let (order, _, _) = erased_order(
        r#"
"test.erase_op"() ({
  "test.dummy_op"() : () -> (i1)
^bb1(%arg0: i1):
  "test.foo"() : () -> ()
  "cf.br"(%arg0)[^bb2] : (i1) -> ()
^bb2(%arg1: i1):
  "test.nested_dummy"() ({
    "test.qux"() : () -> ()
  ^bb3:
    "test.qux_unreachable"() : () -> ()
  }) : () -> ()
  "test.bar"() : () -> ()
}) {tag = "root"} : () -> ()
"#,
    );
    assert_eq!(
        order,
        [
            "test.dummy_op",
            "test.bar",
            "test.qux",
            "test.qux_unreachable",
            "test.nested_dummy",
            "cf.br",
            "test.foo",
            "test.erase_op"
        ]
    );
}

#[test]
fn nested_ops() {
    let (order, _, _) = erased_order(
        r#"
"test.erase_op"() ({
  %x = "test.dummy_op"() : () -> (i1)
  "cf.br"(%x)[^bb1] : (i1) -> ()
^bb1(%arg0: i1):
  "test.foo"() ({
    "test.nested_a"() : () -> ()
    "test.nested_b"() : () -> ()
  ^dead1:
    "test.nested_c"() : () -> ()
    "cf.br"()[^dead3] : () -> ()
  ^dead2:
    "test.nested_d"() : () -> ()
  ^dead3:
    "test.nested_e"() : () -> ()
    "cf.br"()[^dead2] : () -> ()
  }) : () -> ()
  "cf.br"(%arg0)[^bb2] : (i1) -> ()
^bb2(%arg1: i1):
  "test.bar"(%x) : (i1) -> ()
  "cf.br"(%arg1)[^bb1] : (i1) -> ()
}) {tag = "root"} : () -> ()
"#,
    );
    assert_eq!(
        order,
        [
            "cf.br",
            "test.bar",
            "cf.br",
            "test.nested_b",
            "test.nested_a",
            "test.nested_d",
            "cf.br",
            "test.nested_e",
            "cf.br",
            "test.nested_c",
            "test.foo",
            "cf.br",
            "test.dummy_op",
            "test.erase_op"
        ]
    );
}

#[test]
fn diamond() {
    let (order, _, _) = erased_order(
        r#"
%c = "test.cond"() : () -> i1
"test.erase_op"() ({
  "cf.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.foo"() : () -> ()
  "cf.br"()[^bb3] : () -> ()
^bb2:
  "test.bar"() : () -> ()
  "cf.br"()[^bb3] : () -> ()
^bb3:
  "test.qux"() : () -> ()
}) {tag = "root"} : () -> ()
"#,
    );
    assert_eq!(
        order,
        [
            "test.qux",
            "cf.br",
            "test.foo",
            "cf.br",
            "test.bar",
            "cf.cond_br",
            "test.erase_op"
        ]
    );
}

#[test]
fn erase_without_listener_is_one_step() {
    let mut fx = Fx::parse(
        r#"
"test.erase_op"() ({
  "test.graph_region"() ({
    %0 = "test.foo_a"(%1) : (i1) -> (i1)
    %1 = "test.foo_b"(%0) : (i1) -> (i1)
  }) : () -> ()
}) {tag = "root"} : () -> ()
"#,
    );
    let root = fx.tag("root");
    let before = fx.ir.num_ops();
    let mut rw = PatternRewriter::new(&mut fx.ir);
    rw.erase_op(root);
    assert_eq!(fx.ir.num_ops(), before - 4);
}

#[test]
fn erasing_a_used_op_is_misuse() {
    let mut fx = Fx::parse(
        r#"
%0 = "test.def"() {tag = "root"} : () -> i32
"test.use"(%0) : (i32) -> ()
"#,
    );
    let root = fx.tag("root");
    let mut log = Log::default();
    let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
    let msg = crate::tests::misuse_message(|| rw.erase_op(root));
    assert_eq!(msg, "expected 'test.def' to have no uses");
    // Refused before anything changed.
    assert!(fx.ir.is_live_op(root));
    assert!(log.lines.is_empty(), "nothing notified: {:?}", log.lines);
}
