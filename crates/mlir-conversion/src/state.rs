//! The state of one conversion (MLIR's `ConversionPatternRewriterImpl`): the
//! value mapping, the deferred replacements and erasures, the journal of IR
//! changes that makes rollback possible, and the unresolved
//! materializations (`builtin.unrealized_conversion_cast` ops the driver
//! creates and reconciles at the end).
//!
//! [`ConversionState`] is installed into the driver's `PatternRewriter` as its
//! [`RewriteHooks`]: replacing or erasing an op only records it (the op stays
//! in the IR, "ignored" by the legalizer, until the conversion commits), and
//! every insertion, move and in-place modification is journaled before it
//! happens so that [`ConversionState::undo_to`] can restore the IR exactly.

use std::any::Any;
use std::sync::Arc;

use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

use mlir_ir::{
    Attribute, BlockRef, InsertPoint, Ir, Location, OpName, OpRef, RegionRef, Type, Value, ValueDef,
};
use mlir_rewrite::{HookAction, RewriteHooks};

use crate::type_converter::TypeConverter;

/// The values an original value maps to (one for a 1:1 replacement, any
/// number for 1:N; none when the defining op was erased).
pub type ValueVector = SmallVec<[Value; 1]>;

/// Which way a materialization converts (MLIR's `MaterializationKind`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MaterializationKind {
    /// From converted values back to an original (illegal) type, for users
    /// that were not converted.
    Source,
    /// From original values to the (legal) type a pattern expects.
    Target,
}

/// An `unrealized_conversion_cast` created by the driver, to be reconciled
/// (folded away, or turned into a real materialization) at the end.
#[derive(Clone)]
pub(crate) struct UnresolvedMaterialization {
    pub op: OpRef,
    pub kind: MaterializationKind,
    pub converter: Option<Arc<TypeConverter>>,
    /// The type of the original value a target materialization stands for
    /// (MLIR's `originalType`), passed to the target materialization.
    pub original_type: Option<Type>,
}

/// The state of an op before an in-place modification.
#[derive(Clone)]
pub(crate) struct OpState {
    op: OpRef,
    loc: Location,
    operands: SmallVec<[Value; 4]>,
    successors: SmallVec<[BlockRef; 2]>,
    result_types: SmallVec<[Type; 2]>,
    properties: Option<Attribute>,
    attributes: Attribute,
}

impl OpState {
    /// The modified op.
    pub(crate) fn op(&self) -> OpRef {
        self.op
    }
    fn capture(ir: &Ir, op: OpRef) -> OpState {
        OpState {
            op,
            loc: ir.op_loc(op),
            operands: ir.operands(op).collect(),
            successors: ir.successors(op).collect(),
            result_types: ir.result_types(op).collect(),
            properties: ir.op_properties(op),
            attributes: ir.op_attributes(op),
        }
    }
    fn restore(&self, ir: &mut Ir) {
        let op = self.op;
        ir.set_op_loc(op, self.loc);
        // Operands and successors are set even when unchanged: like MLIR's
        // `ModifyOperationRewrite::rollback`, the restore moves each use to
        // the front of its use list, and later diagnostics name users in
        // that order.
        if ir.operands(op).eq(self.operands.iter().copied()) {
            ir.relink_operands(op);
        } else {
            ir.set_operands(op, &self.operands);
        }
        for (i, &b) in self.successors.iter().enumerate() {
            ir.set_successor(op, i, b);
        }
        for (i, &ty) in self.result_types.iter().enumerate() {
            ir.set_value_type(Value::result(op, i as u32), ty);
        }
        ir.set_op_properties(op, self.properties);
        ir.set_op_attributes(op, self.attributes);
    }
}

/// What a value maps to: its replacement values and the type converter of
/// the pattern that made the replacement.
pub(crate) type MappedTo = (ValueVector, Option<Arc<TypeConverter>>);

/// One undoable change (MLIR's `IRRewrite` subclasses).
pub(crate) enum Rewrite {
    /// An op was created (inserted without a previous position), with its
    /// name (the no-rollback error names the ops a pattern created, erased
    /// ones included).
    CreateOp(OpRef, OpName),
    /// An op was moved from `previous`.
    MoveOp { op: OpRef, previous: InsertPoint },
    /// A block was created.
    CreateBlock(BlockRef),
    /// A block was moved from `region` before `next`.
    MoveBlock {
        block: BlockRef,
        region: RegionRef,
        next: Option<BlockRef>,
    },
    /// An op was modified in place; the state before (boxed: the snapshot
    /// is large and rare, while every entry is moved as often as the
    /// journal grows).
    ModifyOp(Box<OpState>),
    /// An op was replaced or erased (deferred).
    ReplaceOp(OpRef),
    /// A block was erased (detached, deferred).
    EraseBlock {
        block: BlockRef,
        region: RegionRef,
        next: Option<BlockRef>,
    },
    /// `from` was mapped; `previous` is what it mapped to before (boxed, as
    /// a value is rarely mapped twice).
    MapValue {
        from: Value,
        previous: Option<Box<MappedTo>>,
    },
    /// An unresolved materialization was registered.
    Materialization(OpRef),
    /// Without rollback: an op was modified in place (no snapshot is kept).
    Modified(OpRef),
    /// Without rollback: an op was replaced or erased, immediately.
    Erased(OpRef),
}

/// A set of ops kept as a table indexed by the op's slot (the legalizer asks
/// whether an op was replaced for nearly every op it visits, so this avoids
/// hashing); a slot holds the handle itself, so that an op created later in
/// a reused slot is not mistaken for the one recorded.
#[derive(Default)]
pub(crate) struct OpSet {
    slots: Vec<Option<OpRef>>,
}

impl OpSet {
    pub(crate) fn contains(&self, op: OpRef) -> bool {
        self.slots.get(op.index() as usize) == Some(&Some(op))
    }

    pub(crate) fn insert(&mut self, op: OpRef) {
        let i = op.index() as usize;
        if i >= self.slots.len() {
            self.slots.resize(i + 1, None);
        }
        self.slots[i] = Some(op);
    }

    pub(crate) fn remove(&mut self, op: OpRef) {
        if self.contains(op) {
            self.slots[op.index() as usize] = None;
        }
    }
}

/// The conversion state installed as the rewriter's hooks.
pub struct ConversionState {
    pub(crate) journal: Vec<Rewrite>,
    /// Original value -> replacement values, with the type converter of the
    /// pattern that made the replacement (used for source materializations).
    pub(crate) mapping: HashMap<Value, (ValueVector, Option<Arc<TypeConverter>>)>,
    /// Every value some value was mapped to (MLIR's `isMappedTo`; may hold
    /// values whose mapping was undone: only used to keep a value alive).
    pub(crate) mapped_to: HashSet<Value>,
    /// Mapped values in the order they were first mapped (deterministic commit).
    pub(crate) mapped_order: Vec<Value>,
    /// Ops replaced or erased, in order.
    pub(crate) replaced: Vec<OpRef>,
    pub(crate) replaced_set: OpSet,
    /// How many replaced ops have regions: while none has, and no block is
    /// erased and no op is recursively legal, no op can be ignored because
    /// of an ancestor (the common case, kept cheap).
    pub(crate) replaced_with_regions: usize,
    /// Blocks erased (detached), in order.
    pub(crate) erased_blocks: Vec<BlockRef>,
    /// Ops whose nested ops need no legalization.
    pub(crate) recursively_legal: HashSet<OpRef>,
    pub(crate) unresolved: Vec<UnresolvedMaterialization>,
    pub(crate) unresolved_set: HashSet<OpRef>,
    /// Target materializations by the value they were built from. MLIR maps
    /// that value to the materialization's results, so every later user
    /// asking for the same types shares one cast; the mapping is kept apart
    /// here because the commit redirects the uses of every mapped value,
    /// while a materialized value keeps its other uses. Entries leave with
    /// their materialization's journal entry.
    pub(crate) target_casts: HashMap<Value, SmallVec<[OpRef; 1]>>,
    /// For arguments of blocks replaced by a signature conversion: the new
    /// block, where their source materializations go.
    pub(crate) arg_home: HashMap<Value, BlockRef>,
    /// The type converter of the pattern being applied (for replacements).
    pub(crate) current_converter: Option<Arc<TypeConverter>>,
    /// Whether a failed pattern may be rolled back; when not, a pattern
    /// that changed the IR and then failed is a fatal error.
    pub(crate) allow_rollback: bool,
    /// Without rollback, changes are applied to the IR at once (MLIR 22's
    /// no-rollback mode): replacements replace uses and erase right away,
    /// bridging type mismatches with materializations, and nothing but
    /// unresolved materializations can be undone.
    pub(crate) immediate: bool,
    /// The `--debug-only=dialect-conversion` log.
    pub(crate) log: crate::log::Logger,
    /// Set when a pattern, without rollback support, erased a block that
    /// branches still name: the block is kept and the driver fails the
    /// conversion (MLIR 22 asserts in debug builds and leaves dangling
    /// successors in release builds).
    pub(crate) erased_used_block: bool,
}

impl ConversionState {
    pub(crate) fn new(allow_rollback: bool) -> Self {
        ConversionState {
            journal: Vec::new(),
            mapping: HashMap::new(),
            mapped_to: HashSet::new(),
            mapped_order: Vec::new(),
            replaced: Vec::new(),
            replaced_set: OpSet::default(),
            replaced_with_regions: 0,
            erased_blocks: Vec::new(),
            recursively_legal: HashSet::new(),
            unresolved: Vec::new(),
            unresolved_set: HashSet::new(),
            target_casts: HashMap::new(),
            arg_home: HashMap::new(),
            current_converter: None,
            allow_rollback,
            immediate: !allow_rollback,
            log: crate::log::Logger::disabled(),
            erased_used_block: false,
        }
    }

    /// The current journal position (for [`Self::undo_to`]).
    pub fn journal_len(&self) -> usize {
        self.journal.len()
    }

    /// Whether `op` was replaced or erased.
    pub fn is_replaced(&self, op: OpRef) -> bool {
        self.replaced_set.contains(op)
    }

    /// Whether `op` must not be legalized: it, or an op or block it is
    /// nested in, was replaced or erased, or it is nested in a recursively
    /// legal op.
    pub fn is_ignored(&self, ir: &Ir, op: OpRef) -> bool {
        if self.replaced_set.contains(op) {
            return true;
        }
        if self.replaced_with_regions == 0
            && self.erased_blocks.is_empty()
            && self.recursively_legal.is_empty()
        {
            return false;
        }
        let mut cur = op;
        loop {
            let Some(block) = ir.op_block(cur) else {
                return false;
            };
            if ir.block_parent_region(block).is_none() {
                // Detached: an erased block.
                return true;
            }
            let Some(parent) = ir.block_parent_op(block) else {
                return false;
            };
            if self.replaced_set.contains(parent) || self.recursively_legal.contains(&parent) {
                return true;
            }
            cur = parent;
        }
    }

    /// Records that `op` is replaced or erased (journaled).
    pub(crate) fn note_replaced(&mut self, ir: &Ir, op: OpRef) {
        if !ir.regions(op).is_empty() {
            self.replaced_with_regions += 1;
        }
        self.replaced.push(op);
        self.replaced_set.insert(op);
        self.journal.push(Rewrite::ReplaceOp(op));
    }

    /// Maps `from` to `to` (journaled).
    pub(crate) fn map(
        &mut self,
        from: Value,
        to: ValueVector,
        converter: Option<Arc<TypeConverter>>,
    ) {
        self.mapped_to.extend(to.iter().copied());
        let previous = self.mapping.insert(from, (to, converter)).map(Box::new);
        if previous.is_none() {
            self.mapped_order.push(from);
        }
        self.journal.push(Rewrite::MapValue { from, previous });
    }

    /// The most recent replacement of `v`: the mapping is followed until a
    /// value that is not replaced; a 1:N or 1:0 step ends the walk there
    /// (each of the N values is resolved in turn).
    pub fn lookup(&self, v: Value) -> ValueVector {
        let mut out = ValueVector::new();
        self.lookup_into(v, &mut out, 0);
        out
    }

    fn lookup_into(&self, v: Value, out: &mut ValueVector, depth: usize) {
        match self.mapping.get(&v) {
            // The depth bound protects against a mapping cycle (a pattern
            // replacing a value with itself through several steps).
            Some((to, _)) if depth < 10_000 && !(to.len() == 1 && to[0] == v) => {
                for &t in to.iter() {
                    self.lookup_into(t, out, depth + 1);
                }
            }
            _ => out.push(v),
        }
    }

    /// The deepest value of `v`'s chain of 1:1 replacements that has type
    /// `ty` (MLIR's `lookupOrNull` with a desired type), if any other than
    /// `v` itself.
    pub(crate) fn lookup_deepest_of_type(&self, ir: &Ir, v: Value, ty: Type) -> Option<Value> {
        let mut cur = v;
        let mut found = None;
        for _ in 0..10_000 {
            match self.mapping.get(&cur) {
                Some((to, _)) if to.len() == 1 && to[0] != cur => {
                    cur = to[0];
                    if ir.value_type(cur) == ty {
                        found = Some(cur);
                    }
                }
                _ => break,
            }
        }
        found
    }

    /// The type converter for a source materialization of `v`: the one of
    /// the replacement step that changed the type along `v`'s chain of 1:1
    /// replacements, else the first one on the chain.
    pub(crate) fn converter_for(&self, ir: &Ir, v: Value) -> Option<Arc<TypeConverter>> {
        let mut cur = v;
        let mut first: Option<Arc<TypeConverter>> = None;
        for _ in 0..10_000 {
            let Some((to, conv)) = self.mapping.get(&cur) else {
                break;
            };
            if first.is_none() {
                first = conv.clone();
            }
            if to.len() != 1 || ir.value_type(to[0]) != ir.value_type(cur) {
                return conv.clone().or(first);
            }
            if to[0] == cur {
                break;
            }
            cur = to[0];
        }
        first
    }

    /// Like [`Self::lookup`] but stops at the first value of the chain whose
    /// types are `types` (MLIR's `lookupOrNull` with desired types).
    pub fn lookup_with_types(&self, ir: &Ir, v: Value, types: &[Type]) -> Option<ValueVector> {
        let mut cur: ValueVector = smallvec::smallvec![v];
        for _ in 0..10_000 {
            if cur.len() == types.len()
                && cur.iter().zip(types).all(|(&c, &t)| ir.value_type(c) == t)
            {
                return Some(cur);
            }
            // Follow the chain only through 1:1 steps (or a whole vector
            // mapped at once); otherwise resolve each value fully.
            if cur.len() == 1 {
                match self.mapping.get(&cur[0]) {
                    Some((to, _)) if !(to.len() == 1 && to[0] == cur[0]) => cur = to.clone(),
                    _ => return None,
                }
            } else {
                let next: ValueVector = cur.iter().flat_map(|&c| self.lookup(c)).collect();
                if next == cur {
                    return None;
                }
                cur = next;
            }
        }
        None
    }

    /// Registers an unresolved materialization (journaled).
    pub(crate) fn add_unresolved(
        &mut self,
        op: OpRef,
        kind: MaterializationKind,
        converter: Option<Arc<TypeConverter>>,
    ) {
        self.unresolved.push(UnresolvedMaterialization {
            op,
            kind,
            converter,
            original_type: None,
        });
        self.unresolved_set.insert(op);
        self.journal.push(Rewrite::Materialization(op));
    }

    /// Records that the target materialization `cast` was built from
    /// `from`, for [`Self::cached_target_cast`].
    pub(crate) fn note_target_cast(&mut self, from: Value, cast: OpRef) {
        self.target_casts.entry(from).or_default().push(cast);
    }

    /// A target materialization of `from` to `types` built earlier and
    /// still unresolved (MLIR finds it through its value mapping).
    pub(crate) fn cached_target_cast(&self, ir: &Ir, from: Value, types: &[Type]) -> Option<OpRef> {
        let casts = self.target_casts.get(&from)?;
        casts.iter().rev().copied().find(|&c| {
            self.unresolved_set.contains(&c)
                && ir.is_live_op(c)
                && ir.num_operands(c) == 1
                && ir.operand(c, 0) == from
                && ir.result_types(c).eq(types.iter().copied())
        })
    }

    /// Drops `cast` from the target-materialization cache (its journal
    /// entry is being undone).
    fn forget_target_cast(&mut self, ir: &Ir, cast: OpRef) {
        if self.target_casts.is_empty() || !ir.is_live_op(cast) || ir.num_operands(cast) != 1 {
            return;
        }
        let from = ir.operand(cast, 0);
        if let Some(list) = self.target_casts.get_mut(&from) {
            list.retain(|c| *c != cast);
            if list.is_empty() {
                self.target_casts.remove(&from);
            }
        }
    }

    /// Records the type of the original value the unresolved
    /// materialization `op` stands for.
    pub(crate) fn set_unresolved_original_type(&mut self, op: OpRef, ty: Type) {
        if let Some(m) = self.unresolved.iter_mut().rev().find(|m| m.op == op) {
            m.original_type = Some(ty);
        }
    }

    /// Undoes every change journaled after position `n`, newest first.
    pub fn undo_to(&mut self, ir: &mut Ir, n: usize) {
        while self.journal.len() > n {
            let r = self.journal.pop().expect("journal entry");
            match r {
                Rewrite::CreateOp(op, _) => {
                    if ir.is_live_op(op) {
                        // Uses by ops created later have been undone already;
                        // anything left refers from IR being erased with it.
                        ir.erase_op(op);
                    }
                }
                Rewrite::MoveOp { op, previous } => {
                    if ir.is_live_op(op) {
                        ir.remove_op(op);
                        ir.insert_op(previous.block, previous.before, op);
                    }
                }
                Rewrite::CreateBlock(b) => {
                    if ir.is_live_block(b) {
                        ir.remove_block(b);
                        ir.erase_block(b);
                    }
                }
                Rewrite::MoveBlock {
                    block,
                    region,
                    next,
                } => {
                    if ir.is_live_block(block) {
                        ir.remove_block(block);
                        ir.insert_block(region, next, block);
                    }
                }
                Rewrite::ModifyOp(state) => {
                    if ir.is_live_op(state.op) {
                        state.restore(ir);
                    }
                }
                Rewrite::ReplaceOp(op) => {
                    self.replaced_set.remove(op);
                    if ir.is_live_op(op) && !ir.regions(op).is_empty() {
                        self.replaced_with_regions -= 1;
                    }
                    if self.replaced.last() == Some(&op) {
                        self.replaced.pop();
                    } else if let Some(i) = self.replaced.iter().rposition(|&o| o == op) {
                        self.replaced.remove(i);
                    }
                }
                Rewrite::EraseBlock {
                    block,
                    region,
                    next,
                } => {
                    if let Some(i) = self.erased_blocks.iter().rposition(|&b| b == block) {
                        self.erased_blocks.remove(i);
                    }
                    ir.insert_block(region, next, block);
                }
                Rewrite::MapValue { from, previous } => match previous {
                    Some(p) => {
                        self.mapping.insert(from, *p);
                    }
                    None => {
                        self.mapping.remove(&from);
                        if self.mapped_order.last() == Some(&from) {
                            self.mapped_order.pop();
                        } else if let Some(i) = self.mapped_order.iter().rposition(|&v| v == from) {
                            self.mapped_order.remove(i);
                        }
                    }
                },
                Rewrite::Materialization(op) => {
                    self.unresolved_set.remove(&op);
                    self.forget_target_cast(ir, op);
                    if let Some(i) = self.unresolved.iter().rposition(|m| m.op == op) {
                        self.unresolved.remove(i);
                    }
                    // Casts built directly (not through the rewriter, so
                    // without a `CreateOp` entry) go with their entry.
                    if ir.is_live_op(op) && ir.op_use_empty(op) {
                        ir.erase_op(op);
                    }
                }
                // Only reachable once the driver checked that nothing but
                // materializations is being undone (see `can_undo_to`).
                Rewrite::Modified(_) | Rewrite::Erased(_) => {}
            }
        }
    }

    /// Whether everything journaled after position `n` can be undone without
    /// rollback support: only unresolved materializations (and what
    /// registering them recorded) can, as in MLIR 22.
    pub(crate) fn can_undo_to(&self, ir: &Ir, n: usize) -> bool {
        if !self.immediate {
            return true;
        }
        let is_cast = |op: OpRef| self.unresolved_set.contains(&op);
        self.journal[n..].iter().all(|r| match r {
            Rewrite::Materialization(_) => true,
            Rewrite::CreateOp(op, _) => is_cast(*op) || !ir.is_live_op(*op),
            Rewrite::MapValue { from, .. } => from.defining_op().is_some_and(is_cast),
            _ => false,
        })
    }

    /// The ops created (and still alive, not replaced) since journal position `n`,
    /// in creation order.
    pub(crate) fn created_since(&self, ir: &Ir, n: usize) -> Vec<OpRef> {
        self.journal[n..]
            .iter()
            .filter_map(|r| match r {
                Rewrite::CreateOp(op, _) => Some(*op),
                _ => None,
            })
            .filter(|&op| ir.is_live_op(op) && !self.replaced_set.contains(op))
            // Unresolved materializations are reconciled at the end, not
            // legalized.
            .filter(|op| !self.unresolved_set.contains(op))
            .collect()
    }

    /// The names of the ops a pattern created since journal position `n`
    /// and of the pre-existing ops it modified in place, each in order and
    /// once (MLIR's `patternNewOps` / `patternModifiedOps`, which its
    /// no-rollback error lists).
    pub(crate) fn pattern_changes_since(&self, ir: &Ir, n: usize) -> (Vec<OpName>, Vec<OpName>) {
        let mut new_ops = Vec::new();
        let mut created = HashSet::new();
        let mut modified = Vec::new();
        let mut seen = HashSet::new();
        for r in &self.journal[n..] {
            let op = match r {
                Rewrite::CreateOp(op, name) => {
                    created.insert(*op);
                    new_ops.push(*name);
                    continue;
                }
                Rewrite::Modified(op) => *op,
                Rewrite::ModifyOp(s) => s.op,
                _ => continue,
            };
            if !created.contains(&op) && ir.is_live_op(op) && seen.insert(op) {
                modified.push(ir.op_name(op));
            }
        }
        (new_ops, modified)
    }

    /// The ops inserted (created or moved) since journal position `n`.
    pub(crate) fn inserted_since(&self, n: usize) -> HashSet<OpRef> {
        self.journal[n..]
            .iter()
            .filter_map(|r| match r {
                Rewrite::CreateOp(op, _) | Rewrite::MoveOp { op, .. } => Some(*op),
                _ => None,
            })
            .collect()
    }

    /// The pre-existing ops modified in place since journal position `n`.
    pub(crate) fn modified_since(&self, ir: &Ir, n: usize) -> Vec<OpRef> {
        // Most patterns modify nothing in place: skip building the sets.
        if !self.journal[n..]
            .iter()
            .any(|r| matches!(r, Rewrite::ModifyOp(_) | Rewrite::Modified(_)))
        {
            return Vec::new();
        }
        let created: HashSet<OpRef> = self.journal[n..]
            .iter()
            .filter_map(|r| match r {
                Rewrite::CreateOp(op, _) => Some(*op),
                _ => None,
            })
            .collect();
        let mut seen = HashSet::new();
        self.journal[n..]
            .iter()
            .filter_map(|r| match r {
                Rewrite::ModifyOp(s) => Some(s.op),
                Rewrite::Modified(op) => Some(*op),
                _ => None,
            })
            .filter(|op| !created.contains(op) && seen.insert(*op))
            .filter(|&op| ir.is_live_op(op) && !self.replaced_set.contains(op))
            .collect()
    }

    /// The blocks created since journal position `n` that are still linked.
    pub(crate) fn blocks_created_since(&self, ir: &Ir, n: usize) -> Vec<BlockRef> {
        self.journal[n..]
            .iter()
            .filter_map(|r| match r {
                Rewrite::CreateBlock(b) => Some(*b),
                _ => None,
            })
            .filter(|&b| ir.is_live_block(b) && ir.block_parent_region(b).is_some())
            .collect()
    }

    /// Whether the root op was replaced, erased or modified since position `n`.
    pub(crate) fn root_changed_since(&self, op: OpRef, n: usize) -> bool {
        self.journal[n..].iter().any(|r| match r {
            Rewrite::ReplaceOp(o) | Rewrite::Erased(o) | Rewrite::Modified(o) => *o == op,
            Rewrite::ModifyOp(s) => s.op == op,
            _ => false,
        })
    }
}

/// The marker of materializations made only to bridge a type mismatch
/// (MLIR's `kPureTypeConversionMarker`), as opposed to replacement values
/// made "out of thin air"; removed from casts that survive a successful
/// conversion.
pub(crate) const PURE_TYPE_CONVERSION: &str = "__pure_type_conversion__";

impl ConversionState {
    /// Builds an unresolved materialization: a
    /// `builtin.unrealized_conversion_cast` from `inputs` to `types` at `ip`,
    /// directly in the IR (MLIR builds them with a plain builder: neither
    /// the listener nor the legalizer hears of them). Journaled, so that
    /// undoing the entry erases it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build_materialization(
        &mut self,
        ir: &mut Ir,
        kind: MaterializationKind,
        ip: InsertPoint,
        loc: Location,
        inputs: &[Value],
        types: &[Type],
        converter: Option<Arc<TypeConverter>>,
        pure: bool,
    ) -> OpRef {
        let name = ir.ctx().op_name("builtin.unrealized_conversion_cast");
        let state = mlir_ir::OperationState::new(name, loc)
            .operands(inputs)
            .results(types);
        let op = ir.create_op(state);
        ir.insert_op(ip.block, ip.before, op);
        if pure {
            let unit = ir.ctx().unit_attr();
            ir.set_attr(op, PURE_TYPE_CONVERSION, Some(unit));
        }
        self.add_unresolved(op, kind, converter);
        op
    }

    /// A source materialization of `inputs` back to `v`'s type at `ip`
    /// (a value "out of thin air" when `inputs` is empty), at `v`'s
    /// location; returns its result.
    pub(crate) fn source_materialization(
        &mut self,
        ir: &mut Ir,
        ip: InsertPoint,
        v: Value,
        inputs: &[Value],
        converter: Option<Arc<TypeConverter>>,
        pure: bool,
    ) -> Value {
        let (loc, ty) = (ir.value_loc(v), ir.value_type(v));
        let cast = self.build_materialization(
            ir,
            MaterializationKind::Source,
            ip,
            loc,
            inputs,
            &[ty],
            converter,
            pure,
        );
        ir.result(cast, 0)
    }

    /// With rollback: records that `op`'s results are replaced by `ranges`
    /// (MLIR's deferred `replaceOp`). A dropped result still in use gets a
    /// value "out of thin air" right away, right after `op` (so it comes
    /// before the source materializations built at commit, as in MLIR).
    pub(crate) fn map_replacement(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        results: &[Value],
        ranges: &[ValueVector],
        converter: Option<Arc<TypeConverter>>,
    ) {
        for (&r, to) in results.iter().zip(ranges) {
            self.map_result(ir, r, to.clone(), converter.clone());
        }
        self.note_replaced(ir, op);
    }

    /// Maps result `r` to `to` (see [`Self::map_replacement`]).
    fn map_result(
        &mut self,
        ir: &mut Ir,
        r: Value,
        to: ValueVector,
        converter: Option<Arc<TypeConverter>>,
    ) {
        // Only a user that survives needs a value out of thin air.
        if to.is_empty() && ir.uses(r).any(|u| !self.is_ignored(ir, u.op)) {
            let ip = insert_point_after(ir, &[r]);
            let c = self.source_materialization(ir, ip, r, &[], converter.clone(), false);
            self.map(r, smallvec::smallvec![c], converter);
            return;
        }
        self.map(r, to, converter);
    }

    /// Without rollback: the value that replaces `from` when it is replaced
    /// by `to` (MLIR 22's `getReplacementValues`): nothing for a dead value,
    /// a materialization "out of thin air" for a dropped one, `to` itself
    /// when the types agree, else a source materialization of `to` back to
    /// `from`'s type, which is mapped to `to` so that later lookups see
    /// through it.
    pub(crate) fn replacement_value(
        &mut self,
        ir: &mut Ir,
        from: Value,
        to: &[Value],
        converter: Option<Arc<TypeConverter>>,
    ) -> Option<Value> {
        // A dead value needs no replacement.
        ir.uses(from).next()?;
        if to.is_empty() {
            let ip = insert_point_after(ir, &[from]);
            return Some(self.source_materialization(ir, ip, from, &[], converter, true));
        }
        if to.len() == 1 && ir.value_type(to[0]) == ir.value_type(from) {
            return Some(to[0]);
        }
        let ip = insert_point_after(ir, to);
        let r = self.source_materialization(ir, ip, from, to, converter.clone(), true);
        self.map(r, to.iter().copied().collect(), converter);
        Some(r)
    }

    /// Without rollback: replaces the uses of `from` with `to` at once,
    /// without notifications (MLIR 22 replaces values with a rewriter that
    /// has no listener); a use before the replacement's definition in the
    /// same block keeps `from`.
    pub(crate) fn replace_value_now(
        &mut self,
        ir: &mut Ir,
        from: Value,
        to: &[Value],
        converter: Option<Arc<TypeConverter>>,
    ) {
        let Some(repl) = self.replacement_value(ir, from, to, converter) else {
            return;
        };
        let def = repl.defining_op();
        let uses: SmallVec<[mlir_ir::OpOperand; 8]> = ir.uses(from).collect();
        for u in uses {
            if let Some(d) = def {
                if ir.op_block(u.op) == ir.op_block(d) && !ir.is_before_in_block(d, u.op) {
                    continue;
                }
            }
            ir.set_operand(u.op, u.index as usize, repl);
        }
    }
}

/// The earliest point where every value of `values` is defined (MLIR's
/// `computeInsertPoint`): after the latest defining op, or at the start of
/// the block of a block argument.
pub(crate) fn insert_point_after(ir: &Ir, values: &[Value]) -> InsertPoint {
    let point = |v: Value| -> (BlockRef, Option<OpRef>) {
        match v.def() {
            ValueDef::BlockArgument(b, _) => (b, None),
            ValueDef::OpResult(op, _) => (ir.op_block(op).expect("a linked value"), Some(op)),
        }
    };
    let (mut block, mut after) = point(values[0]);
    for &v in &values[1..] {
        let (b, a) = point(v);
        if b != block {
            // Values in different blocks: the nested (later) one wins.
            if ir
                .block_parent_op(b)
                .is_some_and(|p| ir.op_block(p) == Some(block))
            {
                (block, after) = (b, a);
            }
            continue;
        }
        match (after, a) {
            (None, Some(_)) => after = a,
            (Some(x), Some(y)) if ir.is_before_in_block(x, y) => after = a,
            _ => {}
        }
    }
    InsertPoint {
        block,
        before: match after {
            Some(op) => ir.next_op(op),
            None => ir.first_op(block),
        },
    }
}

impl RewriteHooks for ConversionState {
    fn replace_op(&mut self, ir: &mut Ir, op: OpRef, values: Option<&[Value]>) -> HookAction {
        self.log.line(|| {
            let verb = if values.is_some() {
                "Replace"
            } else {
                "Erase  "
            };
            format!("** {verb} : '{}'", ir.op_name_str(op))
        });
        if self.immediate {
            self.journal.push(Rewrite::Erased(op));
            let converter = self.current_converter.clone();
            let mut out: SmallVec<[Value; 4]> = SmallVec::new();
            for i in 0..ir.num_results(op) {
                let r = ir.result(op, i);
                let to: ValueVector = match values {
                    Some(v) => smallvec::smallvec![v[i]],
                    None => ValueVector::new(),
                };
                out.push(
                    self.replacement_value(ir, r, &to, converter.clone())
                        .unwrap_or(r),
                );
            }
            return HookAction::ReplaceWith(out);
        }
        if self.replaced_set.contains(op) {
            // Replacing an op twice is a pattern error upstream (an
            // assertion); keep the first replacement.
            return HookAction::Handled;
        }
        let converter = self.current_converter.clone();
        for i in 0..ir.num_results(op) {
            let to: ValueVector = match values {
                Some(v) => smallvec::smallvec![v[i]],
                None => ValueVector::new(),
            };
            self.map_result(ir, ir.result(op, i), to, converter.clone());
        }
        self.note_replaced(ir, op);
        HookAction::Handled
    }

    fn replace_all_uses_with(&mut self, ir: &mut Ir, from: Value, to: Value) -> bool {
        let converter = self.current_converter.clone();
        if self.immediate {
            self.replace_value_now(ir, from, &[to], converter);
            return true;
        }
        self.map(from, smallvec::smallvec![to], converter);
        true
    }

    fn defers_erasure(&self) -> bool {
        !self.immediate
    }

    fn erase_used_block(&mut self, _ir: &Ir, _block: BlockRef) -> bool {
        self.erased_used_block = true;
        true
    }

    fn erase_block(&mut self, ir: &mut Ir, block: BlockRef) -> bool {
        let Some(region) = ir.block_parent_region(block) else {
            return true;
        };
        let next = ir.next_block(block);
        ir.remove_block(block);
        self.erased_blocks.push(block);
        self.journal.push(Rewrite::EraseBlock {
            block,
            region,
            next,
        });
        true
    }

    fn op_modification_started(&mut self, ir: &Ir, op: OpRef) {
        if self.immediate {
            self.journal.push(Rewrite::Modified(op));
            return;
        }
        self.journal
            .push(Rewrite::ModifyOp(Box::new(OpState::capture(ir, op))));
    }

    fn op_inserted(&mut self, ir: &Ir, op: OpRef, previous: Option<InsertPoint>) {
        self.log.line(|| {
            let detached = if previous.is_none() {
                " (was detached)"
            } else {
                ""
            };
            format!("** Insert  : '{}'{detached}", ir.op_name_str(op))
        });
        self.journal.push(match previous {
            None => Rewrite::CreateOp(op, ir.op_name(op)),
            Some(previous) => Rewrite::MoveOp { op, previous },
        });
    }

    fn block_inserted(
        &mut self,
        _ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        self.journal.push(match previous {
            None => Rewrite::CreateBlock(block),
            Some((region, next)) => Rewrite::MoveBlock {
                block,
                region,
                next,
            },
        });
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The block a value is defined in (its block for arguments, its op's block
/// for results).
pub(crate) fn value_block(ir: &Ir, v: Value) -> Option<BlockRef> {
    match v.def() {
        ValueDef::BlockArgument(b, _) => Some(b),
        ValueDef::OpResult(op, _) => ir.op_block(op),
    }
}
