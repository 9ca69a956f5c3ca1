#!/usr/bin/env bash
# Semantic differential testing of canonicalization (scripts/difftest/).
# Random valid, terminating func modules (arith over i1/i8/i32/i64/index/f32,
# multi-block cf CFGs, scf.if/for/while/index_switch/execute_region, external
# calls) go through rmlir-opt and mlir-opt 22 under four option sets
# (--canonicalize, top-down=false, region-simplify=aggressive, --cse
# --canonicalize). rmlir's output must be accepted by mlir-opt, refine the
# input on random arguments (reference interpreter: results and external-call
# trace, poison/UB refinement) and have no more ops than mlir-opt's output.
#
# Usage: scripts/difftest.sh [--seeds N] [--start S] [--reduce] [--quiet]
#        scripts/difftest.sh --file F.mlir   (check one program, @main)
#   (default 1000 seeds from 1; --reduce shrinks each failure by delta
#   debugging and prints the reduced program in custom form)
# Environment: RMLIR_OPT (default target/release/rmlir-opt), MLIR_OPT
#   (default /usr/lib/llvm-22/bin/mlir-opt).
# Exit status 0 only when no failure was found.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case " $* " in *" --seeds "*) ;; *) set -- --seeds 1000 "$@" ;; esac
exec python3 "$ROOT/scripts/difftest/run.py" "$@"
