#!/usr/bin/env python3
"""Random scf control-flow programs for differential canonicalization.

Prints one `func.func` mixing scf.index_switch, scf.execute_region (with
and without no_inline), scf.if, scf.for and scf.while over i32 values,
nested up to three deep, with arith ops and unregistered `test.*` ops.
Usage: gen_scf.py SEED. See scripts/check_gen_scf.sh."""

import random, sys
seed = int(sys.argv[1])
random.seed(seed)
out = []
cnt = [0]
def fresh():
    cnt[0] += 1
    return f"%v{cnt[0]}"
def pick(vals):
    return random.choice(vals)
def block(vals, depth, ind, nres):
    """Emit ops; return list of values yielded (nres of them)."""
    vals = list(vals)
    for _ in range(random.randint(0, 3)):
        vals.append(stmt(vals, depth, ind))
    return [pick(vals) for _ in range(nres)]
def const(ind):
    v = fresh(); out.append(f"{ind}{v} = arith.constant {random.randint(0,3)} : i32"); return v
def stmt(vals, depth, ind):
    k = random.randint(0, 9 if depth < 3 else 2)
    if k == 0: return const(ind)
    if k in (1, 2):
        v = fresh(); op = random.choice(["addi", "muli", "subi"])
        out.append(f"{ind}{v} = arith.{op} {pick(vals)}, {pick(vals)} : i32"); return v
    if k == 3:
        v = fresh(); out.append(f"{ind}{v} = \"test.op\"({pick(vals)}) : (i32) -> i32"); return v
    nres = random.randint(1, 3)
    res = fresh()
    tys = ", ".join(["i32"] * nres)
    if k in (4, 5):  # index_switch
        idx = fresh(); out.append(f"{ind}{idx} = arith.index_cast {pick(vals)} : i32 to index")
        out.append(f"{ind}{res}:{nres} = scf.index_switch {idx} -> {tys}")
        cases = random.sample(range(4), random.randint(1, 3))
        for c in cases:
            out.append(f"{ind}case {c} {{")
            y = block(vals, depth + 1, ind + "  ", nres)
            out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}}")
        out.append(f"{ind}default {{")
        y = block(vals, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}}")
    elif k == 6:  # execute_region
        ni = random.choice(["", " no_inline"])
        out.append(f"{ind}{res}:{nres} = scf.execute_region -> ({tys}){ni} {{")
        y = block(vals, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}}")
    elif k == 7:  # if
        c = fresh(); out.append(f"{ind}{c} = arith.cmpi slt, {pick(vals)}, {pick(vals)} : i32")
        out.append(f"{ind}{res}:{nres} = scf.if {c} -> ({tys}) {{")
        y = block(vals, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}} else {{")
        y = block(vals, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}}")
    elif k == 8:  # for
        lb, ub, st = fresh(), fresh(), fresh()
        out.append(f"{ind}{lb} = arith.constant {random.randint(0,2)} : index")
        out.append(f"{ind}{ub} = arith.constant {random.randint(0,4)} : index")
        out.append(f"{ind}{st} = arith.constant 1 : index")
        its = [fresh() for _ in range(nres)]
        inits = ", ".join(f"{a} = {pick(vals)}" for a in its)
        out.append(f"{ind}{res}:{nres} = scf.for %i{cnt[0]} = {lb} to {ub} step {st} iter_args({inits}) -> ({tys}) {{")
        y = block(vals + its, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}}")
    else:  # while
        its = [fresh() for _ in range(nres)]
        inits = ", ".join(f"{a} = {pick(vals)}" for a in its)
        out.append(f"{ind}{res}:{nres} = scf.while ({inits}) : ({tys}) -> ({tys}) {{")
        inner = vals + its
        c = fresh(); out.append(f"{ind}  {c} = \"test.cond\"({pick(inner)}) : (i32) -> i1")
        y = block(inner, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.condition({c}) {', '.join(y)} : {tys}")
        out.append(f"{ind}}} do {{")
        args = [fresh() for _ in range(nres)]
        out.append(f"{ind}^bb0(" + ", ".join(f"{a}: i32" for a in args) + "):")
        y = block(vals + args, depth + 1, ind + "  ", nres)
        out.append(f"{ind}  scf.yield {', '.join(y)} : {tys}"); out.append(f"{ind}}}")
    return f"{res}#{random.randint(0, nres-1)}" if nres > 1 else f"{res}#0"
hdr = "func.func @f(%a: i32, %b: i32) -> (i32, i32) {"
out.append(hdr)
vals = ["%a", "%b"]
y = block(vals, 0, "  ", 2)
out.append(f"  return {', '.join(y)} : i32, i32")
out.append("}")
print("\n".join(out))
