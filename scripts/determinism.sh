#!/usr/bin/env bash
# Determinism: rmlir-opt's output (stdout and stderr, byte for byte) must not
# depend on the number of threads nor differ between two identical runs.
#
# Every upstream suite input (../shared/upstream-tests/{mlir,tier2}/**/*.mlir,
# split at `// -----` with -split-input-file) is run through each pass of
# PASSES below three times:
#   A  --mlir-disable-threading
#   B  two worker threads (RMLIR_NUM_THREADS=2)
#   C  two worker threads again
# and A must equal B, and B must equal C. Function-level passes are nested
# under func.func so that the pass manager runs functions on the workers;
# as most suite chunks hold a single function, those pipelines also run on
# each file with its `// -----` markers removed ("merged:" in reports), a
# module of many functions (inputs that no longer parse that way fail
# identically in all runs and check nothing more).
# Diagnostics are part of the output (error inputs are welcome: their
# diagnostics must come out in the same order too). A run that times out is
# reported and counts as a failure.
#
# Usage: scripts/determinism.sh [FILE...]   (default: the whole suite)
# Environment: RMLIR_OPT (default target/release/rmlir-opt), JOBS (parallel
#   jobs, default 2), DET_TIMEOUT (seconds per run, default 20), DET_PASSES
#   (space-separated pipeline list overriding the default), VERBOSE=1 (show
#   the first lines of each difference).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPT="${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}"
SUITE="$ROOT/../shared/upstream-tests"
JOBS=${JOBS:-2}
TIMEOUT=${DET_TIMEOUT:-20}

# The pipelines checked: func-level passes nested under func.func (run on
# the workers with threads), module-level ones at the top.
DEFAULT_PASSES="
builtin.module(func.func(canonicalize))
builtin.module(func.func(canonicalize{test-convergence=true}))
builtin.module(func.func(cse))
builtin.module(func.func(sccp))
builtin.module(func.func(loop-invariant-code-motion))
builtin.module(func.func(control-flow-sink))
builtin.module(func.func(topological-sort))
builtin.module(func.func(test-greedy-patterns))
builtin.module(func.func(test-strict-pattern-driver))
builtin.module(func.func(test-walk-pattern-rewrite-driver{dump-notifications=true}))
builtin.module(func.func(canonicalize,cse))
builtin.module(canonicalize)
builtin.module(sccp)
builtin.module(inline)
builtin.module(symbol-dce)
builtin.module(test-legalize-patterns)
"
PASSES=${DET_PASSES:-$DEFAULT_PASSES}

# One file and one pipeline: the three runs, compared. Prints one line per
# failure; exit status 1 on any.
one() {
  local file=$1 pipeline=$2 dir rc=0
  dir=$(mktemp -d "${TMPDIR:-/tmp}/rmlir-det.XXXXXX") || return 2
  # run OUT THREADS [FLAG]: one run with RMLIR_NUM_THREADS=THREADS.
  run() {
    local out=$1 threads=$2; shift 2
    timeout "$TIMEOUT" env RMLIR_NUM_THREADS="$threads" "$OPT" "$file" -split-input-file \
      --pass-pipeline="$pipeline" "$@" >"$dir/$out" 2>&1
    local s=$?
    [ $s -eq 124 ] && echo "TIMEOUT after ${TIMEOUT}s" >>"$dir/$out"
    echo "exit status $s" >>"$dir/$out"
  }
  run a 1 --mlir-disable-threading
  run b 2
  run c 2
  local rel=${file#"$SUITE"/}
  rel=${rel#"${TMPDIR:-/tmp}"/rmlir-det-merged.*/}
  if grep -q '^TIMEOUT after' "$dir/a" "$dir/b" "$dir/c"; then
    echo "TIMEOUT  $rel  $pipeline"
    rc=1
  elif ! cmp -s "$dir/a" "$dir/b"; then
    echo "THREADS  $rel  $pipeline  (1 thread vs 2 threads)"
    [ "${VERBOSE:-0}" = 1 ] && diff "$dir/a" "$dir/b" | head -n 20 >&2
    rc=1
  elif ! cmp -s "$dir/b" "$dir/c"; then
    echo "RUNS     $rel  $pipeline  (two runs with 2 threads)"
    [ "${VERBOSE:-0}" = 1 ] && diff "$dir/b" "$dir/c" | head -n 20 >&2
    rc=1
  fi
  rm -rf "$dir"
  return $rc
}

if [ "${1:-}" = "--one" ]; then
  one "$2" "$3"
  exit $?
fi

[ -x "$OPT" ] || { echo "error: $OPT not built" >&2; exit 2; }
[ -d "$SUITE" ] || { echo "error: upstream suite not found at $SUITE" >&2; exit 2; }
if [ $# -gt 0 ]; then
  FILES=("$@")
else
  mapfile -t FILES < <(find "$SUITE/mlir" "$SUITE/tier2" -name '*.mlir' | sort)
fi

T0=$(date +%s)
LOG=$(mktemp "${TMPDIR:-/tmp}/rmlir-det-log.XXXXXX")
MERGED=$(mktemp -d "${TMPDIR:-/tmp}/rmlir-det-merged.XXXXXX")
trap 'rm -rf "$MERGED" "$LOG"' EXIT
export OPT SUITE TIMEOUT
# One job per (file, pipeline); the script itself is the worker.
jobs_list() {
  local f p m
  for f in "${FILES[@]}"; do
    m="$MERGED/merged:$(basename "$(dirname "$f")")-$(basename "$f")"
    sed '/^\/\/ -----/d' "$f" >"$m"
    while read -r p; do
      [ -n "$p" ] || continue
      printf '%s\0%s\0' "$f" "$p"
      case "$p" in *"func.func("*) printf '%s\0%s\0' "$m" "$p" ;; esac
    done <<<"$PASSES"
  done
}
jobs_list >"$MERGED/jobs"
njobs=$(( $(tr -cd '\0' <"$MERGED/jobs" | wc -c) / 2 ))
xargs -0 -n 2 -P "$JOBS" bash "$0" --one <"$MERGED/jobs" >"$LOG"
nfail=$(grep -c . "$LOG")
cat "$LOG"
echo "determinism: $((njobs - nfail))/$njobs file x pipeline combinations identical" \
  "(1 thread, 2 threads, 2 threads again) in $(( $(date +%s) - T0 ))s"
[ "$nfail" -eq 0 ]
