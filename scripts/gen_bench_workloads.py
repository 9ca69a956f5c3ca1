#!/usr/bin/env python3
"""Benchmark workloads beyond straight-line arith (issue #17, "more
workloads"), in MLIR's custom form, accepted by mlir-opt 22:

  cf   N random control-flow programs from scripts/difftest/gen.py (seeds
       SEED..SEED+N-1): multi-block cf CFGs with block arguments, scf.if,
       scf.for with iter_args, scf.while, scf.index_switch and
       scf.execute_region over arith, about 130 ops each. Each program's
       `@main` and `@extK` are renamed apart so they share one module.
  drr  N functions of OPS ops each: chains of the test dialect's ops that
       its DRR patterns rewrite (`test.op_a`, `test.op_c`, `test.op_d`,
       `test.op_g`, two-op source patterns included), for
       `-test-greedy-patterns`, which both tools run with the same rules.

Usage: gen_bench_workloads.py cf  --programs N [--seed S] [-o FILE]
       gen_bench_workloads.py drr --funcs N --ops M [--seed S] [-o FILE]
"""

import argparse
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "difftest"))


def cf_workload(programs, seed):
    import gen  # scripts/difftest/gen.py

    out = []
    for k in range(programs):
        text = gen.generate(seed + k)
        text = text.replace("@main", f"@main_{k}")
        text = re.sub(r"@ext(\d+)", lambda m: f"@ext{k}_{m.group(1)}", text)
        out.append(text.rstrip("\n"))
    return "\n\n".join(out) + "\n"


def drr_workload(funcs, ops, seed):
    r = random.Random(seed)
    lines = []
    for f in range(funcs):
        lines.append(f"func.func @f{f}(%arg0: i32) -> i32 {{")
        prev = "%arg0"
        for i in range(ops):
            kind = r.choice(["a", "a", "c", "d", "g", "g"])
            if kind == "a":
                attr = r.randrange(100)
                lines.append(f'  %{i} = "test.op_a"({prev}) {{attr = {attr} : i32}} : (i32) -> i32')
            else:
                lines.append(f'  %{i} = "test.op_{kind}"({prev}) : (i32) -> i32')
            prev = f"%{i}"
        lines.append(f"  return {prev} : i32")
        lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=["cf", "drr"])
    ap.add_argument("--programs", type=int, default=800)
    ap.add_argument("--funcs", type=int, default=100)
    ap.add_argument("--ops", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    text = cf_workload(a.programs, a.seed) if a.kind == "cf" else drr_workload(a.funcs, a.ops, a.seed)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
