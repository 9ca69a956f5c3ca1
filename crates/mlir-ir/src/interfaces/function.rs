//! MLIR's `FunctionOpInterface`: ops that behave like functions (a symbol
//! with a type attribute, one body region whose entry block arguments are
//! the function's arguments, and per-argument and per-result attribute
//! dictionaries), with upstream's verifier (`function_interface_impl::
//! verifyTrait` and the default `verifyBody`), its argument and result
//! attribute helpers, `buildWithEntryBlock`, and the custom assembly form
//! shared by function-like ops (`parseFunctionOp`/`printFunctionOp` and
//! the signature pieces dialects with their own prefix reuse).
//!
//! Ops declaring `FunctionOpInterface` in ODS get [`FunctionOpInterface::
//! BUILTIN`] (a builtin function type in `function_type`) attached when
//! registered; ops whose type is a dialect type (`llvm.func`) attach their
//! own with `signature` and `clone_type_with` for that type.

use crate::asm::lexer::TokenKind;
use crate::asm::parser::{Argument, UnresolvedOperand};
use crate::asm::{OpAsmParser, OpAsmPrinter};
use crate::attributes::{AttrKind, Attribute, Location};
use crate::context::{Context, Ident, OpInfo};
use crate::diagnostics::Diagnostic;
use crate::interfaces::{OpInterface, OpView};
use crate::ir::{BlockRef, Ir, OpRef, OperationState, RegionRef, Value};
use crate::types::{Type, TypeKind};
use crate::OpBuilder;

/// The attribute holding the function's type.
pub const FUNCTION_TYPE_ATTR: &str = "function_type";
/// The attribute holding one dictionary per argument.
pub const ARG_ATTRS_ATTR: &str = "arg_attrs";
/// The attribute holding one dictionary per result.
pub const RES_ATTRS_ATTR: &str = "res_attrs";

/// The argument and result types of a function type (`None` when the type
/// is not a function type of the op's kind).
pub type SignatureFn = fn(&Ir, Type) -> Option<(Vec<Type>, Vec<Type>)>;

/// The hooks of `FunctionOpInterface` that differ between function ops;
/// everything else (arguments, attributes, body, verifier) is shared and
/// reached through [`OpView<FunctionOpInterface>`].
#[derive(Copy, Clone)]
pub struct FunctionOpInterface {
    /// The argument and result types of `ty`, a function type of this op's
    /// kind, or `None` when `ty` is not one (the type attribute is then
    /// invalid; ODS constraints report that).
    pub signature: SignatureFn,
    /// `cloneTypeWith`: a function type of this op's kind with these inputs
    /// and results, based on `ty`.
    pub clone_type_with: fn(&Context, Type, &[Type], &[Type]) -> Type,
    /// `verifyType`: op-specific checks of the type, run first.
    pub verify_type: Option<crate::Verify>,
    /// `verifyBody`; `None` is upstream's default (the entry block's
    /// arguments match the signature).
    pub verify_body: Option<crate::Verify>,
}

impl FunctionOpInterface {
    /// The implementation for a builtin `FunctionType` in `function_type`
    /// (`func.func`, the Toy tutorial's `toy.func`).
    pub const BUILTIN: FunctionOpInterface = FunctionOpInterface {
        signature: |ir, ty| {
            ir.ctx()
                .function_signature(ty)
                .map(|(i, r)| (i.to_vec(), r.to_vec()))
        },
        clone_type_with: |ctx, _, inputs, results| ctx.function_type(inputs, results),
        verify_type: None,
        verify_body: None,
    };
}

impl OpInterface for FunctionOpInterface {
    const NAME: &'static str = "FunctionOpInterface";
}

/// What registering an ODS op that declares `FunctionOpInterface` adds
/// when the dialect attaches nothing else: the builtin implementation, the
/// `CallableOpInterface` upstream's interface is based on (the body, when
/// not empty, is the callable region) and the `Symbol` trait.
pub(crate) fn attach_defaults(info: OpInfo) -> OpInfo {
    use crate::interfaces::call::CallableOpInterface;
    let mut info = info.with_traits(crate::TraitSet::SYMBOL);
    if info.interface::<FunctionOpInterface>().is_none() {
        info = info.with_interface(FunctionOpInterface::BUILTIN);
    }
    if info.interface::<CallableOpInterface>().is_none() {
        info = info.with_interface(CallableOpInterface {
            callable_region: |ir, op| {
                let f = ir.interface::<FunctionOpInterface>(op)?;
                (!f.is_external(ir)).then(|| f.body(ir))
            },
            result_types: |ir, op| {
                ir.interface::<FunctionOpInterface>(op)
                    .map(|f| f.result_types(ir))
                    .unwrap_or_default()
            },
            argument_types: |ir, op| {
                ir.interface::<FunctionOpInterface>(op)
                    .map(|f| f.argument_types(ir))
                    .unwrap_or_default()
            },
        });
    }
    info
}

/// The entries of dictionary `i` of the array attribute `list`, empty when
/// the list or the entry is absent or not a dictionary.
fn dict_entry(ctx: &Context, list: Option<Attribute>, i: usize) -> &[(Ident, Attribute)] {
    match list.map(|l| ctx.attr(l)) {
        Some(AttrKind::Array(elems)) => match elems.get(i).map(|&d| ctx.attr(d)) {
            Some(AttrKind::Dictionary(entries)) => entries,
            _ => &[],
        },
        _ => &[],
    }
}

impl OpView<FunctionOpInterface> {
    /// The function's type (`getFunctionType`), if the type attribute holds one.
    pub fn function_type(&self, ir: &Ir) -> Option<Type> {
        match ir
            .attr(self.op, FUNCTION_TYPE_ATTR)
            .map(|a| ir.ctx().attr(a))
        {
            Some(AttrKind::Type(t)) => Some(*t),
            _ => None,
        }
    }
    /// The argument and result types of the function's type.
    pub fn signature(&self, ir: &Ir) -> Option<(Vec<Type>, Vec<Type>)> {
        (self.imp.signature)(ir, self.function_type(ir)?)
    }
    /// `getArgumentTypes` (empty when the type attribute is invalid).
    pub fn argument_types(&self, ir: &Ir) -> Vec<Type> {
        self.signature(ir).map(|s| s.0).unwrap_or_default()
    }
    /// `getResultTypes` (empty when the type attribute is invalid).
    pub fn result_types(&self, ir: &Ir) -> Vec<Type> {
        self.signature(ir).map(|s| s.1).unwrap_or_default()
    }
    pub fn num_arguments(&self, ir: &Ir) -> usize {
        self.argument_types(ir).len()
    }
    pub fn num_results(&self, ir: &Ir) -> usize {
        self.result_types(ir).len()
    }
    /// The body region (`getFunctionBody`).
    pub fn body(&self, ir: &Ir) -> RegionRef {
        ir.region(self.op, 0)
    }
    /// Whether the function has no body (`isExternal`).
    pub fn is_external(&self, ir: &Ir) -> bool {
        ir.num_regions(self.op) == 0 || ir.region_is_empty(self.body(ir))
    }
    /// The entry block, if the function has a body.
    pub fn entry_block(&self, ir: &Ir) -> Option<BlockRef> {
        if ir.num_regions(self.op) == 0 {
            return None;
        }
        ir.first_block(self.body(ir))
    }
    /// The entry block's arguments (`getArguments`), empty when external.
    pub fn arguments(&self, ir: &Ir) -> Vec<Value> {
        self.entry_block(ir)
            .map(|b| ir.arguments(b).collect())
            .unwrap_or_default()
    }
    /// The attributes of argument `i` (`getArgAttrs`).
    pub fn arg_attrs<'a>(&self, ir: &'a Ir, i: usize) -> &'a [(Ident, Attribute)] {
        dict_entry(ir.ctx(), ir.attr(self.op, ARG_ATTRS_ATTR), i)
    }
    /// Attribute `name` of argument `i` (`getArgAttr`).
    pub fn arg_attr(&self, ir: &Ir, i: usize, name: &str) -> Option<Attribute> {
        let ctx = ir.ctx();
        self.arg_attrs(ir, i)
            .iter()
            .find(|(k, _)| ctx.ident_str(*k) == name)
            .map(|&(_, v)| v)
    }
    /// The attributes of result `i` (`getResultAttrs`).
    pub fn result_attrs<'a>(&self, ir: &'a Ir, i: usize) -> &'a [(Ident, Attribute)] {
        dict_entry(ir.ctx(), ir.attr(self.op, RES_ATTRS_ATTR), i)
    }
    /// Attribute `name` of result `i` (`getResultAttr`).
    pub fn result_attr(&self, ir: &Ir, i: usize, name: &str) -> Option<Attribute> {
        let ctx = ir.ctx();
        self.result_attrs(ir, i)
            .iter()
            .find(|(k, _)| ctx.ident_str(*k) == name)
            .map(|&(_, v)| v)
    }
    /// Sets the attributes of argument `i` (`setArgAttrs`). The array
    /// attribute is dropped when every dictionary is empty, as upstream.
    pub fn set_arg_attrs(&self, ir: &mut Ir, i: usize, entries: &[(Ident, Attribute)]) {
        let n = self.num_arguments(ir);
        set_dict_at(ir, self.op, ARG_ATTRS_ATTR, n, i, entries);
    }
    /// Sets the attributes of result `i` (`setResultAttrs`).
    pub fn set_result_attrs(&self, ir: &mut Ir, i: usize, entries: &[(Ident, Attribute)]) {
        let n = self.num_results(ir);
        set_dict_at(ir, self.op, RES_ATTRS_ATTR, n, i, entries);
    }
    /// Sets (or with `None` removes) attribute `name` of argument `i`
    /// (`setArgAttr`/`removeArgAttr`).
    pub fn set_arg_attr(&self, ir: &mut Ir, i: usize, name: &str, value: Option<Attribute>) {
        let entries = with_entry(ir.ctx(), self.arg_attrs(ir, i), name, value);
        self.set_arg_attrs(ir, i, &entries);
    }
    /// Sets (or with `None` removes) attribute `name` of result `i`.
    pub fn set_result_attr(&self, ir: &mut Ir, i: usize, name: &str, value: Option<Attribute>) {
        let entries = with_entry(ir.ctx(), self.result_attrs(ir, i), name, value);
        self.set_result_attrs(ir, i, &entries);
    }
    /// Adds an entry block to a function without a body, with one argument
    /// per input of the signature at the op's location (`addEntryBlock`).
    /// Returns `None` (adding nothing) when the function has a body already.
    pub fn add_entry_block(&self, ir: &mut Ir) -> Option<BlockRef> {
        if !self.is_external(ir) || ir.num_regions(self.op) == 0 {
            return None;
        }
        let loc = ir.op_loc(self.op);
        let inputs = self.argument_types(ir);
        let region = self.body(ir);
        let b = ir.create_block();
        for t in inputs {
            ir.add_argument(b, t, loc);
        }
        ir.insert_block(region, None, b);
        Some(b)
    }
    /// Changes the function's type (`setType`): argument and result
    /// attribute arrays are cut or padded with empty dictionaries to the
    /// new counts. The entry block is the caller's to update.
    pub fn set_type(&self, ir: &mut Ir, ty: Type) {
        let (old_args, old_res) = (self.num_arguments(ir), self.num_results(ir));
        let ta = ir.ctx().type_attr(ty);
        ir.set_attr(self.op, FUNCTION_TYPE_ATTR, Some(ta));
        let (new_args, new_res) = (self.num_arguments(ir), self.num_results(ir));
        for (name, old, new) in [
            (ARG_ATTRS_ATTR, old_args, new_args),
            (RES_ATTRS_ATTR, old_res, new_res),
        ] {
            if old == new {
                continue;
            }
            let Some(list) = ir.attr(self.op, name) else {
                continue;
            };
            let ctx = ir.ctx();
            let mut elems: Vec<Attribute> = match ctx.attr(list) {
                AttrKind::Array(e) => e.to_vec(),
                _ => continue,
            };
            elems.resize(new, ctx.empty_dictionary());
            set_all_dicts(ir, self.op, name, elems);
        }
    }
    /// A function type of this op's kind with these inputs and results
    /// (`cloneTypeWith`).
    pub fn clone_type_with(&self, ir: &Ir, inputs: &[Type], results: &[Type]) -> Option<Type> {
        let ty = self.function_type(ir)?;
        Some((self.imp.clone_type_with)(ir.ctx(), ty, inputs, results))
    }
    /// Erases argument `i`: from the type, the attribute array and the
    /// entry block, which must no longer use it (`eraseArgument`).
    pub fn erase_argument(&self, ir: &mut Ir, i: usize) {
        let (mut inputs, results) = self.signature(ir).unwrap_or_default();
        if i >= inputs.len() {
            return;
        }
        inputs.remove(i);
        if let Some(list) = ir.attr(self.op, ARG_ATTRS_ATTR) {
            if let AttrKind::Array(e) = ir.ctx().attr(list) {
                let mut elems = e.to_vec();
                if i < elems.len() {
                    elems.remove(i);
                }
                set_all_dicts(ir, self.op, ARG_ATTRS_ATTR, elems);
            }
        }
        if let Some(ty) = self.clone_type_with(ir, &inputs, &results) {
            let ta = ir.ctx().type_attr(ty);
            ir.set_attr(self.op, FUNCTION_TYPE_ATTR, Some(ta));
        }
        if let Some(b) = self.entry_block(ir) {
            if i < ir.num_arguments(b) {
                ir.erase_argument(b, i);
            }
        }
    }
    /// Upstream's verifier of the interface ([`verify_function_op`]).
    pub fn verify(&self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_function_op(ir, self.op)
    }
}

/// `entries` with `name` set to `value` (or removed when `None`).
fn with_entry(
    ctx: &Context,
    entries: &[(Ident, Attribute)],
    name: &str,
    value: Option<Attribute>,
) -> Vec<(Ident, Attribute)> {
    let id = ctx.ident(name);
    let mut out: Vec<_> = entries.iter().copied().filter(|(k, _)| *k != id).collect();
    if let Some(v) = value {
        out.push((id, v));
    }
    out
}

/// Stores `elems` as the array `name`, or removes it when every dictionary
/// is empty (upstream's `setAllArgResAttrDicts`).
fn set_all_dicts(ir: &mut Ir, op: OpRef, name: &str, elems: Vec<Attribute>) {
    let ctx = ir.ctx();
    let empty = ctx.empty_dictionary();
    let value = (!elems.iter().all(|&d| d == empty)).then(|| ctx.array_attr(&elems));
    ir.set_attr(op, name, value);
}

/// Sets dictionary `i` of the `n`-element array `name` (upstream's
/// `setArgResAttrDict`).
fn set_dict_at(
    ir: &mut Ir,
    op: OpRef,
    name: &str,
    n: usize,
    i: usize,
    entries: &[(Ident, Attribute)],
) {
    let ctx = ir.ctx();
    let dict = ctx.dictionary_attr(entries);
    let empty = ctx.empty_dictionary();
    let mut elems: Vec<Attribute> = match ir.attr(op, name).map(|l| ctx.attr(l)) {
        Some(AttrKind::Array(e)) => e.to_vec(),
        _ => vec![empty; n],
    };
    if i >= elems.len() {
        elems.resize(i + 1, empty);
    }
    elems[i] = dict;
    set_all_dicts(ir, op, name, elems);
}

/// A type as diagnostics stream it: quoted.
fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", ctx.display(ty))
}

/// Upstream's `function_interface_impl::verifyTrait` then the default
/// `verifyBody`: `verifyType`; the argument and result attribute arrays
/// (one dictionary per argument/result, names with a dialect prefix, each
/// checked by its dialect's region argument/result attribute verifier when
/// the dialect is loaded); one region; then the entry block's arguments
/// match the signature. Ops without the interface pass.
pub fn verify_function_op(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(f) = ir.interface::<FunctionOpInterface>(op) else {
        return Ok(());
    };
    let ctx = ir.ctx();
    if let Some(v) = f.imp.verify_type {
        v(ir, op)?;
    }
    let sig = f.signature(ir);
    let (inputs, results) = sig.clone().unwrap_or_default();
    for (attr_name, count, what, plural) in [
        (ARG_ATTRS_ATTR, inputs.len(), "argument", "arguments"),
        (RES_ATTRS_ATTR, results.len(), "result", "results"),
    ] {
        let Some(list) = ir.attr(op, attr_name) else {
            continue;
        };
        let AttrKind::Array(elems) = ctx.attr(list) else {
            continue;
        };
        if elems.len() != count {
            return Err(ir.op_error(
                op,
                format!(
                    "expects {what} attribute array to have the same number of elements as the number of function {plural}, got {}, but expected {count}",
                    elems.len()
                ),
            ));
        }
        for (i, &d) in elems.iter().enumerate() {
            let AttrKind::Dictionary(entries) = ctx.attr(d) else {
                return Err(ir.op_error(
                    op,
                    format!(
                        "expects {what} attribute dictionary to be a DictionaryAttr, but got `{}`",
                        ctx.display(d)
                    ),
                ));
            };
            // Each attribute in turn: a name without a dialect prefix is
            // rejected, one with a loaded dialect's prefix goes to that
            // dialect's region argument/result hook (region 0, the body).
            for &(k, v) in entries.iter() {
                let n = ctx.ident_str(k);
                if !n.contains('.') {
                    return Err(
                        ir.op_error(op, format!("{plural} may only have dialect attributes"))
                    );
                }
                if let Some(dialect) = crate::context::attribute_name_dialect(ctx, n) {
                    if attr_name == ARG_ATTRS_ATTR {
                        dialect.verify_region_arg_attribute(ir, op, 0, i, n, v)?;
                    } else {
                        dialect.verify_region_result_attribute(ir, op, 0, i, n, v)?;
                    }
                }
            }
        }
    }
    if ir.num_regions(op) != 1 {
        return Err(ir.op_error(op, "expects one region"));
    }
    if let Some(body) = f.imp.verify_body {
        return body(ir, op);
    }
    // The body is checked only against a valid signature: an invalid type
    // attribute is the ODS constraint's (or `verifyType`'s) to report.
    let (Some(entry), Some(_)) = (f.entry_block(ir), sig) else {
        return Ok(());
    };
    if ir.num_arguments(entry) != inputs.len() {
        return Err(ir.op_error(
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        ));
    }
    for (i, (a, &t)) in ir.arguments(entry).zip(&inputs).enumerate() {
        let at = ir.value_type(a);
        if at != t {
            return Err(ir.op_error(
                op,
                format!(
                    "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                    quoted(ctx, at),
                    quoted(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

/// Builds function op `op_name` named `name` of type `ty` with `attrs` and
/// a body holding one entry block with arguments of `input_types` at `loc`
/// (upstream's `buildWithEntryBlock`). The builder's insertion point is
/// left where it was.
pub fn build_with_entry_block(
    b: &mut OpBuilder<'_>,
    op_name: &str,
    loc: Location,
    name: &str,
    ty: Type,
    attrs: &[(Ident, Attribute)],
    input_types: &[Type],
) -> OpRef {
    let ctx = b.ctx();
    let state = OperationState::new(ctx.op_name(op_name), loc).empty_regions(1);
    let sym = ctx.string_attr(name);
    let ta = ctx.type_attr(ty);
    let op = b.create(state);
    b.ir.set_attr(op, crate::symbol_table::SYM_NAME_ATTR, Some(sym));
    b.ir.set_attr(op, FUNCTION_TYPE_ATTR, Some(ta));
    for &(k, v) in attrs {
        let key = b.ctx().ident_str(k).to_string();
        b.ir.set_attr(op, &key, Some(v));
    }
    let saved = b.insertion_point();
    let region = b.ir.region(op, 0);
    let locs = vec![loc; input_types.len()];
    b.create_block(region, None, input_types, &locs);
    b.set_insertion_point(saved);
    op
}

// ----- custom assembly form -----

/// A parsed function signature: the arguments (named for a definition,
/// unnamed for a declaration) with their attribute dictionaries, and the
/// result types with theirs.
pub struct ParsedSignature<'a> {
    pub args: Vec<Argument<'a>>,
    pub results: Vec<Type>,
    pub result_attrs: Vec<Option<Attribute>>,
    /// Whether the argument list ended with `...` (when allowed).
    pub variadic: bool,
}

impl ParsedSignature<'_> {
    /// The argument types.
    pub fn inputs(&self) -> Vec<Type> {
        self.args.iter().map(|a| a.ty).collect()
    }
}

/// Parses an optional attribute dictionary after a type in a signature.
fn parse_optional_dict(p: &mut OpAsmParser<'_, '_>) -> Result<Option<Attribute>, ()> {
    if p.at(TokenKind::LBrace) {
        let e = p.parse_attr_dict_entries()?;
        Ok(Some(p.ctx().dictionary_attr(&e)))
    } else {
        Ok(None)
    }
}

/// `(%a: T {attrs} loc(..), ...) [-> R | -> (R {attrs}, ...)]`, or with
/// bare types for a declaration (upstream's
/// `parseFunctionSignatureWithArguments`): named and unnamed arguments
/// cannot be mixed. `allow_variadic` accepts a trailing `...`.
pub fn parse_function_signature<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    allow_variadic: bool,
) -> Result<ParsedSignature<'a>, ()> {
    p.parse_token(TokenKind::LParen, "expected '('")?;
    let mut sig = ParsedSignature {
        args: Vec::new(),
        results: Vec::new(),
        result_attrs: Vec::new(),
        variadic: false,
    };
    if !p.parse_optional_token(TokenKind::RParen) {
        loop {
            let off = p.current_offset();
            if allow_variadic && p.parse_optional_token(TokenKind::Ellipsis) {
                sig.variadic = true;
                break;
            }
            if p.at(TokenKind::PercentIdent) {
                if sig.args.last().is_some_and(|a| a.ssa.name.is_empty()) {
                    return p.error_at(off, "expected type instead of SSA identifier");
                }
                sig.args.push(p.parse_argument(true, true)?);
            } else {
                if sig.args.last().is_some_and(|a| !a.ssa.name.is_empty()) {
                    return p.error_at(off, "expected SSA identifier");
                }
                let ty = p.parse_type()?;
                let attrs = parse_optional_dict(p)?;
                let loc = p.parse_optional_location()?;
                sig.args.push(Argument {
                    ssa: UnresolvedOperand {
                        name: "",
                        number: 0,
                        offset: off,
                    },
                    ty,
                    attrs,
                    loc,
                });
            }
            if !p.parse_optional_token(TokenKind::Comma) {
                break;
            }
        }
        p.parse_token(TokenKind::RParen, "expected ')'")?;
    }
    if p.parse_optional_token(TokenKind::Arrow) {
        if p.parse_optional_token(TokenKind::LParen) {
            if !p.parse_optional_token(TokenKind::RParen) {
                loop {
                    sig.results.push(p.parse_type()?);
                    sig.result_attrs.push(parse_optional_dict(p)?);
                    if !p.parse_optional_token(TokenKind::Comma) {
                        break;
                    }
                }
                p.parse_token(TokenKind::RParen, "expected ')'")?;
            }
        } else {
            sig.results.push(p.parse_type()?);
            sig.result_attrs.push(None);
        }
    }
    Ok(sig)
}

/// Adds `arg_attrs`/`res_attrs` to `state` from a parsed signature, when
/// some dictionary is not empty (upstream's `addArgAndResultAttrs`).
pub fn add_arg_and_result_attrs(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    sig: &ParsedSignature<'_>,
) {
    let empty = p.ctx().empty_dictionary();
    let arg_attrs: Vec<Option<Attribute>> = sig.args.iter().map(|a| a.attrs).collect();
    for (name, list) in [
        (ARG_ATTRS_ATTR, &arg_attrs),
        (RES_ATTRS_ATTR, &sig.result_attrs),
    ] {
        if list.iter().any(|a| a.is_some_and(|d| d != empty)) {
            let elems: Vec<Attribute> = list.iter().map(|a| a.unwrap_or(empty)).collect();
            let arr = p.ctx().array_attr(&elems);
            p.add_attr(state, name, arr);
        }
    }
}

/// Parses `attributes {...}` (rejecting the attributes the form itself
/// sets, named in `inferred`) and the optional body, which may not be an
/// empty region (`{}`); an absent body leaves the region empty (a
/// declaration).
pub fn parse_function_attrs_and_body<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    args: &[Argument<'a>],
    inferred: &[&str],
) -> Result<(), ()> {
    parse_attrs_and_body(p, state, args, inferred, false)
}

/// [`parse_function_attrs_and_body`] for forms that read an empty body
/// `{}` as a declaration, as `llvm.func` does (MLIR's
/// `parseOptionalRegion` without the non-empty check).
pub fn parse_function_attrs_and_optional_body<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    args: &[Argument<'a>],
    inferred: &[&str],
) -> Result<(), ()> {
    parse_attrs_and_body(p, state, args, inferred, true)
}

fn parse_attrs_and_body<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    args: &[Argument<'a>],
    inferred: &[&str],
    allow_empty_body: bool,
) -> Result<(), ()> {
    let dict_off = p.current_offset();
    if p.parse_optional_keyword("attributes") {
        let entries = p.parse_attr_dict_entries()?;
        for disallowed in inferred {
            if entries
                .iter()
                .any(|(k, _)| p.ctx().ident_str(*k) == *disallowed)
            {
                return p.error_at(
                    dict_off,
                    format!("'{disallowed}' is an inferred attribute and should not be specified in the explicit attribute dictionary"),
                );
            }
        }
        p.add_attrs(state, entries);
    }
    let body_off = p.current_offset();
    match p.parse_optional_region(args)? {
        Some(r) => {
            if !allow_empty_body && p.ir().region_is_empty(r) {
                // The op's own parser reports this (`custom op '...'`).
                return p.emit_error(body_off, "expected non-empty function body");
            }
            state.regions.push(r);
        }
        None => {
            let r = p.ir().create_region();
            state.regions.push(r);
        }
    }
    Ok(())
}

/// Builds the function type of a parsed signature: `(inputs, results,
/// variadic) -> type`, or the message reported at the signature.
pub type BuildFunctionType = fn(&Context, &[Type], &[Type], bool) -> Result<Type, String>;

/// The builtin function type of a signature (variadic signatures are not
/// builtin function types).
pub fn builtin_function_type(
    ctx: &Context,
    inputs: &[Type],
    results: &[Type],
    variadic: bool,
) -> Result<Type, String> {
    if variadic {
        return Err("variadic arguments are not allowed in a builtin function type".into());
    }
    Ok(ctx.function_type(inputs, results))
}

/// `[visibility] @name(%a: T {attrs}, ...) [-> results] [attributes {...}]
/// [{ body }]`: MLIR's `function_interface_impl::parseFunctionOp`, the
/// custom form of any function-like op, usable by downstream dialects for
/// their own function ops (`toy.func` uses it). The type is built by
/// `build_type` ([`builtin_function_type`] for a builtin function type).
pub fn parse_function_op(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    allow_variadic: bool,
    build_type: BuildFunctionType,
) -> Result<(), ()> {
    if let Some(vis) = p.parse_optional_keyword_of(&["private", "public", "nested"]) {
        let a = p.ctx().string_attr(vis);
        p.add_attr(state, "sym_visibility", a);
    }
    let name = p.parse_symbol_name()?;
    let a = p.ctx().string_attr(&name);
    p.add_attr(state, crate::symbol_table::SYM_NAME_ATTR, a);
    let sig_off = p.current_offset();
    let sig = parse_function_signature(p, allow_variadic)?;
    let ty = match build_type(p.ctx(), &sig.inputs(), &sig.results, sig.variadic) {
        Ok(t) => t,
        Err(msg) => return p.error_at(sig_off, msg),
    };
    let ta = p.ctx().type_attr(ty);
    p.add_attr(state, FUNCTION_TYPE_ATTR, ta);
    add_arg_and_result_attrs(p, state, &sig);
    parse_function_attrs_and_body(
        p,
        state,
        &sig.args,
        &["sym_visibility", "sym_name", FUNCTION_TYPE_ATTR],
    )
}

/// Prints `(%a: T {attrs}, ...) [-> R | -> (R {attrs}, ...)]` (upstream's
/// `printFunctionSignature`): entry block arguments for a definition, bare
/// types for a declaration; parentheses around the results when there are
/// several, one is a function type, or one has attributes.
pub fn print_function_signature(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    inputs: &[Type],
    variadic: bool,
    results: &[Type],
) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let arg_list = ir.attr(op, ARG_ATTRS_ATTR);
    let res_list = ir.attr(op, RES_ATTRS_ATTR);
    let entry = (ir.num_regions(op) > 0)
        .then(|| ir.first_block(ir.region(op, 0)))
        .flatten();
    p.print_char('(');
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        let attrs = dict_entry(ctx, arg_list, i).to_vec();
        match entry {
            Some(b) if i < ir.num_arguments(b) => {
                p.print_region_argument(ir.argument(b, i), &attrs, false);
            }
            _ => {
                p.print_type(t);
                p.print_optional_attr_dict(&attrs, &[]);
            }
        }
    }
    if variadic {
        if !inputs.is_empty() {
            p.print_str(", ");
        }
        p.print_str("...");
    }
    p.print_char(')');
    if results.is_empty() {
        return;
    }
    p.print_str(" -> ");
    let any_attrs = (0..results.len()).any(|i| !dict_entry(ctx, res_list, i).is_empty());
    let parens =
        results.len() > 1 || matches!(ctx.ty(results[0]), TypeKind::Function { .. }) || any_attrs;
    if parens {
        p.print_char('(');
    }
    for (i, &t) in results.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        p.print_type(t);
        let attrs = dict_entry(ctx, res_list, i).to_vec();
        p.print_optional_attr_dict(&attrs, &[]);
    }
    if parens {
        p.print_char(')');
    }
}

/// MLIR's `function_interface_impl::printFunctionOp`, the printer matching
/// [`parse_function_op`]; `elided` names further attributes the op's form
/// prints itself (or never prints).
pub fn print_function_op(p: &mut OpAsmPrinter<'_, '_>, op: OpRef, elided: &[&str]) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.print_char(' ');
    if let Some(vis) = ir
        .attr(op, "sym_visibility")
        .and_then(|v| ctx.string_attr_value(v))
    {
        p.print_str(&vis);
        p.print_char(' ');
    }
    let name = ir
        .attr(op, crate::symbol_table::SYM_NAME_ATTR)
        .and_then(|v| ctx.string_attr_value(v))
        .unwrap_or_default();
    p.print_symbol_name(&name);
    let (inputs, results) = ir
        .interface::<FunctionOpInterface>(op)
        .and_then(|f| f.signature(ir))
        .unwrap_or_default();
    print_function_signature(p, op, &inputs, false, &results);
    let attrs = p.op_attrs(op);
    let mut skip = vec![
        "sym_name",
        "sym_visibility",
        FUNCTION_TYPE_ATTR,
        ARG_ATTRS_ATTR,
        RES_ATTRS_ATTR,
    ];
    skip.extend_from_slice(elided);
    p.print_optional_attr_dict_with_keyword(&attrs, &skip);
    let ir = p.ir();
    if ir.num_regions(op) > 0 && !ir.region_is_empty(ir.region(op, 0)) {
        let body = ir.region(op, 0);
        p.print_char(' ');
        p.print_region(body, false, true, false);
    }
}
