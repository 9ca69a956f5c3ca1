//! The declarative assembly format: compiling a format string against an
//! [`OpSpec`] into a [`Format`] (elements plus the type-resolution plan),
//! with the validation and error messages of MLIR's `OpFormatGen`, and the
//! printer ([`print`]) and parser ([`parse`]) engines that interpret it the
//! way OpFormatGen's generated C++ does.
//!
//! A format is compiled once per op (lazily, see [`OpSpec::format`]); the
//! engines then only walk the element tree.

pub mod parse;
pub mod print;

use std::fmt;

use crate::ods::spec::{Arity, AttrFormat, AttrPresence, OpSpec, TypeRule};
use crate::types::Type;

/// An invalid format: MLIR's message, the byte offset in the format string
/// it refers to, and an optional note (as `emitErrorAndNote` gives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub offset: usize,
    pub message: String,
    pub note: Option<String>,
}

impl FormatError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> Self {
        FormatError {
            offset,
            message: message.into(),
            note: None,
        }
    }
    fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(n) = &self.note {
            write!(f, " (note: {n})")?;
        }
        Ok(())
    }
}

impl std::error::Error for FormatError {}

/// The argument of a `type(...)` directive (or half of `functional-type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeArg {
    Operand(usize),
    Result(usize),
    Operands,
    Results,
}

/// A parameter of a `custom<...>(...)` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CustomParam {
    Operand(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
    Type(TypeArg),
    AttrDict,
    Str(&'static str),
    /// `ref(...)` of one of the above.
    Ref(Box<CustomParam>),
}

/// One element of a compiled format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// A keyword or punctuation literal.
    Literal(&'static str),
    /// `` ` ` `` (true) or ``` `` ``` (false): an explicit space or none.
    Space(bool),
    /// `` `\n` ``.
    Newline,
    AttrDict {
        with_keyword: bool,
    },
    PropDict,
    Operand(usize),
    Attr {
        index: usize,
        qualified: bool,
    },
    Region(usize),
    Successor(usize),
    Operands,
    Regions,
    Successors,
    Type {
        arg: TypeArg,
        qualified: bool,
    },
    FunctionalType(TypeArg, TypeArg),
    Custom {
        directive: usize,
        params: Box<[CustomParam]>,
    },
    Optional(Box<OptionalGroup>),
    /// `oilist(`kw` elems... | ...)`: clauses in any order, each at most once.
    OIList(Box<[OIListClause]>),
}

/// One clause of an `oilist` directive: the keyword that starts it and the
/// elements that follow. The clause is printed when one of its variables is
/// present; unit attributes in it are implied by the keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OIListClause {
    pub keyword: &'static str,
    pub elems: Box<[Element]>,
}

/// `( then... ) : ( else... ) ?` with its anchor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalGroup {
    pub then_elems: Box<[Element]>,
    pub else_elems: Box<[Element]>,
    /// Index of the anchor within `then_elems` (or within `else_elems` when
    /// `inverted`).
    pub anchor: usize,
    /// The anchor is in the else group.
    pub inverted: bool,
    /// Index of the first element that is not whitespace.
    pub then_start: usize,
    pub else_start: usize,
}

impl OptionalGroup {
    pub(crate) fn anchor_element(&self) -> &Element {
        if self.inverted {
            &self.else_elems[self.anchor]
        } else {
            &self.then_elems[self.anchor]
        }
    }
    /// The unit attribute anchor that is elided (not the first element),
    /// as OpFormatGen does.
    pub(crate) fn elided_unit_anchor(&self, spec: &OpSpec, for_print: bool) -> Option<usize> {
        let Element::Attr { index, .. } = *self.anchor_element() else {
            return None;
        };
        if !matches!(spec.attrs[index].constraint.format, AttrFormat::Unit) {
            return None;
        }
        let is_first = |elems: &[Element], start: usize| matches!(elems.get(start), Some(Element::Attr { index: i, .. }) if *i == index);
        let first_then = if for_print {
            is_first(&self.then_elems, 0)
        } else {
            is_first(&self.then_elems, self.then_start)
        };
        if first_then || (for_print && is_first(&self.else_elems, 0)) {
            return None;
        }
        Some(index)
    }
}

/// How the parser finds the type of an operand or result not printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSource {
    /// Printed in the format (or covered by `type(operands)`/`type(results)`).
    Format,
    /// The type(s) of operand group `i`, optionally transformed.
    Operand(usize, Option<usize>),
    /// The type(s) of result group `i`, optionally transformed.
    Result(usize, Option<usize>),
    /// The type of attribute `i`'s value, optionally transformed.
    Attr(usize, Option<usize>),
    /// The constraint's buildable type.
    Buildable,
    /// Inferred by the op's `InferTypeOpInterface` hook.
    Inferred,
}

/// A compiled declarative assembly format.
#[derive(Debug)]
pub struct Format {
    pub elements: Box<[Element]>,
    /// How each operand group's types are resolved.
    pub operand_types: Box<[TypeSource]>,
    /// How each result group's types are resolved.
    pub result_types: Box<[TypeSource]>,
    pub all_operands: bool,
    pub all_operand_types: bool,
    pub all_result_types: bool,
    pub all_regions: bool,
    pub all_successors: bool,
    pub infers_result_types: bool,
    /// Attributes bound by the format (elided from `attr-dict`).
    pub used_attrs: Box<[usize]>,
    pub has_prop_dict: bool,
}

// ----------------------------------------------------------------------
// The format lexer (MLIR's FormatLexer)
// ----------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Eof,
    Caret,
    Colon,
    Comma,
    Equal,
    Less,
    Greater,
    Question,
    LParen,
    RParen,
    Star,
    Pipe,
    Literal,
    Variable,
    Str,
    Ident,
    Keyword(Kw),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kw {
    AttrDict,
    AttrDictWithKeyword,
    Custom,
    FunctionalType,
    Oilist,
    Operands,
    Params,
    Ref,
    Regions,
    Results,
    Struct,
    Successors,
    Type,
    Qualified,
    PropDict,
}

struct Lexer {
    text: &'static str,
    pos: usize,
}

impl Lexer {
    /// The next token and its (start, end) offsets.
    fn next(&mut self) -> Result<(Tok, usize, usize), FormatError> {
        let b = self.text.as_bytes();
        while let Some(&c) = b.get(self.pos) {
            if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0) {
                self.pos += 1;
            } else {
                break;
            }
        }
        let start = self.pos;
        let Some(&c) = b.get(start) else {
            return Ok((Tok::Eof, start, start));
        };
        self.pos += 1;
        let tok = match c {
            b'^' => Tok::Caret,
            b':' => Tok::Colon,
            b',' => Tok::Comma,
            b'=' => Tok::Equal,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b'?' => Tok::Question,
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'*' => Tok::Star,
            b'|' => Tok::Pipe,
            b'`' => {
                while let Some(&c) = b.get(self.pos) {
                    self.pos += 1;
                    if c == b'`' {
                        return Ok((Tok::Literal, start, self.pos));
                    }
                }
                return Err(FormatError::new(
                    self.pos,
                    "unexpected end of file in literal",
                ));
            }
            b'$' => {
                if !b
                    .get(self.pos)
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
                {
                    return Err(FormatError::new(start, "expected variable name"));
                }
                while b
                    .get(self.pos)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    self.pos += 1;
                }
                Tok::Variable
            }
            b'"' => {
                let mut escape = false;
                while let Some(&c) = b.get(self.pos) {
                    self.pos += 1;
                    if !escape && c == b'"' {
                        return Ok((Tok::Str, start, self.pos));
                    }
                    escape = c == b'\\';
                }
                return Err(FormatError::new(
                    self.pos,
                    "unexpected end of file in string",
                ));
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while b
                    .get(self.pos)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
                {
                    self.pos += 1;
                }
                match &self.text[start..self.pos] {
                    "attr-dict" => Tok::Keyword(Kw::AttrDict),
                    "attr-dict-with-keyword" => Tok::Keyword(Kw::AttrDictWithKeyword),
                    "custom" => Tok::Keyword(Kw::Custom),
                    "functional-type" => Tok::Keyword(Kw::FunctionalType),
                    "oilist" => Tok::Keyword(Kw::Oilist),
                    "operands" => Tok::Keyword(Kw::Operands),
                    "params" => Tok::Keyword(Kw::Params),
                    "ref" => Tok::Keyword(Kw::Ref),
                    "regions" => Tok::Keyword(Kw::Regions),
                    "results" => Tok::Keyword(Kw::Results),
                    "struct" => Tok::Keyword(Kw::Struct),
                    "successors" => Tok::Keyword(Kw::Successors),
                    "type" => Tok::Keyword(Kw::Type),
                    "qualified" => Tok::Keyword(Kw::Qualified),
                    "prop-dict" => Tok::Keyword(Kw::PropDict),
                    _ => Tok::Ident,
                }
            }
            _ => return Err(FormatError::new(start, "unexpected character")),
        };
        Ok((tok, start, self.pos))
    }
}

/// MLIR's `canFormatStringAsKeyword`: the same rule as the printer's bare identifiers.
pub(crate) use crate::asm::printer::attrs::is_bare_identifier as can_format_as_keyword;

/// MLIR's `isValidLiteral`; `Err` carries the reason.
fn check_literal(value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err("literal can't be empty".into());
    }
    let front = value.as_bytes()[0];
    if value.len() == 1 {
        let bare = "_:,=<>()[]{}?+*";
        if front.is_ascii_alphabetic() || bare.as_bytes().contains(&front) {
            return Ok(());
        }
        return Err(format!(
            "single character literal must be a letter or one of '{bare}'"
        ));
    }
    if value == "->" || value == "..." {
        return Ok(());
    }
    if !(front.is_ascii_alphabetic() || front == b'_') {
        return Err("valid keyword starts with a letter or '_'".into());
    }
    if !can_format_as_keyword(value) {
        return Err("keywords should contain only alphanum, '_', '$', or '.' characters".into());
    }
    Ok(())
}

// ----------------------------------------------------------------------
// The format parser (MLIR's FormatParser + OpFormatParser)
// ----------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    TopLevel,
    Custom,
    TypeDirective,
    Ref,
}

struct FormatParser<'s> {
    spec: &'s OpSpec,
    lex: Lexer,
    tok: Tok,
    tok_start: usize,
    tok_end: usize,
    has_attr_dict: bool,
    has_prop_dict: bool,
    all_operands: bool,
    all_operand_types: bool,
    all_result_types: bool,
    all_regions: bool,
    all_successors: bool,
    seen_operands: Vec<bool>,
    seen_operand_types: Vec<bool>,
    seen_result_types: Vec<bool>,
    seen_attrs: Vec<usize>,
    seen_regions: Vec<bool>,
    seen_successors: Vec<bool>,
}

type FResult<T> = Result<T, FormatError>;

impl<'s> FormatParser<'s> {
    fn bump(&mut self) -> FResult<()> {
        let (t, s, e) = self.lex.next()?;
        self.tok = t;
        self.tok_start = s;
        self.tok_end = e;
        Ok(())
    }
    fn text(&self) -> &'static str {
        &self.lex.text[self.tok_start..self.tok_end]
    }
    fn expect(&mut self, t: Tok, msg: &str) -> FResult<()> {
        if self.tok != t {
            return Err(FormatError::new(self.tok_start, msg));
        }
        self.bump()
    }

    fn parse_element(&mut self, ctx: Ctx) -> FResult<Element> {
        match self.tok {
            Tok::Literal => self.parse_literal(ctx),
            Tok::Str => {
                let loc = self.tok_start;
                let text = self.text();
                self.bump()?;
                if ctx != Ctx::Custom {
                    return Err(FormatError::new(
                        loc,
                        "strings may only be used as 'custom' directive arguments",
                    ));
                }
                // String parameters are handed over verbatim (without quotes).
                Ok(Element::Custom {
                    directive: usize::MAX,
                    params: Box::new([CustomParam::Str(&text[1..text.len() - 1])]),
                })
            }
            Tok::Variable => {
                let loc = self.tok_start;
                let name = &self.text()[1..];
                self.bump()?;
                self.parse_variable(loc, name, ctx)
            }
            Tok::Keyword(kw) => {
                let loc = self.tok_start;
                self.bump()?;
                self.parse_directive(loc, kw, ctx)
            }
            Tok::LParen => self.parse_optional_group(ctx),
            _ => Err(FormatError::new(
                self.tok_start,
                "expected literal, variable, directive, or optional group",
            )),
        }
    }

    fn parse_literal(&mut self, ctx: Ctx) -> FResult<Element> {
        let loc = self.tok_start;
        let spelling = self.text();
        self.bump()?;
        if ctx != Ctx::TopLevel {
            return Err(FormatError::new(
                loc,
                "literals may only be used in the top-level section of the format",
            ));
        }
        let value = &spelling[1..spelling.len() - 1];
        match value {
            "" => return Ok(Element::Space(false)),
            " " => return Ok(Element::Space(true)),
            "\\n" => return Ok(Element::Newline),
            _ => {}
        }
        if let Err(msg) = check_literal(value) {
            return Err(FormatError::new(
                loc,
                format!("expected valid literal but got '{value}': {msg}"),
            ));
        }
        Ok(Element::Literal(value))
    }

    fn parse_variable(&mut self, loc: usize, name: &str, ctx: Ctx) -> FResult<Element> {
        let spec = self.spec;
        let err = |m: String| Err(FormatError::new(loc, m));
        if let Some(i) = spec.attr_index(name) {
            if ctx == Ctx::TypeDirective {
                return err("attributes cannot be used as children to a `type` directive".into());
            }
            if ctx == Ctx::Ref {
                if !self.seen_attrs.contains(&i) {
                    return err(format!(
                        "attribute '{name}' must be bound before it is referenced"
                    ));
                }
            } else if self.seen_attrs.contains(&i) {
                return err(format!("attribute '{name}' is already bound"));
            } else {
                self.seen_attrs.push(i);
            }
            return Ok(Element::Attr {
                index: i,
                qualified: false,
            });
        }
        if let Some(i) = spec.operand_index(name) {
            match ctx {
                Ctx::TopLevel | Ctx::Custom => {
                    if self.all_operands || self.seen_operands[i] {
                        return err(format!("operand '{name}' is already bound"));
                    }
                    self.seen_operands[i] = true;
                }
                Ctx::Ref if !self.seen_operands[i] => {
                    return err(format!(
                        "operand '{name}' must be bound before it is referenced"
                    ));
                }
                _ => {}
            }
            return Ok(Element::Operand(i));
        }
        if let Some(i) = spec.regions.iter().position(|r| r.name == name) {
            match ctx {
                Ctx::TopLevel | Ctx::Custom => {
                    if self.all_regions || self.seen_regions[i] {
                        return err(format!("region '{name}' is already bound"));
                    }
                    self.seen_regions[i] = true;
                }
                Ctx::Ref if !self.seen_regions[i] => {
                    return err(format!(
                        "region '{name}' must be bound before it is referenced"
                    ));
                }
                Ctx::Ref => {}
                Ctx::TypeDirective => {
                    return err("regions can only be used at the top level".into());
                }
            }
            return Ok(Element::Region(i));
        }
        if let Some(i) = spec.result_index(name) {
            if ctx != Ctx::TypeDirective {
                return err(
                    "result variables can can only be used as a child to a 'type' directive".into(),
                );
            }
            // Results only appear under `type(...)`; the caller converts.
            return Ok(Element::Type {
                arg: TypeArg::Result(i),
                qualified: false,
            });
        }
        if let Some(i) = spec.successors.iter().position(|r| r.name == name) {
            match ctx {
                Ctx::TopLevel | Ctx::Custom => {
                    if self.all_successors || self.seen_successors[i] {
                        return err(format!("successor '{name}' is already bound"));
                    }
                    self.seen_successors[i] = true;
                }
                Ctx::Ref if !self.seen_successors[i] => {
                    return err(format!(
                        "successor '{name}' must be bound before it is referenced"
                    ));
                }
                Ctx::Ref => {}
                Ctx::TypeDirective => {
                    return err("successors can only be used at the top level".into());
                }
            }
            return Ok(Element::Successor(i));
        }
        err("expected variable to refer to an argument, region, result, or successor".into())
    }

    fn parse_directive(&mut self, loc: usize, kw: Kw, ctx: Ctx) -> FResult<Element> {
        let err = |m: &str| Err(FormatError::new(loc, m));
        match kw {
            Kw::AttrDict | Kw::AttrDictWithKeyword => {
                if ctx == Ctx::TypeDirective {
                    return err("'attr-dict' directive can only be used as a top-level directive");
                }
                if ctx == Ctx::Ref {
                    if !self.has_attr_dict {
                        return err(
                            "'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive",
                        );
                    }
                } else {
                    if self.has_attr_dict {
                        return err("'attr-dict' directive has already been seen");
                    }
                    self.has_attr_dict = true;
                }
                Ok(Element::AttrDict {
                    with_keyword: kw == Kw::AttrDictWithKeyword,
                })
            }
            Kw::PropDict => {
                if ctx == Ctx::TypeDirective {
                    return err("'prop-dict' directive can only be used as a top-level directive");
                }
                if self.has_prop_dict {
                    return err("'prop-dict' directive has already been seen");
                }
                self.has_prop_dict = true;
                Ok(Element::PropDict)
            }
            Kw::Custom => self.parse_custom(loc, ctx),
            Kw::FunctionalType => {
                if ctx != Ctx::TopLevel {
                    return err("'functional-type' is only valid as a top-level directive");
                }
                self.expect(Tok::LParen, "expected '(' before argument list")?;
                let inputs = self.parse_type_operand(loc, false)?;
                self.expect(Tok::Comma, "expected ',' after inputs argument")?;
                let results = self.parse_type_operand(loc, false)?;
                self.expect(Tok::RParen, "expected ')' after argument list")?;
                Ok(Element::FunctionalType(inputs, results))
            }
            Kw::Operands => {
                if ctx == Ctx::Ref {
                    if !self.all_operands {
                        return err(
                            "'ref' of 'operands' is not bound by a prior 'operands' directive",
                        );
                    }
                } else if ctx == Ctx::TopLevel || ctx == Ctx::Custom {
                    if self.all_operands || self.seen_operands.iter().any(|&s| s) {
                        return err("'operands' directive creates overlap in format");
                    }
                    self.all_operands = true;
                }
                Ok(Element::Operands)
            }
            Kw::Results => {
                if ctx != Ctx::TypeDirective {
                    return err(
                        "'results' directive can can only be used as a child to a 'type' directive",
                    );
                }
                Ok(Element::Type {
                    arg: TypeArg::Results,
                    qualified: false,
                })
            }
            Kw::Regions => {
                if ctx == Ctx::TypeDirective {
                    return err("'regions' is only valid as a top-level directive");
                }
                if ctx == Ctx::Ref {
                    if !self.all_regions {
                        return err(
                            "'ref' of 'regions' is not bound by a prior 'regions' directive",
                        );
                    }
                } else {
                    if self.all_regions || self.seen_regions.iter().any(|&s| s) {
                        return err("'regions' directive creates overlap in format");
                    }
                    self.all_regions = true;
                }
                Ok(Element::Regions)
            }
            Kw::Successors => {
                if ctx == Ctx::TypeDirective {
                    return err("'successors' is only valid as a top-level directive");
                }
                if ctx == Ctx::Ref {
                    if !self.all_successors {
                        return err(
                            "'ref' of 'successors' is not bound by a prior 'successors' directive",
                        );
                    }
                } else {
                    if self.all_successors || self.seen_successors.iter().any(|&s| s) {
                        return err("'successors' directive creates overlap in format");
                    }
                    self.all_successors = true;
                }
                Ok(Element::Successors)
            }
            Kw::Ref => {
                if ctx != Ctx::Custom {
                    return err("'ref' is only valid within a `custom` directive");
                }
                self.expect(Tok::LParen, "expected '(' before argument list")?;
                let inner = self.parse_element(Ctx::Ref)?;
                self.expect(Tok::RParen, "expected ')' after argument list")?;
                let param = element_to_param(inner).ok_or_else(|| {
                    FormatError::new(
                        loc,
                        "only variables and types may be used as parameters to a custom directive",
                    )
                })?;
                Ok(Element::Custom {
                    directive: usize::MAX,
                    params: Box::new([CustomParam::Ref(Box::new(param))]),
                })
            }
            Kw::Type => {
                if ctx == Ctx::TypeDirective {
                    return err("'type' cannot be used as a child of another `type`");
                }
                self.expect(Tok::LParen, "expected '(' before argument list")?;
                let arg = self.parse_type_operand(loc, ctx == Ctx::Ref)?;
                self.expect(Tok::RParen, "expected ')' after argument list")?;
                Ok(Element::Type {
                    arg,
                    qualified: false,
                })
            }
            Kw::Qualified => {
                self.expect(Tok::LParen, "expected '(' before argument list")?;
                let inner = self.parse_element(ctx)?;
                self.expect(Tok::RParen, "expected ')' after argument list")?;
                match inner {
                    Element::Attr { index, .. } => Ok(Element::Attr {
                        index,
                        qualified: true,
                    }),
                    Element::Type { arg, .. } => Ok(Element::Type {
                        arg,
                        qualified: true,
                    }),
                    _ => err("'qualified' directive expects an attribute or a `type` directive"),
                }
            }
            Kw::Oilist => self.parse_oilist(loc, ctx),
            Kw::Params | Kw::Struct => err("unsupported directive kind"),
        }
    }

    fn parse_type_operand(&mut self, loc: usize, is_ref: bool) -> FResult<TypeArg> {
        if self.tok == Tok::Literal {
            return Err(FormatError::new(
                loc,
                "'type' directive operand expects variable or directive operand",
            ));
        }
        let el = self.parse_element(Ctx::TypeDirective)?;
        let err = |m: String| Err(FormatError::new(loc, m));
        let spec = self.spec;
        let arg = match el {
            Element::Operand(i) => {
                let name = spec.operands[i].name;
                let seen = self.all_operand_types || self.seen_operand_types[i];
                if !is_ref && seen {
                    return err(format!("'type' of '{name}' is already bound"));
                }
                if is_ref && !seen {
                    return err(format!(
                        "'ref' of 'type(${name})' is not bound by a prior 'type' directive"
                    ));
                }
                self.seen_operand_types[i] = true;
                TypeArg::Operand(i)
            }
            Element::Type {
                arg: TypeArg::Result(i),
                ..
            } => {
                let name = spec.results[i].name;
                let seen = self.all_result_types || self.seen_result_types[i];
                if !is_ref && seen {
                    return err(format!("'type' of '{name}' is already bound"));
                }
                if is_ref && !seen {
                    return err(format!(
                        "'ref' of 'type(${name})' is not bound by a prior 'type' directive"
                    ));
                }
                self.seen_result_types[i] = true;
                TypeArg::Result(i)
            }
            Element::Operands => {
                let seen = self.all_operand_types || self.seen_operand_types.iter().any(|&s| s);
                if !is_ref && seen {
                    return err("'operands' 'type' is already bound".into());
                }
                if is_ref && !self.all_operand_types {
                    return err(
                        "'ref' of 'type(operands)' is not bound by a prior 'type' directive".into(),
                    );
                }
                self.all_operand_types = true;
                TypeArg::Operands
            }
            Element::Type {
                arg: TypeArg::Results,
                ..
            } => {
                let seen = self.all_result_types || self.seen_result_types.iter().any(|&s| s);
                if !is_ref && seen {
                    return err("'results' 'type' is already bound".into());
                }
                if is_ref && !self.all_result_types {
                    return err(
                        "'ref' of 'type(results)' is not bound by a prior 'type' directive".into(),
                    );
                }
                self.all_result_types = true;
                TypeArg::Results
            }
            _ => return err("invalid argument to 'type' directive".into()),
        };
        Ok(arg)
    }

    fn parse_custom(&mut self, loc: usize, ctx: Ctx) -> FResult<Element> {
        if ctx != Ctx::TopLevel {
            return Err(FormatError::new(
                loc,
                "'custom' is only valid as a top-level directive",
            ));
        }
        self.expect(Tok::Less, "expected '<' before custom directive name")?;
        if self.tok != Tok::Ident {
            return Err(FormatError::new(
                self.tok_start,
                "expected custom directive name identifier",
            ));
        }
        let name = self.text();
        self.bump()?;
        self.expect(Tok::Greater, "expected '>' after custom directive name")?;
        self.expect(
            Tok::LParen,
            "expected '(' before custom directive parameters",
        )?;
        let mut params = Vec::new();
        loop {
            let el = self.parse_element(Ctx::Custom)?;
            let param = element_to_param(el).ok_or_else(|| {
                FormatError::new(
                    loc,
                    "only variables and types may be used as parameters to a custom directive",
                )
            })?;
            if let CustomParam::Type(TypeArg::Operands | TypeArg::Results) = param {
                return Err(FormatError::new(
                    loc,
                    "type directives within a custom directive may only refer to variables",
                ));
            }
            params.push(param);
            if self.tok != Tok::Comma {
                break;
            }
            self.bump()?;
        }
        self.expect(
            Tok::RParen,
            "expected ')' after custom directive parameters",
        )?;
        let directive = self
            .spec
            .custom_directives
            .iter()
            .position(|d| d.name == name)
            .ok_or_else(|| {
                FormatError::new(
                    loc,
                    format!("custom directive '{name}' has no Rust implementation in the spec"),
                )
            })?;
        Ok(Element::Custom {
            directive,
            params: params.into(),
        })
    }

    /// `oilist( `kw` elements | `kw` elements ... )` (OpFormatGen's
    /// `parseOIListDirective`).
    fn parse_oilist(&mut self, loc: usize, ctx: Ctx) -> FResult<Element> {
        if ctx != Ctx::TopLevel {
            return Err(FormatError::new(
                loc,
                "'oilist' is only valid as a top-level directive",
            ));
        }
        self.expect(Tok::LParen, "expected '(' before oilist argument list")?;
        let mut clauses = Vec::new();
        loop {
            if self.tok != Tok::Literal {
                return Err(FormatError::new(
                    self.tok_start,
                    format!("expected literal, but got '{}'", self.text()),
                ));
            }
            let keyword = match self.parse_literal(Ctx::TopLevel)? {
                Element::Literal(k) => k,
                _ => {
                    return Err(FormatError::new(
                        loc,
                        "expected keyword literal at the start of an oilist clause",
                    ))
                }
            };
            let mut elems = Vec::new();
            while !matches!(self.tok, Tok::Pipe | Tok::RParen) {
                if self.tok == Tok::Eof {
                    return Err(FormatError::new(
                        self.tok_start,
                        "expected ')' after oilist argument list",
                    ));
                }
                let el = self.parse_element(Ctx::TopLevel)?;
                self.verify_oilist_element(loc, &el)?;
                elems.push(el);
            }
            clauses.push(OIListClause {
                keyword,
                elems: elems.into(),
            });
            let done = self.tok == Tok::RParen;
            self.bump()?;
            if done {
                break;
            }
        }
        Ok(Element::OIList(clauses.into()))
    }

    /// OpFormatGen's `verifyOIListParsingElement`: a clause may hold
    /// literals, types, optional attributes, variable-length operands,
    /// regions and custom directives of those.
    fn verify_oilist_element(&self, loc: usize, el: &Element) -> FResult<()> {
        let spec = self.spec;
        let attr = |i: usize| {
            if matches!(spec.attrs[i].presence, AttrPresence::Required) {
                return Err(FormatError::new(
                    loc,
                    "only optional attributes can be used in an oilist parsing group",
                ));
            }
            Ok(())
        };
        let operand = |i: usize| {
            if spec.operands[i].arity == Arity::Single {
                return Err(FormatError::new(
                    loc,
                    "only variable length operands can be used within an oilist parsing group",
                ));
            }
            Ok(())
        };
        match el {
            Element::Attr { index, .. } => attr(*index),
            Element::Operand(i) => operand(*i),
            Element::Custom { params, .. } => {
                for prm in params.iter() {
                    match prm {
                        CustomParam::Attr(i) => attr(*i)?,
                        CustomParam::Operand(i) => operand(*i)?,
                        _ => {}
                    }
                }
                Ok(())
            }
            Element::Literal(_)
            | Element::Space(_)
            | Element::Newline
            | Element::Type { .. }
            | Element::FunctionalType(..)
            | Element::Region(_) => Ok(()),
            _ => Err(FormatError::new(
                loc,
                "only literals, types, and variables can be used within an oilist group",
            )),
        }
    }

    fn parse_optional_group(&mut self, ctx: Ctx) -> FResult<Element> {
        let loc = self.tok_start;
        self.bump()?;
        if ctx != Ctx::TopLevel {
            return Err(FormatError::new(
                loc,
                "optional groups can only be used as top-level elements",
            ));
        }
        let mut anchor: Option<(bool, usize)> = None;
        let mut then_elems = Vec::new();
        self.parse_group_children(&mut then_elems, &mut anchor, false)?;
        self.bump()?;
        let mut else_elems = Vec::new();
        if self.tok == Tok::Colon {
            self.bump()?;
            self.expect(
                Tok::LParen,
                "expected '(' to start else branch of optional group",
            )?;
            self.parse_group_children(&mut else_elems, &mut anchor, true)?;
            self.bump()?;
        }
        self.expect(Tok::Question, "expected '?' after optional group")?;
        let Some((inverted, anchor)) = anchor else {
            return Err(FormatError::new(
                loc,
                "optional group has no anchor element",
            ));
        };
        for (i, el) in then_elems.iter().enumerate() {
            self.verify_group_element(loc, el, !inverted && i == anchor)?;
        }
        for (i, el) in else_elems.iter().enumerate() {
            // MLIR verifies the else group without an anchor.
            let _ = i;
            self.verify_group_element(loc, el, false)?;
        }
        let ws = |e: &Element| matches!(e, Element::Space(_) | Element::Newline);
        let then_start = then_elems
            .iter()
            .position(|e| !ws(e))
            .unwrap_or(then_elems.len());
        let else_start = else_elems
            .iter()
            .position(|e| !ws(e))
            .unwrap_or(else_elems.len());
        let first_ok = matches!(
            then_elems.get(then_start),
            Some(
                Element::Literal(_)
                    | Element::Operand(_)
                    | Element::Attr { .. }
                    | Element::Region(_)
                    | Element::Successor(_)
            )
        );
        if !first_ok {
            return Err(FormatError::new(
                loc,
                "first parsable element of an optional group must be a literal or variable",
            ));
        }
        Ok(Element::Optional(Box::new(OptionalGroup {
            then_elems: then_elems.into(),
            else_elems: else_elems.into(),
            anchor,
            inverted,
            then_start,
            else_start,
        })))
    }

    fn parse_group_children(
        &mut self,
        out: &mut Vec<Element>,
        anchor: &mut Option<(bool, usize)>,
        is_else: bool,
    ) -> FResult<()> {
        loop {
            let el = self.parse_element(Ctx::TopLevel)?;
            if self.tok == Tok::Caret {
                if anchor.is_some() {
                    return Err(FormatError::new(
                        self.tok_start,
                        "only one element can be marked as the anchor of an optional group",
                    ));
                }
                *anchor = Some((is_else, out.len()));
                self.bump()?;
            }
            out.push(el);
            if self.tok == Tok::RParen {
                return Ok(());
            }
            if self.tok == Tok::Eof {
                return Err(FormatError::new(
                    self.tok_start,
                    "expected literal, variable, directive, or optional group",
                ));
            }
        }
    }

    fn verify_group_element(&self, loc: usize, el: &Element, is_anchor: bool) -> FResult<()> {
        let spec = self.spec;
        let err = |m: &str| Err(FormatError::new(loc, m));
        match el {
            Element::Attr { index, .. } => {
                let a = &spec.attrs[*index];
                if is_anchor && matches!(a.presence, AttrPresence::Required) {
                    return err("only optional or default-valued attributes can be used to anchor an optional group");
                }
                Ok(())
            }
            Element::Operand(i) => {
                if spec.operands[*i].arity == Arity::Single {
                    return err(
                        "only variable length operands can be used within an optional group",
                    );
                }
                Ok(())
            }
            Element::Type { arg, .. } => self.verify_type_arg_in_group(loc, *arg),
            Element::FunctionalType(a, b) => {
                self.verify_type_arg_in_group(loc, *a)?;
                self.verify_type_arg_in_group(loc, *b)
            }
            Element::Region(_) => Ok(()),
            Element::Successor(_) => Ok(()),
            Element::Custom { params, .. } => {
                if is_anchor {
                    for p in params.iter() {
                        match p {
                            CustomParam::Ref(_) | CustomParam::Str(_) => {}
                            CustomParam::Attr(i) => self.verify_group_element(
                                loc,
                                &Element::Attr {
                                    index: *i,
                                    qualified: false,
                                },
                                true,
                            )?,
                            CustomParam::Operand(i) => {
                                self.verify_group_element(loc, &Element::Operand(*i), true)?
                            }
                            CustomParam::Type(a) => self.verify_type_arg_in_group(loc, *a)?,
                            _ => {}
                        }
                    }
                }
                Ok(())
            }
            Element::Literal(_) | Element::Space(_) | Element::Newline | Element::Optional(_) => {
                if is_anchor {
                    return err("only variables and types can be used to anchor an optional group");
                }
                Ok(())
            }
            _ => err("only literals, types, and variables can be used within an optional group"),
        }
    }

    fn verify_type_arg_in_group(&self, loc: usize, arg: TypeArg) -> FResult<()> {
        match arg {
            TypeArg::Operand(i) if self.spec.operands[i].arity == Arity::Single => {
                Err(FormatError::new(
                    loc,
                    "only variable length operands can be used within an optional group",
                ))
            }
            TypeArg::Result(i) if self.spec.results[i].arity == Arity::Single => {
                Err(FormatError::new(
                    loc,
                    "only variable length results can be used within an optional group",
                ))
            }
            _ => Ok(()),
        }
    }
}

/// A parsed element as a custom directive parameter.
fn element_to_param(el: Element) -> Option<CustomParam> {
    Some(match el {
        Element::Operand(i) => CustomParam::Operand(i),
        Element::Attr { index, .. } => CustomParam::Attr(index),
        Element::Region(i) => CustomParam::Region(i),
        Element::Successor(i) => CustomParam::Successor(i),
        Element::Type { arg, .. } => CustomParam::Type(arg),
        Element::AttrDict { .. } => CustomParam::AttrDict,
        Element::Custom {
            directive: usize::MAX,
            mut params,
        } if params.len() == 1 => std::mem::replace(&mut params[0], CustomParam::AttrDict),
        _ => return None,
    })
}

/// OpFormatGen's `verifyOIListElements`: the keywords of an `oilist` may
/// not start a clause of the next `oilist` nor be the next literal, or the
/// parser could not tell where the list ends.
fn verify_oilist_neighbours(elements: &[Element]) -> Result<(), FormatError> {
    let mut prohibited: Vec<&str> = Vec::new();
    for el in elements {
        match el {
            Element::OIList(clauses) => {
                if let Some(c) = clauses.iter().find(|c| prohibited.contains(&c.keyword)) {
                    return Err(FormatError::new(
                        0,
                        format!(
                            "format ambiguity because {} is used in two adjacent oilist elements.",
                            c.keyword
                        ),
                    ));
                }
                prohibited.extend(clauses.iter().map(|c| c.keyword));
            }
            Element::Literal(l) => {
                if prohibited.contains(l) {
                    return Err(FormatError::new(
                        0,
                        format!(
                            "format ambiguity because {l} is used both in oilist element and the adjacent literal."
                        ),
                    ));
                }
                prohibited.clear();
            }
            _ => prohibited.clear(),
        }
    }
    Ok(())
}

/// Whether `el` is optionally parsed (MLIR's `isOptionallyParsed`).
fn optionally_parsed(spec: &OpSpec, el: &Element) -> bool {
    match el {
        Element::Attr { index, .. } => {
            !matches!(spec.attrs[*index].presence, AttrPresence::Required)
        }
        Element::Operand(i) => spec.operands[*i].arity != Arity::Single,
        Element::Successor(i) => spec.successors[*i].variadic,
        Element::Region(i) => spec.regions[*i].variadic,
        Element::Space(_) | Element::Newline | Element::AttrDict { .. } => true,
        _ => false,
    }
}

/// MLIR's `checkRangeForElement`: `Some(true)` when an invalid element was
/// found, `Some(false)` when a closing valid element was found, `None` at
/// the end.
fn check_range(
    spec: &OpSpec,
    is_invalid: &dyn Fn(&Element) -> bool,
    elems: &[Element],
    guard: Option<usize>,
) -> Option<bool> {
    for (i, el) in elems.iter().enumerate() {
        if is_invalid(el) {
            return Some(true);
        }
        if let Element::Optional(g) = el {
            if let Some(true) = check_range(spec, is_invalid, &g.then_elems, Some(0)) {
                return Some(true);
            }
            if let Some(true) = check_range(spec, is_invalid, &g.else_elems, None) {
                return Some(true);
            }
            continue;
        }
        if let Element::OIList(clauses) = el {
            for c in clauses.iter() {
                if let Some(true) = check_range(spec, is_invalid, &c.elems, None) {
                    return Some(true);
                }
            }
            continue;
        }
        if Some(i) != guard && optionally_parsed(spec, el) {
            continue;
        }
        return Some(false);
    }
    None
}

/// MLIR's `verifyAdjacentElements`: `Err(base)` when an invalid element
/// follows a base element; `Ok(Some(base))` when a base reached the end.
fn verify_adjacent<'e>(
    spec: &OpSpec,
    is_base: &dyn Fn(&Element) -> bool,
    is_invalid: &dyn Fn(&Element) -> bool,
    elems: &'e [Element],
) -> Result<Option<&'e Element>, &'e Element> {
    for (i, el) in elems.iter().enumerate() {
        let base = if is_base(el) {
            el
        } else if let Element::Optional(g) = el {
            let t = verify_adjacent(spec, is_base, is_invalid, &g.then_elems)?;
            let e = verify_adjacent(spec, is_base, is_invalid, &g.else_elems)?;
            match t.or(e) {
                Some(b) => b,
                None => continue,
            }
        } else {
            continue;
        };
        match check_range(spec, is_invalid, &elems[i + 1..], None) {
            Some(true) => return Err(base),
            Some(false) => {}
            None => return Ok(Some(base)),
        }
    }
    Ok(None)
}

impl Format {
    /// Whether the format has a `custom<...>` directive, whose printer may
    /// print anything; without one, what the format prints is a function of
    /// the op's own operands, results, attributes and properties.
    pub fn has_custom_directive(&self) -> bool {
        fn any_custom(elems: &[Element]) -> bool {
            elems.iter().any(|e| match e {
                Element::Custom { .. } => true,
                Element::Optional(g) => any_custom(&g.then_elems) || any_custom(&g.else_elems),
                Element::OIList(clauses) => clauses.iter().any(|c| any_custom(&c.elems)),
                _ => false,
            })
        }
        any_custom(&self.elements)
    }

    /// Compiles `text` against `spec`, with MLIR's validation.
    pub fn compile(spec: &OpSpec, text: &'static str) -> Result<Format, FormatError> {
        let mut p = FormatParser {
            spec,
            lex: Lexer { text, pos: 0 },
            tok: Tok::Eof,
            tok_start: 0,
            tok_end: 0,
            has_attr_dict: false,
            has_prop_dict: false,
            all_operands: false,
            all_operand_types: false,
            all_result_types: false,
            all_regions: false,
            all_successors: false,
            seen_operands: vec![false; spec.operands.len()],
            seen_operand_types: vec![false; spec.operands.len()],
            seen_result_types: vec![false; spec.results.len()],
            seen_attrs: Vec::new(),
            seen_regions: vec![false; spec.regions.len()],
            seen_successors: vec![false; spec.successors.len()],
        };
        p.bump()?;
        let mut elements = Vec::new();
        while p.tok != Tok::Eof {
            elements.push(p.parse_element(Ctx::TopLevel)?);
        }
        p.verify(elements)
    }
}

impl FormatParser<'_> {
    fn verify(self, elements: Vec<Element>) -> Result<Format, FormatError> {
        let spec = self.spec;
        let loc = 0;
        if !self.has_attr_dict {
            return Err(FormatError::new(
                loc,
                "'attr-dict' directive not found in custom assembly format",
            ));
        }
        verify_oilist_neighbours(&elements)?;
        // Attributes whose parser accepts a trailing `: type` must not be followed by `:`.
        let is_base = |el: &Element| match el {
            Element::Attr { index, qualified } => {
                let c = spec.attrs[*index].constraint;
                match c.format {
                    // An array literal never takes a trailing `: type`, so
                    // `$reassociation attr-dict `:`` (upstream's reshape ops)
                    // is not ambiguous; nor is a string, parsed with its
                    // value type `none` as upstream's `StringBasedAttr`.
                    AttrFormat::WithoutType(_) | AttrFormat::Array | AttrFormat::String => false,
                    AttrFormat::Generic => true,
                    _ => *qualified,
                }
            }
            _ => false,
        };
        let is_colon = |el: &Element| matches!(el, Element::Literal(":"));
        if let Err(Element::Attr { index, .. }) =
            verify_adjacent(spec, &is_base, &is_colon, &elements)
        {
            return Err(FormatError::new(
                loc,
                format!(
                    "format ambiguity caused by `:` literal found after attribute `{}` which does not have a buildable type",
                    spec.attrs[*index].name
                ),
            ));
        }
        let is_dict = |el: &Element| {
            matches!(
                el,
                Element::AttrDict {
                    with_keyword: false
                }
            )
        };
        let is_region = |el: &Element| matches!(el, Element::Region(_));
        if verify_adjacent(spec, &is_dict, &is_region, &elements).is_err() {
            let name = first_region_after_dict(&elements)
                .map(|i| spec.regions[i].name)
                .unwrap_or("");
            return Err(FormatError::new(
                loc,
                format!(
                    "format ambiguity caused by `attr-dict` directive followed by region `{name}`"
                ),
            )
            .with_note("try using `attr-dict-with-keyword` instead"));
        }

        // Type resolution from the op's type relations.
        let mut resolver: Vec<(Slot, TypeSource)> = Vec::new();
        let find_seen = |name: &str| -> Option<TypeSource> {
            if let Some(i) = spec.operand_index(name) {
                return self.seen_operand_types[i].then_some(TypeSource::Operand(i, None));
            }
            if let Some(i) = spec.result_index(name) {
                return self.seen_result_types[i].then_some(TypeSource::Result(i, None));
            }
            if let Some(i) = spec.attr_index(name) {
                return self
                    .seen_attrs
                    .contains(&i)
                    .then_some(TypeSource::Attr(i, None));
            }
            None
        };
        let slot_of = |name: &str| -> Option<Slot> {
            spec.operand_index(name)
                .map(Slot::Operand)
                .or_else(|| spec.result_index(name).map(Slot::Result))
        };
        let set =
            |resolver: &mut Vec<(Slot, TypeSource)>, slot: Slot, src: TypeSource| match resolver
                .iter_mut()
                .find(|(s, _)| *s == slot)
            {
                Some(e) => e.1 = src,
                None => resolver.push((slot, src)),
            };
        let mut can_infer = false;
        for (rule_index, rule) in spec.type_rules.iter().enumerate() {
            match rule {
                TypeRule::AllTypesMatch(names) => {
                    for (i, n) in names.iter().enumerate() {
                        let Some(src) = find_seen(n) else { continue };
                        for (j, m) in names.iter().enumerate() {
                            if i != j {
                                if let Some(slot) = slot_of(m) {
                                    set(&mut resolver, slot, src);
                                }
                            }
                        }
                    }
                }
                TypeRule::SameTypeOperands | TypeRule::SameOperandsAndResultType => {
                    let include_results = matches!(rule, TypeRule::SameOperandsAndResultType);
                    let src = if let Some(i) = self.seen_operand_types.iter().position(|&s| s) {
                        TypeSource::Operand(i, None)
                    } else if include_results {
                        match self.seen_result_types.iter().position(|&s| s) {
                            Some(i) => TypeSource::Result(i, None),
                            None => continue,
                        }
                    } else {
                        continue;
                    };
                    for i in 0..spec.operands.len() {
                        if !self.seen_operand_types[i] {
                            set(&mut resolver, Slot::Operand(i), src);
                        }
                    }
                    if include_results {
                        for i in 0..spec.results.len() {
                            if !self.seen_result_types[i] {
                                set(&mut resolver, Slot::Result(i), src);
                            }
                        }
                    }
                }
                TypeRule::TypesMatchWith { lhs, rhs, .. } => {
                    if let (Some(src), Some(slot)) = (find_seen(lhs), slot_of(rhs)) {
                        let src = match src {
                            TypeSource::Operand(i, _) => TypeSource::Operand(i, Some(rule_index)),
                            TypeSource::Result(i, _) => TypeSource::Result(i, Some(rule_index)),
                            TypeSource::Attr(i, _) => TypeSource::Attr(i, Some(rule_index)),
                            s => s,
                        };
                        set(&mut resolver, slot, src);
                    }
                }
                // Op predicates and rank relations determine no type.
                TypeRule::Pred { .. } | TypeRule::SameOperandsAndResultRank => {}
            }
        }
        if spec.infer_result_types.is_some() || spec.infer_result_types_from_regions.is_some() {
            can_infer = true;
        }
        let lookup = |slot: Slot| resolver.iter().find(|(s, _)| *s == slot).map(|e| e.1);

        // Results.
        let mut result_types = vec![TypeSource::Format; spec.results.len()];
        let mut infers_result_types = false;
        if !self.all_result_types {
            if !spec.results.is_empty() && !self.seen_result_types.iter().any(|&s| s) && can_infer {
                infers_result_types = true;
                result_types
                    .iter_mut()
                    .for_each(|t| *t = TypeSource::Inferred);
            } else {
                for (i, r) in spec.results.iter().enumerate() {
                    if self.seen_result_types[i] {
                        continue;
                    }
                    if let Some(src) = lookup(Slot::Result(i)) {
                        result_types[i] = src;
                        continue;
                    }
                    if r.constraint.builder.is_none() || r.arity != Arity::Single {
                        return Err(FormatError::new(
                            loc,
                            format!("type of result #{i}, named '{}', is not buildable and a buildable type cannot be inferred", r.name),
                        )
                        .with_note(format!("suggest adding a type constraint to the operation or adding a 'type(${})' directive to the custom assembly format", r.name)));
                    }
                    result_types[i] = TypeSource::Buildable;
                }
            }
        }
        // Operands.
        let mut operand_types = vec![TypeSource::Format; spec.operands.len()];
        for (i, o) in spec.operands.iter().enumerate() {
            if !self.all_operands && !self.seen_operands[i] {
                return Err(FormatError::new(
                    loc,
                    format!("operand #{i}, named '{}', not found", o.name),
                )
                .with_note(format!(
                    "suggest adding a '${}' directive to the custom assembly format",
                    o.name
                )));
            }
            if self.all_operand_types || self.seen_operand_types[i] {
                continue;
            }
            if let Some(src) = lookup(Slot::Operand(i)) {
                operand_types[i] = src;
                continue;
            }
            if o.constraint.builder.is_none() || (self.all_operands && o.arity != Arity::Single) {
                return Err(FormatError::new(
                    loc,
                    format!("type of operand #{i}, named '{}', is not buildable and a buildable type cannot be inferred", o.name),
                )
                .with_note(format!("suggest adding a type constraint to the operation or adding a 'type(${})' directive to the custom assembly format", o.name)));
            }
            operand_types[i] = TypeSource::Buildable;
        }
        if !self.all_regions {
            for (i, r) in spec.regions.iter().enumerate() {
                if !self.seen_regions[i] {
                    return Err(FormatError::new(
                        loc,
                        format!("region #{i}, named '{}', not found", r.name),
                    )
                    .with_note(format!(
                        "suggest adding a '${}' directive to the custom assembly format",
                        r.name
                    )));
                }
            }
        }
        if !self.all_successors {
            for (i, s) in spec.successors.iter().enumerate() {
                if !self.seen_successors[i] {
                    return Err(FormatError::new(
                        loc,
                        format!("successor #{i}, named '{}', not found", s.name),
                    )
                    .with_note(format!(
                        "suggest adding a '${}' directive to the custom assembly format",
                        s.name
                    )));
                }
            }
        }
        Ok(Format {
            elements: elements.into(),
            operand_types: operand_types.into(),
            result_types: result_types.into(),
            all_operands: self.all_operands,
            all_operand_types: self.all_operand_types,
            all_result_types: self.all_result_types,
            all_regions: self.all_regions,
            all_successors: self.all_successors,
            infers_result_types,
            used_attrs: self.seen_attrs.into(),
            has_prop_dict: self.has_prop_dict,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Slot {
    Operand(usize),
    Result(usize),
}

fn first_region_after_dict(elems: &[Element]) -> Option<usize> {
    let mut after = false;
    for el in elems {
        match el {
            Element::AttrDict {
                with_keyword: false,
            } => after = true,
            Element::Region(i) if after => return Some(*i),
            Element::Optional(g) => {
                if let Some(i) = first_region_after_dict(&g.then_elems) {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The transform of a `TypesMatchWith` rule, by rule index.
pub(crate) fn rule_transform(
    spec: &OpSpec,
    rule: usize,
) -> Option<fn(&crate::Context, Type) -> Type> {
    match spec.type_rules.get(rule) {
        Some(TypeRule::TypesMatchWith { transform, .. }) => Some(*transform),
        _ => None,
    }
}
