//! The `gpu` dialect, only as far as the scf and inliner tests need it:
//! `gpu.alloc` (`td/Gpu.td`, with its hand-written assembly form), the
//! device mapping attributes `scf.forall` takes (`#gpu.block<x>`,
//! `#gpu.thread<y>`, `#gpu.warp<z>`, `#gpu.warpgroup<x>`, `#gpu.lane<x>`,
//! with `linear_dim_<n>` dimensions too, `#gpu.mask<...>`,
//! `#gpu.memory_space<...>`) and the `!gpu.async.token` type. They stay
//! opaque dialect text; this hook checks and canonicalizes it.

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmInterface, OpAsmParser, OpAsmPrinter, SetValueName};
use mlir_ir::{Context, Dialect, Ir, OpInfo, OpRef, OperationState, Value};

/// The generated op definitions of `td/Gpu.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/gpu_ops.rs"));
}

pub use ops::*;

/// The `gpu` dialect (attributes, one type and `gpu.alloc`).
pub struct GpuDialect;

/// `x`, `y`, `z` or `linear_dim_<n>`: a mapping dimension.
fn is_mapping_dim(s: &str) -> bool {
    matches!(s, "x" | "y" | "z")
        || s.strip_prefix("linear_dim_")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl Dialect for GpuDialect {
    fn namespace(&self) -> &'static str {
        "gpu"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(|info| match &*info.name {
                // Upstream's default result names (the results' ODS names).
                "gpu.alloc" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "memref");
                        if ir.num_results(op) > 1 {
                            set(ir.result(op, 1), "asyncToken");
                        }
                    }),
                    ..Default::default()
                }),
                _ => info,
            })
            .collect()
    }

    fn interface(&self, id: std::any::TypeId) -> Option<&(dyn std::any::Any + Send + Sync)> {
        crate::inliner::interface_for(&crate::inliner::ALL, id)
    }

    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        let parsed = body.find('<').and_then(|i| {
            let inner = body[i + 1..].strip_suffix('>')?;
            Some((&body[..i], inner.trim()))
        });
        // `#gpu.mask<N>` holds a 64-bit mask, printed in decimal.
        if let Some(("mask", m)) = parsed {
            let value = match m.strip_prefix("0x").or_else(|| m.strip_prefix("0X")) {
                Some(hex) => u64::from_str_radix(hex, 16).ok(),
                None => m.parse::<u64>().ok(),
            };
            return match value {
                Some(v) => Ok(Some(format!("mask<{v}>"))),
                None => Err(vec![(0, format!("invalid mask `{m}` in `#gpu.mask`"))]),
            };
        }
        let ok = match parsed {
            Some(("block" | "thread" | "warp" | "warpgroup" | "lane", dim)) => is_mapping_dim(dim),
            Some(("memory_space" | "address_space", s)) => {
                matches!(s, "global" | "workgroup" | "private")
            }
            _ => false,
        };
        match (ok, parsed) {
            (true, Some((name, inner))) => Ok(Some(format!("{name}<{inner}>"))),
            _ => Err(vec![(
                0,
                format!("unknown attribute `{body}` in dialect `gpu`"),
            )]),
        }
    }

    fn canonicalize_type(
        &self,
        ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        // Upstream's `GPUDialect::parseType` reads a keyword (dots
        // included) and dispatches on it.
        let kw_end = body
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .unwrap_or(body.len());
        match &body[..kw_end] {
            "async.token"
            | "sparse.dntensor_handle"
            | "sparse.spmat_handle"
            | "sparse.spgemmop_handle" => Ok(None),
            "mma_matrix" => canonicalize_mma_matrix(ctx, body, kw_end).map_err(|e| vec![e]),
            kw => Err(vec![(0, format!("unknown gpu type: {kw}"))]),
        }
    }
}

/// `mma_matrix<16x16xf16, "AOp">`: a static shape with an element type,
/// then the operand kind (`"AOp"`, `"BOp"` or `"COp"`). The shape and
/// element type are read as the element of a `vector<...>` would be, and
/// the type is printed back in MLIR's spelling.
fn canonicalize_mma_matrix(
    ctx: &std::sync::Arc<Context>,
    body: &str,
    start: usize,
) -> Result<Option<String>, (usize, String)> {
    let inner_start = body[start..]
        .find('<')
        .map(|i| start + i + 1)
        .ok_or((start, "expected '<'".to_string()))?;
    let Some(comma) = body.rfind(',') else {
        return Err((body.len(), "expected ','".into()));
    };
    // Reuse the builtin shape parser: `vector<16x16xf16>` has the same
    // dimension list and element type.
    let shape = &body[inner_start..comma];
    let probe = format!("vector<{shape}>");
    let ty = mlir_ir::asm::parse_type_prefix(ctx.clone(), &probe, 0)
        .map_err(|(o, m)| ((inner_start + o).saturating_sub(7).min(body.len()), m))?
        .0;
    let operand = body[comma + 1..].trim().trim_end_matches('>').trim();
    if !matches!(operand, "\"AOp\"" | "\"BOp\"" | "\"COp\"") {
        return Err((
            comma + 1,
            "operand expected to be one of AOp, BOp or COp".into(),
        ));
    }
    let flags = mlir_ir::asm::PrintFlags::default();
    let mut text = String::new();
    mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None).print_type(&mut text, ty);
    let shape = text.trim_start_matches("vector<").trim_end_matches('>');
    let canonical = format!("mma_matrix<{shape}, {operand}>");
    Ok((canonical != body).then_some(canonical))
}

/// `async`? `[deps]`? (upstream `parseAsyncDependencies`): whether the op
/// returns a token, and the tokens it waits for.
fn parse_async_dependencies<'a>(
    p: &mut OpAsmParser<'_, 'a>,
) -> Result<(bool, Vec<mlir_ir::asm::parser::UnresolvedOperand<'a>>), ()> {
    let is_async = p.parse_optional_keyword("async");
    let mut deps = Vec::new();
    if p.parse_optional_token(TokenKind::LSquare) && !p.parse_optional_token(TokenKind::RSquare) {
        loop {
            deps.push(p.parse_operand()?);
            if !p.parse_optional_token(TokenKind::Comma) {
                break;
            }
        }
        p.parse_token(TokenKind::RSquare, "expected ']'")?;
    }
    Ok((is_async, deps))
}

/// `(` operands `)` for `gpu.alloc`'s sizes.
fn parse_paren_operands<'a>(
    p: &mut OpAsmParser<'_, 'a>,
) -> Result<Vec<mlir_ir::asm::parser::UnresolvedOperand<'a>>, ()> {
    p.parse_token(TokenKind::LParen, "expected '('")?;
    let v = p.parse_operand_list()?;
    p.parse_token(TokenKind::RParen, "expected ')'")?;
    Ok(v)
}

impl AllocOp {
    /// `gpu.alloc async? [deps]? host_shared? (sizes) [symbols]? attr-dict
    /// : memref-type` (upstream's declarative format with
    /// `custom<AsyncDependencies>`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> Result<(), ()> {
        let (is_async, deps) = parse_async_dependencies(p)?;
        if p.parse_optional_keyword("host_shared") {
            let unit = p.ctx().unit_attr();
            p.add_attr(state, "hostShared", unit);
        }
        let sizes = parse_paren_operands(p)?;
        let mut symbols = Vec::new();
        if p.parse_optional_token(TokenKind::LSquare) {
            symbols = p.parse_operand_list()?;
            p.parse_token(TokenKind::RSquare, "expected ']'")?;
        }
        p.parse_optional_attr_dict(state)?;
        p.parse_token(TokenKind::Colon, "expected ':'")?;
        let ty = p.parse_type()?;
        let token = p.ctx().opaque_type("gpu", "async.token");
        let index = p.ctx().index_type();
        let name = p.name_offset();
        p.resolve_operands(&deps, &vec![token; deps.len()], name, state)?;
        p.resolve_operands(&sizes, &vec![index; sizes.len()], name, state)?;
        p.resolve_operands(&symbols, &vec![index; symbols.len()], name, state)?;
        crate::scf::set_segments(p, state, &[deps.len(), sizes.len(), symbols.len()]);
        state.result_types.push(ty);
        if is_async {
            state.result_types.push(token);
        }
        Ok(())
    }

    /// Upstream's printer of that format: `async` and `[deps]` (each only
    /// when present), `host_shared`, `(sizes)`, `[symbols]`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let segs = segment_sizes(ir, op);
        let operands: Vec<Value> = ir.operands(op).collect();
        let (deps, rest) = operands.split_at(segs[0].min(operands.len()));
        let (sizes, symbols) = rest.split_at(segs[1].min(rest.len()));
        let is_async = ir.num_results(op) > 1;
        let host_shared = ir.attr(op, "hostShared").is_some();
        let memref_ty = ir.value_type(ir.result(op, 0));
        p.print_char(' ');
        if is_async {
            p.print_str("async");
        }
        if !deps.is_empty() {
            if is_async {
                p.print_char(' ');
            }
            p.print_char('[');
            p.print_operands(deps.iter().copied());
            p.print_char(']');
        }
        if host_shared {
            p.print_str(" host_shared");
        }
        p.print_str(" (");
        p.print_operands(sizes.iter().copied());
        p.print_char(')');
        if !symbols.is_empty() {
            p.print_char('[');
            p.print_operands(symbols.iter().copied());
            p.print_char(']');
        }
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["operandSegmentSizes", "hostShared"]);
        p.print_str(" : ");
        p.print_type(memref_ty);
    }
}

/// The three operand segment sizes of `gpu.alloc`.
fn segment_sizes(ir: &Ir, op: OpRef) -> [usize; 3] {
    let mut out = [0, ir.num_operands(op), 0];
    if let Some(a) = ir.attr(op, "operandSegmentSizes") {
        if let mlir_ir::AttrKind::DenseArray { elements, .. } = ir.ctx().attr(a) {
            for (o, &e) in out.iter_mut().zip(elements.iter()) {
                *o = ir.ctx().int_attr_value(e).unwrap_or(0).max(0) as usize;
            }
        }
    }
    out
}
