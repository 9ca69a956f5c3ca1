//! The parameters of the builtin floating-point formats (LLVM's
//! `fltSemantics`), shared by the float literal parser and printer so the
//! two can never disagree about a format.

use crate::types::FloatKind;

/// How a format represents values that are not finite.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum NonFinite {
    /// Infinities and NaNs in the all-ones exponent, as IEEE 754.
    Ieee,
    /// NaNs only, encoded as given by [`NanEncoding`].
    NanOnly,
    /// Neither infinities nor NaNs.
    FiniteOnly,
}

#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum NanEncoding {
    /// IEEE 754 (or not applicable).
    Ieee,
    /// The all-ones exponent and mantissa is the (only) NaN.
    AllOnes,
    /// The negative-zero bit pattern is the (only) NaN.
    NegativeZero,
}

/// The parameters of one float format, as LLVM's `fltSemantics`.
pub(crate) struct Semantics {
    /// Significand bits including the integer bit.
    pub(crate) precision: u32,
    pub(crate) max_exp: i32,
    pub(crate) min_exp: i32,
    pub(crate) exp_bits: u32,
    /// Stored significand bits (`precision - 1`, except x87's explicit integer bit).
    pub(crate) mant_bits: u32,
    pub(crate) width: u32,
    pub(crate) non_finite: NonFinite,
    pub(crate) nan: NanEncoding,
    pub(crate) signed: bool,
    pub(crate) explicit_int_bit: bool,
}

const fn sem(
    precision: u32,
    max_exp: i32,
    min_exp: i32,
    exp_bits: u32,
    width: u32,
    non_finite: NonFinite,
    nan: NanEncoding,
) -> Semantics {
    Semantics {
        precision,
        max_exp,
        min_exp,
        exp_bits,
        mant_bits: precision - 1,
        width,
        non_finite,
        nan,
        signed: true,
        explicit_int_bit: false,
    }
}

/// The parameters of `kind`.
pub(crate) fn semantics(kind: FloatKind) -> Semantics {
    use NanEncoding as N;
    use NonFinite as F;
    match kind {
        FloatKind::F4E2M1FN => sem(2, 2, 0, 2, 4, F::FiniteOnly, N::Ieee),
        FloatKind::F6E2M3FN => sem(4, 2, 0, 2, 6, F::FiniteOnly, N::Ieee),
        FloatKind::F6E3M2FN => sem(3, 4, -2, 3, 6, F::FiniteOnly, N::Ieee),
        FloatKind::F8E5M2 => sem(3, 15, -14, 5, 8, F::Ieee, N::Ieee),
        FloatKind::F8E4M3 => sem(4, 7, -6, 4, 8, F::Ieee, N::Ieee),
        FloatKind::F8E4M3FN => sem(4, 8, -6, 4, 8, F::NanOnly, N::AllOnes),
        FloatKind::F8E5M2FNUZ => sem(3, 15, -15, 5, 8, F::NanOnly, N::NegativeZero),
        FloatKind::F8E4M3FNUZ => sem(4, 7, -7, 4, 8, F::NanOnly, N::NegativeZero),
        FloatKind::F8E4M3B11FNUZ => sem(4, 4, -10, 4, 8, F::NanOnly, N::NegativeZero),
        FloatKind::F8E3M4 => sem(5, 3, -2, 3, 8, F::Ieee, N::Ieee),
        FloatKind::F8E8M0FNU => Semantics {
            signed: false,
            ..sem(1, 127, -127, 8, 8, F::NanOnly, N::AllOnes)
        },
        FloatKind::BF16 => sem(8, 127, -126, 8, 16, F::Ieee, N::Ieee),
        FloatKind::F16 => sem(11, 15, -14, 5, 16, F::Ieee, N::Ieee),
        FloatKind::TF32 => sem(11, 127, -126, 8, 19, F::Ieee, N::Ieee),
        FloatKind::F32 => sem(24, 127, -126, 8, 32, F::Ieee, N::Ieee),
        FloatKind::F64 => sem(53, 1023, -1022, 11, 64, F::Ieee, N::Ieee),
        FloatKind::F80 => Semantics {
            mant_bits: 64,
            explicit_int_bit: true,
            ..sem(64, 16383, -16382, 15, 80, F::Ieee, N::Ieee)
        },
        FloatKind::F128 => sem(113, 16383, -16382, 15, 128, F::Ieee, N::Ieee),
    }
}
