//! A structure-aware generator of IR text for the `gen_ir` target: from the
//! fuzzer's bytes (through `arbitrary::Unstructured`) it builds functions of
//! `arith`, `math`, `scf` and `func` ops whose operands are earlier values of the
//! right type, so the text parses and almost always verifies, and the
//! passes behind the parser (folders, canonicalization patterns, CSE) see
//! real programs rather than syntax errors.

use std::fmt::Write;

use arbitrary::{Result, Unstructured};

/// The value types of generated programs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    I1,
    I8,
    I32,
    I64,
    Index,
    F32,
    F64,
}

const TYPES: [Ty; 7] = [
    Ty::I1,
    Ty::I8,
    Ty::I32,
    Ty::I64,
    Ty::Index,
    Ty::F32,
    Ty::F64,
];

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 => "i8",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::Index => "index",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }
    fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
    /// The bit width of integer and float types (index counts as 64).
    fn width(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::F64 | Ty::Index => 64,
        }
    }
}

const INT_BINOPS: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "remsi",
    "remui",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrsi",
    "shrui",
    "maxsi",
    "minsi",
    "maxui",
    "minui",
    "ceildivsi",
    "floordivsi",
    "ceildivui",
];
const FLOAT_BINOPS: &[&str] = &[
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
];
const INT_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const FLOAT_PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// The text being built and the values in scope.
struct Gen<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    out: String,
    /// Values visible at the current point: name and type.
    scope: Vec<(String, Ty)>,
    next_value: usize,
    /// Ops still allowed, so that generated programs stay small and fast.
    budget: usize,
    depth: usize,
    indent: usize,
}

/// Generates a module of one to three functions from `u`.
pub fn generate(u: &mut Unstructured<'_>) -> Result<String> {
    let mut g = Gen {
        u,
        out: String::new(),
        scope: Vec::new(),
        next_value: 0,
        budget: 64,
        depth: 0,
        indent: 1,
    };
    g.out.push_str("module {\n");
    let funcs = g.u.int_in_range(1..=3)?;
    for f in 0..funcs {
        g.func(f)?;
    }
    g.out.push_str("}\n");
    Ok(g.out)
}

impl Gen<'_, '_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn fresh(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn ty(&mut self) -> Result<Ty> {
        Ok(*self.u.choose(&TYPES)?)
    }

    fn func(&mut self, index: u32) -> Result<()> {
        self.scope.clear();
        let nargs = self.u.int_in_range(0..=3)?;
        let mut args = Vec::new();
        for i in 0..nargs {
            let ty = self.ty()?;
            let name = format!("%arg{i}");
            args.push(format!("{name}: {}", ty.name()));
            self.scope.push((name, ty));
        }
        let ret = self.ty()?;
        self.line(&format!(
            "func.func @f{index}({}) -> {} {{",
            args.join(", "),
            ret.name()
        ));
        self.indent += 1;
        self.block()?;
        let v = self.operand(ret)?;
        self.line(&format!("func.return {v} : {}", ret.name()));
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// A sequence of ops in the current block.
    fn block(&mut self) -> Result<()> {
        let n = self.u.int_in_range(0..=8)?;
        for _ in 0..n {
            if self.budget == 0 || self.u.is_empty() {
                break;
            }
            self.budget -= 1;
            self.op()?;
        }
        Ok(())
    }

    /// A value of type `ty` in scope, or a new constant when there is none
    /// (or, sometimes, anyway: constants are what folders work on).
    fn operand(&mut self, ty: Ty) -> Result<String> {
        let candidates: Vec<String> = self
            .scope
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n.clone())
            .collect();
        if candidates.is_empty() || self.u.ratio(1, 4)? {
            return self.constant(ty);
        }
        Ok(self.u.choose(&candidates)?.clone())
    }

    fn constant(&mut self, ty: Ty) -> Result<String> {
        let name = self.fresh();
        let value = match ty {
            Ty::I1 => if self.u.arbitrary()? { "true" } else { "false" }.to_string(),
            Ty::F32 | Ty::F64 => match self.u.int_in_range(0..=4)? {
                0 => "0x7FC00000".to_string(),
                1 => "-0.0".to_string(),
                2 => format!("{}.5", self.u.int_in_range(-4i32..=4)?),
                _ => format!("{}.0", self.u.int_in_range(-8i32..=8)?),
            },
            _ => {
                let interesting: i64 = match self.u.int_in_range(0..=5)? {
                    0 => -1,
                    1 => i64::from(self.u.int_in_range(-3i8..=3)?),
                    2 => 1i64 << (ty.width() - 1).min(62),
                    _ => i64::from(self.u.int_in_range(0i8..=16)?),
                };
                // Keep the literal within the type (`-128` fits i8, `128` not).
                let lim = 1i128 << (ty.width() - 1);
                let v = i128::from(interesting).clamp(-lim, lim - 1);
                v.to_string()
            }
        };
        let text = if ty == Ty::I1 {
            // A boolean literal carries its type (`true : i1` does not parse).
            format!("{name} = arith.constant {value}")
        } else if value.starts_with("0x") && ty == Ty::F64 {
            format!("{name} = arith.constant 0x7FF8000000000000 : f64")
        } else {
            format!("{name} = arith.constant {value} : {}", ty.name())
        };
        self.line(&text);
        self.scope.push((name.clone(), ty));
        Ok(name)
    }

    fn define(&mut self, ty: Ty, rhs: String) -> String {
        let name = self.fresh();
        self.line(&format!("{name} = {rhs}"));
        self.scope.push((name.clone(), ty));
        name
    }

    fn op(&mut self) -> Result<()> {
        match self.u.int_in_range(0..=9)? {
            0 => {
                let ty = self.ty()?;
                self.constant(ty)?;
            }
            1 | 2 => {
                let ty = self.ty()?;
                let ops = if ty.is_float() {
                    FLOAT_BINOPS
                } else {
                    INT_BINOPS
                };
                let op = *self.u.choose(ops)?;
                let a = self.operand(ty)?;
                let b = self.operand(ty)?;
                self.define(ty, format!("arith.{op} {a}, {b} : {}", ty.name()));
            }
            3 => {
                let ty = self.ty()?;
                let (op, preds) = if ty.is_float() {
                    ("cmpf", FLOAT_PREDICATES)
                } else {
                    ("cmpi", INT_PREDICATES)
                };
                let p = *self.u.choose(preds)?;
                let a = self.operand(ty)?;
                let b = self.operand(ty)?;
                self.define(Ty::I1, format!("arith.{op} {p}, {a}, {b} : {}", ty.name()));
            }
            4 => {
                let ty = self.ty()?;
                let c = self.operand(Ty::I1)?;
                let a = self.operand(ty)?;
                let b = self.operand(ty)?;
                self.define(ty, format!("arith.select {c}, {a}, {b} : {}", ty.name()));
            }
            5 | 6 => self.cast()?,
            7 if self.depth < 3 => self.scf_if()?,
            8 if self.depth < 3 => self.scf_for()?,
            _ => {
                let ty = self.ty()?;
                let a = self.operand(ty)?;
                // Unary ops (the math ops rmlir's math dialect defines).
                if ty.is_float() {
                    let op =
                        *self
                            .u
                            .choose(&["arith.negf", "math.absf", "math.exp", "math.sin"])?;
                    self.define(ty, format!("{op} {a} : {}", ty.name()));
                }
            }
        }
        Ok(())
    }

    fn cast(&mut self) -> Result<()> {
        let from = self.ty()?;
        let to = self.ty()?;
        let op = match (from.is_float(), to.is_float()) {
            (false, false) if from == Ty::Index || to == Ty::Index => {
                if from == to {
                    return Ok(());
                }
                *self.u.choose(&["index_cast", "index_castui"])?
            }
            (false, false) if from.width() < to.width() => *self.u.choose(&["extsi", "extui"])?,
            (false, false) if from.width() > to.width() => "trunci",
            (true, true) if from.width() < to.width() => "extf",
            (true, true) if from.width() > to.width() => "truncf",
            (false, true) if from == Ty::Index => return Ok(()),
            (false, true) if from.width() == to.width() && self.u.arbitrary()? => "bitcast",
            (false, true) => *self.u.choose(&["sitofp", "uitofp"])?,
            (true, false) if to == Ty::Index => return Ok(()),
            (true, false) if from.width() == to.width() && self.u.arbitrary()? => "bitcast",
            (true, false) => *self.u.choose(&["fptosi", "fptoui"])?,
            _ => return Ok(()),
        };
        let a = self.operand(from)?;
        self.define(
            to,
            format!("arith.{op} {a} : {} to {}", from.name(), to.name()),
        );
        Ok(())
    }

    /// A nested block whose values go out of scope at its end; yields
    /// values of `results`.
    fn region(&mut self, results: &[Ty], terminator: &str) -> Result<()> {
        let saved = self.scope.len();
        self.indent += 1;
        self.depth += 1;
        self.block()?;
        let mut yields = Vec::new();
        for &ty in results {
            yields.push(self.operand(ty)?);
        }
        let types: Vec<&str> = results.iter().map(|t| t.name()).collect();
        if results.is_empty() {
            self.line(terminator);
        } else {
            self.line(&format!(
                "{terminator} {} : {}",
                yields.join(", "),
                types.join(", ")
            ));
        }
        self.depth -= 1;
        self.indent -= 1;
        self.scope.truncate(saved);
        Ok(())
    }

    fn results(&mut self) -> Result<Vec<Ty>> {
        let n = self.u.int_in_range(0..=2)?;
        (0..n).map(|_| self.ty()).collect()
    }

    /// Names for the results of a region op, defined after its text.
    fn result_names(&mut self, results: &[Ty]) -> (String, Vec<String>) {
        if results.is_empty() {
            return (String::new(), Vec::new());
        }
        let base = self.fresh();
        let names = (0..results.len()).map(|i| format!("{base}#{i}")).collect();
        (format!("{base}:{} = ", results.len()), names)
    }

    fn scf_if(&mut self) -> Result<()> {
        let cond = self.operand(Ty::I1)?;
        let results = self.results()?;
        let with_else = !results.is_empty() || self.u.arbitrary()?;
        let (lhs, names) = self.result_names(&results);
        let types: Vec<&str> = results.iter().map(|t| t.name()).collect();
        let sig = if results.is_empty() {
            String::new()
        } else {
            format!(" -> ({})", types.join(", "))
        };
        self.line(&format!("{lhs}scf.if {cond}{sig} {{"));
        self.region(&results, "scf.yield")?;
        if with_else {
            self.line("} else {");
            self.region(&results, "scf.yield")?;
        }
        self.line("}");
        self.scope.extend(names.into_iter().zip(results));
        Ok(())
    }

    fn scf_for(&mut self) -> Result<()> {
        let lb = self.operand(Ty::Index)?;
        let ub = self.operand(Ty::Index)?;
        let step = self.operand(Ty::Index)?;
        let results = self.results()?;
        let mut inits = Vec::new();
        for &ty in &results {
            inits.push(self.operand(ty)?);
        }
        let (lhs, names) = self.result_names(&results);
        let iv = self.fresh();
        let mut header = format!("{lhs}scf.for {iv} = {lb} to {ub} step {step}");
        let saved = self.scope.len();
        let mut iter_args = Vec::new();
        let mut iter_vals = Vec::new();
        for (init, &ty) in inits.iter().zip(&results) {
            let a = self.fresh();
            iter_args.push(format!("{a} = {init}"));
            iter_vals.push((a, ty));
        }
        if !results.is_empty() {
            let types: Vec<&str> = results.iter().map(|t| t.name()).collect();
            let _ = write!(
                header,
                " iter_args({}) -> ({})",
                iter_args.join(", "),
                types.join(", ")
            );
        }
        header.push_str(" {");
        self.line(&header);
        self.scope.push((iv, Ty::Index));
        self.scope.extend(iter_vals);
        self.region(&results, "scf.yield")?;
        self.scope.truncate(saved);
        self.line("}");
        self.scope.extend(names.into_iter().zip(results));
        Ok(())
    }
}
