#!/usr/bin/env bash
# Differential run against the oracle: every upstream conformance input
# (../shared/upstream-tests/mlir/test) through a list of passes, with
# rmlir-opt and mlir-opt 22, comparing stdout and the exit status. Prints
# one line per run that differs (with the number of differing stdout lines
# and of differing sorted stderr lines) and every rmlir-opt crash (exit
# status above 1); runs where mlir-opt itself aborts are skipped. A
# development tool (it needs mlir-opt), not a CI step: it finds behaviour
# the upstream tests do not pin down.
#
# Usage: scripts/differential.sh [PASS ...]
# Environment: RMLIR_OPT (default target/release/rmlir-opt),
#              MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), TIMEOUT (20).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
R=${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}
M=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
U=$ROOT/../shared/upstream-tests/mlir/test
T=${TIMEOUT:-20}
if [ $# -gt 0 ]; then PASSES=("$@"); else PASSES=(
  "--canonicalize" "--cse"
  "-test-legalize-patterns"
  "-test-legalize-patterns=allow-pattern-rollback=0"
  "-test-legalize-patterns=test-legalize-mode=full"
  "-test-legalize-patterns=test-legalize-mode=analysis"
  "-test-legalize-type-conversion" "-test-legalize-unknown-root-patterns"
  "-test-merge-blocks" "-test-remapped-value" "-test-greedy-patterns"
); fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/differential.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
n=0; bad=0
while IFS= read -r f; do
  for p in "${PASSES[@]}"; do
    n=$((n+1))
    timeout "$T" "$M" -allow-unregistered-dialect -split-input-file "$p" "$f" >"$TMP/m.out" 2>"$TMP/m.err"; mc=$?
    timeout "$T" "$R" -allow-unregistered-dialect -split-input-file "$p" "$f" >"$TMP/r.out" 2>"$TMP/r.err"; rc=$?
    if [ $rc -gt 1 ]; then echo "CRASH rc=$rc $p ${f#$U/}"; bad=$((bad+1)); continue; fi
    [ $mc -gt 1 ] && continue
    if ! cmp -s "$TMP/m.out" "$TMP/r.out" || [ $mc -ne $rc ]; then
      d=$(diff "$TMP/m.out" "$TMP/r.out" | grep -c '^[<>]')
      e=$(diff <(sort "$TMP/m.err") <(sort "$TMP/r.err") | grep -c '^[<>]')
      echo "DIFF rc=$mc/$rc out=$d err=$e $p ${f#$U/}"; bad=$((bad+1))
    fi
  done
done < <(find "$U" -name '*.mlir' | LC_ALL=C sort)
echo "$n runs, $bad differ"
