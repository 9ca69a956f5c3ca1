//! Typed pass options (MLIR's `PassOptions`): declaration, parsing of the
//! `{key=value ...}` option string with MLIR's quoting rules, printing in
//! the form `--dump-pass-pipeline` shows, and help text.
//!
//! The parsing follows `mlir/lib/Pass/PassRegistry.cpp` (`parseNextArg`,
//! `extractArgAndUpdateOptions`, `parseCommaSeparatedList`) and the value
//! parsers follow `llvm::cl`, including their error messages, so that bad
//! options are reported as mlir-opt reports them.

use std::fmt::Write as _;

/// The integer flavours of `llvm::cl`, which differ in range and in the
/// name used in help text and error messages.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IntKind {
    /// `int` (32-bit signed).
    Int,
    /// `long` (`int64_t`).
    Long,
    /// `uint` (32-bit unsigned).
    UInt,
    /// `ulong` (`uint64_t`).
    ULong,
}

impl IntKind {
    /// The name `llvm::cl` shows in help (`<long>`).
    fn help_name(self) -> &'static str {
        match self {
            IntKind::Int => "int",
            IntKind::Long => "long",
            IntKind::UInt => "uint",
            IntKind::ULong => "ulong",
        }
    }
    /// The name `llvm::cl` uses in its "value invalid" error.
    fn error_name(self) -> &'static str {
        match self {
            IntKind::Int => "integer",
            IntKind::Long => "long",
            IntKind::UInt => "uint",
            IntKind::ULong => "ulong",
        }
    }
    fn range(self) -> (i128, i128) {
        match self {
            IntKind::Int => (i32::MIN as i128, i32::MAX as i128),
            IntKind::Long => (i64::MIN as i128, i64::MAX as i128),
            IntKind::UInt => (0, u32::MAX as i128),
            IntKind::ULong => (0, u64::MAX as i128),
        }
    }
}

/// The type of an option's value (of each element, for list options).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    Bool,
    Int(IntKind),
    String,
    /// One of the named values, each with a description.
    Enum(Vec<(String, String)>),
    /// A group of options (MLIR's `PassPipelineOptions` used as an option
    /// value, e.g. `list={{a=1 b=x},{a=2}}`): the template's defaults.
    Nested(PassOptions),
}

/// A parsed option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    Bool(bool),
    Int(i128),
    Str(String),
    Nested(PassOptions),
}

impl OptionValue {
    fn print(&self, out: &mut String) {
        match self {
            OptionValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            OptionValue::Int(i) => {
                let _ = write!(out, "{i}");
            }
            OptionValue::Str(s) => print_string_value(out, s),
            // `{a=1 b=2 }`, as MLIR prints nested pipeline options.
            OptionValue::Nested(o) => {
                if o.is_empty() {
                    out.push_str("{}");
                } else {
                    o.print(out);
                    out.insert(out.len() - 1, ' ');
                }
            }
        }
    }
}

/// MLIR prints a string option in braces when it contains a space before
/// any character that would itself start an escape.
fn print_string_value(out: &mut String, s: &str) {
    let space = s.find(' ');
    let escape = s.find(['{', '\'', '"']);
    let braces = match (space, escape) {
        (Some(sp), Some(es)) => sp < es,
        (Some(_), None) => true,
        _ => false,
    };
    if braces {
        out.push('{');
    }
    out.push_str(s);
    if braces {
        out.push('}');
    }
}

/// One declared option of a pass.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PassOption {
    /// The option's argument (`max-iterations`).
    pub name: String,
    pub description: String,
    pub kind: OptionKind,
    /// A list option (`a,b,c`).
    pub is_list: bool,
    value: Vec<OptionValue>,
    default: Vec<OptionValue>,
    /// Whether a list option's value still is its default (the first
    /// occurrence replaces the default instead of appending, as `llvm::cl`).
    list_is_default: bool,
}

impl PassOption {
    fn new(
        name: &str,
        description: &str,
        kind: OptionKind,
        is_list: bool,
        v: Vec<OptionValue>,
    ) -> Self {
        PassOption {
            name: name.to_string(),
            description: description.to_string(),
            kind,
            is_list,
            value: v.clone(),
            default: v,
            list_is_default: true,
        }
    }
    /// A boolean option.
    pub fn bool(name: &str, description: &str, default: bool) -> Self {
        Self::new(
            name,
            description,
            OptionKind::Bool,
            false,
            vec![OptionValue::Bool(default)],
        )
    }
    /// An integer option of flavour `kind`.
    pub fn int(name: &str, description: &str, kind: IntKind, default: i128) -> Self {
        Self::new(
            name,
            description,
            OptionKind::Int(kind),
            false,
            vec![OptionValue::Int(default)],
        )
    }
    /// A string option.
    pub fn string(name: &str, description: &str, default: &str) -> Self {
        Self::new(
            name,
            description,
            OptionKind::String,
            false,
            vec![OptionValue::Str(default.to_string())],
        )
    }
    /// An enum-like option: one of `values` (name, description).
    pub fn enumeration(
        name: &str,
        description: &str,
        values: &[(&str, &str)],
        default: &str,
    ) -> Self {
        let values = values
            .iter()
            .map(|(n, d)| (n.to_string(), d.to_string()))
            .collect();
        Self::new(
            name,
            description,
            OptionKind::Enum(values),
            false,
            vec![OptionValue::Str(default.to_string())],
        )
    }
    /// A list option whose elements are of `kind`; empty by default.
    pub fn list(name: &str, description: &str, kind: OptionKind) -> Self {
        Self::new(name, description, kind, true, Vec::new())
    }

    /// Restores the default value.
    pub fn reset(&mut self) {
        self.value = self.default.clone();
        self.list_is_default = true;
    }

    /// Parses one element with `llvm::cl`'s parser for the option's type.
    fn parse_element(&self, text: &str) -> Result<OptionValue, String> {
        match &self.kind {
            OptionKind::Bool => match text {
                "" | "true" | "TRUE" | "True" | "1" => Ok(OptionValue::Bool(true)),
                "false" | "FALSE" | "False" | "0" => Ok(OptionValue::Bool(false)),
                _ => Err(format!(
                    "'{text}' is invalid value for boolean argument! Try 0 or 1"
                )),
            },
            OptionKind::Int(k) => {
                let (lo, hi) = k.range();
                parse_cl_integer(text)
                    .filter(|v| (lo..=hi).contains(v))
                    .map(OptionValue::Int)
                    .ok_or_else(|| {
                        format!("'{text}' value invalid for {} argument!", k.error_name())
                    })
            }
            OptionKind::String => Ok(OptionValue::Str(text.to_string())),
            OptionKind::Enum(values) => {
                if values.iter().any(|(n, _)| n == text) {
                    Ok(OptionValue::Str(text.to_string()))
                } else {
                    Err(format!("Cannot find option named '{text}'!"))
                }
            }
            OptionKind::Nested(template) => {
                let mut o = template.clone();
                o.parse_from_str(text).map_err(|e| {
                    let mut m = e.cl_messages.join("\n");
                    m.push_str(e.stream.trim_end());
                    m
                })?;
                Ok(OptionValue::Nested(o))
            }
        }
    }

    /// Handles one occurrence `name=value` (`llvm::cl::ProvidePositionalOption`).
    fn set_from_str(&mut self, value: &str) -> Result<(), String> {
        if !self.is_list {
            self.value = vec![self.parse_element(value)?];
            return Ok(());
        }
        if self.list_is_default {
            self.value.clear();
            self.list_is_default = false;
        }
        let mut elems = Vec::new();
        // A braced group of nested options is one element, whatever commas
        // it holds; for other lists `{1,2},3` flattens to three elements.
        let flatten = !matches!(self.kind, OptionKind::Nested(_));
        parse_comma_separated_list(value, flatten, &mut elems);
        for e in elems {
            let v = self.parse_element(&e)?;
            self.value.push(v);
        }
        Ok(())
    }

    /// Prints `name=value` as MLIR does (nothing for an empty list).
    fn print(&self, out: &mut String) {
        if self.is_list {
            if self.value.is_empty() {
                return;
            }
            out.push_str(&self.name);
            out.push_str("={");
            for (i, v) in self.value.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                v.print(out);
            }
            out.push('}');
            return;
        }
        out.push_str(&self.name);
        out.push('=');
        if let Some(v) = self.value.first() {
            v.print(out);
        }
    }

    /// The `--name=<type>` part of the help line.
    fn help_arg(&self) -> String {
        match &self.kind {
            OptionKind::Bool => format!("--{}", self.name),
            OptionKind::Int(k) => format!("--{}=<{}>", self.name, k.help_name()),
            OptionKind::String => format!("--{}=<string>", self.name),
            OptionKind::Enum(_) | OptionKind::Nested(_) => format!("--{}=<value>", self.name),
        }
    }
}

/// The set of options of one pass instance.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PassOptions {
    options: Vec<PassOption>,
}

/// A failure to parse an option string: what `llvm::cl` prints on its own
/// (`for the --x option: ...`, to be prefixed with the tool name) and what
/// MLIR puts in the error stream.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct OptionsError {
    /// Messages `llvm::cl` prints directly to stderr.
    pub cl_messages: Vec<String>,
    /// The text MLIR's option parser writes to its error stream.
    pub stream: String,
}

impl PassOptions {
    pub fn new() -> Self {
        Self::default()
    }
    /// Declares an option (builder style).
    pub fn with(mut self, option: PassOption) -> Self {
        self.options.push(option);
        self
    }
    /// Declares an option.
    pub fn add(&mut self, option: PassOption) {
        self.options.push(option);
    }
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }
    /// The declared options, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = &PassOption> {
        self.options.iter()
    }
    fn find_mut(&mut self, name: &str) -> &mut PassOption {
        self.options
            .iter_mut()
            .find(|o| o.name == name)
            .unwrap_or_else(|| panic!("pass option '{name}' is not declared"))
    }

    fn find(&self, name: &str) -> &PassOption {
        self.options
            .iter()
            .find(|o| o.name == name)
            .unwrap_or_else(|| panic!("pass option '{name}' is not declared"))
    }

    /// The value of bool option `name`.
    pub fn get_bool(&self, name: &str) -> bool {
        matches!(self.find(name).value.first(), Some(OptionValue::Bool(true)))
    }
    /// The value of integer option `name`.
    pub fn get_int(&self, name: &str) -> i64 {
        match self.find(name).value.first() {
            Some(OptionValue::Int(i)) => *i as i64,
            _ => 0,
        }
    }
    /// The value of string or enum option `name`.
    pub fn get_str(&self, name: &str) -> &str {
        match self.find(name).value.first() {
            Some(OptionValue::Str(s)) => s,
            _ => "",
        }
    }
    /// The elements of list option `name` as text.
    /// The values of a list of nested option groups.
    pub fn get_nested_list(&self, name: &str) -> Vec<PassOptions> {
        self.find(name)
            .value
            .iter()
            .filter_map(|v| match v {
                OptionValue::Nested(o) => Some(o.clone()),
                _ => None,
            })
            .collect()
    }

    /// Sets the value of option `name` (one element unless it is a list
    /// option), e.g. from the typed options of a pass declared in
    /// TableGen. A list set to its default still is replaced, not
    /// extended, by the first occurrence parsed later.
    pub fn set_values(&mut self, name: &str, values: Vec<OptionValue>) {
        let o = self.find_mut(name);
        o.list_is_default = values == o.default;
        o.value = values;
    }

    /// Replaces the values of the list option `name` by `values` (as if
    /// given on the command line), e.g. to forward a pipeline's options
    /// to the pass it builds.
    pub fn set_nested_list(&mut self, name: &str, values: Vec<PassOptions>) {
        let o = self.find_mut(name);
        o.value = values.into_iter().map(OptionValue::Nested).collect();
        o.list_is_default = false;
    }

    pub fn get_list(&self, name: &str) -> Vec<String> {
        self.find(name)
            .value
            .iter()
            .map(|v| {
                let mut s = String::new();
                match v {
                    OptionValue::Str(x) => s.push_str(x),
                    other => other.print(&mut s),
                }
                s
            })
            .collect()
    }

    /// Parses `text` (the inside of `{...}` or the value of `--pass=...`) and
    /// sets the options it names, as MLIR's `PassOptions::parseFromString`.
    pub fn parse_from_str(&mut self, text: &str) -> Result<(), OptionsError> {
        let mut rest = text;
        while !rest.is_empty() {
            let (key, value, next) = parse_next_arg(rest);
            rest = next;
            if key.is_empty() {
                continue;
            }
            let Some(opt) = self.options.iter_mut().find(|o| o.name == key) else {
                return Err(OptionsError {
                    cl_messages: Vec::new(),
                    stream: format!("<Pass-Options-Parser>: no such option {key}\n"),
                });
            };
            if let Err(msg) = opt.set_from_str(&value) {
                return Err(OptionsError {
                    cl_messages: vec![format!("for the --{key} option: {msg}")],
                    stream: String::new(),
                });
            }
        }
        Ok(())
    }

    /// Prints the options as `{a=1 b=2}` (sorted by name; nothing when the
    /// pass has no options), as MLIR's `PassOptions::print`.
    pub fn print(&self, out: &mut String) {
        if self.options.is_empty() {
            return;
        }
        let mut sorted: Vec<&PassOption> = self.options.iter().collect();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        out.push('{');
        for (i, o) in sorted.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            o.print(out);
        }
        out.push('}');
    }

    /// Help lines for the options (sorted by name), indented by `indent`,
    /// descriptions starting at column `desc_col`.
    pub fn help(&self, indent: usize, desc_col: usize) -> String {
        let mut sorted: Vec<&PassOption> = self.options.iter().collect();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        let mut out = String::new();
        for o in sorted {
            let arg = o.help_arg();
            let pad = desc_col.saturating_sub(indent + arg.len()).max(1);
            let _ = writeln!(out, "{:indent$}{arg}{:pad$}- {}", "", "", o.description);
            if let OptionKind::Enum(values) = &o.kind {
                // As LLVM prints an enum's values: at a fixed indent of four
                // whatever the option's, with the description column moved
                // left by the option's indent beyond two (so in
                // `--list-passes`, values sit under their option and their
                // dashes two columns left of the option's).
                let value_col = (desc_col + 2).saturating_sub(indent);
                for (n, d) in values {
                    let arg = format!("={n}");
                    let pad = value_col.saturating_sub(4 + arg.len()).max(1);
                    let _ = writeln!(out, "    {arg}{:pad$}-   {d}", "");
                }
            }
        }
        out
    }

    /// The width of the widest `--name=<type>` (for aligning help).
    pub fn help_width(&self) -> usize {
        self.options
            .iter()
            .map(|o| o.help_arg().len())
            .max()
            .unwrap_or(0)
    }
}

/// `llvm::StringRef::getAsInteger` with radix auto-detection (`0x`, `0b`,
/// `0o`/leading `0`) and an optional minus sign.
fn parse_cl_integer(text: &str) -> Option<i128> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let (radix, body) = if let Some(b) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (16, b)
    } else if let Some(b) = digits
        .strip_prefix("0b")
        .or_else(|| digits.strip_prefix("0B"))
    {
        (2, b)
    } else if let Some(b) = digits.strip_prefix("0o") {
        (8, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let v = i128::from_str_radix(body, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// The index of the next `c` in `s` from `from`, skipping `{...}`, `(...)`,
/// `[...]` and quoted literals (MLIR's `findChar`).
fn find_char(s: &[u8], from: usize, c: u8) -> Option<usize> {
    let mut i = from;
    while i < s.len() {
        if s[i] == c {
            return Some(i);
        }
        let skip = match s[i] {
            b'{' => find_char(s, i + 1, b'}'),
            b'(' => find_char(s, i + 1, b')'),
            b'[' => find_char(s, i + 1, b']'),
            b'"' => s[i + 1..]
                .iter()
                .position(|&x| x == b'"')
                .map(|p| p + i + 1),
            b'\'' => s[i + 1..]
                .iter()
                .position(|&x| x == b'\'')
                .map(|p| p + i + 1),
            _ => Some(i),
        };
        i = skip? + 1;
    }
    None
}

/// Takes the first `n` bytes of `*rest` as an argument: trimmed, with one
/// level of quotes or of enclosing braces removed (MLIR's
/// `extractArgAndUpdateOptions`).
fn extract_arg(rest: &mut &str, n: usize) -> String {
    let s = rest[..n].trim();
    *rest = rest[n..].trim_start();
    if s.len() <= 1 {
        return s.to_string();
    }
    for q in ['\'', '"'] {
        if s.starts_with(q) && s.ends_with(q) {
            return s[1..s.len() - 1].trim().to_string();
        }
    }
    if s.starts_with('{') && find_char(s.as_bytes(), 1, b'}') == Some(s.len() - 1) {
        return s[1..s.len() - 1].trim().to_string();
    }
    s.to_string()
}

/// Splits off the next `key[=value]` (MLIR's `parseNextArg`).
fn parse_next_arg(options: &str) -> (String, String, &str) {
    let mut rest = options;
    let b = rest.as_bytes();
    let mut end = 0;
    loop {
        if end == b.len() || b[end] == b' ' {
            let key = extract_arg(&mut rest, end);
            return (key, String::new(), rest);
        }
        if b[end] == b'=' {
            break;
        }
        end += 1;
    }
    let key = extract_arg(&mut rest, end);
    rest = &rest[1..];
    let b = rest.as_bytes();
    // Jumps over a quoted literal starting at `i` (to its closing quote).
    let punct = |i: &mut usize| -> bool {
        let q = b[*i];
        if q != b'"' && q != b'\'' {
            return false;
        }
        if let Some(p) = b[*i + 1..].iter().position(|&x| x == q) {
            *i += 1 + p;
        }
        true
    };
    let mut i = 0;
    loop {
        if i >= b.len() || b[i] == b' ' {
            let end = i.min(b.len());
            let value = extract_arg(&mut rest, end);
            return (key, value, rest);
        }
        if punct(&mut i) {
            i += 1;
            continue;
        }
        if b[i] == b'{' {
            let mut depth = 1;
            i += 1;
            while i < b.len() {
                if punct(&mut i) {
                    i += 1;
                    continue;
                }
                if b[i] == b'{' {
                    depth += 1;
                } else if b[i] == b'}' {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                i += 1;
            }
            // The closing brace is looked at again as an ordinary character.
            if i >= b.len() {
                continue;
            }
        }
        i += 1;
    }
}

/// Splits a list value at top-level commas; an element in braces is itself
/// a list whose elements are spliced in (MLIR's `parseCommaSeparatedList`
/// together with the list parser's handling of nested braces).
fn parse_comma_separated_list(text: &str, flatten: bool, out: &mut Vec<String>) {
    if text.is_empty() {
        return;
    }
    let mut rest = text;
    loop {
        match find_char(rest.as_bytes(), 0, b',') {
            Some(pos) => {
                let raw = rest[..pos].trim();
                let braced = raw.starts_with('{');
                let e = extract_arg(&mut rest, pos);
                push_element(e, braced && flatten, out);
                rest = &rest[1..];
            }
            None => {
                let raw = rest.trim();
                let braced = raw.starts_with('{');
                let n = rest.len();
                let e = extract_arg(&mut rest, n);
                push_element(e, braced && flatten, out);
                return;
            }
        }
    }
}

fn push_element(e: String, braced: bool, out: &mut Vec<String>) {
    if braced && find_char(e.as_bytes(), 0, b',').is_some() {
        parse_comma_separated_list(&e, true, out);
    } else {
        out.push(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon_like() -> PassOptions {
        PassOptions::new()
            .with(PassOption::list(
                "disable-patterns",
                "d",
                OptionKind::String,
            ))
            .with(PassOption::list("enable-patterns", "e", OptionKind::String))
            .with(PassOption::int("max-iterations", "m", IntKind::Long, 10))
            .with(PassOption::enumeration(
                "region-simplify",
                "r",
                &[("disabled", ""), ("normal", ""), ("aggressive", "")],
                "normal",
            ))
            .with(PassOption::bool("top-down", "t", true))
            .with(PassOption::string("string", "s", ""))
            .with(PassOption::list("list", "l", OptionKind::Int(IntKind::Int)))
    }

    fn printed(o: &PassOptions) -> String {
        let mut s = String::new();
        o.print(&mut s);
        s
    }

    #[test]
    fn defaults_print_like_mlir() {
        // Empty lists print nothing but keep their separator, as in MLIR.
        assert_eq!(
            printed(&canon_like()),
            "{   max-iterations=10 region-simplify=normal string= top-down=true}"
        );
        assert_eq!(printed(&PassOptions::new()), "");
    }

    #[test]
    fn quoting_and_lists() {
        let mut o = canon_like();
        o.parse_from_str(r#"string="a b" disable-patterns=x,"y z",{w,v} list=1,2 top-down=0"#)
            .unwrap();
        assert_eq!(
            printed(&o),
            "{disable-patterns={x,{y z},w,v}  list={1,2} max-iterations=10 region-simplify=normal string={a b} top-down=false}"
        );
        let mut o = canon_like();
        o.parse_from_str("string={a,b} list={1,2}").unwrap();
        assert_eq!(o.get_str("string"), "a,b");
        assert_eq!(o.get_list("list"), ["1", "2"]);
        let mut o = canon_like();
        o.parse_from_str("string='q r' top-down").unwrap();
        assert_eq!(o.get_str("string"), "q r");
        assert!(o.get_bool("top-down"));
        let mut o = canon_like();
        o.parse_from_str("string=\"{x}\"").unwrap();
        assert_eq!(o.get_str("string"), "{x}");
    }

    #[test]
    fn errors_match_cl() {
        let mut o = canon_like();
        let e = o.parse_from_str("foo=1").unwrap_err();
        assert_eq!(e.stream, "<Pass-Options-Parser>: no such option foo\n");
        let e = o.parse_from_str("max-iterations=x").unwrap_err();
        assert_eq!(
            e.cl_messages,
            ["for the --max-iterations option: 'x' value invalid for long argument!"]
        );
        let e = o.parse_from_str("top-down=maybe").unwrap_err();
        assert_eq!(
            e.cl_messages,
            ["for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 or 1"]
        );
        let e = o.parse_from_str("region-simplify=bad").unwrap_err();
        assert_eq!(
            e.cl_messages,
            ["for the --region-simplify option: Cannot find option named 'bad'!"]
        );
        let e = o.parse_from_str(" test-convergence = true ").unwrap_err();
        assert_eq!(
            e.stream,
            "<Pass-Options-Parser>: no such option test-convergence\n"
        );
        let e = o.parse_from_str("list=1,x").unwrap_err();
        assert_eq!(
            e.cl_messages,
            ["for the --list option: 'x' value invalid for integer argument!"]
        );
    }

    #[test]
    fn integers() {
        assert_eq!(parse_cl_integer("0x10"), Some(16));
        assert_eq!(parse_cl_integer("-3"), Some(-3));
        assert_eq!(parse_cl_integer("010"), Some(8));
        assert_eq!(parse_cl_integer(""), None);
        let mut o = canon_like();
        o.parse_from_str("max-iterations=\"3\"").unwrap();
        assert_eq!(o.get_int("max-iterations"), 3);
    }

    #[test]
    fn nested_option_lists() {
        let inner = PassOptions::new()
            .with(PassOption::list("list", "l", OptionKind::Int(IntKind::Int)))
            .with(PassOption::string("string", "s", ""));
        let mut o =
            PassOptions::new().with(PassOption::list("list", "n", OptionKind::Nested(inner)));
        o.parse_from_str("list={{list=1,2 string=\"a b\"},{list={} string=x}}")
            .unwrap();
        assert_eq!(
            printed(&o),
            "{list={{list={1,2} string={a b} },{ string=x }}}"
        );
        let mut again = o.clone();
        again
            .parse_from_str("list={list=3 string=y},{string=z}")
            .unwrap();
        assert_eq!(again.get_nested_list("list").len(), 4);
        assert!(o.clone().parse_from_str("list={{list=x}}").is_err());
    }
}
