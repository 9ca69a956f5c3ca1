//! Predicates (`CPred`, `And`, `Or`, `Not`, `SubstLeaves`, `Concat`) to one
//! Rust boolean expression. Placeholders are left for the caller, which
//! knows what `$_self`, `$_ctx`, `$_ir` and `$_enum` stand for.

use crate::tablegen::{Diagnostic, Record, RecordKeeper};

/// The Rust expression of predicate record `name`; `at` locates errors.
pub fn pred_expr(rk: &RecordKeeper, name: &str, at: &Record) -> Result<String, Diagnostic> {
    pred_rec(rk, name, at, 0)
}

fn pred_rec(
    rk: &RecordKeeper,
    name: &str,
    at: &Record,
    depth: usize,
) -> Result<String, Diagnostic> {
    if depth > 256 {
        return Err(at.error("predicate nesting too deep"));
    }
    let Some(p) = rk.def(name) else {
        return Err(at.error(format!("unknown predicate record '{name}'")));
    };
    if p.is_subclass_of("CPred") {
        return Ok(p.get_string("predExpr")?.to_string());
    }
    if !p.is_subclass_of("CombinedPred") {
        return Err(at.error(format!(
            "'{name}' is not a predicate (CPred or a combined predicate)"
        )));
    }
    let kind = p.get_def("kind")?;
    let children = p.get_list_of_defs("children")?;
    let mut sub = Vec::with_capacity(children.len());
    for c in &children {
        sub.push(pred_rec(rk, c, at, depth + 1)?);
    }
    Ok(match kind {
        "PredCombinerAnd" if sub.is_empty() => "true".to_string(),
        "PredCombinerAnd" => format!("({})", sub.join(" && ")),
        "PredCombinerOr" if sub.is_empty() => "false".to_string(),
        "PredCombinerOr" => format!("({})", sub.join(" || ")),
        "PredCombinerNot" => format!("!{}", sub.first().map_or("true", |s| s.as_str())),
        "PredCombinerSubstLeaves" => {
            let pat = p.get_string("pattern")?;
            let repl = p.get_string("replacement")?;
            let child = sub.first().cloned().unwrap_or_default();
            if pat.is_empty() {
                child
            } else {
                child.replace(pat, repl)
            }
        }
        "PredCombinerConcat" => format!(
            "{}{}{}",
            p.get_string("prefix")?,
            sub.first().map_or("", |s| s.as_str()),
            p.get_string("suffix")?
        ),
        other => return Err(at.error(format!("unknown predicate combiner '{other}'"))),
    })
}

/// Replaces the placeholders of a predicate or builder expression with the
/// generated closure's parameter names.
pub fn subst(expr: &str, enum_path: Option<&str>) -> String {
    let mut s = expr
        .replace("$_self", "_self")
        .replace("$_ctx", "_ctx")
        .replace("$_ir", "_ir");
    if let Some(e) = enum_path {
        s = s.replace("$_enum", e);
    }
    s
}

/// The `$name` placeholders of an op predicate, other than the reserved
/// `$_self`, `$_ctx`, `$_ir` and `$_op`.
pub fn placeholders(expr: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = expr.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            let name = &expr[start..j];
            if !name.is_empty() && !name.starts_with('_') && !out.contains(&name) {
                out.push(name);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}
