//! SSA value and block naming for the printer, as MLIR's `SSANameState`.
//!
//! Regions are numbered from a LIFO work list: a region's values continue
//! the numbering of its parent region (counters are saved when the region is
//! queued and restored when it is numbered), except in generic mode and with
//! `--mlir-print-unique-ssa-ids`, where MLIR never restores them and IDs are
//! unique across the whole tree. With `--mlir-print-value-users` ops without
//! results are numbered too, so that comments can refer to them. Entry
//! block arguments are named `%argN`, other block arguments and op results
//! get numbers, and ops may suggest names through [`OpAsmInterface`] (not in
//! generic mode). Names suggested twice are made unique with `_N` suffixes.
//!
//! IDs of op results live in a vector indexed by op slot, because every op
//! with results needs one and a hash map would dominate printing time on
//! large inputs; the rarer named values and block arguments use maps.

use hashbrown::HashMap;

use super::PrintFlags;
use crate::asm::OpAsmInterface;
use crate::ir::{BlockRef, Ir, OpRef, RegionRef, Value, ValueDef};

const NONE: u32 = u32::MAX;
const NAMED: u32 = u32::MAX - 1;

#[derive(Default)]
pub(crate) struct SsaNames {
    /// By op slot: the ID of the op's first result, `NAMED`, or `NONE`.
    op_ids: Vec<u32>,
    /// Numeric IDs of non-entry block arguments.
    arg_ids: HashMap<Value, u32>,
    /// Values printed with a name instead of a number.
    named: HashMap<Value, Box<str>>,
    /// By block slot: (ordering in its region, number in `^bbN`).
    block_ids: Vec<u32>,
    block_names: HashMap<BlockRef, Box<str>>,
    /// Ops whose results are split into named groups (sorted group starts).
    result_groups: HashMap<OpRef, Vec<u32>>,
}

struct Namer<'a> {
    ir: &'a Ir,
    generic: bool,
    /// Counters are not restored per region (generic form, or
    /// `--mlir-print-unique-ssa-ids`): IDs are unique in the whole tree.
    unique: bool,
    /// `--mlir-print-value-users`: ops without results get an ID too.
    op_ids_for_all: bool,
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    used: HashMap<Box<str>, u32>,
    scopes: Vec<(u32, Vec<Box<str>>)>,
    next_scope_id: u32,
    names: SsaNames,
}

impl SsaNames {
    pub(crate) fn compute(ir: &Ir, root: OpRef, flags: &PrintFlags) -> SsaNames {
        let mut n = Namer {
            ir,
            generic: flags.generic,
            unique: flags.generic || flags.unique_ssa_ids,
            op_ids_for_all: flags.value_users,
            next_value: 0,
            next_arg: 0,
            next_conflict: 0,
            used: HashMap::new(),
            scopes: Vec::new(),
            next_scope_id: 1,
            names: SsaNames {
                op_ids: vec![NONE; ir.op_slot_bound() as usize],
                block_ids: vec![NONE; ir.block_slot_bound() as usize],
                ..SsaNames::default()
            },
        };
        // (region, next value, next arg, next conflict, parent scope id; 0 = none)
        let mut stack: Vec<(RegionRef, u32, u32, u32, u32)> =
            ir.regions(root).iter().map(|&r| (r, 0, 0, 0, 0)).collect();
        n.number_op(root);
        while let Some((region, v, a, c, parent)) = stack.pop() {
            if !n.unique {
                n.next_value = v;
                n.next_arg = a;
                n.next_conflict = c;
            }
            while n.scopes.last().is_some_and(|s| s.0 != parent) {
                let (_, added) = n.scopes.pop().expect("checked non-empty");
                for name in added {
                    if let Some(cnt) = n.used.get_mut(&name) {
                        *cnt -= 1;
                        if *cnt == 0 {
                            n.used.remove(&name);
                        }
                    }
                }
            }
            let cur = n.next_scope_id;
            n.next_scope_id += 1;
            n.scopes.push((cur, Vec::new()));
            n.number_region(region);
            for b in ir.region_blocks(region) {
                for op in ir.block_ops(b) {
                    for &r in ir.regions(op) {
                        stack.push((r, n.next_value, n.next_arg, n.next_conflict, cur));
                    }
                }
            }
        }
        n.names
    }

    /// Prints `%N` for an op without results numbered for
    /// `--mlir-print-value-users` (MLIR's `printOperationID`).
    pub(crate) fn print_op_id(&self, op: OpRef, out: &mut String) {
        match self.op_ids.get(op.index() as usize).copied() {
            Some(id) if id < NAMED => {
                out.push('%');
                push_u32(out, id);
            }
            _ => out.push_str("<<UNKNOWN OPERATION>>"),
        }
    }

    /// Prints `%name`, `%N` or `%N#k` for `v`.
    pub(crate) fn print_value(&self, ir: &Ir, v: Value, print_result_no: bool, out: &mut String) {
        let (head, result_no) = match v.def() {
            ValueDef::OpResult(op, i) => self.result_head(ir, op, i),
            ValueDef::BlockArgument(..) => (v, None),
        };
        out.push('%');
        if let Some(name) = self.named.get(&head) {
            out.push_str(name);
        } else {
            let id = match head.def() {
                ValueDef::OpResult(op, _) => self
                    .op_ids
                    .get(op.index() as usize)
                    .copied()
                    .unwrap_or(NONE),
                ValueDef::BlockArgument(..) => self.arg_ids.get(&head).copied().unwrap_or(NONE),
            };
            if id >= NAMED {
                out.truncate(out.len() - 1);
                out.push_str("<<UNKNOWN SSA VALUE>>");
                return;
            }
            push_u32(out, id);
        }
        if let (Some(k), true) = (result_no, print_result_no) {
            out.push('#');
            push_u32(out, k);
        }
    }

    /// The head value of `op`'s result group containing result `i`, and the
    /// position within the group when the group has several results.
    fn result_head(&self, ir: &Ir, op: OpRef, i: u32) -> (Value, Option<u32>) {
        let n = ir.num_results(op) as u32;
        if n == 1 {
            return (Value::result(op, i), None);
        }
        let Some(groups) = self.result_groups.get(&op) else {
            return (Value::result(op, 0), Some(i));
        };
        let pos = groups.partition_point(|&g| g <= i);
        let (start, size) = if pos < groups.len() {
            let s = groups[pos - 1];
            (s, groups[pos] - s)
        } else {
            let s = *groups.last().expect("groups are non-empty");
            (s, n - s)
        };
        let no = (size != 1).then_some(i - start);
        (Value::result(op, start), no)
    }

    /// `%0:2, %name = ` style result list (without the ` = `).
    pub(crate) fn print_result_groups(&self, ir: &Ir, op: OpRef, out: &mut String) {
        let n = ir.num_results(op) as u32;
        let group = |start: u32, count: u32, out: &mut String| {
            self.print_value(ir, Value::result(op, start), false, out);
            if count > 1 {
                out.push(':');
                push_u32(out, count);
            }
        };
        match self.result_groups.get(&op) {
            Some(groups) => {
                for w in groups.windows(2) {
                    group(w[0], w[1] - w[0], out);
                    out.push_str(", ");
                }
                let last = *groups.last().expect("groups are non-empty");
                group(last, n - last, out);
            }
            None => group(0, n, out),
        }
    }

    pub(crate) fn print_block(&self, b: BlockRef, out: &mut String) {
        if let Some(name) = self.block_names.get(&b) {
            out.push_str(name);
            return;
        }
        match self.block_ids.get(b.index() as usize).copied() {
            Some(id) if id != NONE => {
                out.push_str("^bb");
                push_u32(out, id);
            }
            _ => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    pub(crate) fn block_ordering(&self, b: BlockRef) -> u32 {
        self.block_ids
            .get(b.index() as usize)
            .copied()
            .unwrap_or(NONE)
    }
}

fn push_u32(out: &mut String, v: u32) {
    super::attrs::push_u64(out, u64::from(v));
}

/// MLIR's `sanitizeIdentifier` with the defaults used for SSA names.
fn sanitize(name: &str) -> std::borrow::Cow<'_, str> {
    let valid = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-');
    let copy = |name: &str, out: &mut String| {
        for &c in name.as_bytes() {
            if valid(c) {
                out.push(c as char);
            } else if c == b' ' {
                out.push('_');
            } else {
                out.push_str(&format!("{c:X}"));
            }
        }
    };
    let first = name.as_bytes().first().copied().unwrap_or(b'_');
    if first.is_ascii_digit() || (!valid(first) && first != b' ') {
        let mut s = String::from("_");
        copy(name, &mut s);
        return s.into();
    }
    if name.bytes().all(valid) {
        return name.into();
    }
    let mut s = String::new();
    copy(name, &mut s);
    s.into()
}

impl Namer<'_> {
    fn unique_name(&mut self, name: &str) -> Box<str> {
        let base = sanitize(name);
        let chosen: Box<str> = if !self.used.contains_key(&*base) {
            base.as_ref().into()
        } else {
            loop {
                let probe = format!("{}_{}", base, self.next_conflict);
                self.next_conflict += 1;
                if !self.used.contains_key(probe.as_str()) {
                    break probe.into();
                }
            }
        };
        *self.used.entry(chosen.clone()).or_insert(0) += 1;
        if let Some(s) = self.scopes.last_mut() {
            s.1.push(chosen.clone());
        }
        chosen
    }

    fn set_value_name(&mut self, v: Value, name: &str) {
        if name.is_empty() {
            let id = self.next_value;
            self.next_value += 1;
            match v.def() {
                ValueDef::OpResult(op, _) => self.names.op_ids[op.index() as usize] = id,
                ValueDef::BlockArgument(..) => {
                    self.names.arg_ids.insert(v, id);
                }
            }
        } else {
            let n = self.unique_name(name);
            if let ValueDef::OpResult(op, 0) = v.def() {
                self.names.op_ids[op.index() as usize] = NAMED;
            }
            self.names.named.insert(v, n);
        }
    }

    fn is_numbered(&self, v: Value) -> bool {
        if self.names.named.contains_key(&v) {
            return true;
        }
        match v.def() {
            ValueDef::OpResult(op, 0) => self.names.op_ids[op.index() as usize] != NONE,
            ValueDef::OpResult(..) => false,
            ValueDef::BlockArgument(..) => self.names.arg_ids.contains_key(&v),
        }
    }

    fn number_region(&mut self, region: RegionRef) {
        let ir = self.ir;
        if !self.generic {
            if let Some(f) = ir
                .region_parent_op(region)
                .and_then(|p| {
                    ir.ctx()
                        .op_info(ir.op_name(p))
                        .interface::<OpAsmInterface>()
                })
                .and_then(|i| i.block_arg_names)
            {
                let mut hints: Vec<(Value, String)> = Vec::new();
                f(ir, region, &mut |v, n| hints.push((v, n.to_string())));
                for (v, n) in hints {
                    if !self.is_numbered(v) {
                        self.set_value_name(v, &n);
                    }
                }
            }
        }
        let mut first = true;
        for (next_block, b) in ir.region_blocks(region).enumerate() {
            self.names.block_ids[b.index() as usize] = next_block as u32;
            for a in ir.arguments(b) {
                if self.is_numbered(a) {
                    continue;
                }
                if first {
                    let name = format!("arg{}", self.next_arg);
                    self.next_arg += 1;
                    self.set_value_name(a, &name);
                } else {
                    self.set_value_name(a, "");
                }
            }
            first = false;
            for op in ir.block_ops(b) {
                self.number_op(op);
            }
        }
    }

    fn number_op(&mut self, op: OpRef) {
        let ir = self.ir;
        let mut groups: Vec<u32> = vec![0];
        if !self.generic {
            if let Some(iface) = ir
                .ctx()
                .op_info(ir.op_name(op))
                .interface::<OpAsmInterface>()
            {
                if let Some(f) = iface.block_names {
                    let mut hints: Vec<(BlockRef, String)> = Vec::new();
                    f(ir, op, &mut |b, n| hints.push((b, n.to_string())));
                    for (b, n) in hints {
                        let name = format!("^{}", sanitize(&n));
                        self.names.block_names.insert(b, name.into());
                    }
                }
                if let Some(f) = iface.result_names {
                    let mut hints: Vec<(Value, String)> = Vec::new();
                    f(ir, op, &mut |v, n| hints.push((v, n.to_string())));
                    for (v, n) in hints {
                        self.set_value_name(v, &n);
                        if v.number() != 0 {
                            groups.push(v.number());
                        }
                    }
                }
            }
        }
        if ir.num_results(op) == 0 {
            // With value users printed, such an op is referred to by an ID.
            if self.op_ids_for_all && self.names.op_ids[op.index() as usize] == NONE {
                self.names.op_ids[op.index() as usize] = self.next_value;
                self.next_value += 1;
            }
            return;
        }
        if self.names.op_ids[op.index() as usize] == NONE {
            self.names.op_ids[op.index() as usize] = self.next_value;
            self.next_value += 1;
        }
        if groups.len() != 1 {
            groups.sort_unstable();
            groups.dedup();
            self.names.result_groups.insert(op, groups);
        }
    }
}
