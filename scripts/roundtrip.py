#!/usr/bin/env python3
"""Differential round-trip test: rmlir-opt must print generic IR byte-for-byte
like upstream mlir-opt (LLVM 22).

Two sources of inputs:

1. Upstream chunks.  Every *.mlir under ../shared/upstream-tests/mlir/
   (relative to the project root) is split into chunks exactly as mlir-opt's
   --split-input-file does (marker `// -----`, see split_chunks()).  mlir-opt
   is run with FLAGS (below) plus --split-input-file on the whole file, so each
   chunk's locations are those mlir-opt gives it; the output is cut at the
   output separators into one text per chunk.  For every chunk mlir-opt
   accepts, its output G (generic form, full debug locations) is written to a
   file and fed to rmlir-opt with the same FLAGS; rmlir-opt must exit 0 and
   print G again, byte for byte.  Chunks mlir-opt rejects are counted but not
   compared as output; instead each is run alone (at its original lines, its
   expected-* annotations defused) through both tools, and rmlir-opt must
   exit 1 with mlir-opt's diagnostics byte for byte (--no-diagnostics skips
   this).
   If the output cannot be cut unambiguously (piece count differs from the
   chunk count), each chunk is run through mlir-opt on its own instead, from a
   copy of the file with every line outside the chunk blanked.
   The tier-2 files rmlir passes (the tier2/ entries of
   tests/upstream-passing.txt, minus TIER2_EXCLUDED below) join these inputs.

2. Generated workloads.  ../shared/bench/gen_arith.py --generic with seeds
   1..4 (--funcs 3 --ops 200) and seed 1 (--funcs 20 --ops 1000).  Both
   mlir-opt and rmlir-opt run on the same file with the same FLAGS and their
   outputs must be identical.

FLAGS = --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo

Expectations are regenerated with mlir-opt at every run (nothing is stored in
the repository): mlir-opt 22 is the specification, it is installed wherever
the tests run (scripts/test.sh installs it), and this way the test cannot go
stale when the upstream suite or the generator change.

Usage: scripts/roundtrip.py [--rmlir BIN] [--mlir-opt BIN] [--jobs N]
                            [--show N] [--no-upstream] [--no-bench]
                            [--no-diagnostics] [FILE.mlir ...]
Files given on the command line replace the upstream suite.  Self-check of
the harness: `scripts/roundtrip.py --rmlir /usr/lib/llvm-22/bin/mlir-opt`
must report every chunk identical.

Exit status: 0 all identical, 1 some mismatch, 2 harness/setup error.
"""

import argparse
import concurrent.futures
import difflib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
FLAGS = ["--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo"]
SPLIT_MARKER = "// -----"
OUTPUT_SEPARATOR = "// -----\n"
# Tier-2 upstream files are compared like the tier-1 chunks once rmlir passes
# them: every tier-2 entry of tests/upstream-passing.txt, except these (with
# the reason they cannot round trip identically).
TIER2_EXCLUDED = {
    # mlir-opt parses the `mlir_reproducer` external resource into its
    # reproducer options and prints them back in canonical form; rmlir reads
    # the resource only under --run-reproducer (docs/DEVIATIONS.md).
    "tier2/mlir/test/Pass/run-reproducer.mlir",
}


def tier2_files():
    """The passing tier-2 files named in tests/upstream-passing.txt."""
    path = os.path.join(ROOT, "tests", "upstream-passing.txt")
    with open(path) as f:
        names = [line.strip() for line in f]
    return [n for n in names if n.startswith("tier2/") and n not in TIER2_EXCLUDED]
BENCH_CONFIGS = [(seed, 3, 200) for seed in (1, 2, 3, 4)] + [(1, 20, 1000)]


def split_chunks(text, marker=SPLIT_MARKER):
    """Split like mlir::splitAndProcessBuffer (mlir/lib/Support/ToolUtilities.cpp, LLVM 22).

    The buffer is split on the marker without its last two characters; a
    piece only ends a chunk when the following piece starts with those two
    characters and has a third character that is not '0' (sic: upstream
    compares with '0' where '-' was meant, so "// ------" does split).
    Otherwise mlir-opt warns "near miss with file split marker" and glues the
    pieces back together.
    Quirk kept on purpose: when the previous piece is empty (file starting
    with the marker, or two markers back to back) the next piece starts a
    chunk as is, without dropping the two characters.
    Returns a list of (start_offset, chunk_text).
    """
    check_len = 2
    head, tail = marker[:-check_len], marker[-check_len:]
    raw = []
    pos = 0
    while True:
        i = text.find(head, pos)
        if i < 0:
            raw.append((pos, text[pos:]))
            break
        raw.append((pos, text[pos:i]))
        pos = i + len(head)
    chunks = []
    prev = None  # (offset, text)
    for off, buf in raw:
        if prev is None or prev[1] == "":
            prev = (off, buf)
            continue
        expected = buf.startswith(tail) and len(buf) > check_len and buf[check_len] != "0"
        if expected:
            chunks.append(prev)
            prev = (off + check_len, buf[check_len:])
        else:
            prev = (prev[0], prev[1] + marker[:-check_len] + buf)
    if prev is not None and prev[1] != "":
        chunks.append(prev)
    return chunks


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def run(cmd, timeout, stdin=None):
    try:
        p = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", "timed out after %ss" % timeout
    except OSError as e:
        return "oserror", "", str(e)


class Case:
    """One comparison: `name` is shown in reports; `expected` is mlir-opt's
    output; `input_path` is what rmlir-opt reads."""

    def __init__(self, name, input_path, expected):
        self.name = name
        self.input_path = input_path
        self.expected = expected
        self.rc = None
        self.actual = ""
        self.stderr = ""

    @property
    def ok(self):
        return self.rc == 0 and self.actual == self.expected


class DiagCase(Case):
    """A chunk mlir-opt rejects: rmlir-opt must exit 1 with the same
    diagnostics on stderr (`expected` is mlir-opt's stderr)."""

    @property
    def ok(self):
        return self.rc == 1 and self.stderr == self.expected


def upstream_cases(path, args, work, counter):
    """Returns (cases, n_chunks, n_rejected)."""
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    chunks = split_chunks(text)
    rel = os.path.relpath(path, args.upstream_root) if args.upstream_root else path
    rc, out, err = run([args.mlir_opt] + FLAGS + ["--split-input-file", path], args.timeout)
    if rc not in (0, 1):
        raise SystemExit("error: mlir-opt failed on %s (%s): %s" % (path, rc, err[-2000:]))
    outputs = cut_outputs(out, len(chunks)) if chunks else []
    if outputs is None:
        outputs = []
        for k, (off, chunk) in enumerate(chunks):
            blank = "".join(c if c == "\n" else " " for c in text[:off]) + chunk
            cpath = os.path.join(work, "split%d.mlir" % next(counter))
            with open(cpath, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(blank)
            crc, cout, cerr = run([args.mlir_opt] + FLAGS + [cpath], args.timeout)
            outputs.append(cout if crc == 0 else "")
    cases = []
    rejected = 0
    for k, ((off, chunk), g) in enumerate(zip(chunks, outputs)):
        if not g:
            rejected += 1
            if args.diagnostics:
                # The chunk alone, at its original lines, so that both tools
                # report the same locations. Its `expected-*` annotations are
                # defused (same length): without --verify-diagnostics
                # mlir-opt 22 still reports each one as "not produced",
                # a driver quirk unrelated to what is compared here.
                blank = ("".join(c if c == "\n" else " " for c in text[:off])
                         + chunk.replace("expected-", "EXPECTED-"))
                cpath = os.path.join(work, "d%d.mlir" % next(counter))
                with open(cpath, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(blank)
                crc, _, cerr = run([args.mlir_opt] + FLAGS + [cpath], args.timeout)
                if crc == 1:
                    name = "%s chunk %d (line %d) diagnostics" % (rel, k + 1, line_of(text, off))
                    cases.append(DiagCase(name, cpath, cerr))
            continue
        gpath = os.path.join(work, "g%d.mlir" % next(counter))
        with open(gpath, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(g)
        name = "%s chunk %d (line %d)" % (rel, k + 1, line_of(text, off))
        cases.append(Case(name, gpath, g))
    return cases, len(chunks), rejected


def cut_outputs(out, n):
    """Cut mlir-opt --split-input-file output into n per-chunk outputs.

    mlir-opt writes output_i for each chunk with "// -----\\n" between them;
    a rejected chunk's output is empty.  Every accepted output is a complete
    module ending in "\\n", and a line equal to "// -----" can only be a
    separator (generic output never starts a line with "//" except locations
    printed as #loc aliases, which start with '#').  Returns None when the
    line structure does not give exactly n pieces."""
    lines = out.splitlines(keepends=True)
    pieces = [[]]
    for ln in lines:
        if ln == OUTPUT_SEPARATOR or ln == OUTPUT_SEPARATOR.rstrip("\n"):
            pieces.append([])
        else:
            pieces[-1].append(ln)
    if len(pieces) != n:
        return None
    return ["".join(p) for p in pieces]


def bench_cases(args, work):
    gen = args.gen_arith
    cases = []
    for seed, funcs, ops in BENCH_CONFIGS:
        name = "gen_arith --generic --seed %d --funcs %d --ops %d" % (seed, funcs, ops)
        path = os.path.join(work, "gen_s%d_f%d_o%d.mlir" % (seed, funcs, ops))
        rc, _, err = run([sys.executable, gen, "--generic", "--seed", str(seed), "--funcs",
                          str(funcs), "--ops", str(ops), "-o", path], args.timeout)
        if rc != 0:
            raise SystemExit("error: %s failed: %s" % (name, err))
        rc, out, err = run([args.mlir_opt] + FLAGS + [path], args.timeout)
        if rc != 0:
            raise SystemExit("error: mlir-opt rejects %s: %s" % (name, err[-2000:]))
        cases.append(Case(name, path, out))
    return cases


def check(case, args):
    rc, out, err = run([args.rmlir] + FLAGS + [case.input_path], args.timeout)
    case.rc, case.actual, case.stderr = rc, out, err
    return case


def show_mismatch(case, max_lines):
    print("=== MISMATCH: %s" % case.name)
    print("    input: %s" % case.input_path)
    if isinstance(case, DiagCase):
        print("    rmlir-opt exit status: %s (expected 1)" % case.rc)
        diff = list(difflib.unified_diff(case.expected.splitlines(keepends=True),
                                         case.stderr.splitlines(keepends=True),
                                         "mlir-opt stderr", "rmlir-opt stderr", n=2))
        for ln in diff[:max_lines]:
            sys.stdout.write(ln if ln.endswith("\n") else ln + "\n")
        return
    if case.rc != 0:
        print("    rmlir-opt exit status: %s" % case.rc)
        for ln in case.stderr.splitlines()[:15]:
            print("    | " + ln)
    diff = list(difflib.unified_diff(case.expected.splitlines(keepends=True),
                                     case.actual.splitlines(keepends=True),
                                     "mlir-opt", "rmlir-opt", n=2))
    for ln in diff[:max_lines]:
        sys.stdout.write(ln if ln.endswith("\n") else ln + "\n\\ No newline at end of file\n")
    if len(diff) > max_lines:
        print("... (%d more diff lines)" % (len(diff) - max_lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="test files instead of the upstream suite")
    ap.add_argument("--rmlir", default=os.environ.get("RMLIR_OPT") or
                    os.path.join(ROOT, "target", "release", "rmlir-opt"))
    ap.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT") or
                    "/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--upstream-dir", default=os.path.join(SHARED, "upstream-tests", "mlir"))
    ap.add_argument("--gen-arith", default=os.path.join(SHARED, "bench", "gen_arith.py"))
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--show", type=int, default=3, help="mismatches to show as diffs (default 3)")
    ap.add_argument("--diff-lines", type=int, default=40, help="diff lines per mismatch")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per tool run")
    ap.add_argument("--no-upstream", action="store_true", help="skip the upstream chunks")
    ap.add_argument("--no-bench", action="store_true", help="skip the gen_arith inputs")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every case")
    ap.add_argument("--no-diagnostics", dest="diagnostics", action="store_false",
                    help="skip comparing the diagnostics of chunks mlir-opt rejects")
    args = ap.parse_args()

    for what, path in (("rmlir-opt", args.rmlir), ("mlir-opt", args.mlir_opt)):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            print("error: %s not found or not executable: %s" % (what, path), file=sys.stderr)
            return 2
    args.rmlir = os.path.abspath(args.rmlir)

    work = tempfile.mkdtemp(prefix="rmlir-roundtrip.")
    try:
        import itertools
        counter = itertools.count()
        cases = []
        n_chunks = n_rejected = 0
        files = [os.path.abspath(f) for f in args.files]
        args.upstream_root = None
        if not files and not args.no_upstream:
            if not os.path.isdir(args.upstream_dir):
                print("error: upstream suite not found at %s" % args.upstream_dir, file=sys.stderr)
                return 2
            args.upstream_root = args.upstream_dir
            for d, _, names in os.walk(args.upstream_dir):
                files += [os.path.join(d, n) for n in names if n.endswith(".mlir")]
            files.sort()
            # Named relative to the upstream-tests directory, like the others
            # relative to its `mlir` subdirectory.
            tier2_root = os.path.dirname(args.upstream_dir)
            files += [os.path.join(tier2_root, f) for f in tier2_files()
                      if os.path.isfile(os.path.join(tier2_root, f))]
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            for cs, nc, nr in pool.map(lambda f: upstream_cases(f, args, work, counter), files):
                cases += cs
                n_chunks += nc
                n_rejected += nr
            n_up = len(cases)
            if not args.no_bench:
                if not os.path.isfile(args.gen_arith):
                    print("error: generator not found at %s" % args.gen_arith, file=sys.stderr)
                    return 2
                cases += bench_cases(args, work)
            list(pool.map(lambda c: check(c, args), cases))

        bad = [c for c in cases if not c.ok]
        if args.verbose:
            for c in cases:
                print("%s %s" % ("OK  " if c.ok else "FAIL", c.name))
        for c in bad[:args.show]:
            show_mismatch(c, args.diff_lines)
        if len(bad) > args.show:
            rest = bad[args.show:]
            listed = rest if args.verbose else rest[:20]
            print("... and %d more mismatches:" % len(rest))
            for c in listed:
                print("    %s" % c.name)
            if len(listed) < len(rest):
                print("    ... (%d more; -v lists all)" % (len(rest) - len(listed)))
        diag_cases = [c for c in cases[:n_up] if isinstance(c, DiagCase)]
        n_diag_ok = sum(1 for c in diag_cases if c.ok)
        up_ok = sum(1 for c in cases[:n_up] if c.ok)
        bench_ok = sum(1 for c in cases[n_up:] if c.ok)
        if files:
            print("upstream: %d/%d chunks identical (%d files, %d chunks, %d rejected by mlir-opt)"
                  % (up_ok, n_up, len(files), n_chunks, n_rejected))
        if args.diagnostics:
            print("diagnostics: %d/%d rejected chunks with identical diagnostics"
                  % (n_diag_ok, len(diag_cases)))
        if not args.no_bench:
            print("gen_arith: %d/%d inputs identical" % (bench_ok, len(cases) - n_up))
        print("%d/%d chunks identical" % (up_ok + bench_ok, len(cases)))
        return 1 if bad else 0
    finally:
        if args.keep:
            print("work directory kept: %s" % work)
        else:
            import shutil
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
