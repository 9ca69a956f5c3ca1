//! The `gpu` dialect, only as far as the scf tests need it: no ops, the
//! device mapping attributes `scf.forall` takes (`#gpu.block<x>`,
//! `#gpu.thread<y>`, `#gpu.warp<z>`, `#gpu.warpgroup<x>`, `#gpu.lane<x>`,
//! with `linear_dim_<n>` dimensions too, `#gpu.mask<...>`,
//! `#gpu.memory_space<...>`) and the `!gpu.async.token` type. They stay
//! opaque dialect text; this hook checks and canonicalizes it.

use mlir_ir::{Context, Dialect, OpInfo};

/// The `gpu` dialect (attributes and one type, no ops).
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
        Vec::new()
    }

    fn canonicalize_attribute(
        &self,
        _ctx: &Context,
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
        _ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        if body == "async.token" {
            Ok(None)
        } else {
            Err(vec![(0, format!("unknown type `{body}` in dialect `gpu`"))])
        }
    }
}
