//! The [`Context`]: uniquers for identifiers, types, attributes and
//! operation names, the dialect registry and per-operation information
//! ([`OpInfo`]: traits, hooks and interfaces).
//!
//! A context is created, has its dialects registered (which needs `&mut`),
//! and is then shared, typically behind an `Arc`, by every thread working on
//! IR that belongs to it. All interning after that goes through `&self`:
//! reads are lock-free (see [`crate::storage`]) and inserts take a short lock.
//! Registration is deliberately not possible through `&self`: per-op
//! information is read on the pattern-matching hot path and must never
//! change under a reader.

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::Mutex;

use hashbrown::HashMap;

use crate::attributes::{AttrKind, Attribute};
use crate::builder::OpBuilder;
use crate::ir::OpRef;
use crate::storage::{AppendVec, Interner, LineColTable};
use crate::traits::TraitSet;
use crate::types::{FloatKind, Signedness, Type, TypeKind};
use crate::{Location, Verify};

/// An interned string (MLIR's `StringAttr` when used as a name).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Ident(pub(crate) u32);

/// An interned operation name with its registration info; see [`Context::op_info`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OpName(pub(crate) u32);

impl OpName {
    pub fn index(self) -> u32 {
        self.0
    }
}

/// Custom assembly hooks of an op (the OpAsmParser/OpAsmPrinter API lives in
/// [`crate::asm`]).
pub type CustomParseFn = crate::asm::CustomParseFn;
pub type CustomPrintFn = crate::asm::CustomPrintFn;

/// See [`OpInfo::prepare_properties`].
/// See [`OpInfo::with_constant_value`].
pub type ConstantValueFn = fn(&crate::Ir, OpRef) -> Option<Attribute>;
pub type PreparePropertiesFn = fn(&Context, Option<Attribute>) -> Result<Option<Attribute>, String>;

/// Per-operation-name information. Immutable once the name is interned.
pub struct OpInfo {
    pub name: Box<str>,
    /// The dialect namespace (text before the first `.`).
    pub dialect: Box<str>,
    /// The dialect's position among the context's loaded dialects, when it
    /// was loaded as the name was interned (see [`Context::op_dialect`]).
    dialect_index: Option<u32>,
    /// The namespace interned, set by the context (see
    /// [`Context::op_dialect_ident`]).
    dialect_ident: Option<Ident>,
    /// Whether a dialect registered this op (an unregistered op has no traits or hooks).
    pub registered: bool,
    pub traits: TraitSet,
    /// For `SingleBlockImplicitTerminator<"op">`: the terminator the custom form elides.
    pub implicit_terminator: Option<Box<str>>,
    /// For `HasParent<"op", ...>`: the allowed parent ops.
    pub allowed_parents: Box<[Box<str>]>,
    /// Names of the inherent attributes (stored as properties on the op).
    pub inherent_attrs: Box<[Box<str>]>,
    pub verify: Option<Verify>,
    /// Checks of the op's declared operand/result/attribute constraints (what
    /// ODS generates as `verifyInvariantsImpl`); run right after the
    /// region/result/successor/operand count traits and before the other
    /// traits, as MLIR's `OpInvariants` trait does.
    pub verify_invariants: Option<Verify>,
    /// Verification that needs the op's regions to be verified first (MLIR's `verifyRegions`).
    pub verify_regions: Option<Verify>,
    pub parse: Option<CustomParseFn>,
    pub print: Option<CustomPrintFn>,
    /// Whether `print` is the op's declarative assembly format without
    /// `custom<...>` directives ([`OpInfo::from_spec`]): what it prints is
    /// then a function of the op's name, properties, attributes, operand
    /// and result types (and SSA names), which lets the printer's alias
    /// recording skip an op identical in all of those to one it recorded.
    /// [`OpInfo::with_print`] clears it.
    pub print_is_declarative: bool,
    /// Checks and completes the properties of an op parsed in the generic
    /// form (MLIR's `setPropertiesFromAttr` + `populateDefaultProperties`):
    /// returns the properties with default-valued entries filled in, or the
    /// reason they are invalid.
    pub prepare_properties: Option<PreparePropertiesFn>,
    /// The fold hook (MLIR's `fold` method); see [`crate::fold`].
    pub fold: Option<crate::fold::FoldHook>,
    /// For a `ConstantLike` op: reads the attribute its fold hook returns,
    /// without running the folder ([`OpInfo::with_constant_value`]).
    pub constant_value: Option<ConstantValueFn>,
    /// The op interfaces the op's definition declares (ODS trait lists), by
    /// upstream name; see [`OpInfo::declare_interfaces`].
    pub declared_interfaces: Box<[Box<str>]>,
    /// Implementations by interface type. A short vector, not a map: ops
    /// have a handful of interfaces, and the verifier and drivers ask every
    /// op for several that it lacks, where a scan of a few ids is cheaper
    /// than hashing one.
    interfaces: Vec<(TypeId, Box<dyn Any + Send + Sync>)>,
    /// The ODS spec the op was registered from ([`OpInfo::from_spec`]), for
    /// tools and tests that inspect an op's declared operands, results and
    /// attributes.
    pub ods_spec: Option<&'static crate::ods::OpSpec>,
    /// Which of the interfaces with verifiers of their own the op has
    /// (`VERIFIED_*` bits), kept by [`OpInfo::with_interface`]: the verifier
    /// asks every op for each of them, and most ops have none.
    verified_interfaces: u8,
}

/// Bits of [`OpInfo::verified_interfaces`].
pub(crate) mod verified_iface {
    pub const FUNCTION: u8 = 1;
    pub const CAST: u8 = 2;
    pub const INFER_TYPE: u8 = 4;
    pub const LOOP_LIKE: u8 = 8;
    pub const REGION_BRANCH: u8 = 16;
}

impl OpInfo {
    /// Starts the description of a registered op `name`.
    pub fn new(name: &str) -> OpInfo {
        let dialect = name.split('.').next().unwrap_or("");
        OpInfo {
            name: name.into(),
            dialect: dialect.into(),
            dialect_index: None,
            dialect_ident: None,
            registered: true,
            traits: TraitSet::EMPTY,
            implicit_terminator: None,
            allowed_parents: Box::new([]),
            inherent_attrs: Box::new([]),
            verify: None,
            verify_invariants: None,
            verify_regions: None,
            parse: None,
            print: None,
            print_is_declarative: false,
            prepare_properties: None,
            fold: None,
            constant_value: None,
            declared_interfaces: Box::new([]),
            interfaces: Vec::new(),
            ods_spec: None,
            verified_interfaces: 0,
        }
    }

    fn unregistered(name: &str) -> OpInfo {
        OpInfo {
            registered: false,
            ..OpInfo::new(name)
        }
    }

    pub fn with_traits(mut self, traits: TraitSet) -> Self {
        self.traits = self.traits.union(traits);
        self
    }
    pub fn with_implicit_terminator(mut self, name: &str) -> Self {
        self.implicit_terminator = Some(name.into());
        self
    }
    pub fn with_parents(mut self, parents: &[&str]) -> Self {
        self.allowed_parents = parents.iter().map(|p| Box::<str>::from(*p)).collect();
        self
    }
    pub fn with_inherent_attrs(mut self, names: &[&str]) -> Self {
        self.inherent_attrs = names.iter().map(|p| Box::<str>::from(*p)).collect();
        self
    }
    /// Records the op interfaces the op's definition declares (the
    /// generated `op_info` calls this with its `.td` trait list's
    /// interfaces) and attaches the implementations ODS ops get from their
    /// definition: `FunctionOpInterface` over `function_type`, `arg_attrs`
    /// and `res_attrs` (with `CallableOpInterface` and the `Symbol` trait
    /// it implies upstream). A dialect attaching its own implementation
    /// later replaces these. `crate::interfaces::missing_declared_interfaces`
    /// reports declared interfaces left without an implementation.
    pub fn declare_interfaces(mut self, names: &[&str]) -> Self {
        self.declared_interfaces = names.iter().map(|n| Box::<str>::from(*n)).collect();
        if names.contains(&"FunctionOpInterface") {
            self = crate::interfaces::function::attach_defaults(self);
        }
        self
    }
    pub fn with_verify(mut self, f: Verify) -> Self {
        self.verify = Some(f);
        self
    }
    pub fn with_verify_invariants(mut self, f: Verify) -> Self {
        self.verify_invariants = Some(f);
        self
    }
    pub fn with_verify_regions(mut self, f: Verify) -> Self {
        self.verify_regions = Some(f);
        self
    }
    pub fn with_parse(mut self, f: CustomParseFn) -> Self {
        self.parse = Some(f);
        self
    }
    pub fn with_print(mut self, f: CustomPrintFn) -> Self {
        self.print = Some(f);
        self.print_is_declarative = false;
        self
    }
    /// Sets a single-result fold hook (MLIR's `OpFoldResult fold(FoldAdaptor)`).
    pub fn with_fold(mut self, f: crate::fold::SingleFoldFn) -> Self {
        self.fold = Some(crate::fold::FoldHook::Single(f));
        self
    }
    /// Sets a multi-result fold hook (MLIR's
    /// `LogicalResult fold(FoldAdaptor, SmallVectorImpl<OpFoldResult> &)`).
    pub fn with_fold_multi(mut self, f: crate::fold::MultiFoldFn) -> Self {
        self.fold = Some(crate::fold::FoldHook::Multi(f));
        self
    }
    /// Declares how to read the value of this `ConstantLike` op directly:
    /// `f` must return exactly what the op's fold hook returns as its
    /// single attribute result (debug builds check it on every call).
    /// MLIR's `m_Constant` folds the op each time; drivers and patterns ask
    /// for the constant value of every operand they look at, so a direct
    /// read (`|ir, op| ir.attr(op, "value")` for `arith.constant`) saves the
    /// folder's dispatch on one of the hottest paths. Without it,
    /// [`Ir::constant_value`](crate::Ir::constant_value) folds the op.
    pub fn with_constant_value(mut self, f: ConstantValueFn) -> Self {
        self.constant_value = Some(f);
        self
    }
    /// Attaches an interface implementation (any `'static` value; typically a
    /// struct of function pointers or a `Box<dyn Trait>`), looked up by type.
    pub fn with_interface<I: Any + Send + Sync>(mut self, iface: I) -> Self {
        let id = TypeId::of::<I>();
        let iface: Box<dyn Any + Send + Sync> = Box::new(iface);
        match self.interfaces.iter_mut().find(|(k, _)| *k == id) {
            Some(slot) => slot.1 = iface,
            None => self.interfaces.push((id, iface)),
        }
        use crate::interfaces as i;
        for (bit, iid) in [
            (
                verified_iface::FUNCTION,
                TypeId::of::<i::function::FunctionOpInterface>(),
            ),
            (
                verified_iface::CAST,
                TypeId::of::<i::cast::CastOpInterface>(),
            ),
            (
                verified_iface::INFER_TYPE,
                TypeId::of::<i::infer_type::InferTypeOpInterface>(),
            ),
            (
                verified_iface::LOOP_LIKE,
                TypeId::of::<i::loop_like::LoopLikeOpInterface>(),
            ),
            (
                verified_iface::REGION_BRANCH,
                TypeId::of::<i::region_branch::RegionBranchOpInterface>(),
            ),
        ] {
            if id == iid {
                self.verified_interfaces |= bit;
            }
        }
        self
    }
    /// Whether the op may have an interface with `bit` of
    /// [`verified_iface`] (a cheap pre-check before the interface lookup).
    #[inline]
    pub(crate) fn has_verified_interface(&self, bit: u8) -> bool {
        self.verified_interfaces & bit != 0
    }
    /// The implementation of interface `I`, if the op has one.
    #[inline]
    pub fn interface<I: Any>(&self) -> Option<&I> {
        let id = TypeId::of::<I>();
        self.interfaces
            .iter()
            .find(|(k, _)| *k == id)
            .and_then(|(_, b)| b.downcast_ref::<I>())
    }
    /// Whether the op has an implementation of the interface whose Rust type
    /// has id `id` (what interface-rooted rewrite patterns match on).
    pub fn has_interface_id(&self, id: TypeId) -> bool {
        self.interfaces.iter().any(|(k, _)| *k == id)
    }
    /// Whether the op's definition declares the interface `name` (ODS
    /// `DeclareOpInterfaceMethods<...>` or the interface in its traits),
    /// for interfaces that are only markers in rmlir.
    pub fn declares_interface(&self, name: &str) -> bool {
        self.declared_interfaces.iter().any(|n| &**n == name)
    }
    pub fn has_trait(&self, t: TraitSet) -> bool {
        self.traits.contains(t)
    }
    pub fn is_inherent_attr(&self, name: &str) -> bool {
        self.inherent_attrs.iter().any(|n| &**n == name)
    }
}

/// A dialect: a namespace of operations, plus hooks that need the whole dialect.
pub trait Dialect: Send + Sync + 'static {
    /// The namespace, e.g. `"arith"`.
    fn namespace(&self) -> &'static str;
    /// Describes every op of the dialect (called once, when the dialect is loaded).
    fn operations(&self) -> Vec<OpInfo>;
    /// Builds a constant op producing `value` of type `ty` (MLIR's
    /// `materializeConstant`); `None` if the dialect cannot.
    fn materialize_constant(
        &self,
        _builder: &mut OpBuilder<'_>,
        _value: Attribute,
        _ty: Type,
        _loc: Location,
    ) -> Option<OpRef> {
        None
    }
    /// Checks and canonicalizes the body of an attribute of this dialect
    /// (the text after `#dialect.`, e.g. `overflow<nuw, nsw>`), which stays
    /// [`AttrKind::Opaque`] text: MLIR parses dialect attributes into
    /// values and prints them back canonically, so rmlir keeps the text in
    /// that canonical spelling to make equal values equal attributes.
    ///
    /// Returns `Ok(None)` to keep `body` as written, `Ok(Some(text))` for a
    /// canonical spelling, or the parse errors (offsets into `body`) that
    /// MLIR's attribute parser would report. A parameter that is a type or
    /// an attribute must be parsed (with [`crate::asm::parse_type_prefix`],
    /// hence the `Arc`) and printed back, never kept as written: text kept
    /// unchecked can print in a form that does not parse again. The default
    /// accepts anything, as for attributes of dialects rmlir does not model.
    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
        _body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        Ok(None)
    }
    /// Checks and canonicalizes the body of a type of this dialect (the text
    /// after `!dialect.`, e.g. `struct<{a, i32}>`), MLIR's
    /// `Dialect::parseType` + `printType`: the type stays
    /// [`crate::TypeKind::Opaque`] text in its canonical spelling, so equal
    /// types are equal handles and print as MLIR prints them. Same contract
    /// as [`Dialect::canonicalize_attribute`]; nested types can be parsed
    /// with [`crate::asm::parse_type_prefix`] (hence the `Arc`). The default
    /// is MLIR's `Dialect::parseType` of a dialect that defines no types: it
    /// rejects every type, so a dialect with types must override this (a
    /// dialect type is never kept unchecked, as a typo such as `!llvm.prt`
    /// once was).
    fn canonicalize_type(
        &self,
        _ctx: &std::sync::Arc<Context>,
        _body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        Err(vec![(
            0,
            format!(
                "dialect '{}' provides no type parsing hook",
                self.namespace()
            ),
        )])
    }
    /// The dialect's parser for the custom form of op `name` when the op
    /// has none of its own: an op the dialect does not register, or a
    /// registered op without a custom assembly format (MLIR's
    /// `Dialect::getParseOperationHook`). None by default.
    fn parse_operation_hook(&self, _name: &str) -> Option<CustomParseFn> {
        None
    }
    /// The dialect's printer for the custom form of op `name` when the op
    /// has none of its own (MLIR's `Dialect::getOperationPrinter`); without
    /// one such ops print in the generic form. None by default.
    fn operation_printer(&self, _name: &str) -> Option<CustomPrintFn> {
        None
    }
    /// Whether the type of this dialect spelled `body` (the text after
    /// `!dialect.`) implements the builtin type interface named `interface`
    /// (MLIR's interface name, e.g. `"MemRefElementTypeInterface"`): the
    /// builtin types check their element types this way. False by default.
    fn type_implements(&self, _body: &str, _interface: &str) -> bool {
        false
    }
    /// Folds an op of this dialect that its own hook and traits could not
    /// fold (MLIR's `DialectFoldInterface::fold`); same contract as
    /// [`crate::fold::MultiFoldFn`]. Fails by default.
    fn fold(
        &self,
        _cx: &mut crate::fold::FoldCtx<'_>,
        _results: &mut smallvec::SmallVec<[crate::fold::OpFoldResult; 1]>,
    ) -> Result<(), ()> {
        Err(())
    }
    /// A dialect-level interface implementation (MLIR's dialect interfaces,
    /// e.g. the dialect's canonicalization patterns), looked up by the
    /// Rust type id of the interface struct. None by default.
    fn interface(&self, _id: TypeId) -> Option<&(dyn Any + Send + Sync)> {
        None
    }
    /// Whether folded constants should be materialized into `region` (owned
    /// by an op of this dialect) rather than further up, at the nearest
    /// isolated-from-above region (MLIR's
    /// `DialectFoldInterface::shouldMaterializeInto`). False by default.
    fn should_materialize_into(&self, _ir: &crate::Ir, _region: crate::RegionRef) -> bool {
        false
    }
    /// Whether ops of this namespace that the dialect does not register are
    /// accepted (MLIR's `allowUnknownOperations()`, which the `test` dialect
    /// sets). False by default: the verifier rejects them.
    fn allows_unknown_operations(&self) -> bool {
        false
    }
    /// Verifies discardable attribute `name` = `value` of `op`, whose name
    /// has this dialect's namespace as its prefix (`test.invalid_attr`):
    /// MLIR's `Dialect::verifyOperationAttribute`. The verifier calls it for
    /// every such attribute of every op, registered or not, before the op's
    /// own invariants; an error is located at `op` (`ir.op_diag(op, ..)`).
    /// Accepts everything by default.
    fn verify_operation_attribute(
        &self,
        _ir: &crate::Ir,
        _op: OpRef,
        _name: &str,
        _value: Attribute,
    ) -> Result<(), crate::Diagnostic> {
        Ok(())
    }
    /// Verifies attribute `name` = `value` of argument `arg` of region
    /// `region` of `op` (a function argument's attribute: MLIR's
    /// `Dialect::verifyRegionArgAttribute`, called by the
    /// FunctionOpInterface verifier with region 0). Accepts by default.
    fn verify_region_arg_attribute(
        &self,
        _ir: &crate::Ir,
        _op: OpRef,
        _region: usize,
        _arg: usize,
        _name: &str,
        _value: Attribute,
    ) -> Result<(), crate::Diagnostic> {
        Ok(())
    }
    /// Verifies attribute `name` = `value` of result `result` of region
    /// `region` of `op` (a function result's attribute: MLIR's
    /// `Dialect::verifyRegionResultAttribute`). Accepts by default.
    fn verify_region_result_attribute(
        &self,
        _ir: &crate::Ir,
        _op: OpRef,
        _region: usize,
        _result: usize,
        _name: &str,
        _value: Attribute,
    ) -> Result<(), crate::Diagnostic> {
        Ok(())
    }
}

/// The loaded dialect owning an attribute named `name`: the one whose
/// namespace is the text before the first `.` (MLIR's
/// `NamedAttribute::getNameDialect`). None for a name without a `.` or an
/// unloaded namespace.
pub fn attribute_name_dialect<'c>(ctx: &'c Context, name: &str) -> Option<&'c dyn Dialect> {
    let (ns, _) = name.split_once('.')?;
    ctx.dialect(ns)
}

/// Handles of frequently used types and attributes, created once per context.
pub(crate) struct BuiltinCache {
    pub i1: Type,
    pub index: Type,
    pub none: Type,
    pub f32: Type,
    pub f64: Type,
    pub unit: Attribute,
    pub empty_dict: Attribute,
    pub true_attr: Attribute,
    pub false_attr: Attribute,
    pub unknown_loc: Attribute,
}

/// The owner of all uniqued IR entities and the dialect registry.
pub struct Context {
    pub(crate) idents: Interner<Box<str>>,
    pub(crate) types: Interner<TypeKind>,
    pub(crate) attrs: Interner<AttrKind>,
    /// Uniques the `FileLineColLoc`s without a range, which `attrs` stores
    /// but does not index (see [`LineColTable`]).
    pub(crate) file_locs: LineColTable,
    op_infos: AppendVec<OpInfo>,
    /// Registered op names, filled while the context is set up (`&mut self`)
    /// and read without a lock: patterns and builders look op names up by
    /// text on every op they create, and a shared lock there was the main
    /// point of contention between the pass manager's threads.
    registered_names: HashMap<Box<str>, u32>,
    /// The identifiers of every registered op's inherent attribute names,
    /// interned at registration and read without a lock: builders look them
    /// up by text for every op they create (`ctx.ident("value")`).
    registered_idents: HashMap<Box<str>, Ident>,
    /// Op names used without being registered, interned on first use.
    op_names: Mutex<HashMap<Box<str>, u32>>,
    /// Loaded dialects by namespace: their positions in `dialect_store`.
    dialects: HashMap<&'static str, u32>,
    /// Loaded dialects in load order; never shrinks, so positions stay valid.
    dialect_store: Vec<Box<dyn Dialect>>,
    allow_unregistered: bool,
    pub(crate) builtin: BuiltinCache,
    /// `dialect_resources` blobs referenced by `dense_resource<...>`, keyed by handle.
    resources: Mutex<HashMap<Ident, Box<[u8]>>>,
    pub(crate) diagnostics: crate::diagnostics::DiagnosticEngine,
    /// The id of the next `distinct[..]<..>` attribute ([`Context::distinct_attr`]).
    pub(crate) next_distinct_id: std::sync::atomic::AtomicU64,
    /// The change epoch (see [`Context::change_epoch`]).
    change_epoch: std::sync::atomic::AtomicU32,
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("types", &self.types.len())
            .field("attrs", &self.attrs.len())
            .field("ops", &self.op_infos.len())
            .finish()
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// The current change epoch. Every change to an op, block or region of
    /// any [`crate::Ir`] of this context stamps the entity with the epoch
    /// current at the time (see "Change stamps" in `ir`), so a driver that
    /// remembers an epoch can later tell whether anything it saw changed.
    /// It starts at 0 and only moves when [`Context::advance_change_epoch`]
    /// is called; while it is 0 the IR skips stamping entirely, so code that
    /// never records an epoch pays one load per change.
    #[inline]
    pub fn change_epoch(&self) -> u32 {
        self.change_epoch.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Returns an epoch `e` such that every entity changed after this call
    /// has a stamp greater than `e`, while everything changed before (on
    /// this thread, or on threads whose changes this thread has seen) has a
    /// stamp of at most `e`. Drivers record it when they reach a fixpoint.
    /// Returns `None` once the epochs are exhausted (after 2^32 - 2
    /// records), when nothing can be recorded any more.
    pub fn advance_change_epoch(&self) -> Option<u32> {
        use std::sync::atomic::Ordering;
        self.change_epoch
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |e| {
                (e < u32::MAX - 1).then_some(e + 1)
            })
            .ok()
    }

    /// A context with the builtin dialect loaded.
    pub fn new() -> Context {
        let types: Interner<TypeKind> = Interner::new();
        let attrs: Interner<AttrKind> = Interner::new();
        let i1 = Type(types.intern(TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless,
        }));
        let index = Type(types.intern(TypeKind::Index));
        let none = Type(types.intern(TypeKind::None));
        let f32 = Type(types.intern(TypeKind::Float(FloatKind::F32)));
        let f64 = Type(types.intern(TypeKind::Float(FloatKind::F64)));
        let unit = Attribute(attrs.intern(AttrKind::Unit));
        let empty_dict = Attribute(attrs.intern(AttrKind::Dictionary(Box::new([]))));
        let true_attr = Attribute(attrs.intern(AttrKind::Integer {
            ty: i1,
            value: crate::ApInt::from_u64(1, 1),
        }));
        let false_attr = Attribute(attrs.intern(AttrKind::Integer {
            ty: i1,
            value: crate::ApInt::from_u64(1, 0),
        }));
        let unknown_loc = Attribute(attrs.intern(AttrKind::UnknownLoc));
        let mut ctx = Context {
            idents: Interner::new(),
            types,
            attrs,
            file_locs: LineColTable::default(),
            op_infos: AppendVec::new(),
            registered_names: HashMap::new(),
            registered_idents: HashMap::new(),
            op_names: Mutex::new(HashMap::new()),
            dialects: HashMap::new(),
            dialect_store: Vec::new(),
            allow_unregistered: false,
            builtin: BuiltinCache {
                i1,
                index,
                none,
                f32,
                f64,
                unit,
                empty_dict,
                true_attr,
                false_attr,
                unknown_loc,
            },
            resources: Mutex::new(HashMap::new()),
            diagnostics: Default::default(),
            next_distinct_id: std::sync::atomic::AtomicU64::new(0),
            change_epoch: std::sync::atomic::AtomicU32::new(0),
        };
        ctx.load_dialect(crate::builtin::BuiltinDialect);
        ctx
    }

    // ----- identifiers -----

    pub fn ident(&self, s: &str) -> Ident {
        if let Some(&id) = self.registered_idents.get(s) {
            return id;
        }
        if let Some(id) = self.idents.lookup(s) {
            return Ident(id);
        }
        Ident(self.idents.intern(s.into()))
    }
    #[inline]
    pub fn ident_str(&self, id: Ident) -> &str {
        self.idents.get(id.0)
    }

    // ----- dialects and operations -----

    /// Loads `dialect` and registers its operations. Must happen before any IR
    /// uses the dialect's op names.
    pub fn load_dialect<D: Dialect>(&mut self, dialect: D) {
        let ns = dialect.namespace();
        if self.dialects.contains_key(ns) {
            return;
        }
        let index = u32::try_from(self.dialect_store.len()).expect("too many dialects");
        for mut info in dialect.operations() {
            // Ops without their own custom form fall back to the dialect's.
            if info.parse.is_none() {
                info.parse = dialect.parse_operation_hook(&info.name);
            }
            if info.print.is_none() {
                info.print = dialect.operation_printer(&info.name);
            }
            // Ops the dialect registers under another namespace are found
            // by theirs.
            if *info.dialect == *ns {
                info.dialect_index = Some(index);
            }
            self.register_op(info);
        }
        self.dialects.insert(ns, index);
        self.dialect_store.push(Box::new(dialect));
    }

    /// Registers one operation. Panics if the name was already interned
    /// (registration after use is a programming error, as in MLIR).
    pub fn register_op(&mut self, info: OpInfo) -> OpName {
        assert!(
            !self.registered_names.contains_key(&*info.name),
            "operation '{}' registered twice",
            info.name
        );
        let names = self.op_names.get_mut().unwrap_or_else(|e| e.into_inner());
        if names.contains_key(&*info.name) {
            panic!(
                "operation '{}' registered after it was used unregistered",
                info.name
            );
        }
        for attr in info.inherent_attrs.iter() {
            if !self.registered_idents.contains_key(&**attr) {
                let id = Ident(self.idents.intern(attr.clone()));
                self.registered_idents.insert(attr.clone(), id);
            }
        }
        let name = info.name.clone();
        let mut info = info;
        info.dialect_ident = Some(self.ident(&info.dialect));
        let id = self.op_infos.push_serialized(info);
        self.registered_names.insert(name, id);
        OpName(id)
    }

    pub fn dialect(&self, namespace: &str) -> Option<&dyn Dialect> {
        self.dialects
            .get(namespace)
            .map(|&i| &*self.dialect_store[i as usize])
    }
    /// The implementation of dialect interface `I` by dialect `namespace`.
    pub fn dialect_interface<I: Any>(&self, namespace: &str) -> Option<&I> {
        self.dialect(namespace)?
            .interface(TypeId::of::<I>())?
            .downcast_ref::<I>()
    }
    /// The namespaces of all loaded dialects (unordered).
    pub fn dialect_namespaces(&self) -> Vec<&str> {
        self.dialects.keys().copied().collect()
    }
    pub fn is_dialect_loaded(&self, namespace: &str) -> bool {
        self.dialects.contains_key(namespace)
    }
    pub fn set_allow_unregistered_dialects(&mut self, allow: bool) {
        self.allow_unregistered = allow;
    }
    pub fn allows_unregistered_dialects(&self) -> bool {
        self.allow_unregistered
    }

    /// The registered op `name`, if any.
    pub fn registered_op(&self, name: &str) -> Option<OpName> {
        self.registered_names.get(name).copied().map(OpName)
    }

    /// Interns an op name, registered or not. Whether an unregistered op is
    /// acceptable (see [`Context::allows_unregistered_dialects`]) is the
    /// caller's decision (the parser and verifier check it).
    pub fn op_name(&self, name: &str) -> OpName {
        if let Some(&id) = self.registered_names.get(name) {
            return OpName(id);
        }
        let mut names = self.op_names.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = names.get(name) {
            return OpName(id);
        }
        let mut info = OpInfo::unregistered(name);
        info.dialect_ident = Some(self.ident(&info.dialect));
        // The dialect may parse and print ops it does not register.
        if let Some(&i) = self.dialects.get(&*info.dialect) {
            let d = &self.dialect_store[i as usize];
            info.parse = d.parse_operation_hook(name);
            info.print = d.operation_printer(name);
            info.dialect_index = Some(i);
        }
        let id = self.op_infos.push_serialized(info);
        names.insert(name.into(), id);
        OpName(id)
    }

    #[inline]
    pub fn op_info(&self, name: OpName) -> &OpInfo {
        self.op_infos.get(name.0)
    }
    /// The loaded dialect of op `name`'s namespace, if any: what
    /// `self.dialect(&self.op_info(name).dialect)` answers, without hashing
    /// the namespace when the dialect was loaded before the name was
    /// interned (always, for the ops a dialect registers when it is
    /// loaded). Folding asks it for every op whose own folder fails.
    #[inline]
    pub fn op_dialect(&self, name: OpName) -> Option<&dyn Dialect> {
        let info = self.op_info(name);
        match info.dialect_index {
            Some(i) => Some(&*self.dialect_store[i as usize]),
            None => self.dialect(&info.dialect),
        }
    }
    /// The interned namespace of op `name` (`ctx.ident(&op_info.dialect)`,
    /// without hashing it).
    #[inline]
    pub fn op_dialect_ident(&self, name: OpName) -> Ident {
        let info = self.op_info(name);
        info.dialect_ident
            .unwrap_or_else(|| self.ident(&info.dialect))
    }
    #[inline]
    pub fn op_name_str(&self, name: OpName) -> &str {
        &self.op_infos.get(name.0).name
    }
    #[inline]
    pub fn op_has_trait(&self, name: OpName, t: TraitSet) -> bool {
        self.op_infos.get(name.0).traits.contains(t)
    }

    /// Every interned op name (registered ones first in registration order).
    pub fn op_names(&self) -> impl Iterator<Item = OpName> + '_ {
        (0..self.op_infos.len()).map(OpName)
    }

    // ----- resources -----

    pub fn set_resource_blob(&self, handle: Ident, blob: Box<[u8]>) {
        self.resources
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(handle, blob);
    }
    pub fn resource_blob(&self, handle: Ident) -> Option<Box<[u8]>> {
        self.resources
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&handle)
            .cloned()
    }
}
