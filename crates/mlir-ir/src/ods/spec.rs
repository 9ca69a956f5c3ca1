//! The static description of an ODS operation ([`OpSpec`]) and its parts:
//! operands, results, attributes, regions, successors, constraints and the
//! type relations that the declarative assembly format uses for inference.
//!
//! Everything here is `'static` data made of slices and function pointers,
//! so that generated code (and hand-written tests) can declare an op as a
//! `static`. The only runtime state is the lazily compiled assembly format,
//! kept in a `OnceLock` inside the spec.

use std::ops::Range;
use std::sync::atomic::{AtomicPtr, Ordering};

use crate::asm::parser::UnresolvedOperand;
use crate::asm::{OpAsmParser, OpAsmPrinter};
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::ir::{BlockRef, Ir, OpRef, RegionRef, Value};
use crate::ods::enums::EnumSpec;
use crate::ods::format::{Format, FormatError};
use crate::traits::TraitSet;
use crate::types::Type;
use crate::verifier::Verify;

/// A type constraint (ODS `TypeConstraint`): the summary used in verifier
/// messages (`operand #0 must be <summary>, but got 'f32'`), the predicate,
/// and, for buildable types such as `I1` or `Index`, a builder that lets
/// the assembly format omit the type.
pub struct TypeConstraint {
    pub summary: &'static str,
    pub pred: fn(&Context, Type) -> bool,
    pub builder: Option<fn(&Context) -> Type>,
}

/// How an attribute variable of the assembly format is printed and parsed,
/// mirroring the cases of MLIR's `OpFormatGen`.
#[derive(Clone, Copy)]
pub enum AttrFormat {
    /// `printAttribute`/`parseAttribute`: the full attribute (storage type
    /// `::mlir::Attribute`, or a builtin attribute class).
    Generic,
    /// A specific attribute class (symbol refs, types, dictionaries) printed
    /// and parsed like `Generic`, but whose storage never takes a trailing
    /// `: type`, so a format may follow it with a `:` literal (MLIR only
    /// flags attributes stored as plain `::mlir::Attribute`).
    Typed,
    /// An attribute of dialect `.0` with mnemonic `.1`, kept as opaque
    /// text: printed stripped of `#dialect.mnemonic` unless `qualified`
    /// (MLIR's `printStrippedAttrOrType`), parsed with or without it
    /// (`parseCustomAttributeWithFallback`).
    DialectAttr(&'static str, &'static str),
    /// A symbol reference attribute: like `Typed`, but optionally parsed
    /// only at `@` (MLIR's `parseOptionalAttribute(SymbolRefAttr &)`).
    SymbolRef,
    /// An attribute with a buildable value type (`I64Attr`, `F32Attr`,
    /// `BoolAttr`): printed without its type, parsed with that type.
    WithoutType(fn(&Context) -> Type),
    /// A dialect enum attribute (`EnumAttr<Dialect, Enum, "mnemonic">`),
    /// printed stripped of `#dialect.mnemonic` (`<nsw>`) unless `qualified`.
    DialectEnum(&'static EnumSpec),
    /// An integer enum attribute (`I64EnumAttr`, `I32EnumAttr`): printed as
    /// the case keyword (`slt`), stored as an integer attribute.
    IntEnum(&'static EnumSpec),
    /// `SymbolNameAttr`: printed as `@name`, stored as a string.
    SymbolName,
    /// `UnitAttr`: elided when it anchors an optional group.
    Unit,
    /// An `ArrayAttr`-stored attribute: printed in full; optionally parsed
    /// only at `[` (MLIR's `parseOptionalAttribute(ArrayAttr &)`).
    Array,
    /// A `StringAttr`-stored attribute: optionally parsed only at a string.
    String,
    /// `DenseI32ArrayAttr`: printed stripped as `[1, 2]` (the generic form
    /// is `array<i32: 1, 2>`).
    DenseI32Array,
    /// `DenseI64ArrayAttr`: printed stripped as `[1, 2]` (the generic form
    /// is `array<i64: 1, 2>`).
    DenseI64Array,
    /// A native ODS property (`I64Prop`, `StringProp`, ...): kept in the
    /// op's property dictionary as the attribute MLIR's
    /// `convertToAttribute` produces, printed with the property's printer.
    Prop(PropKind),
}

/// The kinds of native properties (upstream `Properties.td`), with the
/// attribute each is kept as and how the assembly format spells it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PropKind {
    /// `IntProp<"intN_t">` (`I32Prop`, `I64Prop`): an `iN` integer
    /// attribute, printed as a bare integer.
    Int(u32),
    /// `StringProp`: a string attribute, printed as a quoted string.
    String,
    /// `BoolProp`: a bool attribute, printed `true`/`false`.
    Bool,
    /// `UnitProp`: a unit attribute when set and `false` otherwise, printed
    /// `unit`/`unit_absent`.
    Unit,
    /// `IntArrayProp<IntProp<"intN_t">>`: a dense array of `iN` (the generic
    /// form's `array<iN: ...>`), printed `[1, 2]`.
    IntArray(u32),
}

/// An attribute constraint (ODS `Attr`): summary (`attribute 'x' failed to
/// satisfy constraint: <summary>`), predicate and assembly behaviour.
pub struct AttrConstraint {
    pub summary: &'static str,
    pub pred: fn(&Context, Attribute) -> bool,
    pub format: AttrFormat,
}

/// How many values an operand or result group holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// A named operand or result group.
pub struct ValueSpec {
    pub name: &'static str,
    pub arity: Arity,
    pub constraint: &'static TypeConstraint,
}

/// The default of a default-valued attribute.
#[derive(Clone, Copy)]
pub enum AttrDefault {
    /// An enum attribute (dialect or integer enum) holding this case value;
    /// compared and built without allocating.
    Enum(u64),
    /// Any other value, built on demand.
    Build(fn(&Context) -> Attribute),
}

/// Whether an attribute must be present.
#[derive(Clone, Copy)]
pub enum AttrPresence {
    Required,
    Optional,
    /// `DefaultValuedAttr`: absent means the default (and the op gets the
    /// default when it is created, as MLIR's `populateDefaultProperties`).
    Default(AttrDefault),
    /// A native property without a declared default: always present, since
    /// MLIR's property storage is value-initialized (`0`, `""`, `false`);
    /// the value is never elided when printing.
    Prop(fn(&Context) -> Attribute),
}

/// A named inherent attribute.
pub struct AttrSpec {
    pub name: &'static str,
    pub presence: AttrPresence,
    pub constraint: &'static AttrConstraint,
}

/// A region constraint (`SizedRegion<1>`, `AnyRegion`, ...).
pub struct RegionConstraint {
    pub summary: &'static str,
    pub pred: fn(&Ir, RegionRef) -> bool,
}

/// A named region (or variadic group of regions).
pub struct RegionSpec {
    pub name: &'static str,
    pub variadic: bool,
    pub constraint: Option<&'static RegionConstraint>,
}

/// A named successor (or variadic group of successors).
pub struct SuccessorSpec {
    pub name: &'static str,
    pub variadic: bool,
}

/// Type relations between operands, results and attributes: the traits the
/// assembly format uses to infer types it does not print, and (except for
/// the two native traits) the checks the verifier runs after the type
/// constraints, as ODS' `PredOpTrait`s.
pub enum TypeRule {
    /// `SameOperandsAndResultType` (verified by the trait verifier; the spec
    /// should also set [`TraitSet::SAME_OPERANDS_AND_RESULT_TYPE`]).
    SameOperandsAndResultType,
    /// `SameTypeOperands` (verified by the trait verifier).
    SameTypeOperands,
    /// `AllTypesMatch<["a", "b"]>`.
    AllTypesMatch(&'static [&'static str]),
    /// `TypesMatchWith<summary, lhs, rhs, transformer>`: the type of `rhs`
    /// is `transform(type of lhs)`.
    TypesMatchWith {
        summary: &'static str,
        lhs: &'static str,
        rhs: &'static str,
        transform: fn(&Context, Type) -> Type,
    },
    /// An op-level predicate (ODS `PredOpTrait`, `AllMatch`,
    /// `AllElementTypesMatch`, `AllRanksMatch`, ...): fails with
    /// `failed to verify that <summary>`.
    Pred {
        summary: &'static str,
        pred: fn(&Ir, OpRef) -> bool,
    },
    /// `SameOperandsAndResultRank`: ranked shaped operands share a rank and
    /// ranked shaped results have it too (unranked types are compatible).
    SameOperandsAndResultRank,
}

/// `InferTypeOpInterface::inferReturnTypes` for formats that print no result
/// type: receives the operand types and the properties dictionary and
/// pushes the result types, or returns `false`.
pub type InferResultTypes = fn(&Context, &[Type], Option<Attribute>, &mut Vec<Type>) -> bool;

/// `InferTypeOpInterface::inferReturnTypes` of an op whose result types
/// come from its regions (the parsed regions, not yet attached to the op):
/// pushes the result types, or returns `false`.
pub type InferResultTypesFromRegions = fn(&Ir, &[crate::RegionRef], &mut Vec<Type>) -> bool;

/// `InferTypeOpInterface::inferReturnTypes` (or `refineReturnTypes`) run
/// by the verifier on an existing op: the inferred result types, or the
/// message the hook emits at the op's location (`operand type mismatch ...`).
pub type VerifyInferredTypes = fn(&Ir, OpRef) -> Result<Vec<Type>, String>;

/// A value handed to or returned from a custom directive's parser, one per
/// directive parameter, in order (MLIR's `parse<Name>(parser, params...)`).
#[derive(Debug)]
pub enum CustomParseArg<'a> {
    /// An attribute variable: set it (or leave `None` for an absent optional one).
    Attr(Option<Attribute>),
    /// A single or optional operand.
    Operand(Option<UnresolvedOperand<'a>>),
    /// A variadic operand group.
    Operands(Vec<UnresolvedOperand<'a>>),
    /// A `VariadicOfVariadic` operand group: one list per sub-group (the
    /// sizes become the group's segment attribute).
    OperandGroups(Vec<Vec<UnresolvedOperand<'a>>>),
    /// `type($single)` or `type($optional)`.
    Type(Option<Type>),
    /// `type($variadic)`.
    Types(Vec<Type>),
    /// `type($variadicOfVariadic)`: one list per sub-group.
    TypeGroups(Vec<Vec<Type>>),
    /// A single region: already created (empty) for the directive to fill.
    Region(RegionRef),
    /// A variadic region group.
    Regions(Vec<RegionRef>),
    /// A single successor.
    Successor(Option<BlockRef>),
    /// A variadic successor group.
    Successors(Vec<BlockRef>),
    /// `attr-dict`: the discardable attributes parsed so far.
    AttrDict(Vec<(crate::Ident, Attribute)>),
    /// A string parameter, passed through.
    Str(&'static str),
    /// A `ref(...)` parameter: the already-parsed value, read-only.
    Ref(CustomRef),
}

/// The value of a `ref(...)` custom directive parameter while parsing.
#[derive(Debug, Clone)]
pub enum CustomRef {
    Attr(Option<Attribute>),
    Types(Vec<Type>),
    Operands(usize),
    None,
}

/// A value handed to a custom directive's printer, one per parameter.
#[derive(Debug, Clone)]
pub enum CustomPrintArg {
    Attr(Option<Attribute>),
    /// Operands of a group (a range of the op's operand indices).
    Operands(Range<usize>),
    /// Types of an operand or result group.
    Types(Vec<Type>),
    Regions(Range<usize>),
    Successors(Range<usize>),
    /// `attr-dict`: the op's discardable attributes.
    AttrDict(Attribute),
    Str(&'static str),
}

/// Parses a custom directive, filling `args`.
pub type CustomDirectiveParse =
    for<'p, 'a> fn(&mut OpAsmParser<'p, 'a>, &mut [CustomParseArg<'a>]) -> Result<(), ()>;
/// Prints a custom directive.
pub type CustomDirectivePrint = fn(&mut OpAsmPrinter<'_, '_>, OpRef, &[CustomPrintArg]);

/// A `custom<Name>(...)` directive implemented in Rust.
pub struct CustomDirective {
    pub name: &'static str,
    pub parse: CustomDirectiveParse,
    pub print: CustomDirectivePrint,
}

/// The static description of an operation, as ODS would generate it.
///
/// ```
/// use mlir_ir::ods::spec::*;
/// use mlir_ir::ods::enums::EnumSpec;
/// use mlir_ir::{Context, Type, TraitSet};
///
/// static SIGNLESS_INT: TypeConstraint = TypeConstraint {
///     summary: "signless integer",
///     pred: |ctx, t| matches!(ctx.ty(t), mlir_ir::TypeKind::Integer {
///         signedness: mlir_ir::Signedness::Signless, .. }),
///     builder: None,
/// };
/// static OPERANDS: [ValueSpec; 2] = [
///     ValueSpec { name: "lhs", arity: Arity::Single, constraint: &SIGNLESS_INT },
///     ValueSpec { name: "rhs", arity: Arity::Single, constraint: &SIGNLESS_INT },
/// ];
/// static RESULTS: [ValueSpec; 1] =
///     [ValueSpec { name: "result", arity: Arity::Single, constraint: &SIGNLESS_INT }];
/// static MY_ADD: OpSpec = OpSpec {
///     name: "my.add",
///     summary: "integer addition",
///     operands: &OPERANDS,
///     results: &RESULTS,
///     traits: TraitSet::SAME_OPERANDS_AND_RESULT_TYPE,
///     type_rules: &[TypeRule::SameOperandsAndResultType],
///     format: Some("$lhs `,` $rhs attr-dict `:` type($result)"),
///     ..OpSpec::DEFAULT
/// };
/// assert!(MY_ADD.format().is_ok());
/// ```
pub struct OpSpec {
    pub name: &'static str,
    pub summary: &'static str,
    pub operands: &'static [ValueSpec],
    pub results: &'static [ValueSpec],
    pub attrs: &'static [AttrSpec],
    pub regions: &'static [RegionSpec],
    pub successors: &'static [SuccessorSpec],
    /// `AttrSizedOperandSegments`: operand group sizes live in the
    /// `operandSegmentSizes` property (`array<i32: ...>`).
    pub attr_sized_operand_segments: bool,
    /// `AttrSizedResultSegments` (`resultSegmentSizes`).
    pub attr_sized_result_segments: bool,
    /// Traits of the op besides those the spec implies.
    pub traits: TraitSet,
    /// `SingleBlockImplicitTerminator<"...">`.
    pub implicit_terminator: Option<&'static str>,
    pub type_rules: &'static [TypeRule],
    pub infer_result_types: Option<InferResultTypes>,
    /// Result type inference from the op's regions (see
    /// [`InferResultTypesFromRegions`]), for formats that print no result
    /// type.
    pub infer_result_types_from_regions: Option<InferResultTypesFromRegions>,
    /// The verifier of `InferTypeOpInterface` (MLIR's
    /// `verifyInferredResultTypes`), for ops whose hook can run on an
    /// existing op (ODS `verifyInferredTypes`).
    pub verify_inferred_types: Option<VerifyInferredTypes>,
    /// The declarative assembly format, if any.
    pub format: Option<&'static str>,
    pub custom_directives: &'static [CustomDirective],
    /// `VariadicOfVariadic` operand groups: (operand group index, name of
    /// the `DenseI32ArrayAttr` holding the sub-group sizes).
    pub variadic_of_variadic: &'static [(usize, &'static str)],
    /// The op's own `verify` (ODS `hasVerifier`).
    pub verify: Option<Verify>,
    /// The compiled format, filled on first use and never freed (an atomic
    /// pointer rather than a `OnceLock` so that specs can be built from
    /// [`OpSpec::DEFAULT`] in `static`s, which needs a type without drop glue).
    pub compiled: AtomicPtr<Result<Format, FormatError>>,
}

impl OpSpec {
    /// An empty spec to complete with struct-update syntax.
    // Each use of the constant yields a fresh, empty `compiled` cell, which
    // is exactly what a new spec needs.
    #[allow(clippy::declare_interior_mutable_const)]
    pub const DEFAULT: OpSpec = OpSpec {
        name: "",
        summary: "",
        operands: &[],
        results: &[],
        attrs: &[],
        regions: &[],
        successors: &[],
        attr_sized_operand_segments: false,
        attr_sized_result_segments: false,
        traits: TraitSet::EMPTY,
        implicit_terminator: None,
        type_rules: &[],
        infer_result_types: None,
        infer_result_types_from_regions: None,
        verify_inferred_types: None,
        format: None,
        custom_directives: &[],
        variadic_of_variadic: &[],
        verify: None,
        compiled: AtomicPtr::new(std::ptr::null_mut()),
    };

    /// The compiled assembly format (compiled once, on first use). Fails
    /// with MLIR's message when the format is invalid; `Err` with an empty
    /// message when the spec has no format.
    pub fn format(&self) -> Result<&Format, &FormatError> {
        let mut ptr = self.compiled.load(Ordering::Acquire);
        if ptr.is_null() {
            let compiled = match self.format {
                Some(text) => Format::compile(self, text),
                None => Err(FormatError::new(0, "operation has no assembly format")),
            };
            let fresh = Box::into_raw(Box::new(compiled));
            ptr = match self.compiled.compare_exchange(
                std::ptr::null_mut(),
                fresh,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => fresh,
                Err(existing) => {
                    // Another thread compiled it first; drop ours.
                    // SAFETY: `fresh` came from `Box::into_raw` above and was
                    // never shared.
                    drop(unsafe { Box::from_raw(fresh) });
                    existing
                }
            };
        }
        // SAFETY: a non-null pointer was published by the exchange above and
        // is never freed, so it is valid for the spec's (static) lifetime.
        unsafe { &*ptr }.as_ref()
    }

    /// The segment-size properties: (attribute name, whether the op uses
    /// it, number of groups it sizes), for operands then results.
    pub fn segment_attrs(&self) -> [(&'static str, bool, usize); 2] {
        [
            (
                OPERAND_SEGMENTS,
                self.attr_sized_operand_segments,
                self.operands.len(),
            ),
            (
                RESULT_SEGMENTS,
                self.attr_sized_result_segments,
                self.results.len(),
            ),
        ]
    }
    pub fn operand_index(&self, name: &str) -> Option<usize> {
        self.operands.iter().position(|o| same_name(o.name, name))
    }
    pub fn result_index(&self, name: &str) -> Option<usize> {
        self.results.iter().position(|o| same_name(o.name, name))
    }
    pub fn attr_index(&self, name: &str) -> Option<usize> {
        self.attrs.iter().position(|o| same_name(o.name, name))
    }

    /// The names of the inherent attributes, segment-size properties included.
    pub fn inherent_attr_names(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = self.attrs.iter().map(|a| a.name).collect();
        if self.attr_sized_operand_segments {
            v.push(OPERAND_SEGMENTS);
        }
        if self.attr_sized_result_segments {
            v.push(RESULT_SEGMENTS);
        }
        v
    }

    /// The traits implied by the spec's counts (`ZeroRegions`, `OneResult`,
    /// ...) together with [`OpSpec::traits`].
    pub fn implied_traits(&self) -> TraitSet {
        let mut t = self.traits;
        let fixed = |v: &[ValueSpec]| v.iter().all(|x| x.arity == Arity::Single);
        if self.regions.is_empty() {
            t = t | TraitSet::ZERO_REGIONS;
        } else if self.regions.len() == 1 && !self.regions[0].variadic {
            t = t | TraitSet::ONE_REGION;
        }
        if self.results.is_empty() {
            t = t | TraitSet::ZERO_RESULTS;
        } else if self.results.len() == 1 && fixed(self.results) {
            t = t | TraitSet::ONE_RESULT;
        }
        if self.operands.is_empty() {
            t = t | TraitSet::ZERO_OPERANDS;
        }
        if self.successors.is_empty() {
            t = t | TraitSet::ZERO_SUCCESSORS;
        }
        if self.implicit_terminator.is_some() {
            t = t | TraitSet::SINGLE_BLOCK_IMPLICIT_TERMINATOR | TraitSet::SINGLE_BLOCK;
        }
        t
    }
}

/// The property holding operand group sizes under `AttrSizedOperandSegments`.
pub const OPERAND_SEGMENTS: &str = "operandSegmentSizes";
/// The property holding result group sizes under `AttrSizedResultSegments`.
pub const RESULT_SEGMENTS: &str = "resultSegmentSizes";

/// The elements of a segment-size property (`array<i32: 1, 0, 2>`), if it
/// is one.
pub(crate) fn segment_sizes(ctx: &Context, attr: Attribute) -> Option<&[Attribute]> {
    match ctx.attr(attr) {
        AttrKind::DenseArray { element, elements } if ctx.is_signless_integer(*element, 32) => {
            Some(elements)
        }
        _ => None,
    }
}

/// The index ranges of the value groups of `specs` among `total` values,
/// MLIR's `getODSOperandIndexAndLength`: with a segment-size property the
/// sizes come from it; otherwise variadic groups share what the fixed ones
/// leave (each gets an equal part, as MLIR does for several variadics).
/// Malformed sizes yield empty ranges rather than panics.
fn group_range(
    ctx: &Context,
    specs: &[ValueSpec],
    total: usize,
    segments: Option<Attribute>,
    index: usize,
) -> Range<usize> {
    if let Some(seg) = segments {
        let sizes = segment_sizes(ctx, seg).unwrap_or(&[]);
        let size_at = |i: usize| -> usize {
            sizes
                .get(i)
                .and_then(|&a| ctx.int_attr_value(a))
                .map_or(0, |v| v.max(0) as usize)
        };
        let start: usize = (0..index).map(size_at).sum();
        let end = start + size_at(index);
        return start.min(total)..end.min(total);
    }
    let variadic = specs.iter().filter(|s| s.arity != Arity::Single).count();
    // Most ops have only single groups: group `index` is value `index`.
    if variadic == 0 {
        return index.min(total)..(index + 1).min(total);
    }
    let fixed = specs.len() - variadic;
    let dynamic = total
        .saturating_sub(fixed)
        .checked_div(variadic)
        .unwrap_or(0);
    let len = |s: &ValueSpec| if s.arity == Arity::Single { 1 } else { dynamic };
    let start: usize = specs[..index.min(specs.len())].iter().map(len).sum();
    let end = start + specs.get(index).map_or(0, len);
    start.min(total)..end.min(total)
}

/// The operand indices of operand group `index` of `op` (what generated
/// typed accessors call).
pub fn operand_group(ir: &Ir, op: OpRef, spec: &OpSpec, index: usize) -> Range<usize> {
    let seg = if spec.attr_sized_operand_segments {
        Some(
            ir.attr(op, OPERAND_SEGMENTS)
                .unwrap_or_else(|| ir.ctx().empty_dictionary()),
        )
    } else {
        None
    };
    group_range(ir.ctx(), spec.operands, ir.num_operands(op), seg, index)
}

/// The result indices of result group `index` of `op`.
pub fn result_group(ir: &Ir, op: OpRef, spec: &OpSpec, index: usize) -> Range<usize> {
    let seg = if spec.attr_sized_result_segments {
        Some(
            ir.attr(op, RESULT_SEGMENTS)
                .unwrap_or_else(|| ir.ctx().empty_dictionary()),
        )
    } else {
        None
    };
    group_range(ir.ctx(), spec.results, ir.num_results(op), seg, index)
}

/// The operand values of group `index` (allocation-free iterator).
pub fn operand_values<'a>(
    ir: &'a Ir,
    op: OpRef,
    spec: &OpSpec,
    index: usize,
) -> impl ExactSizeIterator<Item = Value> + 'a {
    operand_group(ir, op, spec, index).map(move |i| ir.operand(op, i))
}

/// The first operand of group `index`, if any (the typed getter of a
/// single or optional operand).
pub fn operand_value(ir: &Ir, op: OpRef, spec: &OpSpec, index: usize) -> Option<Value> {
    let r = operand_group(ir, op, spec, index);
    (!r.is_empty()).then(|| ir.operand(op, r.start))
}

/// The first value of the operand or result group named `name` (operands
/// first), what the `$name` placeholders of op predicates stand for; `None`
/// when the group is empty or there is no such group.
pub fn named_value(ir: &Ir, op: OpRef, spec: &OpSpec, name: &str) -> Option<Value> {
    if let Some(i) = spec.operand_index(name) {
        return operand_value(ir, op, spec, i);
    }
    let i = spec.result_index(name)?;
    let r = result_group(ir, op, spec, i);
    (!r.is_empty()).then(|| ir.result(op, r.start))
}

/// The region indices of region group `index` (a variadic group takes all
/// regions the fixed ones leave).
pub fn region_group(ir: &Ir, op: OpRef, spec: &OpSpec, index: usize) -> Range<usize> {
    let total = ir.num_regions(op);
    let variadic = spec.regions.iter().filter(|r| r.variadic).count();
    let fixed = spec.regions.len() - variadic;
    let dynamic = total
        .saturating_sub(fixed)
        .checked_div(variadic)
        .unwrap_or(0);
    let len = |r: &RegionSpec| if r.variadic { dynamic } else { 1 };
    let start: usize = spec.regions[..index.min(spec.regions.len())]
        .iter()
        .map(len)
        .sum();
    let end = start + spec.regions.get(index).map_or(0, len);
    start.min(total)..end.min(total)
}

/// The successor indices of successor group `index`.
pub fn successor_group(ir: &Ir, op: OpRef, spec: &OpSpec, index: usize) -> Range<usize> {
    let total = ir.num_successors(op);
    let variadic = spec.successors.iter().filter(|r| r.variadic).count();
    let fixed = spec.successors.len() - variadic;
    let dynamic = total
        .saturating_sub(fixed)
        .checked_div(variadic)
        .unwrap_or(0);
    let len = |r: &SuccessorSpec| if r.variadic { dynamic } else { 1 };
    let start: usize = spec.successors[..index.min(spec.successors.len())]
        .iter()
        .map(len)
        .sum();
    let end = start + spec.successors.get(index).map_or(0, len);
    start.min(total)..end.min(total)
}

/// Whether two names of a spec are equal. The verifier looks names of type
/// rules up in the spec for every op it checks; both come from the same
/// generated literals, which the compiler merges, so equal addresses answer
/// most lookups without comparing bytes.
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && (std::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}
