#!/usr/bin/env bash
# Compares `--canonicalize` of rmlir-opt against upstream mlir-opt 22 on the
# generated arith workloads (../shared/bench/gen_arith.py, seed 1, shapes of
# ../shared/bench/ANCHORS.md): for each size, both tools canonicalize the
# same input once, their outputs must be identical (custom form, byte for
# byte), then one timed run each (whole process wall time and peak RSS from
# GNU time, and the Canonicalizer pass alone from --mlir-timing) and the
# ratio rmlir/mlir.
#
# Sizes: s1e4 (10 x 1000 ops), s1e5 (100 x 1000), s1e6 (1000 x 1000),
#        h1e5 (1 x 100000), h1e6 (1 x 1000000).
#
# Usage: scripts/bench_canonicalize_vs_mlir_opt.sh [--sizes "s1e5 h1e5"] [--form generic|custom]
#                                                  [--pipeline module|func]
#   --form      input form (default generic, as ANCHORS' key figure)
#   --pipeline  `module`: --canonicalize on the module (default);
#               `func`: --pass-pipeline='builtin.module(func.func(canonicalize))'
# Environment: RMLIR_OPT (default target/release/rmlir-opt),
#   MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), BENCH_DIR (default /tmp/rmlir-bench).
# Exit status: non-zero if a tool fails or the outputs differ.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GEN="$ROOT/../shared/bench/gen_arith.py"
RMLIR=${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}
MLIR=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
BENCH_DIR=${BENCH_DIR:-/tmp/rmlir-bench}
SIZES="s1e5 h1e5"
FORM=generic
PIPELINE=module
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) SIZES=$2; shift 2 ;;
    --form) FORM=$2; shift 2 ;;
    --pipeline) PIPELINE=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
case "$FORM" in generic) GENFLAG=--generic ;; custom) GENFLAG= ;; *) echo "bad --form $FORM" >&2; exit 2 ;; esac
case "$PIPELINE" in
  module) PASS=(--canonicalize) ;;
  func) PASS=("--pass-pipeline=builtin.module(func.func(canonicalize))") ;;
  *) echo "bad --pipeline $PIPELINE" >&2; exit 2 ;;
esac

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if [ ! -x /usr/bin/time ]; then
  echo "installing GNU time" >&2
  as_root apt-get update -q && as_root apt-get install -y -q time || exit 2
fi
for b in "$RMLIR" "$MLIR"; do
  [ -x "$b" ] || { echo "error: $b not found or not executable" >&2; exit 2; }
done
[ -f "$GEN" ] || { echo "error: generator not found at $GEN" >&2; exit 2; }
mkdir -p "$BENCH_DIR" || exit 2

declare -A SHAPE=([s1e4]="10 1000" [s1e5]="100 1000" [s1e6]="1000 1000" [h1e5]="1 100000" [h1e6]="1 1000000")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rmlir-canon-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# timed TOOL IN TAG -> prints "wall_s peak_kib pass_s"; output in $WORK/TAG.out
timed() {
  /usr/bin/time -f '%e %M' -o "$WORK/$3.time" "$1" "${PASS[@]}" --mlir-timing "$2" \
    -o "$WORK/$3.out" 2>"$WORK/$3.err"
  local rc=$?
  if [ $rc -ne 0 ]; then
    echo "error: $1 failed (exit $rc) on $2:" >&2; tail -n 5 "$WORK/$3.err" >&2; return $rc
  fi
  # The Canonicalizer line of the timing report: its last wall-time column.
  local pass
  pass=$(grep -E 'Canonicalizer$' "$WORK/$3.err" | head -n 1 | awk '{
    for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+$/) last = $i; print last }')
  echo "$(tail -n 1 "$WORK/$3.time") ${pass:-nan}"
}

status=0
echo "rmlir-opt: $RMLIR"
echo "mlir-opt:  $MLIR"
echo "command:   TOOL ${PASS[*]} --mlir-timing IN ($FORM form) -o OUT; one run each"
for size in $SIZES; do
  [ -n "${SHAPE[$size]:-}" ] || { echo "error: unknown size $size (known: ${!SHAPE[*]})" >&2; exit 2; }
  read -r funcs ops <<<"${SHAPE[$size]}"
  IN="$BENCH_DIR/$size.$FORM.mlir"
  if [ ! -s "$IN" ]; then
    echo "generating $IN (--funcs $funcs --ops $ops --seed 1 $GENFLAG)"
    python3 "$GEN" --funcs "$funcs" --ops "$ops" --seed 1 $GENFLAG -o "$IN" || exit 2
  fi
  echo
  echo "== $size ($funcs funcs x $ops ops, $FORM input, $(du -h "$IN" | cut -f1))"
  r=$(timed "$RMLIR" "$IN" rmlir) || { status=1; continue; }
  m=$(timed "$MLIR" "$IN" mlir) || { status=1; continue; }
  if cmp -s "$WORK/rmlir.out" "$WORK/mlir.out"; then
    echo "  output: identical ($(wc -l <"$WORK/mlir.out") lines)"
  else
    echo "  output: DIFFERENT ($(diff "$WORK/rmlir.out" "$WORK/mlir.out" | grep -c '^[<>]') differing lines)"
    status=1
  fi
  python3 - "$size" "$funcs" "$ops" $r $m <<'EOF'
import sys
size, funcs, ops = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rw, rk, rp, mw, mk, mp = map(float, sys.argv[4:10])
n = funcs * (ops + 1) + 1
def ratio(a, b):
    return a / b if b > 0 else float("inf")
print("  %s wall  rmlir-opt %.3f s  mlir-opt %.3f s  ratio %.2f" % (size, rw, mw, ratio(rw, mw)))
print("  %s pass  rmlir-opt %.3f s (%.2f us/op)  mlir-opt %.3f s (%.2f us/op)  ratio %.2f"
      % (size, rp, rp / n * 1e6, mp, mp / n * 1e6, ratio(rp, mp)))
print("  %s peak  rmlir-opt %.1f MiB  mlir-opt %.1f MiB  ratio %.2f"
      % (size, rk / 1024, mk / 1024, ratio(rk, mk)))
EOF
done
exit $status
