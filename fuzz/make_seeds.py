#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets (docs/TESTING.md, "Fuzzing").

MLIR seeds are the lit tests of tests/ and the upstream conformance files of
../shared/upstream-tests/, split at `// -----` as --split-input-file does,
with whole-line `//` comments (RUN and CHECK lines) dropped so the fuzzer
mutates IR rather than comments. TableGen seeds are the .td files of the
crates and of tests/. Each seed is named by the hash of its content, so
re-running the script is idempotent.

Usage: fuzz/make_seeds.py [--tests-only] OUT_DIR
  (writes OUT_DIR/mlir and OUT_DIR/td; --tests-only leaves out the upstream
  files, for quick runs that should not spend their time loading seeds)
"""
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPLIT = re.compile(r"^// -----.*$", re.M)


def files(top, ext):
    """The files under `top` ending in `ext`, skipping build output."""
    for dirpath, dirnames, names in os.walk(top):
        dirnames[:] = [d for d in sorted(dirnames) if d not in ("target", ".git")]
        for n in sorted(names):
            if n.endswith(ext):
                yield os.path.join(dirpath, n)


def write(out, text):
    data = text.encode()
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def main():
    args = sys.argv[1:]
    tests_only = "--tests-only" in args
    out = [a for a in args if a != "--tests-only"][0]
    mlir_out = os.path.join(out, "mlir")
    td_out = os.path.join(out, "td")
    os.makedirs(mlir_out, exist_ok=True)
    os.makedirs(td_out, exist_ok=True)
    n_mlir = n_td = 0
    sources = [os.path.join(ROOT, "tests")]
    if not tests_only:
        sources.append(os.path.join(ROOT, "..", "shared", "upstream-tests"))
    for top in sources:
        if not os.path.isdir(top):
            continue
        for path in files(top, ".mlir"):
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for chunk in SPLIT.split(text):
                lines = [l for l in chunk.splitlines() if not l.lstrip().startswith("//")]
                body = "\n".join(lines).strip()
                if body:
                    write(mlir_out, body + "\n")
                    n_mlir += 1
    for top in [os.path.join(ROOT, "crates"), os.path.join(ROOT, "tests")]:
        for path in files(top, ".td"):
            with open(path, encoding="utf-8", errors="replace") as f:
                write(td_out, f.read())
            n_td += 1
    print(f"seeds: {n_mlir} MLIR chunks, {n_td} .td files in {out}")


if __name__ == "__main__":
    main()
