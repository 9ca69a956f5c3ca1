#!/usr/bin/env bash
# Incremental rewriting must not miss a rewrite: for every input and
# pipeline below, rmlir-opt's output (stdout, stderr and exit status, byte
# for byte) with incremental canonicalizer runs (the default) must equal its
# output with `--rmlir-full-rewrite-runs`, where every run re-matches every
# op as mlir-opt does. See "Incremental runs" in
# crates/mlir-transforms/src/greedy.rs and docs/PERFORMANCE.md.
#
# Inputs: every upstream suite file (../shared/upstream-tests/{mlir,tier2},
# split at `// -----`), the lit tests under tests/passes and tests/drivers,
# and generated workloads nobody chose: arith modules (gen_arith.py, several
# seeds and sizes), random scf programs (scripts/gen_scf.py) and random
# cf/scf/arith programs (scripts/difftest/gen.py). The pipelines run the
# canonicalizer twice with another pass between, so the second run starts
# from a recorded fixpoint and must revisit exactly what the pass changed;
# with threads on, so that fixpoints also travel through the private arenas
# of the parallel pass manager.
#
# Usage: scripts/incremental_check.sh [--quick]   (--quick: 5 pipelines, fewer generated inputs)
# Environment: RMLIR_OPT (default target/release/rmlir-opt), JOBS (default 2),
#   INC_TIMEOUT (seconds per run, default 30), VERBOSE=1 (show differences).
# Exit status: 0 when every pair is identical, 1 otherwise.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPT="${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}"
SUITE="$ROOT/../shared/upstream-tests"
JOBS=${JOBS:-2}
TIMEOUT=${INC_TIMEOUT:-30}
QUICK=0
[ "${1:-}" = --quick ] && QUICK=1

PIPELINES="
builtin.module(canonicalize,canonicalize)
builtin.module(canonicalize,cse,canonicalize)
builtin.module(func.func(canonicalize,cse,canonicalize))
builtin.module(canonicalize,sccp,canonicalize)
builtin.module(canonicalize,loop-invariant-code-motion,canonicalize)
builtin.module(canonicalize,inline,canonicalize)
builtin.module(canonicalize,symbol-dce,canonicalize)
builtin.module(canonicalize,control-flow-sink,canonicalize)
builtin.module(canonicalize,remove-dead-values,canonicalize)
builtin.module(canonicalize{region-simplify=aggressive},cse,canonicalize{region-simplify=aggressive})
builtin.module(canonicalize{top-down=false},cse,canonicalize{top-down=false},cse,canonicalize{top-down=false})
"

# --quick (the CI step) keeps the pipelines that cover the kinds of change:
# none, CSE's replacements at module and function level (threads), the
# inliner's new ops, and bottom-up seeding.
if [ $QUICK = 1 ]; then
  PIPELINES="
builtin.module(canonicalize,canonicalize)
builtin.module(canonicalize,cse,canonicalize)
builtin.module(func.func(canonicalize,cse,canonicalize))
builtin.module(canonicalize,inline,canonicalize)
builtin.module(canonicalize{top-down=false},cse,canonicalize{top-down=false},cse,canonicalize{top-down=false})
"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rmlir-inc.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT

# Generated inputs.
GEN="$WORK/gen"
mkdir -p "$GEN"
if [ $QUICK = 1 ]; then NA=3; NS=10; ND=10; else NA=8; NS=40; ND=40; fi
for s in $(seq 1 $NA); do
  python3 "$ROOT/../shared/bench/gen_arith.py" --funcs 4 --ops $((100 * s)) --seed "$s" >"$GEN/arith-$s.mlir"
done
for s in $(seq 1 $NS); do python3 "$ROOT/scripts/gen_scf.py" "$s" >"$GEN/scf-$s.mlir"; done
for s in $(seq 1 $ND); do python3 "$ROOT/scripts/difftest/gen.py" "$s" >"$GEN/cf-$s.mlir"; done

# one FILE: every pipeline, both modes; prints one line per difference.
one() {
  local file=$1 p rc=0 a b
  a=$(mktemp "$WORK/a.XXXXXX"); b=$(mktemp "$WORK/b.XXXXXX")
  while read -r p; do
    [ -z "$p" ] && continue
    timeout "$TIMEOUT" env RMLIR_NUM_THREADS=2 "$OPT" "$file" -split-input-file \
      --allow-unregistered-dialect --pass-pipeline="$p" >"$a" 2>&1
    echo "exit status $?" >>"$a"
    timeout "$TIMEOUT" env RMLIR_NUM_THREADS=2 "$OPT" "$file" -split-input-file \
      --allow-unregistered-dialect --pass-pipeline="$p" --rmlir-full-rewrite-runs >"$b" 2>&1
    echo "exit status $?" >>"$b"
    if ! cmp -s "$a" "$b"; then
      echo "DIFFERS  ${file#"$ROOT"/}  $p"
      [ "${VERBOSE:-0}" = 1 ] && diff "$b" "$a" | head -n 20 >&2
      rc=1
    fi
  done <<<"$PIPELINES"
  rm -f "$a" "$b"
  return $rc
}
export -f one
export OPT TIMEOUT WORK ROOT PIPELINES VERBOSE

{
  find "$SUITE/mlir" "$SUITE/tier2" -name '*.mlir' 2>/dev/null | sort
  find "$ROOT/tests/passes" "$ROOT/tests/drivers" -name '*.mlir' | sort
  ls "$GEN"/*.mlir
} >"$WORK/inputs"
n=$(wc -l <"$WORK/inputs")
npipes=$(grep -c . <<<"$PIPELINES")
xargs -a "$WORK/inputs" -P "$JOBS" -I{} bash -c 'one "$@"' _ {} >"$WORK/report"
if [ -s "$WORK/report" ]; then
  cat "$WORK/report"
  echo "incremental check: $(wc -l <"$WORK/report") of $((n * npipes)) runs differ ($n inputs x $npipes pipelines)"
  exit 1
fi
echo "incremental check: $((n * npipes)) runs identical ($n inputs x $npipes pipelines)"
