// Found by scripts/accepts_check.py (CI of session 11): a string attribute
// in a declarative format took a trailing `: type`, so `"private" : memref<...>`
// was read as one typed string and the missing symbol name was reported
// after the end of the op. Upstream's string constraints have the value type
// `none`: the string is parsed without a type and the `:` stays for the
// format. Messages and locations from mlir-opt 22; this file also passes
// under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{custom op 'memref.global' expected valid '@'-identifier for symbol name}}
memref.global "private" : memref<?xf32>

// -----

// expected-error@+1 {{custom op 'memref.global' expected valid '@'-identifier for symbol name}}
memref.global "private" : i32 @x : memref<2xf32>
