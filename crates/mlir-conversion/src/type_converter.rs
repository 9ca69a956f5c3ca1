//! Type conversion (MLIR's `TypeConverter`): conversions tried most recent
//! first, 1:1 and 1:N (including dropping a type), caching of results,
//! source and target materializations, signature conversion and the
//! legality queries on types, ops, regions and function signatures.

use std::sync::{Arc, Mutex};

use hashbrown::HashMap;
use smallvec::SmallVec;

use mlir_ir::{Context, Ir, Location, OpBuilder, OpRef, RegionRef, Type, TypeKind, Value};

/// The result types of one type conversion.
pub type TypeVector = SmallVec<[Type; 2]>;

/// A conversion callback: `None` when it does not apply to the type (the
/// next, older callback is tried), `Some(Err(()))` when the type cannot be
/// converted, `Some(Ok(()))` with the converted types pushed to the vector
/// (none at all drops the type).
pub type ConversionFn =
    Arc<dyn Fn(&Context, Type, &mut TypeVector) -> Option<Result<(), ()>> + Send + Sync>;

/// A materialization callback: builds a value of the result type from the
/// inputs at the builder's insertion point, or returns `None`.
pub type MaterializationFn =
    Arc<dyn Fn(&mut OpBuilder<'_>, Type, &[Value], Location) -> Option<Value> + Send + Sync>;

/// How the original inputs of a signature map to the converted ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputMapping {
    /// Input `i` became the converted inputs `start..start + len`.
    Inputs { start: usize, len: usize },
    /// Input `i` is replaced by existing values (no new block argument).
    Values(SmallVec<[Value; 2]>),
}

/// A signature being converted (MLIR's `TypeConverter::SignatureConversion`).
#[derive(Clone, Debug)]
pub struct SignatureConversion {
    remapped: Vec<Option<InputMapping>>,
    converted: Vec<Type>,
}

impl SignatureConversion {
    /// A conversion of a signature with `num_inputs` inputs, none mapped yet.
    pub fn new(num_inputs: usize) -> Self {
        SignatureConversion {
            remapped: vec![None; num_inputs],
            converted: Vec::new(),
        }
    }
    /// The converted input types.
    pub fn converted_types(&self) -> &[Type] {
        &self.converted
    }
    /// How original input `i` is mapped, if it is.
    pub fn input_mapping(&self, i: usize) -> Option<&InputMapping> {
        self.remapped.get(i).and_then(|m| m.as_ref())
    }
    /// The number of original inputs.
    pub fn num_original_inputs(&self) -> usize {
        self.remapped.len()
    }
    /// Maps original input `orig` to new converted inputs of `types`.
    pub fn add_inputs(&mut self, orig: usize, types: &[Type]) {
        assert!(
            self.remapped[orig].is_none(),
            "input {orig} is already remapped"
        );
        self.remapped[orig] = Some(InputMapping::Inputs {
            start: self.converted.len(),
            len: types.len(),
        });
        self.converted.extend_from_slice(types);
    }
    /// Appends converted inputs that no original input maps to.
    pub fn add_new_inputs(&mut self, types: &[Type]) {
        self.converted.extend_from_slice(types);
    }
    /// Replaces original input `orig` by existing values.
    pub fn remap_input(&mut self, orig: usize, values: &[Value]) {
        assert!(
            self.remapped[orig].is_none(),
            "input {orig} is already remapped"
        );
        self.remapped[orig] = Some(InputMapping::Values(values.iter().copied().collect()));
    }
}

/// Converts types (MLIR's `TypeConverter`).
#[derive(Default)]
pub struct TypeConverter {
    conversions: Vec<ConversionFn>,
    source_materializations: Vec<MaterializationFn>,
    target_materializations: Vec<MaterializationFn>,
    /// Cached results of conversions (`None`: the type cannot be converted).
    cache: Mutex<HashMap<Type, Option<TypeVector>>>,
}

impl TypeConverter {
    /// A converter without conversions (every type fails to convert).
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a general (1:N) conversion; later conversions are tried first.
    pub fn add_conversion(
        &mut self,
        f: impl Fn(&Context, Type, &mut TypeVector) -> Option<Result<(), ()>> + Send + Sync + 'static,
    ) -> &mut Self {
        self.conversions.push(Arc::new(f));
        self.cache.lock().expect("cache").clear();
        self
    }

    /// Adds a 1:1 conversion: `None` = does not apply, `Some(None)` =
    /// cannot convert, `Some(Some(t))` = converts to `t`.
    pub fn add_type_conversion(
        &mut self,
        f: impl Fn(&Context, Type) -> Option<Option<Type>> + Send + Sync + 'static,
    ) -> &mut Self {
        self.add_conversion(move |ctx, ty, out| match f(ctx, ty)? {
            Some(t) => {
                out.push(t);
                Some(Ok(()))
            }
            None => Some(Err(())),
        })
    }

    /// Adds a source materialization (from converted values back to an
    /// original type); later ones are tried first.
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_>, Type, &[Value], Location) -> Option<Value>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.source_materializations.push(Arc::new(f));
        self
    }

    /// Adds a target materialization (from original values to a converted
    /// type); later ones are tried first.
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_>, Type, &[Value], Location) -> Option<Value>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.target_materializations.push(Arc::new(f));
        self
    }

    /// Converts `ty` into `out` (appending). Fails if no conversion applies
    /// or the applying one fails.
    pub fn convert_types(&self, ctx: &Context, ty: Type, out: &mut TypeVector) -> Result<(), ()> {
        if let Some(cached) = self.cache.lock().expect("cache").get(&ty) {
            return match cached {
                Some(v) => {
                    out.extend_from_slice(v);
                    Ok(())
                }
                None => Err(()),
            };
        }
        let mut result = None;
        for f in self.conversions.iter().rev() {
            let mut tmp = TypeVector::new();
            match f(ctx, ty, &mut tmp) {
                None => continue,
                Some(Ok(())) => {
                    result = Some(tmp);
                    break;
                }
                Some(Err(())) => break,
            }
        }
        self.cache.lock().expect("cache").insert(ty, result.clone());
        match result {
            Some(v) => {
                out.extend_from_slice(&v);
                Ok(())
            }
            None => Err(()),
        }
    }

    /// Converts `ty` to exactly one type.
    pub fn convert_type(&self, ctx: &Context, ty: Type) -> Option<Type> {
        let mut out = TypeVector::new();
        self.convert_types(ctx, ty, &mut out).ok()?;
        (out.len() == 1).then(|| out[0])
    }

    /// Whether `ty` converts to itself.
    pub fn is_legal_type(&self, ctx: &Context, ty: Type) -> bool {
        self.convert_type(ctx, ty) == Some(ty)
    }

    /// Whether every operand and result type of `op` is legal.
    pub fn is_legal_op(&self, ir: &Ir, op: OpRef) -> bool {
        let ctx = ir.ctx();
        ir.operands(op)
            .all(|v| self.is_legal_type(ctx, ir.value_type(v)))
            && ir.result_types(op).all(|t| self.is_legal_type(ctx, t))
    }

    /// Whether every block argument type in `region` is legal.
    pub fn is_legal_region(&self, ir: &Ir, region: RegionRef) -> bool {
        let ctx = ir.ctx();
        let mut b = ir.first_block(region);
        while let Some(block) = b {
            if !ir
                .arguments(block)
                .all(|a| self.is_legal_type(ctx, ir.value_type(a)))
            {
                return false;
            }
            b = ir.next_block(block);
        }
        true
    }

    /// Whether every input and result of the function type `fn_ty` is legal.
    pub fn is_signature_legal(&self, ctx: &Context, fn_ty: Type) -> bool {
        match ctx.ty(fn_ty) {
            TypeKind::Function { inputs, results } => inputs
                .iter()
                .chain(results.iter())
                .all(|&t| self.is_legal_type(ctx, t)),
            _ => false,
        }
    }

    /// Converts input `index` of type `ty` into `result` (MLIR's
    /// `convertSignatureArg`).
    pub fn convert_signature_arg(
        &self,
        ctx: &Context,
        index: usize,
        ty: Type,
        result: &mut SignatureConversion,
    ) -> Result<(), ()> {
        let mut out = TypeVector::new();
        self.convert_types(ctx, ty, &mut out)?;
        result.add_inputs(index, &out);
        Ok(())
    }

    /// Converts every input type into `result` (MLIR's `convertSignatureArgs`).
    pub fn convert_signature_args(
        &self,
        ctx: &Context,
        types: &[Type],
        result: &mut SignatureConversion,
    ) -> Result<(), ()> {
        for (i, &ty) in types.iter().enumerate() {
            self.convert_signature_arg(ctx, i, ty, result)?;
        }
        Ok(())
    }

    /// Converts the signature of a block with arguments of `types`.
    pub fn convert_block_signature(
        &self,
        ctx: &Context,
        types: &[Type],
    ) -> Option<SignatureConversion> {
        let mut conv = SignatureConversion::new(types.len());
        self.convert_signature_args(ctx, types, &mut conv).ok()?;
        Some(conv)
    }

    /// Runs the source materializations, most recent first.
    pub fn materialize_source(
        &self,
        b: &mut OpBuilder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Option<Value> {
        self.source_materializations
            .iter()
            .rev()
            .find_map(|f| f(b, ty, inputs, loc))
    }

    /// Runs the target materializations, most recent first.
    pub fn materialize_target(
        &self,
        b: &mut OpBuilder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Option<Value> {
        self.target_materializations
            .iter()
            .rev()
            .find_map(|f| f(b, ty, inputs, loc))
    }
}
