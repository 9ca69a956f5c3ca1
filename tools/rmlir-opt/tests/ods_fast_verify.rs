//! The ODS verifier's fast path (`ods::verify::fast_accept`) never vouches
//! for an op that the full check (`ods::verify_invariants`) rejects. The
//! ops come from the test corpus (every op with an ODS spec, of every
//! dialect `rmlir-opt` registers) and are mutated: an operand replaced by a
//! value of another type, a result type changed, an operand or result
//! added or removed, an inherent attribute dropped or replaced by a value
//! seen elsewhere in the corpus. Whenever the fast path accepts, the full
//! check must accept too; the test also requires the fast path to accept
//! enough of them to mean something.

mod common;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use common::{corpus, Rng};
use mlir_ir::asm::{parse_source, ParseConfig};
use mlir_ir::ir::WalkOrder;
use mlir_ir::{Attribute, Context, Ident, Ir, OpName, OperationState, Type, Value};

/// An op seen in the corpus: its name, operand and result types and
/// inherent attributes.
struct Sample {
    name: OpName,
    operands: Vec<Type>,
    results: Vec<Type>,
    props: Vec<(Ident, Attribute)>,
}

/// At most this many samples per op name, so common ops do not dominate.
const SAMPLES_PER_OP: usize = 24;
/// Mutations tried per sample.
const MUTATIONS: usize = 12;

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    test_dialect::register_test_dialect(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    Arc::new(ctx)
}

/// Samples, every value type and every inherent attribute value (by name)
/// of the parsable chunks of the corpus.
fn harvest(ctx: &Arc<Context>) -> (Vec<Sample>, Vec<Type>, HashMap<Ident, Vec<Attribute>>) {
    let mut samples = Vec::new();
    let mut per_op: HashMap<OpName, usize> = HashMap::new();
    // Ordered sets, so the run is the same every time.
    let mut types: BTreeMap<Type, ()> = BTreeMap::new();
    let mut attrs: HashMap<Ident, Vec<Attribute>> = HashMap::new();
    for path in corpus() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for chunk in text.split("// -----") {
            let Ok((ir, top)) = parse_source(ctx.clone(), chunk, &ParseConfig::default()) else {
                continue;
            };
            for op in ir.walk_collect(top, WalkOrder::PreOrder) {
                let info = ctx.op_info(ir.op_name(op));
                for t in ir.operand_types(op).chain(ir.result_types(op)) {
                    types.insert(t, ());
                }
                let Some(spec) = info.ods_spec else {
                    continue;
                };
                let props: Vec<(Ident, Attribute)> = ir
                    .op_properties(op)
                    .map(|d| ctx.dictionary_entries(d).to_vec())
                    .unwrap_or_default();
                for &(k, v) in &props {
                    let seen = attrs.entry(k).or_default();
                    if !seen.contains(&v) {
                        seen.push(v);
                    }
                }
                // Ops with regions or successors are outside the fast path.
                if !spec.regions.is_empty() || !spec.successors.is_empty() {
                    continue;
                }
                let n = per_op.entry(ir.op_name(op)).or_default();
                if *n < SAMPLES_PER_OP {
                    *n += 1;
                    samples.push(Sample {
                        name: ir.op_name(op),
                        operands: ir.operand_types(op).collect(),
                        results: ir.result_types(op).collect(),
                        props,
                    });
                }
            }
        }
    }
    (samples, types.into_keys().collect(), attrs)
}

/// A function with one argument per type of `types`, to draw operands from.
fn value_pool(ctx: &Arc<Context>, types: &[Type]) -> (Ir, Vec<(Type, Value)>, mlir_ir::OpRef) {
    let args: Vec<String> = types
        .iter()
        .enumerate()
        .map(|(i, &t)| format!("%a{i}: {}", ctx.display(t)))
        .collect();
    let src = format!("func.func @pool({}) {{\n  return\n}}\n", args.join(", "));
    let (ir, top) = parse_source(ctx.clone(), &src, &ParseConfig::default())
        .unwrap_or_else(|e| panic!("pool function does not parse: {e:?}\n{src}"));
    let func = ir
        .walk_collect(top, WalkOrder::PreOrder)
        .into_iter()
        .find(|&o| ir.op_name_str(o) == "func.func")
        .expect("the pool function");
    let entry = ir.first_block(ir.region(func, 0)).expect("entry block");
    let ret = ir.last_op(entry).expect("return");
    let values = (0..types.len())
        .map(|i| (types[i], ir.argument(entry, i)))
        .collect();
    (ir, values, ret)
}

#[test]
fn fast_path_never_accepts_what_the_full_check_rejects() {
    let ctx = context();
    let (samples, types, attrs) = harvest(&ctx);
    assert!(
        samples.len() > 200,
        "corpus gave only {} samples",
        samples.len()
    );
    let (mut ir, values, ret) = value_pool(&ctx, &types);
    let value_of = |t: Type| values.iter().find(|(vt, _)| *vt == t).map(|&(_, v)| v);
    let all_attrs: Vec<Attribute> = {
        let mut keys: Vec<&Ident> = attrs.keys().collect();
        keys.sort_by_key(|k| ctx.ident_str(**k));
        keys.iter()
            .flat_map(|k| attrs[*k].iter().copied())
            .collect()
    };
    let mut rng = Rng(0x0d5f_a57e_11fe_2026);
    let (mut fast, mut full, mut tried) = (0usize, 0usize, 0usize);
    for s in &samples {
        let spec = ctx
            .op_info(s.name)
            .ods_spec
            .expect("sampled ops have specs");
        for m in 0..MUTATIONS {
            let mut operands = s.operands.clone();
            let mut results = s.results.clone();
            let mut props = s.props.clone();
            // The first try is the op as seen; then one or two mutations.
            for _ in 0..(if m == 0 { 0 } else { 1 + rng.below(2) }) {
                let pick = |rng: &mut Rng| types[rng.below(types.len())];
                match rng.below(7) {
                    0 if !operands.is_empty() => {
                        let i = rng.below(operands.len());
                        operands[i] = pick(&mut rng);
                    }
                    1 if !results.is_empty() => {
                        let i = rng.below(results.len());
                        results[i] = pick(&mut rng);
                    }
                    2 => operands.push(pick(&mut rng)),
                    3 => {
                        operands.pop();
                    }
                    4 => {
                        if rng.below(2) == 0 {
                            results.pop();
                        } else {
                            results.push(pick(&mut rng));
                        }
                    }
                    5 if !props.is_empty() => {
                        props.remove(rng.below(props.len()));
                    }
                    _ if !props.is_empty() => {
                        // Another value of the same name, or any value.
                        let i = rng.below(props.len());
                        let same = &attrs[&props[i].0];
                        props[i].1 = if rng.below(2) == 0 {
                            same[rng.below(same.len())]
                        } else {
                            all_attrs[rng.below(all_attrs.len())]
                        };
                    }
                    _ => {}
                }
            }
            let operand_values: Vec<Value> = operands.iter().filter_map(|&t| value_of(t)).collect();
            let mut state = OperationState::new(s.name, ctx.unknown_loc())
                .operands(&operand_values)
                .results(&results);
            if !props.is_empty() {
                state = state.properties(ctx.dictionary_attr(&props));
            }
            let op = ir.create_op(state);
            ir.insert_op_before(ret, op);
            let accepted_fast = mlir_ir::ods::verify::fast_accept(spec, &ir, op);
            let accepted_full = mlir_ir::ods::verify_invariants(spec, &ir, op);
            if accepted_fast {
                if let Err(d) = &accepted_full {
                    panic!(
                        "fast path accepted an invalid {}: {}\n  {}",
                        spec.name,
                        d.message,
                        ir.display(op)
                    );
                }
            }
            tried += 1;
            fast += usize::from(accepted_fast);
            full += usize::from(accepted_full.is_ok());
            ir.erase_op(op);
        }
    }
    eprintln!("{tried} ops tried: {full} valid, {fast} accepted by the fast path");
    // The fast path must carry most valid ops, or it is not a fast path.
    assert!(
        fast * 10 >= full * 8,
        "fast path accepted {fast} of {full} valid ops ({tried} tried)"
    );
    assert!(
        fast > 1000,
        "only {fast} ops accepted by the fast path ({tried} tried)"
    );
}
