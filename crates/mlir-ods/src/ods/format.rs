//! Build-time checks of declarative assembly formats: the lexical shape
//! (literals, variables, directives, balanced and anchored optional groups)
//! and that every variable names an operand, result, attribute, region or
//! successor of the op. `mlir-ods` does not depend on `mlir-ir` (that would
//! compile the whole IR crate a second time for every build script), so
//! the complete `OpFormatGen` validation runs in the runtime's compiler;
//! the generated code includes a test that compiles every format.

use super::OpModel;

const DIRECTIVES: &[&str] = &[
    "attr-dict",
    "attr-dict-with-keyword",
    "type",
    "qualified",
    "operands",
    "results",
    "regions",
    "successors",
    "functional-type",
    "custom",
    "ref",
    "prop-dict",
    "oilist",
];

/// Checks `f` against `op`, returning a message on the first problem.
pub fn check(op: &OpModel, f: &str) -> Result<(), String> {
    let b = f.as_bytes();
    let mut i = 0;
    // Each open paren: (is an optional group, has an anchor).
    let mut stack: Vec<(bool, bool)> = Vec::new();
    let mut prev_close_group = false;
    // The anchor state of a `(...)` just closed without `?`, which may be
    // the then-branch of `(then) : (else)?`, and of one followed by `:`,
    // whose else-branch inherits it.
    let mut closed_then: Option<bool> = None;
    let mut else_of: Option<bool> = None;
    let mut has_attr_dict = false;
    while i < b.len() {
        let c = b[i] as char;
        let was_close = prev_close_group;
        prev_close_group = false;
        let then_anchor = closed_then.take();
        let else_anchor = else_of.take();
        if matches!(c, ' ' | '\t' | '\n' | '\r') {
            closed_then = then_anchor;
            else_of = else_anchor;
        }
        match c {
            ' ' | '\t' | '\n' | '\r' => i += 1,
            '`' => {
                let Some(end) = f[i + 1..].find('`') else {
                    return Err("unterminated literal".into());
                };
                i += end + 2;
            }
            '$' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let name = &f[start..i];
                if name.is_empty() {
                    return Err("expected variable name after '$'".into());
                }
                let known = op.operands.iter().any(|v| v.name == name)
                    || op.results.iter().any(|v| v.name == name)
                    || op.attrs.iter().any(|v| v.name == name)
                    || op.regions.iter().any(|v| v.name == name)
                    || op.successors.iter().any(|v| v.name == name);
                if !known {
                    return Err(format!(
                        "expected variable to refer to an argument, region, result, or successor, but got '{name}'"
                    ));
                }
            }
            '(' => {
                stack.push((true, else_anchor.unwrap_or(false)));
                i += 1;
            }
            ')' => {
                let Some((_, anchored)) = stack.pop() else {
                    return Err("unbalanced ')'".into());
                };
                i += 1;
                // `)?` closes an optional group, which needs an anchor.
                let mut j = i;
                while j < b.len() && b[j] == b' ' {
                    j += 1;
                }
                if j < b.len() && b[j] == b'?' {
                    if !anchored {
                        return Err("optional group has no anchor element ('^')".into());
                    }
                    i = j + 1;
                    prev_close_group = true;
                } else {
                    closed_then = Some(anchored);
                }
            }
            '^' => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                } else {
                    return Err("'^' is only valid within an optional group".into());
                }
                i += 1;
            }
            ':' if was_close => i += 1,
            ':' if then_anchor.is_some() => {
                else_of = then_anchor;
                i += 1;
            }
            // `,` separates directive arguments; `|` separates the clauses
            // of an `oilist`.
            ',' | '|' => i += 1,
            _ if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-' || b[i] == b'_')
                {
                    i += 1;
                }
                let word = &f[start..i];
                if !DIRECTIVES.contains(&word) {
                    return Err(format!("expected directive, literal, variable, or optional group, but got '{word}'"));
                }
                if word.starts_with("attr-dict") || word == "prop-dict" {
                    has_attr_dict = true;
                }
                if word == "custom" {
                    // `custom<Name>`
                    if i < b.len() && b[i] == b'<' {
                        let Some(end) = f[i..].find('>') else {
                            return Err("expected '>' after custom directive name".into());
                        };
                        i += end + 1;
                    } else {
                        return Err("expected '<' after 'custom'".into());
                    }
                }
            }
            _ => return Err(format!("unexpected character '{c}'")),
        }
    }
    if !stack.is_empty() {
        return Err("unbalanced '('".into());
    }
    if !has_attr_dict {
        return Err("'attr-dict' directive not found".into());
    }
    Ok(())
}
