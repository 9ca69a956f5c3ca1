//! Operations, blocks, regions and values: the [`Ir`] arena and its handles.
//!
//! # Representation
//!
//! All operations, blocks and regions of one piece of IR live in an [`Ir`]
//! arena ([`slab::Slab`]s of plain data). They refer to each other by small
//! `Copy` handles ([`OpRef`], [`BlockRef`], [`RegionRef`], [`Value`]) made of a
//! slot index and a generation: after an entity is erased, every handle to
//! it is rejected (a panic with a clear message, or `None` from the `try_`
//! accessors) instead of aliasing whatever reuses the slot. There is no
//! `Rc<RefCell<_>>`: reading IR takes `&Ir`, changing it takes `&mut Ir`, and
//! the borrow checker enforces that nobody reads IR while it changes.
//!
//! Blocks hold their operations in an intrusive doubly-linked list (O(1)
//! insertion and removal anywhere); regions hold their blocks the same way.
//! Each value keeps an intrusive doubly-linked list of its uses threaded
//! through the operands that use it (O(1) use insertion and removal, new
//! uses at the front, as in MLIR), and each block keeps one through the
//! successor slots that name it (its predecessors).
//!
//! Op results and block arguments are not separate entities: a [`Value`] is
//! (owner slot, owner generation, position), so a result costs 12 bytes
//! inside its op and needs no allocation of its own.
//!
//! Position of ops within a block (`is_before_in_block`) uses order indices
//! that are assigned lazily and invalidated by insertions, as MLIR does; they
//! are atomics so that `&Ir` stays `Sync` and queries need no `&mut`.

mod clone;
mod equivalence;
pub(crate) mod pool;
mod relocate;
pub(crate) mod slab;
mod stamps;
mod walk;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;

use smallvec::SmallVec;

use crate::attributes::{Attribute, Location};
use crate::context::{Context, OpName};
use crate::traits::TraitSet;
use crate::types::Type;
use crate::Ident;
use pool::{ListPool, PoolList};
use slab::Slab;

pub use clone::IrMapping;
pub use equivalence::{OperationEquivalence, OperationFingerprint};
pub use walk::{WalkOrder, WalkResult};

const NONE: u32 = u32::MAX;
const ARG_BIT: u32 = 1 << 31;

macro_rules! handle {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name {
            pub(crate) index: u32,
            pub(crate) generation: u32,
        }
        impl $name {
            /// The slot index (stable while the entity lives; for side tables).
            pub fn index(self) -> u32 {
                self.index
            }
        }
    };
}

handle!(
    /// A handle to an operation.
    OpRef
);
handle!(
    /// A handle to a block.
    BlockRef
);
handle!(
    /// A handle to a region.
    RegionRef
);

/// An SSA value: an op result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Value {
    owner: u32,
    generation: u32,
    /// Result or argument number; `ARG_BIT` set for block arguments.
    slot: u32,
}

/// Where a value is defined.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ValueDef {
    OpResult(OpRef, u32),
    BlockArgument(BlockRef, u32),
}

impl Value {
    pub fn result(op: OpRef, index: u32) -> Value {
        Value {
            owner: op.index,
            generation: op.generation,
            slot: index,
        }
    }
    pub fn argument(block: BlockRef, index: u32) -> Value {
        Value {
            owner: block.index,
            generation: block.generation,
            slot: index | ARG_BIT,
        }
    }
    pub fn def(self) -> ValueDef {
        if self.slot & ARG_BIT != 0 {
            ValueDef::BlockArgument(
                BlockRef {
                    index: self.owner,
                    generation: self.generation,
                },
                self.slot & !ARG_BIT,
            )
        } else {
            ValueDef::OpResult(
                OpRef {
                    index: self.owner,
                    generation: self.generation,
                },
                self.slot,
            )
        }
    }
    pub fn is_block_argument(self) -> bool {
        self.slot & ARG_BIT != 0
    }
    /// The result or argument number.
    pub fn number(self) -> u32 {
        self.slot & !ARG_BIT
    }
    /// The defining op, for op results.
    pub fn defining_op(self) -> Option<OpRef> {
        match self.def() {
            ValueDef::OpResult(op, _) => Some(op),
            ValueDef::BlockArgument(..) => None,
        }
    }
}

/// A use of a value: operand `index` of `op`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct OpOperand {
    pub op: OpRef,
    pub index: u32,
}

/// A use of a block as a successor: successor `index` of `op`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BlockOperand {
    pub op: OpRef,
    pub index: u32,
}

/// An internal link in a use list: (op slot, operand or successor number).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Link {
    op: u32,
    index: u32,
}

impl Link {
    const NONE: Link = Link { op: NONE, index: 0 };
    fn is_none(self) -> bool {
        self.op == NONE
    }
}

#[derive(Copy, Clone)]
struct Operand {
    value: Value,
    next: Link,
    prev: Link,
}

impl Default for Operand {
    fn default() -> Self {
        Operand {
            value: Value {
                owner: NONE,
                generation: 0,
                slot: 0,
            },
            next: Link::NONE,
            prev: Link::NONE,
        }
    }
}

#[derive(Copy, Clone)]
struct ResultData {
    ty: Type,
    first_use: Link,
}

impl Default for ResultData {
    fn default() -> Self {
        ResultData {
            ty: Type(0),
            first_use: Link::NONE,
        }
    }
}

struct ArgData {
    ty: Type,
    loc: Location,
    first_use: Link,
}

struct Successor {
    block: BlockRef,
    next: Link,
    prev: Link,
}

/// The stored data of an operation. Operands and results live in the
/// `Ir`'s list pools; successors and regions (rare) in a side table.
pub struct OpData {
    name: OpName,
    loc: Location,
    block: u32,
    prev: u32,
    next: u32,
    order: AtomicU32,
    operands: PoolList,
    results: PoolList,
    /// Index into `Ir::extras`, or `NONE` when the op has neither successors nor regions.
    extra: u32,
    props: Option<Attribute>,
    attrs: Attribute,
    /// The change epoch of the op's last change (see "Change stamps").
    stamp: u32,
}

/// Successors and regions of an op that has any.
#[derive(Default)]
struct OpExtra {
    successors: Box<[Successor]>,
    regions: Box<[RegionRef]>,
}

struct BlockData {
    region: u32,
    prev: u32,
    next: u32,
    first_op: u32,
    last_op: u32,
    args: Vec<ArgData>,
    first_pred: Link,
    order_valid: AtomicBool,
    /// The change epoch of the block's last change: an op inserted or
    /// removed, an argument changed, a predecessor edge added or removed.
    stamp: u32,
}

struct RegionData {
    op: u32,
    first_block: u32,
    last_block: u32,
    /// The change epoch of the region's last change: a block inserted or removed.
    stamp: u32,
    /// Fixpoint records of drivers: (key, epoch) pairs, newest last, at
    /// most [`MAX_REGION_RECORDS`] (see [`Ir::region_record`]).
    records: Vec<(u64, u32)>,
}

/// How many fixpoint records a region keeps: one per distinct driver
/// configuration that ran on it recently.
const MAX_REGION_RECORDS: usize = 4;

/// Everything needed to create an operation (MLIR's `OperationState`).
pub struct OperationState {
    pub name: OpName,
    pub loc: Location,
    pub operands: SmallVec<[Value; 4]>,
    pub result_types: SmallVec<[Type; 2]>,
    pub successors: SmallVec<[BlockRef; 2]>,
    /// Detached regions (see [`Ir::create_region`]) moved into the new op.
    pub regions: SmallVec<[RegionRef; 1]>,
    /// Number of additional empty regions to create after `regions`.
    pub num_empty_regions: u32,
    /// Properties (inherent attributes): printed `<{...}>` in generic form.
    pub properties: Option<Attribute>,
    /// Discardable attributes: a dictionary attribute, or `None` for empty.
    pub attributes: Option<Attribute>,
}

impl OperationState {
    pub fn new(name: OpName, loc: Location) -> Self {
        OperationState {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            successors: SmallVec::new(),
            regions: SmallVec::new(),
            num_empty_regions: 0,
            properties: None,
            attributes: None,
        }
    }
    #[inline]
    pub fn operands(mut self, values: &[Value]) -> Self {
        self.operands.extend_from_slice(values);
        self
    }
    pub fn results(mut self, types: &[Type]) -> Self {
        self.result_types.extend_from_slice(types);
        self
    }
    pub fn successors(mut self, blocks: &[BlockRef]) -> Self {
        self.successors.extend_from_slice(blocks);
        self
    }
    pub fn empty_regions(mut self, n: u32) -> Self {
        self.num_empty_regions += n;
        self
    }
    pub fn properties(mut self, props: Attribute) -> Self {
        self.properties = Some(props);
        self
    }
    pub fn attributes(mut self, dict: Attribute) -> Self {
        self.attributes = Some(dict);
        self
    }
}

/// The arena holding a tree (or forest) of operations.
pub struct Ir {
    ctx: Arc<Context>,
    ops: Slab<OpData>,
    blocks: Slab<BlockData>,
    regions: Slab<RegionData>,
    operand_pool: ListPool<Operand>,
    result_pool: ListPool<ResultData>,
    extras: Vec<OpExtra>,
    free_extras: Vec<u32>,
    /// Scratch tables of [`Ir::move_region_contents`], kept to avoid reallocating them per move.
    reloc: relocate::RelocScratch,
}

impl std::fmt::Debug for Ir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ir")
            .field("ops", &self.ops.live())
            .field("blocks", &self.blocks.live())
            .field("regions", &self.regions.live())
            .finish()
    }
}

fn stale(kind: &str) -> ! {
    panic!("use of an erased {kind} (stale handle)")
}

impl Ir {
    pub fn new(ctx: Arc<Context>) -> Ir {
        Ir {
            ctx,
            ops: Slab::default(),
            blocks: Slab::default(),
            regions: Slab::default(),
            operand_pool: ListPool::default(),
            result_pool: ListPool::default(),
            extras: Vec::new(),
            free_extras: Vec::new(),
            reloc: Default::default(),
        }
    }

    // ------------------------------------------------------------------
    // Pooled storage access
    // ------------------------------------------------------------------

    #[inline]
    fn operand_slot(&self, op: u32, i: u32) -> &Operand {
        let l = self.ops.at(op).operands;
        &self.operand_pool.slice(l)[i as usize]
    }
    #[inline]
    fn operand_slot_mut(&mut self, op: u32, i: u32) -> &mut Operand {
        let l = self.ops.at(op).operands;
        &mut self.operand_pool.slice_mut(l)[i as usize]
    }
    #[inline]
    fn op_operands_slice(&self, d: &OpData) -> &[Operand] {
        self.operand_pool.slice(d.operands)
    }
    #[inline]
    fn op_results_slice(&self, d: &OpData) -> &[ResultData] {
        self.result_pool.slice(d.results)
    }
    #[inline]
    fn result_slot_mut(&mut self, op: OpRef, i: u32) -> &mut ResultData {
        let l = self.op_data(op).results;
        &mut self.result_pool.slice_mut(l)[i as usize]
    }
    #[inline]
    fn op_extra(&self, d: &OpData) -> Option<&OpExtra> {
        (d.extra != NONE).then(|| &self.extras[d.extra as usize])
    }
    #[inline]
    fn successor_slot(&self, op: u32, i: u32) -> &Successor {
        let e = self.ops.at(op).extra;
        &self.extras[e as usize].successors[i as usize]
    }
    #[inline]
    fn successor_slot_mut(&mut self, op: u32, i: u32) -> &mut Successor {
        let e = self.ops.at(op).extra;
        &mut self.extras[e as usize].successors[i as usize]
    }

    /// The context this IR belongs to.
    #[inline]
    pub fn ctx(&self) -> &Context {
        &self.ctx
    }
    pub fn ctx_arc(&self) -> &Arc<Context> {
        &self.ctx
    }

    /// An upper bound on op slot indices, for side tables indexed by [`OpRef::index`].
    pub fn op_slot_bound(&self) -> u32 {
        self.ops.slot_bound()
    }
    /// An upper bound on block slot indices, for side tables indexed by [`BlockRef::index`].
    pub fn block_slot_bound(&self) -> u32 {
        self.blocks.slot_bound()
    }

    /// Number of live operations (for statistics and tests).
    pub fn num_ops(&self) -> u32 {
        self.ops.live()
    }

    // ------------------------------------------------------------------
    // Handle resolution
    // ------------------------------------------------------------------

    #[inline]
    pub fn is_live_op(&self, op: OpRef) -> bool {
        self.ops.get(op.index, op.generation).is_some()
    }
    pub fn is_live_block(&self, b: BlockRef) -> bool {
        self.blocks.get(b.index, b.generation).is_some()
    }
    pub fn is_live_region(&self, r: RegionRef) -> bool {
        self.regions.get(r.index, r.generation).is_some()
    }
    /// Whether `v`'s owner is still live.
    pub fn is_live_value(&self, v: Value) -> bool {
        match v.def() {
            ValueDef::OpResult(op, i) => self
                .ops
                .get(op.index, op.generation)
                .is_some_and(|d| i < d.results.len),
            ValueDef::BlockArgument(b, i) => self
                .blocks
                .get(b.index, b.generation)
                .is_some_and(|d| (i as usize) < d.args.len()),
        }
    }

    #[inline]
    fn op_data(&self, op: OpRef) -> &OpData {
        self.ops
            .get(op.index, op.generation)
            .unwrap_or_else(|| stale("operation"))
    }
    #[inline]
    fn op_data_mut(&mut self, op: OpRef) -> &mut OpData {
        self.ops
            .get_mut(op.index, op.generation)
            .unwrap_or_else(|| stale("operation"))
    }
    #[inline]
    fn block_data(&self, b: BlockRef) -> &BlockData {
        self.blocks
            .get(b.index, b.generation)
            .unwrap_or_else(|| stale("block"))
    }
    #[inline]
    fn block_data_mut(&mut self, b: BlockRef) -> &mut BlockData {
        self.blocks
            .get_mut(b.index, b.generation)
            .unwrap_or_else(|| stale("block"))
    }
    #[inline]
    fn region_data(&self, r: RegionRef) -> &RegionData {
        self.regions
            .get(r.index, r.generation)
            .unwrap_or_else(|| stale("region"))
    }
    #[inline]
    fn region_data_mut(&mut self, r: RegionRef) -> &mut RegionData {
        self.regions
            .get_mut(r.index, r.generation)
            .unwrap_or_else(|| stale("region"))
    }
    #[inline]
    fn op_ref(&self, index: u32) -> OpRef {
        OpRef {
            index,
            generation: self.ops.generation(index),
        }
    }
    #[inline]
    fn block_ref(&self, index: u32) -> BlockRef {
        BlockRef {
            index,
            generation: self.blocks.generation(index),
        }
    }
    #[inline]
    fn opt_op(&self, index: u32) -> Option<OpRef> {
        (index != NONE).then(|| self.op_ref(index))
    }
    #[inline]
    fn opt_block(&self, index: u32) -> Option<BlockRef> {
        (index != NONE).then(|| self.block_ref(index))
    }
    #[inline]
    fn region_ref(&self, index: u32) -> RegionRef {
        RegionRef {
            index,
            generation: self.regions.generation(index),
        }
    }

    // ------------------------------------------------------------------
    // Creation
    // ------------------------------------------------------------------

    /// Creates a detached operation (not in any block).
    pub fn create_op(&mut self, state: OperationState) -> OpRef {
        let num_regions = state.regions.len() + state.num_empty_regions as usize;
        let mut regions = Vec::with_capacity(num_regions);
        regions.extend_from_slice(&state.regions);
        for _ in 0..state.num_empty_regions {
            regions.push(self.create_region());
        }
        let results = self
            .result_pool
            .alloc(state.result_types.iter().map(|&ty| ResultData {
                ty,
                first_use: Link::NONE,
            }));
        let extra = if regions.is_empty() && state.successors.is_empty() {
            NONE
        } else {
            let e = OpExtra {
                successors: state
                    .successors
                    .iter()
                    .map(|&block| Successor {
                        block,
                        next: Link::NONE,
                        prev: Link::NONE,
                    })
                    .collect(),
                regions: regions.into_boxed_slice(),
            };
            match self.free_extras.pop() {
                Some(i) => {
                    self.extras[i as usize] = e;
                    i
                }
                None => {
                    self.extras.push(e);
                    self.extras.len() as u32 - 1
                }
            }
        };
        let data = OpData {
            name: state.name,
            loc: state.loc,
            block: NONE,
            prev: NONE,
            next: NONE,
            order: AtomicU32::new(0),
            operands: PoolList::EMPTY,
            results,
            extra,
            props: state.properties,
            attrs: state.attributes.unwrap_or(self.ctx.empty_dictionary()),
            stamp: self.ctx.change_epoch(),
        };
        let (index, generation) = self.ops.insert(data);
        let op = OpRef { index, generation };
        for &r in state.regions.iter() {
            let rd = self.region_data_mut(r);
            assert!(
                rd.op == NONE,
                "region passed to create_op is already attached"
            );
            rd.op = index;
        }
        for k in state.regions.len()..num_regions {
            let r = self.regions(op)[k];
            self.region_data_mut(r).op = index;
        }
        let operands = self
            .operand_pool
            .alloc(state.operands.iter().map(|&value| Operand {
                value,
                next: Link::NONE,
                prev: Link::NONE,
            }));
        self.ops.at_mut(index).operands = operands;
        for (i, &v) in state.operands.iter().enumerate() {
            assert!(
                self.is_live_value(v),
                "operand value is erased (stale handle)"
            );
            self.link_use(index, i as u32);
        }
        for i in 0..state.successors.len() {
            self.link_successor(index, i as u32);
        }
        op
    }

    /// Creates a detached, empty region.
    pub fn create_region(&mut self) -> RegionRef {
        let (index, generation) = self.regions.insert(RegionData {
            op: NONE,
            first_block: NONE,
            last_block: NONE,
            stamp: self.ctx.change_epoch(),
            records: Vec::new(),
        });
        RegionRef { index, generation }
    }

    /// Creates a detached block with no arguments.
    pub fn create_block(&mut self) -> BlockRef {
        let (index, generation) = self.blocks.insert(BlockData {
            region: NONE,
            prev: NONE,
            next: NONE,
            first_op: NONE,
            last_op: NONE,
            args: Vec::new(),
            first_pred: Link::NONE,
            order_valid: AtomicBool::new(true),
            stamp: self.ctx.change_epoch(),
        });
        BlockRef { index, generation }
    }

    // ------------------------------------------------------------------
    // Operation accessors
    // ------------------------------------------------------------------

    #[inline]
    pub fn op_name(&self, op: OpRef) -> OpName {
        self.op_data(op).name
    }
    /// The op's name as text.
    pub fn op_name_str(&self, op: OpRef) -> &str {
        self.ctx.op_name_str(self.op_data(op).name)
    }
    #[inline]
    pub fn op_has_trait(&self, op: OpRef, t: TraitSet) -> bool {
        self.ctx.op_has_trait(self.op_data(op).name, t)
    }
    pub fn op_is_registered(&self, op: OpRef) -> bool {
        self.ctx.op_info(self.op_data(op).name).registered
    }
    #[inline]
    pub fn op_loc(&self, op: OpRef) -> Location {
        self.op_data(op).loc
    }
    pub fn set_op_loc(&mut self, op: OpRef, loc: Location) {
        self.op_data_mut(op).loc = loc;
        self.stamp_op(op.index);
    }
    #[inline]
    pub fn num_operands(&self, op: OpRef) -> usize {
        self.op_data(op).operands.len as usize
    }
    #[inline]
    pub fn operand(&self, op: OpRef, i: usize) -> Value {
        self.op_operands_slice(self.op_data(op))[i].value
    }
    pub fn operands(&self, op: OpRef) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.op_operands_slice(self.op_data(op))
            .iter()
            .map(|o| o.value)
    }
    pub fn operand_types(&self, op: OpRef) -> impl ExactSizeIterator<Item = Type> + '_ {
        self.op_operands_slice(self.op_data(op))
            .iter()
            .map(move |o| self.value_type(o.value))
    }
    #[inline]
    pub fn num_results(&self, op: OpRef) -> usize {
        self.op_data(op).results.len as usize
    }
    #[inline]
    pub fn result(&self, op: OpRef, i: usize) -> Value {
        assert!(i < self.num_results(op), "result index out of range");
        Value::result(op, i as u32)
    }
    pub fn results(&self, op: OpRef) -> impl ExactSizeIterator<Item = Value> {
        let n = self.num_results(op) as u32;
        (0..n).map(move |i| Value::result(op, i))
    }
    #[inline]
    pub fn result_types(&self, op: OpRef) -> impl ExactSizeIterator<Item = Type> + '_ {
        self.op_results_slice(self.op_data(op)).iter().map(|r| r.ty)
    }
    fn successor_list(&self, op: OpRef) -> &[Successor] {
        self.op_extra(self.op_data(op))
            .map_or(&[], |e| &e.successors)
    }
    #[inline]
    pub fn num_successors(&self, op: OpRef) -> usize {
        self.successor_list(op).len()
    }
    #[inline]
    pub fn successor(&self, op: OpRef, i: usize) -> BlockRef {
        self.successor_list(op)[i].block
    }
    pub fn successors(&self, op: OpRef) -> impl ExactSizeIterator<Item = BlockRef> + '_ {
        self.successor_list(op).iter().map(|s| s.block)
    }
    #[inline]
    pub fn num_regions(&self, op: OpRef) -> usize {
        self.regions(op).len()
    }
    pub fn region(&self, op: OpRef, i: usize) -> RegionRef {
        self.regions(op)[i]
    }
    #[inline]
    pub fn regions(&self, op: OpRef) -> &[RegionRef] {
        self.op_extra(self.op_data(op)).map_or(&[], |e| &e.regions)
    }
    /// The properties attribute (inherent attributes), if any.
    #[inline]
    pub fn op_properties(&self, op: OpRef) -> Option<Attribute> {
        self.op_data(op).props
    }
    pub fn set_op_properties(&mut self, op: OpRef, props: Option<Attribute>) {
        self.op_data_mut(op).props = props;
        self.stamp_op(op.index);
    }
    /// The discardable attribute dictionary.
    #[inline]
    pub fn op_attributes(&self, op: OpRef) -> Attribute {
        self.op_data(op).attrs
    }
    pub fn set_op_attributes(&mut self, op: OpRef, dict: Attribute) {
        self.op_data_mut(op).attrs = dict;
        self.stamp_op(op.index);
    }
    /// Looks `name` up among the inherent attributes (properties) and then
    /// the discardable attributes, as MLIR's `Operation::getAttr`.
    #[inline]
    pub fn attr(&self, op: OpRef, name: &str) -> Option<Attribute> {
        let d = self.op_data(op);
        if let Some(p) = d.props {
            if let Some(a) = self.ctx.dictionary_get(p, name) {
                return Some(a);
            }
        }
        self.ctx.dictionary_get(d.attrs, name)
    }
    /// Sets a discardable attribute (or removes it with `None`).
    pub fn set_discardable_attr(&mut self, op: OpRef, name: &str, value: Option<Attribute>) {
        let id = self.ctx.ident(name);
        let dict = self.ctx.dictionary_with(self.op_data(op).attrs, id, value);
        self.op_data_mut(op).attrs = dict;
        self.stamp_op(op.index);
    }
    /// Sets an inherent attribute in the op's properties dictionary.
    pub fn set_inherent_attr(&mut self, op: OpRef, name: &str, value: Option<Attribute>) {
        let id = self.ctx.ident(name);
        let base = self
            .op_data(op)
            .props
            .unwrap_or(self.ctx.empty_dictionary());
        let dict = self.ctx.dictionary_with(base, id, value);
        let dict = (!self.ctx.dictionary_entries(dict).is_empty()).then_some(dict);
        self.op_data_mut(op).props = dict;
        self.stamp_op(op.index);
    }
    /// Sets `name` where it belongs: properties if the op declares it inherent, else discardable.
    pub fn set_attr(&mut self, op: OpRef, name: &str, value: Option<Attribute>) {
        if self.ctx.op_info(self.op_name(op)).is_inherent_attr(name) {
            self.set_inherent_attr(op, name, value)
        } else {
            self.set_discardable_attr(op, name, value)
        }
    }

    // ------------------------------------------------------------------
    // Structure navigation
    // ------------------------------------------------------------------

    #[inline]
    pub fn op_block(&self, op: OpRef) -> Option<BlockRef> {
        self.opt_block(self.op_data(op).block)
    }
    #[inline]
    pub fn op_parent_region(&self, op: OpRef) -> Option<RegionRef> {
        // Only `op` is checked: its block link is internal (kept valid by
        // the IR), so the block needs no handle of its own. The greedy
        // driver asks this for every op it queues.
        let b = self.op_data(op).block;
        if b == NONE {
            return None;
        }
        let r = self.blocks.at(b).region;
        (r != NONE).then(|| self.region_ref(r))
    }
    /// The op whose region contains `op`.
    #[inline]
    pub fn op_parent_op(&self, op: OpRef) -> Option<OpRef> {
        self.op_parent_region(op)
            .and_then(|r| self.region_parent_op(r))
    }
    #[inline]
    pub fn next_op(&self, op: OpRef) -> Option<OpRef> {
        self.opt_op(self.op_data(op).next)
    }
    #[inline]
    pub fn prev_op(&self, op: OpRef) -> Option<OpRef> {
        self.opt_op(self.op_data(op).prev)
    }
    #[inline]
    pub fn block_parent_region(&self, b: BlockRef) -> Option<RegionRef> {
        let r = self.block_data(b).region;
        (r != NONE).then(|| self.region_ref(r))
    }
    pub fn block_parent_op(&self, b: BlockRef) -> Option<OpRef> {
        self.block_parent_region(b)
            .and_then(|r| self.region_parent_op(r))
    }
    #[inline]
    pub fn region_parent_op(&self, r: RegionRef) -> Option<OpRef> {
        self.opt_op(self.region_data(r).op)
    }
    /// The position of `r` among its parent op's regions.
    pub fn region_number(&self, r: RegionRef) -> Option<usize> {
        let op = self.region_parent_op(r)?;
        self.regions(op).iter().position(|&x| x == r)
    }
    #[inline]
    pub fn first_op(&self, b: BlockRef) -> Option<OpRef> {
        self.opt_op(self.block_data(b).first_op)
    }
    #[inline]
    pub fn last_op(&self, b: BlockRef) -> Option<OpRef> {
        self.opt_op(self.block_data(b).last_op)
    }
    /// The ops of `b` in order. Collect before mutating the block.
    #[inline]
    pub fn block_ops(&self, b: BlockRef) -> BlockOps<'_> {
        BlockOps {
            ir: self,
            next: self.block_data(b).first_op,
        }
    }
    pub fn block_is_empty(&self, b: BlockRef) -> bool {
        self.block_data(b).first_op == NONE
    }
    /// The last op of `b` if it is a terminator (or could be one: unregistered).
    pub fn terminator(&self, b: BlockRef) -> Option<OpRef> {
        let last = self.last_op(b)?;
        let info = self.ctx.op_info(self.op_name(last));
        (info.traits.contains(TraitSet::IS_TERMINATOR) || !info.registered).then_some(last)
    }
    #[inline]
    pub fn next_block(&self, b: BlockRef) -> Option<BlockRef> {
        self.opt_block(self.block_data(b).next)
    }
    pub fn prev_block(&self, b: BlockRef) -> Option<BlockRef> {
        self.opt_block(self.block_data(b).prev)
    }
    #[inline]
    pub fn first_block(&self, r: RegionRef) -> Option<BlockRef> {
        self.opt_block(self.region_data(r).first_block)
    }
    pub fn last_block(&self, r: RegionRef) -> Option<BlockRef> {
        self.opt_block(self.region_data(r).last_block)
    }
    #[inline]
    pub fn region_blocks(&self, r: RegionRef) -> RegionBlocks<'_> {
        RegionBlocks {
            ir: self,
            next: self.region_data(r).first_block,
        }
    }
    pub fn region_is_empty(&self, r: RegionRef) -> bool {
        self.region_data(r).first_block == NONE
    }
    pub fn num_blocks(&self, r: RegionRef) -> usize {
        self.region_blocks(r).count()
    }
    /// The position of `b` in its region.
    pub fn block_number(&self, b: BlockRef) -> usize {
        let mut n = 0;
        let mut cur = self.prev_block(b);
        while let Some(p) = cur {
            n += 1;
            cur = self.prev_block(p);
        }
        n
    }

    /// Whether `ancestor` is `op` or contains it (through regions).
    pub fn is_ancestor(&self, ancestor: OpRef, op: OpRef) -> bool {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if c == ancestor {
                return true;
            }
            cur = self.op_parent_op(c);
        }
        false
    }
    pub fn is_proper_ancestor(&self, ancestor: OpRef, op: OpRef) -> bool {
        ancestor != op && self.is_ancestor(ancestor, op)
    }
    /// Whether region `r` contains `op` at any depth.
    pub fn region_is_ancestor(&self, r: RegionRef, op: OpRef) -> bool {
        let mut cur = self.op_parent_region(op);
        while let Some(c) = cur {
            if c == r {
                return true;
            }
            cur = self
                .region_parent_op(c)
                .and_then(|o| self.op_parent_region(o));
        }
        false
    }
    /// `op`'s ancestor (or `op` itself) that lives directly in block `b`.
    pub fn find_ancestor_op_in_block(&self, b: BlockRef, op: OpRef) -> Option<OpRef> {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if self.op_block(c) == Some(b) {
                return Some(c);
            }
            cur = self.op_parent_op(c);
        }
        None
    }
    /// The closest ancestor op of `op` (excluding `op`) with trait `t`.
    pub fn parent_with_trait(&self, op: OpRef, t: TraitSet) -> Option<OpRef> {
        let mut cur = self.op_parent_op(op);
        while let Some(c) = cur {
            if self.op_has_trait(c, t) {
                return Some(c);
            }
            cur = self.op_parent_op(c);
        }
        None
    }

    /// Whether `a` comes before `b`; both must be in the same block.
    pub fn is_before_in_block(&self, a: OpRef, b: OpRef) -> bool {
        let blk = self.op_data(a).block;
        assert!(
            blk != NONE && blk == self.op_data(b).block,
            "is_before_in_block: ops are not in the same block"
        );
        let bd = self.blocks.at(blk);
        if !bd.order_valid.load(Ordering::Relaxed) {
            let mut i = 0u32;
            let mut cur = bd.first_op;
            while cur != NONE {
                let d = self.ops.at(cur);
                d.order.store(i, Ordering::Relaxed);
                i += 1;
                cur = d.next;
            }
            bd.order_valid.store(true, Ordering::Relaxed);
        }
        self.op_data(a).order.load(Ordering::Relaxed)
            < self.op_data(b).order.load(Ordering::Relaxed)
    }

    // ------------------------------------------------------------------
    // Values and use lists
    // ------------------------------------------------------------------

    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        match v.def() {
            ValueDef::OpResult(op, i) => self.op_results_slice(self.op_data(op))[i as usize].ty,
            ValueDef::BlockArgument(b, i) => self.block_data(b).args[i as usize].ty,
        }
    }
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        match v.def() {
            ValueDef::OpResult(op, i) => self.result_slot_mut(op, i).ty = ty,
            ValueDef::BlockArgument(b, i) => self.block_data_mut(b).args[i as usize].ty = ty,
        }
        if self.ctx.change_epoch() != 0 {
            // The users read the type as their operand type.
            self.stamp_value_def(v);
            let mut link = self.first_use(v);
            while !link.is_none() {
                self.stamp_op(link.op);
                link = self.operand_slot(link.op, link.index).next;
            }
        }
    }
    /// The location of a value: its defining op's, or the block argument's.
    pub fn value_loc(&self, v: Value) -> Location {
        match v.def() {
            ValueDef::OpResult(op, _) => self.op_loc(op),
            ValueDef::BlockArgument(b, i) => self.block_data(b).args[i as usize].loc,
        }
    }
    pub fn set_arg_loc(&mut self, v: Value, loc: Location) {
        if let ValueDef::BlockArgument(b, i) = v.def() {
            self.block_data_mut(b).args[i as usize].loc = loc;
            self.stamp_block(b.index);
        }
    }
    /// The block that defines `v` (the owner block of an argument, or the block of the defining op).
    pub fn value_parent_block(&self, v: Value) -> Option<BlockRef> {
        match v.def() {
            ValueDef::OpResult(op, _) => self.op_block(op),
            ValueDef::BlockArgument(b, _) => Some(b),
        }
    }
    pub fn value_parent_region(&self, v: Value) -> Option<RegionRef> {
        self.value_parent_block(v)
            .and_then(|b| self.block_parent_region(b))
    }

    #[inline]
    fn first_use(&self, v: Value) -> Link {
        match v.def() {
            ValueDef::OpResult(op, i) => {
                self.op_results_slice(self.op_data(op))[i as usize].first_use
            }
            ValueDef::BlockArgument(b, i) => self.block_data(b).args[i as usize].first_use,
        }
    }
    fn set_first_use(&mut self, v: Value, link: Link) {
        *self.first_use_mut(v) = link;
    }
    #[inline]
    fn first_use_mut(&mut self, v: Value) -> &mut Link {
        match v.def() {
            ValueDef::OpResult(op, i) => &mut self.result_slot_mut(op, i).first_use,
            ValueDef::BlockArgument(b, i) => &mut self.block_data_mut(b).args[i as usize].first_use,
        }
    }

    /// The uses of `v`, most recent first (MLIR's order). Collect before mutating.
    #[inline]
    pub fn uses(&self, v: Value) -> Uses<'_> {
        Uses {
            ir: self,
            next: self.first_use(v),
        }
    }
    #[inline]
    pub fn use_empty(&self, v: Value) -> bool {
        self.first_use(v).is_none()
    }
    #[inline]
    pub fn has_one_use(&self, v: Value) -> bool {
        let f = self.first_use(v);
        !f.is_none() && self.operand_slot(f.op, f.index).next.is_none()
    }
    /// The ops using `v` (one entry per use).
    #[inline]
    pub fn users(&self, v: Value) -> impl Iterator<Item = OpRef> + '_ {
        self.uses(v).map(|u| u.op)
    }
    /// Whether no result of `op` has a use.
    #[inline]
    pub fn op_use_empty(&self, op: OpRef) -> bool {
        self.op_results_slice(self.op_data(op))
            .iter()
            .all(|r| r.first_use.is_none())
    }

    fn link_use(&mut self, op: u32, index: u32) {
        // Every operand of every op created comes through here: the
        // operand is looked up once, and the value's list head is read and
        // replaced in one access.
        let list = self.ops.at(op).operands;
        let v = self.operand_pool.elem_mut(list, index).value;
        self.stamp_use(op, v);
        let link = Link { op, index };
        let head = std::mem::replace(self.first_use_mut(v), link);
        let o = self.operand_pool.elem_mut(list, index);
        o.next = head;
        o.prev = Link::NONE;
        if !head.is_none() {
            self.operand_slot_mut(head.op, head.index).prev = link;
        }
    }

    fn unlink_use(&mut self, op: u32, index: u32) {
        let (v, next, prev) = {
            let o = self.operand_slot(op, index);
            (o.value, o.next, o.prev)
        };
        self.stamp_use(op, v);
        if prev.is_none() {
            self.set_first_use(v, next);
        } else {
            self.operand_slot_mut(prev.op, prev.index).next = next;
        }
        if !next.is_none() {
            self.operand_slot_mut(next.op, next.index).prev = prev;
        }
    }

    fn push_operand(&mut self, op: OpRef, v: Value) {
        assert!(
            self.is_live_value(v),
            "operand value is erased (stale handle)"
        );
        // Growing the list may move it in the pool; links name (op, index), so they stay valid.
        let mut list = self.op_data(op).operands;
        let index = list.len;
        self.operand_pool.push(
            &mut list,
            Operand {
                value: v,
                next: Link::NONE,
                prev: Link::NONE,
            },
        );
        self.ops.at_mut(op.index).operands = list;
        self.link_use(op.index, index);
    }

    /// Releases `op`'s operand list (the uses must already be unlinked).
    fn clear_operand_list(&mut self, op: u32) {
        let mut list = self.ops.at(op).operands;
        self.operand_pool.clear(&mut list);
        self.ops.at_mut(op).operands = list;
    }

    /// Sets operand `i` of `op` to `v`.
    pub fn set_operand(&mut self, op: OpRef, i: usize, v: Value) {
        assert!(
            self.is_live_value(v),
            "operand value is erased (stale handle)"
        );
        self.op_data(op);
        self.unlink_use(op.index, i as u32);
        self.operand_slot_mut(op.index, i as u32).value = v;
        self.link_use(op.index, i as u32);
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: OpRef, values: &[Value]) {
        let n = self.num_operands(op);
        if n == values.len() {
            for (i, &v) in values.iter().enumerate() {
                self.set_operand(op, i, v);
            }
            return;
        }
        for i in 0..n {
            self.unlink_use(op.index, i as u32);
        }
        self.clear_operand_list(op.index);
        for &v in values {
            self.push_operand(op, v);
        }
    }

    /// Re-sets every operand of `op` to the value it already names, in
    /// order. Nothing changes but the use lists: each use moves to the front
    /// of its list, which is what MLIR's `Operation::setOperands` does even
    /// for unchanged operands. Conversion relies on it to reproduce the
    /// use-list order mlir-opt leaves behind when it restores an op (use
    /// order decides, for example, which user a diagnostic names first).
    pub fn relink_operands(&mut self, op: OpRef) {
        self.op_data(op);
        for i in 0..self.num_operands(op) as u32 {
            // A use already at the front stays there: skip the relink (the
            // common case of a value with one use).
            let slot = Link {
                op: op.index,
                index: i,
            };
            if self.first_use(self.operand_slot(op.index, i).value) == slot {
                continue;
            }
            self.unlink_use(op.index, i);
            self.link_use(op.index, i);
        }
    }

    /// [`Self::relink_operands`], then the same for each successor (MLIR's
    /// `setSuccessor` moves the block use to the front of its list).
    pub fn relink_operands_and_successors(&mut self, op: OpRef) {
        self.relink_operands(op);
        for i in 0..self.num_successors(op) as u32 {
            self.unlink_successor(op.index, i);
            self.link_successor(op.index, i);
        }
    }

    /// Inserts `values` as operands starting at position `at`.
    pub fn insert_operands(&mut self, op: OpRef, at: usize, values: &[Value]) {
        let mut all: Vec<Value> = self.operands(op).collect();
        all.splice(at..at, values.iter().copied());
        self.relink_all_operands(op, &all);
    }

    /// Erases operand `i` of `op`.
    pub fn erase_operand(&mut self, op: OpRef, i: usize) {
        let mut all: Vec<Value> = self.operands(op).collect();
        all.remove(i);
        self.relink_all_operands(op, &all);
    }

    fn relink_all_operands(&mut self, op: OpRef, values: &[Value]) {
        let n = self.num_operands(op);
        for i in 0..n {
            self.unlink_use(op.index, i as u32);
        }
        self.clear_operand_list(op.index);
        for &v in values {
            self.push_operand(op, v);
        }
    }

    /// Makes every use of `from` a use of `to`. Uses are moved one at a time
    /// from the front of `from`'s list to the front of `to`'s, as MLIR does,
    /// so the resulting use order matches MLIR's.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        loop {
            let head = self.first_use(from);
            if head.is_none() {
                break;
            }
            self.unlink_use(head.op, head.index);
            self.operand_slot_mut(head.op, head.index).value = to;
            self.link_use(head.op, head.index);
        }
    }

    /// Replaces the uses of `from` for which `pred` holds; returns whether all were replaced.
    pub fn replace_uses_with_if(
        &mut self,
        from: Value,
        to: Value,
        mut pred: impl FnMut(&Ir, OpOperand) -> bool,
    ) -> bool {
        let uses: Vec<OpOperand> = self.uses(from).collect();
        let mut all = true;
        for u in uses {
            if pred(self, u) {
                self.set_operand(u.op, u.index as usize, to);
            } else {
                all = false;
            }
        }
        all
    }

    // ------------------------------------------------------------------
    // Successors
    // ------------------------------------------------------------------

    fn link_successor(&mut self, op: u32, index: u32) {
        let block = self.successor_slot(op, index).block;
        self.stamp_op(op);
        self.stamp_block(block.index);
        let head = self.block_data(block).first_pred;
        {
            let s = self.successor_slot_mut(op, index);
            s.next = head;
            s.prev = Link::NONE;
        }
        if !head.is_none() {
            self.successor_slot_mut(head.op, head.index).prev = Link { op, index };
        }
        self.block_data_mut(block).first_pred = Link { op, index };
    }

    fn unlink_successor(&mut self, op: u32, index: u32) {
        let (block, next, prev) = {
            let s = self.successor_slot(op, index);
            (s.block, s.next, s.prev)
        };
        self.stamp_op(op);
        self.stamp_block(block.index);
        if prev.is_none() {
            self.blocks.at_mut(block.index).first_pred = next;
        } else {
            self.successor_slot_mut(prev.op, prev.index).next = next;
        }
        if !next.is_none() {
            self.successor_slot_mut(next.op, next.index).prev = prev;
        }
    }

    pub fn set_successor(&mut self, op: OpRef, i: usize, block: BlockRef) {
        self.block_data(block);
        self.op_data(op);
        self.unlink_successor(op.index, i as u32);
        self.successor_slot_mut(op.index, i as u32).block = block;
        self.link_successor(op.index, i as u32);
    }

    /// The successor slots naming `b` (one per edge), most recent first.
    pub fn block_uses(&self, b: BlockRef) -> BlockUses<'_> {
        BlockUses {
            ir: self,
            next: self.block_data(b).first_pred,
        }
    }
    /// The ops branching to `b` (one entry per edge).
    pub fn predecessors(&self, b: BlockRef) -> impl Iterator<Item = OpRef> + '_ {
        self.block_uses(b).map(|u| u.op)
    }
    pub fn block_has_no_predecessors(&self, b: BlockRef) -> bool {
        self.block_data(b).first_pred.is_none()
    }
    /// Redirects every edge to `from` to `to`.
    pub fn replace_all_block_uses_with(&mut self, from: BlockRef, to: BlockRef) {
        loop {
            let head = self.block_data(from).first_pred;
            if head.is_none() {
                break;
            }
            let op = self.op_ref(head.op);
            self.set_successor(op, head.index as usize, to);
        }
    }

    // ------------------------------------------------------------------
    // Block arguments
    // ------------------------------------------------------------------

    pub fn num_arguments(&self, b: BlockRef) -> usize {
        self.block_data(b).args.len()
    }
    pub fn argument(&self, b: BlockRef, i: usize) -> Value {
        assert!(
            i < self.num_arguments(b),
            "block argument index out of range"
        );
        Value::argument(b, i as u32)
    }
    pub fn arguments(&self, b: BlockRef) -> impl ExactSizeIterator<Item = Value> {
        let n = self.num_arguments(b) as u32;
        (0..n).map(move |i| Value::argument(b, i))
    }
    pub fn argument_types(&self, b: BlockRef) -> impl ExactSizeIterator<Item = Type> + '_ {
        self.block_data(b).args.iter().map(|a| a.ty)
    }
    pub fn add_argument(&mut self, b: BlockRef, ty: Type, loc: Location) -> Value {
        self.stamp_block(b.index);
        let d = self.block_data_mut(b);
        d.args.push(ArgData {
            ty,
            loc,
            first_use: Link::NONE,
        });
        Value::argument(b, d.args.len() as u32 - 1)
    }
    /// Inserts an argument at position `at`; later arguments shift by one.
    pub fn insert_argument(&mut self, b: BlockRef, at: usize, ty: Type, loc: Location) -> Value {
        self.block_data_mut(b).args.insert(
            at,
            ArgData {
                ty,
                loc,
                first_use: Link::NONE,
            },
        );
        self.renumber_args_from(b, at + 1);
        self.stamp_block(b.index);
        Value::argument(b, at as u32)
    }
    /// Erases argument `i`, which must have no uses; later arguments shift down.
    pub fn erase_argument(&mut self, b: BlockRef, i: usize) {
        assert!(
            self.block_data(b).args[i].first_use.is_none(),
            "erasing a block argument that still has uses"
        );
        self.block_data_mut(b).args.remove(i);
        self.renumber_args_from(b, i);
        self.stamp_block(b.index);
    }

    /// Rewrites the value stored in every use of arguments `from..` after the
    /// argument list shifted (uses store the argument number).
    fn renumber_args_from(&mut self, b: BlockRef, from: usize) {
        let n = self.num_arguments(b);
        for i in from..n {
            let mut link = self.block_data(b).args[i].first_use;
            let v = Value::argument(b, i as u32);
            while !link.is_none() {
                let o = self.operand_slot_mut(link.op, link.index);
                o.value = v;
                link = o.next;
            }
        }
    }

    // ------------------------------------------------------------------
    // Insertion and removal of ops
    // ------------------------------------------------------------------

    fn invalidate_order(&self, block: u32) {
        self.blocks
            .at(block)
            .order_valid
            .store(false, Ordering::Relaxed);
    }

    /// Links detached `op` into `block` before `before` (or at the end when `None`).
    pub fn insert_op(&mut self, block: BlockRef, before: Option<OpRef>, op: OpRef) {
        assert!(
            self.op_data(op).block == NONE,
            "insert_op: operation is already in a block"
        );
        self.block_data(block);
        let (prev, next) = match before {
            Some(b) => {
                let bd = self.op_data(b);
                assert!(
                    bd.block == block.index,
                    "insert_op: anchor is not in the block"
                );
                (bd.prev, b.index)
            }
            None => (self.blocks.at(block.index).last_op, NONE),
        };
        {
            let d = self.ops.at_mut(op.index);
            d.block = block.index;
            d.prev = prev;
            d.next = next;
        }
        self.stamp_op(op.index);
        self.stamp_block(block.index);
        if prev == NONE {
            self.blocks.at_mut(block.index).first_op = op.index;
        } else {
            self.ops.at_mut(prev).next = op.index;
        }
        if next == NONE {
            self.blocks.at_mut(block.index).last_op = op.index;
        } else {
            self.ops.at_mut(next).prev = op.index;
        }
        // Appending keeps the order valid when there is room after the last op.
        let valid = self
            .blocks
            .at(block.index)
            .order_valid
            .load(Ordering::Relaxed);
        if valid && next == NONE {
            let last = if prev == NONE {
                None
            } else {
                Some(self.ops.at(prev).order.load(Ordering::Relaxed))
            };
            match last {
                None => self.ops.at(op.index).order.store(0, Ordering::Relaxed),
                Some(o) if o < u32::MAX => {
                    self.ops.at(op.index).order.store(o + 1, Ordering::Relaxed)
                }
                Some(_) => self.invalidate_order(block.index),
            }
        } else {
            self.invalidate_order(block.index);
        }
    }

    pub fn append_op(&mut self, block: BlockRef, op: OpRef) {
        self.insert_op(block, None, op)
    }
    pub fn insert_op_before(&mut self, anchor: OpRef, op: OpRef) {
        let b = self.op_block(anchor).expect("anchor op is not in a block");
        self.insert_op(b, Some(anchor), op)
    }
    pub fn insert_op_after(&mut self, anchor: OpRef, op: OpRef) {
        let b = self.op_block(anchor).expect("anchor op is not in a block");
        let next = self.next_op(anchor);
        self.insert_op(b, next, op)
    }

    /// Unlinks `op` from its block, leaving it detached (MLIR's `remove`).
    pub fn remove_op(&mut self, op: OpRef) {
        let (block, prev, next) = {
            let d = self.op_data(op);
            (d.block, d.prev, d.next)
        };
        if block == NONE {
            return;
        }
        self.stamp_op(op.index);
        self.stamp_block(block);
        if prev == NONE {
            self.blocks.at_mut(block).first_op = next;
        } else {
            self.ops.at_mut(prev).next = next;
        }
        if next == NONE {
            self.blocks.at_mut(block).last_op = prev;
        } else {
            self.ops.at_mut(next).prev = prev;
        }
        let d = self.ops.at_mut(op.index);
        d.block = NONE;
        d.prev = NONE;
        d.next = NONE;
    }

    /// Moves `op` (attached or not) before `anchor`.
    pub fn move_op_before(&mut self, op: OpRef, anchor: OpRef) {
        self.remove_op(op);
        self.insert_op_before(anchor, op);
    }
    pub fn move_op_after(&mut self, op: OpRef, anchor: OpRef) {
        self.remove_op(op);
        self.insert_op_after(anchor, op);
    }

    /// Drops all operand and successor references held by `op` and the ops
    /// nested in it (MLIR's `dropAllReferences`), so they can be erased in any order.
    pub fn drop_all_references(&mut self, op: OpRef) {
        // Most erased ops have no regions: no walk, no allocation.
        if self.op_data(op).extra == NONE {
            self.drop_own_references(op);
            return;
        }
        let nested = self.walk_collect(op, WalkOrder::PreOrder);
        for o in nested {
            self.drop_own_references(o);
        }
    }

    /// Drops the operand and successor references of `op` alone.
    fn drop_own_references(&mut self, o: OpRef) {
        let n = self.num_operands(o);
        for i in 0..n {
            self.unlink_use(o.index, i as u32);
        }
        self.clear_operand_list(o.index);
        let ns = self.num_successors(o);
        for i in 0..ns {
            self.unlink_successor(o.index, i as u32);
        }
        if ns > 0 {
            let e = self.ops.at(o.index).extra;
            self.extras[e as usize].successors = Box::new([]);
        }
    }

    /// Erases `op` and everything nested in it. Its results must have no uses
    /// outside of `op` itself.
    pub fn erase_op(&mut self, op: OpRef) {
        self.drop_all_references(op);
        assert!(
            self.op_use_empty(op),
            "erasing operation '{}' whose results still have uses",
            self.op_name_str(op)
        );
        self.remove_op(op);
        self.free_op_tree(op);
    }

    fn free_op_tree(&mut self, op: OpRef) {
        // Most erased ops have no regions: free the op alone, no allocation.
        if self.ops.at(op.index).extra == NONE {
            let data = self.ops.remove(op.index);
            self.operand_pool.free(data.operands);
            self.result_pool.free(data.results);
            return;
        }
        // Ops nested in `op` have already dropped their references; free
        // everything without recursion so deep nesting cannot overflow the stack.
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            let data = self.ops.remove(o.index);
            self.operand_pool.free(data.operands);
            self.result_pool.free(data.results);
            let extra = if data.extra != NONE {
                self.free_extras.push(data.extra);
                std::mem::take(&mut self.extras[data.extra as usize])
            } else {
                OpExtra::default()
            };
            for r in extra.regions.iter() {
                let rd = self.regions.remove(r.index);
                let mut b = rd.first_block;
                while b != NONE {
                    let bd = self.blocks.remove(b);
                    let mut c = bd.first_op;
                    while c != NONE {
                        let next = self.ops.at(c).next;
                        stack.push(self.op_ref(c));
                        c = next;
                    }
                    b = bd.next;
                }
            }
        }
    }

    // ------------------------------------------------------------------
    // Blocks in regions
    // ------------------------------------------------------------------

    /// Links detached `block` into `region` before `before` (or at the end).
    pub fn insert_block(&mut self, region: RegionRef, before: Option<BlockRef>, block: BlockRef) {
        assert!(
            self.block_data(block).region == NONE,
            "insert_block: block is already in a region"
        );
        self.region_data(region);
        let (prev, next) = match before {
            Some(b) => {
                let bd = self.block_data(b);
                assert!(
                    bd.region == region.index,
                    "insert_block: anchor is not in the region"
                );
                (bd.prev, b.index)
            }
            None => (self.regions.at(region.index).last_block, NONE),
        };
        {
            let d = self.blocks.at_mut(block.index);
            d.region = region.index;
            d.prev = prev;
            d.next = next;
        }
        self.stamp_block(block.index);
        self.stamp_region(region.index);
        if prev == NONE {
            self.regions.at_mut(region.index).first_block = block.index;
        } else {
            self.blocks.at_mut(prev).next = block.index;
        }
        if next == NONE {
            self.regions.at_mut(region.index).last_block = block.index;
        } else {
            self.blocks.at_mut(next).prev = block.index;
        }
    }
    pub fn append_block(&mut self, region: RegionRef, block: BlockRef) {
        self.insert_block(region, None, block)
    }

    /// Unlinks `block` from its region, leaving it detached.
    pub fn remove_block(&mut self, block: BlockRef) {
        let (region, prev, next) = {
            let d = self.block_data(block);
            (d.region, d.prev, d.next)
        };
        if region == NONE {
            return;
        }
        self.stamp_region(region);
        if prev == NONE {
            self.regions.at_mut(region).first_block = next;
        } else {
            self.blocks.at_mut(prev).next = next;
        }
        if next == NONE {
            self.regions.at_mut(region).last_block = prev;
        } else {
            self.blocks.at_mut(next).prev = prev;
        }
        let d = self.blocks.at_mut(block.index);
        d.region = NONE;
        d.prev = NONE;
        d.next = NONE;
    }

    /// Erases `block` and its ops. Its arguments and the block itself must be unused
    /// from outside the block.
    pub fn erase_block(&mut self, block: BlockRef) {
        let ops: Vec<OpRef> = self.block_ops(block).collect();
        for &o in &ops {
            self.drop_all_references(o);
        }
        for &o in ops.iter().rev() {
            self.erase_op(o);
        }
        assert!(
            self.block_data(block)
                .args
                .iter()
                .all(|a| a.first_use.is_none()),
            "erasing a block whose arguments still have uses"
        );
        assert!(
            self.block_has_no_predecessors(block),
            "erasing a block that is still a successor"
        );
        self.remove_block(block);
        self.blocks.remove(block.index);
    }

    /// Moves all ops of `src` to `dest` before `before` (or at the end); `src` stays, empty.
    pub fn splice_ops(&mut self, src: BlockRef, dest: BlockRef, before: Option<OpRef>) {
        let ops: Vec<OpRef> = self.block_ops(src).collect();
        for o in ops {
            self.remove_op(o);
            self.insert_op(dest, before, o);
        }
    }

    /// Moves all blocks of `src` into `dest` before `before` (or at the end).
    pub fn splice_blocks(&mut self, src: RegionRef, dest: RegionRef, before: Option<BlockRef>) {
        let blocks: Vec<BlockRef> = self.region_blocks(src).collect();
        for b in blocks {
            self.remove_block(b);
            self.insert_block(dest, before, b);
        }
    }

    /// Exchanges the blocks of regions `a` and `b`, keeping their order.
    pub fn swap_region_blocks(&mut self, a: RegionRef, b: RegionRef) {
        if a == b {
            return;
        }
        let blocks_a: Vec<BlockRef> = self.region_blocks(a).collect();
        self.splice_blocks(b, a, None);
        for blk in blocks_a {
            self.remove_block(blk);
            self.insert_block(b, None, blk);
        }
    }

    /// Splits `block` before `at`: `at` and the ops after it move to a new
    /// block inserted right after `block`, which is returned.
    pub fn split_block(&mut self, block: BlockRef, at: Option<OpRef>) -> BlockRef {
        let new_block = self.create_block();
        let region = self.block_parent_region(block);
        if let Some(r) = region {
            let next = self.next_block(block);
            self.insert_block(r, next, new_block);
        }
        let mut cur = at;
        while let Some(o) = cur {
            cur = self.next_op(o);
            self.remove_op(o);
            self.append_op(new_block, o);
        }
        new_block
    }

    /// Erases a detached region (and everything in it).
    pub fn erase_region(&mut self, region: RegionRef) {
        let blocks: Vec<BlockRef> = self.region_blocks(region).collect();
        for &b in &blocks {
            let ops: Vec<OpRef> = self.block_ops(b).collect();
            for o in ops {
                self.drop_all_references(o);
            }
        }
        for &b in blocks.iter().rev() {
            let args = self.num_arguments(b);
            for i in 0..args {
                assert!(
                    self.block_data(b).args[i].first_use.is_none(),
                    "erasing a region whose block arguments are used outside it"
                );
            }
        }
        for b in blocks.into_iter().rev() {
            let ops: Vec<OpRef> = self.block_ops(b).collect();
            for o in ops.into_iter().rev() {
                self.erase_op(o);
            }
        }
        let blocks: Vec<BlockRef> = self.region_blocks(region).collect();
        for b in blocks {
            self.remove_block(b);
            self.blocks.remove(b.index);
        }
        self.regions.remove(region.index);
    }

    /// The ident for `name` (shortcut for `ctx().ident`).
    pub fn ident(&self, name: &str) -> Ident {
        self.ctx.ident(name)
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ir: &'a Ir,
    next: u32,
}

impl Iterator for BlockOps<'_> {
    type Item = OpRef;
    fn next(&mut self) -> Option<OpRef> {
        if self.next == NONE {
            return None;
        }
        let op = self.ir.op_ref(self.next);
        self.next = self.ir.ops.at(self.next).next;
        Some(op)
    }
}

/// Iterator over the blocks of a region.
pub struct RegionBlocks<'a> {
    ir: &'a Ir,
    next: u32,
}

impl Iterator for RegionBlocks<'_> {
    type Item = BlockRef;
    fn next(&mut self) -> Option<BlockRef> {
        if self.next == NONE {
            return None;
        }
        let b = self.ir.block_ref(self.next);
        self.next = self.ir.blocks.at(self.next).next;
        Some(b)
    }
}

/// Iterator over the uses of a value.
pub struct Uses<'a> {
    ir: &'a Ir,
    next: Link,
}

impl Iterator for Uses<'_> {
    type Item = OpOperand;
    fn next(&mut self) -> Option<OpOperand> {
        if self.next.is_none() {
            return None;
        }
        let l = self.next;
        self.next = self.ir.operand_slot(l.op, l.index).next;
        Some(OpOperand {
            op: self.ir.op_ref(l.op),
            index: l.index,
        })
    }
}

/// Iterator over the successor slots naming a block.
pub struct BlockUses<'a> {
    ir: &'a Ir,
    next: Link,
}

impl Iterator for BlockUses<'_> {
    type Item = BlockOperand;
    fn next(&mut self) -> Option<BlockOperand> {
        if self.next.is_none() {
            return None;
        }
        let l = self.next;
        self.next = self.ir.successor_slot(l.op, l.index).next;
        Some(BlockOperand {
            op: self.ir.op_ref(l.op),
            index: l.index,
        })
    }
}

#[cfg(test)]
mod tests;
