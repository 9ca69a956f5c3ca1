//! Tests of every rewriter method: its effect on the IR and the exact
//! notification sequence (snapshots of the log followed by the printed IR).

use std::cell::Cell;

use hashbrown::HashSet;
use insta::assert_snapshot;
use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{IrMapping, OperationState, Value};

use super::{report, Fx, Log};
use crate::PatternRewriter;

const USES: &str = r#"
"test.container"() ({
  %0 = "test.def"() {tag = "d"} : () -> i32
  %1 = "test.def"() {tag = "d2"} : () -> i32
  %2 = "test.use"(%0) {tag = "u1"} : (i32) -> i32
  "test.use"(%0, %2) {tag = "u2"} : (i32, i32) -> ()
  "test.term"() {tag = "t"} : () -> ()
}) {tag = "c"} : () -> ()
"#;

#[test]
fn create_insert_and_create_block() {
    let mut fx = Fx::parse(USES);
    let (u1, c) = (fx.tag("u1"), fx.tag("c"));
    let mut log = Log::default();
    {
        let i32t = fx.ctx.int_type(32);
        let loc = fx.ctx.unknown_loc();
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        // Without an insertion point the op stays detached and nothing is notified.
        let detached = rw.create_named("test.detached", loc, &[], &[], None);
        assert!(rw.ir().op_block(detached).is_none());
        rw.set_insertion_point_before(u1);
        let tag = rw.ctx().string_attr("new");
        let dict = rw.ctx().dictionary_attr(&[(rw.ctx().ident("tag"), tag)]);
        rw.create_named("test.new", loc, &[], &[i32t], Some(dict));
        // Inserting the detached op now notifies it as unlinked.
        rw.insert(detached);
        let region = rw.ir().region(c, 0);
        let b = rw.create_block(region, None, &[i32t], &[loc]);
        assert_eq!(rw.insertion_block(), Some(b));
        rw.create_named("test.in_new_block", loc, &[], &[], None);
        rw.ir().op_block(detached).expect("inserted");
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn insertion_points_and_guards() {
    let mut fx = Fx::parse(USES);
    let (d, u1, t) = (fx.tag("d"), fx.tag("u1"), fx.tag("t"));
    let mut rw = PatternRewriter::new(&mut fx.ir);
    assert_eq!(rw.insertion_point(), None);
    rw.set_insertion_point_after(d);
    let saved = rw.save_insertion_point();
    {
        let mut g = rw.insertion_guard();
        g.set_insertion_point_before(t);
        assert_eq!(g.insertion_point().unwrap().before, Some(t));
    }
    assert_eq!(rw.save_insertion_point(), saved);
    rw.with_insertion_guard(|rw| rw.set_insertion_point_to_end(rw.ir().op_block(t).unwrap()));
    assert_eq!(rw.insertion_point(), saved);
    let v = rw.ir().result(u1, 0);
    rw.set_insertion_point_after_value(v);
    assert_eq!(rw.insertion_point().unwrap().before, rw.ir().next_op(u1));
    let b = rw.ir().op_block(d).unwrap();
    rw.set_insertion_point_to_start(b);
    assert_eq!(rw.insertion_point().unwrap().before, Some(d));
    rw.clear_insertion_point();
    rw.restore_insertion_point(saved);
    assert_eq!(rw.insertion_point(), saved);
    // The builder view shares the insertion point and listener.
    let loc = rw.ctx().unknown_loc();
    let op = rw.with_builder(|b| b.create_named("test.via_builder", loc, &[], &[], None));
    assert_eq!(rw.ir().next_op(d), Some(op));
}

const NESTED: &str = r#"
"test.outer"() ({
  "test.a"() ({
    "test.a1"() : () -> ()
  ^bb1:
    "test.a2"() ({
      "test.a21"() : () -> ()
    }) : () -> ()
  }) {tag = "a"} : () -> ()
  "test.b"() : () -> ()
}, {
  "test.r1"() : () -> ()
}) {tag = "outer"} : () -> ()
"test.anchor"() {tag = "anchor"} : () -> ()
"#;

#[test]
fn clone_notifies_blocks_then_nested_ops_in_pre_order() {
    let mut fx = Fx::parse(NESTED);
    let (outer, anchor) = (fx.tag("outer"), fx.tag("anchor"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        rw.set_insertion_point_before(anchor);
        let c = rw.clone(outer);
        assert_ne!(c, outer);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn clone_region_before() {
    let mut fx = Fx::parse(NESTED);
    let (a, outer) = (fx.tag("a"), fx.tag("outer"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let src = rw.ir().region(a, 0);
        let dst = rw.ir().region(outer, 1);
        let first = rw.ir().first_block(dst).unwrap();
        let mut mapping = IrMapping::new();
        rw.clone_region_before(src, dst, Some(first), &mut mapping);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn replace_all_uses_with_notifies_each_user_in_use_order() {
    let mut fx = Fx::parse(USES);
    let (d, d2) = (fx.tag("d"), fx.tag("d2"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let (from, to) = (rw.ir().result(d, 0), rw.ir().result(d2, 0));
        rw.replace_all_uses_with(from, to);
        assert!(rw.ir().use_empty(from));
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn replace_op_with_values() {
    let mut fx = Fx::parse(USES);
    let (d, d2) = (fx.tag("d"), fx.tag("d2"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let to = rw.ir().result(d2, 0);
        rw.replace_op(d, &[to]);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn replace_op_with_new_op() {
    let mut fx = Fx::parse(USES);
    let (d, u1) = (fx.tag("d"), fx.tag("u1"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        rw.set_insertion_point_before(d);
        let ty = rw.ir().result_types(d).next().unwrap();
        let new = rw.replace_op_with_new_named(d, "test.new_def", &[], &[ty], None);
        assert_eq!(rw.ir().operand(u1, 0), rw.ir().result(new, 0));
        // The state-based form.
        let name = rw.ctx().op_name("test.newer");
        let loc = rw.ir().op_loc(new);
        let state = OperationState::new(name, loc).results(&[ty]);
        rw.set_insertion_point_before(new);
        rw.replace_op_with_new_op(new, state);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn replace_all_op_uses_keeps_the_op() {
    let mut fx = Fx::parse(USES);
    let (d, d2) = (fx.tag("d"), fx.tag("d2"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        rw.replace_all_op_uses_with_op(d, d2);
        assert!(rw.ir().is_live_op(d));
        let v = rw.ir().result(d, 0);
        rw.replace_all_op_uses_with(d2, &[v]);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn conditional_use_replacement() {
    let mut fx = Fx::parse(USES);
    let (d, d2, u1, u2) = (fx.tag("d"), fx.tag("d2"), fx.tag("u1"), fx.tag("u2"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let (from, to) = (rw.ir().result(d, 0), rw.ir().result(d2, 0));
        // Only u2's use: not all uses replaced.
        let all = rw.replace_uses_with_if(from, to, |_, u| u.op == u2);
        assert!(!all);
        // The remaining use, except in u1: nothing replaced.
        rw.replace_all_uses_except(from, to, u1);
        assert_eq!(rw.ir().operand(u1, 0), from);
        let mut preserved = HashSet::new();
        preserved.insert(u2);
        rw.replace_all_uses_except_set(from, to, &preserved);
        assert!(rw.ir().use_empty(from));
        // Back again through the op form: all uses replaced.
        let back = rw.ir().result(d, 0);
        assert!(rw.replace_op_uses_with_if(d2, &[back], |_, _| true));
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn replace_op_uses_within_block() {
    let mut fx = Fx::parse(
        r#"
%0 = "test.def"() {tag = "d"} : () -> i32
%1 = "test.def"() {tag = "d2"} : () -> i32
"test.region"() ({
  "test.use"(%0) {tag = "inside"} : (i32) -> ()
}) {tag = "r"} : () -> ()
"test.use"(%0) {tag = "outside"} : (i32) -> ()
"#,
    );
    let (d, d2, r) = (fx.tag("d"), fx.tag("d2"), fx.tag("r"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let block = rw.ir().first_block(rw.ir().region(r, 0)).unwrap();
        let to = rw.ir().result(d2, 0);
        assert!(!rw.replace_op_uses_within_block(d, &[to], block));
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn replace_all_block_uses_with() {
    let mut fx = Fx::parse(
        r#"
"test.region"() ({
  "test.br"()[^bb1] {tag = "br"} : () -> ()
^bb1:
  "test.br"()[^bb1] {tag = "loop"} : () -> ()
^bb2:
  "test.term"() : () -> ()
}) {tag = "r"} : () -> ()
"#,
    );
    let r = fx.tag("r");
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let region = rw.ir().region(r, 0);
        let blocks: Vec<_> = rw.ir().region_blocks(region).collect();
        rw.replace_all_block_uses_with(blocks[1], blocks[2]);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn in_place_modification_finalize_and_cancel() {
    let mut fx = Fx::parse(
        r#"
"test.region"() ({
  %0 = "test.def"() {tag = "d"} : () -> i32
  %1 = "test.def"() {tag = "d2"} : () -> i32
  "test.user"(%0)[^bb1] <{p = 1 : i32}> {tag = "user", x = 1 : i32} : (i32) -> () loc("orig")
^bb1:
  "test.term"() : () -> ()
^bb2:
  "test.term"() : () -> ()
}) : () -> ()
"#,
    );
    let (d2, user) = (fx.tag("d2"), fx.tag("user"));
    let flags = PrintFlags {
        debuginfo: true,
        ..Default::default()
    };
    let before = print_to_string(&fx.ir, fx.module, &flags);
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let v = rw.ir().result(d2, 0);
        let bb2 = {
            let r = rw.ir().op_parent_region(user).unwrap();
            rw.ir().region_blocks(r).nth(2).unwrap()
        };
        let i64t = rw.ctx().int_type(64);
        let attr = rw.ctx().int_attr(i64t, 7);
        let loc = rw.ctx().name_loc("changed", None);
        // Cancel: every kind of edit is undone and nothing is notified.
        rw.start_op_modification(user);
        {
            let mut m = rw.modify(user);
            m.set_operand(0, v);
            m.insert_operands(1, &[v, v]);
            m.set_successor(0, bb2);
            m.set_discardable_attr("x", Some(attr));
            m.set_discardable_attr("y", Some(attr));
            m.set_inherent_attr("p", None);
            m.set_loc(loc);
        }
        rw.cancel_op_modification(user);
        // Finalize: the edit stays and "modified" is notified once.
        rw.modify_op_in_place(user, |m| m.set_discardable_attr("x", Some(attr)));
    }
    assert_snapshot!(format!(
        "before:\n{before}\nafter:\n{}\nlog:\n{}",
        print_to_string(&fx.ir, fx.module, &flags),
        log.text()
    ));
}

#[test]
fn modify_outside_a_modification_is_misuse() {
    let mut fx = Fx::parse(USES);
    let u1 = fx.tag("u1");
    let mut rw = PatternRewriter::new(&mut fx.ir);
    let msg = crate::tests::misuse_message(|| {
        let _ = rw.modify(u1);
    });
    assert!(msg.contains("outside start_op_modification"), "{msg}");
}

const CFG: &str = r#"
"test.outer"() ({
  "test.a"() {tag = "a"} : () -> ()
  "test.b"() {tag = "b"} : () -> ()
  "test.c"() {tag = "c"} : () -> ()
^bb1:
  "test.term"() {tag = "t1"} : () -> ()
}, {
  %x = "test.x"() {tag = "x"} : () -> i32
  "test.src_term"(%x) {tag = "t2"} : (i32) -> ()
^bb1(%arg0: i32):
  "test.y"(%arg0) {tag = "y"} : (i32) -> ()
}) {tag = "outer"} : () -> ()
"#;

#[test]
fn split_block_moves_ops_from_the_back() {
    let mut fx = Fx::parse(CFG);
    let (b, a) = (fx.tag("b"), fx.tag("a"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        rw.set_insertion_point_before(a);
        let ip = rw.insertion_point();
        let block = rw.ir().op_block(b).unwrap();
        let nb = rw.split_block(block, Some(b));
        assert_eq!(rw.insertion_point(), ip);
        assert_eq!(rw.ir().op_block(b), Some(nb));
        // Splitting at the end moves nothing.
        rw.split_block(nb, None);
    }
    assert_snapshot!(report(&log, &fx));
}

/// Runs `f` on fresh `CFG` IR with and without a listener; the IR must
/// come out the same (the fast paths without a listener must agree).
fn same_without_listener(f: impl Fn(&Fx, &mut PatternRewriter<'_>)) {
    let mut with = Fx::parse(CFG);
    let mut without = Fx::parse(CFG);
    let mut log = Log::default();
    {
        let probe = Fx::parse(CFG);
        let mut rw = PatternRewriter::with_listener(&mut with.ir, &mut log);
        f(&probe, &mut rw);
    }
    {
        let probe = Fx::parse(CFG);
        let mut rw = PatternRewriter::new(&mut without.ir);
        f(&probe, &mut rw);
    }
    assert_eq!(with.print(), without.print());
}

#[test]
fn fast_paths_without_listener_agree() {
    // Handles are the same in identically parsed IR, so ops found in a
    // probe copy name the same ops in both.
    same_without_listener(|p, rw| {
        let block = rw.ir().op_block(p.tag("b")).unwrap();
        rw.split_block(block, Some(p.tag("b")));
    });
    same_without_listener(|p, rw| {
        let outer = p.tag("outer");
        let (r0, r1) = (rw.ir().region(outer, 0), rw.ir().region(outer, 1));
        rw.inline_region_before(r1, r0, None);
    });
    same_without_listener(|p, rw| rw.erase_op(p.tag("outer")));
    same_without_listener(|p, rw| {
        let y = p.tag("y");
        let src = rw.ir().op_block(y).unwrap();
        let x = rw.ir().result(p.tag("x"), 0);
        rw.inline_block_before_op(src, p.tag("b"), &[x]);
    });
}

#[test]
fn inline_block_before_and_merge_blocks() {
    let mut fx = Fx::parse(CFG);
    let (outer, b, y) = (fx.tag("outer"), fx.tag("b"), fx.tag("y"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let r1 = rw.ir().region(outer, 1);
        let src = rw.ir().op_block(y).unwrap();
        let x = rw.ir().first_op(rw.ir().first_block(r1).unwrap()).unwrap();
        let xv = rw.ir().result(x, 0);
        // Inline ^bb1 of region 1 (which uses its argument) before "b",
        // passing the result of "x" for the argument.
        rw.inline_block_before_op(src, b, &[xv]);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn merge_blocks_at_end() {
    let mut fx = Fx::parse(
        r#"
"test.region"() ({
  "test.a"() {tag = "a"} : () -> ()
^bb1:
  "test.b"() {tag = "b"} : () -> ()
  "test.c"() {tag = "c"} : () -> ()
}) : () -> ()
"#,
    );
    let (a, b) = (fx.tag("a"), fx.tag("b"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let dest = rw.ir().op_block(a).unwrap();
        let src = rw.ir().op_block(b).unwrap();
        rw.merge_blocks(src, dest, &[]);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn inline_region_before_moves_blocks_one_by_one() {
    let mut fx = Fx::parse(CFG);
    let outer = fx.tag("outer");
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let (r0, r1) = (rw.ir().region(outer, 0), rw.ir().region(outer, 1));
        let second = rw.ir().region_blocks(r0).nth(1).unwrap();
        rw.inline_region_before(r1, r0, Some(second));
        assert!(rw.ir().region_is_empty(r1));
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn move_ops_and_blocks() {
    let mut fx = Fx::parse(CFG);
    let (a, b, c, outer) = (fx.tag("a"), fx.tag("b"), fx.tag("c"), fx.tag("outer"));
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        rw.move_op_before(c, a);
        rw.move_op_after(c, b);
        // A detached op moved into a block was unlinked before.
        let loc = rw.ctx().unknown_loc();
        let detached = rw.create_named("test.detached", loc, &[], &[], None);
        rw.move_op_after(detached, a);
        let r0 = rw.ir().region(outer, 0);
        let (first, second) = (
            rw.ir().first_block(r0).unwrap(),
            rw.ir().last_block(r0).unwrap(),
        );
        rw.move_block_before(second, first);
        let r1 = rw.ir().region(outer, 1);
        rw.move_block_before_in(first, r1, None);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn erase_block_erases_ops_last_to_first() {
    let mut fx = Fx::parse(CFG);
    let y = fx.tag("y");
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        // Make ^bb1 of region 1 deletable: its argument's user goes first.
        let block = rw.ir().op_block(y).unwrap();
        let x = rw
            .ir()
            .first_op(rw.ir().prev_block(block).unwrap())
            .unwrap();
        let xv: Value = rw.ir().result(x, 0);
        let arg = rw.ir().argument(block, 0);
        rw.replace_all_uses_with(arg, xv);
        rw.erase_block(block);
    }
    assert_snapshot!(report(&log, &fx));
}

#[test]
fn notify_match_failure_builds_the_reason_lazily() {
    let mut fx = Fx::parse(USES);
    let d = fx.tag("d");
    let calls = Cell::new(0);
    let reason = || {
        calls.set(calls.get() + 1);
        format!("no match at {}", "d")
    };
    {
        let mut rw = PatternRewriter::new(&mut fx.ir);
        assert!(rw.notify_match_failure(d, reason).is_err());
    }
    assert_eq!(calls.get(), 0, "no listener: the reason is never built");
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        assert!(rw.notify_match_failure(d, reason).is_err());
        let loc = rw.ctx().unknown_loc();
        assert!(rw.notify_match_failure_at(loc, || "at a location").is_err());
    }
    assert_eq!(calls.get(), 1);
    assert_eq!(
        log.lines,
        [
            "match failure: no match at d",
            "match failure: at a location"
        ]
    );
}
