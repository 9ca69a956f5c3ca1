//! Unit tests of the IR arena: use lists, insertion and removal, walks,
//! cloning, block surgery, block arguments, predecessors, op order and
//! stale-handle detection.

use std::sync::Arc;

use super::*;
use crate::Context;

struct T {
    ir: Ir,
}

impl T {
    fn new() -> T {
        T {
            ir: Ir::new(Arc::new(Context::new())),
        }
    }
    fn i32(&self) -> Type {
        self.ir.ctx().int_type(32)
    }
    /// A detached op `name` with `nresults` i32 results and `nregions` regions.
    fn make(&mut self, name: &str, operands: &[Value], nresults: usize, nregions: u32) -> OpRef {
        let ty = self.i32();
        let state = OperationState::new(self.ir.ctx().op_name(name), self.ir.ctx().unknown_loc())
            .operands(operands)
            .results(&vec![ty; nresults])
            .empty_regions(nregions);
        self.ir.create_op(state)
    }
    fn add(&mut self, block: BlockRef, name: &str, operands: &[Value], nresults: usize) -> OpRef {
        let op = self.make(name, operands, nresults, 0);
        self.ir.append_op(block, op);
        op
    }
    fn block_in(&mut self, r: RegionRef) -> BlockRef {
        let b = self.ir.create_block();
        self.ir.append_block(r, b);
        b
    }
    /// An op with one region holding one block.
    fn container(&mut self) -> (OpRef, BlockRef) {
        let op = self.make("t.container", &[], 0, 1);
        let b = self.block_in(self.ir.region(op, 0));
        (op, b)
    }
    fn names(&self, ops: &[OpRef]) -> Vec<String> {
        ops.iter()
            .map(|&o| self.ir.op_name_str(o).to_string())
            .collect()
    }
}

#[test]
fn new_uses_go_to_the_front() {
    let mut t = T::new();
    let (_, b) = t.container();
    let d = t.add(b, "t.def", &[], 1);
    let v = t.ir.result(d, 0);
    let u1 = t.add(b, "t.u1", &[v], 0);
    let u2 = t.add(b, "t.u2", &[v, v], 0);
    let users: Vec<OpOperand> = t.ir.uses(v).collect();
    assert_eq!(
        users,
        [
            OpOperand { op: u2, index: 1 },
            OpOperand { op: u2, index: 0 },
            OpOperand { op: u1, index: 0 },
        ]
    );
    assert!(!t.ir.has_one_use(v));
    t.ir.erase_op(u2);
    assert!(t.ir.has_one_use(v));
    // Setting an operand moves its use to the front of the new value's list.
    let d2 = t.add(b, "t.def", &[], 1);
    let w = t.ir.result(d2, 0);
    let u3 = t.add(b, "t.u3", &[w], 0);
    t.ir.set_operand(u1, 0, w);
    assert!(t.ir.use_empty(v));
    assert_eq!(t.ir.users(w).collect::<Vec<_>>(), [u1, u3]);
}

#[test]
fn replace_all_uses_with_matches_mlir_order() {
    let mut t = T::new();
    let (_, b) = t.container();
    let d = t.add(b, "t.def", &[], 2);
    let (from, to) = (t.ir.result(d, 0), t.ir.result(d, 1));
    let x = t.add(b, "t.x", &[to], 0);
    let a = t.add(b, "t.a", &[from], 0);
    let bb = t.add(b, "t.b", &[from], 0);
    let c = t.add(b, "t.c", &[from], 0);
    // `from`'s list is [c, b, a]; each use moves from its front to the front
    // of `to`'s list, so the order reverses ahead of the existing use.
    t.ir.replace_all_uses_with(from, to);
    assert!(t.ir.use_empty(from));
    assert_eq!(t.ir.users(to).collect::<Vec<_>>(), [a, bb, c, x]);
    // Replacing a value with itself changes nothing.
    t.ir.replace_all_uses_with(to, to);
    assert_eq!(t.ir.users(to).count(), 4);
    // Conditional replacement reports whether all uses went.
    let all = t.ir.replace_uses_with_if(to, from, |_, u| u.op != x);
    assert!(!all);
    assert_eq!(t.ir.users(to).collect::<Vec<_>>(), [x]);
}

#[test]
fn insertion_removal_and_order() {
    let mut t = T::new();
    let (_, b) = t.container();
    let a = t.add(b, "t.a", &[], 0);
    let c = t.add(b, "t.c", &[], 0);
    assert!(t.ir.is_before_in_block(a, c));
    let mid = t.make("t.b", &[], 0, 0);
    t.ir.insert_op_before(c, mid);
    assert!(t.ir.is_before_in_block(a, mid));
    assert!(t.ir.is_before_in_block(mid, c));
    assert!(!t.ir.is_before_in_block(c, mid));
    let first = t.make("t.first", &[], 0, 0);
    t.ir.insert_op(b, Some(a), first);
    let last = t.make("t.last", &[], 0, 0);
    t.ir.insert_op_after(c, last);
    let ops: Vec<OpRef> = t.ir.block_ops(b).collect();
    assert_eq!(t.names(&ops), ["t.first", "t.a", "t.b", "t.c", "t.last"]);
    assert!(t.ir.is_before_in_block(first, last));
    t.ir.move_op_before(last, first);
    assert!(t.ir.is_before_in_block(last, first));
    t.ir.move_op_after(last, c);
    t.ir.remove_op(mid);
    assert_eq!(t.ir.op_block(mid), None);
    let ops: Vec<OpRef> = t.ir.block_ops(b).collect();
    assert_eq!(t.names(&ops), ["t.first", "t.a", "t.c", "t.last"]);
    assert_eq!(t.ir.first_op(b), Some(first));
    assert_eq!(t.ir.last_op(b), Some(last));
    assert_eq!(t.ir.prev_op(c), Some(a));
    assert_eq!(t.ir.next_op(c), Some(last));
    t.ir.erase_op(mid);
    assert!(!t.ir.is_live_op(mid));
}

#[test]
fn many_front_insertions_stay_ordered_and_fast() {
    let mut t = T::new();
    let (_, b) = t.container();
    let anchor = t.add(b, "t.anchor", &[], 0);
    let mut ops = Vec::new();
    for _ in 0..100_000 {
        let o = t.make("t.o", &[], 0, 0);
        let front = t.ir.first_op(b);
        t.ir.insert_op(b, front, o);
        ops.push(o);
    }
    assert!(t.ir.is_before_in_block(ops[99_999], ops[0]));
    assert!(t.ir.is_before_in_block(ops[0], anchor));
    for &o in ops.iter().step_by(2) {
        t.ir.erase_op(o);
    }
    assert_eq!(t.ir.block_ops(b).count(), 50_001);
    assert!(t.ir.is_before_in_block(ops[99_999], ops[1]));
}

/// container { a; n1 { [empty block]; b1 { x } }; c }
fn nested(t: &mut T) -> (OpRef, Vec<OpRef>) {
    let (root, b) = t.container();
    let a = t.add(b, "t.a", &[], 0);
    let n1 = t.make("t.n1", &[], 0, 2);
    t.ir.append_op(b, n1);
    t.block_in(t.ir.region(n1, 0));
    let nb = t.block_in(t.ir.region(n1, 1));
    let b1 = t.make("t.b1", &[], 0, 1);
    t.ir.append_op(nb, b1);
    let bb = t.block_in(t.ir.region(b1, 0));
    let x = t.add(bb, "t.x", &[], 0);
    let c = t.add(b, "t.c", &[], 0);
    (root, vec![a, n1, b1, x, c])
}

#[test]
fn walks_pre_and_post_order() {
    let mut t = T::new();
    let (root, _) = nested(&mut t);
    let pre = t.ir.walk_collect(root, WalkOrder::PreOrder);
    assert_eq!(
        t.names(&pre),
        ["t.container", "t.a", "t.n1", "t.b1", "t.x", "t.c"]
    );
    let post = t.ir.walk_collect(root, WalkOrder::PostOrder);
    assert_eq!(
        t.names(&post),
        ["t.a", "t.x", "t.b1", "t.n1", "t.c", "t.container"]
    );

    // Skip does not enter the op's regions.
    let mut seen = Vec::new();
    let r = t.ir.walk(root, WalkOrder::PreOrder, |op| {
        seen.push(op);
        if t.ir.op_name_str(op) == "t.n1" {
            WalkResult::Skip
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(r, WalkResult::Advance);
    assert_eq!(t.names(&seen), ["t.container", "t.a", "t.n1", "t.c"]);

    // Interrupt stops everything and is reported.
    let mut seen = Vec::new();
    let r = t.ir.walk(root, WalkOrder::PostOrder, |op| {
        seen.push(op);
        if t.ir.op_name_str(op) == "t.b1" {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(r, WalkResult::Interrupt);
    assert_eq!(t.names(&seen), ["t.a", "t.x", "t.b1"]);

    // A walk rooted at a nested op stays inside it.
    let n1 = pre[2];
    let sub = t.ir.walk_collect(n1, WalkOrder::PreOrder);
    assert_eq!(t.names(&sub), ["t.n1", "t.b1", "t.x"]);
    // An op without regions, and one with only empty regions.
    assert_eq!(t.ir.walk_collect(pre[1], WalkOrder::PostOrder), [pre[1]]);
    let (e, _) = t.container();
    assert_eq!(t.ir.walk_collect(e, WalkOrder::PreOrder), [e]);
}

#[test]
fn deep_walks_do_not_overflow() {
    let mut t = T::new();
    let (root, mut b) = t.container();
    for _ in 0..100_000 {
        let op = t.make("t.n", &[], 0, 1);
        t.ir.append_op(b, op);
        b = t.block_in(t.ir.region(op, 0));
    }
    assert_eq!(t.ir.walk_collect(root, WalkOrder::PostOrder).len(), 100_001);
    t.ir.erase_op(root);
    assert_eq!(t.ir.num_ops(), 0);
}

#[test]
fn clone_with_mapping_and_forward_references() {
    let mut t = T::new();
    let (root, b0) = t.container();
    let outer = t.add(b0, "t.outer", &[], 1);
    let ov = t.ir.result(outer, 0);
    // A region whose first block uses a value defined in its second block,
    // and a branch between the blocks.
    let f = t.make("t.f", &[], 0, 1);
    t.ir.append_op(b0, f);
    let r = t.ir.region(f, 0);
    let (x, y) = (t.block_in(r), t.block_in(r));
    let ty = t.i32();
    let loc = t.ir.ctx().unknown_loc();
    let arg = t.ir.add_argument(y, ty, loc);
    let user = t.add(x, "t.use", &[ov], 0);
    let br = t.make("t.br", &[], 0, 0);
    t.ir.append_op(x, br);
    let def = t.add(y, "t.def", &[arg], 1);
    let dv = t.ir.result(def, 0);
    t.ir.set_operands(user, &[ov, dv]);
    let state = OperationState::new(t.ir.ctx().op_name("t.br2"), loc).successors(&[y]);
    let br2 = t.ir.create_op(state);
    t.ir.insert_op_after(br, br2);
    t.ir.erase_op(br);

    let mut map = IrMapping::new();
    let c = t.ir.clone_op(f, &mut map);
    let cr = t.ir.region(c, 0);
    let cblocks: Vec<BlockRef> = t.ir.region_blocks(cr).collect();
    assert_eq!(cblocks.len(), 2);
    let cuser = t.ir.first_op(cblocks[0]).unwrap();
    let cdef = t.ir.first_op(cblocks[1]).unwrap();
    // Values outside the cloned op are used as is; inner ones are remapped,
    // including the forward reference and the block argument.
    assert_eq!(t.ir.operand(cuser, 0), ov);
    assert_eq!(t.ir.operand(cuser, 1), t.ir.result(cdef, 0));
    assert_eq!(t.ir.operand(cdef, 0), t.ir.argument(cblocks[1], 0));
    assert_eq!(map.lookup_value(dv), Some(t.ir.result(cdef, 0)));
    assert_eq!(map.lookup_block_or_default(y), cblocks[1]);
    assert_eq!(map.lookup_op(f), Some(c));
    let cbr = t.ir.last_op(cblocks[0]).unwrap();
    assert_eq!(t.ir.successor(cbr, 0), cblocks[1]);
    assert_eq!(t.ir.predecessors(cblocks[1]).collect::<Vec<_>>(), [cbr]);
    assert_eq!(t.ir.op_block(c), None);
    assert_eq!(t.ir.users(ov).count(), 2);
    assert!(OperationEquivalence::is_equivalent(&t.ir, user, user));
    let _ = root;
}

#[test]
fn split_block_moves_the_tail() {
    let mut t = T::new();
    let (root, b) = t.container();
    let ops: Vec<OpRef> = (0..4)
        .map(|i| t.add(b, &format!("t.o{i}"), &[], 0))
        .collect();
    let nb = t.ir.split_block(b, Some(ops[2]));
    assert_eq!(t.ir.next_block(b), Some(nb));
    assert_eq!(t.ir.block_parent_region(nb), Some(t.ir.region(root, 0)));
    assert_eq!(t.ir.block_ops(b).collect::<Vec<_>>(), ops[..2]);
    assert_eq!(t.ir.block_ops(nb).collect::<Vec<_>>(), ops[2..]);
    assert_eq!(t.ir.op_block(ops[3]), Some(nb));
    assert!(t.ir.is_before_in_block(ops[2], ops[3]));
    // Splitting at the end gives an empty block.
    let empty = t.ir.split_block(nb, None);
    assert!(t.ir.block_is_empty(empty));
    assert_eq!(t.ir.num_blocks(t.ir.region(root, 0)), 3);
    assert_eq!(t.ir.block_number(empty), 2);
}

#[test]
fn block_argument_insertion_and_erasure_renumber_uses() {
    let mut t = T::new();
    let (_, b) = t.container();
    let ty = t.i32();
    let loc = t.ir.ctx().unknown_loc();
    let a0 = t.ir.add_argument(b, ty, loc);
    let a1 = t.ir.add_argument(b, ty, loc);
    let user = t.add(b, "t.use", &[a1, a0], 0);
    let new0 = t.ir.insert_argument(b, 0, t.ir.ctx().f32_type(), loc);
    assert_eq!(new0.number(), 0);
    // The old arguments moved up by one, and their uses follow.
    assert_eq!(t.ir.operand(user, 0), Value::argument(b, 2));
    assert_eq!(t.ir.operand(user, 1), Value::argument(b, 1));
    assert_eq!(t.ir.users(t.ir.argument(b, 2)).collect::<Vec<_>>(), [user]);
    assert_eq!(t.ir.value_type(t.ir.argument(b, 0)), t.ir.ctx().f32_type());
    t.ir.erase_argument(b, 0);
    assert_eq!(t.ir.num_arguments(b), 2);
    assert_eq!(t.ir.operand(user, 0), Value::argument(b, 1));
    assert_eq!(t.ir.operand(user, 1), Value::argument(b, 0));
    assert!(matches!(t.ir.operand(user, 0).def(), ValueDef::BlockArgument(bb, 1) if bb == b));
    assert_eq!(t.ir.value_parent_block(t.ir.operand(user, 0)), Some(b));
}

#[test]
#[should_panic(expected = "erasing a block argument that still has uses")]
fn erasing_a_used_argument_panics() {
    let mut t = T::new();
    let (_, b) = t.container();
    let ty = t.i32();
    let loc = t.ir.ctx().unknown_loc();
    let a = t.ir.add_argument(b, ty, loc);
    t.add(b, "t.use", &[a], 0);
    t.ir.erase_argument(b, 0);
}

#[test]
fn predecessors_follow_successor_changes() {
    let mut t = T::new();
    let (root, entry) = t.container();
    let r = t.ir.region(root, 0);
    let (x, y) = (t.block_in(r), t.block_in(r));
    let loc = t.ir.ctx().unknown_loc();
    let name = t.ir.ctx().op_name("t.br");
    let br =
        t.ir.create_op(OperationState::new(name, loc).successors(&[x, y, x]));
    t.ir.append_op(entry, br);
    let br2 =
        t.ir.create_op(OperationState::new(name, loc).successors(&[x]));
    t.ir.append_op(y, br2);
    assert_eq!(t.ir.predecessors(x).collect::<Vec<_>>(), [br2, br, br]);
    assert_eq!(t.ir.predecessors(y).collect::<Vec<_>>(), [br]);
    assert!(t.ir.block_has_no_predecessors(entry));
    t.ir.set_successor(br, 1, x);
    assert!(t.ir.block_has_no_predecessors(y));
    assert_eq!(t.ir.block_uses(x).count(), 4);
    t.ir.replace_all_block_uses_with(x, y);
    assert!(t.ir.block_has_no_predecessors(x));
    assert_eq!(t.ir.successors(br).collect::<Vec<_>>(), [y, y, y]);
    t.ir.erase_op(br);
    assert_eq!(t.ir.predecessors(y).collect::<Vec<_>>(), [br2]);
    t.ir.erase_block(x);
    assert!(!t.ir.is_live_block(x));
}

#[test]
fn stale_handles_are_detected() {
    let mut t = T::new();
    let (_, b) = t.container();
    let op = t.add(b, "t.a", &[], 1);
    let v = t.ir.result(op, 0);
    t.ir.erase_op(op);
    assert!(!t.ir.is_live_op(op));
    assert!(!t.ir.is_live_value(v));
    // The slot is reused, but the old handle stays dead.
    let again = t.add(b, "t.b", &[], 1);
    assert_eq!(again.index(), op.index());
    assert!(!t.ir.is_live_op(op));
    assert!(t.ir.is_live_op(again));
}

#[test]
#[should_panic(expected = "stale handle")]
fn using_an_erased_op_panics() {
    let mut t = T::new();
    let (_, b) = t.container();
    let op = t.add(b, "t.a", &[], 0);
    t.ir.erase_op(op);
    let _ = t.ir.op_name(op);
}

#[test]
#[should_panic(expected = "stale handle")]
fn using_an_erased_value_as_operand_panics() {
    let mut t = T::new();
    let (_, b) = t.container();
    let op = t.add(b, "t.a", &[], 1);
    let v = t.ir.result(op, 0);
    t.ir.erase_op(op);
    t.add(b, "t.use", &[v], 0);
}

#[test]
#[should_panic(expected = "stale handle")]
fn using_an_erased_block_panics() {
    let mut t = T::new();
    let (root, _) = t.container();
    let b = t.block_in(t.ir.region(root, 0));
    t.ir.erase_block(b);
    let _ = t.ir.num_arguments(b);
}

#[test]
#[ignore = "prints storage sizes; run with --ignored --nocapture when tuning memory"]
fn print_storage_sizes() {
    eprintln!("OpData {}", std::mem::size_of::<super::OpData>());
    eprintln!(
        "Option<OpData> {}",
        std::mem::size_of::<Option<super::OpData>>()
    );
    eprintln!("Operand {}", std::mem::size_of::<super::Operand>());
    eprintln!("AttrKind {}", std::mem::size_of::<crate::AttrKind>());
    eprintln!("TypeKind {}", std::mem::size_of::<crate::TypeKind>());
    eprintln!("ApInt {}", std::mem::size_of::<crate::ApInt>());
    eprintln!("ApFloat {}", std::mem::size_of::<crate::ApFloat>());
    eprintln!(
        "AffineMap {}",
        std::mem::size_of::<crate::affine::AffineMap>()
    );
    eprintln!(
        "IntegerSet {}",
        std::mem::size_of::<crate::affine::IntegerSet>()
    );
}

#[test]
fn fingerprint_sees_nested_changes() {
    let mut ctx = crate::Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let ctx = std::sync::Arc::new(ctx);
    let src = "\"foo.outer\"() ({\n  %0 = \"foo.a\"() : () -> i32\n  \"foo.b\"(%0) : (i32) -> ()\n}) : () -> ()\n";
    let (mut ir, top) =
        crate::asm::parse_source(ctx.clone(), src, &Default::default()).expect("parses");
    let before = super::OperationFingerprint::compute(&ir, top);
    assert_eq!(
        before,
        super::OperationFingerprint::compute(&ir, top),
        "deterministic"
    );
    let b_op = ir.walk_collect(top, super::WalkOrder::PreOrder)[3];
    assert_eq!(ir.op_name_str(b_op), "foo.b");
    ir.set_discardable_attr(b_op, "x", Some(ctx.unit_attr()));
    assert_ne!(before, super::OperationFingerprint::compute(&ir, top));
}

#[test]
fn context_and_ir_are_shareable_across_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<crate::Context>();
    assert_send_sync::<super::Ir>();
    // Two threads parse and print different modules against one context;
    // both see the same interned types and attributes.
    let mut ctx = crate::Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let ctx = std::sync::Arc::new(ctx);
    let outputs: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                let ctx = ctx.clone();
                s.spawn(move || {
                    let src =
                        format!("%0 = \"foo.c{t}\"() {{v = {t} : i32}} : () -> tensor<4xf32>\n");
                    let (ir, top) =
                        crate::asm::parse_source(ctx, &src, &Default::default()).expect("parses");
                    crate::asm::printer::print_to_string(&ir, top, &Default::default())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    assert!(outputs[0].contains("\"foo.c0\"() {v = 0 : i32} : () -> tensor<4xf32>"));
    assert!(outputs[1].contains("\"foo.c1\"() {v = 1 : i32} : () -> tensor<4xf32>"));
    let t = ctx.ranked_tensor_type(&[4], ctx.f32_type(), None);
    assert_eq!(ctx.ranked_tensor_type(&[4], ctx.f32_type(), None), t);
}

#[test]
fn swap_region_blocks_exchanges_block_lists_in_order() {
    let mut t = T::new();
    let op = t.make("test.two_regions", &[], 0, 2);
    let (r0, r1) = (t.ir.region(op, 0), t.ir.region(op, 1));
    let a1 = t.block_in(r0);
    let a2 = t.block_in(r0);
    let b1 = t.block_in(r1);
    let x = t.add(a1, "test.x", &[], 0);
    t.ir.swap_region_blocks(r0, r1);
    assert_eq!(t.ir.region_blocks(r0).collect::<Vec<_>>(), vec![b1]);
    assert_eq!(t.ir.region_blocks(r1).collect::<Vec<_>>(), vec![a1, a2]);
    assert_eq!(t.ir.block_parent_region(a1), Some(r1));
    assert_eq!(t.ir.op_block(x), Some(a1));
    // An empty region swaps too.
    let empty = t.make("test.two_regions", &[], 0, 2);
    let (e0, e1) = (t.ir.region(empty, 0), t.ir.region(empty, 1));
    let c = t.block_in(e0);
    t.ir.swap_region_blocks(e0, e1);
    assert!(t.ir.first_block(e0).is_none());
    assert_eq!(t.ir.first_block(e1), Some(c));
}
