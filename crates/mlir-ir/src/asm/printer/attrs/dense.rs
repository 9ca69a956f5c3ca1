//! Dense elements attributes: `dense<1>`, nested `dense<[[1, 2], [3, 4]]>`,
//! complex `(1,2)` elements, strings, the `dense<"0x...">` hex form mlir-opt
//! uses for more than 100 non-splat elements, and the
//! `dense_resource<__elided__>` form of `--mlir-elide-elementsattrs-if-larger`.

use super::{float, AttrPrinter, HEX_UPPER};
use crate::attributes::{AttrKind, Attribute};
use crate::types::{Type, TypeKind};

/// MLIR prints non-splat elements attributes with more elements than this in hex.
const HEX_THRESHOLD: u64 = 100;

/// The number of elements of a static shape (0 when a dimension is dynamic or negative).
fn num_elements(shape: &[i64]) -> u64 {
    shape
        .iter()
        .try_fold(1u64, |acc, &d| {
            u64::try_from(d).ok().map(|d| acc.saturating_mul(d))
        })
        .unwrap_or(0)
}

/// Whether the elements are a splat: stored as one value, or all equal (MLIR
/// always stores such attributes as splats).
fn is_splat<T: PartialEq>(elements: &[T]) -> bool {
    match elements.split_first() {
        Some((first, rest)) => rest.iter().all(|e| e == first),
        None => false,
    }
}

/// Prints `num` elements nested in brackets by `shape`, as MLIR's
/// `printDenseElementsAttrImpl` (a mixed-radix counter closing and reopening
/// brackets).
fn print_nested(
    out: &mut String,
    shape: &[i64],
    num: u64,
    mut elt: impl FnMut(&mut String, usize),
) {
    let rank = shape.len();
    if rank == 0 {
        elt(out, 0);
        return;
    }
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..num as usize {
        if idx != 0 {
            out.push_str(", ");
        }
        while open < rank {
            out.push('[');
            open += 1;
        }
        elt(out, idx);
        counter[rank - 1] += 1;
        for i in (1..rank).rev() {
            if counter[i] >= shape[i] {
                counter[i] = 0;
                counter[i - 1] += 1;
                open -= 1;
                out.push(']');
            }
        }
    }
    for _ in 0..open {
        out.push(']');
    }
}

/// How one scalar of an element type is laid out in MLIR's raw dense storage.
#[derive(Copy, Clone)]
enum Storage {
    /// Integers of width 1, packed eight to a byte.
    Bit,
    /// Little-endian values of this many bytes.
    Bytes(usize),
}

impl AttrPrinter<'_> {
    fn should_elide(&self, num: u64, splat: bool) -> bool {
        self.flags
            .elide_elements_larger_than
            .is_some_and(|limit| limit < num)
            && !splat
    }

    fn storage_of(&self, scalar: Type) -> Storage {
        match self.ctx.ty(scalar) {
            TypeKind::Integer { width: 1, .. } => Storage::Bit,
            TypeKind::Integer { width, .. } => Storage::Bytes((*width as usize).div_ceil(8)),
            TypeKind::Index => Storage::Bytes(8),
            TypeKind::Float(k) => Storage::Bytes((float::storage_bits(*k) as usize).div_ceil(8)),
            _ => Storage::Bytes(0),
        }
    }

    /// The body of `dense<...>` (or the elided form) for integer, float and complex elements.
    pub(super) fn dense_elements(&self, out: &mut String, ty: Type, elements: &[Attribute]) {
        let shape = self.ctx.shape(ty).unwrap_or(&[]);
        let num = num_elements(shape);
        if self.should_elide(num, is_splat(elements)) {
            out.push_str("dense_resource<__elided__>");
            return;
        }
        out.push_str("dense<");
        self.dense_body(out, ty, elements, true, true);
        out.push('>');
    }

    /// The literal inside `dense<...>`: a splat element, nested lists, or
    /// (when `allow_hex` and more than 100 elements) the hex form.
    /// The elements of a dense attribute: one value for a splat (unless
    /// `allow_splat` is false, when a splat is listed in full), hex for a
    /// large one when `allow_hex`, else the nested lists.
    fn dense_body(
        &self,
        out: &mut String,
        ty: Type,
        elements: &[Attribute],
        allow_hex: bool,
        allow_splat: bool,
    ) {
        let shape = self.ctx.shape(ty).unwrap_or(&[]);
        let num = num_elements(shape);
        let element_type = self.ctx.element_type_or_self(ty);
        let splat = is_splat(elements);
        if splat && allow_splat {
            self.dense_element(out, elements[0], element_type);
        } else if allow_hex && num > HEX_THRESHOLD {
            self.dense_hex(out, elements, element_type);
        } else if num > 0 && (splat || elements.len() as u64 >= num) {
            // A splat may be stored as its one element.
            print_nested(out, shape, num, |out, i| {
                self.dense_element(out, elements[if splat { 0 } else { i }], element_type)
            });
        }
    }

    /// `sparse<indices, values>` (MLIR prints `sparse<>` when no element is
    /// listed), or the elided form of `--mlir-elide-elementsattrs-if-larger`.
    pub(super) fn sparse_elements(&self, out: &mut String, indices: Attribute, values: Attribute) {
        // mlir-opt elides the attribute when its indices or its values would
        // be elided as dense attributes of their own.
        let elide_part = |a: Attribute| match self.ctx.attr(a) {
            AttrKind::DenseElements { ty, elements } => self.should_elide(
                num_elements(self.ctx.shape(*ty).unwrap_or(&[])),
                is_splat(elements),
            ),
            AttrKind::DenseStrings { ty, elements } => self.should_elide(
                num_elements(self.ctx.shape(*ty).unwrap_or(&[])),
                is_splat(elements),
            ),
            _ => false,
        };
        if elide_part(indices) || elide_part(values) {
            out.push_str("dense_resource<__elided__>");
            return;
        }
        out.push_str("sparse<");
        if let AttrKind::DenseElements { ty: ity, elements } = self.ctx.attr(indices) {
            if !elements.is_empty() {
                // Several indices that are all the same (`[[2], [2]]`) are
                // listed in full: their splat form `2` parses as one index,
                // which then does not match two values. mlir-opt 22 prints
                // `sparse<2, [1, 3]>` and rejects its own output
                // (docs/DEVIATIONS.md).
                let count = self.ctx.shape(*ity).and_then(|s| s.first().copied());
                let single = count.is_none_or(|n| n <= 1);
                self.dense_body(out, *ity, elements, false, single);
                out.push_str(", ");
                match self.ctx.attr(values) {
                    AttrKind::DenseElements { ty: vty, elements } => {
                        self.dense_body(out, *vty, elements, true, true)
                    }
                    AttrKind::DenseStrings { ty: vty, elements } => {
                        self.string_body(out, *vty, elements)
                    }
                    _ => {}
                }
            }
        }
        out.push('>');
    }

    /// One element: a scalar, or `(re,im)` for complex element types.
    fn dense_element(&self, out: &mut String, e: Attribute, element_type: Type) {
        match (self.ctx.attr(e), self.ctx.ty(element_type)) {
            (AttrKind::Array(parts), TypeKind::Complex(inner)) if parts.len() == 2 => {
                out.push('(');
                self.dense_scalar(out, parts[0], *inner);
                out.push(',');
                self.dense_scalar(out, parts[1], *inner);
                out.push(')');
            }
            _ => self.dense_scalar(out, e, element_type),
        }
    }

    /// `"0x..."`: MLIR's raw little-endian element storage in uppercase hex.
    fn dense_hex(&self, out: &mut String, elements: &[Attribute], element_type: Type) {
        let (scalar, parts) = match self.ctx.ty(element_type) {
            TypeKind::Complex(inner) => (*inner, 2),
            _ => (element_type, 1),
        };
        let storage = self.storage_of(scalar);
        out.push_str("\"0x");
        let push_byte = |out: &mut String, b: u8| {
            out.push(HEX_UPPER[(b >> 4) as usize] as char);
            out.push(HEX_UPPER[(b & 0xF) as usize] as char);
        };
        let scalars = elements.iter().flat_map(|&e| {
            let split: [Option<Attribute>; 2] = match self.ctx.attr(e) {
                AttrKind::Array(p) if parts == 2 && p.len() == 2 => [Some(p[0]), Some(p[1])],
                _ => [Some(e), None],
            };
            split.into_iter().flatten()
        });
        match storage {
            Storage::Bit => {
                let mut byte = 0u8;
                let mut n = 0usize;
                for s in scalars {
                    let bit = match self.ctx.attr(s) {
                        AttrKind::Integer { value, .. } => !value.is_zero(),
                        _ => false,
                    };
                    byte |= (bit as u8) << (n % 8);
                    n += 1;
                    if n.is_multiple_of(8) {
                        push_byte(out, byte);
                        byte = 0;
                    }
                }
                if !n.is_multiple_of(8) {
                    push_byte(out, byte);
                }
            }
            Storage::Bytes(nbytes) => {
                for s in scalars {
                    let word_at = |i: usize| -> u64 {
                        match self.ctx.attr(s) {
                            AttrKind::Integer { value, .. } => {
                                value.words().get(i).copied().unwrap_or(0)
                            }
                            AttrKind::Float { value, .. } => match i {
                                0 => value.bits as u64,
                                1 => (value.bits >> 64) as u64,
                                _ => 0,
                            },
                            _ => 0,
                        }
                    };
                    for byte in 0..nbytes {
                        push_byte(out, (word_at(byte / 8) >> ((byte % 8) * 8)) as u8);
                    }
                }
            }
        }
        out.push('"');
    }

    /// The body of `dense<...>` (or the elided form) for string elements; never hex.
    pub(super) fn dense_strings(&self, out: &mut String, ty: Type, elements: &[Box<[u8]>]) {
        let shape = self.ctx.shape(ty).unwrap_or(&[]);
        let num = num_elements(shape);
        if self.should_elide(num, is_splat(elements)) {
            out.push_str("dense_resource<__elided__>");
            return;
        }
        out.push_str("dense<");
        self.string_body(out, ty, elements);
        out.push('>');
    }

    /// The literal inside `dense<...>` for string elements.
    fn string_body(&self, out: &mut String, ty: Type, elements: &[Box<[u8]>]) {
        let shape = self.ctx.shape(ty).unwrap_or(&[]);
        let num = num_elements(shape);
        if is_splat(elements) {
            super::push_escaped(out, &elements[0]);
        } else if num > 0 && elements.len() as u64 >= num {
            print_nested(out, shape, num, |out, i| {
                super::push_escaped(out, &elements[i])
            });
        }
    }
}
