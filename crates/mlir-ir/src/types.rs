//! Builtin types: the uniqued [`TypeKind`] data and the [`Type`] handle.
//!
//! A `Type` is a `u32` index into its context's type uniquer, so comparing two
//! types is an integer compare and a type costs four bytes wherever it is
//! stored (operation results, block arguments, attributes). Types from
//! dialects that are not known to the context are kept as [`TypeKind::Opaque`]
//! (the dialect namespace plus the raw body text), which prints back exactly
//! as it was written.

use crate::attributes::Attribute;
use crate::context::Context;
use crate::Ident;

/// A uniqued type; resolve it with [`Context::ty`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

impl Type {
    /// The raw index, for side tables keyed by type.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The dynamic-size marker in shapes (`?`), as MLIR's `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// The builtin floating-point types, named as MLIR prints them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    /// The keyword MLIR uses for this type.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.iter().copied().find(|k| k.keyword() == s)
    }

    /// Storage width in bits (the APFloat semantics' size).
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

/// The data of a uniqued type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Function {
        inputs: Box<[Type]>,
        results: Box<[Type]>,
    },
    Tuple(Box<[Type]>),
    Complex(Type),
    /// `vector<[4]x8xf32>`: `scalable[i]` marks dimension `i` as scalable.
    Vector {
        shape: Box<[i64]>,
        scalable: Box<[bool]>,
        element: Type,
    },
    RankedTensor {
        shape: Box<[i64]>,
        element: Type,
        encoding: Option<Attribute>,
    },
    UnrankedTensor {
        element: Type,
    },
    MemRef {
        shape: Box<[i64]>,
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attribute>,
    },
    /// A type of a dialect the context does not know: `!dialect.body` or
    /// `!dialect<body>`; `body` is kept verbatim.
    Opaque {
        dialect: Ident,
        body: Box<str>,
    },
}

impl Context {
    /// Uniques `kind` and returns its handle.
    pub fn intern_type(&self, kind: TypeKind) -> Type {
        Type(self.types.intern(kind))
    }

    /// The data of `ty`.
    #[inline]
    pub fn ty(&self, ty: Type) -> &TypeKind {
        self.types.get(ty.0)
    }

    pub fn integer_type(&self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness })
    }
    /// A signless integer type `iN`.
    pub fn int_type(&self, width: u32) -> Type {
        self.integer_type(width, Signedness::Signless)
    }
    pub fn i1_type(&self) -> Type {
        self.builtin.i1
    }
    pub fn index_type(&self) -> Type {
        self.builtin.index
    }
    pub fn none_type(&self) -> Type {
        self.builtin.none
    }
    pub fn float_type(&self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }
    pub fn f32_type(&self) -> Type {
        self.builtin.f32
    }
    pub fn f64_type(&self) -> Type {
        self.builtin.f64
    }
    pub fn function_type(&self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeKind::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }
    pub fn tuple_type(&self, elements: &[Type]) -> Type {
        self.intern_type(TypeKind::Tuple(elements.into()))
    }
    pub fn complex_type(&self, element: Type) -> Type {
        self.intern_type(TypeKind::Complex(element))
    }
    pub fn vector_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeKind::Vector {
            shape: shape.into(),
            scalable: vec![false; shape.len()].into(),
            element,
        })
    }
    pub fn ranked_tensor_type(
        &self,
        shape: &[i64],
        element: Type,
        encoding: Option<Attribute>,
    ) -> Type {
        self.intern_type(TypeKind::RankedTensor {
            shape: shape.into(),
            element,
            encoding,
        })
    }
    pub fn unranked_tensor_type(&self, element: Type) -> Type {
        self.intern_type(TypeKind::UnrankedTensor { element })
    }
    pub fn opaque_type(&self, dialect: &str, body: &str) -> Type {
        let dialect = self.ident(dialect);
        self.intern_type(TypeKind::Opaque {
            dialect,
            body: body.into(),
        })
    }

    // ----- queries -----

    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.ty(ty), TypeKind::Integer { .. })
    }
    pub fn is_signless_integer(&self, ty: Type, width: u32) -> bool {
        matches!(self.ty(ty), TypeKind::Integer { width: w, signedness: Signedness::Signless } if *w == width)
    }
    pub fn is_index(&self, ty: Type) -> bool {
        ty == self.builtin.index
    }
    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.ty(ty), TypeKind::Float(_))
    }
    /// Integer bit width, or 64 for `index` (its internal storage width).
    pub fn int_or_index_width(&self, ty: Type) -> Option<u32> {
        match self.ty(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Index => Some(64),
            _ => None,
        }
    }
    /// The element type of a shaped type (vector, tensor, memref), or `ty` itself.
    pub fn element_type_or_self(&self, ty: Type) -> Type {
        self.shaped_element_type(ty).unwrap_or(ty)
    }
    pub fn shaped_element_type(&self, ty: Type) -> Option<Type> {
        match self.ty(ty) {
            TypeKind::Vector { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. } => Some(*element),
            _ => None,
        }
    }
    /// The shape of a ranked shaped type.
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.ty(ty) {
            TypeKind::Vector { shape, .. }
            | TypeKind::RankedTensor { shape, .. }
            | TypeKind::MemRef { shape, .. } => Some(shape),
            _ => None,
        }
    }
    /// Inputs and results of a function type.
    pub fn function_signature(&self, ty: Type) -> Option<(&[Type], &[Type])> {
        match self.ty(ty) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
}
