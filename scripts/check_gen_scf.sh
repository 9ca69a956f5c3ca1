#!/usr/bin/env bash
# Random scf control-flow programs (scripts/gen_scf.py, seeds FIRST..LAST)
# through --canonicalize (or the options in PASS) with rmlir-opt and
# upstream mlir-opt 22, compared byte for byte. Seeds whose program mlir-opt
# rejects are skipped. GEN=difftest takes the programs of the semantic
# difftest generator (scripts/difftest/gen.py) instead.
#
# Usage: scripts/check_gen_scf.sh [FIRST LAST]   (default 1 200)
# Environment: RMLIR_OPT (default target/release/rmlir-opt),
#   MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), PASS (default
#   --canonicalize, e.g. PASS=--remove-dead-values), GEN (gen_scf or
#   difftest).
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
read -r -a PASS_ARGS <<< "${PASS:---canonicalize}"
case "${GEN:-gen_scf}" in
  difftest) GEN_PY="$ROOT/scripts/difftest/gen.py" ;;
  *) GEN_PY="$ROOT/scripts/gen_scf.py" ;;
esac
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gen_scf.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
bad=0; larger=0; crash=0
for s in $(seq "$FIRST" "$LAST"); do
  python3 "$GEN_PY" "$s" > "$TMP/p.mlir"
  "$M" "$TMP/p.mlir" --allow-unregistered-dialect "${PASS_ARGS[@]}" > "$TMP/m.txt" 2>&1 || continue
  timeout 20 "$R" "$TMP/p.mlir" --allow-unregistered-dialect "${PASS_ARGS[@]}" > "$TMP/r.txt" 2>&1
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
