#!/usr/bin/env bash
# Random scf control-flow programs (scripts/gen_scf.py, seeds FIRST..LAST)
# through --canonicalize with rmlir-opt and upstream mlir-opt 22, compared
# byte for byte. Seeds whose program mlir-opt rejects are skipped.
#
# Usage: scripts/check_gen_scf.sh [FIRST LAST]   (default 1 200)
# Environment: RMLIR_OPT (default target/release/rmlir-opt),
#   MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt).
# Prints one line per differing seed (with both outputs' line counts), every
# rmlir-opt crash, and finally `differ=N larger=N crash=N` (larger: rmlir's
# output has more lines). Exit status 0 only when nothing differs.
# A development tool (it needs mlir-opt), not part of scripts/test.sh.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
R=${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}
M=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
FIRST=${1:-1}
LAST=${2:-200}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gen_scf.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
bad=0; larger=0; crash=0
for s in $(seq "$FIRST" "$LAST"); do
  python3 "$ROOT/scripts/gen_scf.py" "$s" > "$TMP/p.mlir"
  "$M" "$TMP/p.mlir" --allow-unregistered-dialect --canonicalize > "$TMP/m.txt" 2>&1 || continue
  timeout 20 "$R" "$TMP/p.mlir" --allow-unregistered-dialect --canonicalize > "$TMP/r.txt" 2>&1
  rc=$?
  if [ $rc -gt 1 ]; then echo "CRASH seed=$s rc=$rc"; crash=$((crash+1)); continue; fi
  if ! cmp -s "$TMP/m.txt" "$TMP/r.txt"; then
    bad=$((bad+1))
    ml=$(wc -l < "$TMP/m.txt"); rl=$(wc -l < "$TMP/r.txt")
    [ "$rl" -gt "$ml" ] && larger=$((larger+1))
    echo "DIFF seed=$s rmlir=$rl mlir-opt=$ml lines"
  fi
done
echo "differ=$bad larger=$larger crash=$crash"
[ $bad -eq 0 ] && [ $crash -eq 0 ]
