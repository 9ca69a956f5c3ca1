//! ODS enums: [`EnumSpec`] describes the cases of an `I64EnumAttr`-style
//! integer enum or of a (bit) enum wrapped in a dialect `EnumAttr`
//! (`#arith.overflow<nsw, nuw>`), and implements MLIR's `symbolize`/
//! `stringify` functions and the `<...>` body grammar of enum attributes.
//!
//! Dialect enum attributes stay [`AttrKind::Opaque`] text (`overflow<nsw, nuw>`
//! under dialect `arith`), which keeps one representation for known and
//! unknown dialects. The text is kept canonical — the order and separator
//! `stringify` produces — so that equal values are the same interned
//! attribute: [`canonicalize_enum_attr`] is what a dialect's
//! [`crate::Dialect::canonicalize_attribute`] hook calls while parsing.

use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;

/// One enumerant: its keyword and value (a bit mask for bit enums).
#[derive(Clone, Copy, Debug)]
pub struct EnumCase {
    pub name: &'static str,
    pub value: u64,
}

/// An ODS enum.
#[derive(Debug)]
pub struct EnumSpec {
    /// The C++ enum class (`::mlir::arith::IntegerOverflowFlags`), used in
    /// MLIR's parse errors.
    pub cpp_name: &'static str,
    /// The enum's summary (`Integer overflow arith flags`).
    pub summary: &'static str,
    pub cases: &'static [EnumCase],
    /// A `BitEnumAttr`: values are masks, printed as case lists.
    pub bit_enum: bool,
    /// Separator printed between bit-enum cases (`", "` or `","`; ODS' default is `"|"`).
    pub separator: &'static str,
    /// `printBitEnumPrimaryGroups`: multi-bit cases are printed first and
    /// their bits are not repeated.
    pub print_primary_groups: bool,
    /// For an `EnumAttr`: the dialect namespace and mnemonic (`arith`, `overflow`).
    pub dialect: &'static str,
    pub mnemonic: &'static str,
    /// For an `EnumAttr`: its TableGen name (`Arith_IntegerOverflowAttr`), used in parse errors.
    pub attr_def_name: &'static str,
    /// For an integer enum attribute: the storage width (64 for `I64EnumAttr`).
    pub int_width: u32,
}

impl EnumSpec {
    /// MLIR's `symbolizeEnum(StringRef)` for one keyword.
    pub fn symbolize(&self, keyword: &str) -> Option<u64> {
        let keyword = keyword.trim();
        if self.bit_enum {
            if let Some(c) = self.cases.iter().find(|c| c.name == keyword) {
                return Some(c.value);
            }
            // A `|`/separator-joined list, as `symbolize` accepts.
            let mut v = 0;
            let mut any = false;
            for part in keyword.split([',', '|']) {
                let part = part.trim();
                v |= self.cases.iter().find(|c| c.name == part)?.value;
                any = true;
            }
            return any.then_some(v);
        }
        self.cases
            .iter()
            .find(|c| c.name == keyword)
            .map(|c| c.value)
    }

    /// The case named by `value` of a non-bit enum.
    pub fn case_name(&self, value: u64) -> Option<&'static str> {
        self.cases.iter().find(|c| c.value == value).map(|c| c.name)
    }

    /// Whether every bit of `value` belongs to some case (bit enums), or
    /// `value` is a case (other enums).
    pub fn is_valid(&self, value: u64) -> bool {
        if self.bit_enum {
            let all = self.cases.iter().fold(0, |acc, c| acc | c.value);
            value & !all == 0
        } else {
            self.case_name(value).is_some()
        }
    }

    /// MLIR's `stringifyEnum`, streamed in pieces to `out` (no allocation).
    pub fn stringify_into(&self, value: u64, out: &mut dyn FnMut(&str)) {
        if !self.bit_enum {
            out(self.case_name(value).unwrap_or(""));
            return;
        }
        if value == 0 {
            out(self.case_name(0).unwrap_or(""));
            return;
        }
        let mut rest = value;
        let mut first = true;
        let mut emit = |name: &str, out: &mut dyn FnMut(&str)| {
            if !first {
                out(self.separator);
            }
            first = false;
            out(name);
        };
        if self.print_primary_groups {
            for c in self.cases {
                if c.value != 0 && !c.value.is_power_of_two() && c.value & rest == c.value {
                    emit(c.name, out);
                    rest &= !c.value;
                }
            }
            for c in self.cases {
                if c.value.is_power_of_two() && c.value & rest == c.value {
                    emit(c.name, out);
                }
            }
        } else {
            for c in self.cases {
                if c.value != 0 && c.value & rest == c.value {
                    emit(c.name, out);
                }
            }
        }
    }

    /// `stringifyEnum` as a string.
    pub fn stringify(&self, value: u64) -> String {
        let mut s = String::new();
        self.stringify_into(value, &mut |p| s.push_str(p));
        s
    }

    /// The cases as MLIR lists them in messages (`none, nsw, nuw`).
    pub fn case_list(&self, sep: &str) -> String {
        let names: Vec<&str> = self.cases.iter().map(|c| c.name).collect();
        names.join(sep)
    }

    /// The dialect attribute holding `value`: `#dialect.mnemonic<cases>`.
    pub fn attr(&self, ctx: &Context, value: u64) -> Attribute {
        let mut body = String::with_capacity(self.mnemonic.len() + 16);
        body.push_str(self.mnemonic);
        body.push('<');
        self.stringify_into(value, &mut |p| body.push_str(p));
        body.push('>');
        let dialect = ctx.ident(self.dialect);
        ctx.intern_attr(AttrKind::Opaque {
            dialect,
            body: body.into(),
        })
    }

    /// The value of a dialect enum attribute of this enum, if `attr` is one.
    pub fn value_of(&self, ctx: &Context, attr: Attribute) -> Option<u64> {
        match ctx.attr(attr) {
            AttrKind::Opaque { dialect, body } if ctx.ident_str(*dialect) == self.dialect => {
                let inner = body
                    .strip_prefix(self.mnemonic)?
                    .strip_prefix('<')?
                    .strip_suffix('>')?;
                // The canonical body of a one-case value is the case's name
                // (`overflow<none>`): the printer asks this for every op
                // with an enum property, so skip the lexer then.
                if let Some(c) = self.cases.iter().find(|c| c.name == inner) {
                    return Some(c.value);
                }
                parse_case_list(self, inner, 0).ok()
            }
            _ => None,
        }
    }

    /// The value of an integer enum attribute (`2 : i64`), if `attr` is one
    /// holding a valid case.
    pub fn int_value_of(&self, ctx: &Context, attr: Attribute) -> Option<u64> {
        match ctx.attr(attr) {
            AttrKind::Integer { ty, value } if ctx.is_signless_integer(*ty, self.int_width) => {
                let v = value.to_u64();
                self.case_name(v).map(|_| v)
            }
            _ => None,
        }
    }
}

/// A parse error inside an attribute body: byte offset in the body and message.
pub type BodyError = (usize, String);

/// A minimal tokenizer over dialect attribute bodies (`<nsw, "nuw">`).
struct BodyLexer<'s> {
    text: &'s str,
    pos: usize,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum BodyTok<'s> {
    Keyword(&'s str),
    Str(&'s str),
    Punct(u8),
    Other,
    End,
}

impl<'s> BodyLexer<'s> {
    fn skip_ws(&mut self) {
        while self
            .text
            .as_bytes()
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }
    /// The next token and its start offset, without consuming it.
    fn peek(&mut self) -> (BodyTok<'s>, usize) {
        self.skip_ws();
        let b = self.text.as_bytes();
        let start = self.pos;
        let Some(&c) = b.get(start) else {
            return (BodyTok::End, start);
        };
        if c.is_ascii_alphabetic() || c == b'_' {
            let mut end = start + 1;
            while b
                .get(end)
                .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
            {
                end += 1;
            }
            return (BodyTok::Keyword(&self.text[start..end]), start);
        }
        if c == b'"' {
            let mut end = start + 1;
            while let Some(&c) = b.get(end) {
                end += 1;
                if c == b'"' {
                    return (BodyTok::Str(&self.text[start + 1..end - 1]), start);
                }
            }
            return (BodyTok::Other, start);
        }
        if matches!(c, b'<' | b'>' | b',') {
            return (BodyTok::Punct(c), start);
        }
        (BodyTok::Other, start)
    }
    fn advance(&mut self, tok: BodyTok<'s>) {
        self.pos += match tok {
            BodyTok::Keyword(k) => k.len(),
            BodyTok::Str(s) => s.len() + 2,
            BodyTok::Punct(_) | BodyTok::Other => 1,
            BodyTok::End => 0,
        };
    }
}

/// Parses the case list inside `<...>` (`nsw, nuw`), as the generated
/// parser of an `EnumAttr` with format `` `<` $value `>` `` does. `base` is
/// added to error offsets.
pub(crate) fn parse_case_list(
    spec: &EnumSpec,
    inner: &str,
    base: usize,
) -> Result<u64, Vec<BodyError>> {
    let mut lex = BodyLexer {
        text: inner,
        pos: 0,
    };
    let mut value = 0u64;
    // End of the last token consumed: MLIR reports a missing `>` right
    // after the previous token, not at the next one.
    let mut last_end;
    loop {
        let (tok, at) = lex.peek();
        let word = match tok {
            BodyTok::Keyword(w) | BodyTok::Str(w) => w,
            _ => {
                let msg = if spec.bit_enum {
                    "expected valid keyword or string".to_string()
                } else {
                    format!("expected keyword for {}", spec.summary)
                };
                return Err(vec![(base + at, msg), (base + at, failed_param(spec))]);
            }
        };
        lex.advance(tok);
        last_end = lex.pos;
        match spec.symbolize(word) {
            Some(v) => value |= v,
            None => {
                let msg = if spec.bit_enum {
                    format!(
                        "expected {} to be one of: {}",
                        spec.cpp_name,
                        spec.case_list(", ")
                    )
                } else {
                    format!(
                        "expected one of [{}] for {}, got: {word}",
                        spec.case_list(", "),
                        spec.summary
                    )
                };
                let (_, after) = lex.peek();
                return Err(vec![(base + at, msg), (base + after, failed_param(spec))]);
            }
        }
        if !spec.bit_enum {
            break;
        }
        match lex.peek() {
            (BodyTok::Punct(b','), _) => lex.advance(BodyTok::Punct(b',')),
            _ => break,
        }
    }
    match lex.peek() {
        (BodyTok::End, _) => Ok(value),
        _ => Err(vec![(base + last_end, "expected '>'".to_string())]),
    }
}

fn failed_param(spec: &EnumSpec) -> String {
    format!(
        "failed to parse {} parameter 'value' which is to be a `{}`",
        spec.attr_def_name, spec.cpp_name
    )
}

/// Parses `<cases>` (the stripped form of an enum attribute, starting at
/// `<`) and returns the value and the length consumed.
pub(crate) fn parse_stripped(spec: &EnumSpec, text: &str) -> Result<(u64, usize), Vec<BodyError>> {
    if !text.starts_with('<') {
        return Err(vec![(0, "expected '<'".to_string())]);
    }
    let Some(close) = text.find('>') else {
        return Err(vec![(text.len(), "expected '>'".to_string())]);
    };
    let v = parse_case_list(spec, &text[1..close], 1)?;
    Ok((v, close + 1))
}

/// Canonicalizes the body of a dialect attribute (`overflow<nuw,nsw>`,
/// the text after `#dialect.`) when its mnemonic names one of `enums`;
/// for [`crate::Dialect::canonicalize_attribute`].
///
/// Returns `Ok(None)` when the body is already canonical, `Ok(Some(text))`
/// with the canonical body otherwise, and MLIR's errors (offsets into
/// `body`) for unknown mnemonics or malformed case lists.
pub fn canonicalize_enum_attr(
    enums: &[&EnumSpec],
    dialect: &str,
    body: &str,
) -> Result<Option<String>, Vec<BodyError>> {
    let mnemonic_len = body
        .bytes()
        .position(|c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.'))
        .unwrap_or(body.len());
    let mnemonic = &body[..mnemonic_len];
    let Some(spec) = enums.iter().find(|e| e.mnemonic == mnemonic) else {
        return Err(vec![(
            0,
            format!("unknown attribute `{mnemonic}` in dialect `{dialect}`"),
        )]);
    };
    let rest = &body[mnemonic_len..];
    let (value, used) = parse_stripped(spec, rest).map_err(|errs| {
        errs.into_iter()
            .map(|(o, m)| (o + mnemonic_len, m))
            .collect::<Vec<_>>()
    })?;
    if used != rest.len() {
        return Err(vec![(mnemonic_len + used, "expected '>'".to_string())]);
    }
    // Compare with the canonical spelling piecewise, allocating only when
    // the input differs.
    let inner = &rest[1..rest.len() - 1];
    let mut pos = 0usize;
    let mut same = true;
    spec.stringify_into(value, &mut |p| {
        if same && inner.get(pos..pos + p.len()) == Some(p) {
            pos += p.len();
        } else {
            same = false;
        }
    });
    if same && pos == inner.len() {
        return Ok(None);
    }
    let mut out = String::with_capacity(body.len());
    out.push_str(mnemonic);
    out.push('<');
    spec.stringify_into(value, &mut |p| out.push_str(p));
    out.push('>');
    Ok(Some(out))
}
