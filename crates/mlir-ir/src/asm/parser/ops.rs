//! Parsing of operations, regions, blocks and SSA values, the top level of a
//! file, and the [`OpAsmParser`] API through which ops parse custom forms.
//!
//! The structure follows MLIR's `OperationParser` so that its observable
//! behaviour (name scoping, forward references, which error is reported
//! where) is the same: values live in isolated name scopes, each with a
//! stack of per-region definition sets; a use before definition creates a
//! placeholder value that the definition later replaces; block names are
//! scoped per region; `loc(#alias)` references to aliases defined later in
//! the file are resolved at the end.

use hashbrown::HashMap;
use smallvec::SmallVec;

use super::{PResult, Parser};
use crate::asm::lexer::{unescape_string, TokenKind};
use crate::attributes::{Attribute, Location};
use crate::context::{Ident, OpName};
use crate::diagnostics::Diagnostic;
use crate::ir::{BlockRef, OpRef, OperationState, RegionRef, Value};
use crate::traits::TraitSet;
use crate::types::Type;

/// One definition (or forward reference) of a `%name#N` value.
#[derive(Copy, Clone)]
struct ValueEntry {
    value: Value,
    /// Byte offset of the definition, or of the first use for a forward reference.
    offset: u32,
}

#[derive(Default)]
struct IsolatedScope<'a> {
    values: ValueMap<'a>,
    defs_per_region: Vec<Vec<&'a str>>,
}

/// The definitions of `%name#0`, `%name#1`, ... (`None` where not yet seen).
type Entries = SmallVec<[Option<ValueEntry>; 1]>;

/// The values of an isolated scope by name. The names printers number
/// (`%0`, `%1`, ...) index a vector, so that resolving them reads memory
/// in order instead of hashing text into a table that, for a function of
/// 10^6 ops, no longer fits the cache; other names (`%arg0`, `%x`) and
/// numbers far past the vector's end (which must not make a hand-written
/// `%9999999` allocate megabytes) are kept in a map.
#[derive(Default)]
struct ValueMap<'a> {
    numbered: Vec<Entries>,
    /// Vector entries taken from the parser's budget (see `entry`), given
    /// back when the scope ends.
    charged: usize,
    named: HashMap<&'a str, Entries>,
    /// How many keys of `named` are numbered names: while none is, a
    /// numbered name is looked up in the vector only.
    numbered_in_named: usize,
}

/// The index of a printer-numbered name: `%` and digits, without leading
/// zeros (`%01` is another name than `%1`).
fn numbered_index(name: &str) -> Option<usize> {
    let digits = name.strip_prefix('%')?.as_bytes();
    if digits.is_empty()
        || digits.len() > 9
        || (digits[0] == b'0' && digits.len() > 1)
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0usize, |n, d| n * 10 + (d - b'0') as usize),
    )
}

/// How far past the end of the vector a numbered name may be and still
/// grow it (beyond doubling it).
const NUMBERED_SLACK: usize = 4096;

impl<'a> ValueMap<'a> {
    /// The entries of `name`, created empty when it has none.
    /// The entries of `name`, created empty when it has none. The vector
    /// grows to a number within twice its length (plus a slack) freely;
    /// beyond that it takes the new entries from `budget`, the parser's
    /// allowance shared by all live scopes (an eighth of the source's
    /// bytes), so that only a large input can make it large. Generic-form
    /// printers number the values of a whole module in one sequence, each
    /// function's names in a block of their own, the first function's
    /// highest (`%99000`): without the budget all but the last function's
    /// names went to the map.
    fn entry(&mut self, name: &'a str, budget: &mut usize) -> &mut Entries {
        if let Some(i) = numbered_index(name) {
            if self.numbered_in_named == 0 || !self.named.contains_key(name) {
                let len = self.numbered.len();
                let free = i < len || i <= len * 2 + NUMBERED_SLACK;
                if free || i - len < *budget {
                    if i >= len {
                        if !free {
                            *budget -= i + 1 - len;
                            self.charged += i + 1 - len;
                        }
                        self.numbered.resize_with(i + 1, Entries::new);
                    }
                    return &mut self.numbered[i];
                }
                self.numbered_in_named += 1;
            }
        }
        self.named.entry(name).or_default()
    }

    fn get(&self, name: &str) -> Option<&Entries> {
        if let Some(i) = numbered_index(name) {
            if let Some(e) = self.numbered.get(i).filter(|e| !e.is_empty()) {
                return Some(e);
            }
            if self.numbered_in_named == 0 {
                return None;
            }
        }
        self.named.get(name)
    }

    fn get_mut(&mut self, name: &str) -> Option<&mut Entries> {
        if let Some(i) = numbered_index(name) {
            if self.numbered.get(i).is_some_and(|e| !e.is_empty()) {
                return Some(&mut self.numbered[i]);
            }
            if self.numbered_in_named == 0 {
                return None;
            }
        }
        self.named.get_mut(name)
    }

    /// Forgets `name` (its region ended).
    fn remove(&mut self, name: &str) {
        if let Some(i) = numbered_index(name) {
            if let Some(e) = self.numbered.get_mut(i).filter(|e| !e.is_empty()) {
                e.clear();
                return;
            }
            if self.named.remove(name).is_some() {
                self.numbered_in_named -= 1;
            }
            return;
        }
        self.named.remove(name);
    }
}

#[derive(Default)]
struct BlockScope<'a> {
    /// Block name to (block, offset of its definition or first use).
    blocks: HashMap<&'a str, (BlockRef, u32)>,
    /// Blocks referenced but not yet defined, with the offset of their first use.
    forward: Vec<(BlockRef, u32)>,
}

/// What a deferred `loc(#alias)` applies to.
#[derive(Copy, Clone)]
enum LocTarget {
    Op(OpRef),
    Arg(Value),
}

/// Op-level parser state (scopes, placeholders, deferred locations).
#[derive(Default)]
pub(crate) struct OpParserState<'a> {
    scopes: Vec<IsolatedScope<'a>>,
    /// What the numbered-name vectors may still take beyond their own
    /// growth rule (`ValueMap::entry`); set at the first scope.
    numbered_budget: Option<usize>,
    block_scopes: Vec<BlockScope<'a>>,
    /// Forward-reference placeholders and the offset of their first use.
    placeholders: HashMap<Value, u32>,
    /// Placeholders whose definition has been seen, erased at the end of
    /// the file: an op being parsed may still hold one as an operand (a use
    /// before a definition in the op's own region), which then stays
    /// unlinked and is reported by the verifier, as in mlir-opt.
    resolved_placeholders: Vec<OpRef>,
    deferred_locs: Vec<(LocTarget, &'a str, u32)>,
    default_dialects: Vec<&'static str>,
    /// Where parsed ops are appended.
    insert_block: Option<BlockRef>,
    /// Current region nesting depth (see [`MAX_REGION_DEPTH`]).
    region_depth: u32,
    /// The result names of the custom op about to be parsed, handed to its
    /// [`OpAsmParser`].
    pending_result_names: SmallVec<[(&'a str, u32); 2]>,
}

/// Regions nest at most this deep. Parsing (like printing) recurses once per
/// region level on a stack that grows as needed ([`crate::stack`]), so the
/// limit only bounds the memory that adversarial input can take; mlir-opt has
/// none (and overflows its stack far below this).
pub const MAX_REGION_DEPTH: u32 = 100_000;

/// An SSA use not yet resolved to a value: `%name#number` at `offset`.
#[derive(Copy, Clone, Debug)]
pub struct UnresolvedOperand<'a> {
    pub name: &'a str,
    pub number: u32,
    pub offset: u32,
}

/// A region entry argument parsed by a custom form: `%name: type {attrs} loc(..)`.
#[derive(Clone, Debug)]
pub struct Argument<'a> {
    pub ssa: UnresolvedOperand<'a>,
    pub ty: Type,
    pub attrs: Option<Attribute>,
    pub loc: Option<Location>,
}

const PLACEHOLDER_OP: &str = "builtin.__forward_ref";

impl<'a> Parser<'a> {
    // ------------------------------------------------------------------
    // Wrong-token errors (MLIR's emitWrongTokenError)
    // ------------------------------------------------------------------

    /// Reports `msg` for an unexpected token. As in MLIR, when the token
    /// starts a line the error is placed at the end of the previous
    /// non-blank, non-comment text, which is where the missing piece belongs.
    pub(crate) fn err_wrong_token<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == TokenKind::Error {
            let m = self.lex.error_message;
            return self.err_at(self.tok.start, m);
        }
        let src = self.lex.bytes();
        let mut loc = self.tok.start as usize;
        if self.tok.kind == TokenKind::Eof && loc > 0 {
            loc -= 1;
        }
        let original = loc;
        let mut end = loc;
        loop {
            while end > 0 && matches!(src[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return self.err_at(original as u32, msg);
            }
            if !matches!(src[end - 1], b'\n' | b'\r') {
                return self.err_at(end as u32, msg);
            }
            end -= 1;
            let line_start = src[..end]
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .unwrap_or(0);
            if let Some(pos) = find_sub(&src[line_start..end], b"//") {
                end = line_start + pos;
            }
        }
    }

    // ------------------------------------------------------------------
    // Top level
    // ------------------------------------------------------------------

    /// Parses the whole buffer and returns the top-level op.
    pub(crate) fn parse_top_level(&mut self) -> PResult<OpRef> {
        let top_block = self.ir.create_block();
        self.state.insert_block = Some(top_block);
        self.state.default_dialects.push("builtin");
        self.push_scope(true);
        loop {
            match self.tok.kind {
                TokenKind::Eof => break,
                TokenKind::Error => return self.err_here(""),
                TokenKind::HashIdent | TokenKind::ExclamationIdent => self.parse_alias_def()?,
                TokenKind::FileMetadataBegin => self.parse_file_metadata()?,
                _ => self.parse_operation()?,
            }
        }
        self.finalize()?;
        let ops: Vec<OpRef> = self.ir.block_ops(top_block).collect();
        let module_name = self.ctx.op_name("builtin.module");
        if ops.len() == 1 && self.ir.op_name(ops[0]) == module_name {
            self.ir.remove_op(ops[0]);
            self.ir.erase_block(top_block);
            return Ok(ops[0]);
        }
        // Wrap everything in an implicit module located at `file:0:0` (or at
        // the start of a split chunk), as mlir-opt does.
        let loc = if self.base == 0 {
            self.file_loc(0, 0)
        } else {
            self.loc_at(0)
        };
        let module = self
            .ir
            .create_op(OperationState::new(module_name, loc).empty_regions(1));
        let region = self.ir.region(module, 0);
        self.ir.append_block(region, top_block);
        Ok(module)
    }

    /// End-of-file checks: unresolved forward references and deferred locations.
    fn finalize(&mut self) -> PResult<()> {
        for op in std::mem::take(&mut self.state.resolved_placeholders) {
            // One still used belongs to an op that took it as an operand
            // before the definition replaced the placeholder's uses.
            if self.ir.op_use_empty(op) {
                self.ir.erase_op(op);
            }
        }
        if !self.state.placeholders.is_empty() {
            let mut offsets: Vec<u32> = self.state.placeholders.values().copied().collect();
            offsets.sort_unstable();
            let mut diags: Vec<Diagnostic> = offsets
                .into_iter()
                .map(|o| Diagnostic::error(self.loc_at(o), "use of undeclared SSA value name"))
                .collect();
            let first = diags.remove(0);
            self.extra_errors.extend(diags);
            return self.fail_with(first);
        }
        let deferred = std::mem::take(&mut self.state.deferred_locs);
        for (target, name, offset) in deferred {
            let Some(&attr) = self.attr_aliases.get(name) else {
                return self.err_at(offset, "operation location alias was never defined");
            };
            if !self.ctx.attr(attr).is_location() {
                let text = self.attr_to_string(attr);
                return self.err_at(offset, format!("expected location, but found '{text}'"));
            }
            match target {
                LocTarget::Op(op) => self.ir.set_op_loc(op, Location(attr)),
                LocTarget::Arg(v) => self.ir.set_arg_loc(v, Location(attr)),
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------
    // Scopes
    // ------------------------------------------------------------------

    fn push_scope(&mut self, isolated: bool) {
        self.state.block_scopes.push(BlockScope::default());
        if isolated || self.state.scopes.is_empty() {
            self.state.scopes.push(IsolatedScope::default());
        }
        if self.state.numbered_budget.is_none() {
            self.state.numbered_budget = Some(self.lex.source().len() / 8);
        }
        self.state
            .scopes
            .last_mut()
            .expect("scope pushed")
            .defs_per_region
            .push(Vec::new());
    }

    fn pop_scope(&mut self) -> PResult<()> {
        let blocks = self.state.block_scopes.pop().unwrap_or_default();
        if !blocks.forward.is_empty() {
            let mut offs: Vec<u32> = blocks.forward.iter().map(|f| f.1).collect();
            offs.sort_unstable();
            let mut diags: Vec<Diagnostic> = offs
                .into_iter()
                .map(|o| Diagnostic::error(self.loc_at(o), "reference to an undefined block"))
                .collect();
            let first = diags.remove(0);
            self.extra_errors.extend(diags);
            return self.fail_with(first);
        }
        let scope = self.state.scopes.last_mut().expect("a value scope");
        if scope.defs_per_region.len() == 1 {
            let charged = scope.values.charged;
            if let Some(b) = &mut self.state.numbered_budget {
                *b += charged;
            }
            self.state.scopes.pop();
        } else if let Some(defs) = scope.defs_per_region.pop() {
            for d in defs {
                scope.values.remove(d);
            }
        }
        Ok(())
    }

    /// Defines `%name#number` as `value`.
    fn define_value(&mut self, use_: UnresolvedOperand<'a>, value: Value) -> PResult<()> {
        let st = &mut self.state;
        let scope = st.scopes.last_mut().expect("a value scope");
        let budget = st.numbered_budget.get_or_insert(0);
        let entries = scope.values.entry(use_.name, budget);
        if entries.len() <= use_.number as usize {
            entries.resize(use_.number as usize + 1, None);
        }
        if let Some(existing) = entries[use_.number as usize] {
            if !self.state.placeholders.contains_key(&existing.value) {
                self.err_at::<()>(
                    use_.offset,
                    format!("redefinition of SSA value '{}'", use_.name),
                )
                .ok();
                self.note_at(existing.offset, "previously defined here");
                return Err(());
            }
            let old_ty = self.ir.value_type(existing.value);
            let new_ty = self.ir.value_type(value);
            if old_ty != new_ty {
                let (n, t1, t2) = (
                    use_.name,
                    self.type_to_string(new_ty),
                    self.type_to_string(old_ty),
                );
                self.err_at::<()>(
                    use_.offset,
                    format!(
                        "definition of SSA value '{}#{}' has type '{}'",
                        n, use_.number, t1
                    ),
                )
                .ok();
                self.note_at(
                    existing.offset,
                    format!("previously used here with type '{t2}'"),
                );
                return Err(());
            }
            self.state.placeholders.remove(&existing.value);
            self.ir.replace_all_uses_with(existing.value, value);
            if let Some(op) = existing.value.defining_op() {
                self.state.resolved_placeholders.push(op);
            }
        }
        let scope = self.state.scopes.last_mut().expect("a value scope");
        scope
            .values
            .get_mut(use_.name)
            .expect("entry created above")[use_.number as usize] = Some(ValueEntry {
            value,
            offset: use_.offset,
        });
        scope
            .defs_per_region
            .last_mut()
            .expect("a region scope")
            .push(use_.name);
        Ok(())
    }

    /// Resolves a use of `%name#number` expecting type `ty`, creating a
    /// forward-reference placeholder if it is not defined yet.
    pub(crate) fn resolve_value(
        &mut self,
        use_: UnresolvedOperand<'a>,
        ty: Type,
    ) -> PResult<Value> {
        let st = &mut self.state;
        let scope = st.scopes.last_mut().expect("a value scope");
        let budget = st.numbered_budget.get_or_insert(0);
        let entries = scope.values.entry(use_.name, budget);
        if let Some(Some(e)) = entries.get(use_.number as usize).copied() {
            let vt = self.ir.value_type(e.value);
            if vt == ty {
                return Ok(e.value);
            }
            let (t1, t2) = (self.type_to_string(ty), self.type_to_string(vt));
            self.err_at::<()>(
                use_.offset,
                format!(
                    "use of value '{}' expects different type than prior uses: '{}' vs '{}'",
                    use_.name, t1, t2
                ),
            )
            .ok();
            self.note_at(e.offset, "prior use here");
            return Err(());
        }
        if entries.len() <= use_.number as usize {
            entries.resize(use_.number as usize + 1, None);
        }
        if let Some(Some(first)) = entries.first().copied() {
            if !self.state.placeholders.contains_key(&first.value) {
                return self.err_at(use_.offset, "reference to invalid result number");
            }
        }
        let name: OpName = self.ctx.op_name(PLACEHOLDER_OP);
        let loc = self.loc_at(use_.offset);
        let op = self
            .ir
            .create_op(OperationState::new(name, loc).results(&[ty]));
        let v = self.ir.result(op, 0);
        self.state.placeholders.insert(v, use_.offset);
        let scope = self.state.scopes.last_mut().expect("a value scope");
        scope
            .values
            .get_mut(use_.name)
            .expect("entry created above")[use_.number as usize] = Some(ValueEntry {
            value: v,
            offset: use_.offset,
        });
        Ok(v)
    }

    /// The block named `name` in the current region, created on first use.
    fn block_named(&mut self, name: &'a str, offset: u32) -> BlockRef {
        let scope = self.state.block_scopes.last_mut().expect("a block scope");
        if let Some(&(b, _)) = scope.blocks.get(name) {
            return b;
        }
        let b = self.ir.create_block();
        let scope = self.state.block_scopes.last_mut().expect("a block scope");
        scope.blocks.insert(name, (b, offset));
        scope.forward.push((b, offset));
        b
    }

    // ------------------------------------------------------------------
    // Operations
    // ------------------------------------------------------------------

    /// `%0, %1:2 = op...` or `op...`.
    pub(crate) fn parse_operation(&mut self) -> PResult<()> {
        let stmt_start = self.tok.start;
        let mut result_ids: SmallVec<[(&'a str, u32, u32); 2]> = SmallVec::new();
        let mut num_expected = 0u32;
        if self.at(TokenKind::PercentIdent) {
            loop {
                let t = self.tok;
                if !self.at(TokenKind::PercentIdent) {
                    return self.err_wrong_token("expected valid ssa identifier");
                }
                self.consume();
                let mut count = 1u32;
                if self.consume_if(TokenKind::Colon) {
                    if !self.at(TokenKind::Integer) {
                        return self.err_wrong_token("expected integer number of results");
                    }
                    let n = parse_u64(self.tok_text());
                    match n {
                        Some(n) if n >= 1 && n <= u32::MAX as u64 => count = n as u32,
                        _ => {
                            return self
                                .err_here("expected named operation to have at least 1 result")
                        }
                    }
                    self.consume();
                }
                result_ids.push((self.lex.text(t), count, t.start));
                num_expected += count;
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            if !self.consume_if(TokenKind::Equal) {
                return self.err_wrong_token("expected '=' after SSA name");
            }
        }
        let op = match self.tok.kind {
            // MLIR's lexer makes `i32`, `si8`, `ui16` integer-type tokens,
            // which cannot start an operation.
            TokenKind::BareIdent if is_integer_type_spelling(self.tok_text()) => {
                return self.err_wrong_token("expected operation name in quotes")
            }
            TokenKind::BareIdent => {
                self.state.pending_result_names = result_ids
                    .iter()
                    .map(|&(name, count, _)| (name, count))
                    .collect();
                self.parse_custom_operation()?
            }
            TokenKind::String => self.parse_generic_operation()?,
            _ => return self.err_wrong_token("expected operation name in quotes"),
        };
        if !result_ids.is_empty() {
            let n = self.ir.num_results(op) as u32;
            if n == 0 {
                return self.err_at(stmt_start, "cannot name an operation with no results");
            }
            if n != num_expected {
                return self.err_at(
                    stmt_start,
                    format!(
                        "operation defines {n} results but was provided {num_expected} to bind"
                    ),
                );
            }
            let mut res = 0usize;
            for (name, count, offset) in result_ids {
                for sub in 0..count {
                    let v = self.ir.result(op, res);
                    res += 1;
                    self.define_value(
                        UnresolvedOperand {
                            name,
                            number: sub,
                            offset,
                        },
                        v,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Inserts a newly created op at the current insertion block.
    fn insert_parsed_op(&mut self, op: OpRef) {
        if let Some(b) = self.state.insert_block {
            self.ir.append_op(b, op);
        }
    }

    /// `"name"(operands)[successors] <props> (regions) {attrs} : fn-type loc(...)`.
    fn parse_generic_operation(&mut self) -> PResult<OpRef> {
        let name_tok = self.tok;
        let loc = self.loc_at(name_tok.start);
        let raw = self.tok_text();
        let body = &raw[1..raw.len() - 1];
        // Op names rarely have escapes or NULs: one pass over the short name
        // looks for both (two `contains` calls cost a library call each per
        // op), and the text is borrowed when there are none (two
        // allocations per generic op otherwise). An escape may spell a NUL.
        let special = body.bytes().any(|b| b == b'\\' || b == 0);
        let name_str: std::borrow::Cow<'a, str> = if special && body.as_bytes().contains(&b'\\') {
            String::from_utf8_lossy(&unescape_string(body))
                .into_owned()
                .into()
        } else {
            body.into()
        };
        if name_str.is_empty() {
            return self.err_here("empty operation name is invalid");
        }
        if special && name_str.as_bytes().contains(&0) {
            return self.err_here("null character not allowed in operation name");
        }
        self.consume();
        let name = self.generic_op_name(&name_str);
        let info = self.ctx.op_info(name);
        if !info.registered {
            let dialect = name_str.split('.').next().unwrap_or("");
            if !self.ctx.is_dialect_loaded(dialect) && !self.ctx.allows_unregistered_dialects() {
                return self.err_here(
                    "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
                );
            }
        }
        let mut state = OperationState::new(name, loc);

        if !self.consume_if(TokenKind::LParen) {
            return self.err_wrong_token("expected '(' to start operand list");
        }
        let mut operands: SmallVec<[UnresolvedOperand<'a>; 4]> = SmallVec::new();
        if self.at(TokenKind::PercentIdent) {
            loop {
                operands.push(self.parse_ssa_use()?);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
        }
        if !self.consume_if(TokenKind::RParen) {
            return self.err_wrong_token("expected ')' to end operand list");
        }

        if self.at(TokenKind::LSquare) {
            let info = self.ctx.op_info(name);
            if info.registered && !info.traits.contains(TraitSet::IS_TERMINATOR) {
                return self.err_here("successors in non-terminator");
            }
            self.consume();
            loop {
                let b = self.parse_successor()?;
                state.successors.push(b);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            if !self.consume_if(TokenKind::RSquare) {
                return self.err_wrong_token("expected ']'");
            }
        }

        if self.consume_if(TokenKind::Less) {
            let props = self.parse_properties_cached()?;
            if !self.consume_if(TokenKind::Greater) {
                return self.err_wrong_token("expected '>' to close properties");
            }
            state.properties = Some(props);
        }

        if self.consume_if(TokenKind::LParen) {
            loop {
                let r = self.ir.create_region();
                state.regions.push(r);
                self.parse_region(r, &[], false)?;
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            if !self.consume_if(TokenKind::RParen) {
                return self.err_wrong_token("expected ')' to end region list");
            }
        }

        let mut attrs: Vec<(Ident, Attribute)> = Vec::new();
        if self.at(TokenKind::LBrace) {
            attrs = self.parse_attribute_dict()?;
        }

        if !self.consume_if(TokenKind::Colon) {
            return self.err_wrong_token("expected ':' followed by operation type");
        }
        let type_off = self.tok.start;
        let fn_ty = self.parse_type()?;
        let Some((inputs, results)) = self.ctx.function_signature(fn_ty) else {
            return self.err_at(type_off, "expected function type");
        };
        // Copied out of the context (resolving operands needs `&mut self`)
        // into inline storage: two heap allocations per generic op before.
        let inputs: SmallVec<[Type; 4]> = SmallVec::from_slice(inputs);
        state.result_types.extend_from_slice(results);
        if inputs.len() != operands.len() {
            // MLIR indexes "s" with a bool, printing a NUL character for one operand.
            let plural = if operands.len() == 1 { "\0" } else { "s" };
            return self.err_at(
                type_off,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    plural,
                    inputs.len()
                ),
            );
        }
        for (u, ty) in operands.iter().zip(inputs) {
            let v = self.resolve_value(*u, ty)?;
            state.operands.push(v);
        }
        // Inherent attributes written in the attribute dictionary are
        // checked against their constraints now, without the op (MLIR's
        // `verifyInherentAttrs` in the generic parser). Most generic ops
        // have no attribute dictionary, so the lookup is skipped for them.
        let verify_inherent = if attrs.is_empty() {
            None
        } else {
            self.ctx
                .op_info(name)
                .interface::<crate::ods::VerifyInherentAttrs>()
        };
        if let Some(v) = verify_inherent {
            let ctx = self.ctx.clone();
            if let Err(msg) = (v.0)(&ctx, &attrs) {
                return self.err_at(name_tok.start, format!("'{name_str}' op {msg}"));
            }
        }
        self.split_inherent_attrs(&mut state, attrs);
        if let Some(prepare) = self.ctx.op_info(name).prepare_properties {
            let ctx = self.ctx.clone();
            match prepare(&ctx, state.properties) {
                Ok(props) => state.properties = props,
                Err(msg) => {
                    let text = match state.properties {
                        Some(p) => self.attr_to_string(p),
                        None => "{}".to_string(),
                    };
                    return self.err_at(
                        name_tok.start,
                        format!("invalid properties {text} for op {name_str}: {msg}"),
                    );
                }
            }
        }
        let op = self.ir.create_op(state);
        self.insert_parsed_op(op);
        self.parse_trailing_location(LocTarget::Op(op))?;
        Ok(op)
    }

    /// Parses the attribute inside generic properties `<...>`. A dictionary
    /// whose text was seen before (up to the first `}>`) is reused without
    /// re-parsing; the cache is only filled when that `}` really ends the
    /// dictionary, so strings containing `}>` never confuse it.
    fn parse_properties_cached(&mut self) -> PResult<Attribute> {
        if !self.at(TokenKind::LBrace) {
            return self.parse_attribute(None);
        }
        let src = self.lex.source();
        let start = self.tok.start as usize;
        let end = find_sub(&src.as_bytes()[start..], b"}>").map(|i| start + i + 1);
        if let Some(end) = end {
            let key = &src[start..end];
            if let Some(&a) = self.caches.props_text.get(key) {
                self.reset_lexer_to(end);
                return Ok(a);
            }
            let a = self.parse_attribute(None)?;
            if self.at(TokenKind::Greater) && self.tok.start as usize == end {
                self.caches.props_text.insert(key, a);
            }
            return Ok(a);
        }
        self.parse_attribute(None)
    }

    /// Puts the attribute dictionary on `state`: for registered ops without
    /// explicit properties, inherent attributes become properties (as MLIR's
    /// `setPropertiesFromAttr` does for ops with properties storage).
    fn split_inherent_attrs(&mut self, state: &mut OperationState, attrs: Vec<(Ident, Attribute)>) {
        let info = self.ctx.op_info(state.name);
        if info.registered && state.properties.is_none() && !info.inherent_attrs.is_empty() {
            // The legacy spellings of the segment sizes are read as the
            // properties, as ODS's generated `setPropertiesFromAttr` does.
            let mut attrs = attrs;
            for (legacy, name) in [
                ("operand_segment_sizes", "operandSegmentSizes"),
                ("result_segment_sizes", "resultSegmentSizes"),
            ] {
                let present = attrs.iter().any(|(k, _)| self.ctx.ident_str(*k) == name);
                if info.is_inherent_attr(name) && !present {
                    for e in attrs.iter_mut() {
                        if self.ctx.ident_str(e.0) == legacy {
                            e.0 = self.ctx.ident(name);
                        }
                    }
                }
            }
            let (mut inh, disc): (Vec<_>, Vec<_>) = attrs
                .into_iter()
                .partition(|(k, _)| info.is_inherent_attr(self.ctx.ident_str(*k)));
            // Values the op's `setInherentAttr` would not store are dropped.
            if let Some(f) = info.interface::<crate::ods::SetInherentAttr>() {
                inh.retain(|&(k, v)| (f.0)(&self.ctx, self.ctx.ident_str(k), v));
            }
            if !inh.is_empty() {
                state.properties = Some(self.ctx.dictionary_attr(&inh));
            }
            if !disc.is_empty() {
                state.attributes = Some(self.ctx.dictionary_attr(&disc));
            }
        } else if !attrs.is_empty() {
            state.attributes = Some(self.ctx.dictionary_attr(&attrs));
        }
    }

    /// A custom-form op: looks up the op's parse hook (trying the default
    /// dialect for unprefixed names) and runs it.
    fn parse_custom_operation(&mut self) -> PResult<OpRef> {
        let result_names = std::mem::take(&mut self.state.pending_result_names);
        let name_tok = self.tok;
        let original = self.tok_text();
        let loc = self.loc_at(name_tok.start);
        // Borrowed names: this runs for every custom-form op, and the owned
        // copies it used to make were two allocations per op.
        let default_dialect = self.state.default_dialects.last().copied().unwrap_or("");
        let mut op_name: std::borrow::Cow<'_, str> = original.into();
        let mut info_name = self.ctx.registered_op(original);
        // An unprefixed name is looked up in the default dialect of the
        // innermost enclosing custom-form op only: MLIR 22 has no `func`
        // fallback, so `return` in an `scf.if` region is unknown (and an
        // empty default dialect reports `tried '.return'`).
        if info_name.is_none() && !original.contains('.') {
            let with_default = format!("{default_dialect}.{original}");
            info_name = self.ctx.registered_op(&with_default);
            op_name = match info_name {
                Some(n) => self.ctx.op_name_str(n).to_string().into(),
                None => with_default.into(),
            };
        }
        // A registered op parses with its own hook (or, lacking a custom
        // form, its dialect's); an unknown op of a loaded dialect only with
        // the dialect's hook (MLIR's `getParseOperationHook`).
        let hooked = match info_name {
            Some(n) => Some(n),
            None => {
                let dialect = op_name.split('.').next().unwrap_or("");
                let dialect_hook = self
                    .ctx
                    .dialect(dialect)
                    .is_some_and(|d| d.parse_operation_hook(&op_name).is_some());
                dialect_hook.then(|| self.ctx.op_name(&op_name))
            }
        };
        let parse_fn = hooked.and_then(|n| self.ctx.op_info(n).parse);
        let Some(parse_fn) = parse_fn else {
            let dialect = op_name.split('.').next().unwrap_or("");
            let tried = if original != op_name {
                format!(" (tried '{op_name}' as well)")
            } else {
                String::new()
            };
            if info_name.is_some() {
                return self.err_at(
                    name_tok.start,
                    format!("custom op '{original}' has no custom assembly form"),
                );
            }
            if !self.ctx.is_dialect_loaded(dialect) {
                let mut msg = format!("Dialect `{dialect}' not found for custom op '{original}' ");
                if !tried.is_empty() {
                    msg.push_str(&tried);
                }
                self.err_at::<()>(name_tok.start, msg).ok();
                let mut dialects: Vec<&str> = self.ctx.loaded_dialects();
                dialects.sort_unstable();
                let mut note = String::from("Available dialects: ");
                note.push_str(&dialects.join(", "));
                note.push_str(" ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management");
                self.note_at(name_tok.start, note);
                return Err(());
            }
            return self.err_at(
                name_tok.start,
                format!("custom op '{original}' is unknown{tried}"),
            );
        };
        let name = hooked.expect("a parse hook implies an op name");
        self.consume();
        let info = self.ctx.op_info(name);
        let isolated = info.traits.contains(TraitSet::ISOLATED_FROM_ABOVE);
        let own_default = info
            .interface::<crate::asm::OpAsmInterface>()
            .and_then(|i| i.default_dialect)
            .unwrap_or("");
        self.state.default_dialects.push(own_default);
        let mut state = OperationState::new(name, loc);
        let res = {
            let mut p = OpAsmParser {
                p: self,
                result_names,
                isolated,
                name_offset: name_tok.start,
                op_name: name,
            };
            parse_fn(&mut p, &mut state)
        };
        self.state.default_dialects.pop();
        res?;
        let op = self.ir.create_op(state);
        self.insert_parsed_op(op);
        self.parse_trailing_location(LocTarget::Op(op))?;
        Ok(op)
    }

    /// `%name` or `%name#N`.
    pub(super) fn parse_ssa_use(&mut self) -> PResult<UnresolvedOperand<'a>> {
        if !self.at(TokenKind::PercentIdent) {
            return self.err_wrong_token("expected SSA operand");
        }
        let t = self.consume();
        let name = self.lex.text(t);
        let mut number = 0;
        if self.at(TokenKind::HashIdent) {
            let text = &self.tok_text()[1..];
            match parse_u64(text) {
                Some(n) if n <= u32::MAX as u64 => number = n as u32,
                _ => return self.err_here("invalid SSA value result number"),
            }
            self.consume();
        }
        Ok(UnresolvedOperand {
            name,
            number,
            offset: t.start,
        })
    }

    /// `^bb3` as a successor.
    fn parse_successor(&mut self) -> PResult<BlockRef> {
        if !self.at(TokenKind::CaretIdent) {
            return self.err_wrong_token("expected block name");
        }
        let t = self.consume();
        Ok(self.block_named(self.lex.text(t), t.start))
    }

    /// `loc(...)` after an op or block argument, if present.
    fn parse_trailing_location(&mut self, target: LocTarget) -> PResult<()> {
        if !self.at_keyword("loc") {
            return Ok(());
        }
        self.consume();
        if !self.consume_if(TokenKind::LParen) {
            return self.err_wrong_token("expected '(' in location");
        }
        let loc = if self.at(TokenKind::HashIdent) && !self.tok_text().contains('.') {
            let t = self.consume();
            let name = &self.lex.text(t)[1..];
            match self.attr_aliases.get(name) {
                Some(&a) => {
                    if !self.ctx.attr(a).is_location() {
                        let text = self.attr_to_string(a);
                        return self
                            .err_at(t.start, format!("expected location, but found '{text}'"));
                    }
                    Some(Location(a))
                }
                None => {
                    self.state.deferred_locs.push((target, name, t.start));
                    None
                }
            }
        } else {
            Some(self.parse_location_instance()?)
        };
        if !self.consume_if(TokenKind::RParen) {
            return self.err_wrong_token("expected ')' in location");
        }
        if let Some(loc) = loc {
            match target {
                LocTarget::Op(op) => self.ir.set_op_loc(op, loc),
                LocTarget::Arg(v) => self.ir.set_arg_loc(v, loc),
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------
    // Regions and blocks
    // ------------------------------------------------------------------

    /// `{ blocks }` into the (detached, empty) region `region`.
    pub(crate) fn parse_region(
        &mut self,
        region: RegionRef,
        entry_args: &[Argument<'a>],
        isolated: bool,
    ) -> PResult<()> {
        let lbrace = self.tok.start;
        if !self.consume_if(TokenKind::LBrace) {
            return self.err_wrong_token("expected '{' to begin a region");
        }
        if self.state.region_depth >= MAX_REGION_DEPTH {
            return self.err_at(
                lbrace,
                format!("regions are nested more than {MAX_REGION_DEPTH} levels deep"),
            );
        }
        self.state.region_depth += 1;
        let r = crate::stack::ensure_stack(|| {
            self.parse_region_rest(region, lbrace, entry_args, isolated)
        });
        self.state.region_depth -= 1;
        r
    }

    fn parse_region_rest(
        &mut self,
        region: RegionRef,
        lbrace: u32,
        entry_args: &[Argument<'a>],
        isolated: bool,
    ) -> PResult<()> {
        if !entry_args.is_empty() || !self.at(TokenKind::RBrace) {
            self.parse_region_body(region, lbrace, entry_args, isolated)?;
        }
        if !self.consume_if(TokenKind::RBrace) {
            return self.err_wrong_token("expected '}' to end a region");
        }
        Ok(())
    }

    fn parse_region_body(
        &mut self,
        region: RegionRef,
        _start: u32,
        entry_args: &[Argument<'a>],
        isolated: bool,
    ) -> PResult<()> {
        let saved_block = self.state.insert_block;
        self.push_scope(isolated);
        let entry = self.ir.create_block();
        if !entry_args.is_empty() && !entry_args[0].ssa.name.is_empty() {
            if self.at(TokenKind::CaretIdent) {
                return self.err_here("invalid block name in region with named arguments");
            }
            for a in entry_args {
                if let Some(prev) = self.reference_offset(a.ssa) {
                    self.err_at::<()>(
                        a.ssa.offset,
                        format!("region entry argument '{}' is already in use", a.ssa.name),
                    )
                    .ok();
                    self.note_at(prev, "previously referenced here");
                    return Err(());
                }
                let loc = a.loc.unwrap_or_else(|| self.loc_at(a.ssa.offset));
                let v = self.ir.add_argument(entry, a.ty, loc);
                self.define_value(a.ssa, v)?;
            }
        }
        self.ir.append_block(region, entry);
        self.parse_block(Some(entry))?;
        if !entry_args.is_empty() && self.ir.num_arguments(entry) > entry_args.len() {
            return self.err_here("entry block arguments were already defined");
        }
        while !self.at(TokenKind::RBrace) {
            let b = self.parse_block(None)?;
            if self.ir.block_parent_region(b).is_none() {
                self.ir.append_block(region, b);
            }
        }
        self.pop_scope()?;
        self.state.insert_block = saved_block;
        Ok(())
    }

    /// The offset of an existing definition or use of `%name#n` in the current scope.
    fn reference_offset(&self, u: UnresolvedOperand<'a>) -> Option<u32> {
        let scope = self.state.scopes.last()?;
        scope
            .values
            .get(u.name)
            .and_then(|e| e.get(u.number as usize).copied().flatten())
            .map(|e| e.offset)
    }

    /// A block: optional `^name(args):` header, then ops until `^` or `}`.
    /// `existing` is the region's entry block, whose label is optional.
    fn parse_block(&mut self, existing: Option<BlockRef>) -> PResult<BlockRef> {
        if let Some(b) = existing {
            if !self.at(TokenKind::CaretIdent) {
                self.parse_block_body(b)?;
                return Ok(b);
            }
        }
        let name_tok = self.tok;
        if !self.at(TokenKind::CaretIdent) {
            return self.err_wrong_token("expected block name");
        }
        self.consume();
        let name = self.lex.text(name_tok);
        let scope = self.state.block_scopes.last_mut().expect("a block scope");
        let block = match scope.blocks.get(name).copied() {
            None => {
                let b = match existing {
                    Some(b) => b,
                    None => self.ir.create_block(),
                };
                let scope = self.state.block_scopes.last_mut().expect("a block scope");
                scope.blocks.insert(name, (b, name_tok.start));
                b
            }
            Some((b, _)) => {
                let pos = scope.forward.iter().position(|f| f.0 == b);
                match pos {
                    Some(i) => {
                        scope.forward.swap_remove(i);
                        if let Some(e) = existing {
                            // The entry block was named after a forward reference to it:
                            // use the referenced block as the entry block.
                            self.ir.replace_all_block_uses_with(b, e);
                            self.ir.erase_block(b);
                            let scope = self.state.block_scopes.last_mut().expect("a block scope");
                            scope.blocks.insert(name, (e, name_tok.start));
                            e
                        } else {
                            b
                        }
                    }
                    None => {
                        return self
                            .err_at(name_tok.start, format!("redefinition of block '{name}'"));
                    }
                }
            }
        };
        if self.at(TokenKind::LParen) {
            self.parse_block_arg_list(block)?;
        }
        if !self.consume_if(TokenKind::Colon) {
            return self.err_wrong_token("expected ':' after block name");
        }
        self.parse_block_body(block)?;
        Ok(block)
    }

    fn parse_block_body(&mut self, block: BlockRef) -> PResult<()> {
        self.state.insert_block = Some(block);
        while !self.at(TokenKind::CaretIdent) && !self.at(TokenKind::RBrace) {
            self.parse_operation()?;
        }
        Ok(())
    }

    /// `(%a: i32 loc(...), ...)` after a block name.
    fn parse_block_arg_list(&mut self, block: BlockRef) -> PResult<()> {
        let existing = self.ir.num_arguments(block);
        let defining_existing = existing != 0;
        let mut next = 0usize;
        self.consume();
        if self.consume_if(TokenKind::RParen) {
            return Ok(());
        }
        loop {
            let u = self.parse_ssa_use()?;
            if !self.consume_if(TokenKind::Colon) {
                return self.err_wrong_token("expected ':' and type for SSA operand");
            }
            let ty = self.parse_type()?;
            let arg = if defining_existing {
                if next >= existing {
                    return self.err_here("too many arguments specified in argument list");
                }
                let a = self.ir.argument(block, next);
                next += 1;
                if self.ir.value_type(a) != ty {
                    return self.err_here("argument and block argument type mismatch");
                }
                a
            } else {
                let loc = self.loc_at(u.offset);
                self.ir.add_argument(block, ty, loc)
            };
            self.parse_trailing_location(LocTarget::Arg(arg))?;
            self.define_value(u, arg)?;
            if !self.consume_if(TokenKind::Comma) {
                break;
            }
        }
        if !self.consume_if(TokenKind::RParen) {
            return self.err_wrong_token("expected ')' to end argument list");
        }
        Ok(())
    }

    // ------------------------------------------------------------------
    // Small helpers for diagnostics text
    // ------------------------------------------------------------------

    pub(crate) fn type_to_string(&self, ty: Type) -> String {
        let flags = crate::asm::printer::PrintFlags::default();
        let p = crate::asm::printer::attrs::AttrPrinter::new(&self.ctx, &flags, None);
        let mut s = String::new();
        p.print_type(&mut s, ty);
        s
    }
    pub(crate) fn attr_to_string(&self, a: Attribute) -> String {
        let flags = crate::asm::printer::PrintFlags::default();
        let p = crate::asm::printer::attrs::AttrPrinter::new(&self.ctx, &flags, None);
        let mut s = String::new();
        p.print_attr(&mut s, a);
        s
    }
}

fn find_sub(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Whether `text` is what MLIR's lexer reads as an integer type token
/// (`i32`, `si8`, `ui1`).
fn is_integer_type_spelling(text: &str) -> bool {
    let digits = text
        .strip_prefix("si")
        .or_else(|| text.strip_prefix("ui"))
        .or_else(|| text.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Parses a decimal or `0x` hexadecimal integer token.
pub(crate) fn parse_u64(text: &str) -> Option<u64> {
    if let Some(h) = text.strip_prefix("0x") {
        u64::from_str_radix(h, 16).ok()
    } else {
        text.parse().ok()
    }
}

/// The API custom op parsers use (MLIR's `OpAsmParser`). It parses the text
/// after the op name into an [`OperationState`].
pub struct OpAsmParser<'p, 'a> {
    p: &'p mut Parser<'a>,
    /// The result names the op is bound to (`%a, %b:2 = ...`): name and count.
    result_names: SmallVec<[(&'a str, u32); 2]>,
    isolated: bool,
    name_offset: u32,
    op_name: OpName,
}

impl<'p, 'a> OpAsmParser<'p, 'a> {
    /// The number of results the op is bound to in the text (MLIR's
    /// `OpAsmParser::getNumResults`).
    pub fn num_results(&self) -> usize {
        self.result_names.iter().map(|&(_, c)| c as usize).sum()
    }

    /// The name (without `%`) and sub-number of result `i` in the text
    /// (`%q:3` gives `("q", 0)`, `("q", 1)`, ...; MLIR's `getResultName`),
    /// or `("", 0)` past the named results.
    pub fn result_name(&self, i: usize) -> (&'a str, u32) {
        let mut rest = i;
        for &(name, count) in &self.result_names {
            if rest < count as usize {
                return (name.strip_prefix('%').unwrap_or(name), rest as u32);
            }
            rest -= count as usize;
        }
        ("", 0)
    }

    pub fn ctx(&self) -> &crate::Context {
        &self.p.ctx
    }
    /// The location of the op name (the op's default location).
    pub fn name_loc(&self) -> Location {
        self.p.loc_at(self.name_offset)
    }
    /// Byte offset of the op name (where MLIR's `getNameLoc` points).
    pub fn name_offset(&self) -> u32 {
        self.name_offset
    }
    /// Byte offset of the current token, for later [`Self::error_at`].
    pub fn current_offset(&self) -> u32 {
        self.p.tok.start
    }
    pub fn loc_at(&self, offset: u32) -> Location {
        self.p.loc_at(offset)
    }
    /// Reports an error at `offset` and fails.
    pub fn error_at<T>(&mut self, offset: u32, msg: impl Into<String>) -> PResult<T> {
        self.p.err_at(offset, msg)
    }
    /// Reports an error at the current token and fails.
    pub fn error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        self.p.err_here(msg)
    }
    /// Attaches a note to the error just reported.
    pub fn note_at(&mut self, offset: u32, msg: impl Into<String>) {
        self.p.note_at(offset, msg)
    }
    /// MLIR's `OpAsmParser::emitError`: an error at `offset` prefixed with
    /// `custom op '<name>' `, as errors raised by an op's own parser are
    /// (errors of the generic parsing helpers are not prefixed). A second
    /// error, as MLIR's generated parsers sometimes emit, is kept too.
    pub fn emit_error<T>(&mut self, offset: u32, msg: impl std::fmt::Display) -> PResult<T> {
        let name = self.p.ctx.op_name_str(self.op_name).to_string();
        let msg = format!("custom op '{name}' {msg}");
        if self.p.error.is_some() {
            let loc = self.p.loc_at(offset);
            self.p.extra_errors.push(Diagnostic::error(loc, msg));
            return Err(());
        }
        self.p.err_at(offset, msg)
    }
    /// The underlying parser, for the ODS format engine.
    pub(crate) fn raw(&mut self) -> &mut Parser<'a> {
        self.p
    }
    /// `^bb` as a successor, if the next token is a block name.
    pub fn parse_optional_successor(&mut self) -> PResult<Option<BlockRef>> {
        if self.p.at(TokenKind::CaretIdent) {
            self.p.parse_successor().map(Some)
        } else {
            Ok(None)
        }
    }
    pub fn ir(&mut self) -> &mut crate::Ir {
        &mut self.p.ir
    }

    // ----- punctuation and keywords -----

    /// Consumes `kind` or reports `msg` as MLIR's `parseToken` does.
    pub fn parse_token(&mut self, kind: TokenKind, msg: &str) -> PResult<()> {
        if self.p.consume_if(kind) {
            Ok(())
        } else {
            self.p.err_wrong_token(msg)
        }
    }
    pub fn parse_optional_token(&mut self, kind: TokenKind) -> bool {
        self.p.consume_if(kind)
    }
    pub fn at(&self, kind: TokenKind) -> bool {
        self.p.at(kind)
    }
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.p.at_keyword(kw)
    }
    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        self.p.consume_keyword_if(kw)
    }
    /// MLIR's `parseOptionalInteger<int64_t>`: `-`? integer, `None` if the
    /// next token starts no integer; "integer value too large" when it does
    /// not fit in an `i64`.
    pub fn parse_optional_integer_i64(&mut self) -> PResult<Option<i64>> {
        self.optional_integer_i64(false)
    }
    /// [`Self::parse_optional_integer_i64`] reporting "integer value too
    /// large" as the op's own error (`custom op '<name>' ...`), as an ODS
    /// property parser does.
    pub(crate) fn parse_optional_integer_i64_in_op(&mut self) -> PResult<Option<i64>> {
        self.optional_integer_i64(true)
    }
    fn optional_integer_i64(&mut self, in_op: bool) -> PResult<Option<i64>> {
        let start = self.current_offset();
        let negative = self.p.at(TokenKind::Minus);
        if negative {
            self.p.consume();
            if !self.p.at(TokenKind::Integer) {
                return self.p.err_here("expected integer value");
            }
        } else if !self.p.at(TokenKind::Integer) {
            return Ok(None);
        }
        let v = super::support::token_u64(self.p.tok_text());
        self.p.consume();
        let value = match (v, negative) {
            (Some(v), false) if v <= i64::MAX as u64 => Some(v as i64),
            (Some(v), true) if v <= i64::MAX as u64 + 1 => Some((v as i64).wrapping_neg()),
            _ => None,
        };
        match value {
            Some(v) => Ok(Some(v)),
            None if in_op => self.emit_error(start, "integer value too large"),
            None => self.p.err_at(start, "integer value too large"),
        }
    }
    /// Consumes `kw` or reports `expected 'kw'` as the op's own error at
    /// the current token (MLIR's `parseKeyword` goes through the op
    /// parser's `emitError`, unlike the punctuation of `parseToken`, which
    /// backs up to the end of the previous token).
    pub fn parse_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.p.consume_keyword_if(kw) {
            Ok(())
        } else {
            let at = self.current_offset();
            self.emit_error(at, format!("expected '{kw}'"))
        }
    }
    /// Any keyword (a bare identifier, dots allowed: `foo.keyword`), MLIR's
    /// `parseKeyword(StringRef *)`.
    pub fn parse_any_keyword(&mut self) -> PResult<&'a str> {
        if !self.p.at(TokenKind::BareIdent) {
            let at = self.p.tok.start;
            return self.emit_error(at, "expected valid keyword");
        }
        let t = self.p.consume();
        Ok(self.p.lex.text(t))
    }
    /// A string literal holding base64 text, decoded (MLIR's
    /// `parseBase64Bytes`, with LLVM's `decodeBase64` messages).
    pub fn parse_base64_bytes(&mut self) -> PResult<Vec<u8>> {
        let at = self.p.tok.start;
        if !self.p.at(TokenKind::String) {
            return self.emit_error(at, "expected string");
        }
        let spelling = self.p.tok_text();
        let quotes_and_space: &[char] = &['"', ' ', '\t', '\n', '\x0b', '\x0c', '\r'];
        let text = spelling.trim_matches(quotes_and_space);
        match crate::asm::base64::decode(text.as_bytes()) {
            Ok(bytes) => {
                self.p.consume();
                Ok(bytes)
            }
            Err(msg) => self.emit_error(at, msg),
        }
    }
    /// Consumes any bare keyword among `options` and returns it.
    pub fn parse_optional_keyword_of(&mut self, options: &[&'static str]) -> Option<&'static str> {
        let found = options.iter().copied().find(|&o| self.p.at_keyword(o))?;
        self.p.consume();
        Some(found)
    }
    /// `@name` or `@"name"`; when missing, the op's own error at the
    /// current token (MLIR's `parseSymbolName` uses the op parser's
    /// `emitError`).
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        match self.parse_optional_symbol_name() {
            Some(s) => Ok(s),
            None => {
                let at = self.current_offset();
                self.emit_error(at, "expected valid '@'-identifier for symbol name")
            }
        }
    }
    pub fn parse_optional_symbol_name(&mut self) -> Option<String> {
        if !self.p.at(TokenKind::AtIdent) {
            return None;
        }
        let t = self.p.consume();
        let text = &self.p.lex.text(t)[1..];
        Some(if text.starts_with('"') {
            String::from_utf8_lossy(&unescape_string(&text[1..text.len() - 1])).into_owned()
        } else {
            text.to_string()
        })
    }

    // ----- types and attributes -----

    pub fn parse_type(&mut self) -> PResult<Type> {
        self.p.parse_type()
    }
    pub fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        self.p.parse_optional_type()
    }
    /// `: type`.
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.parse_token(TokenKind::Colon, "expected ':'")?;
        self.p.parse_type()
    }
    /// `: type, type, ...` (at least one).
    pub fn parse_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        self.parse_token(TokenKind::Colon, "expected ':'")?;
        self.parse_type_list()
    }
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.p.parse_type()?];
        while self.p.consume_if(TokenKind::Comma) {
            v.push(self.p.parse_type()?);
        }
        Ok(v)
    }
    /// `-> type` or `-> (types)`, if there is an arrow.
    pub fn parse_optional_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        if !self.p.consume_if(TokenKind::Arrow) {
            return Ok(Vec::new());
        }
        self.p.parse_function_result_types()
    }
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        self.p.parse_attribute(ty)
    }
    /// An optional `{...}` dictionary added to `state` (inherent names go to properties).
    pub fn parse_optional_attr_dict(&mut self, state: &mut OperationState) -> PResult<()> {
        if self.p.at(TokenKind::LBrace) {
            let entries = self.p.parse_attribute_dict()?;
            self.add_attrs(state, entries);
        }
        Ok(())
    }
    /// An optional `attributes {...}` dictionary.
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
        state: &mut OperationState,
    ) -> PResult<()> {
        if self.p.consume_keyword_if("attributes") {
            let entries = self.p.parse_attribute_dict()?;
            self.add_attrs(state, entries);
        }
        Ok(())
    }
    /// Parses `{...}` and returns the entries.
    pub fn parse_attr_dict_entries(&mut self) -> PResult<Vec<(Ident, Attribute)>> {
        self.p.parse_attribute_dict()
    }
    /// Adds attributes to `state`, routing the op's inherent attributes to properties.
    pub fn add_attrs(&mut self, state: &mut OperationState, entries: Vec<(Ident, Attribute)>) {
        let ctx = self.p.ctx.clone();
        let info = ctx.op_info(state.name);
        for (k, v) in entries {
            let slot = if info.is_inherent_attr(ctx.ident_str(k)) {
                &mut state.properties
            } else {
                &mut state.attributes
            };
            let base = slot.unwrap_or_else(|| ctx.empty_dictionary());
            *slot = Some(ctx.dictionary_with(base, k, Some(v)));
        }
    }
    /// Sets one attribute on `state` (inherent ones go to properties).
    pub fn add_attr(&mut self, state: &mut OperationState, name: &str, value: Attribute) {
        let id = self.p.ctx.ident(name);
        self.add_attrs(state, vec![(id, value)]);
    }

    // ----- operands, arguments, regions, successors -----

    /// `[%i + 1, symbol(%n)]`: affine expressions over SSA uses between
    /// square brackets (MLIR's `parseAffineMapOfSSAIds` with the square
    /// delimiter). Returns the map and its dimension then symbol operands.
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
    ) -> PResult<(
        crate::affine::AffineMap,
        Vec<UnresolvedOperand<'a>>,
        Vec<UnresolvedOperand<'a>>,
    )> {
        self.p
            .parse_affine_map_of_ssa_ids(TokenKind::LSquare, TokenKind::RSquare)
    }

    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'a>> {
        self.p.parse_ssa_use()
    }
    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand<'a>>> {
        if self.p.at(TokenKind::PercentIdent) {
            self.p.parse_ssa_use().map(Some)
        } else {
            Ok(None)
        }
    }
    /// A possibly empty comma-separated operand list without delimiters.
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let mut v = Vec::new();
        if !self.p.at(TokenKind::PercentIdent) {
            return Ok(v);
        }
        loop {
            v.push(self.p.parse_ssa_use()?);
            if !self.p.consume_if(TokenKind::Comma) {
                return Ok(v);
            }
        }
    }
    /// Resolves operands against types (counts must match) and appends them to `state`.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand<'a>],
        types: &[Type],
        err_offset: u32,
        state: &mut OperationState,
    ) -> PResult<()> {
        if operands.len() != types.len() {
            return self.emit_error(
                err_offset,
                format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    operands.len(),
                    types.len()
                ),
            );
        }
        for (u, &t) in operands.iter().zip(types) {
            let v = self.p.resolve_value(*u, t)?;
            state.operands.push(v);
        }
        Ok(())
    }
    pub fn resolve_operand(&mut self, operand: UnresolvedOperand<'a>, ty: Type) -> PResult<Value> {
        self.p.resolve_value(operand, ty)
    }

    /// `%name : type {attrs} loc(...)` as a region entry argument.
    pub fn parse_argument(&mut self, allow_type: bool, allow_attrs: bool) -> PResult<Argument<'a>> {
        let ssa = self.p.parse_ssa_use()?;
        let ty = if allow_type {
            self.parse_token(TokenKind::Colon, "expected ':'")?;
            self.p.parse_type()?
        } else {
            self.p.ctx.none_type()
        };
        let attrs = if allow_attrs && self.p.at(TokenKind::LBrace) {
            let entries = self.p.parse_attribute_dict()?;
            Some(self.p.ctx.dictionary_attr(&entries))
        } else {
            None
        };
        let loc = self.parse_optional_location()?;
        Ok(Argument {
            ssa,
            ty,
            attrs,
            loc,
        })
    }

    /// `loc(...)` if present (aliases must already be defined here).
    pub fn parse_optional_location(&mut self) -> PResult<Option<Location>> {
        if !self.p.at_keyword("loc") {
            return Ok(None);
        }
        self.p.consume();
        self.parse_token(TokenKind::LParen, "expected '(' in location")?;
        let loc = self.p.parse_location_instance()?;
        self.parse_token(TokenKind::RParen, "expected ')' in location")?;
        Ok(Some(loc))
    }

    /// A region with the given entry arguments, as a new detached region.
    /// Values of enclosing regions stay visible (MLIR's `parseRegion` with
    /// `enableNameShadowing = false`, what `func.func` uses).
    pub fn parse_region(&mut self, args: &[Argument<'a>]) -> PResult<RegionRef> {
        self.parse_region_with_shadowing(args, false)
    }
    /// Like [`Self::parse_region`]; with `enable_name_shadowing` (only for
    /// isolated-from-above ops) the region gets a fresh value name scope.
    pub fn parse_region_with_shadowing(
        &mut self,
        args: &[Argument<'a>],
        enable_name_shadowing: bool,
    ) -> PResult<RegionRef> {
        debug_assert!(!enable_name_shadowing || self.isolated);
        let r = self.p.ir.create_region();
        self.p.parse_region(r, args, enable_name_shadowing)?;
        Ok(r)
    }
    /// A region if the next token is `{`.
    pub fn parse_optional_region(&mut self, args: &[Argument<'a>]) -> PResult<Option<RegionRef>> {
        if self.p.at(TokenKind::LBrace) {
            self.parse_region(args).map(Some)
        } else {
            Ok(None)
        }
    }
    /// `^bb` as a successor.
    pub fn parse_successor(&mut self) -> PResult<BlockRef> {
        self.p.parse_successor()
    }
    /// `^bb(%a, %b : t1, t2)`: the successor and its (resolved) operands.
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(BlockRef, Vec<Value>)> {
        let b = self.p.parse_successor()?;
        let mut values = Vec::new();
        if self.p.consume_if(TokenKind::LParen) {
            let ops = self.parse_operand_list()?;
            let off = self.current_offset();
            let types = if ops.is_empty() {
                Vec::new()
            } else {
                self.parse_colon_type_list()?
            };
            self.parse_token(TokenKind::RParen, "expected ')' to end argument list")?;
            if ops.len() != types.len() {
                return self.emit_error(
                    off,
                    format!(
                        "number of operands and types do not match: got {} operands and {} types",
                        ops.len(),
                        types.len()
                    ),
                );
            }
            for (u, t) in ops.into_iter().zip(types) {
                values.push(self.p.resolve_value(u, t)?);
            }
        }
        Ok((b, values))
    }
}

impl crate::Context {
    /// Namespaces of the loaded dialects.
    pub fn loaded_dialects(&self) -> Vec<&str> {
        self.dialect_namespaces()
    }
}

#[cfg(test)]
mod value_map_tests {
    use super::*;

    /// A far number goes to the vector only while the budget covers it;
    /// otherwise to the map, and both tables resolve it.
    #[test]
    fn numbered_names_and_the_budget() {
        let mut small = 100;
        let mut m = ValueMap::default();
        m.entry("%9999999", &mut small).push(None);
        assert_eq!((m.numbered.len(), m.charged, small), (0, 0, 100));
        assert!(m.get("%9999999").is_some_and(|e| e.len() == 1));

        let mut large = 200_000;
        let mut m = ValueMap::default();
        m.entry("%99000", &mut large).push(None);
        assert_eq!(m.numbered.len(), 99_001);
        assert_eq!(m.charged + large, 200_000);
        // Within twice the length: free, nothing more is charged.
        let charged = m.charged;
        m.entry("%150000", &mut large).push(None);
        assert_eq!(m.charged, charged);
        assert!(m.get("%150000").is_some() && m.get("%99000").is_some());
        assert!(m.get("%5").is_none());
        m.remove("%99000");
        assert!(m.get("%99000").is_none());
    }
}
