//! Textual pass pipelines: `builtin.module(func.func(cse,canonicalize{max-iterations=1}),cse)`
//! parsed into an [`OpPassManager`] and printed back, with MLIR's syntax,
//! nesting rules and error messages (MLIR's `TextualPipeline` in
//! `mlir/lib/Pass/PassRegistry.cpp`).
//!
//! Errors are returned as text in MLIR's error-stream format; a tool emits
//! [`PipelineError::message`] as one error diagnostic at an unknown
//! location (mlir-opt prints `<unknown>:0: error: ...`) after printing the
//! `llvm::cl` messages with its own name in front.

use crate::pass::registry::PassRegistry;
use crate::pass::{Nesting, OpPassManager};

/// A failure to parse or build a pipeline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PipelineError {
    /// Messages that `llvm::cl` prints directly, without location, e.g.
    /// `for the --top-down option: 'x' is invalid value for boolean argument! Try 0 or 1`;
    /// mlir-opt prefixes them with `mlir-opt: `.
    pub cl_messages: Vec<String>,
    /// The error stream's text (usually ending in a newline).
    pub message: String,
}

impl PipelineError {
    fn msg(message: impl Into<String>) -> Self {
        PipelineError {
            cl_messages: Vec::new(),
            message: message.into(),
        }
    }
}

/// One parsed element: a pass (or registered pipeline) with options, or an
/// op anchor with a nested pipeline.
#[derive(Debug)]
struct Element<'a> {
    name: &'a str,
    options: &'a str,
    inner: Vec<Element<'a>>,
    /// Byte offset of the name in the parsed text (for errors).
    pos: usize,
}

/// Formats an error at byte `pos` of `text` as `llvm::SourceMgr` does for
/// the pipeline parser's buffer.
fn located_error(text: &str, pos: usize, msg: &str) -> PipelineError {
    let pos = pos.min(text.len());
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line_no = text[..pos].matches('\n').count() + 1;
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    let col = pos - line_start + 1;
    let line = &text[line_start..line_end];
    PipelineError::msg(format!(
        "MLIR Textual PassPipeline Parser:{line_no}:{col}: error: {msg}\n{line}\n{:w$}^\n",
        "",
        w = col - 1
    ))
}

fn trim_with_offset(s: &str, base: usize) -> (&str, usize) {
    let start = s.len() - s.trim_start().len();
    (s.trim(), base + start)
}

/// Parses the structure of a pass list (MLIR's `parsePipelineText`).
fn parse_structure(text: &str) -> Result<Vec<Element<'_>>, PipelineError> {
    let mut stack: Vec<Vec<Element<'_>>> = vec![Vec::new()];
    let mut pos = 0usize;
    loop {
        let rest = &text[pos..];
        let sep = rest.find([',', '(', ')', '{']);
        let name_end = sep.map_or(text.len(), |i| pos + i);
        let (name, name_pos) = trim_with_offset(&text[pos..name_end], pos);
        stack.last_mut().expect("non-empty stack").push(Element {
            name,
            options: "",
            inner: Vec::new(),
            pos: name_pos,
        });
        let Some(_) = sep else {
            break;
        };
        pos = name_end;
        let c = text.as_bytes()[pos];
        if c == b'{' {
            pos += 1;
            let mut depth = 1;
            let mut close = None;
            for (i, ch) in text[pos..].bytes().enumerate() {
                if ch == b'{' {
                    depth += 1;
                } else if ch == b'}' {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(pos + i);
                        break;
                    }
                }
            }
            let Some(close) = close else {
                return Err(located_error(
                    text,
                    pos - 1,
                    "missing closing '}' while processing pass options",
                ));
            };
            stack
                .last_mut()
                .and_then(|v| v.last_mut())
                .expect("element just pushed")
                .options = &text[pos..close];
            pos = close + 1;
            pos += text[pos..].len() - text[pos..].trim_start().len();
        } else if c == b'(' {
            pos += 1;
            stack.push(Vec::new());
            continue;
        }
        while text[pos..].starts_with(')') {
            pos += 1;
            if stack.len() == 1 {
                return Err(located_error(
                    text,
                    pos - 1,
                    "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
                ));
            }
            let inner = stack.pop().expect("checked above");
            stack
                .last_mut()
                .and_then(|v| v.last_mut())
                .expect("an element owns the nested pipeline")
                .inner = inner;
            pos += text[pos..].len() - text[pos..].trim_start().len();
        }
        if pos >= text.len() {
            break;
        }
        if !text[pos..].starts_with(',') {
            return Err(located_error(
                text,
                pos,
                "expected ',' after parsing pipeline",
            ));
        }
        pos += 1;
    }
    if stack.len() > 1 {
        return Err(located_error(
            text,
            pos,
            "encountered unbalanced parentheses while parsing pipeline",
        ));
    }
    Ok(stack.pop().expect("the outer pipeline"))
}

/// Checks that every pass name is registered (MLIR's `resolvePipelineElements`).
fn resolve(
    text: &str,
    elems: &[Element<'_>],
    registry: &PassRegistry,
) -> Result<(), PipelineError> {
    for e in elems {
        if !e.inner.is_empty() {
            resolve(text, &e.inner, registry)?;
        } else if registry.lookup(e.name).is_none() {
            return Err(located_error(
                text,
                e.pos,
                &format!(
                    "'{}' does not refer to a registered pass or pass pipeline",
                    e.name
                ),
            ));
        }
    }
    Ok(())
}

fn add_elements(
    elems: &[Element<'_>],
    pm: &mut OpPassManager,
    registry: &PassRegistry,
) -> Result<(), PipelineError> {
    for e in elems {
        if e.inner.is_empty() {
            let entry = registry.lookup(e.name).expect("resolved before");
            if let Err(mut err) = entry.add_to_pipeline(pm, e.options) {
                err.message.push_str(&format!(
                    "failed to add `{}` with options `{}`\n",
                    e.name, e.options
                ));
                return Err(err);
            }
        } else if let Err(mut err) = add_elements(&e.inner, pm.nest(e.name), registry) {
            err.message.push_str(&format!(
                "failed to add `{}` with options `{}` to inner pipeline\n",
                e.name, e.options
            ));
            return Err(err);
        }
    }
    Ok(())
}

/// Parses a pass list (the inside of `anchor(...)`) and appends it to `pm`,
/// with explicit nesting while doing so (MLIR's `parsePassPipeline(text, pm)`).
pub fn parse_pass_pipeline_into(
    text: &str,
    pm: &mut OpPassManager,
    registry: &PassRegistry,
) -> Result<(), PipelineError> {
    if text.is_empty() {
        return Ok(());
    }
    let elems = parse_structure(text)?;
    resolve(text, &elems, registry)?;
    let nesting = pm.nesting();
    pm.set_nesting(Nesting::Explicit);
    let r = add_elements(&elems, pm, registry);
    pm.set_nesting(nesting);
    r
}

/// Parses a whole pipeline `anchor(pass,...)` into a new pass manager
/// anchored on `anchor` (MLIR's `parsePassPipeline(text)`).
pub fn parse_pass_pipeline(
    text: &str,
    registry: &PassRegistry,
) -> Result<OpPassManager, PipelineError> {
    let text = text.trim();
    let open = text.find('(');
    let (Some(open), true) = (open, text.ends_with(')')) else {
        return Err(PipelineError::msg(
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
        ));
    };
    if open == 0 {
        return Err(PipelineError::msg(
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
        ));
    }
    let anchor = text[..open].trim_end();
    let mut pm = OpPassManager::new(anchor);
    parse_pass_pipeline_into(&text[open + 1..text.len() - 1], &mut pm, registry)?;
    Ok(pm)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg() -> PassRegistry {
        let mut r = PassRegistry::with_transforms_passes();
        crate::test_passes::register_test_passes(&mut r);
        r
    }

    fn err(text: &str) -> String {
        match parse_pass_pipeline(text, &reg()) {
            Ok(_) => panic!("expected an error for {text}"),
            Err(e) => e.message,
        }
    }

    #[test]
    fn round_trip() {
        let r = reg();
        for (input, printed) in [
            ("builtin.module(cse)", "builtin.module(cse)"),
            (
                "builtin.module(func.func(cse, test-options-pass{enum=one list=1,2}),cse)",
                "builtin.module(func.func(cse,test-options-pass{enum=one list={1,2} string= }),cse)",
            ),
            (
                r#"builtin.module(func.func(test-options-pass{string="a b" string-list=x,"y z",{w,v}}))"#,
                "builtin.module(func.func(test-options-pass{enum=zero  string={a b} string-list={x,{y z},w,v}}))",
            ),
            ("builtin.module(any(cse))", "builtin.module(any(cse))"),
            ("builtin.module()", "builtin.module()"),
            ("builtin.module(cse{ })", "builtin.module(cse)"),
        ] {
            let pm = parse_pass_pipeline(input, &r).unwrap();
            assert_eq!(pm.print_textual(false), printed);
            let again = parse_pass_pipeline(printed, &r).unwrap();
            assert_eq!(again.print_textual(false), printed);
        }
    }

    #[test]
    fn pretty_printing() {
        let pm = parse_pass_pipeline("builtin.module(func.func(cse,cse),cse)", &reg()).unwrap();
        assert_eq!(
            pm.print_textual(true),
            "builtin.module(\n  func.func(\n    cse,\n    cse\n  ),\n  cse\n)"
        );
        let pm = parse_pass_pipeline("builtin.module()", &reg()).unwrap();
        assert_eq!(pm.print_textual(true), "builtin.module(\n\n)");
    }

    #[test]
    fn errors_like_mlir() {
        assert_eq!(
            err("builtin.module(foo)"),
            "MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline\nfoo\n^\n"
        );
        assert_eq!(
            err("builtin.module(func.func(cse)"),
            "MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline\nfunc.func(cse\n          ^\n"
        );
        assert_eq!(
            err("builtin.module(cse,)"),
            "MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a registered pass or pass pipeline\ncse,\n    ^\n"
        );
        assert_eq!(
            err("cse"),
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"
        );
        assert_eq!(
            err("builtin.module(cse{foo=1})"),
            "<Pass-Options-Parser>: no such option foo\n\nfailed to add `cse` with options `foo=1`\n"
        );
        assert_eq!(
            err("builtin.module(func.func(cse{foo=1}))"),
            "<Pass-Options-Parser>: no such option foo\n\nfailed to add `cse` with options `foo=1`\nfailed to add `func.func` with options `` to inner pipeline\n"
        );
        assert_eq!(
            err("builtin.module(test-options-pass)"),
            "Can't add pass '(anonymous namespace)::TestOptionsPass' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?\nfailed to add `test-options-pass` with options ``\n"
        );
        let e = parse_pass_pipeline(
            "builtin.module(test-pass-failure{gen-diagnostics=maybe})",
            &reg(),
        )
        .unwrap_err();
        assert_eq!(
            e.cl_messages,
            ["for the --gen-diagnostics option: 'maybe' is invalid value for boolean argument! Try 0 or 1"]
        );
        assert_eq!(
            e.message,
            "\nfailed to add `test-pass-failure` with options `gen-diagnostics=maybe`\n"
        );
        assert_eq!(
            err("builtin.module(cse{a)"),
            "MLIR Textual PassPipeline Parser:1:4: error: missing closing '}' while processing pass options\ncse{a\n   ^\n"
        );
        assert_eq!(
            err("builtin.module(cse))"),
            "MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline\ncse)\n   ^\n"
        );
        assert_eq!(
            err("builtin.module(func.func(cse)cse)"),
            "MLIR Textual PassPipeline Parser:1:15: error: expected ',' after parsing pipeline\nfunc.func(cse)cse\n              ^\n"
        );
    }
}
