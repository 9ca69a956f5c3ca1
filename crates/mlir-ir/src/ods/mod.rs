//! The ODS runtime: the generic machinery behind operations described by a
//! static [`OpSpec`] (what the `mlir-ods` generator emits per op, or what a
//! test writes by hand).
//!
//! - [`spec`]: the description (operands, results, attributes, regions,
//!   successors, constraints, type relations, the assembly format) and the
//!   segment-aware accessors typed wrappers call ([`operand_group`], ...).
//! - [`verify`]: the invariant verifier with mlir-opt's messages.
//! - [`format`]: the declarative assembly format — compilation with
//!   OpFormatGen's validation, and the printer and parser engines.
//! - [`enums`]: integer and dialect enum attributes (`#arith.overflow<nsw>`).
//! - [`hooks`]: the traits declared hooks are implemented through
//!   (`HasFolder`, `ConstantMaterializer`) and typed creation (`BuildOp`,
//!   `OpCreator`).
//!
//! An op is registered with [`OpInfo::from_spec`] and the function-pointer
//! trampolines made by [`ods_hooks!`](crate::ods_hooks):
//!
//! ```ignore
//! static ADDI: OpSpec = OpSpec { name: "arith.addi", /* ... */ ..OpSpec::DEFAULT };
//! let info = OpInfo::from_spec(&ADDI, mlir_ir::ods_hooks!(ADDI));
//! ```

pub mod enums;
pub mod format;
pub mod hooks;
pub mod preds;
pub mod spec;
pub mod verify;

#[cfg(test)]
mod tests;

use smallvec::SmallVec;

use crate::asm::{CustomParseFn, CustomPrintFn, OpAsmParser, OpAsmPrinter};
use crate::attributes::{AttrKind, Attribute};
use crate::context::{Context, Ident, OpInfo, PreparePropertiesFn};
use crate::ir::{Ir, OpRef, OperationState};
use crate::verifier::Verify;

pub use enums::{canonicalize_enum_attr, EnumCase, EnumSpec};
pub use format::{Format, FormatError};
pub use hooks::{
    require_constant_materializer, require_operation_attr_verifier,
    require_region_arg_attr_verifier, require_region_result_attr_verifier, BuildOp,
    ConstantMaterializer, HasFolder, HasMultiResultFolder, OpCreator, OperationAttrVerifier,
    RegionArgAttrVerifier, RegionResultAttrVerifier,
};
pub use spec::{
    named_value, operand_group, operand_value, operand_values, region_group, result_group,
    successor_group, Arity, AttrConstraint, AttrDefault, AttrFormat, AttrPresence, AttrSpec,
    CustomDirective, CustomParseArg, CustomPrintArg, CustomRef, OpSpec, PropKind, RegionConstraint,
    RegionSpec, SuccessorSpec, TypeConstraint, TypeRule, ValueSpec, VerifyInferredTypes,
    OPERAND_SEGMENTS, RESULT_SEGMENTS,
};
pub use verify::{check_properties, verify_invariants};

/// A typed wrapper of an op (what ODS generates per op, e.g.
/// `pub struct AddIOp(pub OpRef)`); lets patterns and passes work with a
/// specific op. It lives here rather than in `mlir-rewrite` so that dialect
/// crates implement it without depending on the rewrite machinery;
/// `mlir-rewrite` re-exports it.
pub trait OpType: Copy + 'static {
    /// The op name, e.g. `"arith.addi"`.
    const NAME: &'static str;
    /// `op` as this type, if it is one.
    fn from_op(ir: &Ir, op: OpRef) -> Option<Self>;
    /// The underlying op.
    fn op(self) -> OpRef;
    /// Whether the op's `.td` declares `hasFolder` (set by generated code;
    /// the hook macros check it, so an implementation the registration
    /// would never call is a compile error).
    const HAS_FOLDER: bool = false;
    /// Whether the op's `.td` declares `hasCanonicalizer`.
    const HAS_CANONICALIZER: bool = false;
    /// Whether the op's `.td` declares `hasCanonicalizeMethod`.
    const HAS_CANONICALIZE_METHOD: bool = false;
}

/// MLIR's `DerivedAttributeOpInterface`: the op's derived attributes
/// (ODS `DerivedAttr` fields) as (name, value) pairs sorted by name,
/// attached by generated code with `OpInfo::with_interface`.
pub struct DerivedAttributes(pub fn(&Ir, OpRef) -> Vec<(&'static str, Attribute)>);

/// The constraint check of inherent attributes given in the generic form's
/// attribute dictionary, run by the parser before the op exists (MLIR's
/// `verifyInherentAttrs`): fails with `attribute 'x' failed to satisfy
/// constraint: <summary>`. Attached by [`OpInfo::from_spec`].
pub struct VerifyInherentAttrs(pub VerifyInherentAttrsFn);

/// See [`VerifyInherentAttrs`].
pub type VerifyInherentAttrsFn = fn(&Context, &[(Ident, Attribute)]) -> Result<(), String>;

/// MLIR's generated `setInherentAttr`, for inherent attributes written in
/// the generic form's attribute dictionary: whether the value is kept.
/// Segment sizes that are not a `DenseI32ArrayAttr` with one entry per
/// group are dropped without a diagnostic (upstream leaves the property
/// zeroed, and the verifier then reports the count mismatch). Attached by
/// [`OpInfo::from_spec`] to ops with segment sizes.
pub struct SetInherentAttr(pub SetInherentAttrFn);

/// See [`SetInherentAttr`].
pub type SetInherentAttrFn = fn(&Context, &str, Attribute) -> bool;

/// MLIR's `setInherentAttr` filter for `spec` (see [`SetInherentAttr`]).
pub fn accepts_inherent_attr(spec: &OpSpec, ctx: &Context, name: &str, value: Attribute) -> bool {
    for (seg, on, groups) in spec.segment_attrs() {
        if on && seg == name {
            return spec::segment_sizes(ctx, value).is_some_and(|s| s.len() == groups);
        }
    }
    true
}

/// The per-op function pointers that dispatch to the engines with the op's
/// spec; build them with [`ods_hooks!`](crate::ods_hooks).
#[derive(Clone, Copy)]
pub struct OpHooks {
    pub verify_invariants: Verify,
    pub parse: CustomParseFn,
    pub print: CustomPrintFn,
    pub prepare_properties: PreparePropertiesFn,
    pub verify_inherent_attrs: VerifyInherentAttrsFn,
    pub set_inherent_attr: SetInherentAttrFn,
}

/// Makes the [`OpHooks`] of the `static` spec at `$spec` (a path).
#[macro_export]
macro_rules! ods_hooks {
    ($spec:path) => {{
        fn __ods_verify(
            ir: &$crate::Ir,
            op: $crate::OpRef,
        ) -> ::std::result::Result<(), $crate::Diagnostic> {
            // The diagnostic-free fast path first; the full check (and its
            // exact error) only when it cannot vouch for the op.
            if $crate::ods::verify::fast_accept(&$spec, ir, op) {
                debug_assert!(
                    $crate::ods::verify_invariants(&$spec, ir, op).is_ok(),
                    "ods::verify::fast_accept accepted an op the full check rejects"
                );
                return ::std::result::Result::Ok(());
            }
            $crate::ods::verify_invariants(&$spec, ir, op)
        }
        fn __ods_parse(
            p: &mut $crate::asm::OpAsmParser<'_, '_>,
            state: &mut $crate::OperationState,
        ) -> ::std::result::Result<(), ()> {
            $crate::ods::parse_with_format(&$spec, p, state)
        }
        fn __ods_print(p: &mut $crate::asm::OpAsmPrinter<'_, '_>, op: $crate::OpRef) {
            $crate::ods::print_with_format(&$spec, p, op)
        }
        fn __ods_inherent(
            ctx: &$crate::Context,
            attrs: &[($crate::Ident, $crate::Attribute)],
        ) -> ::std::result::Result<(), ::std::string::String> {
            $crate::ods::verify::verify_inherent_attrs(&$spec, ctx, attrs)
        }
        fn __ods_set_inherent(ctx: &$crate::Context, name: &str, value: $crate::Attribute) -> bool {
            $crate::ods::accepts_inherent_attr(&$spec, ctx, name, value)
        }
        fn __ods_props(
            ctx: &$crate::Context,
            props: ::std::option::Option<$crate::Attribute>,
        ) -> ::std::result::Result<::std::option::Option<$crate::Attribute>, ::std::string::String>
        {
            $crate::ods::prepare_properties(&$spec, ctx, props)
        }
        $crate::ods::OpHooks {
            verify_invariants: __ods_verify,
            parse: __ods_parse,
            print: __ods_print,
            prepare_properties: __ods_props,
            verify_inherent_attrs: __ods_inherent,
            set_inherent_attr: __ods_set_inherent,
        }
    }};
}

impl OpInfo {
    /// The registration info of the op described by `spec`: its traits
    /// (with those its counts imply), inherent attribute names, implicit
    /// terminator, verifiers, and parse/print hooks when it has a valid
    /// assembly format.
    pub fn from_spec(spec: &'static OpSpec, hooks: OpHooks) -> OpInfo {
        let mut info = OpInfo::new(spec.name)
            .with_traits(spec.implied_traits())
            .with_inherent_attrs(&spec.inherent_attr_names())
            .with_verify_invariants(hooks.verify_invariants);
        info.prepare_properties = Some(hooks.prepare_properties);
        info.ods_spec = Some(spec);
        if let Some(t) = spec.implicit_terminator {
            info = info.with_implicit_terminator(t);
        }
        if let Some(v) = spec.verify {
            info = info.with_verify(v);
        }
        if !spec.attrs.is_empty() {
            info = info.with_interface(VerifyInherentAttrs(hooks.verify_inherent_attrs));
        }
        if spec.segment_attrs().iter().any(|s| s.1) {
            info = info.with_interface(SetInherentAttr(hooks.set_inherent_attr));
        }
        if let Some(Ok(format)) = spec.format.map(|_| spec.format()) {
            info = info.with_parse(hooks.parse).with_print(hooks.print);
            info.print_is_declarative = !format.has_custom_directive();
        }
        // `verifyInferredTypes` ops can be queried for their inferred
        // types; their invariants already run the check.
        if let Some(infer) = spec.verify_inferred_types {
            info = info.with_interface(crate::interfaces::infer_type::InferTypeOpInterface {
                infer_return_types: infer,
                is_compatible_return_types: None,
                checked_by_verifier: false,
            });
        }
        info
    }
}

/// Parses the custom form of an op with `spec`'s assembly format.
pub fn parse_with_format(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> Result<(), ()> {
    match spec.format() {
        Ok(f) => format::parse::parse(spec, f, p, state),
        Err(e) => {
            let off = p.current_offset();
            p.emit_error(off, format!("has an invalid assembly format: {e}"))
        }
    }
}

/// Prints the custom form of `op` with `spec`'s assembly format.
pub fn print_with_format(spec: &OpSpec, p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    if let Ok(f) = spec.format() {
        format::print::print(spec, f, p, op);
    }
}

/// MLIR's `setPropertiesFromAttr` check plus `populateDefaultProperties`:
/// `props` with default-valued attributes and segment sizes filled in
/// (unchanged, without allocating, when nothing is missing).
pub fn prepare_properties(
    spec: &OpSpec,
    ctx: &Context,
    props: Option<Attribute>,
) -> Result<Option<Attribute>, String> {
    if let Some(p) = props {
        check_properties(spec, ctx, p)?;
    }
    let entries: &[(Ident, Attribute)] = props.map_or(&[], |p| ctx.dictionary_entries(p));
    let has = |name: &str| entries.iter().any(|(k, _)| ctx.ident_str(*k) == name);
    let mut missing: SmallVec<[(Ident, Attribute); 4]> = SmallVec::new();
    // Native properties are converted to their storage and back, as MLIR's
    // `setPropertiesFromAttr` then `getPropertiesAsAttr` do: an `I64Prop`
    // given `3 : i32` is kept (and printed) as `3 : i64`.
    let mut converted: SmallVec<[(Ident, Attribute); 4]> = SmallVec::new();
    for a in spec.attrs {
        if let AttrFormat::Prop(kind) = a.constraint.format {
            if let Some(&(k, v)) = entries.iter().find(|(k, _)| ctx.ident_str(*k) == a.name) {
                let n = verify::prop_storage(ctx, kind, v).unwrap_or(v);
                if n != v {
                    converted.push((k, n));
                }
            }
        }
        if let AttrPresence::Prop(f) = a.presence {
            if !has(a.name) {
                missing.push((ctx.ident(a.name), f(ctx)));
            }
            continue;
        }
        if let AttrPresence::Default(d) = a.presence {
            if !has(a.name) {
                let v = match (d, a.constraint.format) {
                    (AttrDefault::Enum(v), AttrFormat::DialectEnum(e)) => e.attr(ctx, v),
                    (AttrDefault::Enum(v), AttrFormat::IntEnum(e)) => {
                        ctx.int_attr(ctx.int_type(e.int_width), v as i64)
                    }
                    (AttrDefault::Enum(v), _) => ctx.int_attr(ctx.int_type(64), v as i64),
                    (AttrDefault::Build(f), _) => f(ctx),
                };
                missing.push((ctx.ident(a.name), v));
            }
        }
    }
    for (name, on, n) in spec.segment_attrs() {
        if on && !has(name) {
            let i32t = ctx.int_type(32);
            let zeros: Vec<Attribute> = (0..n).map(|_| ctx.int_attr(i32t, 0)).collect();
            let a = ctx.intern_attr(AttrKind::DenseArray {
                element: i32t,
                elements: zeros.into(),
            });
            missing.push((ctx.ident(name), a));
        }
    }
    if missing.is_empty() && converted.is_empty() {
        return Ok(props);
    }
    let mut all: Vec<(Ident, Attribute)> = entries.to_vec();
    for (k, v) in converted {
        if let Some(e) = all.iter_mut().find(|e| e.0 == k) {
            e.1 = v;
        }
    }
    all.extend(missing);
    Ok(Some(ctx.dictionary_attr(&all)))
}
