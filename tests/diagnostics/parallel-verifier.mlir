// The verifier checks the functions of a large module on several threads
// (as MLIR's does with threading on) and reports their problems in op order
// whatever the thread count: the same report with one thread, two, and
// seven. Each function holds 48 ops written four to a line, so the module is
// large enough (over a thousand ops) for the verifier to start threads.
// Messages and order as mlir-opt 22.
// RUN: not rmlir-opt %s --mlir-disable-threading 2>&1 | FileCheck %s
// RUN: env RMLIR_NUM_THREADS=2 not rmlir-opt %s 2>&1 | FileCheck %s
// RUN: env RMLIR_NUM_THREADS=7 not rmlir-opt %s 2>&1 | FileCheck %s

func.func @f0(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f1(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f2(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f3(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  %bad = "arith.addi"(%v47, %a) : (i32, i32) -> i64
  return %v47 : i32
}
func.func @f4(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f5(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f6(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f7(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f8(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f9(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f10(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f11(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f12(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  %u = arith.addi %later, %a : i32
  %later = arith.addi %a, %a : i32
  return %v47 : i32
}
func.func @f13(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f14(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f15(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f16(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f17(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  %bad = "arith.addi"(%v47, %a) : (i32, i32) -> i64
  return %v47 : i32
}
func.func @f18(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f19(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f20(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f21(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  %bad = "arith.addi"(%v47, %a) : (i32, i32) -> i64
  return %v47 : i32
}
func.func @f22(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}
func.func @f23(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32 %v1 = arith.addi %v0, %a : i32 %v2 = arith.addi %v1, %a : i32 %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32 %v5 = arith.addi %v4, %a : i32 %v6 = arith.addi %v5, %a : i32 %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32 %v9 = arith.addi %v8, %a : i32 %v10 = arith.addi %v9, %a : i32 %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32 %v13 = arith.addi %v12, %a : i32 %v14 = arith.addi %v13, %a : i32 %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32 %v17 = arith.addi %v16, %a : i32 %v18 = arith.addi %v17, %a : i32 %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32 %v21 = arith.addi %v20, %a : i32 %v22 = arith.addi %v21, %a : i32 %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32 %v25 = arith.addi %v24, %a : i32 %v26 = arith.addi %v25, %a : i32 %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32 %v29 = arith.addi %v28, %a : i32 %v30 = arith.addi %v29, %a : i32 %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32 %v33 = arith.addi %v32, %a : i32 %v34 = arith.addi %v33, %a : i32 %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32 %v37 = arith.addi %v36, %a : i32 %v38 = arith.addi %v37, %a : i32 %v39 = arith.addi %v38, %a : i32
  %v40 = arith.addi %v39, %a : i32 %v41 = arith.addi %v40, %a : i32 %v42 = arith.addi %v41, %a : i32 %v43 = arith.addi %v42, %a : i32
  %v44 = arith.addi %v43, %a : i32 %v45 = arith.addi %v44, %a : i32 %v46 = arith.addi %v45, %a : i32 %v47 = arith.addi %v46, %a : i32
  return %v47 : i32
}


// The expected report (at the end, so the lines above keep their numbers).
// CHECK: {{.*}}parallel-verifier.mlir:69:10: error: 'arith.addi' op requires the same type for all operands and results
// CHECK: {{.*}}parallel-verifier.mlir:69:10: note: see current operation: %48 = "arith.addi"(%47, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i64
// CHECK: {{.*}}parallel-verifier.mlir:205:8: error: operand #0 does not dominate this use
// CHECK: {{.*}}parallel-verifier.mlir:205:8: note: see current operation: %48 = "arith.addi"(%49, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK: {{.*}}parallel-verifier.mlir:206:12: note: operand defined here (op in the same block)
// CHECK: {{.*}}parallel-verifier.mlir:282:10: error: 'arith.addi' op requires the same type for all operands and results
// CHECK: {{.*}}parallel-verifier.mlir:282:10: note: see current operation: %48 = "arith.addi"(%47, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i64
// CHECK: {{.*}}parallel-verifier.mlir:343:10: error: 'arith.addi' op requires the same type for all operands and results
// CHECK: {{.*}}parallel-verifier.mlir:343:10: note: see current operation: %48 = "arith.addi"(%47, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i64
// CHECK-NOT: error
