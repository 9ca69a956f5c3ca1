//! Exact decoding and correctly rounded encoding of the IEEE-style float
//! formats (`f16`, `bf16`, `tf32`, `f32`, `f64`, `f80`, `f128`) from their
//! bit patterns, for constant folding: lossless conversions between formats
//! (`arith.extf`/`truncf`) and arithmetic on the narrow formats (computed
//! exactly or with one rounding in `f64`, then rounded to the format, which
//! is correct for `+ - * /` and `fmod` as `f64` has more than twice their
//! precision plus two bits).
//!
//! Rounding is to nearest, ties to even (LLVM's default rounding mode).

use mlir_ir::{ApFloat, FloatKind};

/// The layout of a format: exponent bits, stored mantissa bits and
/// precision (stored bits plus the implicit integer bit, or equal to the
/// stored bits when the integer bit is explicit, as in x87's `f80`).
#[derive(Copy, Clone)]
pub(crate) struct Fmt {
    pub exp_bits: u32,
    pub stored: u32,
    pub prec: u32,
}

impl Fmt {
    pub fn of(kind: FloatKind) -> Option<Fmt> {
        let (exp_bits, stored, prec) = match kind {
            FloatKind::F16 => (5, 10, 11),
            FloatKind::BF16 => (8, 7, 8),
            FloatKind::TF32 => (8, 10, 11),
            FloatKind::F32 => (8, 23, 24),
            FloatKind::F64 => (11, 52, 53),
            FloatKind::F80 => (15, 64, 64),
            FloatKind::F128 => (15, 112, 113),
            _ => return None,
        };
        Some(Fmt {
            exp_bits,
            stored,
            prec,
        })
    }
    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    fn emin(self) -> i32 {
        1 - self.bias()
    }
    fn exp_all_ones(self) -> u128 {
        (1u128 << self.exp_bits) - 1
    }
    pub fn sign_bit(self) -> u128 {
        1u128 << (self.exp_bits + self.stored)
    }
    fn frac_mask(self) -> u128 {
        (1u128 << self.stored) - 1
    }
    /// The quiet bit of a NaN: the top fraction bit (below the explicit
    /// integer bit if there is one).
    pub fn quiet_bit(self) -> u128 {
        if self.prec == self.stored {
            1u128 << (self.stored - 2)
        } else {
            1u128 << (self.stored - 1)
        }
    }
    /// The positive quiet NaN `APFloat` produces for invalid operations.
    pub fn default_nan(self) -> u128 {
        let int_bit = if self.prec == self.stored {
            1u128 << (self.stored - 1)
        } else {
            0
        };
        (self.exp_all_ones() << self.stored) | int_bit | self.quiet_bit()
    }
}

/// A decoded value: `sig * 2^exp` for finite non-zero values.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) enum Val {
    Zero(bool),
    Inf(bool),
    NaN,
    Finite { neg: bool, sig: u128, exp: i32 },
}

/// Decodes a float exactly.
pub(crate) fn decode(f: ApFloat) -> Option<Val> {
    let fmt = Fmt::of(f.kind)?;
    let bits = f.bits;
    let neg = bits & fmt.sign_bit() != 0;
    let field = (bits >> fmt.stored) & fmt.exp_all_ones();
    let frac = bits & fmt.frac_mask();
    let explicit = fmt.prec == fmt.stored;
    if field == fmt.exp_all_ones() {
        let payload = if explicit {
            frac & !(1u128 << (fmt.stored - 1))
        } else {
            frac
        };
        return Some(if payload == 0 {
            Val::Inf(neg)
        } else {
            Val::NaN
        });
    }
    if frac == 0 && (field == 0 || explicit) {
        // Zero; with an explicit integer bit a zero significand is zero
        // whatever the exponent.
        return Some(Val::Zero(neg));
    }
    let lsb = fmt.emin() - (fmt.prec as i32 - 1);
    if field == 0 {
        return Some(Val::Finite {
            neg,
            sig: frac,
            exp: lsb,
        });
    }
    let sig = if explicit {
        frac
    } else {
        frac | (1u128 << fmt.stored)
    };
    Some(Val::Finite {
        neg,
        sig,
        exp: field as i32 - fmt.bias() - (fmt.prec as i32 - 1),
    })
}

/// Encodes `v` in `kind`, rounding to nearest even. Returns the value and
/// whether it is exact. NaN encodes as the default NaN (inexact).
pub(crate) fn encode(kind: FloatKind, v: Val) -> Option<(ApFloat, bool)> {
    let fmt = Fmt::of(kind)?;
    let sign = |neg: bool| if neg { fmt.sign_bit() } else { 0 };
    let inf = |neg: bool| sign(neg) | (fmt.exp_all_ones() << fmt.stored) | explicit_int(fmt);
    let make = |bits: u128| ApFloat { kind, bits };
    let (neg, sig, exp) = match v {
        Val::Zero(neg) => return Some((make(sign(neg)), true)),
        Val::Inf(neg) => return Some((make(inf(neg)), true)),
        Val::NaN => return Some((make(fmt.default_nan()), false)),
        Val::Finite { neg, sig, exp } => (neg, sig, exp),
    };
    let prec = fmt.prec as i32;
    let msb = 127 - sig.leading_zeros() as i32;
    let unbiased = exp + msb;
    // The exponent of the result's least significant bit.
    let lsb = if unbiased >= fmt.emin() {
        unbiased - (prec - 1)
    } else {
        fmt.emin() - (prec - 1)
    };
    let shift = lsb - exp;
    let (mut q, exact) = if shift <= 0 {
        (sig << (-shift) as u32, true)
    } else if shift > 128 {
        (0, false)
    } else {
        let s = shift as u32;
        let q = if s == 128 { 0 } else { sig >> s };
        let rem = if s == 128 {
            sig
        } else {
            sig & ((1u128 << s) - 1)
        };
        let half = 1u128 << (s - 1);
        let up = rem > half || (rem == half && q & 1 == 1);
        (q + up as u128, rem == 0)
    };
    let mut lsb = lsb;
    if q >> prec != 0 {
        q >>= 1;
        lsb += 1;
    }
    if q == 0 {
        return Some((make(sign(neg)), false));
    }
    let normal = q >> (prec - 1) != 0;
    let bits = if normal {
        let e = lsb + (prec - 1);
        if e > fmt.bias() {
            return Some((make(inf(neg)), false));
        }
        let field = (e + fmt.bias()) as u128;
        let frac = if fmt.prec == fmt.stored {
            q
        } else {
            q & fmt.frac_mask()
        };
        sign(neg) | (field << fmt.stored) | frac
    } else {
        sign(neg) | q
    };
    Some((make(bits), exact))
}

fn explicit_int(fmt: Fmt) -> u128 {
    if fmt.prec == fmt.stored {
        1u128 << (fmt.stored - 1)
    } else {
        0
    }
}

/// The value of a float of at most `f64`'s range and precision as `f64`
/// (exact).
pub(crate) fn to_f64(f: ApFloat) -> Option<f64> {
    match f.kind {
        FloatKind::F64 => return Some(f64::from_bits(f.bits as u64)),
        FloatKind::F32 => return Some(f32::from_bits(f.bits as u32) as f64),
        FloatKind::F16 | FloatKind::BF16 | FloatKind::TF32 => {}
        _ => return None,
    }
    Some(match decode(f)? {
        Val::Zero(neg) => {
            if neg {
                -0.0
            } else {
                0.0
            }
        }
        Val::Inf(neg) => {
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Val::NaN => f64::NAN,
        Val::Finite { neg, sig, exp } => {
            let m = sig as f64 * 2f64.powi(exp);
            if neg {
                -m
            } else {
                m
            }
        }
    })
}

/// `x` rounded to `kind` (NaN becomes the default NaN).
pub(crate) fn from_f64(kind: FloatKind, x: f64) -> Option<ApFloat> {
    match kind {
        FloatKind::F64 => {
            return Some(ApFloat {
                kind,
                bits: x.to_bits() as u128,
            })
        }
        FloatKind::F32 => {
            return Some(ApFloat {
                kind,
                bits: (x as f32).to_bits() as u128,
            })
        }
        _ => {}
    }
    let v = decode(ApFloat {
        kind: FloatKind::F64,
        bits: x.to_bits() as u128,
    })?;
    Some(encode(kind, v)?.0)
}

/// `a` converted to `kind` if no information is lost (upstream
/// `convertFloatValue`). A quiet NaN keeps its sign and its payload shifted
/// to the new fraction width (as `APFloat::convert`), which must not drop
/// set bits; a signaling NaN does not convert cleanly (it would be
/// quieted), so it does not fold.
pub(crate) fn convert_exact(a: ApFloat, kind: FloatKind) -> Option<ApFloat> {
    let v = decode(a)?;
    if v == Val::NaN {
        return convert_nan(a, kind);
    }
    let (r, exact) = encode(kind, v)?;
    exact.then_some(r)
}

/// The NaN `a` in `kind` (see [`convert_exact`]).
fn convert_nan(a: ApFloat, kind: FloatKind) -> Option<ApFloat> {
    let (src, dst) = (Fmt::of(a.kind)?, Fmt::of(kind)?);
    // Fraction bits without an explicit integer bit.
    let frac_bits = |f: Fmt| f.prec - 1;
    let payload = a.bits & ((1u128 << frac_bits(src)) - 1);
    if payload & src.quiet_bit() == 0 {
        return None;
    }
    let (from, to) = (frac_bits(src), frac_bits(dst));
    let moved = if to >= from {
        payload << (to - from)
    } else {
        let lost = payload & ((1u128 << (from - to)) - 1);
        if lost != 0 {
            return None;
        }
        payload >> (from - to)
    };
    let sign = if a.bits & src.sign_bit() != 0 {
        dst.sign_bit()
    } else {
        0
    };
    let bits = sign | (dst.exp_all_ones() << dst.stored) | explicit_int(dst) | moved;
    Some(ApFloat { kind, bits })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_round_trip_and_rounding() {
        // 1.0 in f16 is 0x3C00; -1.0 is 0xBC00.
        let one = from_f64(FloatKind::F16, 1.0).unwrap();
        assert_eq!({ one.bits }, 0x3c00);
        assert_eq!(to_f64(one), Some(1.0));
        assert_eq!({ from_f64(FloatKind::F16, -1.0).unwrap().bits }, 0xbc00);
        // 65520 rounds to infinity in f16 (max finite 65504).
        assert_eq!({ from_f64(FloatKind::F16, 65520.0).unwrap().bits }, 0x7c00);
        // The smallest subnormal, 2^-24.
        assert_eq!(
            { from_f64(FloatKind::F16, 2f64.powi(-24)).unwrap().bits },
            1
        );
        // Ties to even: 1 + 2^-11 rounds down to 1.0.
        assert_eq!(
            { from_f64(FloatKind::F16, 1.0 + 2f64.powi(-11)).unwrap().bits },
            0x3c00
        );
    }

    #[test]
    fn lossless_conversion() {
        let f32_one = ApFloat {
            kind: FloatKind::F32,
            bits: 1.0f32.to_bits() as u128,
        };
        assert_eq!(
            { convert_exact(f32_one, FloatKind::BF16).unwrap().bits },
            0x3f80
        );
        let third = ApFloat {
            kind: FloatKind::F32,
            bits: (1.0f32 / 3.0).to_bits() as u128,
        };
        assert!(convert_exact(third, FloatKind::BF16).is_none());
        // f80 and f128 1.0.
        let f80 = convert_exact(f32_one, FloatKind::F80).unwrap();
        assert_eq!({ f80.bits }, (0x3fffu128 << 64) | (1u128 << 63));
        let f128 = convert_exact(f80, FloatKind::F128).unwrap();
        assert_eq!({ f128.bits }, 0x3fffu128 << 112);
    }
}
