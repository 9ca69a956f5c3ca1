#!/usr/bin/env python3
"""Semantic differential test of rmlir-opt's canonicalization (driver).

For each seed: generate a program (gen.py), then for every option set run
rmlir-opt and mlir-opt 22 on it and check that rmlir's output
  * exists (no crash, no error, no timeout),
  * is valid (mlir-opt parses and verifies it),
  * refines the input on random arguments (interp.py: same results and same
    external-call trace, where the input's poison may become anything and
    inputs on which the input hits UB make no claim),
  * has no more ops than mlir-opt's output for the same options.
mlir-opt's own output is checked for refinement too: a mismatch there is a
bug of this harness (reported as `oracle`), not of rmlir.
A failing program is reduced (--reduce) by greedy delta debugging over ops,
branches and blocks while the same kind of failure persists.

Usage: run.py [--seeds N] [--start S] [--reduce] [--quiet] [--inputs K]
Environment: RMLIR_OPT (default target/release/rmlir-opt), MLIR_OPT.
Exit status 0 when no failure was found.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import interp  # noqa: E402
import mlir  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RMLIR = os.environ.get("RMLIR_OPT", os.path.join(ROOT, "target/release/rmlir-opt"))
MLIR = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")

OPTION_SETS = [
    ["--canonicalize"],
    ["--canonicalize=top-down=false"],
    ["--canonicalize=region-simplify=aggressive"],
    ["--cse", "--canonicalize"],
]


def run(cmd, text, timeout=20):
    try:
        p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def generic(text):
    """mlir-opt's generic form of text, or None when mlir-opt rejects it."""
    rc, out, _ = run([MLIR, "--mlir-print-op-generic", "-"], text)
    return out if rc == 0 else None


INT_SAMPLES = [0, 1, 2, 3, -1, -2, 5, 7, 127, -128, 255, 1 << 31, (1 << 31) - 1, (1 << 63) - 1, 1 << 63]


def random_args(rng, types):
    out = []
    for t in types:
        if t == "f32":
            out.append(interp.f32(rng.choice([0.0, -0.0, 1.0, -1.5, 2.5, float("nan"), float("inf"), rng.uniform(-9, 9)])))
        else:
            w = interp.width(t)
            v = rng.choice(INT_SAMPLES) if rng.random() < 0.8 else rng.getrandbits(w)
            out.append(v & ((1 << w) - 1))
    return out


def main_types(ops):
    for op in mlir.walk(ops):
        if op.name == "func.func" and op.prop("sym_name") == '"main"':
            ft = op.prop("function_type")
            args = ft.split("->")[0].strip()[1:-1]
            return [a.strip() for a in mlir.Parser(args).balanced_list()] if args else []
    raise ValueError("no @main")


def _balanced_list(self):
    out = []
    while True:
        self.ws()
        if self.i >= len(self.s):
            return out
        out.append(self.balanced(","))
        self.eat(",")


mlir.Parser.balanced_list = _balanced_list


def semantics(src_ops, tgt_ops, inputs):
    """None when tgt refines src on every input, else a message."""
    for args in inputs:
        try:
            sres, strace = interp.Interp(src_ops).run("main", list(args))
        except (interp.UB, interp.OutOfFuel):
            continue
        try:
            tres, ttrace = interp.Interp(tgt_ops, fuel=2000000).run("main", list(args))
        except interp.UB as e:
            return f"output hits UB ({e}) on {args}"
        except interp.OutOfFuel:
            return f"output does not terminate on {args}"
        if len(sres) != len(tres) or not all(interp.refines(a, b) for a, b in zip(sres, tres)):
            return f"results differ on {args}: input {sres}, output {tres}"
        if len(strace) != len(ttrace) or not all(
            a[0] == b[0] and len(a[1]) == len(b[1]) and all(interp.refines(x, y) for x, y in zip(a[1], b[1]))
            for a, b in zip(strace, ttrace)
        ):
            return f"call traces differ on {args}: input {strace}, output {ttrace}"
    return None


def check(text, opts, n_inputs=8, seed=0, compare=True):
    """Check one program under one option set: (kind, message) or None.
    kind is one of crash, error, invalid, miscompile, larger, oracle;
    compare=False skips mlir-opt's output (no larger/oracle verdicts)."""
    src_g = generic(text)
    if src_g is None:
        return ("badinput", "mlir-opt rejects the input")
    src_ops = mlir.parse(src_g)
    rc, rout, rerr = run([RMLIR] + opts, text)
    if rc == "timeout":
        return ("crash", "timeout")
    if rc != 0:
        crashed = rc not in (0, 1) or "panicked" in rerr
        return ("crash" if crashed else "error", f"rmlir-opt exit {rc}: {rerr.strip()[:300]}")
    rg = generic(rout)
    if rg is None:
        _, _, e = run([MLIR, "-"], rout)
        # mlir-opt 22 prints some outputs it cannot parse back (an i64
        # cf.switch case -1 as 18446744073709551615): not rmlir's bug.
        mrc, mout, _ = run([MLIR] + opts, text)
        if mrc == 0 and generic(mout) is None:
            return ("upstream", f"mlir-opt cannot parse its own output either: {e.strip()[:200]}")
        return ("invalid", f"mlir-opt rejects rmlir's output: {e.strip()[:300]}")
    mrc, mout, _ = run([MLIR, "--mlir-print-op-generic"] + opts, text) if compare else (1, "", "")
    r_ops = mlir.parse(rg)
    rng = random.Random(seed)
    types = main_types(src_ops)
    inputs = [random_args(rng, types) for _ in range(n_inputs)]
    msg = semantics(src_ops, r_ops, inputs)
    if msg:
        return ("miscompile", msg)
    if mrc == 0:
        m_ops = mlir.parse(mout)
        msg = semantics(src_ops, m_ops, inputs)
        if msg:
            return ("oracle", "mlir-opt's output: " + msg)
        nr, nm = mlir.count_ops(r_ops), mlir.count_ops(m_ops)
        if nr > nm:
            return ("larger", f"{nr} ops, mlir-opt {nm}")
    return None


# ---- reducer ---------------------------------------------------------------

def candidates(ops):
    """Yield functions that each mutate a fresh copy of the module (given as
    the module's op list) into a smaller candidate; the index paths address
    ops so the mutation can be replayed on a re-parsed copy."""
    paths = []

    def visit(block_ops, path):
        for k, op in enumerate(block_ops):
            paths.append(path + [k])
            for ri, r in enumerate(op.regions):
                for bi, b in enumerate(r.blocks):
                    visit(b.ops, path + [k, ri, bi])

    visit(ops, [])
    return paths


def locate(ops, path):
    block = ops
    for j in range(0, len(path) - 1, 3):
        op = block[path[j]]
        block = op.regions[path[j + 1]].blocks[path[j + 2]].ops
    return block, path[-1]


ZERO = {"f32": "0.000000e+00 : f32", "i1": "false", "index": "0 : index"}


def mutate(ops, path, how):
    """Apply one reduction at path; return False if it does not apply."""
    block, k = locate(ops, path)
    op = block[k]
    if how == "drop":
        if op.name in ("func.func", "builtin.module") or (k == len(block) - 1 and not op.results and op.name not in ("func.call",)):
            return False
        used = {v for o in mlir.walk(ops) for v in o.operands}
        if op.name == "arith.constant" and any(n in used for n, _ in op.results):
            return False
        new = []
        ren = {}
        for name, t in op.results:
            if name not in used:
                continue
            if t not in ("f32", "i1", "index") and not t.startswith("i"):
                return False
            c = mlir.Op("arith.constant")
            c.results = [(name + "_z", t)]
            c.props = {"value": ZERO.get(t, f"0 : {t}")}
            new.append(c)
            ren[name] = name + "_z"
        block[k:k + 1] = new
        for o in mlir.walk(ops):
            o.operands = [ren.get(v, v) for v in o.operands]
        return True
    if how in ("true", "false") and op.name == "cf.cond_br":
        seg = [int(x) for x in op.prop("operandSegmentSizes").split(":")[1].rstrip(">").split(",")]
        ops_ = op.operands
        tv, fv = ops_[1:1 + seg[1]], ops_[1 + seg[1]:]
        tt = op.operand_types[1:1 + seg[1]]
        ft = op.operand_types[1 + seg[1]:]
        j = 0 if how == "true" else 1
        op.name = "cf.br"
        op.operands = tv if j == 0 else fv
        op.operand_types = tt if j == 0 else ft
        op.successors = [op.successors[j]]
        op.props = {}
        return True
    if how == "default" and op.name == "cf.switch":
        seg = [int(x) for x in op.prop("operandSegmentSizes").split(":")[1].rstrip(">").split(",")]
        op.name = "cf.br"
        op.operands = op.operands[1:1 + seg[1]]
        op.operand_types = op.operand_types[1:1 + seg[1]]
        op.successors = op.successors[:1]
        op.props = {}
        return True
    return False


def drop_dead_blocks(ops):
    """Remove non-entry blocks that no branch names (after branch folding)."""
    changed = False
    for op in list(mlir.walk(ops)):
        for r in op.regions:
            used = {s for b in r.blocks for o in b.ops for s in o.successors}
            keep = [b for i, b in enumerate(r.blocks) if i == 0 or b.label in used]
            if len(keep) != len(r.blocks):
                r.blocks = keep
                changed = True
    return changed


def reduce(text, opts, kind, log=lambda s: None):
    """Greedy delta debugging keeping `kind` of failure under `opts`."""
    cur = mlir.print_module(mlir.parse(generic(text)))

    def still_fails(cand):
        # check() itself rejects candidates mlir-opt does not accept.
        res = check(cand, opts, compare=kind in ("larger", "oracle"))
        return res is not None and res[0] == kind

    # Passes over the ops in pre-order, so that a region op (with all it
    # holds) goes before its nested ops are tried one by one; after a
    # success the paths are recomputed and the pass continues at the same
    # index. Passes repeat until one makes no progress.
    for _ in range(4):
        progress = False
        paths = candidates(mlir.parse(cur))
        idx = 0
        while idx < len(paths):
            base_ops = mlir.parse(cur)
            size = (mlir.count_ops(base_ops), len(mlir.print_module(base_ops)))
            hit = False
            for how in ("drop", "true", "false", "default"):
                cand_ops = mlir.parse(cur)
                try:
                    if not mutate(cand_ops, paths[idx], how):
                        continue
                except (IndexError, ValueError, AttributeError):
                    continue
                drop_dead_blocks(cand_ops)
                cand = mlir.print_module(cand_ops)
                # Progress is measured by (op count, text size) so that
                # turning a cond_br into a br counts as a reduction.
                if (mlir.count_ops(cand_ops), len(cand)) < size and still_fails(cand):
                    cur = generic(cand)
                    log(f"reduced to {mlir.count_ops(mlir.parse(cur))} ops")
                    progress = hit = True
                    paths = candidates(mlir.parse(cur))
                    break
            if not hit:
                idx += 1
        if not progress:
            break
    rc, out, _ = run([MLIR], cur)
    return out if rc == 0 else cur


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--inputs", type=int, default=8)
    ap.add_argument("--reduce", action="store_true", help="reduce each failure and print it")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--file", help="check this file instead of generated programs")
    a = ap.parse_args()
    if not os.path.exists(RMLIR):
        print(f"error: {RMLIR} not built", file=sys.stderr)
        return 2
    counts = {}
    failures = 0
    programs = [(None, open(a.file).read())] if a.file else [(s, gen.generate(s)) for s in range(a.start, a.start + a.seeds)]
    for seed, text in programs:
        if seed is not None and generic(text) is None:
            print(f"seed {seed}: GENERATOR BUG: mlir-opt rejects the program")
            counts["badinput"] = counts.get("badinput", 0) + 1
            failures += 1
            continue
        for opts in OPTION_SETS:
            res = check(text, opts, a.inputs, seed or 0)
            if res is None:
                continue
            kind, msg = res
            counts[kind] = counts.get(kind, 0) + 1
            failures += kind not in ("oracle", "upstream")
            print(f"seed {seed} [{' '.join(opts)}]: {kind.upper()}: {msg}")
            if a.reduce:
                small = reduce(text, opts, kind, log=(lambda s: None) if a.quiet else (lambda s: print("  " + s, file=sys.stderr)))
                print(f"--- reduced ({' '.join(opts)}, {kind}):\n{small}---")
            break  # one report per program is enough
    n = len(programs)
    summary = " ".join(f"{k}={v}" for k, v in sorted(counts.items())) or "none"
    print(f"difftest: {n} programs x {len(OPTION_SETS)} option sets; failures: {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
