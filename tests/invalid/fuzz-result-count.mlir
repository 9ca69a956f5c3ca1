// Found by the `passes` fuzz target (session 10): the custom parser of
// `test.parse_integer_literal` created as many results as the integer
// said, and `: 288230376151711743` aborted on a 2^57-byte allocation.
// mlir-opt 22 reads the count as `size_t` and does not finish on `-1` or
// `4294967296`; rmlir bounds it (docs/DEVIATIONS.md).
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{result count must be between 0 and 1048576}}
test.parse_integer_literal : 288230376151711743

// -----

// expected-error@+1 {{result count must be between 0 and 1048576}}
test.parse_integer_literal : -1

// -----

// A count in range is fine.
%0:2 = test.parse_integer_literal : 2
