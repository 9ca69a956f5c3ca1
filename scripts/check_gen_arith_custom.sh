#!/usr/bin/env bash
# gen_arith workload check (custom form): for seeds 1..20 of
#   ../shared/bench/gen_arith.py --funcs 3 --ops 300 --seed N
# run rmlir-opt and upstream mlir-opt 22 with default flags (parse + print in
# the custom form) and compare their outputs byte for byte.
#
# Usage: scripts/check_gen_arith_custom.sh [--keep DIR] [--seeds "1 2 ..."] [-- FLAGS...]
#   FLAGS are passed to both tools (e.g. `-- --canonicalize` compares the
#   canonicalized outputs).
# Environment: RMLIR_OPT (default target/release/rmlir-opt),
#   MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt).
# Prints one line per mismatching seed (with the first differing line) and
# finally `N/20 identical`. Exit status: 0 if every seed is identical,
# 1 on any mismatch or tool failure, 2 on a setup error.
# Not part of scripts/test.sh yet (it needs upstream mlir-opt).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GEN="$ROOT/../shared/bench/gen_arith.py"
RMLIR=${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}
MLIR=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
SEEDS=$(seq 1 20)
KEEP=""
FLAGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; FLAGS=("$@"); break ;;
    --keep) KEEP=$2; shift 2 ;;
    --seeds) SEEDS=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
for b in "$RMLIR" "$MLIR"; do
  [ -x "$b" ] || { echo "error: $b not found or not executable" >&2; exit 2; }
done
[ -f "$GEN" ] || { echo "error: generator not found at $GEN" >&2; exit 2; }

if [ -n "$KEEP" ]; then
  mkdir -p "$KEEP" || exit 2
  DIR=$KEEP
else
  DIR=$(mktemp -d "${TMPDIR:-/tmp}/rmlir-gen-arith.XXXXXX") || exit 2
  trap 'rm -rf "$DIR"' EXIT
fi

total=0
same=0
for seed in $SEEDS; do
  total=$((total + 1))
  in="$DIR/in.$seed.mlir"
  python3 "$GEN" --funcs 3 --ops 300 --seed "$seed" -o "$in" || {
    echo "seed $seed: generator failed"; continue; }
  if ! "$MLIR" "${FLAGS[@]}" "$in" -o "$DIR/mlir.$seed.mlir" 2>"$DIR/mlir.$seed.err"; then
    echo "seed $seed: mlir-opt failed: $(head -n 1 "$DIR/mlir.$seed.err")"; continue
  fi
  if ! "$RMLIR" "${FLAGS[@]}" "$in" -o "$DIR/rmlir.$seed.mlir" 2>"$DIR/rmlir.$seed.err"; then
    echo "seed $seed: rmlir-opt failed: $(head -n 1 "$DIR/rmlir.$seed.err")"; continue
  fi
  if cmp -s "$DIR/mlir.$seed.mlir" "$DIR/rmlir.$seed.mlir"; then
    same=$((same + 1))
  else
    first=$(diff "$DIR/mlir.$seed.mlir" "$DIR/rmlir.$seed.mlir" | sed -n '1,3p' | tr '\n' ' ')
    echo "seed $seed: output differs: $first"
  fi
done
echo "$same/$total identical"
[ "$same" -eq "$total" ]
