//! Tests of the type, attribute and location printer against mlir-opt output.
