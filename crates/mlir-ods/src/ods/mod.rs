//! Records → op model: reads the op, constraint, attribute, enum and trait
//! records of a [`RecordKeeper`] built from the base library in `td/` and
//! checks them, reporting bad definitions as located [`Diagnostic`]s
//! (unknown constraint kinds, duplicate names, invalid assembly formats).
//! [`crate::gen`] turns the model into Rust.

mod format;
pub mod pred;

use std::collections::{BTreeMap, HashSet};

use crate::tablegen::{Diagnostic, Init, Record, RecordKeeper};

pub use pred::pred_expr;

/// How many values an operand or result group holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// A named operand or result group.
#[derive(Debug, Clone)]
pub struct Value {
    pub name: String,
    pub arity: Arity,
    /// The constraint record (`I32`, `anonymous_12` for `Variadic<...>`).
    pub constraint: String,
}

/// Whether an attribute must be present.
#[derive(Debug, Clone, PartialEq)]
pub enum Presence {
    Required,
    Optional,
    /// The `defaultValue` text of a `DefaultValuedAttr`.
    Default(String),
}

#[derive(Debug, Clone)]
pub struct Attr {
    pub name: String,
    pub presence: Presence,
    /// The attribute constraint record.
    pub constraint: String,
    /// Set for a native property (`I64Prop`, `StringProp`, ...).
    pub prop: Option<PropModel>,
}

/// What the generator needs of a native property besides its attribute
/// view: the typed accessor and builder parameter.
#[derive(Debug, Clone)]
pub struct PropModel {
    /// The Rust type builders take (`i64`, `&str`, `bool`).
    pub param_type: String,
    /// The Rust type the accessor returns.
    pub return_type: String,
    /// The accessor's Rust expression over `$_self` and `$_ctx`.
    pub getter: String,
    /// Whether the `.td` declares a default (`DefaultValuedProp`,
    /// `UnitProp`); without one the storage default is never elided.
    pub declared_default: bool,
}

#[derive(Debug, Clone)]
pub struct RegionOrSuccessor {
    pub name: String,
    pub variadic: bool,
    pub constraint: String,
}

/// A type relation trait (`mlir_ir::ods::TypeRule`).
#[derive(Debug, Clone)]
pub enum TypeRule {
    SameOperandsAndResultType,
    SameTypeOperands,
    AllTypesMatch(Vec<String>),
    TypesMatchWith {
        summary: String,
        lhs: String,
        rhs: String,
        transform: String,
    },
    /// `PredOpTrait<summary, pred>`: `pred` is the Rust expression, with
    /// `$name` standing for the named operand or result (a `Value`).
    Pred {
        summary: String,
        pred: String,
    },
    SameOperandsAndResultRank,
}

/// What a declared memory effect applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EffectOn {
    /// The op as a whole (`MemoryEffects<[...]>`).
    Op,
    /// Every value of operand group N (`Arg<..., [MemRead]>`).
    Operand(usize),
    /// Every value of result group N (`Res<..., [MemAlloc]>`).
    Result(usize),
}

/// One memory effect declared in the `.td` (upstream's `SideEffect`
/// decorators and `MemoryEffects` trait).
#[derive(Debug, Clone)]
pub struct Effect {
    /// The `mlir_ir::interfaces::MemoryEffectKind` variant (`Read`, ...).
    pub kind: String,
    /// The resource name (`<Default>`).
    pub resource: String,
    pub on: EffectOn,
}

/// A custom builder: its Rust name, parameters and body.
#[derive(Debug, Clone)]
pub struct Builder {
    /// The method name (`build_value`, `build_value_f64`, or the `.td`'s).
    pub name: String,
    pub params: Vec<(String, String)>,
    /// The Rust body with `$_builder`/`$_loc`/`$_state` substituted; empty
    /// when the `.td` gives none (the op type's `<name>_state` is called).
    pub body: String,
    /// Whether the body fills `state` (it mentioned `$_state`).
    pub fills_state: bool,
}

/// One op, ready for code generation.
#[derive(Debug, Clone)]
pub struct OpModel {
    /// The def name (`Func_ReturnOp`).
    pub def_name: String,
    /// The Rust type name (`ReturnOp`: the def name after the dialect prefix).
    pub class_name: String,
    /// `func.return`.
    pub op_name: String,
    pub dialect: String,
    /// The dialect record (`Arith_Dialect`).
    pub dialect_def: String,
    pub summary: String,
    pub description: String,
    pub operands: Vec<Value>,
    pub results: Vec<Value>,
    pub attrs: Vec<Attr>,
    pub regions: Vec<RegionOrSuccessor>,
    pub successors: Vec<RegionOrSuccessor>,
    /// `TraitSet` constant names.
    pub trait_flags: Vec<String>,
    /// The trait records as written (for docs).
    pub trait_names: Vec<String>,
    pub implicit_terminator: Option<String>,
    pub parents: Vec<String>,
    pub attr_sized_operands: bool,
    pub attr_sized_results: bool,
    pub type_rules: Vec<TypeRule>,
    pub infer_type: bool,
    /// The op declares `OpAsmOpInterface` (its result names are hand-written).
    pub asm_interface: bool,
    /// The op interfaces the op declares, bare (`CastOpInterface`) or with
    /// `DeclareOpInterfaceMethods<...>`, by upstream name, in trait order.
    pub interfaces: Vec<String>,
    /// `verifyInferredTypes`: the verifier checks the inferred result types.
    pub verify_inferred: bool,
    /// `inferTypeFromRegions` (an optional field of the op record): the
    /// result types are inferred from the op's regions by
    /// `infer_return_types_from_regions`, as upstream's `inferReturnTypes`
    /// reading its `regions` argument.
    pub infer_from_regions: bool,
    /// `DerivedAttr` fields: (name, Rust return type, body, conversion to
    /// an attribute).
    pub derived_attrs: Vec<(String, String, String, String)>,
    pub format: Option<String>,
    pub custom_format: bool,
    pub has_verifier: bool,
    pub has_region_verifier: bool,
    pub has_folder: bool,
    /// `hasCanonicalizer`: the op implements `mlir_rewrite::HasCanonicalizer`.
    pub has_canonicalizer: bool,
    /// `hasCanonicalizeMethod`: the op implements
    /// `mlir_rewrite::HasCanonicalizeMethod`.
    pub has_canonicalize_method: bool,
    pub builders: Vec<Builder>,
    pub skip_default_builders: bool,
    /// `VariadicOfVariadic` operand groups: (group index, segment attribute).
    pub variadic_of_variadic: Vec<(usize, String)>,
    /// Declared memory effects: the op's own first, then those of its
    /// operands and results in order (OpDefinitionsGen's order).
    pub effects: Vec<Effect>,
    /// `extraClassDeclaration` and `extraClassDefinition`: Rust items
    /// placed in the op type's `impl` block.
    pub extra_items: Vec<String>,
}

/// An enum used by some op's attribute.
#[derive(Debug, Clone)]
pub struct EnumModel {
    /// The enum info record (`Arith_CmpIPredicateAttr`, `Arith_IntegerOverflowFlags`).
    pub info: String,
    pub cpp_name: String,
    pub summary: String,
    pub cases: Vec<(String, String, u64)>,
    pub bit_enum: bool,
    pub separator: String,
    pub print_primary_groups: bool,
    pub dialect: String,
    pub mnemonic: String,
    pub attr_def_name: String,
    pub int_width: u32,
}

/// Everything generated from one `.td` file.
#[derive(Debug, Default)]
pub struct Model {
    pub ops: Vec<OpModel>,
    /// Constraint records by kind, in first-use order.
    pub type_constraints: Vec<String>,
    pub attr_constraints: Vec<String>,
    pub region_constraints: Vec<String>,
    /// Enums keyed by the attribute record that uses them (`$_enum`).
    pub enums: BTreeMap<String, EnumModel>,
}

/// Builds the model of the ops defined in `main_file` (ops merely included
/// from other files are not generated, as with `mlir-tblgen`).
pub fn build_model(rk: &RecordKeeper, main_file: &str) -> Result<Model, Vec<Diagnostic>> {
    let mut model = Model::default();
    let mut errors = Vec::new();
    let mut seen_names: BTreeMap<String, &Record> = BTreeMap::new();
    unsupported_defs(rk, main_file, &mut errors);
    for op in rk.defs_derived_from("Op") {
        if op.loc.file.as_ref() != main_file {
            continue;
        }
        match build_op(rk, op, &mut model) {
            Ok(m) => {
                if let Some(prev) = seen_names.get(&m.op_name) {
                    let mut d = op.error(format!("duplicate op name '{}'", m.op_name));
                    d.message.push_str(&format!(
                        " (previously defined by '{}' at {})",
                        prev.name, prev.loc
                    ));
                    errors.push(d);
                    continue;
                }
                seen_names.insert(m.op_name.clone(), op);
                model.ops.push(m);
            }
            Err(d) => errors.push(d),
        }
    }
    // Op names in `HasParent`/`ParentOneOf`/`SingleBlockImplicitTerminator`
    // may be the wrapper type names of ops of the same file (`"YieldOp"`,
    // as upstream writes `"scf::YieldOp"`); they resolve to full op names.
    // Ops of included files resolve too (`HasParent<"func::FuncOp">`), by
    // their wrapper type name; this file's ops take precedence.
    let mut by_class: BTreeMap<String, String> = BTreeMap::new();
    for r in rk.defs_derived_from("Op") {
        let (Ok(d), Ok(mnemonic)) = (r.get_def("opDialect"), r.get_string("opName")) else {
            continue;
        };
        let Some(ns) = rk.def(d).and_then(|d| d.get_string("name").ok()) else {
            continue;
        };
        let class = match r.name.split_once('_') {
            Some((_, rest)) if !rest.is_empty() => rest.to_string(),
            _ => r.name.clone(),
        };
        let full = if ns.is_empty() {
            mnemonic.to_string()
        } else {
            format!("{ns}.{mnemonic}")
        };
        by_class.entry(class).or_insert(full);
    }
    for o in &model.ops {
        by_class.insert(o.class_name.clone(), o.op_name.clone());
    }
    let resolve = |n: &mut String| {
        let short = n.rsplit("::").next().unwrap_or(n);
        if let Some(full) = by_class.get(short) {
            *n = full.clone();
        }
    };
    for op in &mut model.ops {
        op.parents.iter_mut().for_each(resolve);
        if let Some(t) = &mut op.implicit_terminator {
            resolve(t);
        }
        // A name that is neither an op name (`dialect.op`) nor the type of
        // a known op would silently never match at run time.
        let unknown = op
            .parents
            .iter()
            .chain(&op.implicit_terminator)
            .find(|n| !n.contains('.'))
            .cloned();
        if let (Some(n), Some(rec)) = (unknown, seen_names.get(&op.op_name)) {
            errors.push(rec.field_error(
                "traits",
                format!("'{n}' in a trait of '{}' names no known op (expected an op name such as 'scf.yield' or the type of an op defined or included here)", op.op_name),
            ));
        }
    }
    if errors.is_empty() {
        Ok(model)
    } else {
        Err(errors)
    }
}

/// Upstream definitions rmlir cannot generate, reported at their location
/// when the generated file defines them (definitions merely included are
/// someone else's and left alone, as `mlir-tblgen` generates only the main
/// file's).
fn unsupported_defs(rk: &RecordKeeper, main_file: &str, errors: &mut Vec<Diagnostic>) {
    for r in rk.defs_derived_from("AttrOrTypeDef") {
        if r.loc.file.as_ref() == main_file {
            errors.push(r.error(format!(
                "'{}': AttrDef/TypeDef classes are not generated by rmlir; a dialect parses, prints and verifies its attributes and types in Rust (Dialect::canonicalize_attribute, Dialect::canonicalize_type) and ops constrain them with DialectAttr/DialectType",
                r.name
            )));
        }
    }
    for r in rk.defs_derived_from("Interface") {
        if r.loc.file.as_ref() != main_file {
            continue;
        }
        if let Ok(methods) = r.get_list_of_defs("methods") {
            if !methods.is_empty() {
                errors.push(r.error(format!(
                    "interface '{}' declares methods: rmlir does not generate interfaces from C++ method lists; declare it without methods and implement it in Rust (a struct of functions attached with OpInfo::with_interface)",
                    r.name
                )));
            }
        }
    }
}

fn def<'a>(
    rk: &'a RecordKeeper,
    name: &str,
    at: &Record,
    field: &str,
) -> Result<&'a Record, Diagnostic> {
    rk.def(name)
        .ok_or_else(|| at.field_error(field, format!("unknown record '{name}'")))
}

/// `Arg<c, ...>`/`Res<c, ...>` → `c`.
fn unwrap_arg<'a>(
    rk: &'a RecordKeeper,
    r: &'a Record,
    at: &Record,
    field: &str,
) -> Result<&'a Record, Diagnostic> {
    if r.is_subclass_of("Arg") {
        let c = r.get_def("constraint")?;
        return def(rk, c, at, field);
    }
    Ok(r)
}

fn is_rust_keyword(s: &str) -> bool {
    matches!(
        s,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "gen"
    )
}

/// `trueDestOperands` → `true_dest_operands`, raw when a keyword.
pub fn snake(name: &str) -> String {
    let mut s = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev_lower =
                i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let prev_upper = i > 0 && chars[i - 1].is_ascii_uppercase();
            if i > 0 && (prev_lower || (prev_upper && next_lower)) && !s.ends_with('_') {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    if is_rust_keyword(&s) {
        format!("r#{s}")
    } else {
        s
    }
}

/// A Rust identifier for a static derived from a record name.
pub fn screaming(name: &str) -> String {
    snake(name)
        .trim_start_matches("r#")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

fn push_unique(v: &mut Vec<String>, s: &str) {
    if !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

fn build_op(rk: &RecordKeeper, op: &Record, model: &mut Model) -> Result<OpModel, Diagnostic> {
    let dialect_name = op.get_def("opDialect")?;
    let dialect = def(rk, dialect_name, op, "opDialect")?;
    let ns = dialect.get_string("name")?.to_string();
    let mnemonic = op.get_string("opName")?;
    let op_name = if ns.is_empty() {
        mnemonic.to_string()
    } else {
        format!("{ns}.{mnemonic}")
    };
    let class_name = match op.name.split_once('_') {
        Some((_, rest)) if !rest.is_empty() => rest.to_string(),
        _ => op.name.clone(),
    };
    let mut m = OpModel {
        def_name: op.name.clone(),
        class_name,
        op_name,
        dialect: ns,
        dialect_def: dialect_name.to_string(),
        summary: op.get_string("summary")?.to_string(),
        description: op.get_string("description")?.to_string(),
        operands: vec![],
        results: vec![],
        attrs: vec![],
        regions: vec![],
        successors: vec![],
        trait_flags: vec![],
        trait_names: vec![],
        implicit_terminator: None,
        parents: vec![],
        attr_sized_operands: false,
        attr_sized_results: false,
        type_rules: vec![],
        infer_type: false,
        asm_interface: false,
        interfaces: Vec::new(),
        verify_inferred: op.get_bit("verifyInferredTypes")?,
        infer_from_regions: op
            .value("inferTypeFromRegions")
            .and_then(|v| v.as_bit())
            .unwrap_or(false),
        derived_attrs: vec![],
        format: op
            .get_optional_string("assemblyFormat")?
            .map(str::to_string),
        custom_format: op.get_bit("hasCustomAssemblyFormat")?,
        has_verifier: op.get_bit("hasVerifier")?,
        has_region_verifier: op.get_bit("hasRegionVerifier")?,
        has_folder: op.get_bit("hasFolder")?,
        has_canonicalizer: op.get_bit("hasCanonicalizer")?,
        has_canonicalize_method: op.get_bit("hasCanonicalizeMethod")?,
        builders: vec![],
        skip_default_builders: op.get_bit("skipDefaultBuilders")?,
        variadic_of_variadic: vec![],
        effects: vec![],
        extra_items: vec![],
    };
    for field in ["extraClassDeclaration", "extraClassDefinition"] {
        if let Some(Init::String(c) | Init::Code(c)) = op.value(field) {
            if !c.trim().is_empty() {
                m.extra_items.push(c.trim().to_string());
            }
        }
    }
    if m.format.is_some() && m.custom_format {
        return Err(op.field_error(
            "assemblyFormat",
            "op cannot have both 'assemblyFormat' and 'hasCustomAssemblyFormat'",
        ));
    }
    let mut names: HashSet<String> = HashSet::new();
    let mut check_name = |name: Option<&str>,
                          field: &str,
                          i: usize|
     -> Result<String, Diagnostic> {
        let Some(n) = name.filter(|n| !n.is_empty()) else {
            return Err(op.field_error(field, format!("argument #{i} of '{field}' has no name")));
        };
        if !names.insert(snake(n)) {
            return Err(
                op.field_error(field, format!("duplicate argument name '{n}' in '{field}'"))
            );
        }
        Ok(n.to_string())
    };

    // Arguments: operands and attributes.
    let mut operand_effects = Vec::new();
    let mut result_effects = Vec::new();
    let args = op.get_dag("arguments")?;
    if args.op_def() != Some("ins") {
        return Err(op.field_error("arguments", "'arguments' must be an (ins ...) dag"));
    }
    for i in 0..args.num_args() {
        let rec = arg_record(rk, op, "arguments", args.arg(i), i)?;
        // Operands may be unnamed, as upstream allows (accessed by index);
        // attributes need a name.
        let name = match args.arg_name(i) {
            None | Some("") if rec.is_subclass_of("TypeConstraint") => String::new(),
            n => check_name(n, "arguments", i)?,
        };
        if rec.is_subclass_of("AttrConstraint") {
            if has_decorators(rk, args.arg(i)) {
                return Err(op.field_error(
                    "arguments",
                    format!("attribute '{name}' cannot have memory effect decorators (only operands and results can)"),
                ));
            }
            attr_model(rk, op, rec, model)?;
            let declared = match rec.value("defaultValue") {
                Some(Init::String(d) | Init::Code(d)) if !d.is_empty() => Some(d.clone()),
                _ => None,
            };
            let mut prop = None;
            let presence = if rec.get_bit("isOptional").unwrap_or(false) {
                Presence::Optional
            } else if rec.is_subclass_of("Property") {
                // Property storage is value-initialized, so a property
                // without a declared default still always has a value.
                prop = Some(PropModel {
                    param_type: rec.get_string("rustValueType")?.to_string(),
                    return_type: rec.get_string("returnType")?.to_string(),
                    getter: rec.get_string("getter")?.to_string(),
                    declared_default: declared.is_some(),
                });
                Presence::Default(match declared {
                    Some(d) => d,
                    None => rec.get_string("storageDefault")?.to_string(),
                })
            } else if let Some(Init::String(d) | Init::Code(d)) = rec.value("defaultValue") {
                Presence::Default(d.clone())
            } else {
                Presence::Required
            };
            m.attrs.push(Attr {
                name,
                presence,
                constraint: rec.name.clone(),
                prop,
            });
        } else if rec.is_subclass_of("TypeConstraint") {
            push_unique(&mut model.type_constraints, &rec.name);
            let group = m.operands.len();
            decorator_effects(
                rk,
                op,
                "arguments",
                args.arg(i),
                EffectOn::Operand(group),
                &mut operand_effects,
            )?;
            if rec.is_subclass_of("VariadicOfVariadic") {
                let seg = rec.get_string("segmentAttrName")?.to_string();
                m.variadic_of_variadic.push((m.operands.len(), seg));
            }
            m.operands.push(Value {
                name,
                arity: arity(rec),
                constraint: rec.name.clone(),
            });
        } else {
            return Err(op.field_error(
                "arguments",
                format!("argument '{name}' has unknown constraint kind '{}' (expected a type or attribute constraint)", rec.name),
            ));
        }
    }
    let results = op.get_dag("results")?;
    if results.op_def() != Some("outs") {
        return Err(op.field_error("results", "'results' must be an (outs ...) dag"));
    }
    for i in 0..results.num_args() {
        // Results may be unnamed, as upstream allows (accessed by index).
        let name = match results.arg_name(i) {
            None | Some("") => String::new(),
            n => check_name(n, "results", i)?,
        };
        let rec = arg_record(rk, op, "results", results.arg(i), i)?;
        if !rec.is_subclass_of("TypeConstraint") {
            return Err(op.field_error(
                "results",
                format!(
                    "result '{name}' has unknown constraint kind '{}' (expected a type constraint)",
                    rec.name
                ),
            ));
        }
        push_unique(&mut model.type_constraints, &rec.name);
        let group = m.results.len();
        decorator_effects(
            rk,
            op,
            "results",
            results.arg(i),
            EffectOn::Result(group),
            &mut result_effects,
        )?;
        m.results.push(Value {
            name,
            arity: arity(rec),
            constraint: rec.name.clone(),
        });
    }
    let regions = op.get_dag("regions")?;
    for i in 0..regions.num_args() {
        let name = check_name(regions.arg_name(i), "regions", i)?;
        let rec = arg_record(rk, op, "regions", regions.arg(i), i)?;
        if !rec.is_subclass_of("RegionConstraint") {
            return Err(op.field_error(
                "regions",
                format!("region '{name}' has unknown constraint kind '{}' (expected a region constraint)", rec.name),
            ));
        }
        let variadic = rec.is_subclass_of("VariadicRegion");
        if variadic && i + 1 != regions.num_args() {
            return Err(op.field_error("regions", "only the last region can be variadic"));
        }
        push_unique(&mut model.region_constraints, &rec.name);
        m.regions.push(RegionOrSuccessor {
            name,
            variadic,
            constraint: rec.name.clone(),
        });
    }
    let succs = op.get_dag("successors")?;
    for i in 0..succs.num_args() {
        let name = check_name(succs.arg_name(i), "successors", i)?;
        let rec = arg_record(rk, op, "successors", succs.arg(i), i)?;
        if !rec.is_subclass_of("SuccessorConstraint") {
            return Err(op.field_error(
                "successors",
                format!("successor '{name}' has unknown constraint kind '{}' (expected a successor constraint)", rec.name),
            ));
        }
        let variadic = rec.is_subclass_of("VariadicSuccessor");
        if variadic && i + 1 != succs.num_args() {
            return Err(op.field_error("successors", "only the last successor can be variadic"));
        }
        m.successors.push(RegionOrSuccessor {
            name,
            variadic,
            constraint: rec.name.clone(),
        });
    }

    // Traits.
    let traits = op.get_list_of_defs("traits")?;
    let mut stack: Vec<String> = traits.iter().rev().map(|s| s.to_string()).collect();
    while let Some(t) = stack.pop() {
        let tr = def(rk, &t, op, "traits")?;
        if tr.is_subclass_of("TraitList") {
            for s in tr.get_list_of_defs("traits")?.iter().rev() {
                stack.push(s.to_string());
            }
            continue;
        }
        if !tr.is_subclass_of("Trait") {
            return Err(op.field_error("traits", format!("'{t}' is not a trait")));
        }
        m.trait_names.push(t.clone());
        if tr.is_subclass_of("OpInterface") {
            push_unique(&mut m.interfaces, tr.get_string("cppInterfaceName")?);
        } else if tr.is_subclass_of("DeclareOpInterfaceMethods") {
            let base = def(rk, tr.get_def("baseInterface")?, op, "traits")?;
            push_unique(&mut m.interfaces, base.get_string("cppInterfaceName")?);
        }
        if tr.is_subclass_of("NativeTrait") {
            for f in tr.get_list_of_strings("rustFlags")? {
                push_unique(&mut m.trait_flags, f);
            }
            match tr.get_string("trait")? {
                "AttrSizedOperandSegments" => m.attr_sized_operands = true,
                "AttrSizedResultSegments" => m.attr_sized_results = true,
                "SameOperandsAndResultType" => {
                    m.type_rules.push(TypeRule::SameOperandsAndResultType)
                }
                "SameTypeOperands" => m.type_rules.push(TypeRule::SameTypeOperands),
                "SameOperandsAndResultRank" => {
                    m.type_rules.push(TypeRule::SameOperandsAndResultRank)
                }
                _ => {}
            }
            if tr.is_subclass_of("SingleBlockImplicitTerminator") {
                m.implicit_terminator = Some(tr.get_string("terminatorOp")?.to_string());
            }
            if tr.is_subclass_of("ParentOneOf") {
                m.parents = tr
                    .get_list_of_strings("parentOps")?
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
            }
        } else if tr.is_subclass_of("MemoryEffects") {
            for e in tr.get_list_of_defs("memoryEffects")? {
                m.effects.push(effect(rk, op, "traits", e, EffectOn::Op)?);
            }
        } else if tr.is_subclass_of("AllTypesMatch") {
            let vals: Vec<String> = tr
                .get_list_of_strings("values")?
                .iter()
                .map(|s| s.to_string())
                .collect();
            m.type_rules.push(TypeRule::AllTypesMatch(vals));
        } else if tr.is_subclass_of("TypesMatchWith") {
            m.type_rules.push(TypeRule::TypesMatchWith {
                summary: tr.get_string("description")?.to_string(),
                lhs: tr.get_string("lhs")?.to_string(),
                rhs: tr.get_string("rhs")?.to_string(),
                transform: tr.get_string("transformer")?.to_string(),
            });
        } else if tr.is_subclass_of("PredOpTrait") {
            let pred = pred_expr(rk, tr.get_def("predicate")?, op)?;
            m.type_rules.push(TypeRule::Pred {
                summary: tr.get_string("summary")?.to_string(),
                pred,
            });
        } else if t == "OpAsmOpInterface"
            || (tr.is_subclass_of("DeclareOpInterfaceMethods")
                && tr.get_def("baseInterface")? == "OpAsmOpInterface")
        {
            m.asm_interface = true;
        } else if t == "InferTypeOpInterface"
            || (tr.is_subclass_of("DeclareOpInterfaceMethods")
                && tr.get_def("baseInterface")? == "InferTypeOpInterface")
        {
            m.infer_type = true;
        }
    }
    m.effects.append(&mut operand_effects);
    m.effects.append(&mut result_effects);
    // Type relations must name existing operands/results/attributes.
    let known = |n: &str| {
        m.operands.iter().any(|v| v.name == n)
            || m.results.iter().any(|v| v.name == n)
            || m.attrs.iter().any(|v| v.name == n)
    };
    for r in &m.type_rules {
        let names: Vec<&str> = match r {
            TypeRule::AllTypesMatch(v) => v.iter().map(|s| s.as_str()).collect(),
            TypeRule::TypesMatchWith { lhs, rhs, .. } => vec![lhs, rhs],
            TypeRule::Pred { pred, .. } => {
                // Op predicates see operands and results as values.
                for n in pred::placeholders(pred) {
                    if !m.operands.iter().chain(&m.results).any(|v| v.name == n) {
                        return Err(op.field_error(
                            "traits",
                            format!("op predicate refers to unknown operand or result '${n}'"),
                        ));
                    }
                }
                vec![]
            }
            _ => vec![],
        };
        for n in names {
            if !known(n) {
                return Err(op.field_error(
                    "traits",
                    format!("type constraint trait refers to unknown argument or result '{n}'"),
                ));
            }
        }
    }
    if m.attr_sized_operands && !m.operands.iter().any(|o| o.arity != Arity::Single) {
        // Upstream accepts this; it is harmless.
    }
    let variadic_operands = m
        .operands
        .iter()
        .filter(|o| o.arity != Arity::Single)
        .count();
    // `SameVariadicOperandSize` groups share the dynamic operands equally,
    // which is what the runtime does without segment sizes.
    if variadic_operands > 1 && !m.attr_sized_operands && !has_trait(op, "SameVariadicOperandSize")
    {
        return Err(op.field_error(
            "arguments",
            "op has more than one variadic or optional operand group; add 'AttrSizedOperandSegments'",
        ));
    }
    let variadic_results = m
        .results
        .iter()
        .filter(|o| o.arity != Arity::Single)
        .count();
    if variadic_results > 1 && !m.attr_sized_results && !has_trait(op, "SameVariadicResultSize") {
        return Err(op.field_error(
            "results",
            "op has more than one variadic or optional result group; add 'AttrSizedResultSegments'",
        ));
    }

    // Derived attributes: fields holding a `DerivedAttr` record.
    for (name, v) in op.fields() {
        let Some(d) = v.as_def() else { continue };
        let Some(dr) = rk.def(d) else { continue };
        if dr.is_subclass_of("DerivedAttr") {
            m.derived_attrs.push((
                name.to_string(),
                dr.get_string("returnType")?.to_string(),
                dr.get_string("body")?.trim().to_string(),
                dr.get_string("convertFromStorage")?.trim().to_string(),
            ));
        }
    }
    if m.verify_inferred && !m.infer_type {
        return Err(op.field_error(
            "verifyInferredTypes",
            "'verifyInferredTypes' needs InferTypeOpInterface",
        ));
    }

    // Builders.
    if let Some(Init::List(bs)) = op.value("builders") {
        for b in bs {
            let Some(bname) = b.as_def() else { continue };
            let br = def(rk, bname, op, "builders")?;
            let params = br.get_dag("dagParams")?;
            let mut ps = Vec::new();
            for i in 0..params.num_args() {
                let ty = match params.arg(i) {
                    Some(Init::String(s) | Init::Code(s)) => s.clone(),
                    Some(Init::Def(d)) => match rk.def(d) {
                        Some(c) if c.has_field("type") => c.get_string("type")?.to_string(),
                        _ => {
                            return Err(op.field_error(
                                "builders",
                                format!("builder parameter #{i} must be a Rust type string"),
                            ))
                        }
                    },
                    _ => {
                        return Err(op.field_error(
                            "builders",
                            format!("builder parameter #{i} must be a Rust type string"),
                        ))
                    }
                };
                let Some(pn) = params.arg_name(i) else {
                    return Err(
                        op.field_error("builders", format!("builder parameter #{i} has no name"))
                    );
                };
                ps.push((snake(pn), ty));
            }
            let body = br.get_string("body")?.trim().to_string();
            let fills_state = body.contains("$_state");
            let body = body
                .replace("$_builder", "b")
                .replace("$_loc", "loc")
                .replace("$_state", "state");
            let explicit = br.get_string("name").unwrap_or("").to_string();
            let name = builder_name(op, &m, &explicit, &ps)?;
            m.builders.push(Builder {
                name,
                params: ps,
                body,
                fills_state,
            });
        }
    }

    // Assembly format.
    if let Some(f) = &m.format {
        if let Err(e) = format::check(&m, f) {
            return Err(op.field_error("assemblyFormat", format!("invalid assembly format: {e}")));
        }
    }
    Ok(m)
}

/// The Rust name of a custom builder with parameters `ps`: `explicit` if
/// given, else `build_<parameter names>` (`build_empty` without any), with
/// the parameter types appended when an earlier builder took that name
/// (C++ overloads on types). A name that is still taken (by the default
/// builder `build`, an earlier builder or an accessor) is a located error,
/// never a rustc error in the generated file.
fn builder_name(
    op: &Record,
    m: &OpModel,
    explicit: &str,
    ps: &[(String, String)],
) -> Result<String, Diagnostic> {
    let taken = |n: &str| -> Option<String> {
        if n == "build" && !m.skip_default_builders {
            return Some("the default builder".to_string());
        }
        // Reserved for the default builder taking attribute values.
        if n == "build_values" && !m.skip_default_builders {
            return Some("the value builder".to_string());
        }
        // Reserved for the aggregate builder, generated for every op.
        if n == "build_generic" {
            return Some("the aggregate builder".to_string());
        }
        if m.builders.iter().any(|b| b.name == n) {
            return Some("an earlier builder".to_string());
        }
        let accessor = m
            .operands
            .iter()
            .chain(&m.results)
            .map(|v| v.name.as_str())
            .chain(m.attrs.iter().map(|a| a.name.as_str()))
            .any(|v| snake(v) == n);
        accessor.then(|| "an accessor".to_string())
    };
    if !explicit.is_empty() {
        let ident = explicit
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && explicit
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !is_rust_keyword(explicit);
        if !ident {
            return Err(op.field_error(
                "builders",
                format!("builder name '{explicit}' is not a Rust identifier"),
            ));
        }
        if let Some(what) = taken(explicit) {
            return Err(op.field_error(
                "builders",
                format!("builder name '{explicit}' is already used by {what}"),
            ));
        }
        return Ok(explicit.to_string());
    }
    let mut name = String::from("build");
    if ps.is_empty() {
        name.push_str("_empty");
    }
    for (p, _) in ps {
        name.push('_');
        name.push_str(p.trim_start_matches("r#"));
    }
    if taken(&name).is_some() {
        // Upstream overloads builders on parameter types (`build(double)`
        // next to `build(DenseElementsAttr)`); Rust has no overloading.
        for (_, t) in ps {
            let last = t.rsplit("::").next().unwrap_or(t);
            let ident: String = last
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            name.push('_');
            name.push_str(&snake(&ident));
        }
    }
    if let Some(what) = taken(&name) {
        return Err(op.field_error(
            "builders",
            format!("builder name '{name}' is already used by {what} (builders with the same parameter names and types); name it with OpBuilder's third argument"),
        ));
    }
    Ok(name)
}

fn arity(rec: &Record) -> Arity {
    if rec.is_subclass_of("Variadic") {
        Arity::Variadic
    } else if rec.is_subclass_of("Optional") {
        Arity::Optional
    } else {
        Arity::Single
    }
}

fn arg_record<'a>(
    rk: &'a RecordKeeper,
    op: &Record,
    field: &str,
    arg: Option<&Init>,
    i: usize,
) -> Result<&'a Record, Diagnostic> {
    let Some(name) = arg.and_then(|a| a.as_def()) else {
        return Err(op.field_error(
            field,
            format!("argument #{i} of '{field}' is not a constraint record"),
        ));
    };
    let r = def(rk, name, op, field)?;
    unwrap_arg(rk, r, op, field)
}

/// Whether the argument `arg` is an `Arg`/`Res` with decorators.
fn has_decorators(rk: &RecordKeeper, arg: Option<&Init>) -> bool {
    arg.and_then(|a| a.as_def())
        .and_then(|n| rk.def(n))
        .filter(|r| r.is_subclass_of("Arg"))
        .and_then(|r| r.get_list_of_defs("decorators").ok())
        .is_some_and(|d| !d.is_empty())
}

/// The memory effects among the decorators of the argument or result `arg`
/// (an `Arg`/`Res` record), applied to `on`.
fn decorator_effects(
    rk: &RecordKeeper,
    op: &Record,
    field: &str,
    arg: Option<&Init>,
    on: EffectOn,
    out: &mut Vec<Effect>,
) -> Result<(), Diagnostic> {
    let Some(r) = arg.and_then(|a| a.as_def()).and_then(|n| rk.def(n)) else {
        return Ok(());
    };
    if !r.is_subclass_of("Arg") {
        return Ok(());
    }
    for d in r.get_list_of_defs("decorators")? {
        out.push(effect(rk, op, field, d, on)?);
    }
    Ok(())
}

/// The effect record `name` (a `MemoryEffect`), applied to `on`.
fn effect(
    rk: &RecordKeeper,
    op: &Record,
    field: &str,
    name: &str,
    on: EffectOn,
) -> Result<Effect, Diagnostic> {
    let r = def(rk, name, op, field)?;
    if !r.is_subclass_of("MemoryEffect") {
        return Err(op.field_error(
            field,
            format!("'{name}' is not a memory effect (expected MemRead, MemWrite, MemAlloc, MemFree or a MemoryEffect)"),
        ));
    }
    let kind = r.get_string("effectKind")?;
    if !matches!(kind, "Allocate" | "Free" | "Read" | "Write") {
        return Err(op.field_error(
            field,
            format!("unknown memory effect kind '{kind}' of '{name}' (expected Allocate, Free, Read or Write)"),
        ));
    }
    let res = def(rk, r.get_def("resource")?, op, field)?;
    Ok(Effect {
        kind: kind.to_string(),
        resource: res.get_string("name")?.to_string(),
        on,
    })
}

/// Records the attribute constraint `rec` and the enum it wraps, if any.
fn attr_model(
    rk: &RecordKeeper,
    op: &Record,
    rec: &Record,
    model: &mut Model,
) -> Result<(), Diagnostic> {
    push_unique(&mut model.attr_constraints, &rec.name);
    if model.enums.contains_key(&rec.name) {
        return Ok(());
    }
    // Follow `baseAttr` to the record that knows the enum.
    let mut cur = rec;
    loop {
        if cur.is_subclass_of("EnumAttr") {
            let info = def(rk, cur.get_def("enum")?, op, "arguments")?;
            let dialect = def(rk, cur.get_def("attrDialect")?, op, "arguments")?;
            let e = enum_model(
                info,
                dialect.get_string("name")?,
                cur.get_string("mnemonic")?,
                &cur.name,
            )?;
            model.enums.insert(rec.name.clone(), e);
            return Ok(());
        }
        if cur.is_subclass_of("EnumAttrInfo") {
            let e = enum_model(cur, "", "", &cur.name)?;
            model.enums.insert(rec.name.clone(), e);
            return Ok(());
        }
        match cur.get_optional_def("baseAttr") {
            Ok(Some(b)) => cur = def(rk, b, op, "arguments")?,
            _ => return Ok(()),
        }
    }
}

fn enum_model(
    info: &Record,
    dialect: &str,
    mnemonic: &str,
    attr_def: &str,
) -> Result<EnumModel, Diagnostic> {
    let ns = info.get_string("cppNamespace")?;
    let class = info.get_string("className")?;
    let cases = match info.value("enumerants") {
        Some(Init::List(l)) => l.clone(),
        _ => vec![],
    };
    let _ = cases;
    Ok(EnumModel {
        info: info.name.clone(),
        cpp_name: if ns.is_empty() {
            class.to_string()
        } else {
            format!("{ns}::{class}")
        },
        summary: info.get_string("summary")?.to_string(),
        cases: Vec::new(),
        bit_enum: info.get_bit("isBitEnum")?,
        separator: info.get_string("separator")?.to_string(),
        print_primary_groups: info.get_bit("printBitEnumPrimaryGroups")?,
        dialect: dialect.to_string(),
        mnemonic: mnemonic.to_string(),
        attr_def_name: attr_def.to_string(),
        int_width: info.get_int("bitwidth")? as u32,
    })
}

/// Fills in enum cases (needs the keeper to read case records).
pub fn resolve_enum_cases(rk: &RecordKeeper, model: &mut Model) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    for e in model.enums.values_mut() {
        let Some(info) = rk.def(&e.info) else {
            continue;
        };
        let names = match info.get_list_of_defs("enumerants") {
            Ok(n) => n,
            Err(d) => {
                errs.push(d);
                continue;
            }
        };
        for n in names {
            let Some(c) = rk.def(n) else { continue };
            match (
                c.get_string("symbol"),
                c.get_string("str"),
                c.get_int("value"),
            ) {
                (Ok(s), Ok(k), Ok(v)) => e.cases.push((s.to_string(), k.to_string(), v as u64)),
                (Err(d), _, _) | (_, Err(d), _) | (_, _, Err(d)) => errs.push(d),
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// The value of the enum case named by a default like
/// `::mlir::arith::IntegerOverflowFlags::none` (its last path segment is
/// the case symbol or keyword).
pub fn enum_default(e: &EnumModel, default: &str) -> Option<u64> {
    let last = default.trim().rsplit("::").next()?.trim();
    let last = last.trim_matches('"');
    e.cases
        .iter()
        .find(|(sym, s, _)| sym == last || s == last)
        .map(|c| c.2)
}

/// The model of one op record, whichever file defines it (DRR patterns
/// refer to ops of included files too).
pub fn op_model(rk: &RecordKeeper, op: &Record) -> Result<OpModel, Diagnostic> {
    let mut model = Model::default();
    build_op(rk, op, &mut model)
}

/// Whether `traits` of `op` lists the trait def `name` (directly).
fn has_trait(op: &Record, name: &str) -> bool {
    op.get_list_of_defs("traits")
        .map(|t| t.contains(&name))
        .unwrap_or(false)
}
