#!/usr/bin/env python3
"""Parallel speed-up of rmlir-opt (issue #17, target 4), beside mlir-opt's.

Runs `--pass-pipeline='builtin.module(func.func(canonicalize))'` on a
generated workload (default s1e6: 1000 functions of 1000 ops, generic form)
with `--mlir-disable-threading` and with threads (two on this machine),
alternating the order inside each pair, for both tools. From `--mlir-timing`
it takes the wall time of the `'func.func' Pipeline` (the pass time) and of
the parser; it also records the whole process's wall time. It prints the
medians and the speed-ups (one thread / threads), and checks that rmlir-opt's
output is byte-identical with and without threads.

Usage: scripts/bench_parallel.py [--pairs 3] [--size s1e6] [--threads N]
       [--rmlir PATH] [--mlir PATH]
`--threads N` sets RMLIR_NUM_THREADS for rmlir-opt (mlir-opt always uses one
thread per hardware thread). Run it on a quiet machine: the figures are wall
clock, and a busy second core hides any speed-up.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "..", "shared", "bench", "gen_arith.py")
SHAPES = {"s1e5": (100, 1000), "s1e6": (1000, 1000), "s1e4": (10, 1000)}
PIPELINE = "--pass-pipeline=builtin.module(func.func(canonicalize))"


def timing_entry(text, name):
    """Wall seconds of the `--mlir-timing` line named `name`."""
    # With threads the report has a user-time column before the wall one.
    for line in text.splitlines():
        cols = re.findall(r"([0-9.]+) \(\s*[0-9.]+%\)", line)
        label = re.sub(r"^.*%\)", "", line).strip()
        if cols and label == name:
            return float(cols[-1])
    return None


def run(tool, path, threaded, threads, out):
    env = dict(os.environ)
    args = [tool, PIPELINE, "--mlir-timing", path, "-o", out]
    if not threaded:
        args.insert(1, "--mlir-disable-threading")
    elif threads:
        env["RMLIR_NUM_THREADS"] = str(threads)
    t0 = time.perf_counter()
    p = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, env=env)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"{tool} failed ({p.returncode}):\n{p.stderr[-2000:]}")
    return {
        "pass": timing_entry(p.stderr, "'func.func' Pipeline"),
        "parser": timing_entry(p.stderr, "Parser"),
        "wall": wall,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--size", default="s1e6", choices=sorted(SHAPES))
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--rmlir", default=os.path.join(ROOT, "target/release/rmlir-opt"))
    ap.add_argument("--mlir", default="/usr/lib/llvm-22/bin/mlir-opt")
    a = ap.parse_args()
    bench_dir = os.environ.get("BENCH_DIR", "/tmp/rmlir-bench")
    os.makedirs(bench_dir, exist_ok=True)
    path = os.path.join(bench_dir, f"{a.size}.generic.mlir")
    if not os.path.exists(path):
        funcs, ops = SHAPES[a.size]
        subprocess.run([sys.executable, GEN, "--funcs", str(funcs), "--ops", str(ops),
                        "--seed", "1", "--generic", "-o", path], check=True)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        outs = {}
        for name, tool in (("rmlir", a.rmlir), ("mlir", a.mlir)):
            for threaded in (False, True):
                out = os.path.join(tmp, f"{name}-{threaded}.mlir")
                outs[(name, threaded)] = out
                run(tool, path, threaded, a.threads, out)  # warm-up
                results[(name, threaded)] = []
        for i in range(a.pairs):
            order = [False, True] if i % 2 == 0 else [True, False]
            for name, tool in (("rmlir", a.rmlir), ("mlir", a.mlir)):
                for threaded in order:
                    results[(name, threaded)].append(
                        run(tool, path, threaded, a.threads, outs[(name, threaded)]))
        same = open(outs[("rmlir", False)], "rb").read() == open(outs[("rmlir", True)], "rb").read()
    med = {k: {f: statistics.median(r[f] for r in v) for f in ("pass", "parser", "wall")}
           for k, v in results.items()}
    print(f"{a.size}, {a.pairs} pairs, func.func(canonicalize); medians in seconds")
    print(f"{'tool':6} {'':9} {'pass':>8} {'parser':>8} {'process':>8}")
    for name in ("rmlir", "mlir"):
        for threaded in (False, True):
            m = med[(name, threaded)]
            label = "threads" if threaded else "1 thread"
            print(f"{name:6} {label:9} {m['pass']:8.3f} {m['parser']:8.3f} {m['wall']:8.3f}")
        one, many = med[(name, False)], med[(name, True)]
        print(f"{name:6} {'speed-up':9} {one['pass'] / many['pass']:7.2f}x "
              f"{one['parser'] / many['parser']:7.2f}x {one['wall'] / many['wall']:7.2f}x")
    print("rmlir output with and without threads:", "identical" if same else "DIFFERENT")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
