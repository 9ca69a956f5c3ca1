//! Builtin attributes (and locations, which MLIR models as attributes): the
//! uniqued [`AttrKind`] data and the [`Attribute`] handle, plus the small
//! arbitrary-precision value types they carry ([`ApInt`], [`ApFloat`]).
//!
//! Like types, attributes are interned in the context and referred to by a
//! four-byte handle, so dictionaries, properties and locations are cheap to
//! compare and to store on every operation. Attributes of dialects the
//! context does not know are kept as [`AttrKind::Opaque`] text.

use smallvec::SmallVec;

use crate::affine::{AffineMap, IntegerSet};
use crate::context::Context;
use crate::types::{FloatKind, Type, TypeKind};
use crate::Ident;

/// A uniqued attribute; resolve it with [`Context::attr`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attribute(pub(crate) u32);

impl Attribute {
    /// The raw index, for side tables keyed by attribute.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An arbitrary-width integer bit pattern, as LLVM's `APInt`: `width` bits,
/// stored little-endian in 64-bit words, bits above `width` always zero.
///
/// Values up to 64 bits (nearly all of them) are stored inline; wider ones
/// on the heap. The representation is 16 bytes, which keeps [`AttrKind`]
/// (one per interned attribute, and every op has a location attribute) at
/// 32 bytes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ApInt {
    repr: ApRepr,
}

/// `Inline` exactly when `width <= 64`, so equal values have equal representations.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum ApRepr {
    Inline { width: u32, value: u64 },
    Heap { width: u32, words: Box<Box<[u64]>> },
}

impl ApInt {
    #[inline]
    fn ws(&self) -> &[u64] {
        match &self.repr {
            ApRepr::Inline { value, .. } => std::slice::from_ref(value),
            ApRepr::Heap { words, .. } => words,
        }
    }

    #[inline]
    fn ws_mut(&mut self) -> &mut [u64] {
        match &mut self.repr {
            ApRepr::Inline { value, .. } => std::slice::from_mut(value),
            ApRepr::Heap { words, .. } => words,
        }
    }

    fn num_words(width: u32) -> usize {
        (width.max(1) as usize).div_ceil(64)
    }

    fn mask_top(&mut self) {
        let width = self.width();
        let rem = width % 64;
        let words = self.ws_mut();
        if rem != 0 {
            if let Some(last) = words.last_mut() {
                *last &= (1u64 << rem) - 1;
            }
        }
        if width == 0 {
            words.iter_mut().for_each(|w| *w = 0);
        }
    }

    pub fn zero(width: u32) -> ApInt {
        let repr = if width <= 64 {
            ApRepr::Inline { width, value: 0 }
        } else {
            ApRepr::Heap {
                width,
                words: Box::new(vec![0; Self::num_words(width)].into_boxed_slice()),
            }
        };
        ApInt { repr }
    }

    /// `value` truncated to `width` bits (sign-extended first when wider than 64).
    pub fn from_i64(width: u32, value: i64) -> ApInt {
        let mut r = ApInt::zero(width);
        let fill = if value < 0 { u64::MAX } else { 0 };
        for (i, w) in r.ws_mut().iter_mut().enumerate() {
            *w = if i == 0 { value as u64 } else { fill };
        }
        r.mask_top();
        r
    }

    /// `value` truncated to `width` bits (zero-extended when wider than 64).
    pub fn from_u64(width: u32, value: u64) -> ApInt {
        let mut r = ApInt::zero(width);
        r.ws_mut()[0] = value;
        r.mask_top();
        r
    }

    /// Builds a value from little-endian words, truncated to `width`.
    pub fn from_words(width: u32, words: &[u64]) -> ApInt {
        let mut r = ApInt::zero(width);
        for (d, s) in r.ws_mut().iter_mut().zip(words) {
            *d = *s;
        }
        r.mask_top();
        r
    }

    pub fn width(&self) -> u32 {
        match self.repr {
            ApRepr::Inline { width, .. } | ApRepr::Heap { width, .. } => width,
        }
    }
    pub fn words(&self) -> &[u64] {
        self.ws()
    }
    pub fn is_zero(&self) -> bool {
        self.ws().iter().all(|&w| w == 0)
    }
    /// The sign bit (bit `width - 1`).
    pub fn is_negative(&self) -> bool {
        if self.width() == 0 {
            return false;
        }
        let bit = self.width() - 1;
        (self.ws()[(bit / 64) as usize] >> (bit % 64)) & 1 == 1
    }
    /// The low 64 bits, zero-extended.
    pub fn to_u64(&self) -> u64 {
        self.ws()[0]
    }
    /// The value sign-extended from `width` to 64 bits (low 64 bits if wider).
    pub fn to_i64(&self) -> i64 {
        let w = self.ws()[0];
        if self.width() >= 64 || self.width() == 0 {
            return w as i64;
        }
        let shift = 64 - self.width();
        ((w << shift) as i64) >> shift
    }
    /// Whether the value fits in an `i64` when read as signed.
    pub fn fits_i64(&self) -> bool {
        if self.width() <= 64 {
            return true;
        }
        let fill = if (self.ws()[0] as i64) < 0 {
            u64::MAX
        } else {
            0
        };
        let top_bits = self.width() % 64;
        self.ws()[1..].iter().enumerate().all(|(i, &w)| {
            let is_last = i + 2 == self.ws().len();
            let expect = if is_last && top_bits != 0 {
                fill & ((1u64 << top_bits) - 1)
            } else {
                fill
            };
            w == expect
        })
    }
    /// Two's complement negation within `width`.
    pub fn negate(&self) -> ApInt {
        let mut r = self.clone();
        for w in r.ws_mut().iter_mut() {
            *w = !*w;
        }
        let mut carry = 1u64;
        for w in r.ws_mut().iter_mut() {
            let (s, c) = w.overflowing_add(carry);
            *w = s;
            carry = c as u64;
        }
        r.mask_top();
        r
    }

    /// Decimal digits of the value read as unsigned.
    pub fn to_string_unsigned(&self) -> String {
        if self.ws().len() == 1 {
            return self.ws()[0].to_string();
        }
        let mut words: Vec<u64> = self.ws().to_vec();
        let mut digits = Vec::new();
        loop {
            let mut rem: u128 = 0;
            for w in words.iter_mut().rev() {
                let cur = (rem << 64) | *w as u128;
                *w = (cur / 10) as u64;
                rem = cur % 10;
            }
            digits.push(b'0' + rem as u8);
            if words.iter().all(|&w| w == 0) {
                break;
            }
        }
        digits.reverse();
        String::from_utf8(digits).expect("ascii digits")
    }

    /// Decimal digits of the value read as signed two's complement.
    pub fn to_string_signed(&self) -> String {
        if self.is_negative() {
            format!("-{}", self.negate().to_string_unsigned())
        } else {
            self.to_string_unsigned()
        }
    }

    /// Parses decimal `digits` (no sign) as an unsigned value of `width` bits.
    /// Returns `None` when the value does not fit in `width` bits.
    pub fn from_decimal(width: u32, digits: &str) -> Option<ApInt> {
        let mut words: SmallVec<[u64; 2]> = SmallVec::from_elem(0, Self::num_words(width) + 1);
        for d in digits.bytes() {
            if !d.is_ascii_digit() {
                return None;
            }
            let mut carry = (d - b'0') as u128;
            for w in words.iter_mut() {
                let cur = *w as u128 * 10 + carry;
                *w = cur as u64;
                carry = cur >> 64;
            }
            if carry != 0 {
                return None;
            }
        }
        Self::from_wide_words(width, &words)
    }

    /// Parses hexadecimal `digits` (no `0x`) as an unsigned value of `width` bits.
    pub fn from_hex(width: u32, digits: &str) -> Option<ApInt> {
        let mut words: SmallVec<[u64; 2]> = SmallVec::from_elem(0, Self::num_words(width) + 1);
        for d in digits.bytes() {
            let v = (d as char).to_digit(16)? as u64;
            let mut carry = v;
            for w in words.iter_mut() {
                let next = *w >> 60;
                *w = (*w << 4) | carry;
                carry = next;
            }
            if carry != 0 {
                return None;
            }
        }
        Self::from_wide_words(width, &words)
    }

    /// Number of significant bits when read as unsigned.
    pub fn active_bits(&self) -> u32 {
        active_bits_of(self.ws())
    }

    fn from_wide_words(width: u32, words: &[u64]) -> Option<ApInt> {
        if active_bits_of(words) > width {
            return None;
        }
        Some(ApInt::from_words(width, words))
    }
}

/// Number of significant bits of little-endian `words` read as unsigned.
fn active_bits_of(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate().rev() {
        if w != 0 {
            return i as u32 * 64 + (64 - w.leading_zeros());
        }
    }
    0
}

/// A floating-point value: the raw bit pattern in the format of `kind`.
///
/// Packed to 4-byte alignment: a `u128` is 16-byte aligned, which would make
/// [`AttrKind`] (and so every interned attribute) 48 bytes instead of 32.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(C, packed(4))]
pub struct ApFloat {
    pub kind: FloatKind,
    pub bits: u128,
}

impl ApFloat {
    pub fn from_f64(value: f64) -> ApFloat {
        ApFloat {
            kind: FloatKind::F64,
            bits: value.to_bits() as u128,
        }
    }
    pub fn from_f32(value: f32) -> ApFloat {
        ApFloat {
            kind: FloatKind::F32,
            bits: value.to_bits() as u128,
        }
    }
}

/// A location (a location attribute). `Location::UNKNOWN`-style constants are
/// not possible because handles are per context; use [`Context::unknown_loc`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Location(pub Attribute);

impl Location {
    pub fn attr(self) -> Attribute {
        self.0
    }
}

/// The data of a uniqued attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// An integer of integer or index type (`i1` values print as `true`/`false`:
    /// MLIR's `BoolAttr` is this attribute on `i1`).
    Integer {
        ty: Type,
        value: ApInt,
    },
    Float {
        ty: Type,
        value: ApFloat,
    },
    /// A string (arbitrary bytes, escapes decoded) with an optional type
    /// (`"foo" : i32`); the type is `None` for the common untyped form.
    String {
        value: Box<[u8]>,
        ty: Option<Type>,
    },
    Unit,
    Array(Box<[Attribute]>),
    /// Entries sorted by name, names unique.
    Dictionary(Box<[(Ident, Attribute)]>),
    Type(Type),
    /// `@root::@nested...` (a flat symbol ref when `nested` is empty).
    SymbolRef {
        root: Ident,
        nested: Box<[Ident]>,
    },
    /// `dense<...> : ty` of integers or floats (or complex values, each an
    /// `Array` of two elements). `elements` holds one value when the
    /// attribute is a splat, else one per element in row-major order.
    DenseElements {
        ty: Type,
        elements: Box<[Attribute]>,
    },
    /// `dense<"a", "b"> : tensor<2x!ty>`: string elements; splat as above.
    DenseStrings {
        ty: Type,
        elements: Box<[Box<[u8]>]>,
    },
    /// `dense_resource<handle> : ty`; the blob lives in the context's resources.
    DenseResource {
        ty: Type,
        handle: Ident,
    },
    /// `array<i32: 1, 2>`; elements are Integer/Float attributes of `element`.
    DenseArray {
        element: Type,
        elements: Box<[Attribute]>,
    },
    AffineMap(AffineMap),
    /// `affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 == 0)>`.
    /// Boxed: an integer set is the largest payload and rare, and keeping
    /// it inline made every attribute (one location per op) 48 bytes, not 32.
    IntegerSet(Box<IntegerSet>),
    /// `sparse<indices, values> : ty` (MLIR's `SparseElementsAttr`): `indices`
    /// is a dense `i64` attribute of shape `N x rank(ty)` (one row per
    /// listed element), `values` a dense attribute of `N` elements of the
    /// element type of `ty`; every other element is zero.
    SparseElements {
        ty: Type,
        indices: Attribute,
        values: Attribute,
    },
    /// `distinct[N]<referenced>` (MLIR's `DistinctAttr`): an attribute that is
    /// equal only to itself, however equal its referenced attribute is.
    /// `id` is unique in the context (the number printed is not `id` but
    /// the order in which the printer meets the attribute).
    Distinct {
        id: u64,
        referenced: Attribute,
    },
    /// An attribute of a dialect the context does not know, written with a
    /// type: `#dialect.body : ty` (MLIR's `OpaqueAttr` with a non-`none` type).
    /// Without a type such attributes are [`AttrKind::Opaque`].
    OpaqueTyped {
        dialect: Ident,
        body: Box<str>,
        ty: Type,
    },
    /// `strided<[s0, s1], offset: o>`; `DYNAMIC` marks `?`.
    StridedLayout {
        offset: i64,
        strides: Box<[i64]>,
    },
    /// An attribute of a dialect the context does not know: `#dialect.body`
    /// or `#dialect<body>`.
    Opaque {
        dialect: Ident,
        body: Box<str>,
    },

    // ----- locations -----
    UnknownLoc,
    /// `loc("file":line:col)`, or a range when `end` is present
    /// (`loc("file":l:c to l2:c2)`; `end = (line, col)`).
    FileLineColLoc {
        file: Ident,
        line: u32,
        col: u32,
        end: Option<(u32, u32)>,
    },
    /// `loc("name"(child))`; `child` is `None` when written as `loc("name")`.
    NameLoc {
        name: Ident,
        child: Option<Location>,
    },
    CallSiteLoc {
        callee: Location,
        caller: Location,
    },
    FusedLoc {
        locations: Box<[Location]>,
        metadata: Option<Attribute>,
    },
}

impl AttrKind {
    pub fn is_location(&self) -> bool {
        matches!(
            self,
            AttrKind::UnknownLoc
                | AttrKind::FileLineColLoc { .. }
                | AttrKind::NameLoc { .. }
                | AttrKind::CallSiteLoc { .. }
                | AttrKind::FusedLoc { .. }
        )
    }
}

impl Context {
    /// Uniques `kind` and returns its handle. Dictionaries must already be
    /// sorted; use [`Context::dictionary_attr`] to build one from any order.
    pub fn intern_attr(&self, kind: AttrKind) -> Attribute {
        if let AttrKind::FileLineColLoc {
            file,
            line,
            col,
            end: None,
        } = kind
        {
            // Every parsed op has one of these: their own table keeps the
            // lookups sequential (see `LineColTable`).
            return Attribute(
                self.file_locs
                    .get_or_insert(file.0, line, col, || self.attrs.push_unindexed(kind)),
            );
        }
        Attribute(self.attrs.intern(kind))
    }

    /// The data of `attr`.
    #[inline]
    pub fn attr(&self, attr: Attribute) -> &AttrKind {
        self.attrs.get(attr.0)
    }

    /// A new [`AttrKind::Distinct`] attribute referencing `referenced`,
    /// different from every other attribute of the context.
    pub fn distinct_attr(&self, referenced: Attribute) -> Attribute {
        let id = self
            .next_distinct_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.intern_attr(AttrKind::Distinct { id, referenced })
    }

    pub fn unit_attr(&self) -> Attribute {
        self.builtin.unit
    }
    pub fn empty_dictionary(&self) -> Attribute {
        self.builtin.empty_dict
    }
    pub fn bool_attr(&self, value: bool) -> Attribute {
        if value {
            self.builtin.true_attr
        } else {
            self.builtin.false_attr
        }
    }
    pub fn integer_attr(&self, ty: Type, value: ApInt) -> Attribute {
        self.intern_attr(AttrKind::Integer { ty, value })
    }
    /// An integer attribute of `ty` (integer or index) holding `value` truncated to the type's width.
    pub fn int_attr(&self, ty: Type, value: i64) -> Attribute {
        let width = self.int_or_index_width(ty).unwrap_or(64);
        self.integer_attr(ty, ApInt::from_i64(width, value))
    }
    pub fn float_attr(&self, ty: Type, value: ApFloat) -> Attribute {
        self.intern_attr(AttrKind::Float { ty, value })
    }
    pub fn string_attr(&self, value: &str) -> Attribute {
        self.intern_attr(AttrKind::String {
            value: value.as_bytes().into(),
            ty: None,
        })
    }
    pub fn type_attr(&self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }
    pub fn array_attr(&self, elements: &[Attribute]) -> Attribute {
        self.intern_attr(AttrKind::Array(elements.into()))
    }
    pub fn flat_symbol_ref(&self, name: &str) -> Attribute {
        let root = self.ident(name);
        self.intern_attr(AttrKind::SymbolRef {
            root,
            nested: Box::new([]),
        })
    }

    /// Builds a dictionary from entries in any order; later duplicates win.
    pub fn dictionary_attr(&self, entries: &[(Ident, Attribute)]) -> Attribute {
        if entries.is_empty() {
            return self.builtin.empty_dict;
        }
        let mut v: Vec<(Ident, Attribute)> = entries.to_vec();
        v.sort_by(|a, b| self.ident_str(a.0).cmp(self.ident_str(b.0)));
        let mut out: Vec<(Ident, Attribute)> = Vec::with_capacity(v.len());
        for e in v {
            match out.last_mut() {
                Some(last) if last.0 == e.0 => *last = e,
                _ => out.push(e),
            }
        }
        self.intern_attr(AttrKind::Dictionary(out.into()))
    }

    /// Entries of a dictionary attribute (empty for any other attribute).
    pub fn dictionary_entries(&self, dict: Attribute) -> &[(Ident, Attribute)] {
        match self.attr(dict) {
            AttrKind::Dictionary(entries) => entries,
            _ => &[],
        }
    }

    /// Looks `name` up in a dictionary attribute.
    pub fn dictionary_get(&self, dict: Attribute, name: &str) -> Option<Attribute> {
        let entries = self.dictionary_entries(dict);
        // Op properties and attribute dictionaries hold a handful of
        // entries, and most probes are for another length than the name
        // sought: a scan that compares lengths first does no string
        // comparison for them, where the binary search did an ordered
        // comparison at every step.
        if entries.len() <= 8 {
            return entries.iter().find_map(|&(k, v)| {
                let s = self.ident_str(k);
                (s.len() == name.len() && s.as_bytes() == name.as_bytes()).then_some(v)
            });
        }
        entries
            .binary_search_by(|(k, _)| self.ident_str(*k).cmp(name))
            .ok()
            .map(|i| entries[i].1)
    }

    /// Returns `dict` with `name` set to `value` (or removed when `value` is `None`).
    pub fn dictionary_with(
        &self,
        dict: Attribute,
        name: Ident,
        value: Option<Attribute>,
    ) -> Attribute {
        let mut entries: Vec<(Ident, Attribute)> = self
            .dictionary_entries(dict)
            .iter()
            .copied()
            .filter(|(k, _)| *k != name)
            .collect();
        if let Some(v) = value {
            entries.push((name, v));
        }
        self.dictionary_attr(&entries)
    }

    /// The type of a typed attribute (integer, float, typed string, elements).
    pub fn attr_type(&self, attr: Attribute) -> Option<Type> {
        match self.attr(attr) {
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
            AttrKind::String { ty, .. } => *ty,
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseStrings { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::SparseElements { ty, .. }
            | AttrKind::OpaqueTyped { ty, .. } => Some(*ty),
            _ => None,
        }
    }

    /// The value of an integer attribute, sign-extended to `i64`.
    pub fn int_attr_value(&self, attr: Attribute) -> Option<i64> {
        match self.attr(attr) {
            AttrKind::Integer { value, .. } => Some(value.to_i64()),
            _ => None,
        }
    }

    /// The bytes of a string attribute as text (lossy for non-UTF-8 bytes).
    pub fn string_attr_value(&self, attr: Attribute) -> Option<std::borrow::Cow<'_, str>> {
        match self.attr(attr) {
            AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value)),
            _ => None,
        }
    }

    // ----- locations -----

    pub fn unknown_loc(&self) -> Location {
        Location(self.builtin.unknown_loc)
    }
    pub fn file_line_col(&self, file: &str, line: u32, col: u32) -> Location {
        let file = self.ident(file);
        Location(self.intern_attr(AttrKind::FileLineColLoc {
            file,
            line,
            col,
            end: None,
        }))
    }
    pub fn name_loc(&self, name: &str, child: Option<Location>) -> Location {
        let name = self.ident(name);
        Location(self.intern_attr(AttrKind::NameLoc { name, child }))
    }
    pub fn callsite_loc(&self, callee: Location, caller: Location) -> Location {
        Location(self.intern_attr(AttrKind::CallSiteLoc { callee, caller }))
    }
    /// A fused location, simplified as MLIR's `FusedLoc::get` does: nested
    /// fused locations without metadata are flattened, duplicates and unknown
    /// locations dropped; a single remaining location without metadata is
    /// returned as is, and none at all gives the unknown location.
    pub fn fused_loc(&self, locations: &[Location], metadata: Option<Attribute>) -> Location {
        let mut flat: Vec<Location> = Vec::with_capacity(locations.len());
        // Duplicates are dropped in first-seen order (MLIR's SetVector). A
        // linear search is fastest for the usual handful of locations; a set
        // takes over for long lists, which folding a long chain of ops into
        // one constant builds (a quadratic search there made the
        // canonicalizer cubic in the chain length).
        let mut seen: Option<hashbrown::HashSet<Location>> = None;
        let mut push = |l: Location, flat: &mut Vec<Location>| {
            if let Some(set) = &mut seen {
                if set.insert(l) {
                    flat.push(l);
                }
                return;
            }
            if flat.contains(&l) {
                return;
            }
            flat.push(l);
            if flat.len() > 16 {
                seen = Some(flat.iter().copied().collect());
            }
        };
        for &loc in locations {
            match self.attr(loc.0) {
                AttrKind::FusedLoc {
                    locations: inner,
                    metadata: None,
                } => {
                    for &l in inner.iter() {
                        push(l, &mut flat);
                    }
                }
                AttrKind::UnknownLoc => {}
                _ => push(loc, &mut flat),
            }
        }
        if metadata.is_none() {
            match flat.len() {
                0 => return self.unknown_loc(),
                1 => return flat[0],
                _ => {}
            }
        }
        Location(self.intern_attr(AttrKind::FusedLoc {
            locations: flat.into(),
            metadata,
        }))
    }

    /// Whether a type is an integer type whose attributes print as booleans.
    pub fn is_i1(&self, ty: Type) -> bool {
        matches!(
            self.ty(ty),
            TypeKind::Integer {
                width: 1,
                signedness: crate::types::Signedness::Signless
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apint_decimal_round_trip() {
        let v = ApInt::from_decimal(128, "170141183460469231731687303715884105727").unwrap();
        assert_eq!(
            v.to_string_unsigned(),
            "170141183460469231731687303715884105727"
        );
        assert!(!v.is_negative());
        let m = ApInt::from_i64(128, -5);
        assert_eq!(m.to_string_signed(), "-5");
        assert_eq!(m.to_i64(), -5);
        assert!(ApInt::from_decimal(8, "256").is_none());
        assert_eq!(ApInt::from_decimal(8, "255").unwrap().to_i64(), -1);
        assert_eq!(ApInt::from_hex(16, "FFFF").unwrap().to_u64(), 0xFFFF);
        assert!(ApInt::from_hex(16, "10000").is_none());
    }

    #[test]
    fn apint_fits_i64() {
        assert!(ApInt::from_i64(128, -1).fits_i64());
        assert!(ApInt::from_i64(128, i64::MIN).fits_i64());
        assert!(!ApInt::from_decimal(128, "18446744073709551615")
            .unwrap()
            .fits_i64());
    }
}
