//! Type conversion (MLIR's `TypeConverter`): conversions on types and,
//! context-aware, on values, tried most recent first; 1:1 and 1:N
//! (including dropping a type); caching of the results that cannot depend on
//! the IR; type-attribute conversions; source and (1:N, original-type aware)
//! target materializations; signature conversion and the legality queries
//! on types, values, ops, regions and function signatures.

use std::sync::{Arc, Mutex};

use hashbrown::HashMap;
use smallvec::SmallVec;

use mlir_ir::{
    Attribute, BlockRef, Context, Ir, Location, OpBuilder, OpRef, RegionRef, Type, TypeKind, Value,
};

/// The result types of one type conversion.
pub type TypeVector = SmallVec<[Type; 2]>;

/// A conversion callback on types: `None` when it does not apply to the
/// type (the next, older callback is tried), `Some(Err(()))` when the type
/// cannot be converted, `Some(Ok(()))` with the converted types pushed to the
/// vector (none at all drops the type).
pub type ConversionFn =
    Arc<dyn Fn(&Context, Type, &mut TypeVector) -> Option<Result<(), ()>> + Send + Sync>;

/// A context-aware conversion callback (MLIR 22's `addConversion` with a
/// callback taking a `Value`): it may look at the IR around the value (its
/// defining op, its block, its users) to decide on the converted types. The
/// result is read as for [`ConversionFn`].
pub type ValueConversionFn =
    Arc<dyn Fn(&Ir, Value, &mut TypeVector) -> Option<Result<(), ()>> + Send + Sync>;

/// A source materialization callback: builds a value of the result type from
/// the inputs at the builder's insertion point, or returns `None`.
pub type MaterializationFn =
    Arc<dyn Fn(&mut OpBuilder<'_>, Type, &[Value], Location) -> Option<Value> + Send + Sync>;

/// A target materialization callback (MLIR 22's
/// `TargetMaterializationCallbackFn`): builds values of the result types
/// from the inputs, given the type of the original value the inputs stand
/// for (`None` when unknown). An empty vector means "does not apply", and the
/// next, older callback is tried.
pub type TargetMaterializationFn = Arc<
    dyn Fn(&mut OpBuilder<'_>, &[Type], &[Value], Location, Option<Type>) -> SmallVec<[Value; 1]>
        + Send
        + Sync,
>;

/// The outcome of a type-attribute conversion callback (MLIR's
/// `TypeConverter::AttributeConversionResult`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AttributeConversionResult {
    /// The attribute converts to this one; `None` (MLIR's null attribute) is
    /// a valid result and means "no attribute".
    Result(Option<Attribute>),
    /// The callback does not apply; the next, older one is tried.
    NotApplicable,
    /// The conversion is aborted: no older callback is tried.
    Abort,
}

/// A type-attribute conversion callback: converts an attribute found inside
/// a type (a memory space, a layout, an encoding) for that type.
pub type TypeAttributeConversionFn =
    Arc<dyn Fn(&Context, Type, Attribute) -> AttributeConversionResult + Send + Sync>;

/// One registered conversion: on types, or context-aware on values.
#[derive(Clone)]
enum Conversion {
    Type(ConversionFn),
    Value(ValueConversionFn),
}

/// What is being converted: a bare type (only the conversions on types
/// apply) or a value (every conversion applies).
#[derive(Copy, Clone)]
enum Subject<'a> {
    Type(&'a Context, Type),
    Value(&'a Ir, Value),
}

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
///
/// Conversions are registered on types ([`TypeConverter::add_conversion`],
/// [`TypeConverter::add_type_conversion`]) or, context-aware, on values
/// ([`TypeConverter::add_value_conversion`],
/// [`TypeConverter::add_value_type_conversion`]). Every query tries them
/// most recent first; a query on a bare type skips the context-aware ones.
///
/// Results are cached per type, but only those that no context-aware
/// conversion could have produced or changed: a result is cached when the
/// conversion that produced it was registered after the last context-aware
/// one (MLIR's `contextAwareTypeConversionsIndex` rule), since then every
/// conversion tried before it is a conversion on types.
pub struct TypeConverter {
    conversions: Vec<Conversion>,
    /// The index in `conversions` of the most recently registered
    /// context-aware conversion, if any.
    context_aware_index: Option<usize>,
    source_materializations: Vec<MaterializationFn>,
    target_materializations: Vec<TargetMaterializationFn>,
    type_attribute_conversions: Vec<TypeAttributeConversionFn>,
    /// Cached results of conversions (`None`: the type cannot be converted).
    cache: Mutex<HashMap<Type, Option<TypeVector>>>,
}

impl Default for TypeConverter {
    fn default() -> Self {
        TypeConverter {
            conversions: Vec::new(),
            context_aware_index: None,
            source_materializations: Vec::new(),
            target_materializations: Vec::new(),
            type_attribute_conversions: Vec::new(),
            cache: Mutex::new(HashMap::new()),
        }
    }
}

/// A copy has the same conversions and materializations and an empty cache,
/// as MLIR's copy constructor.
impl Clone for TypeConverter {
    fn clone(&self) -> Self {
        TypeConverter {
            conversions: self.conversions.clone(),
            context_aware_index: self.context_aware_index,
            source_materializations: self.source_materializations.clone(),
            target_materializations: self.target_materializations.clone(),
            type_attribute_conversions: self.type_attribute_conversions.clone(),
            cache: Mutex::new(HashMap::new()),
        }
    }
}

impl TypeConverter {
    /// A converter without conversions (every type fails to convert).
    pub fn new() -> Self {
        Self::default()
    }

    fn clear_cache(&self) {
        self.cache.lock().expect("type conversion cache").clear();
    }

    /// Adds a general (1:N) conversion on types; later conversions are tried
    /// first. Pushing no type at all drops the type.
    pub fn add_conversion(
        &mut self,
        f: impl Fn(&Context, Type, &mut TypeVector) -> Option<Result<(), ()>> + Send + Sync + 'static,
    ) -> &mut Self {
        self.conversions.push(Conversion::Type(Arc::new(f)));
        self.clear_cache();
        self
    }

    /// Adds a 1:1 conversion on types: `None` = does not apply, `Some(None)`
    /// = cannot convert, `Some(Some(t))` = converts to `t`.
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

    /// Adds a context-aware (1:N) conversion on values (MLIR 22's
    /// `addConversion` with a `Value` callback); later conversions are tried
    /// first, whether on types or on values. The callback sees the IR, so it
    /// may give two values of one type different types. It is never called
    /// by the queries on bare types ([`TypeConverter::convert_types`] and
    /// friends), and results that it could have influenced are not cached:
    /// register context-aware conversions first so that the conversions on
    /// types added after them keep the cache.
    pub fn add_value_conversion(
        &mut self,
        f: impl Fn(&Ir, Value, &mut TypeVector) -> Option<Result<(), ()>> + Send + Sync + 'static,
    ) -> &mut Self {
        self.context_aware_index = Some(self.conversions.len());
        self.conversions.push(Conversion::Value(Arc::new(f)));
        self.clear_cache();
        self
    }

    /// Adds a context-aware 1:1 conversion on values: `None` = does not
    /// apply, `Some(None)` = cannot convert, `Some(Some(t))` = converts to `t`.
    pub fn add_value_type_conversion(
        &mut self,
        f: impl Fn(&Ir, Value) -> Option<Option<Type>> + Send + Sync + 'static,
    ) -> &mut Self {
        self.add_value_conversion(move |ir, v, out| match f(ir, v)? {
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

    /// Adds a 1:N target materialization (MLIR 22's
    /// `addTargetMaterialization` with a `TypeRange` callback): it builds one
    /// value per result type from the inputs, given the original type of the
    /// value being converted, or returns no value when it does not apply.
    /// Later ones are tried first. Values of other types than the requested
    /// ones are a bug of the callback (checked by an assertion, as in MLIR).
    pub fn add_target_materialization_1_to_n(
        &mut self,
        f: impl Fn(
                &mut OpBuilder<'_>,
                &[Type],
                &[Value],
                Location,
                Option<Type>,
            ) -> SmallVec<[Value; 1]>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.target_materializations.push(Arc::new(f));
        self
    }

    /// Adds a 1:1 target materialization that also sees the original type of
    /// the value being converted (which the inputs and the result type alone
    /// may not tell: the inputs may come from another pattern's replacement).
    /// It is only called when exactly one result type is requested.
    pub fn add_target_materialization_with_original(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_>, Type, &[Value], Location, Option<Type>) -> Option<Value>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.add_target_materialization_1_to_n(move |b, types, inputs, loc, original| {
            let mut out = SmallVec::new();
            if let [ty] = types {
                out.extend(f(b, *ty, inputs, loc, original));
            }
            out
        })
    }

    /// Adds a 1:1 target materialization (from original values to a
    /// converted type); later ones are tried first. It is only called when
    /// exactly one result type is requested.
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_>, Type, &[Value], Location) -> Option<Value>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.add_target_materialization_with_original(move |b, ty, inputs, loc, _| {
            f(b, ty, inputs, loc)
        })
    }

    /// Adds a conversion of attributes found inside types (MLIR's
    /// `addTypeAttributeConversion`), e.g. a memory space; later ones are
    /// tried first. Clears the type conversion cache, since type conversions
    /// may use it.
    pub fn add_type_attribute_conversion(
        &mut self,
        f: impl Fn(&Context, Type, Attribute) -> AttributeConversionResult + Send + Sync + 'static,
    ) -> &mut Self {
        self.type_attribute_conversions.push(Arc::new(f));
        self.clear_cache();
        self
    }

    /// Converts `attr`, found inside `ty`, with the type-attribute
    /// conversions, most recent first (MLIR's `convertTypeAttribute`).
    /// `None` when none applies or one aborts; `Some(None)` when the
    /// attribute converts to no attribute.
    pub fn convert_type_attribute(
        &self,
        ctx: &Context,
        ty: Type,
        attr: Attribute,
    ) -> Option<Option<Attribute>> {
        for f in self.type_attribute_conversions.iter().rev() {
            match f(ctx, ty, attr) {
                AttributeConversionResult::Result(a) => return Some(a),
                AttributeConversionResult::Abort => return None,
                AttributeConversionResult::NotApplicable => {}
            }
        }
        None
    }

    /// The conversion of a type or of a value (MLIR 22's `convertTypeImpl`),
    /// appending to `out`.
    fn convert_impl(&self, subject: Subject<'_>, out: &mut TypeVector) -> Result<(), ()> {
        let (ctx, ty) = match subject {
            Subject::Type(ctx, ty) => (ctx, ty),
            Subject::Value(ir, v) => (ir.ctx(), ir.value_type(v)),
        };
        if let Some(cached) = self.cache.lock().expect("type conversion cache").get(&ty) {
            return match cached {
                Some(v) => {
                    out.extend_from_slice(v);
                    Ok(())
                }
                None => Err(()),
            };
        }
        // The lock is not held while callbacks run: they may convert nested
        // types with this converter.
        for (index, conversion) in self.conversions.iter().enumerate().rev() {
            let mut converted = TypeVector::new();
            let result = match (conversion, subject) {
                (Conversion::Type(f), _) => f(ctx, ty, &mut converted),
                (Conversion::Value(f), Subject::Value(ir, v)) => f(ir, v, &mut converted),
                // A query on a bare type skips context-aware conversions.
                (Conversion::Value(_), Subject::Type(..)) => None,
            };
            let Some(result) = result else {
                continue;
            };
            // Only conversions registered after every context-aware one
            // decide independently of the IR: no context-aware conversion
            // was tried before them, for any value of this type.
            let cacheable = self.context_aware_index.is_none_or(|c| index > c);
            let result = result.map(|()| converted);
            if cacheable {
                self.cache
                    .lock()
                    .expect("type conversion cache")
                    .entry(ty)
                    .or_insert_with(|| result.clone().ok());
            }
            return match result {
                Ok(types) => {
                    out.extend_from_slice(&types);
                    Ok(())
                }
                Err(()) => Err(()),
            };
        }
        // No conversion applies: nothing is cached, as in MLIR.
        Err(())
    }

    /// Converts `ty` into `out` (appending) with the conversions on types
    /// only (MLIR's `convertType(Type, SmallVectorImpl<Type> &)`). Fails if
    /// no conversion applies or the applying one fails; succeeds with no
    /// type when the type is dropped.
    pub fn convert_types(&self, ctx: &Context, ty: Type, out: &mut TypeVector) -> Result<(), ()> {
        self.convert_impl(Subject::Type(ctx, ty), out)
    }

    /// Converts `ty` to exactly one type (conversions on types only).
    pub fn convert_type(&self, ctx: &Context, ty: Type) -> Option<Type> {
        let mut out = TypeVector::new();
        self.convert_types(ctx, ty, &mut out).ok()?;
        (out.len() == 1).then(|| out[0])
    }

    /// Converts every type of `types`, appending to `out` (MLIR's
    /// `convertTypes(TypeRange, ...)`); fails on the first failure.
    pub fn convert_type_list(
        &self,
        ctx: &Context,
        types: &[Type],
        out: &mut TypeVector,
    ) -> Result<(), ()> {
        types
            .iter()
            .try_for_each(|&t| self.convert_types(ctx, t, out))
    }

    /// Converts the type of `v` into `out` (appending) with every
    /// conversion, context-aware ones included (MLIR 22's
    /// `convertType(Value, SmallVectorImpl<Type> &)`).
    pub fn convert_value_types(&self, ir: &Ir, v: Value, out: &mut TypeVector) -> Result<(), ()> {
        self.convert_impl(Subject::Value(ir, v), out)
    }

    /// Converts the type of `v` to exactly one type (MLIR 22's
    /// `convertType(Value)`).
    pub fn convert_value_type(&self, ir: &Ir, v: Value) -> Option<Type> {
        let mut out = TypeVector::new();
        self.convert_value_types(ir, v, &mut out).ok()?;
        (out.len() == 1).then(|| out[0])
    }

    /// Converts the types of `values`, appending to `out` (MLIR 22's
    /// `convertTypes(ValueRange, ...)`); fails on the first failure.
    pub fn convert_value_list(
        &self,
        ir: &Ir,
        values: &[Value],
        out: &mut TypeVector,
    ) -> Result<(), ()> {
        values
            .iter()
            .try_for_each(|&v| self.convert_value_types(ir, v, out))
    }

    /// Whether `ty` converts to itself (conversions on types only).
    pub fn is_legal_type(&self, ctx: &Context, ty: Type) -> bool {
        self.convert_type(ctx, ty) == Some(ty)
    }

    /// Whether every type of `types` is legal.
    pub fn is_legal_types(&self, ctx: &Context, types: &[Type]) -> bool {
        types.iter().all(|&t| self.is_legal_type(ctx, t))
    }

    /// Whether the type of `v` converts to itself, context-aware conversions
    /// included (MLIR 22's `isLegal(Value)`).
    pub fn is_legal_value(&self, ir: &Ir, v: Value) -> bool {
        self.convert_value_type(ir, v) == Some(ir.value_type(v))
    }

    /// Whether every value of `values` is legal.
    pub fn is_legal_values(&self, ir: &Ir, values: &[Value]) -> bool {
        values.iter().all(|&v| self.is_legal_value(ir, v))
    }

    /// Whether every operand and result of `op` is legal (MLIR 22's
    /// `isLegal(Operation *)`, which asks about the values, so that
    /// context-aware conversions apply).
    pub fn is_legal_op(&self, ir: &Ir, op: OpRef) -> bool {
        ir.operands(op).all(|v| self.is_legal_value(ir, v))
            && ir.results(op).all(|v| self.is_legal_value(ir, v))
    }

    /// Whether every block argument in `region` is legal (MLIR 22's
    /// `isLegal(Region *)`, on the arguments as values).
    pub fn is_legal_region(&self, ir: &Ir, region: RegionRef) -> bool {
        let mut b = ir.first_block(region);
        while let Some(block) = b {
            if !ir.arguments(block).all(|a| self.is_legal_value(ir, a)) {
                return false;
            }
            b = ir.next_block(block);
        }
        true
    }

    /// Whether every input and result of the function type `fn_ty` is legal
    /// (conversions on types only: a function type has no values).
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

    /// Converts input `index`, the value `v`, into `result` with every
    /// conversion, context-aware ones included (MLIR 22's
    /// `convertSignatureArg(unsigned, Value, ...)`).
    pub fn convert_signature_value_arg(
        &self,
        ir: &Ir,
        index: usize,
        v: Value,
        result: &mut SignatureConversion,
    ) -> Result<(), ()> {
        let mut out = TypeVector::new();
        self.convert_value_types(ir, v, &mut out)?;
        result.add_inputs(index, &out);
        Ok(())
    }

    /// Converts the values `values`, the inputs `offset..` of the signature,
    /// into `result` (MLIR 22's `convertSignatureArgs(ValueRange, ...)`).
    pub fn convert_signature_value_args(
        &self,
        ir: &Ir,
        values: &[Value],
        result: &mut SignatureConversion,
        offset: usize,
    ) -> Result<(), ()> {
        for (i, &v) in values.iter().enumerate() {
            self.convert_signature_value_arg(ir, offset + i, v, result)?;
        }
        Ok(())
    }

    /// Converts the signature of `block` from its arguments as values, so
    /// that context-aware conversions apply (MLIR 22's
    /// `convertBlockSignature(Block *)`).
    pub fn convert_block_signature(&self, ir: &Ir, block: BlockRef) -> Option<SignatureConversion> {
        let args: SmallVec<[Value; 4]> = ir.arguments(block).collect();
        let mut conv = SignatureConversion::new(args.len());
        self.convert_signature_value_args(ir, &args, &mut conv, 0)
            .ok()?;
        Some(conv)
    }

    /// Converts the signature of a block with arguments of `types`, with the
    /// conversions on types only.
    pub fn convert_block_signature_types(
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

    /// Runs the target materializations, most recent first, for the result
    /// types `types` (MLIR 22's 1:N `materializeTargetConversion`):
    /// `original` is the type of the value the inputs stand for, if known.
    /// `None` when no materialization applies.
    pub fn materialize_target_multi(
        &self,
        b: &mut OpBuilder<'_>,
        types: &[Type],
        inputs: &[Value],
        loc: Location,
        original: Option<Type>,
    ) -> Option<SmallVec<[Value; 1]>> {
        for f in self.target_materializations.iter().rev() {
            let values = f(b, types, inputs, loc, original);
            if values.is_empty() {
                continue;
            }
            assert!(
                values.len() == types.len()
                    && values
                        .iter()
                        .zip(types)
                        .all(|(&v, &t)| b.ir.value_type(v) == t),
                "target materialization produced values of the wrong number or types"
            );
            return Some(values);
        }
        None
    }

    /// Runs the target materializations for the single result type `ty`,
    /// with the original type of the converted value if known.
    pub fn materialize_target_with_original(
        &self,
        b: &mut OpBuilder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
        original: Option<Type>,
    ) -> Option<Value> {
        self.materialize_target_multi(b, &[ty], inputs, loc, original)
            .map(|v| v[0])
    }

    /// Runs the target materializations for the single result type `ty`
    /// (original type unknown).
    pub fn materialize_target(
        &self,
        b: &mut OpBuilder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Option<Value> {
        self.materialize_target_with_original(b, ty, inputs, loc, None)
    }
}
