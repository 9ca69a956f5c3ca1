#!/usr/bin/env python3
"""Differential acceptance check: every module rmlir-opt accepts, mlir-opt
accepts too.

Inputs are chunks of the upstream suite and of tests/ (split at `// -----`)
plus random mutants of them (a line deleted, duplicated or swapped with the
next, a token deleted, a type or SSA name replaced), so that most inputs are
slightly wrong in ways nobody wrote a test for. All chunks go into one file
run once per tool with `-split-input-file` (no pass: parse and verify only);
a chunk counts as rejected when a tool reports an `error:` on one of its
lines. A chunk rmlir-opt accepts and mlir-opt rejects is a verifier or
parser gap and fails the check; the opposite direction is reported as a
count only (rmlir rejecting what mlir-opt accepts is the round-trip test's
business, scripts/roundtrip.py).

Usage: scripts/accepts_check.py [--mutants N] [--seed S] [--rmlir PATH]
                                [--mlir PATH] [--keep DIR] [--show N]
                                [--show-stricter N]
Exit status: 0 no violation, 1 violations, 2 setup error.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "upstream-tests"))
MARKER = "// -----"
FLAGS = ["--allow-unregistered-dialect", "-split-input-file", "--mlir-disable-threading"]
TYPES = ["i1", "i8", "i32", "i64", "index", "f32", "f64", "tensor<4xf32>", "memref<?xi32>"]


def corpus():
    """Chunks of every .mlir file of the upstream suite and of tests/ whose
    RUN lines do not need a pass to be meaningful (all of them parse)."""
    files = []
    for base in (SHARED, os.path.join(ROOT, "tests")):
        for d, _, names in os.walk(base):
            files += [os.path.join(d, n) for n in names if n.endswith(".mlir")]
    chunks = []
    for f in sorted(files):
        try:
            with open(f, encoding="utf-8") as fh:
                text = fh.read()
        except (UnicodeDecodeError, OSError):
            continue
        # Test files whose input is generated or needs dialects only a pass
        # provides are still fine: both tools see the same text.
        for c in text.split(MARKER):
            lines = [l for l in c.split("\n") if not l.lstrip().startswith("//")]
            body = "\n".join(lines).strip()
            if body and len(body) < 20000 and "{-#" not in body:
                chunks.append(body)
    return chunks


def mutate(rng, text):
    lines = text.split("\n")
    kind = rng.randrange(6)
    i = rng.randrange(len(lines))
    if kind == 0 and len(lines) > 1:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == 3:
        toks = lines[i].split(" ")
        if len(toks) > 1:
            del toks[rng.randrange(len(toks))]
            lines[i] = " ".join(toks)
    elif kind == 4:
        found = re.findall(r"\b(?:i1|i8|i16|i32|i64|index|f16|f32|f64)\b", lines[i])
        if found:
            old = rng.choice(found)
            lines[i] = re.sub(r"\b%s\b" % re.escape(old), rng.choice(TYPES), lines[i], count=1)
    else:
        names = re.findall(r"%[A-Za-z0-9_]+", text)
        mine = re.findall(r"%[A-Za-z0-9_]+", lines[i])
        if names and mine:
            lines[i] = lines[i].replace(rng.choice(mine), rng.choice(names), 1)
    return "\n".join(lines)


class Crash(Exception):
    pass


def rejected_lines(tool, path):
    """The line numbers of the errors `tool` reports on `path`; raises
    Crash when the tool crashes (an exit status other than 0 and 1)."""
    # A tool that hangs on an input counts as crashing on it (mlir-opt 22
    # loops forever on some mutants, e.g. a memref.cast of its own result
    # under an affine symbol), and the halving in `verdicts` isolates it.
    # Both tools take a few seconds on a few thousand chunks.
    with open(path) as f:
        n_chunks = f.read().count(MARKER) + 1
    try:
        p = subprocess.run([tool, *FLAGS, path], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=10 + 0.02 * n_chunks)
    except subprocess.TimeoutExpired:
        raise Crash(f"{tool} timed out")
    if p.returncode not in (0, 1):
        raise Crash(f"{tool} exited with {p.returncode}")
    err = p.stderr.decode("utf-8", "replace")
    # mlir-opt 22 checks `expected-*` annotations even without
    # -verify-diagnostics and reports the unmet ones as errors (exit 0); a
    # mutant that no longer triggers an annotated diagnostic is not
    # rejected for that.
    prefix = re.escape(path) + r":(\d+):\d+: error: (?!expected \w+ .* was not produced)"
    return [int(m.group(1)) for m in re.finditer(prefix, err)]


def write_chunks(path, chunks):
    """Writes `chunks` as one split-input file; returns each chunk's first
    and last line."""
    text, spans, line = [], [], 1
    for c in chunks:
        n = c.count("\n") + 1
        spans.append((line, line + n - 1))
        text.append(c)
        line += n + 1  # the marker line
    with open(path, "w") as f:
        f.write(("\n" + MARKER + "\n").join(text) + "\n")
    return spans


def verdicts(tool, chunks, path):
    """Per chunk: True (rejected), False (accepted) or None (the tool
    crashes on it). A crash on a group is narrowed down by halving it."""
    spans = write_chunks(path, chunks)
    try:
        errs = rejected_lines(tool, path)
    except Crash:
        if len(chunks) == 1:
            return [None]
        mid = len(chunks) // 2
        return verdicts(tool, chunks[:mid], path) + verdicts(tool, chunks[mid:], path)
    return [any(s <= l <= e for l in errs) for s, e in spans]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutants", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rmlir", default=os.path.join(ROOT, "target/release/rmlir-opt"))
    ap.add_argument("--mlir", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--keep", help="write the combined input file into this directory")
    ap.add_argument("--show", type=int, default=10)
    ap.add_argument("--show-stricter", type=int, default=0,
                    help="also print up to N chunks rmlir-opt rejects and mlir-opt accepts")
    a = ap.parse_args()
    for t in (a.rmlir, a.mlir):
        if not os.access(t, os.X_OK):
            print(f"error: {t} not found", file=sys.stderr)
            return 2
    rng = random.Random(a.seed)
    base = corpus()
    chunks = list(base)
    for _ in range(a.mutants):
        chunks.append(mutate(rng, rng.choice(base)))
    d = a.keep or tempfile.mkdtemp(prefix="rmlir-accepts.")
    path = os.path.join(d, "accepts.mlir")
    ours = verdicts(a.rmlir, chunks, path)
    theirs = verdicts(a.mlir, chunks, path)
    spans = write_chunks(path, chunks)

    # rmlir-opt crashing is a bug; mlir-opt crashing makes no claim.
    bad, stricter, crashes, upstream_crashes = [], 0, [], 0
    for i, (r, m) in enumerate(zip(ours, theirs)):
        if r is None:
            crashes.append(i)
        elif m is None:
            upstream_crashes += 1
        elif not r and m:
            bad.append(i)
        elif r and not m:
            stricter += 1
            if stricter <= a.show_stricter:
                print(f"--- rejected by rmlir-opt only (lines {spans[i][0]}-{spans[i][1]} of {path}):")
                print(chunks[i][:2000])
    print(f"{len(chunks)} inputs ({len(base)} corpus chunks, {a.mutants} mutants): "
          f"{len(bad)} accepted by rmlir-opt but rejected by mlir-opt; "
          f"{stricter} rejected by rmlir-opt only; {len(crashes)} crash rmlir-opt; "
          f"{upstream_crashes} crash mlir-opt (no claim)")
    for i in bad[:a.show]:
        print(f"--- accepted by rmlir-opt, rejected by mlir-opt (lines {spans[i][0]}-{spans[i][1]} of {path}):")
        print(chunks[i][:2000])
    for i in crashes[:a.show]:
        print(f"--- crashes rmlir-opt (lines {spans[i][0]}-{spans[i][1]} of {path}):")
        print(chunks[i][:2000])
    return 1 if bad or crashes else 0


if __name__ == "__main__":
    sys.exit(main())
