#!/usr/bin/env bash
# Run all of rmlir's tests (the README's "run all tests" command; .ci/run calls it).
#
# Steps, in order (every step runs even if an earlier one failed; the exit
# status is non-zero if any fatal step failed):
#   setup      install LLVM 22 tools (mlir-opt, FileCheck, not, lit, ...) with
#              apt-get when /usr/lib/llvm-22/bin/FileCheck is missing, and
#              python3 when missing (sudo only when not root)
#   fmt        cargo fmt --all --check                                  (fatal)
#   clippy     cargo clippy --workspace --all-targets -- -D warnings    (fatal)
#   build      cargo build --release -p rmlir-opt -p toy -p custom-opt  (fatal)
#   cargo-test cargo test --workspace (dev profile: debug assertions and
#              overflow checks on; about as fast as --release here)     (fatal)
#   lit        lit tests/ : every tests/**/*.mlir through FileCheck     (fatal)
#   no-panic   scripts/no_panic.sh: rmlir-opt exits 0/1 on tests/invalid (fatal)
#   roundtrip  scripts/roundtrip.py: generic output identical to mlir-opt's (fatal)
#   accepts    scripts/accepts_check.py: every corpus chunk and random mutant
#              of one that rmlir-opt accepts, mlir-opt accepts too      (fatal)
#   gen-arith  scripts/check_gen_arith_custom.sh: custom-form arith workloads
#              (20 seeds) print identically to mlir-opt's             (fatal)
#   gen-arith-canon  the same workloads after --canonicalize, printed with
#              locations: identical to mlir-opt's (folds, patterns, fused
#              and erased locations)                                   (fatal)
#   gen-scf-rdv  scripts/check_gen_scf.sh 1 30 with --remove-dead-values:
#              random scf programs (gen_scf.py) give mlir-opt 22's output
#              byte for byte (dead-code analysis, poison, pattern order) (fatal)
#   difftest   scripts/difftest.sh --seeds 25: random cf/scf/arith programs
#              canonicalized by rmlir-opt must be valid, refine the input
#              (reference interpreter) and be no larger than mlir-opt's
#              output, under four canonicalize option sets          (fatal)
#   upstream-pass  the upstream files listed in tests/upstream-passing.txt
#              (those that pass today) must all pass: no regressions   (fatal)
#   determinism  scripts/determinism.sh: every upstream suite input through
#              each relevant pass with 1 thread, 2 threads and 2 threads
#              again: stdout+stderr byte-identical (~50 s CPU)      (fatal)
#   incremental  scripts/incremental_check.sh --quick: canonicalizer runs
#              that revisit only what changed must print what full runs
#              print (suite inputs and generated workloads, 5 pipelines,
#              2 threads)                                               (fatal)
#   trace-html the HTML page of --mlir-print-rewrite-trace checked in headless
#              chromium (scripts/check_trace_html.sh); installs chromium
#              with apt-get when missing, skips (with a message) only if
#              it cannot be installed                                   (fatal)
#   fuzz       scripts/fuzz.sh all 8: builds the libFuzzer targets of fuzz/
#              (its own workspace, coverage-instrumented; the first build
#              takes minutes) and runs each of the 6 for 8 s, seeded from
#              tests/ (FUZZ_SEEDS=tests, -seed=1). Reported, not fatal: a
#              time-bounded run explores differently on machines of
#              different speed, so a new find must not fail an unrelated
#              change; crashes are printed and saved in fuzz/artifacts/
#   upstream   ../shared/upstream-tests/run-upstream.sh on the whole suite:
#              last two lines (cases / files passed) are printed; not fatal
#
# Usage: scripts/test.sh [--skip STEP]... [--only STEP]...
# Environment: JOBS (parallel jobs for lit/roundtrip, default 2), RMLIR_OPT
#   (binary under test, default target/release/rmlir-opt; set it to
#   /usr/lib/llvm-22/bin/mlir-opt to check that the tests themselves pass),
#   LLVM_BIN (default /usr/lib/llvm-22/bin), UPSTREAM_TIMEOUT (per RUN line
#   of the upstream suite, default 60 s).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2

LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
JOBS=${JOBS:-2}
SHARED="$ROOT/../shared"
OPT="${RMLIR_OPT:-$ROOT/target/release/rmlir-opt}"   # override to validate the harness, e.g. with mlir-opt
export LLVM_BIN RMLIR_OPT="$OPT"
ALL_STEPS="setup fmt clippy build cargo-test lit no-panic roundtrip accepts gen-arith gen-arith-canon gen-scf-rdv difftest upstream-pass determinism incremental trace-html fuzz upstream"

SKIP=" "; ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --skip) SKIP="$SKIP$2 "; shift 2 ;;
    --only) ONLY="$ONLY $2 "; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
for s in $SKIP $ONLY; do
  case " $ALL_STEPS " in *" $s "*) ;; *) echo "unknown step: $s (steps: $ALL_STEPS)" >&2; exit 2 ;; esac
done
wanted() { case "$SKIP" in *" $1 "*) return 1 ;; esac; [ -z "$ONLY" ] || case "$ONLY" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

SUMMARY=(); FAILED=0; T0=$(date +%s)
# step NAME FATAL CMD... : run CMD, record its status and wall time.
step() {
  local name=$1 fatal=$2; shift 2
  wanted "$name" || { SUMMARY+=("$(printf '%-11s skipped' "$name")"); return 0; }
  echo
  echo "=== [$name] $*"
  local step_t0; step_t0=$(date +%s); local rc
  "$@"; rc=$?
  local dt=$(( $(date +%s) - step_t0 )) status=ok
  if [ $rc -ne 0 ]; then
    if [ "$fatal" = fatal ]; then status="FAILED (exit $rc)"; FAILED=1; else status="failed (exit $rc, not fatal)"; fi
  fi
  SUMMARY+=("$(printf '%-11s %-32s %4ds' "$name" "$status" "$dt")")
  return 0
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
setup() {
  local pkgs=()
  [ -x "$LLVM_BIN/FileCheck" ] && [ -x "$LLVM_BIN/mlir-opt" ] && [ -x "$LLVM_BIN/lit" ] ||
    pkgs+=(mlir-22-tools llvm-22-tools)
  command -v python3 >/dev/null 2>&1 || pkgs+=(python3)
  command -v perl >/dev/null 2>&1 || pkgs+=(perl)
  if [ ${#pkgs[@]} -gt 0 ]; then
    echo "installing: ${pkgs[*]}"
    as_root apt-get update -q && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}" || return 1
  fi
  local c
  for c in rustfmt clippy; do
    if ! cargo "${c/rustfmt/fmt}" --version >/dev/null 2>&1 && command -v rustup >/dev/null 2>&1; then
      rustup component add "$c" || return 1
    fi
  done
  local tool
  for tool in mlir-opt FileCheck not count split-file lit; do
    [ -x "$LLVM_BIN/$tool" ] || { echo "error: $LLVM_BIN/$tool missing" >&2; return 1; }
  done
  "$LLVM_BIN/mlir-opt" --version | head -n 3
}

# The rewrite-trace page in a real browser; chromium is installed like the
# LLVM tools in `setup` when missing.
trace_html() {
  [ -x "$OPT" ] || { echo "error: $OPT not built" >&2; return 1; }
  if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    echo "installing: chromium"
    if ! { as_root apt-get update -q && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }; then
      echo "trace-html: SKIPPED: chromium could not be installed (apt-get install chromium failed)"
      return 0
    fi
  fi
  bash "$ROOT/scripts/check_trace_html.sh" "$OPT"
}

lit_tests() {
  [ -x "$OPT" ] || { echo "error: $OPT not built" >&2; return 1; }
  python3 "$LLVM_BIN/lit" -s -j "$JOBS" "$ROOT/tests"
}

upstream() {
  local suite="$SHARED/upstream-tests/run-upstream.sh" log
  [ -x "$suite" ] || [ -f "$suite" ] || { echo "upstream suite not found at $suite"; return 1; }
  [ -x "$OPT" ] || { echo "error: $OPT not built" >&2; return 1; }
  log=$(mktemp "${TMPDIR:-/tmp}/rmlir-upstream.XXXXXX")
  TIMEOUT=${UPSTREAM_TIMEOUT:-60} CASE_JOBS=$JOBS bash "$suite" "$OPT" >"$log" 2>&1
  local rc=$?
  tail -n 2 "$log"
  echo "(full per-file report: $log)"
  return $rc
}

# The upstream files that pass; each must keep passing.
upstream_pass() {
  local suite="$SHARED/upstream-tests/run-upstream.sh" files=() f
  [ -f "$suite" ] || { echo "upstream suite not found at $suite"; return 1; }
  [ -x "$OPT" ] || { echo "error: $OPT not built" >&2; return 1; }
  while read -r f; do
    case "$f" in ''|'#'*) continue ;; esac
    files+=("$SHARED/upstream-tests/$f")
  done <"$ROOT/tests/upstream-passing.txt"
  [ ${#files[@]} -gt 0 ] || { echo "no upstream file is listed as passing yet"; return 0; }
  TIMEOUT=${UPSTREAM_TIMEOUT:-60} CASE_JOBS=$JOBS bash "$suite" "$OPT" "${files[@]}"
}

step setup fatal setup
step fmt fatal cargo fmt --all --check
step clippy fatal cargo clippy --workspace --all-targets -- -D warnings
step build fatal cargo build --release -p rmlir-opt -p toy -p custom-opt
step cargo-test fatal cargo test --workspace
step lit fatal lit_tests
step no-panic fatal "$ROOT/scripts/no_panic.sh"
step roundtrip fatal python3 "$ROOT/scripts/roundtrip.py" --jobs "$JOBS" --rmlir "$OPT"
step accepts fatal python3 "$ROOT/scripts/accepts_check.py" --mutants 2000 --rmlir "$OPT"
step gen-arith fatal bash "$ROOT/scripts/check_gen_arith_custom.sh"
step gen-arith-canon fatal bash "$ROOT/scripts/check_gen_arith_custom.sh" -- --canonicalize --mlir-print-debuginfo
step gen-scf-rdv fatal env RMLIR_OPT="$OPT" PASS=--remove-dead-values bash "$ROOT/scripts/check_gen_scf.sh" 1 30
step difftest fatal bash "$ROOT/scripts/difftest.sh" --seeds 25 --quiet
step upstream-pass fatal upstream_pass
step determinism fatal env JOBS="$JOBS" RMLIR_OPT="$OPT" bash "$ROOT/scripts/determinism.sh"
step incremental fatal env JOBS="$JOBS" RMLIR_OPT="$OPT" bash "$ROOT/scripts/incremental_check.sh" --quick
step trace-html fatal trace_html
step fuzz not-fatal env FUZZ_SEEDS=tests FUZZ_ARGS=-seed=1 bash "$ROOT/scripts/fuzz.sh" all 8
step upstream not-fatal upstream

echo
echo "=== summary ($(( $(date +%s) - T0 ))s)"
printf '%s\n' "${SUMMARY[@]}"
if [ $FAILED -ne 0 ]; then echo "RESULT: FAILED"; exit 1; fi
echo "RESULT: OK"
