//! Floating-point values printed exactly as MLIR prints float attributes.
//!
//! MLIR first formats a value with LLVM's `APFloat::toString(6, 0, false)`
//! (scientific notation, six significant digits, e.g. `1.000000e+00`), keeps
//! that if parsing it back gives the same bits, else falls back to the default
//! `APFloat::toString()` (enough digits to round-trip, plain notation when
//! short), and prints the raw bits in hex when even that has no `.` or the
//! value is an infinity or a NaN. Reproducing this byte for byte needs LLVM's
//! digit-generation algorithm (which truncates before rounding half-up, so it
//! is not a correctly rounded conversion) and an exactly rounded decimal to
//! binary conversion for every builtin float format; both are implemented
//! here on a small arbitrary-precision integer.

use std::cmp::Ordering;

use smallvec::SmallVec;

use crate::attributes::ApFloat;
use crate::float_semantics::{semantics, NanEncoding, NonFinite, Semantics};
use crate::types::FloatKind;

/// A float value split into its category; finite values are `sig * 2^exp`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Decoded {
    Zero { neg: bool },
    Finite { neg: bool, sig: u128, exp: i32 },
    Inf,
    NaN,
}

fn low_mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Splits the bit pattern of `kind` into sign, significand and exponent.
fn decode(kind: FloatKind, bits: u128) -> Decoded {
    let s = semantics(kind);
    let bits = bits & low_mask(s.width);
    let neg = s.signed && (bits >> (s.width - 1)) & 1 == 1;
    let mant = bits & low_mask(s.mant_bits);
    let field = ((bits >> s.mant_bits) & low_mask(s.exp_bits)) as i32;
    let all_ones = field as u128 == low_mask(s.exp_bits);
    if kind == FloatKind::F8E8M0FNU {
        // The exponent-only format has no zero and no subnormals: every
        // pattern but the NaN is a power of two.
        if all_ones {
            return Decoded::NaN;
        }
        return Decoded::Finite {
            neg: false,
            sig: 1,
            exp: field - 127,
        };
    }
    match (s.non_finite, s.nan) {
        (NonFinite::Ieee, _) if all_ones => {
            let frac = if s.explicit_int_bit {
                mant & low_mask(63)
            } else {
                mant
            };
            return if frac == 0 {
                Decoded::Inf
            } else {
                Decoded::NaN
            };
        }
        (NonFinite::NanOnly, NanEncoding::AllOnes) if all_ones && mant == low_mask(s.mant_bits) => {
            return Decoded::NaN;
        }
        (NonFinite::NanOnly, NanEncoding::NegativeZero) if neg && field == 0 && mant == 0 => {
            return Decoded::NaN;
        }
        _ => {}
    }
    let p = s.precision as i32;
    let (sig, exp) = if field == 0 {
        (mant, s.min_exp - (p - 1))
    } else {
        let bias = 1 - s.min_exp;
        let sig = if s.explicit_int_bit {
            mant
        } else {
            mant | (1u128 << s.mant_bits)
        };
        (sig, field - bias - (p - 1))
    };
    if sig == 0 {
        Decoded::Zero { neg }
    } else {
        Decoded::Finite { neg, sig, exp }
    }
}

// ----- a minimal unsigned big integer -----

/// Little-endian 64-bit limbs without high zero limbs.
#[derive(Clone, Debug)]
struct Big(SmallVec<[u64; 4]>);

const POW5_27: u64 = 7_450_580_596_923_828_125;
const POW10_19: u64 = 10_000_000_000_000_000_000;

impl Big {
    fn from_u128(v: u128) -> Big {
        let mut b = Big(SmallVec::from_slice(&[v as u64, (v >> 64) as u64]));
        b.trim();
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn bit_len(&self) -> u64 {
        match self.0.last() {
            Some(&top) => (self.0.len() as u64 - 1) * 64 + (64 - top.leading_zeros() as u64),
            None => 0,
        }
    }
    fn to_u128(&self) -> Option<u128> {
        match self.0.len() {
            0 => Some(0),
            1 => Some(self.0[0] as u128),
            2 => Some(self.0[0] as u128 | (self.0[1] as u128) << 64),
            _ => None,
        }
    }
    fn mul_u64(&mut self, m: u64) {
        let mut carry = 0u128;
        for limb in self.0.iter_mut() {
            let v = *limb as u128 * m as u128 + carry;
            *limb = v as u64;
            carry = v >> 64;
        }
        if carry != 0 {
            self.0.push(carry as u64);
        }
        self.trim();
    }
    fn mul_pow5(&mut self, mut n: u32) {
        while n >= 27 {
            self.mul_u64(POW5_27);
            n -= 27;
        }
        if n > 0 {
            self.mul_u64(5u64.pow(n));
        }
    }
    fn shl(&mut self, n: u64) {
        if self.is_zero() {
            return;
        }
        let words = (n / 64) as usize;
        let bits = (n % 64) as u32;
        if bits != 0 {
            let mut carry = 0u64;
            for limb in self.0.iter_mut() {
                let next = *limb >> (64 - bits);
                *limb = (*limb << bits) | carry;
                carry = next;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if words != 0 {
            self.0.insert_many(0, std::iter::repeat_n(0, words));
        }
    }
    fn shr1(&mut self) {
        let mut carry = 0u64;
        for limb in self.0.iter_mut().rev() {
            let next = *limb << 63;
            *limb = (*limb >> 1) | carry;
            carry = next;
        }
        self.trim();
    }
    /// Divides in place, returning the remainder.
    fn div_u64(&mut self, d: u64) -> u64 {
        let mut rem = 0u128;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 64) | *limb as u128;
            *limb = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        self.trim();
        rem as u64
    }
    /// Truncating division by `10^n` (repeated truncation is exact truncation).
    fn div_pow10(&mut self, mut n: u32) {
        while n >= 19 && !self.is_zero() {
            self.div_u64(POW10_19);
            n -= 19;
        }
        if n > 0 && !self.is_zero() {
            self.div_u64(10u64.pow(n));
        }
    }
    fn cmp_big(&self, o: &Big) -> Ordering {
        if self.0.len() != o.0.len() {
            return self.0.len().cmp(&o.0.len());
        }
        for (a, b) in self.0.iter().rev().zip(o.0.iter().rev()) {
            if a != b {
                return a.cmp(b);
            }
        }
        Ordering::Equal
    }
    /// `self -= o`; requires `self >= o`.
    fn sub_assign(&mut self, o: &Big) {
        let mut borrow = false;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let rhs = o.0.get(i).copied().unwrap_or(0);
            let (d1, b1) = limb.overflowing_sub(rhs);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *limb = d2;
            borrow = b1 || b2;
        }
        self.trim();
    }
    /// `(n / d, n % d)` for a quotient known to fit in 127 bits.
    fn div_rem_small_quotient(mut n: Big, d: &Big) -> (u128, Big) {
        if n.cmp_big(d) == Ordering::Less || d.is_zero() {
            return (0, n);
        }
        let t = (n.bit_len() - d.bit_len()).min(126);
        let mut ds = d.clone();
        ds.shl(t);
        let mut q = 0u128;
        for _ in 0..=t {
            q <<= 1;
            if n.cmp_big(&ds) != Ordering::Less {
                n.sub_assign(&ds);
                q |= 1;
            }
            ds.shr1();
        }
        (q, n)
    }
}

// ----- APFloat::toString -----

/// Decimal digits, least significant first as LLVM builds them; the value is
/// `digits * 10^exp`.
struct Digits {
    lsd_first: SmallVec<[u8; 40]>,
    exp: i32,
}

/// The digits of `sig * 2^exp` limited to `format_precision` significant
/// digits the way `APFloat::toString` limits them: the binary value is first
/// truncated to a few more digits than needed, then rounded half up.
fn to_digits(mut sig: u128, mut exp: i32, format_precision: u32) -> Digits {
    let tz = sig.trailing_zeros();
    exp += tz as i32;
    sig >>= tz;
    let mut big = Big::from_u128(sig);
    if exp > 0 {
        big.shl(exp as u64);
        exp = 0;
    } else if exp < 0 {
        big.mul_pow5(exp.unsigned_abs());
    }

    // Drop whole decimal digits that are certainly beyond the precision.
    let bits = big.bit_len();
    let required = (format_precision as u64 * 196).div_ceil(59);
    if bits > required {
        let tens = ((bits - required) * 59 / 196) as u32;
        if tens > 0 {
            exp += tens as i32;
            big.div_pow10(tens);
        }
    }

    let mut buf: SmallVec<[u8; 40]> = SmallVec::new();
    if let Some(mut v) = big.to_u128() {
        while v != 0 {
            buf.push(b'0' + (v % 10) as u8);
            v /= 10;
        }
    } else {
        while !big.is_zero() {
            let mut chunk = big.div_u64(POW10_19);
            let last = big.is_zero();
            let mut n = 0;
            while (last && chunk != 0) || (!last && n < 19) {
                buf.push(b'0' + (chunk % 10) as u8);
                chunk /= 10;
                n += 1;
            }
        }
    }
    // Trailing decimal zeros only move the exponent.
    let zeros = buf.iter().take_while(|&&d| d == b'0').count();
    buf.drain(..zeros);
    exp += zeros as i32;

    // Round to `format_precision` digits, half up, as LLVM does.
    let n = buf.len();
    let fp = format_precision as usize;
    if n > fp {
        let mut first = n - fp;
        if buf[first - 1] < b'5' {
            while first < n && buf[first] == b'0' {
                first += 1;
            }
            exp += first as i32;
            buf.drain(..first);
        } else {
            // Decimal add-with-carry: a carried-out 9 becomes a dropped trailing zero.
            let carried = buf[first..].iter().take_while(|&&c| c == b'9').count();
            if first + carried < n {
                buf[first + carried] += 1;
            }
            first += carried;
            exp += first as i32;
            if first == n {
                buf.clear();
                buf.push(b'1');
            } else {
                buf.drain(..first);
            }
        }
    }
    Digits {
        lsd_first: buf,
        exp,
    }
}

fn push_digits_msd_first(out: &mut String, d: &[u8]) {
    for &c in d.iter().rev() {
        out.push(c as char);
    }
}

/// Formats `digits` as `APFloat::toString` does after generating them.
fn format_digits(
    out: &mut String,
    d: &Digits,
    format_precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) {
    let buf = &d.lsd_first;
    let nd = buf.len();
    let mut exp = d.exp;
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u64 > max_padding as u64 || nd as u64 + exp as u64 > format_precision as u64
    } else {
        let msd = exp + nd as i32 - 1;
        msd < 0 && msd.unsigned_abs() > max_padding
    };
    if scientific {
        exp += nd as i32 - 1;
        out.push(buf[nd - 1] as char);
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            push_digits_msd_first(out, &buf[..nd - 1]);
        }
        if !truncate_zero && format_precision as usize > nd - 1 {
            for _ in 0..(format_precision as usize - nd + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        super::push_u64(out, e as u64);
        return;
    }
    if exp >= 0 {
        push_digits_msd_first(out, buf);
        for _ in 0..exp {
            out.push('0');
        }
        return;
    }
    let whole = exp + nd as i32;
    if whole > 0 {
        let whole = whole as usize;
        push_digits_msd_first(out, &buf[nd - whole..]);
        out.push('.');
        push_digits_msd_first(out, &buf[..nd - whole]);
    } else {
        out.push_str("0.");
        for _ in 0..whole.unsigned_abs() {
            out.push('0');
        }
        push_digits_msd_first(out, buf);
    }
}

// ----- exact decimal to binary conversion -----

/// Rounds `m * 10^e10` to the nearest value of a format with `precision`
/// significand bits and the given exponent range (ties to even), returning
/// `(q, s)` with the value `q * 2^s` (`q == 0` for an underflow to zero), or
/// `None` when it overflows.
fn round_decimal(m: u128, e10: i32, s: &Semantics) -> Option<(u128, i32)> {
    if m == 0 {
        return Some((0, 0));
    }
    // Bounds far outside every builtin format's range: decide without bignums.
    if e10 > 5200 {
        return None;
    }
    if e10 < -5300 {
        return Some((0, 0));
    }
    let mut num = Big::from_u128(m);
    let mut den = Big::from_u128(1);
    if e10 >= 0 {
        num.mul_pow5(e10 as u32);
        num.shl(e10 as u64);
    } else {
        den.mul_pow5(e10.unsigned_abs());
        den.shl(e10.unsigned_abs() as u64);
    }
    let k0 = num.bit_len() as i64 - den.bit_len() as i64;
    let at_least = if k0 >= 0 {
        let mut d = den.clone();
        d.shl(k0 as u64);
        num.cmp_big(&d) != Ordering::Less
    } else {
        let mut n = num.clone();
        n.shl(k0.unsigned_abs());
        n.cmp_big(&den) != Ordering::Less
    };
    let e = if at_least { k0 } else { k0 - 1 };
    let e_eff = e.max(s.min_exp as i64);
    let shift = e_eff - (s.precision as i64 - 1);
    if shift >= 0 {
        den.shl(shift as u64);
    } else {
        num.shl(shift.unsigned_abs());
    }
    let (mut q, mut r) = Big::div_rem_small_quotient(num, &den);
    r.shl(1);
    match r.cmp_big(&den) {
        Ordering::Greater => q += 1,
        Ordering::Equal if q & 1 == 1 => q += 1,
        _ => {}
    }
    if q == 0 {
        return Some((0, 0));
    }
    let top = (127 - q.leading_zeros() as i64) + shift;
    if top > s.max_exp as i64 {
        return None;
    }
    if s.nan == NanEncoding::AllOnes
        && s.non_finite == NonFinite::NanOnly
        && s.mant_bits > 0
        && top == s.max_exp as i64
    {
        // The all-ones significand at the top exponent is the NaN pattern.
        let bits = 128 - q.leading_zeros();
        let norm = if bits <= s.precision {
            q << (s.precision - bits)
        } else {
            q >> (bits - s.precision)
        };
        if norm == low_mask(s.precision) {
            return None;
        }
    }
    Some((q, shift as i32))
}

fn normalize(sig: u128, exp: i32) -> (u128, i32) {
    let tz = sig.trailing_zeros();
    (sig >> tz, exp + tz as i32)
}

/// Whether the decimal `digits` parses back to exactly the finite value
/// `sig * 2^exp` whose bit pattern in `kind` is `bits` (sign excluded: the
/// printed sign is the value's own).
fn round_trips(kind: FloatKind, bits: u128, sig: u128, exp: i32, d: &Digits) -> bool {
    let mut m: u128 = 0;
    for &c in d.lsd_first.iter().rev() {
        m = match m
            .checked_mul(10)
            .and_then(|v| v.checked_add((c - b'0') as u128))
        {
            Some(v) => v,
            None => return false,
        };
    }
    match kind {
        // Rust's float parsing is correctly rounded, like APFloat's, and much
        // cheaper than the general path for the two most common formats.
        FloatKind::F64 | FloatKind::F32 => {
            // `<digits>e<exp>` in a stack buffer: at most 40 digits, `e` and an i32.
            let mut buf = [0u8; 64];
            let mut len = 0;
            for &c in d.lsd_first.iter().rev().take(40) {
                buf[len] = c;
                len += 1;
            }
            buf[len] = b'e';
            len += 1;
            if d.exp < 0 {
                buf[len] = b'-';
                len += 1;
            }
            let mut e = d.exp.unsigned_abs();
            let start = len;
            loop {
                buf[len] = b'0' + (e % 10) as u8;
                len += 1;
                e /= 10;
                if e == 0 {
                    break;
                }
            }
            buf[start..len].reverse();
            let Ok(buf) = std::str::from_utf8(&buf[..len]) else {
                return false;
            };
            if kind == FloatKind::F64 {
                let magnitude = bits & !(1u128 << 63);
                buf.parse::<f64>()
                    .is_ok_and(|v| v.to_bits() as u128 == magnitude)
            } else {
                let magnitude = bits & !(1u128 << 31);
                buf.parse::<f32>()
                    .is_ok_and(|v| v.to_bits() as u128 == magnitude)
            }
        }
        _ => {
            let s = semantics(kind);
            match round_decimal(m, d.exp, &s) {
                Some((q, e)) if q != 0 => normalize(q, e) == normalize(sig, exp),
                _ => false,
            }
        }
    }
}

/// Appends `value` as MLIR's `printFloatValue` does.
pub(crate) fn print_float(out: &mut String, value: ApFloat) {
    let kind = value.kind;
    match decode(kind, value.bits) {
        Decoded::Zero { neg } => {
            if neg {
                out.push('-');
            }
            out.push_str("0.000000e+00");
            return;
        }
        Decoded::Finite { neg, sig, exp } => {
            let bits = value.bits & low_mask(semantics(kind).width);
            let d = to_digits(sig, exp, 6);
            let start = out.len();
            if neg {
                out.push('-');
            }
            let decimal = if round_trips(kind, bits, sig, exp, &d) {
                format_digits(out, &d, 6, 0, false);
                true
            } else {
                let precision = 2 + semantics(kind).precision * 59 / 196;
                let d = to_digits(sig, exp, precision);
                format_digits(out, &d, precision, 3, true);
                out[start..].contains('.')
            };
            if decimal && parses_back(kind, bits, &out[start..]) {
                return;
            }
            out.truncate(start);
        }
        Decoded::Inf | Decoded::NaN => {}
    }
    print_float_hex(out, value);
}

/// Whether `text`, a decimal form of the value with bits `bits` (masked to
/// the format's width), gives those bits back when parsed. The parser (as
/// MLIR's) reads a decimal literal as an `f64` and converts that to the
/// type, so a format with more precision or range than `f64` (`f80`,
/// `f128`) loses a value that needs them. MLIR prints such a value in
/// decimal all the same (and mlir-opt 22 reads back something else, `0.0`
/// for `2^-4096 : f80`); rmlir prints its bits in hex (docs/DEVIATIONS.md).
/// Formats within `f64`'s precision and range always parse back and skip
/// the check.
fn parses_back(kind: FloatKind, bits: u128, text: &str) -> bool {
    let s = semantics(kind);
    if s.precision <= 53 && s.max_exp <= 1023 && s.min_exp >= -1022 {
        return true;
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    crate::asm::parser::float::decimal_float_bits(digits, negative, kind) == Some(bits)
}

/// The raw bits as a C hex literal (`0x7FC00000`), as MLIR prints special values.
pub(crate) fn print_float_hex(out: &mut String, value: ApFloat) {
    let bits = value.bits & low_mask(semantics(value.kind).width);
    super::push_hex_u128(out, bits);
}

/// The storage bit width of `kind` in dense element data (LLVM's APFloat size).
pub(crate) fn storage_bits(kind: FloatKind) -> u32 {
    semantics(kind).width
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(kind: FloatKind, bits: u128) -> String {
        let mut s = String::new();
        print_float(&mut s, ApFloat { kind, bits });
        s
    }

    fn f64s(v: f64) -> String {
        fmt(FloatKind::F64, v.to_bits() as u128)
    }
    fn f32s(v: f32) -> String {
        fmt(FloatKind::F32, v.to_bits() as u128)
    }

    // Expected strings come from `mlir-opt` on
    // `"foo.op"() {a = 1.2345678 : f64, b = 0.1 : f32, ...} : () -> ()`.
    #[test]
    fn f64_values() {
        assert_eq!(f64s(1.0), "1.000000e+00");
        assert_eq!(f64s(1.2345678), "1.2345678");
        assert_eq!(f64s(1.0e100), "1.000000e+100");
        assert_eq!(f64s(0.25), "2.500000e-01");
        assert_eq!(f64s(5.0e-324), "4.940660e-324");
        assert_eq!(f64s(12345.0), "1.234500e+04");
        assert_eq!(f64s(123456.0), "1.234560e+05");
        assert_eq!(f64s(1234567.0), "0x4132D68700000000");
        assert_eq!(f64s(-0.0), "-0.000000e+00");
        assert_eq!(f64s(0.0), "0.000000e+00");
        assert_eq!(f64s(f64::NAN), "0x7FF8000000000000");
        assert_eq!(f64s(0.1), "1.000000e-01");
        assert_eq!(f64s(-2.5), "-2.500000e+00");
    }

    #[test]
    fn f32_values() {
        assert_eq!(f32s(0.1), "1.000000e-01");
        assert_eq!(f32s(f32::NAN), "0x7FC00000");
        assert_eq!(f32s(f32::INFINITY), "0x7F800000");
        assert_eq!(f32s(f32::NEG_INFINITY), "0xFF800000");
        assert_eq!(f32s(1.0e20), "1.000000e+20");
        assert_eq!(f32s(123456789.0), "0x4CEB79A3");
        assert_eq!(f32s(1.0e-40), "9.999940e-41");
        assert_eq!(f32s(16777216.0), "0x4B800000");
        assert_eq!(f32s(100.0), "1.000000e+02");
        assert_eq!(f32s(1.0e7), "1.000000e+07");
    }

    #[test]
    fn small_and_wide_formats() {
        // bf16 3.14 is 0x4049; f16 0.1 is 0x2E66; tf32 0.3 rounds to 0x099A << 0 in 19 bits.
        assert_eq!(fmt(FloatKind::BF16, 0x4049), "3.140630e+00");
        assert_eq!(fmt(FloatKind::F16, 0x2E66), "9.997550e-02");
        assert_eq!(fmt(FloatKind::F8E4M3FN, 0x7E), "4.480000e+02");
        assert_eq!(fmt(FloatKind::F8E8M0FNU, 0x7F), "1.000000e+00");
        assert_eq!(fmt(FloatKind::F4E2M1FN, 0x7), "6.000000e+00");
        // f80 1.5: exponent 0x3FFF, significand 0xC000000000000000.
        assert_eq!(
            fmt(FloatKind::F80, (0x3FFFu128 << 64) | 0xC000_0000_0000_0000),
            "1.500000e+00"
        );
        // mlir-opt's `0.1 : f128` is the f64 0.1 widened (its lexer reads a double).
        let f128_01: u128 = 0x3FFB_9999_9999_9999_A000_0000_0000_0000;
        assert_eq!(
            fmt(FloatKind::F128, f128_01),
            "0.100000000000000005551115123125782702"
        );
    }

    #[test]
    fn tf32_value() {
        // `0.3 : tf32` prints as 3.000490e-01; tf32 keeps 10 mantissa bits.
        let f = 0.3f32.to_bits();
        let mant = ((f >> 13) & 0x3FF) + ((f >> 12) & 1);
        let bits = ((f >> 23) << 10) | mant;
        assert_eq!(fmt(FloatKind::TF32, bits as u128), "3.000490e-01");
    }

    #[test]
    fn exact_rounding_agrees_with_std() {
        let s = semantics(FloatKind::F64);
        for &v in &[
            0.1f64,
            1.5,
            3.0e-310,
            1.7976931348623157e308,
            123.456,
            2.2250738585072014e-308,
        ] {
            let mut txt = format!("{v:e}");
            let (m, e) = txt
                .split_once('e')
                .map(|(a, b)| (a.to_string(), b.parse::<i32>().unwrap()))
                .unwrap();
            let frac = m.split_once('.').map(|(_, f)| f.len()).unwrap_or(0) as i32;
            let digits: u128 = m.replace('.', "").parse().unwrap();
            let (q, sh) = round_decimal(digits, e - frac, &s).unwrap();
            match decode(FloatKind::F64, v.to_bits() as u128) {
                Decoded::Finite { sig, exp, .. } => {
                    assert_eq!(normalize(q, sh), normalize(sig, exp), "{v}")
                }
                _ => unreachable!(),
            }
            txt.clear();
        }
    }

    /// Every 4/6/8-bit pattern and a few hundred random patterns of each wider
    /// format, with the text mlir-opt 22 prints for them (see the header of
    /// `float_cases.txt` for the input that produced it). The one allowed
    /// difference is rmlir's deviation: where mlir-opt's decimal text would
    /// not parse back to the value (`f80` and `f128` values beyond `f64`'s
    /// precision or range), rmlir prints the bits in hex.
    #[test]
    fn matches_mlir_opt_on_fixture() {
        let mut failures = Vec::new();
        let mut deviations = 0;
        for line in include_str!("float_cases.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let mut it = line.split(' ');
            let (Some(kind), Some(bits), Some(expected)) = (it.next(), it.next(), it.next()) else {
                continue;
            };
            let kind = FloatKind::from_keyword(kind).expect("known float kind");
            let bits = u128::from_str_radix(bits, 16).expect("hex bits");
            let got = fmt(kind, bits);
            if got == expected {
                continue;
            }
            let mut hex = String::new();
            print_float_hex(&mut hex, ApFloat { kind, bits });
            if expected.contains('.') && !parses_back(kind, bits, expected) && got == hex {
                deviations += 1;
                continue;
            }
            failures.push(format!("{kind:?} {bits:X}: got {got}, want {expected}"));
        }
        // The fixture's random f80 and f128 patterns mostly need more than
        // f64's 53 bits of precision.
        assert!(deviations > 0, "the fixture no longer covers the deviation");
        assert!(
            failures.is_empty(),
            "{} mismatches:\n{}",
            failures.len(),
            failures[..failures.len().min(30)].join("\n")
        );
    }

    #[test]
    fn exact_rounding_at_format_edges() {
        let s = semantics(FloatKind::F8E4M3FN);
        // 448 is the largest finite value; 464 is halfway to the NaN slot and 500 beyond.
        assert_eq!(
            round_decimal(448, 0, &s).map(|(q, e)| normalize(q, e)),
            Some((7, 6))
        );
        assert_eq!(round_decimal(500, 0, &s), None);
        assert_eq!(round_decimal(479, 0, &s), None);
        // A value rounding up to the next power of two at the top exponent.
        let s = semantics(FloatKind::F8E5M2);
        assert_eq!(
            round_decimal(57343, 0, &s).map(|(q, e)| normalize(q, e)),
            Some((7, 13))
        );
        assert_eq!(
            round_decimal(61439, 0, &s).map(|(q, e)| normalize(q, e)),
            Some((7, 13))
        );
        assert_eq!(round_decimal(61440, 0, &s), None);
        // Underflow to zero and the smallest subnormal of f16 (2^-24 ~ 5.96e-8).
        let s = semantics(FloatKind::F16);
        assert_eq!(round_decimal(1, -9, &s), Some((0, 0)));
        assert_eq!(
            round_decimal(596, -10, &s).map(|(q, e)| normalize(q, e)),
            Some((1, -24))
        );
    }
}
