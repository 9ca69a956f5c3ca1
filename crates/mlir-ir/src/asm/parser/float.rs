//! Conversion of float literals to the bit patterns of MLIR's float types.
//!
//! mlir-opt parses a decimal float literal with `StringRef::getAsDouble`
//! (a correctly rounded conversion to IEEE double, overflowing to infinity)
//! and then converts that double to the target semantics with APFloat's
//! round-to-nearest-even. We do exactly the same: Rust's `str::parse::<f64>`
//! is correctly rounded, and [`f64_to_bits`] reproduces APFloat's
//! `convert` for every [`FloatKind`], including its handling of overflow,
//! underflow and non-finite values in the formats without infinities or
//! NaNs. A direct decimal-to-f128 conversion would be more precise but would
//! disagree with mlir-opt (e.g. `0.1 : f128` is the double nearest to 0.1).

use crate::float_semantics::{semantics, NanEncoding, NonFinite, Semantics};
use crate::types::FloatKind;

/// A format-independent encoder for one [`FloatKind`].
struct Encoder {
    kind: FloatKind,
    s: Semantics,
}

impl Encoder {
    fn new(kind: FloatKind) -> Encoder {
        Encoder {
            kind,
            s: semantics(kind),
        }
    }

    fn is_e8m0(&self) -> bool {
        self.kind == FloatKind::F8E8M0FNU
    }
    fn is_f80(&self) -> bool {
        self.kind == FloatKind::F80
    }
    /// Stored mantissa bits (without the implicit bit, except for f80).
    fn mantissa_bits(&self) -> u32 {
        if self.is_f80() {
            64
        } else {
            self.s.precision - 1
        }
    }
    fn exponent_bits(&self) -> u32 {
        if self.is_e8m0() {
            8
        } else {
            self.s.width - 1 - self.mantissa_bits()
        }
    }
    fn sign_bit(&self) -> u128 {
        if self.is_e8m0() {
            0
        } else {
            1u128 << (self.s.width - 1)
        }
    }
    fn bias(&self) -> i32 {
        if self.is_e8m0() {
            -self.s.min_exp
        } else {
            1 - self.s.min_exp
        }
    }
    fn exp_field_max(&self) -> u128 {
        (1u128 << self.exponent_bits()) - 1
    }

    /// The default NaN (APFloat's quiet NaN with the given sign).
    fn nan(&self, negative: bool) -> u128 {
        match self.s.nan {
            NanEncoding::NegativeZero => self.sign_bit(),
            NanEncoding::AllOnes => {
                let all = (1u128 << self.s.width) - 1;
                if negative {
                    all
                } else {
                    all & !self.sign_bit()
                }
            }
            NanEncoding::Ieee => {
                let mb = self.mantissa_bits();
                let exp = self.exp_field_max() << mb;
                // The quiet bit is the top stored mantissa bit; f80 also keeps
                // its explicit integer bit set.
                let quiet = if self.is_f80() {
                    3u128 << 62
                } else {
                    1u128 << (mb - 1)
                };
                let sign = if negative { self.sign_bit() } else { 0 };
                sign | exp | quiet
            }
        }
    }

    fn infinity(&self, negative: bool) -> u128 {
        let sign = if negative { self.sign_bit() } else { 0 };
        match self.s.non_finite {
            NonFinite::Ieee => {
                let mb = self.mantissa_bits();
                let int_bit = if self.is_f80() { 1u128 << 63 } else { 0 };
                sign | (self.exp_field_max() << mb) | int_bit
            }
            NonFinite::NanOnly => self.nan(negative),
            // APFloat turns an infinity into a (signed) zero in these formats.
            NonFinite::FiniteOnly => sign,
        }
    }

    fn zero(&self, negative: bool) -> u128 {
        if self.is_e8m0() {
            // There is no zero: APFloat produces the smallest value.
            return 0;
        }
        if negative && self.s.nan != NanEncoding::NegativeZero {
            self.sign_bit()
        } else {
            0
        }
    }

    /// The largest finite value.
    fn largest(&self, negative: bool) -> u128 {
        let sign = if negative { self.sign_bit() } else { 0 };
        let mb = self.mantissa_bits();
        let mant_all = (1u128 << mb) - 1;
        let (exp, mant) = match (self.s.non_finite, self.s.nan) {
            (NonFinite::Ieee, _) => (self.exp_field_max() - 1, mant_all),
            (_, NanEncoding::AllOnes) => (self.exp_field_max(), mant_all - 1),
            _ => (self.exp_field_max(), mant_all),
        };
        sign | (exp << mb) | mant
    }

    /// Result of a finite value that exceeds the format's range.
    fn overflow(&self, negative: bool) -> u128 {
        match self.s.non_finite {
            NonFinite::Ieee => self.infinity(negative),
            NonFinite::NanOnly => self.nan(negative),
            NonFinite::FiniteOnly => self.largest(negative),
        }
    }

    /// Encodes `(-1)^negative * sig * 2^exp` (with `sig` nonzero and exact),
    /// rounding to nearest, ties to even.
    fn encode(&self, negative: bool, sig: u64, exp: i32) -> u128 {
        if negative && self.is_e8m0() {
            return self.nan(false);
        }
        let p = self.s.precision as i32;
        // Normalise: value = 1.f * 2^lead with the leading bit of `sig` at bit `top`.
        let top = 63 - sig.leading_zeros() as i32;
        let lead = exp + top;
        // The exponent of the least significant kept bit.
        let lsb_exp = if lead >= self.s.min_exp || self.is_e8m0() {
            lead - (p - 1)
        } else {
            self.s.min_exp - (p - 1)
        };
        let shift = lsb_exp - exp;
        let mut q: u128 = if shift <= 0 {
            (sig as u128) << (-shift) as u32
        } else if shift > 100 {
            0
        } else {
            let s = shift as u32;
            let v = sig as u128;
            let kept = v >> s;
            let rem = v & ((1u128 << s) - 1);
            let half = 1u128 << (s - 1);
            if rem > half || (rem == half && kept & 1 == 1) {
                kept + 1
            } else {
                kept
            }
        };
        let mut lsb_exp = lsb_exp;
        if q == 1u128 << p {
            q >>= 1;
            lsb_exp += 1;
        }
        if q == 0 {
            return self.zero(negative);
        }
        let is_normal = q >= 1u128 << (p - 1);
        let lead = lsb_exp + (p - 1);
        if self.is_e8m0() {
            if lead < self.s.min_exp {
                return 0;
            }
            if lead > self.s.max_exp {
                return self.overflow(false);
            }
            let field = (lead + self.bias()) as u128;
            if field == self.exp_field_max() {
                return self.overflow(false);
            }
            return field;
        }
        let mb = self.mantissa_bits();
        let sign = if negative { self.sign_bit() } else { 0 };
        if !is_normal {
            // A denormal: exponent field zero.
            return sign | q;
        }
        if lead > self.s.max_exp {
            return self.overflow(negative);
        }
        let field = (lead + self.bias()) as u128;
        let mant_mask = (1u128 << (p as u32 - 1)) - 1;
        if self.s.nan == NanEncoding::AllOnes
            && field == self.exp_field_max()
            && q & mant_mask == mant_mask
        {
            return self.overflow(negative);
        }
        let mant = if self.is_f80() { q } else { q & mant_mask };
        sign | (field << mb) | mant
    }
}

/// The bits of `value` converted to `kind` (round to nearest, ties to even),
/// as APFloat's `convert` does.
fn f64_to_bits(value: f64, kind: FloatKind) -> u128 {
    if kind == FloatKind::F64 {
        return value.to_bits() as u128;
    }
    let enc = Encoder::new(kind);
    let negative = value.is_sign_negative();
    if value.is_nan() {
        return enc.nan(negative);
    }
    if value.is_infinite() {
        return enc.infinity(negative);
    }
    if value == 0.0 {
        return enc.zero(negative);
    }
    let bits = value.to_bits();
    let exp_field = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (sig, exp) = if exp_field == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp_field - 1075)
    };
    enc.encode(negative, sig, exp)
}

/// Parses the text of a float literal token (its minus sign passed as
/// `negative`) as mlir-opt does: to the nearest double, infinity on overflow.
fn parse_decimal_f64(text: &str, negative: bool) -> Option<f64> {
    let v: f64 = text.parse().ok()?;
    Some(if negative { -v } else { v })
}

/// The bits of `kind` that a decimal float literal denotes: read as a double
/// and converted, as MLIR does. The printer asks this too, so that what it
/// prints in decimal is what the parser reads back.
pub(crate) fn decimal_float_bits(text: &str, negative: bool, kind: FloatKind) -> Option<u128> {
    parse_decimal_f64(text, negative).map(|v| f64_to_bits(v, kind))
}

/// The bits of a hexadecimal integer literal used as a float bit pattern
/// (`0x7FC00000 : f32`); `None` when it has more significant bits than
/// the format is wide.
pub(crate) fn hex_float_bits(text: &str, kind: FloatKind) -> Option<u128> {
    let digits = text.get(2..)?.trim_start_matches('0');
    if digits.len() > 32 {
        return None;
    }
    let v = if digits.is_empty() {
        0
    } else {
        u128::from_str_radix(digits, 16).ok()?
    };
    let active = 128 - v.leading_zeros();
    if active > kind.width() {
        return None;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use FloatKind as K;

    /// Expected bits were obtained from mlir-opt 22 (`dense` attributes printed as hex).
    #[test]
    fn matches_apfloat() {
        let cases: &[(K, f64, u128)] = &[
            (K::F8E8M0FNU, 0.0, 0x00),
            (K::F8E8M0FNU, -0.0, 0x00),
            (K::F8E8M0FNU, 1.0e-50, 0x00),
            (K::F8E8M0FNU, f64::INFINITY, 0xFF),
            (K::F8E8M0FNU, -1.0, 0xFF),
            (K::F8E8M0FNU, 3.0, 0x81),
            (K::F8E8M0FNU, 0.3, 0x7D),
            (K::F8E8M0FNU, 1000.0, 0x89),
            (K::F8E8M0FNU, 1.0, 0x7F),
            (K::F4E2M1FN, 0.0, 0x0),
            (K::F4E2M1FN, -0.0, 0x8),
            (K::F4E2M1FN, f64::INFINITY, 0x0),
            (K::F4E2M1FN, f64::NEG_INFINITY, 0x8),
            (K::F4E2M1FN, -1.0, 0xA),
            (K::F4E2M1FN, 3.0, 0x5),
            (K::F4E2M1FN, 0.3, 0x1),
            (K::F4E2M1FN, 1000.0, 0x7),
            (K::F4E2M1FN, 1.0, 0x2),
            (K::F6E2M3FN, -0.0, 0x20),
            (K::F6E2M3FN, -1.0, 0x28),
            (K::F6E2M3FN, 3.0, 0x14),
            (K::F6E2M3FN, 0.3, 0x02),
            (K::F6E2M3FN, 1000.0, 0x1F),
            (K::F6E2M3FN, 1.0, 0x08),
            (K::F8E4M3FN, -0.0, 0x80),
            (K::F8E4M3FN, f64::INFINITY, 0x7F),
            (K::F8E4M3FN, f64::NEG_INFINITY, 0xFF),
            (K::F8E4M3FN, -1.0, 0xB8),
            (K::F8E4M3FN, 3.0, 0x44),
            (K::F8E4M3FN, 0.3, 0x2A),
            (K::F8E4M3FN, 1000.0, 0x7F),
            (K::F8E5M2FNUZ, -0.0, 0x00),
            (K::F8E5M2FNUZ, f64::INFINITY, 0x80),
            (K::F8E5M2FNUZ, f64::NEG_INFINITY, 0x80),
            (K::F8E5M2FNUZ, -1.0, 0xC0),
            (K::F8E5M2FNUZ, 3.0, 0x46),
            (K::F8E5M2FNUZ, 0.3, 0x39),
            (K::F8E5M2FNUZ, 1000.0, 0x68),
            (K::F8E4M3B11FNUZ, f64::INFINITY, 0x80),
            (K::F8E4M3B11FNUZ, -1.0, 0xD8),
            (K::F8E4M3B11FNUZ, 3.0, 0x64),
            (K::F8E4M3B11FNUZ, 0.3, 0x4A),
            (K::F8E4M3B11FNUZ, 1000.0, 0x80),
            (K::F16, -0.0, 0x8000),
            (K::F16, 1.0e-50, 0x0000),
            (K::F16, f64::INFINITY, 0x7C00),
            (K::F16, -1.0, 0xBC00),
            (K::F16, 0.3, 0x34CD),
            (K::F16, 1000.0, 0x63D0),
            (K::BF16, f64::NEG_INFINITY, 0xFF80),
            (K::BF16, 0.3, 0x3E9A),
            (K::BF16, 1000.0, 0x447A),
            (K::TF32, -0.0, 0x40000),
            (K::TF32, f64::INFINITY, 0x3FC00),
            (K::TF32, -1.0, 0x5FC00),
            (K::TF32, 3.0, 0x20200),
            (K::TF32, 0.3, 0x1F4CD),
            (K::TF32, 1000.0, 0x223D0),
            (K::F80, -0.0, 0x8000_0000000000000000),
            (K::F80, 1.0e-50, 0x3F58_EF73D256A5C0F800),
            (K::F80, f64::INFINITY, 0x7FFF_8000000000000000),
            (K::F80, -1.0, 0xBFFF_8000000000000000),
            (K::F80, 0.3, 0x3FFD_9999999999999800),
            (K::F80, 1000.0, 0x4008_FA00000000000000),
            (K::F32, 0.1, 0x3DCCCCCD),
        ];
        for &(k, v, bits) in cases {
            assert_eq!(f64_to_bits(v, k), bits, "{v} as {k:?}");
        }
        // 0.1 as f128 is the double nearest to 0.1, widened exactly.
        let b = f64_to_bits(0.1, K::F128);
        assert_eq!(b >> 112, 0x3FFB);
        assert_eq!(f64_to_bits(f64::INFINITY, K::F128), 0x7FFF << 112);
    }

    #[test]
    fn hex_bits() {
        assert_eq!(hex_float_bits("0x7FC00000", K::F32), Some(0x7FC00000));
        assert_eq!(hex_float_bits("0x0007FC00000", K::F32), Some(0x7FC00000));
        assert_eq!(hex_float_bits("0x17FC00000", K::F32), None);
        assert_eq!(hex_float_bits("0x1F", K::F4E2M1FN), None);
        assert_eq!(hex_float_bits("0xF", K::F4E2M1FN), Some(0xF));
    }
}
