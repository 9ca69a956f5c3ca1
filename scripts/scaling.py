#!/usr/bin/env python3
"""Scaling check: how the time of each driver grows with nesting depth and
chain length, for rmlir-opt and mlir-opt on the same generated inputs.

For every workload (nested `scf.if`, a chain of dependent `arith` ops, a
chain of `cf` blocks passing a block argument, many `--split-input-file`
chunks) and every driver (parse +
verify + print, the canonicalizer, CSE, the greedy, walk and conversion test
drivers, SCCP), each size (default 10^2, 10^3, 10^4) is run with both tools,
alternating, and the growth exponent between consecutive sizes is printed:
log(t(n2)/t(n1)) / log(n2/n1). A driver scales like mlir-opt when its
exponent is no larger than mlir-opt's (within noise). Timings are wall
clock minus the tool's start-up time (an empty module), best of --runs;
exponents are only computed from cells above 50 ms; runs past --timeout seconds are reported as such
(mlir-opt overflows its stack on deep nests and prints O(n^2) remarks per
nesting level under the conversion driver, so some of its cells time out).

Usage: scripts/scaling.py [--sizes 100,1000,10000] [--runs 1] [--timeout 60]
                          [--workloads nest,chain,cfg] [--drivers ...]
                          [--rmlir PATH] [--mlir PATH]
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def nest(n):
    """`n` nested `scf.if`, each yielding the inner result."""
    out = ["func.func @f(%c: i1, %x: i32) -> i32 {"]
    for i in range(n):
        out.append(f"%r{i} = scf.if %c -> i32 {{")
    out.append("scf.yield %x : i32")
    for i in reversed(range(n)):
        out.append("} else {")
        out.append("scf.yield %x : i32")
        out.append("}")
        if i > 0:
            out.append(f"scf.yield %r{i} : i32")
    out.append("return %r0 : i32")
    out.append("}")
    return "\n".join(out) + "\n"


def chain(n):
    """A chain of `n` dependent ops, every tenth one foldable."""
    out = ["func.func @f(%x: i32) -> i32 {", "%c0 = arith.constant 0 : i32",
           "%c3 = arith.constant 3 : i32", "%v0 = arith.addi %x, %c3 : i32"]
    for i in range(1, n):
        if i % 10 == 0:
            out.append(f"%v{i} = arith.addi %v{i-1}, %c0 : i32")
        else:
            out.append(f"%v{i} = arith.muli %v{i-1}, %c3 : i32")
    out.append(f"return %v{n-1} : i32")
    out.append("}")
    return "\n".join(out) + "\n"


def cfg(n):
    """`n` blocks in a line, each passing a block argument on."""
    out = ["func.func @f(%x: i32) -> i32 {", "%c1 = arith.constant 1 : i32",
           "cf.br ^bb1(%x : i32)"]
    for i in range(1, n + 1):
        out.append(f"^bb{i}(%a{i}: i32):")
        out.append(f"%s{i} = arith.addi %a{i}, %c1 : i32")
        if i < n:
            out.append(f"cf.br ^bb{i+1}(%s{i} : i32)")
        else:
            out.append(f"return %s{i} : i32")
    out.append("}")
    return "\n".join(out) + "\n"


def split(n):
    """`n` small functions, each its own `--split-input-file` chunk."""
    out = []
    for i in range(n):
        out.append(f"func.func @f{i}(%x: i32) -> i32 {{\n%c = arith.constant {i} : i32\n"
                   f"%s = arith.addi %x, %c : i32\nreturn %s : i32\n}}")
    return "\n// -----\n".join(out) + "\n"


WORKLOADS = {"nest": nest, "chain": chain, "cfg": cfg, "split": split}
# Flags a workload needs on top of the driver's.
WORKLOAD_FLAGS = {"split": ["--split-input-file"]}

DRIVERS = {
    "parse": [],
    "canonicalize": ["--canonicalize"],
    "cse": ["--cse"],
    "sccp": ["--sccp"],
    "greedy": ["-test-greedy-patterns"],
    "walk": ["-test-walk-pattern-rewrite-driver"],
    "legalize": ["-test-legalize-patterns"],
}


def run(tool, flags, path, timeout):
    t0 = time.perf_counter()
    try:
        p = subprocess.run([tool, *flags, path], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    dt = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        return None, f"exit {p.returncode}"
    return dt, None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="100,1000,10000")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--drivers", default=",".join(DRIVERS))
    ap.add_argument("--rmlir", default=os.path.join(ROOT, "target/release/rmlir-opt"))
    ap.add_argument("--mlir", default="/usr/lib/llvm-22/bin/mlir-opt")
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    tools = [("rmlir", a.rmlir), ("mlir", a.mlir)]
    worse = []
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.mlir")
        with open(empty, "w") as f:
            f.write("func.func @f() {\n  return\n}\n")
        for w in a.workloads.split(","):
            files = {}
            for n in sizes:
                files[n] = os.path.join(tmp, f"{w}{n}.mlir")
                with open(files[n], "w") as f:
                    f.write(WORKLOADS[w](n))
            for d in a.drivers.split(","):
                flags = WORKLOAD_FLAGS.get(w, []) + DRIVERS[d]
                times = {name: {} for name, _ in tools}
                # Each tool's start-up (mlir-opt loads a large shared
                # library) is measured on an empty module and subtracted,
                # so the exponents describe the work, not the fixed cost.
                base = {}
                for name, tool in tools:
                    t, _ = run(tool, flags, empty, a.timeout)
                    base[name] = t or 0.0
                for n in sizes:
                    for name, tool in tools:
                        best, note = None, None
                        for _ in range(a.runs):
                            t, note = run(tool, flags, files[n], a.timeout)
                            if t is not None:
                                t = max(t - base[name], 0.0)
                                best = t if best is None else min(best, t)
                        times[name][n] = best if best is not None else note
                cells = []
                for name, _ in tools:
                    ts = times[name]
                    txt = " ".join(f"{ts[n]:.3f}" if isinstance(ts[n], float) else str(ts[n])
                                   for n in sizes)
                    exps = []
                    for n1, n2 in zip(sizes, sizes[1:]):
                        t1, t2 = ts[n1], ts[n2]
                        if isinstance(t1, float) and isinstance(t2, float) and t1 > 0.05:
                            exps.append(math.log(t2 / t1) / math.log(n2 / n1))
                        else:
                            exps.append(None)
                    ts["exp"] = exps
                    cells.append(f"{name}: {txt} s, growth "
                                 + " ".join("-" if e is None else f"{e:.2f}" for e in exps))
                for i, (er, em) in enumerate(zip(times["rmlir"]["exp"], times["mlir"]["exp"])):
                    if er is not None and em is not None and er > em + 0.3:
                        worse.append(f"{w}/{d} sizes {sizes[i]}->{sizes[i+1]}: "
                                     f"rmlir {er:.2f} vs mlir-opt {em:.2f}")
                print(f"{w:6} {d:13} " + " | ".join(cells), flush=True)
    if worse:
        print("\nrmlir grows faster than mlir-opt:")
        for line in worse:
            print("  " + line)
        return 1
    print("\nno driver grows faster than mlir-opt's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
