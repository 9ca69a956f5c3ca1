//! Generates the ODS op definitions of the dialects in `td/` into `$OUT_DIR`.

fn main() {
    mlir_ods::build::generate_op_defs("td/Func.td", "func_ops.rs");
    mlir_ods::build::generate_op_defs("td/Arith.td", "arith_ops.rs");
    mlir_ods::build::generate_op_defs("td/ControlFlow.td", "cf_ops.rs");
    mlir_ods::build::generate_op_defs("td/SCF.td", "scf_ops.rs");
    mlir_ods::build::generate_op_defs("td/Affine.td", "affine_ops.rs");
    mlir_ods::build::generate_op_defs("td/Math.td", "math_ops.rs");
    mlir_ods::build::generate_op_defs("td/MemRef.td", "memref_ops.rs");
    mlir_ods::build::generate_op_defs("td/Tensor.td", "tensor_ops.rs");
    mlir_ods::build::generate_op_defs("td/UB.td", "ub_ops.rs");
    mlir_ods::build::generate_op_defs("td/LLVM.td", "llvm_ops.rs");
    mlir_ods::build::generate_op_defs("td/Vector.td", "vector_ops.rs");
    mlir_ods::build::generate_op_defs("td/Linalg.td", "linalg_ops.rs");
    mlir_ods::build::generate_op_defs("td/Complex.td", "complex_ops.rs");
    mlir_ods::build::generate_op_defs("td/Gpu.td", "gpu_ops.rs");
}
