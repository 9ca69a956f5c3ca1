#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (stable Rust: libfuzzer-sys with
# sanitizer-coverage passes enabled through RUSTFLAGS, no cargo-fuzz or
# nightly needed) and runs them, one process per target (no -jobs/-fork
# parallelism: the machine is shared), each for SECONDS (default 60).
#
# Targets: parse roundtrip passes legalize tablegen gen_ir (all when TARGET
# is omitted or "all"); see docs/TESTING.md, "Fuzzing".
#
# Each target keeps its corpus in fuzz/corpus/TARGET (grows across runs,
# not committed) and reads the seeds that fuzz/make_seeds.py writes to
# fuzz/seeds/ from tests/ and ../shared/upstream-tests/. Crashing inputs go
# to fuzz/artifacts/TARGET/, logs to fuzz/logs/TARGET.log. The final line
# per target gives executions and coverage (libFuzzer's cov: edges and
# ft: features); totals are appended to fuzz/logs/stats.tsv.
#
# Usage: scripts/fuzz.sh [TARGET|all] [SECONDS]
# Environment: FUZZ_NO_BUILD=1 (use the binaries already built),
#   FUZZ_ARGS (extra libFuzzer flags), FUZZ_SEEDS=tests (seed only from
#   tests/, for quick runs: fewer seeds to load first).
# Exit status: 0 when no target crashed, 1 when one did, 2 on usage or
#   build errors.
# Do not suspend a running target (kill -STOP): libFuzzer's -timeout is
#   wall-clock time, so the input in flight is reported as a timeout when
#   the process resumes (see docs/TESTING.md, "Fuzzing").
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FUZZ="$ROOT/fuzz"
ALL_TARGETS="parse roundtrip passes legalize tablegen gen_ir"
TARGET=${1:-all}
SECONDS_PER=${2:-60}
[ "$TARGET" = all ] && TARGETS=$ALL_TARGETS || TARGETS=$TARGET
for t in $TARGETS; do
  case " $ALL_TARGETS " in *" $t "*) ;; *) echo "unknown target: $t (targets: $ALL_TARGETS)" >&2; exit 2 ;; esac
done

# The host triple: with an explicit --target, RUSTFLAGS apply to the target
# crates only, not to build scripts (the ODS generators run from build.rs
# must not be instrumented: they would not link without libFuzzer).
HOST=$(rustc -vV | sed -n 's/^host: //p')
BIN="$FUZZ/target/$HOST/release"
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  echo "=== building fuzz targets ($HOST)"
  RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing" \
    cargo build --release --manifest-path "$FUZZ/Cargo.toml" --target "$HOST" --bins || exit 2
fi

SEEDS="$FUZZ/seeds"
if [ "${FUZZ_SEEDS:-all}" = tests ]; then
  SEEDS="$FUZZ/seeds-tests"
  python3 "$FUZZ/make_seeds.py" --tests-only "$SEEDS" || exit 2
else
  python3 "$FUZZ/make_seeds.py" "$SEEDS" || exit 2
fi
mkdir -p "$FUZZ/logs"

crashed=0
for t in $TARGETS; do
  case $t in
    tablegen) seed="$SEEDS/td"; dict="$FUZZ/tablegen.dict"; maxlen=65536 ;;
    gen_ir) seed=""; dict=""; maxlen=4096 ;;
    *) seed="$SEEDS/mlir"; dict="$FUZZ/mlir.dict"; maxlen=32768 ;;
  esac
  corpus="$FUZZ/corpus/$t"; artifacts="$FUZZ/artifacts/$t"; log="$FUZZ/logs/$t.log"
  mkdir -p "$corpus" "$artifacts"
  echo "=== fuzzing $t for ${SECONDS_PER}s"
  # Memory: an input of at most 64 KB that makes one allocation of more
  # than 1 GB, or the process peak above 2 GB, is a finding (libFuzzer saves
  # it as an `oom-` artifact). A session-10 run peaked at 4 GB on one
  # unsaved input, just under the old 4 GB limit.
  # shellcheck disable=SC2086
  "$BIN/$t" "$corpus" $seed ${dict:+-dict="$dict"} -max_len=$maxlen \
    -max_total_time="$SECONDS_PER" -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    -print_final_stats=1 \
    -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-} >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  inited=$(grep -E '^#[0-9]+[[:space:]]+INITED' "$log" | sed -n 's/.* cov: \([0-9]*\).*/\1/p' | tail -n 1)
  if [ $rc -ne 0 ]; then
    crashed=1
    echo "CRASH in $t (exit $rc): see $log and $artifacts/"
    grep -E 'panicked at|^SUMMARY|Test unit written' "$log" | head -n 5
  fi
  echo "$t: ${execs:-0} executions, coverage ${inited:-?} -> ${cov:-?} edges, ${ft:-?} features, exit $rc"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$SECONDS_PER" "${execs:-0}" "${cov:-}" "${ft:-}" "$rc" \
    >>"$FUZZ/logs/stats.tsv"
done
exit $crashed
