//! Pass declarations from TableGen (MLIR's `mlir-tblgen -gen-pass-decls`
//! and `-gen-pass-doc`): the `Pass`/`InterfacePass` records of a
//! `Passes.td` (classes of `mlir/Pass/PassBase.td`) become, per pass, the
//! Rust half upstream generates in C++:
//!
//! - `<R>_STATISTICS`: the statistics table;
//! - `<R>Options`: the options as typed fields with the declared defaults
//!   (upstream's `struct <R>Options`);
//! - `<R>Base`: the option store a pass instance parses `pass{a=1}` into,
//!   with one typed getter per option (upstream's `impl::<R>Base`);
//! - `impl Pass for <rustType>`: name (unless `PassImpl::display_name`
//!   gives one, as upstream's `getName` may be overridden), argument,
//!   summary, anchor op,
//!   options, statistics and dependent dialects from the record, with
//!   `initialize`, `can_schedule_on` and `run_on_operation` forwarded to the
//!   hand-written `PassImpl` of the type;
//! - `create_<r>()`, `create_<r>_with(&<R>Options)`, `register_<r>_pass()`
//!   and one `register_<group>_passes()` for the whole file.
//!
//! The generated code names `::mlir_transforms` and `::mlir_ir`; it is
//! meant to be `include!`d (see `crate::build::generate_pass_decls`).
//! Malformed records (an option type the generator cannot map, a default
//! that is not a value of its type, a duplicate argument, an anchor that is
//! not an op) are located errors at the record that holds them.

use std::fmt::Write;

use crate::ods::{screaming, snake};
use crate::tablegen::{Diagnostic, Record, RecordKeeper};

/// The ops a pass runs on.
#[derive(Clone, Debug, PartialEq)]
pub enum Anchor {
    /// Any op (`Pass<"arg">`).
    Any,
    /// Ops of this name (`Pass<"arg", "func.func">`).
    Op(String),
    /// Ops implementing this interface, decided by the implementation
    /// (`InterfacePass<"arg", "FunctionOpInterface">`).
    Interface(String),
}

/// The integer flavours of `llvm::cl` (`mlir_transforms::pass::IntKind`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IntFlavour {
    Int,
    UInt,
    Long,
    ULong,
}

impl IntFlavour {
    fn variant(self) -> &'static str {
        match self {
            IntFlavour::Int => "Int",
            IntFlavour::UInt => "UInt",
            IntFlavour::Long => "Long",
            IntFlavour::ULong => "ULong",
        }
    }
    fn rust_type(self) -> &'static str {
        match self {
            IntFlavour::Int => "i32",
            IntFlavour::UInt => "u32",
            IntFlavour::Long => "i64",
            IntFlavour::ULong => "u64",
        }
    }
    fn range(self) -> (i128, i128) {
        match self {
            IntFlavour::Int => (i32::MIN as i128, i32::MAX as i128),
            IntFlavour::UInt => (0, u32::MAX as i128),
            IntFlavour::Long => (i64::MIN as i128, i64::MAX as i128),
            IntFlavour::ULong => (0, u64::MAX as i128),
        }
    }
}

/// The type of an option's value (of each element, for a list).
#[derive(Clone, Debug, PartialEq)]
pub enum OptionType {
    Bool,
    Int(IntFlavour),
    String,
    /// The cases (C++ enumerator, argument name, description).
    Enum(Vec<(String, String, String)>),
}

/// A default value, already checked against the option's type.
#[derive(Clone, Debug, PartialEq)]
pub enum DefaultValue {
    Bool(bool),
    Int(i128),
    /// A string, or an enum case's argument name.
    Str(String),
    /// A list option: empty.
    EmptyList,
}

/// One `Option`/`ListOption` of a pass.
#[derive(Clone, Debug, PartialEq)]
pub struct PassOptionDecl {
    /// The Rust field and getter name (`cppName` in snake case).
    pub field: String,
    pub argument: String,
    pub description: String,
    pub ty: OptionType,
    pub is_list: bool,
    pub default: DefaultValue,
}

/// One `Statistic` of a pass.
#[derive(Clone, Debug, PartialEq)]
pub struct StatisticDecl {
    pub name: String,
    pub description: String,
}

/// A pass record, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct PassDecl {
    /// The record name (`Canonicalizer`).
    pub record: String,
    /// The name shown in timing and statistics.
    pub name: String,
    pub argument: String,
    pub summary: String,
    pub description: String,
    pub anchor: Anchor,
    /// The Rust type implementing the pass.
    pub rust_type: String,
    /// The Rust expression creating an instance, if not `Default`.
    pub constructor: Option<String>,
    pub dependent_dialects: Vec<String>,
    pub options: Vec<PassOptionDecl>,
    pub statistics: Vec<StatisticDecl>,
}

/// The passes declared in `main_file` (records merely included are not
/// generated), with every error found.
pub fn build_pass_decls(
    rk: &RecordKeeper,
    main_file: &str,
) -> Result<Vec<PassDecl>, Vec<Diagnostic>> {
    let mut decls: Vec<PassDecl> = Vec::new();
    let mut errors = Vec::new();
    for r in rk.defs_derived_from("PassBase") {
        if r.loc.file.as_ref() != main_file {
            continue;
        }
        match build_pass(rk, r) {
            Ok(d) => {
                if let Some(prev) = decls.iter().find(|p| p.argument == d.argument) {
                    errors.push(r.field_error(
                        "argument",
                        format!(
                            "pass '{}' has the argument '{}' of pass '{}'",
                            d.record, d.argument, prev.record
                        ),
                    ));
                } else {
                    decls.push(d);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(decls)
    } else {
        Err(errors)
    }
}

fn build_pass(rk: &RecordKeeper, r: &Record) -> Result<PassDecl, Diagnostic> {
    let argument = r.get_string("argument")?.to_string();
    if argument.is_empty() || argument.contains(char::is_whitespace) {
        return Err(r.field_error(
            "argument",
            format!(
                "pass '{}' needs a command-line argument without spaces, not '{argument}'",
                r.name
            ),
        ));
    }
    let anchor = parse_anchor(r)?;
    // `rustType` and `passName` are rmlir's; records of a base library
    // without them get the defaults.
    let optional = |f: &str| -> Result<Option<&str>, Diagnostic> {
        if r.has_field(f) {
            r.get_optional_string(f)
        } else {
            Ok(None)
        }
    };
    let rust_type = match optional("rustType")? {
        Some(t) if !t.is_empty() => t.to_string(),
        _ if r.name.ends_with("Pass") => r.name.clone(),
        _ => format!("{}Pass", r.name),
    };
    let name = match optional("passName")? {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => r.name.clone(),
    };
    let constructor = r
        .get_optional_string("constructor")?
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_string);
    let dependent_dialects = r
        .get_list_of_strings("dependentDialects")?
        .into_iter()
        .map(str::to_string)
        .collect();
    let mut options: Vec<PassOptionDecl> = Vec::new();
    for o in r.get_list_of_defs("options")? {
        let Some(orec) = rk.def(o) else {
            return Err(r.field_error("options", format!("unknown option record '{o}'")));
        };
        let decl = build_option(r, orec)?;
        if options.iter().any(|x| x.argument == decl.argument) {
            return Err(option_error(
                r,
                "options",
                format!(
                    "pass '{}' declares option '{}' twice",
                    r.name, decl.argument
                ),
            ));
        }
        if options.iter().any(|x| x.field == decl.field) {
            return Err(option_error(
                r,
                "options",
                format!(
                    "pass '{}' declares two options named '{}'",
                    r.name,
                    orec.get_string("cppName")?
                ),
            ));
        }
        options.push(decl);
    }
    let mut statistics: Vec<StatisticDecl> = Vec::new();
    for s in r.get_list_of_defs("statistics")? {
        let Some(srec) = rk.def(s) else {
            return Err(r.field_error("statistics", format!("unknown statistic record '{s}'")));
        };
        let name = srec.get_string("name")?.to_string();
        if name.is_empty() || statistics.iter().any(|x| x.name == name) {
            return Err(option_error(
                r,
                "statistics",
                format!(
                    "pass '{}' needs distinct, non-empty statistic names, not '{name}'",
                    r.name
                ),
            ));
        }
        statistics.push(StatisticDecl {
            name,
            description: srec.get_string("description")?.to_string(),
        });
    }
    Ok(PassDecl {
        record: r.name.clone(),
        name,
        argument,
        summary: r.get_string("summary")?.to_string(),
        description: r.get_string("description")?.to_string(),
        anchor,
        rust_type,
        constructor,
        dependent_dialects,
        options,
        statistics,
    })
}

/// The anchor from `baseClass` (`::mlir::OperationPass<X>`).
fn parse_anchor(r: &Record) -> Result<Anchor, Diagnostic> {
    let base = r.get_string("baseClass")?;
    let inner = |prefix: &str| {
        base.strip_prefix(prefix)
            .and_then(|s| s.strip_suffix('>'))
            .map(str::trim)
    };
    if let Some(op) = inner("::mlir::OperationPass<") {
        let op = match op.trim_start_matches("::").trim_start_matches("mlir::") {
            "" => return Ok(Anchor::Any),
            "ModuleOp" => "builtin.module",
            "func::FuncOp" => "func.func",
            other if is_op_name(other) => other,
            other => {
                return Err(r.error(format!(
                    "pass '{}' is anchored on '{other}', which is neither an op name \
                     ('dialect.op') nor one of upstream's ModuleOp, func::FuncOp",
                    r.name
                )))
            }
        };
        return Ok(Anchor::Op(op.to_string()));
    }
    if let Some(i) = inner("::mlir::InterfacePass<") {
        if !i.is_empty() {
            return Ok(Anchor::Interface(i.to_string()));
        }
    }
    Err(r.field_error(
        "baseClass",
        format!(
            "pass '{}' has the base class '{base}'; derive from Pass<...> or InterfacePass<...>",
            r.name
        ),
    ))
}

fn is_op_name(s: &str) -> bool {
    let mut parts = s.splitn(2, '.');
    let dialect = parts.next().unwrap_or("");
    let rest = parts.next().unwrap_or("");
    !dialect.is_empty()
        && !rest.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
}

/// An error about an option or statistic record, at the pass's `field`
/// (`options`/`statistics`) where the pass sets it. The record itself
/// cannot locate it: an anonymous `Option<...>` carries its class's
/// location and is shared by every identical instantiation.
fn option_error(pass: &Record, field: &str, msg: String) -> Diagnostic {
    pass.field_error(field, msg)
}

fn build_option(pass: &Record, o: &Record) -> Result<PassOptionDecl, Diagnostic> {
    let cpp_name = o.get_string("cppName")?;
    let argument = o.get_string("argument")?.to_string();
    let ty_text = o.get_string("type")?.trim();
    let default_text = o.get_string("defaultValue")?.trim();
    let flags = o.get_string("additionalOptFlags")?;
    let is_list = o.is_subclass_of("ListOption");
    let err = |msg: String| option_error(pass, "options", msg);
    if cpp_name.is_empty()
        || !cpp_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        || cpp_name.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(err(format!(
            "option '{argument}' of pass '{}' needs an identifier as its variable name, not '{cpp_name}'",
            pass.name
        )));
    }
    if argument.is_empty() || argument.contains(|c: char| c.is_whitespace() || c == '=') {
        return Err(err(format!(
            "option '{cpp_name}' of pass '{}' needs an argument without spaces or '=', not '{argument}'",
            pass.name
        )));
    }
    let ty = match ty_text {
        "bool" => OptionType::Bool,
        "int" | "int32_t" | "signed" => OptionType::Int(IntFlavour::Int),
        "unsigned" | "unsigned int" | "uint32_t" => OptionType::Int(IntFlavour::UInt),
        "int64_t" | "long" | "long long" => OptionType::Int(IntFlavour::Long),
        "uint64_t" | "unsigned long" | "size_t" => OptionType::Int(IntFlavour::ULong),
        "std::string" | "::std::string" => OptionType::String,
        _ if flags.contains("clEnumValN") => OptionType::Enum(
            parse_enum_cases(flags)
                .map_err(|m| err(format!("option '{argument}' of pass '{}': {m}", pass.name)))?,
        ),
        _ => {
            return Err(err(format!(
                "option '{argument}' of pass '{}' has the type '{ty_text}', which the pass \
                 generator does not support (bool, int, unsigned, int64_t, uint64_t, \
                 std::string, or an enum whose cases are listed with clEnumValN)",
                pass.name
            )))
        }
    };
    let bad_default = |what: &str| {
        err(format!(
            "option '{argument}' of pass '{}' has the default '{default_text}', which is not {what}",
            pass.name
        ))
    };
    let default = if is_list {
        if !default_text.is_empty() {
            return Err(bad_default("empty (list options start empty)"));
        }
        DefaultValue::EmptyList
    } else {
        match &ty {
            OptionType::Bool => match default_text {
                "" | "false" => DefaultValue::Bool(false),
                "true" => DefaultValue::Bool(true),
                _ => return Err(bad_default("'true' or 'false'")),
            },
            OptionType::Int(k) => {
                let v = if default_text.is_empty() {
                    Some(0)
                } else {
                    default_text.parse::<i128>().ok()
                };
                let (lo, hi) = k.range();
                match v.filter(|v| (lo..=hi).contains(v)) {
                    Some(v) => DefaultValue::Int(v),
                    None => {
                        return Err(bad_default(&format!(
                            "a decimal integer in the range of '{ty_text}'"
                        )))
                    }
                }
            }
            OptionType::String => {
                if default_text.is_empty() {
                    DefaultValue::Str(String::new())
                } else {
                    match parse_cpp_string(default_text) {
                        Some((s, "")) => DefaultValue::Str(s),
                        _ => return Err(bad_default("a C++ string literal")),
                    }
                }
            }
            OptionType::Enum(cases) => {
                let last = |s: &str| s.rsplit("::").next().unwrap_or(s).to_string();
                let found = if default_text.is_empty() {
                    cases.first()
                } else {
                    cases
                        .iter()
                        .find(|(e, _, _)| e == default_text)
                        .or_else(|| cases.iter().find(|(e, _, _)| last(e) == last(default_text)))
                };
                match found {
                    Some((_, n, _)) => DefaultValue::Str(n.clone()),
                    None => return Err(bad_default("one of the enum's clEnumValN cases")),
                }
            }
        }
    };
    Ok(PassOptionDecl {
        field: snake(cpp_name),
        argument,
        description: o.get_string("description")?.to_string(),
        ty,
        is_list,
        default,
    })
}

/// A C++ string literal at the start of `s` (after blanks): its value and
/// the text after it.
fn parse_cpp_string(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    let body = s.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, body[i + 1..].trim_start())),
            '\\' => {
                let (_, e) = chars.next()?;
                out.push(match e {
                    'n' => '\n',
                    't' => '\t',
                    '0' => '\0',
                    other => other,
                });
            }
            other => out.push(other),
        }
    }
    None
}

/// The cases of `::llvm::cl::values(clEnumValN(E, "name", "desc"), ...)`.
fn parse_enum_cases(flags: &str) -> Result<Vec<(String, String, String)>, String> {
    let mut cases = Vec::new();
    let mut rest = flags;
    while let Some(p) = rest.find("clEnumValN") {
        let malformed = || "a clEnumValN(...) is not (enumerator, \"name\", \"description\")";
        let after = rest[p + "clEnumValN".len()..].trim_start();
        let after = after.strip_prefix('(').ok_or_else(malformed)?;
        let comma = after.find(',').ok_or_else(malformed)?;
        let enumerator = after[..comma].trim().to_string();
        let (name, tail) = parse_cpp_string(&after[comma + 1..]).ok_or_else(malformed)?;
        let tail = tail.strip_prefix(',').ok_or_else(malformed)?;
        let (desc, tail) = parse_cpp_string(tail).ok_or_else(malformed)?;
        let tail = tail.strip_prefix(')').ok_or_else(malformed)?;
        if enumerator.is_empty() || cases.iter().any(|(_, n, _)| *n == name) {
            return Err(format!("the enum case '{name}' is unnamed or repeated"));
        }
        cases.push((enumerator, name, desc));
        rest = tail;
    }
    Ok(cases)
}

/// Generates the Rust declarations of every pass of `main_file`, with
/// `register_<group>_passes` registering them all.
pub fn gen_pass_decls(
    rk: &RecordKeeper,
    main_file: &str,
    group: &str,
) -> Result<String, Vec<Diagnostic>> {
    let decls = build_pass_decls(rk, main_file)?;
    Ok(emit_pass_decls(&decls, group))
}

fn lit(s: &str) -> String {
    format!("{s:?}")
}

/// The Rust type of one element of an option.
fn element_type(t: &OptionType) -> &'static str {
    match t {
        OptionType::Bool => "bool",
        OptionType::Int(k) => k.rust_type(),
        OptionType::String | OptionType::Enum(_) => "::std::string::String",
    }
}

/// The `mlir_transforms::pass::OptionKind` of an option's elements.
fn option_kind(t: &OptionType) -> String {
    const P: &str = "::mlir_transforms::pass";
    match t {
        OptionType::Bool => format!("{P}::OptionKind::Bool"),
        OptionType::Int(k) => format!("{P}::OptionKind::Int({P}::IntKind::{})", k.variant()),
        OptionType::String => format!("{P}::OptionKind::String"),
        OptionType::Enum(cases) => {
            let mut s = format!("{P}::OptionKind::Enum(::std::vec![");
            for (_, n, d) in cases {
                let _ = write!(s, "({}.to_string(), {}.to_string()), ", lit(n), lit(d));
            }
            s.push_str("])");
            s
        }
    }
}

/// The Rust value of a default, for the typed options struct.
fn default_expr(o: &PassOptionDecl) -> String {
    match &o.default {
        DefaultValue::Bool(b) => b.to_string(),
        DefaultValue::Int(i) => format!("{i}{}", element_type(&o.ty)),
        DefaultValue::Str(s) => format!("{}.to_string()", lit(s)),
        DefaultValue::EmptyList => "::std::vec::Vec::new()".to_string(),
    }
}

/// The `PassOption` constructor call declaring `o`.
fn declare_expr(o: &PassOptionDecl) -> String {
    const P: &str = "::mlir_transforms::pass::PassOption";
    let (a, d) = (lit(&o.argument), lit(&o.description));
    if o.is_list {
        return format!("{P}::list({a}, {d}, {})", option_kind(&o.ty));
    }
    match (&o.ty, &o.default) {
        (OptionType::Bool, DefaultValue::Bool(b)) => format!("{P}::bool({a}, {d}, {b})"),
        (OptionType::Int(k), DefaultValue::Int(i)) => format!(
            "{P}::int({a}, {d}, ::mlir_transforms::pass::IntKind::{}, {i})",
            k.variant()
        ),
        (OptionType::Enum(cases), DefaultValue::Str(s)) => {
            let mut v = String::from("&[");
            for (_, n, desc) in cases {
                let _ = write!(v, "({}, {}), ", lit(n), lit(desc));
            }
            v.push(']');
            format!("{P}::enumeration({a}, {d}, {v}, {})", lit(s))
        }
        (_, DefaultValue::Str(s)) => format!("{P}::string({a}, {d}, {})", lit(s)),
        // A default of another shape is rejected when the model is built.
        _ => format!("{P}::string({a}, {d}, \"\")"),
    }
}

/// The expression reading option `o` from `PassOptions` `src` as its typed
/// value.
fn read_expr(o: &PassOptionDecl, src: &str) -> String {
    let a = lit(&o.argument);
    if o.is_list {
        return match &o.ty {
            OptionType::String | OptionType::Enum(_) => format!("{src}.get_list({a})"),
            t => format!(
                "{src}.get_list({a}).iter().filter_map(|e| e.parse::<{}>().ok()).collect()",
                element_type(t)
            ),
        };
    }
    match &o.ty {
        OptionType::Bool => format!("{src}.get_bool({a})"),
        // `get_int` answers `i64` already.
        OptionType::Int(IntFlavour::Long) => format!("{src}.get_int({a})"),
        OptionType::Int(k) => format!("{src}.get_int({a}) as {}", k.rust_type()),
        OptionType::String | OptionType::Enum(_) => format!("{src}.get_str({a}).to_string()"),
    }
}

/// The `OptionValue` of one typed element `e` (an expression).
fn value_expr(t: &OptionType, e: &str) -> String {
    const V: &str = "::mlir_transforms::pass::options::OptionValue";
    match t {
        OptionType::Bool => format!("{V}::Bool({e})"),
        OptionType::Int(_) => format!("{V}::Int({e} as i128)"),
        OptionType::String | OptionType::Enum(_) => format!("{V}::Str({e}.clone())"),
    }
}

/// The Rust source for `decls` (see the module documentation).
pub fn emit_pass_decls(decls: &[PassDecl], group: &str) -> String {
    let mut out = String::new();
    out.push_str("// Generated by mlir-ods from a Passes.td; do not edit.\n");
    for d in decls {
        emit_pass(d, &mut out);
    }
    let group_fn = snake(group).trim_start_matches("r#").to_string();
    let _ = writeln!(
        out,
        "\n/// Registers every pass declared in the `.td` file (upstream's\n/// `register{group}Passes`)."
    );
    let _ = writeln!(
        out,
        "pub fn register_{group_fn}_passes(registry: &mut ::mlir_transforms::pass::PassRegistry) {{"
    );
    for d in decls {
        let _ = writeln!(out, "    register_{}_pass(registry);", fn_stem(d));
    }
    out.push_str("}\n");
    out
}

/// The snake-case stem of a pass's functions (`CSE` → `cse`).
fn fn_stem(d: &PassDecl) -> String {
    snake(&d.record).trim_start_matches("r#").to_string()
}

fn emit_pass(d: &PassDecl, out: &mut String) {
    const P: &str = "::mlir_transforms::pass";
    let r = &d.record;
    let stem = fn_stem(d);
    let upper = screaming(r);
    let ty = &d.rust_type;
    let has_options = !d.options.is_empty();
    let _ = writeln!(out, "\n// ===== `{}` ({r}) =====\n", d.argument);

    // Statistics.
    let _ = writeln!(
        out,
        "/// The statistics of `{}`, in report order.",
        d.argument
    );
    let _ = writeln!(
        out,
        "pub static {upper}_STATISTICS: &[{P}::StatisticInfo] = &["
    );
    for s in &d.statistics {
        let _ = writeln!(
            out,
            "    {P}::StatisticInfo {{ name: {}, description: {} }},",
            lit(&s.name),
            lit(&s.description)
        );
    }
    out.push_str("];\n");
    let _ = writeln!(
        out,
        "/// The dialects `{}` may create entities of.\npub static {upper}_DEPENDENT_DIALECTS: &[&str] = &[{}];",
        d.argument,
        d.dependent_dialects
            .iter()
            .map(|s| lit(s))
            .collect::<Vec<_>>()
            .join(", ")
    );

    if has_options {
        // The typed options.
        let _ = writeln!(
            out,
            "\n/// The options of `{}` as typed values (upstream's `{r}Options`).",
            d.argument
        );
        let _ = writeln!(
            out,
            "#[derive(Clone, Debug, PartialEq)]\npub struct {r}Options {{"
        );
        for o in &d.options {
            let t = element_type(&o.ty);
            let t = if o.is_list {
                format!("::std::vec::Vec<{t}>")
            } else {
                t.to_string()
            };
            let _ = writeln!(
                out,
                "    /// `{}`: {}\n    pub {}: {t},",
                o.argument, o.description, o.field
            );
        }
        out.push_str("}\n");
        let _ = writeln!(
            out,
            "// Spelled out even where a derive would do, so that the defaults read as declared.\n#[allow(clippy::derivable_impls)]\nimpl ::std::default::Default for {r}Options {{\n    fn default() -> Self {{\n        {r}Options {{"
        );
        for o in &d.options {
            let _ = writeln!(out, "            {}: {},", o.field, default_expr(o));
        }
        out.push_str("        }\n    }\n}\n");

        // The base holding the parsed options.
        let _ = writeln!(
            out,
            "\n/// The declared half of `{}` (upstream's `{r}Base`): the options an\n/// instance parses `{}{{...}}` into, read through typed getters.",
            d.argument, d.argument
        );
        let _ = writeln!(
            out,
            "#[derive(Clone, Debug, PartialEq)]\npub struct {r}Base {{\n    options: {P}::PassOptions,\n}}"
        );
        let _ = writeln!(
            out,
            "impl ::std::default::Default for {r}Base {{\n    fn default() -> Self {{\n        {r}Base {{ options: Self::declare_options() }}\n    }}\n}}"
        );
        let _ = writeln!(out, "impl {r}Base {{");
        let _ = writeln!(
            out,
            "    /// The option declarations with their defaults, in declaration order.\n    pub fn declare_options() -> {P}::PassOptions {{\n        {P}::PassOptions::new()"
        );
        for o in &d.options {
            let _ = writeln!(out, "            .with({})", declare_expr(o));
        }
        out.push_str("    }\n");
        let _ = writeln!(
            out,
            "    /// A base whose options hold `typed`.\n    pub fn with_options(typed: &{r}Options) -> Self {{\n        let mut options = Self::declare_options();"
        );
        for o in &d.options {
            let v = if o.is_list {
                let e = match o.ty {
                    OptionType::String | OptionType::Enum(_) => "e",
                    _ => "*e",
                };
                format!(
                    "typed.{}.iter().map(|e| {}).collect()",
                    o.field,
                    value_expr(&o.ty, e)
                )
            } else {
                format!(
                    "::std::vec![{}]",
                    value_expr(&o.ty, &format!("typed.{}", o.field))
                )
            };
            let _ = writeln!(
                out,
                "        options.set_values({}, {v});",
                lit(&o.argument)
            );
        }
        let _ = writeln!(out, "        {r}Base {{ options }}\n    }}");
        let _ = writeln!(
            out,
            "    /// The parsed options.\n    pub fn options(&self) -> &{P}::PassOptions {{\n        &self.options\n    }}"
        );
        let _ = writeln!(
            out,
            "    /// The options for parsing.\n    pub fn options_mut(&mut self) -> &mut {P}::PassOptions {{\n        &mut self.options\n    }}"
        );
        let _ = writeln!(
            out,
            "    /// All options as typed values.\n    pub fn typed_options(&self) -> {r}Options {{\n        {r}Options {{"
        );
        for o in &d.options {
            let _ = writeln!(
                out,
                "            {}: {},",
                o.field,
                read_expr(o, "self.options")
            );
        }
        out.push_str("        }\n    }\n");
        for o in &d.options {
            let a = lit(&o.argument);
            let (ret, body) = if o.is_list {
                let t = element_type(&o.ty);
                (
                    format!("::std::vec::Vec<{t}>"),
                    read_expr(o, "self.options"),
                )
            } else {
                match &o.ty {
                    OptionType::String | OptionType::Enum(_) => {
                        ("&str".to_string(), format!("self.options.get_str({a})"))
                    }
                    _ => (
                        element_type(&o.ty).to_string(),
                        read_expr(o, "self.options"),
                    ),
                }
            };
            let _ = writeln!(
                out,
                "    /// `{}`: {}\n    pub fn {}(&self) -> {ret} {{\n        {body}\n    }}",
                o.argument, o.description, o.field
            );
        }
        out.push_str("}\n");
    }

    // The Pass implementation.
    let _ = writeln!(
        out,
        "\nimpl {P}::Pass for {ty} {{\n    fn name(&self) -> &str {{\n        {P}::PassImpl::display_name(self).unwrap_or({})\n    }}\n    fn argument(&self) -> &str {{\n        {}\n    }}\n    fn description(&self) -> &str {{\n        {}\n    }}",
        lit(&d.name),
        lit(&d.argument),
        lit(&d.summary)
    );
    let anchor_check = match &d.anchor {
        Anchor::Op(op) => {
            let _ = writeln!(
                out,
                "    fn op_name(&self) -> ::std::option::Option<&str> {{\n        ::std::option::Option::Some({})\n    }}",
                lit(op)
            );
            format!("&*info.name == {} && ", lit(op))
        }
        Anchor::Any | Anchor::Interface(_) => String::new(),
    };
    let _ = writeln!(
        out,
        "    fn can_schedule_on(&self, info: &::mlir_ir::OpInfo) -> bool {{\n        {anchor_check}{P}::PassImpl::can_schedule_on(self, info)\n    }}"
    );
    if has_options {
        let _ = writeln!(
            out,
            "    fn options(&self) -> ::std::option::Option<&{P}::PassOptions> {{\n        ::std::option::Option::Some(self.base.options())\n    }}\n    fn options_mut(&mut self) -> ::std::option::Option<&mut {P}::PassOptions> {{\n        ::std::option::Option::Some(self.base.options_mut())\n    }}"
        );
    }
    let _ = writeln!(
        out,
        "    fn statistics(&self) -> &'static [{P}::StatisticInfo] {{\n        {upper}_STATISTICS\n    }}\n    fn dependent_dialects(&self) -> &'static [&'static str] {{\n        {upper}_DEPENDENT_DIALECTS\n    }}"
    );
    let _ = writeln!(
        out,
        "    fn initialize(&mut self, ctx: &::mlir_ir::Context) -> ::std::result::Result<(), ()> {{\n        {P}::PassImpl::initialize(self, ctx)\n    }}"
    );
    let _ = writeln!(
        out,
        "    fn run_on_operation(\n        &mut self,\n        ir: &mut ::mlir_ir::Ir,\n        op: ::mlir_ir::OpRef,\n        cx: &mut {P}::PassContext<'_>,\n    ) -> ::std::result::Result<(), ()> {{\n        {P}::PassImpl::run_on_operation(self, ir, op, cx)\n    }}\n}}"
    );

    // Creation and registration.
    let make = d
        .constructor
        .clone()
        .unwrap_or_else(|| format!("<{ty} as ::std::default::Default>::default()"));
    let _ = writeln!(
        out,
        "\n/// A new `{}` pass with default options (upstream's `create{r}`).\npub fn create_{stem}() -> ::std::boxed::Box<dyn {P}::Pass> {{\n    ::std::boxed::Box::new({make})\n}}",
        d.argument
    );
    if has_options {
        let _ = writeln!(
            out,
            "/// A new `{}` pass with `options`.\npub fn create_{stem}_with(options: &{r}Options) -> ::std::boxed::Box<dyn {P}::Pass> {{\n    let mut pass = create_{stem}();\n    if let ::std::option::Option::Some(o) = pass.options_mut() {{\n        *o = {r}Base::with_options(options).options;\n    }}\n    pass\n}}",
            d.argument
        );
    }
    let _ = writeln!(
        out,
        "/// Registers `{}` (upstream's `register{r}Pass`).\npub fn register_{stem}_pass(registry: &mut {P}::PassRegistry) {{\n    registry.register_pass(create_{stem});\n}}",
        d.argument
    );
}

/// Generates Markdown documentation of every pass of `main_file` (as
/// `mlir-tblgen -gen-pass-doc`: per pass its argument, summary,
/// description, options and statistics).
pub fn gen_pass_doc(rk: &RecordKeeper, main_file: &str) -> Result<String, Vec<Diagnostic>> {
    let decls = build_pass_decls(rk, main_file)?;
    let mut s = String::new();
    for d in &decls {
        let _ = writeln!(s, "### `-{}`\n", d.argument);
        if !d.summary.is_empty() {
            let _ = writeln!(s, "_{}_\n", d.summary);
        }
        let desc = super::unindent(&d.description);
        if !desc.is_empty() {
            let _ = writeln!(s, "{desc}\n");
        }
        match &d.anchor {
            Anchor::Any => {}
            Anchor::Op(op) => {
                let _ = writeln!(s, "Runs on `{op}` ops.\n");
            }
            Anchor::Interface(i) => {
                let _ = writeln!(s, "Runs on ops implementing `{i}`.\n");
            }
        }
        if !d.options.is_empty() {
            s.push_str("#### Options\n\n```\n");
            let width = d
                .options
                .iter()
                .map(|o| o.argument.len())
                .max()
                .unwrap_or(0);
            for o in &d.options {
                let _ = writeln!(s, "-{:width$} : {}", o.argument, o.description);
            }
            s.push_str("```\n\n");
        }
        if !d.statistics.is_empty() {
            s.push_str("#### Statistics\n\n```\n");
            let width = d.statistics.iter().map(|o| o.name.len()).max().unwrap_or(0);
            for o in &d.statistics {
                let _ = writeln!(s, "{:width$} : {}", o.name, o.description);
            }
            s.push_str("```\n\n");
        }
    }
    Ok(s)
}
