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
A failing program is reduced (--reduce) by structured delta debugging (ddmin
over whole region ops, then the ops of each block, then branches) while the
same kind of failure persists.

Usage: run.py [--seeds N] [--start S] [--reduce] [--quiet] [--inputs K]
Environment: RMLIR_OPT (default target/release/rmlir-opt), MLIR_OPT.
Exit status 0 when no failure was found.
"""

import argparse
import copy
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


def semantics(src_ops, tgt_ops, inputs, info=None, out_fuel_factor=None):
    """None when tgt refines src on every input, else a message (and
    info["args"] = the input that shows it, when info is given).
    out_fuel_factor bounds the output's steps by that multiple of the
    input's (the reducer's cheap stand-in for 2,000,000 steps)."""
    for args in inputs:
        try:
            src = interp.Interp(src_ops)
            sres, strace = src.run("main", list(args))
        except (interp.UB, interp.OutOfFuel):
            continue
        if info is not None:
            info["args"] = args
        fuel = 2000000
        if out_fuel_factor is not None:
            fuel = min(fuel, 10000 + out_fuel_factor * (200000 - src.fuel))
        try:
            tres, ttrace = interp.Interp(tgt_ops, fuel=fuel).run("main", list(args))
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


def check(text, opts, n_inputs=8, seed=0, compare=True, info=None, first_args=None, out_fuel_factor=None):
    """Check one program under one option set: (kind, message) or None.
    kind is one of crash, error, invalid, miscompile, larger, oracle;
    compare=False skips mlir-opt's output (no larger/oracle verdicts);
    info (a dict) receives the failing input of a miscompile as "args";
    first_args is an input tried before the random ones and
    out_fuel_factor bounds the output's steps (see semantics())."""
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
    if first_args is not None:
        inputs.insert(0, first_args)
    msg = semantics(src_ops, r_ops, inputs, info, out_fuel_factor)
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


def block_paths(ops):
    """Paths of every block (op path + [region, block]), outermost first."""
    out = []

    def visit(block_ops, path):
        for k, op in enumerate(block_ops):
            for ri, r in enumerate(op.regions):
                for bi, b in enumerate(r.blocks):
                    out.append(path + [k, ri, bi])
            for ri, r in enumerate(op.regions):
                for bi, b in enumerate(r.blocks):
                    visit(b.ops, path + [k, ri, bi])

    visit(ops, [])
    return out


def block_at(ops, bpath):
    """The op list of the block at bpath, or None when it no longer exists."""
    block = ops
    try:
        for j in range(0, len(bpath), 3):
            block = block[bpath[j]].regions[bpath[j + 1]].blocks[bpath[j + 2]].ops
    except (IndexError, AttributeError):
        return None
    return block


def droppable(block):
    """Indices of the ops of a block that a drop may remove: not the
    terminator, no function or module, no constant that is still used
    (replacing it by a zero constant is no reduction)."""
    out = []
    for k, op in enumerate(block):
        if op.name in ("func.func", "builtin.module"):
            continue
        if k == len(block) - 1 and not op.results and op.name != "func.call":
            continue
        out.append(k)
    return out


class Reducer:
    """Structured delta debugging (ddmin) of a failing program.

    Candidates are mutated copies of the current module: whole region ops
    first (largest first), then ddmin over the ops of each block (outermost
    blocks first, halving chunk sizes down to single ops), then branch
    folding. Every tested candidate text is cached. A candidate is first
    judged by one rmlir-opt run (asked for the generic form, which this
    tool parses itself) and the interpreter, with the failing input first
    and the output's fuel bounded relative to the input's steps; only a
    candidate that looks like the same failure is confirmed by the full
    check (mlir-opt's validation of the candidate and of rmlir's output).
    So a rejected candidate costs one process, a kept one three or four.
    """

    def __init__(self, opts, kind, args, log):
        self.opts, self.kind, self.log = opts, kind, log
        self.first = [args] if args is not None else []
        self.cache = {}
        self.runs = 0
        self.tests = 0
        self.kept = 0

    def fast_fails(self, text):
        """The cheap verdict: could text fail with self.kind?"""
        rc, out, err = run([RMLIR, "--mlir-print-op-generic"] + self.opts, text)
        self.runs += 1
        if self.kind in ("crash", "error"):
            if rc == "timeout":
                return self.kind == "crash"
            crashed = rc not in (0, 1) or "panicked" in err
            return rc != 0 and (self.kind == "crash") == crashed
        if rc != 0:
            return False
        if self.kind != "miscompile":
            return True  # invalid / larger / oracle need mlir-opt: confirm
        try:
            src_ops = mlir.parse(text)
            r_ops = mlir.parse(out)
            rng = random.Random(0)
            inputs = self.first + [random_args(rng, main_types(src_ops)) for _ in range(7)]
            return semantics(src_ops, r_ops, inputs, out_fuel_factor=50) is not None
        except Exception:  # noqa: BLE001 - an unparsable candidate is no failure
            return False

    def fails(self, ops):
        text = mlir.print_module(ops)
        hit = self.cache.get(text)
        if hit is None:
            self.tests += 1
            hit = self.fast_fails(text)
            if hit:
                res = check(
                    text,
                    self.opts,
                    compare=self.kind in ("larger", "oracle"),
                    first_args=self.first[0] if self.first else None,
                    out_fuel_factor=50,
                )
                self.runs += 4
                self.kept += 1
                hit = res is not None and res[0] == self.kind
            self.cache[text] = hit
        return hit

    @staticmethod
    def size(ops):
        return (mlir.count_ops(ops), len(mlir.print_module(ops)))

    def try_candidate(self, cur, mutate_fn):
        """The mutated copy of cur if it is smaller and still fails, else None."""
        cand = copy.deepcopy(cur)
        try:
            if not mutate_fn(cand):
                return None
        except (IndexError, ValueError, AttributeError):
            return None
        drop_dead_blocks(cand)
        if self.size(cand) >= self.size(cur) or not self.fails(cand):
            return None
        self.log(f"reduced to {mlir.count_ops(cand)} ops")
        return cand

    def drop_ops(self, bpath, indices):
        """A mutation dropping the ops at indices of the block at bpath."""

        def apply(ops):
            done = False
            for k in sorted(indices, reverse=True):
                try:
                    done |= mutate(ops, bpath + [k], "drop")
                except (IndexError, ValueError, AttributeError):
                    pass
            return done

        return apply

    def ddmin_block(self, cur, bpath):
        block = block_at(cur, bpath)
        if block is None:
            return cur
        items = droppable(block)
        n = 2
        while items:
            size = -(-len(items) // n)
            chunks = [items[i:i + size] for i in range(0, len(items), size)]
            for chunk in chunks:
                cand = self.try_candidate(cur, self.drop_ops(bpath, chunk))
                if cand is not None:
                    cur = cand
                    block = block_at(cur, bpath)
                    items = droppable(block) if block is not None else []
                    n = max(n - 1, 2)
                    break
            else:
                if n >= len(items):
                    break
                n = min(2 * n, len(items))
        return cur

    def region_ops(self, cur):
        """Paths of ops holding regions (not functions), largest first."""
        out = []
        for path in candidates(cur):
            block, k = locate(cur, path)
            op = block[k]
            if op.regions and op.name not in ("func.func", "builtin.module"):
                out.append((-mlir.count_ops([op]), path))
        return [p for _, p in sorted(out)]

    def first_success(self, cur, mutations_of):
        """Applies the first mutation of mutations_of(cur) that reduces,
        again and again until none does."""
        while True:
            for m in mutations_of(cur):
                cand = self.try_candidate(cur, m)
                if cand is not None:
                    cur = cand
                    break
            else:
                return cur

    def reduce(self, cur):
        for _ in range(6):
            before = self.size(cur)
            # Whole region ops first: one test removes all they hold. After
            # a success the paths are recomputed (failed candidates stay in
            # the cache, so starting over costs no tool run).
            cur = self.first_success(cur, lambda c: [
                (lambda o, p=path: mutate(o, p, "drop")) for path in self.region_ops(c)])
            for bpath in block_paths(cur):
                cur = self.ddmin_block(cur, bpath)
            cur = self.first_success(cur, lambda c: [
                (lambda o, p=path, h=how: mutate(o, p, h))
                for path in candidates(c) for how in ("true", "false", "default")])
            if self.size(cur) >= before:
                break
        return cur


def reduce(text, opts, kind, log=lambda s: None):
    """Structured delta debugging keeping `kind` of failure under `opts`."""
    info = {}
    check(text, opts, info=info)
    r = Reducer(opts, kind, info.get("args"), log)
    cur = r.reduce(mlir.parse(generic(text)))
    log(f"{r.tests} candidates tested, {r.kept} confirmed, {r.runs} tool runs")
    out_text = mlir.print_module(cur)
    # The reducer bounded the output's steps; the result must fail the
    # same way under the full check too.
    final = check(out_text, opts, compare=kind in ("larger", "oracle"))
    if final is None or final[0] != kind:
        log(f"warning: the reduced program fails differently under the full check: {final}")
    rc, out, _ = run([MLIR], out_text)
    return out if rc == 0 else out_text


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
