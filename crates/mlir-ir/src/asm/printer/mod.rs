//! The printer: MLIR's textual form of operations (generic and custom),
//! with SSA value and block naming, alias definitions and locations.
//!
//! Printing happens in two passes, as in MLIR: a recording pass prints the
//! whole tree into a sink while [`attrs::AttrPrinter`] records every type,
//! attribute and location it is asked to print; [`alias::AliasTable`] turns
//! that record into `#map`/`#loc`-style aliases; the second pass prints for
//! real using them. SSA names are computed once ([`names::SsaNames`]) and
//! shared by both passes. Output is streamed to a writer in chunks so that
//! printing a large module never holds the whole text in memory.

pub mod alias;
pub mod attrs;
mod names;

use std::io::Write;

use crate::asm::OpAsmInterface;
use crate::attributes::{AttrKind, Attribute, Location};
use crate::context::Ident;
use crate::ir::{BlockRef, Ir, OpRef, RegionRef, Value};
use crate::traits::TraitSet;
use crate::types::{Type, TypeKind};
use alias::AliasTable;
use attrs::AttrPrinter;
use names::SsaNames;

/// Printing options (mlir-opt's `--mlir-print-*` flags).
#[derive(Clone, Debug, Default)]
pub struct PrintFlags {
    /// `--mlir-print-op-generic`: every op in generic form.
    pub generic: bool,
    /// `--mlir-print-debuginfo`: print locations.
    pub debuginfo: bool,
    /// `--mlir-print-local-scope`: no aliases; print everything inline.
    pub local_scope: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`.
    pub elide_elements_larger_than: Option<u64>,
    /// `--mlir-elide-resource-strings-if-larger=N`: resource blobs whose
    /// quoted hex string is longer than N are left out of the file metadata.
    pub elide_resource_strings_larger_than: Option<u64>,
    /// `--mlir-pretty-debuginfo`: locations (with `debuginfo`) in the pretty
    /// form (`file:1:2` rather than `loc("file":1:2)`).
    pub pretty_debuginfo: bool,
    /// `--mlir-print-unique-ssa-ids`: value numbers and name suffixes do not
    /// restart in isolated-from-above regions.
    pub unique_ssa_ids: bool,
    /// `--mlir-print-value-users`: comments listing the users of each value
    /// (and an id for each op without results).
    pub value_users: bool,
    /// `--mlir-print-assume-verified`: use the custom form without checking
    /// the op's invariants first.
    pub assume_verified: bool,
    /// Set by a caller that verified the whole printed IR since its last
    /// change (rmlir-opt after a verified pipeline): every op's invariants
    /// hold, so the printer does not check them again per op before
    /// choosing the custom form. The output is the same as without it; the
    /// invariant checks were about a fifth of parse-and-print time.
    pub invariants_verified: bool,
}

const FLUSH_AT: usize = 1 << 16;

/// Prints `op` as a top-level operation (aliases, the op, location aliases,
/// file metadata), followed by a newline, into `w`.
pub fn print_top_level(
    ir: &Ir,
    op: OpRef,
    flags: &PrintFlags,
    w: &mut dyn Write,
) -> std::io::Result<()> {
    let ctx = ir.ctx();
    let names = SsaNames::compute(ir, op, flags);
    let table = if flags.local_scope {
        AliasTable::default()
    } else {
        let recorder = AttrPrinter::recording(ctx, flags);
        {
            let mut p = OpPrinter::new(ir, &recorder, &names, flags, None);
            p.print_full_op(op);
            p.out.push('\n');
        }
        AliasTable::build(ctx, &recorder.into_record(), flags)
    };
    let attr_printer = AttrPrinter::new(ctx, flags, (!flags.local_scope).then_some(&table));
    let mut p = OpPrinter::new(ir, &attr_printer, &names, flags, Some(w));
    table.print_top_aliases(&attr_printer, &mut p.out);
    p.print_full_op(op);
    p.out.push('\n');
    table.print_location_aliases(&attr_printer, &mut p.out);
    // As MLIR's `Operation::print`, a local-scope print is not a top-level
    // print: it has no file metadata section.
    if !flags.local_scope {
        print_file_metadata(&attr_printer, &mut p.out);
    }
    p.flush()?;
    p.io_error.map_or(Ok(()), Err)
}

/// The `{-# dialect_resources: ... #-}` section for the builtin blobs that
/// the printed IR referenced (through `dense_resource<...>`), in first-use
/// order, as mlir-opt prints it after the top-level op.
fn print_file_metadata(p: &AttrPrinter<'_>, out: &mut String) {
    let used = p.used_resources();
    let ctx = p.ctx;
    let blobs: Vec<_> = used
        .into_iter()
        .filter_map(|h| ctx.resource_blob(h).map(|b| (h, b)))
        .collect();
    if blobs.is_empty() {
        return;
    }
    // `--mlir-elide-resource-strings-if-larger`: a blob whose quoted hex
    // string ("0x" and two digits a byte) is longer than the limit is left
    // out; mlir-opt still prints the (then empty) section.
    let limit = p.flags.elide_resource_strings_larger_than;
    let kept: Vec<_> = blobs
        .iter()
        .filter(|(_, bytes)| limit.is_none_or(|l| (bytes.len() as u64) * 2 + 4 <= l))
        .collect();
    if kept.is_empty() {
        out.push_str("\n{-#\n\n#-}\n");
        return;
    }
    out.push_str("\n{-#\n  dialect_resources: {\n    builtin: {\n");
    for (i, (handle, bytes)) in kept.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str("      ");
        p.print_keyword_or_string(out, ctx.ident_str(*handle));
        out.push_str(": \"0x");
        for b in bytes.iter() {
            out.push_str(&format!("{b:02X}"));
        }
        out.push('"');
    }
    out.push_str("\n    }\n  }\n#-}\n");
}

/// Prints one op the way MLIR prints an op inside a diagnostic or a debug
/// log (`Operation::print` with `useLocalScope`): SSA names are computed from
/// the closest isolated-from-above ancestor (unregistered ops are never
/// isolated: they do not have the trait), nothing is aliased, and the text
/// has no trailing newline.
///
/// Unless `flags.generic` or `flags.assume_verified` is set, that ancestor is verified first (its
/// diagnostics silenced) and everything is printed in the generic form when
/// it fails, as MLIR's printer does so that custom printers never see
/// invalid IR. This costs a verification per call: it is meant for
/// diagnostics and logs, not for bulk output.
pub fn print_op_local(ir: &Ir, op: OpRef, flags: &PrintFlags) -> String {
    let mut root = op;
    while let Some(parent) = ir.op_parent_op(root) {
        if ir.op_has_trait(root, TraitSet::ISOLATED_FROM_ABOVE) {
            break;
        }
        root = parent;
    }
    let mut flags = PrintFlags {
        local_scope: true,
        ..flags.clone()
    };
    // `--mlir-print-assume-verified` skips the verification, as MLIR's
    // `Operation::print` does.
    if !flags.generic && !flags.assume_verified && !scope_verifies(ir, root) {
        flags.generic = true;
    }
    let names = SsaNames::compute(ir, root, &flags);
    let attr_printer = AttrPrinter::new(ir.ctx(), &flags, None);
    let mut p = OpPrinter::new(ir, &attr_printer, &names, &flags, None);
    p.print_operation(op);
    p.print_trailing_location(ir.op_loc(op));
    std::mem::take(&mut p.out)
}

thread_local! {
    /// Set while [`scope_verifies`] runs on this thread.
    static VERIFYING_SCOPE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether `root` (and everything nested in it) verifies, with the
/// verifier's diagnostics dropped. A print requested while that verification
/// runs (by a hook that prints an op into its message) takes the scope as
/// invalid, so printing never recurses into another verification.
fn scope_verifies(ir: &Ir, root: OpRef) -> bool {
    /// Clears the flag again, also when the verifier unwinds.
    struct Done;
    impl Drop for Done {
        fn drop(&mut self) {
            VERIFYING_SCOPE.with(|v| v.set(false));
        }
    }
    if VERIFYING_SCOPE.with(|v| v.replace(true)) {
        return false;
    }
    let _done = Done;
    crate::diagnostics::silence_diagnostics(|| crate::verifier::verify(ir, root).is_ok())
}

/// The SSA names the printer gives the values nested in `root` (MLIR's
/// `Value::printAsOperand` with an `AsmState` for `root`), for tools that
/// refer to values outside printed IR, such as graph views.
pub struct ValueNames(SsaNames);

impl ValueNames {
    /// Names every value nested in `root`, as printing `root` would.
    pub fn compute(ir: &Ir, root: OpRef) -> ValueNames {
        ValueNames(SsaNames::compute(ir, root, &PrintFlags::default()))
    }

    /// `%name`, `%N` or `%N#k` (the result number for ops with several results).
    pub fn name(&self, ir: &Ir, v: Value) -> String {
        let mut s = String::new();
        self.0.print_value(ir, v, true, &mut s);
        s
    }
}

/// Prints `op` as a top-level operation into a string.
pub fn print_to_string(ir: &Ir, op: OpRef, flags: &PrintFlags) -> String {
    let mut buf = Vec::new();
    print_top_level(ir, op, flags, &mut buf).expect("writing to a Vec cannot fail");
    String::from_utf8(buf).expect("the printer produces UTF-8")
}

/// Whether `op` satisfies what its custom printer relies on: the region,
/// result, operand and successor counts its traits promise and its declared
/// constraints. Invalid IR is printed in the generic form instead (as MLIR
/// does when verification fails), so custom printers never see malformed ops.
///
/// With `assume_verified` (`--mlir-print-assume-verified`) the op's declared
/// invariants are not checked; the counts its traits fix still are, because
/// custom printers rely on them to print without panicking.
fn custom_form_ok(ir: &Ir, op: OpRef, assume_verified: bool) -> bool {
    let info = ir.ctx().op_info(ir.op_name(op));
    let t = info.traits;
    let bad = (t.contains(TraitSet::ZERO_REGIONS) && ir.num_regions(op) != 0)
        || (t.contains(TraitSet::ONE_REGION) && ir.num_regions(op) != 1)
        || (t.contains(TraitSet::ZERO_RESULTS) && ir.num_results(op) != 0)
        || (t.contains(TraitSet::ONE_RESULT) && ir.num_results(op) != 1)
        || (t.contains(TraitSet::ZERO_OPERANDS) && ir.num_operands(op) != 0)
        || (t.contains(TraitSet::ZERO_SUCCESSORS) && ir.num_successors(op) != 0);
    if bad {
        return false;
    }
    assume_verified || info.verify_invariants.is_none_or(|f| f(ir, op).is_ok())
}

/// The op-tree printer of one pass.
pub(crate) struct OpPrinter<'a> {
    ir: &'a Ir,
    attrs: &'a AttrPrinter<'a>,
    names: &'a SsaNames,
    flags: &'a PrintFlags,
    pub(crate) out: String,
    sink: Option<&'a mut dyn Write>,
    io_error: Option<std::io::Error>,
    indent: usize,
    default_dialects: Vec<&'static str>,
    /// The alias-recording pass: visit what MLIR's dummy printer visits, in its order.
    recording: bool,
    /// Names given to region arguments by [`OpAsmPrinter::shadow_region_args`]
    /// (printed without the leading `%`), which replace their own names.
    shadowed: hashbrown::HashMap<Value, Box<str>>,
    /// The recording pass: the keys of the ops recorded so far (see
    /// [`OpPrinter::recorded_before`]).
    recorded: hashbrown::HashSet<RecordKey>,
}

/// An op as its declarative format sees it: name, properties, attribute
/// dictionary, then the operand types and the result types, each list
/// preceded by its length.
type RecordKey = smallvec::SmallVec<[u32; 8]>;

impl<'a> OpPrinter<'a> {
    fn new(
        ir: &'a Ir,
        attrs: &'a AttrPrinter<'a>,
        names: &'a SsaNames,
        flags: &'a PrintFlags,
        sink: Option<&'a mut dyn Write>,
    ) -> Self {
        OpPrinter {
            ir,
            attrs,
            names,
            flags,
            out: String::with_capacity(FLUSH_AT * 2),
            sink,
            io_error: None,
            indent: 0,
            default_dialects: vec!["builtin"],
            recording: attrs.is_recording(),
            shadowed: hashbrown::HashMap::new(),
            recorded: hashbrown::HashSet::new(),
        }
    }

    /// Writes the buffered text out (or drops it in the recording pass).
    fn flush(&mut self) -> std::io::Result<()> {
        match self.sink.as_deref_mut() {
            Some(w) => {
                let r = w.write_all(self.out.as_bytes());
                self.out.clear();
                r
            }
            None => {
                self.out.clear();
                Ok(())
            }
        }
    }

    fn maybe_flush(&mut self) {
        if self.out.len() >= FLUSH_AT {
            if let Err(e) = self.flush() {
                self.io_error.get_or_insert(e);
            }
        }
    }

    fn push_indent(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// Indentation, the op, and its trailing location.
    fn print_full_op(&mut self, op: OpRef) {
        if self.recording {
            self.record_op(op);
            return;
        }
        self.push_indent();
        self.print_operation(op);
        self.print_trailing_location(self.ir.op_loc(op));
        if self.flags.value_users {
            self.print_op_users_comment(op);
        }
        self.maybe_flush();
    }

    /// `--mlir-print-value-users` after an op (MLIR's `printUsersComment`):
    /// `// id: %N` for an op without results that has operands, else
    /// `// unused`, or `// user(s): ...` with one parenthesized list per
    /// result when there are several.
    fn print_op_users_comment(&mut self, op: OpRef) {
        let ir = self.ir;
        let n = ir.num_results(op);
        if n == 0 {
            if ir.num_operands(op) != 0 {
                self.out.push_str(" // id: ");
                self.names.print_op_id(op, &mut self.out);
            }
            return;
        }
        if ir.op_use_empty(op) {
            self.out.push_str(" // unused");
            return;
        }
        let mut users: Vec<OpRef> = Vec::new();
        let mut in_results = 0;
        for i in 0..n {
            for u in ir.users(Value::result(op, i as u32)) {
                if !users.contains(&u) {
                    users.push(u);
                    in_results += ir.num_results(u);
                }
            }
        }
        let one = in_results <= 1 && users.len() <= 1 && n == 1;
        self.out
            .push_str(if one { " // user: " } else { " // users: " });
        for i in 0..n {
            if i > 0 {
                self.out.push_str(", ");
            }
            if n > 1 {
                self.out.push('(');
            }
            self.print_value_users(Value::result(op, i as u32));
            if n > 1 {
                self.out.push(')');
            }
        }
    }

    /// The users of `v` once each (MLIR's `printValueUsers`): their results,
    /// or their ID when they have none; `unused` when there are none.
    fn print_value_users(&mut self, v: Value) {
        let ir = self.ir;
        let mut seen: Vec<OpRef> = Vec::new();
        for (index, user) in ir.users(v).enumerate() {
            if seen.contains(&user) {
                continue;
            }
            seen.push(user);
            if index != 0 {
                self.out.push_str(", ");
            }
            let n = ir.num_results(user);
            if n == 0 {
                self.names.print_op_id(user, &mut self.out);
            } else {
                for i in 0..n {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_value(Value::result(user, i as u32));
                }
            }
        }
        if seen.is_empty() {
            self.out.push_str("unused");
        }
    }

    fn print_trailing_location(&mut self, loc: Location) {
        if self.flags.debuginfo {
            self.out.push(' ');
            self.attrs.print_location(&mut self.out, loc);
        }
    }

    pub(crate) fn print_value(&mut self, v: Value) {
        // SSA names hold no attribute or type: the recording pass, whose
        // text is dropped, need not format them.
        if self.recording {
            return;
        }
        if !self.shadowed.is_empty() {
            if let Some(name) = self.shadowed.get(&v) {
                self.out.push('%');
                self.out.push_str(name);
                return;
            }
        }
        self.names.print_value(self.ir, v, true, &mut self.out);
    }

    fn print_block_name(&mut self, b: BlockRef) {
        self.names.print_block(b, &mut self.out);
    }

    fn print_type(&mut self, ty: Type) {
        self.attrs.print_type(&mut self.out, ty);
    }

    fn print_operation(&mut self, op: OpRef) {
        let n = self.ir.num_results(op);
        if n > 0 {
            self.names.print_result_groups(self.ir, op, &mut self.out);
            self.out.push_str(" = ");
        }
        if !self.flags.generic {
            let info = self.ir.ctx().op_info(self.ir.op_name(op));
            if let Some(print_fn) = info.print.filter(|_| {
                custom_form_ok(
                    self.ir,
                    op,
                    self.flags.assume_verified || self.flags.invariants_verified,
                )
            }) {
                let name = &*info.name;
                let dd = self.default_dialects.last().copied().unwrap_or("");
                let short = name
                    .strip_prefix(dd)
                    .and_then(|r| r.strip_prefix('.'))
                    .filter(|r| !r.contains('.') && !dd.is_empty());
                self.out.push_str(short.unwrap_or(name));
                let mut p = OpAsmPrinter { p: self };
                print_fn(&mut p, op);
                return;
            }
        }
        self.print_generic_op(op);
    }

    fn print_generic_op(&mut self, op: OpRef) {
        let ir = self.ir;
        self.attrs
            .print_escaped_text(&mut self.out, ir.op_name_str(op));
        self.out.push('(');
        for (i, v) in ir.operands(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v);
        }
        self.out.push(')');
        if ir.num_successors(op) > 0 {
            self.out.push('[');
            for (i, b) in ir.successors(op).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(b);
            }
            self.out.push(']');
        }
        if let Some(props) = ir.op_properties(op) {
            let skip = ir.op_is_registered(op) && ir.ctx().dictionary_entries(props).is_empty();
            if !skip {
                self.out.push(' ');
                self.attrs.print_properties(&mut self.out, props);
            }
        }
        if ir.num_regions(op) > 0 {
            self.out.push_str(" (");
            let regions = ir.regions(op);
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, true, true, true);
            }
            self.out.push(')');
        }
        let attrs = ir.op_attributes(op);
        self.print_optional_attr_dict(ir.ctx().dictionary_entries(attrs), &[]);
        self.out.push_str(" : ");
        self.print_functional_type(op);
    }

    fn print_optional_attr_dict(&mut self, entries: &[(Ident, Attribute)], elided: &[&str]) {
        let ctx = self.ir.ctx();
        if entries
            .iter()
            .all(|(k, _)| elided.contains(&ctx.ident_str(*k)))
        {
            return;
        }
        self.out.push(' ');
        self.attrs
            .print_dict_entries(&mut self.out, entries, elided);
    }

    fn print_functional_type(&mut self, op: OpRef) {
        let ir = self.ir;
        self.out.push('(');
        for (i, v) in ir.operands(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let t = ir.value_type(v);
            self.print_type(t);
        }
        self.out.push_str(") -> ");
        self.print_result_types(op);
    }

    /// Result types as in a function type: bare for one non-function type, else parenthesized.
    fn print_result_types(&mut self, op: OpRef) {
        let ir = self.ir;
        let n = ir.num_results(op);
        let single = n == 1 && {
            let t = ir.result_types(op).next().expect("one result");
            !matches!(ir.ctx().ty(t), TypeKind::Function { .. })
        };
        if single {
            let t = ir.result_types(op).next().expect("one result");
            self.print_type(t);
            return;
        }
        self.out.push('(');
        for (i, t) in ir.result_types(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
        self.out.push(')');
    }

    // ------------------------------------------------------------------
    // The recording pass (MLIR's DummyAliasOperationPrinter)
    // ------------------------------------------------------------------

    /// Visits an op as MLIR's dummy printer does: its location, then its
    /// custom form, or in the generic form its regions, operand types,
    /// result types and attributes (inherent and discardable, by name).
    fn record_op(&mut self, op: OpRef) {
        let ir = self.ir;
        if self.flags.debuginfo {
            self.attrs.print_location(&mut self.out, ir.op_loc(op));
        }
        if !self.flags.generic {
            let info = ir.ctx().op_info(ir.op_name(op));
            if let Some(print_fn) = info.print.filter(|_| {
                custom_form_ok(
                    ir,
                    op,
                    self.flags.assume_verified || self.flags.invariants_verified,
                )
            }) {
                // Every type and attribute a second op with the same key
                // prints has been recorded (a recorded element is walked
                // only once, and alias names do not depend on the order of
                // first visits beyond that): skip it. This is most of the
                // recording pass's work on large inputs.
                if info.print_is_declarative && self.recorded_before(op) {
                    return;
                }
                let mut p = OpAsmPrinter { p: self };
                print_fn(&mut p, op);
                self.out.clear();
                return;
            }
        }
        for &r in ir.regions(op) {
            self.record_region(r, true, true);
        }
        for t in ir.operand_types(op) {
            self.attrs.print_type(&mut self.out, t);
        }
        for t in ir.result_types(op) {
            self.attrs.print_type(&mut self.out, t);
        }
        let attrs = ir.ctx().dictionary_entries(ir.op_attributes(op));
        self.attrs.record_generic_attrs(ir.op_properties(op), attrs);
        self.out.clear();
    }

    /// For an op printed by its declarative format (the caller checks
    /// [`crate::OpInfo::print_is_declarative`]): whether the recording pass
    /// has recorded an op whose format prints the same types and attributes
    /// as `op`'s, which it then need not record again; else remembers
    /// `op`'s key. The key is the
    /// op's name, properties, attribute dictionary, operand types and
    /// result types: all a declarative format without `custom<...>`
    /// directives prints. Ops with regions or successors are always
    /// recorded (their contents are not in the key), and so is everything
    /// when locations are printed (one per op). (The generic form is not
    /// keyed: recording it directly costs less than the key.)
    fn recorded_before(&mut self, op: OpRef) -> bool {
        let ir = self.ir;
        if self.flags.debuginfo || ir.num_regions(op) != 0 || ir.num_successors(op) != 0 {
            return false;
        }
        let name = ir.op_name(op);
        let mut key = RecordKey::new();
        key.push(name.0);
        key.push(ir.op_properties(op).map_or(u32::MAX, |a| a.0));
        key.push(ir.op_attributes(op).0);
        key.push(ir.num_operands(op) as u32);
        key.extend(ir.operand_types(op).map(|t| t.0));
        key.push(ir.num_results(op) as u32);
        key.extend(ir.result_types(op).map(|t| t.0));
        !self.recorded.insert(key)
    }

    fn record_region(
        &mut self,
        region: RegionRef,
        print_entry_block_args: bool,
        print_block_terminators: bool,
    ) {
        let ir = self.ir;
        let mut first = true;
        for b in ir.region_blocks(region) {
            let (args, term) = if first {
                (print_entry_block_args, print_block_terminators)
            } else {
                (true, true)
            };
            first = false;
            if args {
                for a in ir.arguments(b) {
                    self.attrs.print_type(&mut self.out, ir.value_type(a));
                    if self.flags.debuginfo {
                        self.attrs
                            .print_arg_location(&mut self.out, ir.value_loc(a));
                    }
                }
            }
            let last = ir.last_op(b);
            let skip_last =
                !term && last.is_some_and(|l| ir.op_has_trait(l, TraitSet::IS_TERMINATOR));
            for op in ir.block_ops(b) {
                if skip_last && Some(op) == last {
                    break;
                }
                self.record_op(op);
            }
        }
    }

    fn print_region(
        &mut self,
        region: RegionRef,
        print_entry_block_args: bool,
        print_block_terminators: bool,
        print_empty_block: bool,
    ) {
        crate::stack::ensure_stack(|| {
            self.print_region_on_stack(
                region,
                print_entry_block_args,
                print_block_terminators,
                print_empty_block,
            )
        })
    }

    fn print_region_on_stack(
        &mut self,
        region: RegionRef,
        print_entry_block_args: bool,
        print_block_terminators: bool,
        print_empty_block: bool,
    ) {
        if self.recording {
            self.record_region(region, print_entry_block_args, print_block_terminators);
            return;
        }
        let ir = self.ir;
        self.out.push_str("{\n");
        if let Some(entry) = ir.first_block(region) {
            let dd = ir
                .region_parent_op(region)
                .and_then(|p| {
                    ir.ctx()
                        .op_info(ir.op_name(p))
                        .interface::<OpAsmInterface>()
                        .and_then(|i| i.default_dialect)
                })
                .unwrap_or("");
            self.default_dialects.push(dd);
            let always_header = (print_empty_block && ir.block_is_empty(entry))
                || (print_entry_block_args && ir.num_arguments(entry) != 0);
            self.print_block(entry, always_header, print_block_terminators);
            let mut b = ir.next_block(entry);
            while let Some(bb) = b {
                self.print_block(bb, true, true);
                b = ir.next_block(bb);
            }
            self.default_dialects.pop();
        }
        self.push_indent();
        self.out.push('}');
    }

    fn print_block(&mut self, block: BlockRef, print_header: bool, print_terminator: bool) {
        let ir = self.ir;
        if print_header {
            self.push_indent();
            self.print_block_name(block);
            if ir.num_arguments(block) > 0 {
                self.out.push('(');
                for (i, a) in ir.arguments(block).enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_value(a);
                    self.out.push_str(": ");
                    let t = ir.value_type(a);
                    self.print_type(t);
                    if self.flags.debuginfo {
                        self.out.push(' ');
                        self.attrs
                            .print_arg_location(&mut self.out, ir.value_loc(a));
                    }
                }
                self.out.push(')');
            }
            self.out.push(':');
            self.print_predecessor_comment(block);
            self.out.push('\n');
        }
        self.indent += 2;
        if self.flags.value_users {
            for a in ir.arguments(block) {
                self.push_indent();
                self.out.push_str("// ");
                self.print_value(a);
                if ir.use_empty(a) {
                    self.out.push_str(" is unused");
                } else {
                    self.out.push_str(" is used by ");
                    self.print_value_users(a);
                }
                self.out.push('\n');
            }
        }
        let last = ir.last_op(block);
        let skip_last =
            !print_terminator && last.is_some_and(|l| ir.op_has_trait(l, TraitSet::IS_TERMINATOR));
        let mut cur = ir.first_op(block);
        while let Some(op) = cur {
            cur = ir.next_op(op);
            if skip_last && Some(op) == last {
                break;
            }
            self.print_full_op(op);
            self.out.push('\n');
        }
        self.indent -= 2;
    }

    fn print_predecessor_comment(&mut self, block: BlockRef) {
        let ir = self.ir;
        if ir.block_parent_region(block).is_none() {
            self.out.push_str("  // block is not in a region!");
            return;
        }
        let preds: Vec<BlockRef> = ir
            .predecessors(block)
            .filter_map(|op| ir.op_block(op))
            .collect();
        if preds.is_empty() {
            if ir.prev_block(block).is_some() {
                self.out.push_str("  // no predecessors");
            }
            return;
        }
        // MLIR's `getSinglePredecessor`: one use, not one distinct block
        // (`cf.cond_br %c, ^bb1, ^bb1` makes `// 2 preds: ^bb0, ^bb0`).
        if preds.len() == 1 {
            self.out.push_str("  // pred: ");
            self.print_block_name(preds[0]);
            return;
        }
        let mut ids: Vec<(u32, BlockRef)> = preds
            .iter()
            .map(|&p| (self.names.block_ordering(p), p))
            .collect();
        ids.sort_by_key(|x| x.0);
        self.out.push_str(&format!("  // {} preds: ", ids.len()));
        for (i, (_, p)) in ids.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_block_name(p);
        }
    }
}

/// The API custom op printers use (MLIR's `OpAsmPrinter`). The op name has
/// already been printed when the hook runs.
pub struct OpAsmPrinter<'p, 'a> {
    p: &'p mut OpPrinter<'a>,
}

impl<'p, 'a> OpAsmPrinter<'p, 'a> {
    pub fn ir(&self) -> &'a Ir {
        self.p.ir
    }
    pub fn flags(&self) -> &PrintFlags {
        self.p.flags
    }
    /// Appends raw text.
    pub fn print_str(&mut self, s: &str) {
        self.p.out.push_str(s);
    }
    pub fn print_char(&mut self, c: char) {
        self.p.out.push(c);
    }
    pub fn print_operand(&mut self, v: Value) {
        self.p.print_value(v);
    }
    /// The printed name of `v` (`%x`, `%0#1`), without printing it (MLIR's
    /// `printOperand(value, stream)` into a separate stream).
    pub fn value_name(&mut self, v: Value) -> String {
        let start = self.p.out.len();
        self.p.print_value(v);
        let name = self.p.out[start..].to_string();
        self.p.out.truncate(start);
        name
    }
    /// Gives the entry arguments of `region` the names of `values` (MLIR's
    /// `shadowRegionArgs`, for isolated-from-above ops whose region
    /// arguments stand for their operands).
    pub fn shadow_region_args(&mut self, region: RegionRef, values: &[Value]) {
        let ir = self.p.ir;
        let Some(entry) = ir.first_block(region) else {
            return;
        };
        let args: Vec<Value> = ir.arguments(entry).collect();
        for (&arg, &v) in args.iter().zip(values) {
            let name = self.value_name(v);
            let name: Box<str> = name.strip_prefix('%').unwrap_or(&name).into();
            self.p.shadowed.insert(arg, name);
        }
    }
    /// Comma-separated operands.
    pub fn print_operands(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.p.out.push_str(", ");
            }
            self.p.print_value(v);
        }
    }
    pub fn print_type(&mut self, ty: Type) {
        self.p.print_type(ty);
    }
    /// Comma-separated types.
    pub fn print_types(&mut self, types: impl IntoIterator<Item = Type>) {
        for (i, t) in types.into_iter().enumerate() {
            if i > 0 {
                self.p.out.push_str(", ");
            }
            self.p.print_type(t);
        }
    }
    pub fn print_attribute(&mut self, a: Attribute) {
        self.p.attrs.print_attr(&mut self.p.out, a);
    }
    pub fn print_attribute_without_type(&mut self, a: Attribute) {
        self.p.attrs.print_attr_elided_type(&mut self.p.out, a);
    }
    pub fn print_symbol_name(&mut self, name: &str) {
        self.p.attrs.print_symbol_name(&mut self.p.out, name);
    }
    pub fn print_keyword_or_string(&mut self, s: &str) {
        self.p.attrs.print_keyword_or_string(&mut self.p.out, s);
    }
    /// ` {a = 1, ...}` (with a leading space) unless every entry is elided.
    pub fn print_optional_attr_dict(&mut self, entries: &[(Ident, Attribute)], elided: &[&str]) {
        self.p.print_optional_attr_dict(entries, elided);
    }
    /// ` attributes {a = 1, ...}` unless every entry is elided.
    pub fn print_optional_attr_dict_with_keyword(
        &mut self,
        entries: &[(Ident, Attribute)],
        elided: &[&str],
    ) {
        let ctx = self.p.ir.ctx();
        if entries
            .iter()
            .all(|(k, _)| elided.contains(&ctx.ident_str(*k)))
        {
            return;
        }
        self.p.out.push_str(" attributes");
        self.p.print_optional_attr_dict(entries, elided);
    }
    /// All attributes of `op` (properties merged with discardable ones, sorted), as MLIR's `getAttrs()`.
    pub fn op_attrs(&self, op: OpRef) -> Vec<(Ident, Attribute)> {
        let ir = self.p.ir;
        let ctx = ir.ctx();
        let mut v: Vec<(Ident, Attribute)> = Vec::new();
        if let Some(p) = ir.op_properties(op) {
            v.extend_from_slice(ctx.dictionary_entries(p));
        }
        v.extend_from_slice(ctx.dictionary_entries(ir.op_attributes(op)));
        v.sort_by(|a, b| ctx.ident_str(a.0).cmp(ctx.ident_str(b.0)));
        v
    }
    /// A region; see MLIR's `printRegion`.
    pub fn print_region(
        &mut self,
        region: RegionRef,
        print_entry_block_args: bool,
        print_block_terminators: bool,
        print_empty_block: bool,
    ) {
        self.p.print_region(
            region,
            print_entry_block_args,
            print_block_terminators,
            print_empty_block,
        );
    }
    /// `%arg0: i32 {attrs} loc(...)` for a region entry argument.
    pub fn print_region_argument(
        &mut self,
        arg: Value,
        attrs: &[(Ident, Attribute)],
        omit_type: bool,
    ) {
        if self.p.recording {
            // MLIR's dummy printer visits only the type and the location here.
            let t = self.p.ir.value_type(arg);
            self.p.print_type(t);
            if self.p.flags.debuginfo {
                let loc = self.p.ir.value_loc(arg);
                self.p.attrs.print_arg_location(&mut self.p.out, loc);
            }
            return;
        }
        self.p.print_value(arg);
        if !omit_type {
            self.p.out.push_str(": ");
            let t = self.p.ir.value_type(arg);
            self.p.print_type(t);
        }
        self.p.print_optional_attr_dict(attrs, &[]);
        if self.p.flags.debuginfo {
            self.p.out.push(' ');
            let loc = self.p.ir.value_loc(arg);
            self.p.attrs.print_arg_location(&mut self.p.out, loc);
        }
    }
    pub fn print_successor(&mut self, b: BlockRef) {
        self.p.print_block_name(b);
    }
    /// `^bb1(%0, %1 : i32, i32)` (the list only when there are operands).
    pub fn print_successor_and_use_list(&mut self, b: BlockRef, operands: &[Value]) {
        self.p.print_block_name(b);
        if operands.is_empty() {
            return;
        }
        self.p.out.push('(');
        self.print_operands(operands.iter().copied());
        self.p.out.push_str(" : ");
        let ir = self.p.ir;
        self.print_types(operands.iter().map(|&v| ir.value_type(v)));
        self.p.out.push(')');
    }
    /// `(operand types) -> result types` of `op`.
    pub fn print_functional_type(&mut self, op: OpRef) {
        self.p.print_functional_type(op);
    }
    /// Types of a function result list: bare for one non-function type, else parenthesized.
    pub fn print_arrow_type_list(&mut self, types: &[Type]) {
        let ctx = self.p.ir.ctx();
        let parens = types.len() != 1 || matches!(ctx.ty(types[0]), TypeKind::Function { .. });
        if parens {
            self.p.out.push('(');
        }
        self.print_types(types.iter().copied());
        if parens {
            self.p.out.push(')');
        }
    }
    /// MLIR's `printNewline`: a line break indented to the op's level.
    pub fn print_newline(&mut self) {
        self.p.out.push('\n');
        self.p.push_indent();
    }
    /// Whether `a` is a unit attribute.
    pub fn is_unit(&self, a: Attribute) -> bool {
        matches!(self.p.ir.ctx().attr(a), AttrKind::Unit)
    }
}
