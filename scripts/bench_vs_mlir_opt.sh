#!/usr/bin/env bash
# Benchmark rmlir-opt against upstream mlir-opt 22 on the generated arith
# workloads, following ../shared/bench/ANCHORS.md: whole process, generic-form
# input and output, one warm-up run each, then N paired runs with the order
# alternating inside each pair; wall time and peak RSS from GNU time.
#
# Sizes (gen_arith.py --generic --seed 1, written to $BENCH_DIR, default /tmp/rmlir-bench):
#   s1e5  --funcs 100  --ops 1000   (about 10^5 ops)
#   s1e6  --funcs 1000 --ops 1000   (about 10^6 ops)
# Workloads with control flow and DRR patterns (scripts/gen_bench_workloads.py,
# not in ANCHORS.md, converted to generic form by mlir-opt once):
#   cf800   800 random cf/scf/arith programs (about 10^5 ops)
#   drr1e5  100 functions x 1000 test-dialect ops rewritten by DRR patterns;
#           its command adds -test-greedy-patterns (before EXTRA)
# Command timed for each tool:  TOOL --mlir-print-op-generic [EXTRA...] IN -o /dev/null
#
# Usage: scripts/bench_vs_mlir_opt.sh [--pairs N] [--sizes "s1e5 s1e6"] [-- EXTRA FLAGS...]
#   e.g. scripts/bench_vs_mlir_opt.sh --pairs 3 --sizes s1e5 -- --canonicalize
# Environment: RMLIR_OPT (default target/release/rmlir-opt),
#   MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), BENCH_DIR.
# Prints per size: median wall of each tool, the median of the per-pair
# ratios rmlir/mlir, the median peak RSS of each tool and their ratio.
# Exit status: non-zero if a tool failed on an input.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GEN="$ROOT/../shared/bench/gen_arith.py"
RMLIR=${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}
MLIR=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
BENCH_DIR=${BENCH_DIR:-/tmp/rmlir-bench}
PAIRS=5
SIZES="s1e5 s1e6"
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --pairs) PAIRS=$2; shift 2 ;;
    --sizes) SIZES=$2; shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done

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

# md5 of the seed-1 inputs, from ANCHORS.md.
declare -A SHAPE=([s1e4]="10 1000" [s1e5]="100 1000" [s1e6]="1000 1000" [h1e5]="1 100000" [h1e6]="1 1000000")
declare -A MD5=([s1e4]=2dad76f12e51f8bb4fec8aa2ad84b535 [s1e5]=77b0e29c36da64a65dede51166bbe01d
                [s1e6]=46a01c03501499933c23e8b908c0a30d [h1e5]=239d2217e9d6665afa3c7e15199dd570
                [h1e6]=064bf2874e0937a0f95128e3051a8c91)

TIMES=$(mktemp "${TMPDIR:-/tmp}/rmlir-bench-time.XXXXXX")
trap 'rm -f "$TIMES"' EXIT
# measure TOOL IN -> prints "wall_s peak_kib"; returns the tool's exit status
SIZE_FLAGS=()
measure() {
  /usr/bin/time -f '%e %M' -o "$TIMES" "$1" --mlir-print-op-generic "${SIZE_FLAGS[@]}" "${EXTRA[@]}" "$2" -o /dev/null 2>"$TIMES.err"
  local rc=$?
  if [ $rc -ne 0 ]; then
    echo "error: $1 failed (exit $rc) on $2:" >&2; tail -n 5 "$TIMES.err" >&2; rm -f "$TIMES.err"; return $rc
  fi
  rm -f "$TIMES.err"
  tail -n 1 "$TIMES"
}

status=0
echo "rmlir-opt: $RMLIR"
echo "mlir-opt:  $MLIR"
echo "command:   TOOL --mlir-print-op-generic ${EXTRA[*]:+${EXTRA[*]} }IN -o /dev/null; $PAIRS pairs after 1 warm-up"
WORKLOADS="$ROOT/scripts/gen_bench_workloads.py"
for size in $SIZES; do
  IN="$BENCH_DIR/$size.generic.mlir"
  SIZE_FLAGS=()
  case $size in
    cf800|drr1e5)
      if [ ! -s "$IN" ]; then
        echo "generating $IN"
        if [ "$size" = cf800 ]; then
          python3 "$WORKLOADS" cf --programs 800 --seed 1 -o "$IN.custom" || exit 2
        else
          python3 "$WORKLOADS" drr --funcs 100 --ops 1000 --seed 1 -o "$IN.custom" || exit 2
        fi
        "$MLIR" --mlir-print-op-generic "$IN.custom" -o "$IN" || exit 2
        rm -f "$IN.custom"
      fi
      [ "$size" = drr1e5 ] && SIZE_FLAGS=(-test-greedy-patterns)
      shape="generated workload"
      ;;
    *)
      [ -n "${SHAPE[$size]:-}" ] || { echo "error: unknown size $size (known: ${!SHAPE[*]} cf800 drr1e5)" >&2; exit 2; }
      read -r funcs ops <<<"${SHAPE[$size]}"
      if [ ! -s "$IN" ] || [ "$(md5sum <"$IN" | cut -d' ' -f1)" != "${MD5[$size]}" ]; then
        echo "generating $IN (--funcs $funcs --ops $ops --seed 1 --generic)"
        python3 "$GEN" --funcs "$funcs" --ops "$ops" --seed 1 --generic -o "$IN" || exit 2
      fi
      shape="$funcs funcs x $ops ops"
      ;;
  esac
  echo
  echo "== $size ($shape, $(du -h "$IN" | cut -f1))${SIZE_FLAGS[*]:+ with ${SIZE_FLAGS[*]}}"
  # warm-up (also checks that both tools accept the input)
  measure "$RMLIR" "$IN" >/dev/null || { status=1; continue; }
  measure "$MLIR" "$IN" >/dev/null || { status=1; continue; }
  rows=()
  ok=1
  for i in $(seq 1 "$PAIRS"); do
    if [ $((i % 2)) -eq 1 ]; then
      r=$(measure "$RMLIR" "$IN") || { ok=0; break; }
      m=$(measure "$MLIR" "$IN") || { ok=0; break; }
    else
      m=$(measure "$MLIR" "$IN") || { ok=0; break; }
      r=$(measure "$RMLIR" "$IN") || { ok=0; break; }
    fi
    echo "  pair $i: rmlir-opt ${r% *} s ${r#* } KiB | mlir-opt ${m% *} s ${m#* } KiB"
    rows+=("$r $m")
  done
  [ $ok -eq 1 ] || { status=1; continue; }
  printf '%s\n' "${rows[@]}" | python3 -c '
import statistics, sys
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
rw, rm, mw, mm = (statistics.median(c) for c in zip(*rows))
ratios = [r[0] / r[2] if r[2] > 0 else float("inf") for r in rows]
size = sys.argv[1]
print("  %s wall  rmlir-opt %.3f s  mlir-opt %.3f s  ratio rmlir/mlir %.2f (median of %d pairs; min %.2f max %.2f)"
      % (size, rw, mw, statistics.median(ratios), len(rows), min(ratios), max(ratios)))
print("  %s peak  rmlir-opt %.1f MiB  mlir-opt %.1f MiB  ratio rmlir/mlir %.2f (median peak RSS)"
      % (size, rm / 1024, mm / 1024, rm / mm if mm else float("inf")))
' "$size"
done
exit $status
