#!/usr/bin/env bash
# No-panic check: runs rmlir-opt on every .mlir file of the malformed-input
# corpus (tests/invalid/ by default, or the files/directories given) with
# several flag sets and fails if any run exits with a status other than 0
# (accepted) or 1 (diagnosed error): a Rust panic exits 101, a signal 128+N,
# a hang (per-run TIMEOUT, default 10 s) 124.
#
# Usage: scripts/no_panic.sh [FILE|DIR ...]
# Environment: RMLIR_OPT (default target/release/rmlir-opt), TIMEOUT.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPT=${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}
TIMEOUT=${TIMEOUT:-10}
if [ ! -x "$OPT" ]; then
  echo "error: rmlir-opt not found at $OPT (cargo build --release -p rmlir-opt, or set RMLIR_OPT)" >&2
  exit 2
fi
[ $# -eq 0 ] && set -- "$ROOT/tests/invalid"
mapfile -t FILES < <(for p in "$@"; do
  if [ -d "$p" ]; then find "$p" -name '*.mlir' -type f; else echo "$p"; fi
done | LC_ALL=C sort)
if [ ${#FILES[@]} -eq 0 ]; then echo "error: no .mlir files in $*" >&2; exit 2; fi

FLAGSETS=(
  ""
  "--allow-unregistered-dialect"
  "--allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo"
  "--allow-unregistered-dialect --split-input-file --verify-diagnostics"
)
LOG=$(mktemp "${TMPDIR:-/tmp}/no_panic.XXXXXX")
trap 'rm -f "$LOG"' EXIT
runs=0; bad=0
for f in "${FILES[@]}"; do
  for flags in "${FLAGSETS[@]}"; do
    runs=$((runs+1))
    # shellcheck disable=SC2086
    timeout "$TIMEOUT" "$OPT" $flags "$f" -o /dev/null >"$LOG" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
      bad=$((bad+1))
      echo "FAIL (exit $rc): rmlir-opt $flags ${f#"$ROOT"/}"
      tr -d '\000' <"$LOG" | tail -n 5 | sed 's/^/    | /'
    fi
  done
done
echo "no-panic: $((runs-bad))/$runs runs exited 0 or 1 (${#FILES[@]} files)"
[ $bad -eq 0 ]
