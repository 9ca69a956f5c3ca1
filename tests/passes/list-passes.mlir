// `--list-passes` prints each registered pass with its options in
// mlir-opt's layout (enum values at a fixed indent, their descriptions two
// columns left of the options'), and no pass pipelines; `--show-dialects`
// lists the loaded dialects. The lines below are mlir-opt 22's, with the
// padding (which depends on the longest registered name) matched loosely.
// RUN: rmlir-opt --list-passes | FileCheck %s
// RUN: rmlir-opt --list-passes | FileCheck %s --check-prefix=NOPIPE
// RUN: rmlir-opt --list-passes | FileCheck %s --check-prefix=INDENT --strict-whitespace
// RUN: rmlir-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS

// CHECK: Passes:
// CHECK:  --canonicalize{{ +}}-{{ +}}Canonicalize operations
// CHECK-NEXT:    --disable-patterns=<string>{{ +}}- Labels of patterns that should be filtered out during application
// CHECK-NEXT:    --enable-patterns=<string>{{ +}}- Labels of patterns that should be used during application, all other patterns are filtered out
// CHECK-NEXT:    --max-iterations=<long>{{ +}}- Max. iterations between applying patterns / simplifying regions
// CHECK-NEXT:    --max-num-rewrites=<long>{{ +}}- Max. number of pattern rewrites within an iteration
// CHECK-NEXT:    --region-simplify=<value>{{ +}}- Perform control flow optimizations to the region tree
// CHECK-NEXT:    =disabled{{ +}}-{{ +}}Don't run any control-flow simplification.
// CHECK-NEXT:    =normal{{ +}}-{{ +}}Perform simple control-flow simplifications (e.g. dead args elimination).
// CHECK-NEXT:    =aggressive{{ +}}-{{ +}}Perform aggressive control-flow simplification (e.g. block merging).
// CHECK-NEXT:    --test-convergence{{ +}}- Test only: Fail pass on non-convergence to detect cyclic pattern
// CHECK-NEXT:    --top-down{{ +}}- Seed the worklist in general top-down order
// CHECK:  --cse{{ +}}-{{ +}}Eliminate common sub-expressions
// CHECK:  --loop-invariant-code-motion{{ +}}-{{ +}}Hoist loop invariant instructions outside of the loop
// CHECK:  --remove-dead-values{{ +}}-{{ +}}Remove dead values
// CHECK-NEXT:    --canonicalize{{ +}}- Canonicalize region branch ops
// CHECK:  --sccp{{ +}}-{{ +}}Sparse Conditional Constant Propagation
// CHECK:  --symbol-privatize{{ +}}-{{ +}}Mark symbols private
// CHECK-NEXT:    --exclude=<string>{{ +}}- Comma separated list of symbols that should not be marked private

// NOPIPE: Passes:
// NOPIPE-NOT: --test-pm-nested-pipeline
// NOPIPE-NOT: --test-options-pass-pipeline

// DIALECTS: Available Dialects: {{.*}}arith,builtin,cf,{{.*}}func,{{.*}}scf,tensor,test,ub{{.*}}

// INDENT: {{^}}    --region-simplify=<value>{{ +}}- Perform
// INDENT-NEXT: {{^}}    =disabled{{ +}}-   Don't run
