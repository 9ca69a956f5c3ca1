//! The TableGen front end: lexer, parser, evaluator and record model for
//! the subset of LLVM TableGen that ODS and DRR need (see
//! `docs/TABLEGEN.md`). `parse_file`/`parse_str` evaluate a `.td` file the
//! way `llvm-tblgen` does and return a [`RecordKeeper`] of classes and defs
//! with fully resolved field values, or the located errors.

mod cx;
mod diag;
mod eval;
mod lexer;
mod model;
mod parser;
mod value;

pub use diag::{Diagnostic, Loc, Severity};
pub use model::{
    DagLocList, DagLocs, DagRef, Field, Init, RecTy, Record, RecordKeeper, TemplateArg,
};

use cx::{Cx, FieldKind};
use diag::SourceMap;
use model::Sources;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use value::{RecId, Ty, Value};

/// Parsing runs on a thread with a large stack so that deeply nested (but
/// bounded) input never overflows the caller's stack, and so that an
/// internal bug surfaces as a diagnostic rather than a panic in the caller.
const PARSE_STACK: usize = 256 << 20;

/// Parses and evaluates a `.td` file. Includes are searched in the including
/// file's directory, then in `include_dirs`.
pub fn parse_file(path: &Path, include_dirs: &[PathBuf]) -> Result<RecordKeeper, Vec<Diagnostic>> {
    let text = match std::fs::read(path) {
        Ok(b) => match String::from_utf8(b) {
            Ok(s) => s,
            Err(_) => {
                return Err(vec![plain_error(format!(
                    "'{}' is not valid UTF-8",
                    path.display()
                ))])
            }
        },
        Err(e) => {
            return Err(vec![plain_error(format!(
                "could not open input file '{}': {e}",
                path.display()
            ))])
        }
    };
    parse_str(&path.to_string_lossy(), &text, include_dirs)
}

/// Parses and evaluates TableGen source held in memory; `name` is used in
/// locations and (its directory) for resolving includes.
pub fn parse_str(
    name: &str,
    text: &str,
    include_dirs: &[PathBuf],
) -> Result<RecordKeeper, Vec<Diagnostic>> {
    let name = name.to_string();
    let text = text.to_string();
    let dirs = include_dirs.to_vec();
    let worker = std::thread::Builder::new()
        .name("tablegen".into())
        .stack_size(PARSE_STACK)
        .spawn(move || parse_impl(&name, text, &dirs));
    match worker {
        Ok(handle) => match handle.join() {
            Ok(r) => r,
            Err(p) => {
                let what = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(vec![plain_error(format!(
                    "internal error in the TableGen front end: {what}"
                ))])
            }
        },
        Err(e) => Err(vec![plain_error(format!(
            "could not start the TableGen parser: {e}"
        ))]),
    }
}

fn plain_error(message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        loc: None,
        message,
        source_line: None,
    }
}

fn parse_impl(
    name: &str,
    text: String,
    include_dirs: &[PathBuf],
) -> Result<RecordKeeper, Vec<Diagnostic>> {
    let lex = lexer::Lexer::new(name, Arc::from(text), include_dirs);
    let mut p = parser::Parser::new(lex);
    let ok = p.parse_file().is_ok() && !p.cx.failed;
    if !ok {
        let diags = p.take_diags();
        return Err(diags.iter().map(|d| p.lex.sm.resolve(d)).collect());
    }
    Ok(build_keeper(&p.cx, &p.lex.sm, p.lex.dependencies.clone()))
}

fn pub_ty(cx: &Cx, t: &Ty) -> RecTy {
    match t {
        Ty::Bit => RecTy::Bit,
        Ty::Bits(n) => RecTy::Bits(*n),
        Ty::Int => RecTy::Int,
        Ty::String => RecTy::String,
        Ty::Dag => RecTy::Dag,
        Ty::List(e) => RecTy::List(Box::new(pub_ty(cx, e))),
        Ty::Record(cs) => RecTy::Record(cs.iter().map(|c| cx.rec_name(*c)).collect()),
    }
}

fn pub_init(cx: &Cx, sm: &SourceMap, v: &Value) -> Init {
    match v {
        Value::Unset => Init::Unset,
        Value::Bit(b) => Init::Bit(*b),
        Value::Int(i) => Init::Int(*i),
        Value::Str(s, false) => Init::String(s.to_string()),
        Value::Str(s, true) => Init::Code(s.to_string()),
        Value::Bits(b) => Init::Bits(b.iter().map(|x| pub_init(cx, sm, x)).collect()),
        Value::List(items, _) => Init::List(items.iter().map(|x| pub_init(cx, sm, x)).collect()),
        Value::Dag(d) => Init::Dag {
            op: Box::new(pub_init(cx, sm, &d.op)),
            op_name: d.op_name.as_ref().map(|n| n.to_string()),
            args: d
                .args
                .iter()
                .map(|(a, n)| (pub_init(cx, sm, a), n.as_ref().map(|n| n.to_string())))
                .collect(),
            locs: DagLocs(d.pos.0.as_ref().and_then(|p| {
                let mut locs = p.iter().map(|&p| sm.loc(p));
                Some(Arc::new(DagLocList {
                    dag: locs.next()??,
                    op: locs.next()??,
                    args: locs.collect::<Option<Vec<_>>>()?,
                }))
            })),
        },
        Value::Def(id) => Init::Def(cx.rec_name(*id)),
        other => Init::Expr(cx.show(other)),
    }
}

fn build_keeper(cx: &Cx, sm: &SourceMap, dependencies: Vec<PathBuf>) -> RecordKeeper {
    let mut sources = Sources::default();
    for f in 0..sm.len() {
        sources.files.insert(sm.name(f), sm.text(f));
    }
    let sources = Arc::new(sources);
    let convert = |id: RecId| -> Record {
        let r = cx.rec(id);
        let mut template_args = Vec::new();
        let mut fields = Vec::new();
        for v in &r.values {
            if v.kind == FieldKind::TemplateArg {
                template_args.push(TemplateArg {
                    name: v.name.to_string(),
                    ty: pub_ty(cx, &v.ty),
                    default: pub_init(cx, sm, &v.value),
                    loc: sm.loc_or_unknown(v.pos),
                });
            } else {
                fields.push(Field {
                    name: v.name.to_string(),
                    ty: pub_ty(cx, &v.ty),
                    value: pub_init(cx, sm, &v.value),
                    loc: sm.loc_or_unknown(if v.pos.is_none() { r.pos } else { v.pos }),
                    nonconcrete_ok: v.kind == FieldKind::NonconcreteOk,
                });
            }
        }
        // Template arguments print in declaration order.
        template_args.sort_by_key(|t| r.template_args.iter().position(|n| **n == *t.name));
        let index: HashMap<String, usize> = fields
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.clone(), i))
            .collect();
        let chain: Vec<String> = r.all_supers.iter().map(|s| cx.rec_name(*s)).collect();
        let mut supers: Vec<String> = Vec::new();
        for s in &chain {
            if !supers.contains(s) {
                supers.push(s.clone());
            }
        }
        Record {
            name: cx.rec_name(id),
            loc: sm.loc_or_unknown(r.pos),
            anonymous: r.anonymous,
            is_class: r.is_class,
            template_args,
            fields,
            index,
            chain,
            supers,
            direct: r.direct_supers.iter().map(|s| cx.rec_name(*s)).collect(),
            sources: sources.clone(),
        }
    };
    let mut keeper = RecordKeeper {
        dependencies,
        ..Default::default()
    };
    for &id in &cx.class_order {
        let r = convert(id);
        keeper
            .class_index
            .insert(r.name.clone(), keeper.classes.len());
        keeper.classes.push(r);
    }
    for &id in &cx.def_order {
        let r = convert(id);
        keeper.def_index.insert(r.name.clone(), keeper.defs.len());
        keeper.defs.push(r);
    }
    keeper
}

#[cfg(test)]
mod tests;
