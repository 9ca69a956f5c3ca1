// Every op of MLIR 22's arith dialect printed in generic form: properties
// `<{...}>` (overflowFlags / fastmath defaults present, optional roundingmode /
// fastmath absent unless set, predicates as i64, rounding modes as i32) and
// discardable attributes `{...}` (crates/mlir-dialects/td/Arith.td).
// XFAIL: *
// arith is not registered until the ODS-generated ops from Arith.td are wired
// in; this test then passes and the XFAIL line must go. The CHECK lines are
// mlir-opt 22's output (RMLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt lit reports XPASS).
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s --strict-whitespace --match-full-lines
// Generic form parses back to the same op (properties included):
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt --mlir-print-op-generic | FileCheck %s --strict-whitespace --match-full-lines

func.func @arith(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %c: i1,
                 %va: vector<4xi32>, %vb: vector<4xi32>, %vc: vector<4xi1>,
                 %t: tensor<?xf32>, %m: memref<4xi32>, %h: f16, %e: f8E8M0FNU,
                 %f4: f4E2M1FN, %v8: vector<4xf8E8M0FNU>, %vf: vector<4xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant {foo} 1 : index
  %cf = arith.constant 1.5 : f32
  %ct = arith.constant true
  %cd = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %3 = arith.subi %a, %b overflow<nuw> : i32
  %4 = arith.muli %va, %vb : vector<4xi32>
  %5 = arith.divsi %a, %b : i32
  %6 = arith.divui %a, %b exact : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.ceildivui %a, %b : i32
  %9 = arith.floordivsi %a, %b : i32
  %10 = arith.remsi %a, %b : i32
  %11 = arith.remui %a, %b : i32
  %12 = arith.andi %a, %b : i32
  %13 = arith.ori %a, %b : i32
  %14 = arith.xori %a, %b : i32
  %15 = arith.shli %a, %b overflow<nsw> : i32
  %16 = arith.shrsi %a, %b : i32
  %17 = arith.shrui %a, %b exact : i32
  %18 = arith.maxsi %a, %b : i32
  %19 = arith.maxui %a, %b : i32
  %20 = arith.minsi %i, %i : index
  %21 = arith.minui %a, %b : i32
  %22 = arith.addf %x, %y : f32
  %23 = arith.subf %x, %y fastmath<fast> : f32
  %24 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %25 = arith.divf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %26 = arith.remf %x, %y : f32
  %27 = arith.negf %x fastmath<nsz> : f32
  %28 = arith.maximumf %x, %y : f32
  %29 = arith.minimumf %x, %y : f32
  %30 = arith.maxnumf %x, %y : f32
  %31 = arith.minnumf %t, %t : tensor<?xf32>
  %32 = arith.cmpi slt, %a, %b : i32
  %33 = arith.cmpi uge, %va, %vb : vector<4xi32>
  %34 = arith.cmpf oeq, %x, %y : f32
  %35 = arith.cmpf une, %x, %y fastmath<nnan> : f32
  %36 = arith.cmpf false, %x, %y : f32
  %37 = arith.select %c, %a, %b : i32
  %38 = arith.select %vc, %va, %vb : vector<4xi1>, vector<4xi32>
  %39 = arith.select %c, %va, %vb : vector<4xi32>
  %40 = arith.extsi %a : i32 to i64
  %41 = arith.extui %a : i32 to i64
  %42 = arith.trunci %a : i32 to i8
  %43 = arith.trunci %a overflow<nuw> : i32 to i8
  %44 = arith.extf %h : f16 to f32
  %45 = arith.extf %h fastmath<fast> : f16 to f32
  %46 = arith.truncf %x : f32 to f16
  %47 = arith.truncf %x to_nearest_even : f32 to f16
  %48 = arith.truncf %x downward fastmath<nnan> : f32 to f16
  %49 = arith.sitofp %a : i32 to f32
  %50 = arith.uitofp %a : i32 to f32
  %51 = arith.fptosi %x : f32 to i32
  %52 = arith.fptoui %x : f32 to i32
  %53 = arith.index_cast %a : i32 to index
  %54 = arith.index_castui %i : index to i64
  %55 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %56 = arith.bitcast %x : f32 to i32
  %sum, %ovf = arith.addui_extended %a, %b : i32, i1
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %ulo, %uhi = arith.mului_extended %va, %vb : vector<4xi32>
  %57 = arith.scaling_extf %f4, %e : f4E2M1FN, f8E8M0FNU to f32
  %58 = arith.scaling_truncf %x, %e : f32, f8E8M0FNU to f4E2M1FN
  %59 = arith.scaling_truncf %vf, %v8 toward_zero fastmath<fast> : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
  %60 = arith.constant -1 : i64
  %61 = arith.constant false
  %62 = arith.constant 2.500000e-01 : f64
  %63 = arith.constant dense<1.0> : tensor<2xf32>
  %64 = arith.addi %a, %b {tag = "x"} : i32
  %65 = arith.addi %a, %b overflow<nuw> {tag} : i32
  %66 = arith.addf %x, %y fastmath<contract> {tag} : f32
  %67 = arith.cmpi eq, %i, %i {tag} : index
  %68 = arith.select %c, %a, %b {tag} : i32
  %69 = arith.select %c, %t, %t : tensor<?xf32>
  %70 = arith.addi %i, %i : index
  %71 = arith.negf %vf : vector<4xf32>
  %72 = arith.extsi %va : vector<4xi32> to vector<4xi64>
  %73 = arith.index_cast %va : vector<4xi32> to vector<4xindex>
  %74 = arith.cmpf ord, %t, %t : tensor<?xf32>
  %75 = arith.truncf %x upward : f32 to bf16
  %76 = arith.trunci %a overflow<nsw, nuw> : i32 to i16
  %77 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %78 = arith.divsi %a, %b exact : i32
  %79 = arith.shrsi %a, %b exact : i32
  return
}

// Expected output: mlir-opt 22 --mlir-print-op-generic %s (generated by scripts/update_dialect_checks.py;
// checked with --strict-whitespace --match-full-lines: each pattern is the
// exact line after the colon, indentation included).
// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = (i32, i32, f32, f32, index, i1, vector<4xi32>, vector<4xi32>, vector<4xi1>, tensor<?xf32>, memref<4xi32>, f16, f8E8M0FNU, f4E2M1FN, vector<4xf8E8M0FNU>, vector<4xf32>) -> (), sym_name = "arith"}> ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index, %arg5: i1, %arg6: vector<4xi32>, %arg7: vector<4xi32>, %arg8: vector<4xi1>, %arg9: tensor<?xf32>, %arg10: memref<4xi32>, %arg11: f16, %arg12: f8E8M0FNU, %arg13: f4E2M1FN, %arg14: vector<4xf8E8M0FNU>, %arg15: vector<4xf32>):
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:    %1 = "arith.constant"() <{value = 1 : index}> {foo} : () -> index
// CHECK-NEXT:    %2 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %3 = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT:    %4 = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : vector<4xi32>}> : () -> vector<4xi32>
// CHECK-NEXT:    %5 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:    %6 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// CHECK-NEXT:    %7 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// CHECK-NEXT:    %8 = "arith.subi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// CHECK-NEXT:    %9 = "arith.muli"(%arg6, %arg7) <{overflowFlags = #arith.overflow<none>}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT:    %10 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %11 = "arith.divui"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
// CHECK-NEXT:    %12 = "arith.ceildivsi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %13 = "arith.ceildivui"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %14 = "arith.floordivsi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %15 = "arith.remsi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %16 = "arith.remui"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %17 = "arith.andi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %18 = "arith.ori"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %19 = "arith.xori"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %20 = "arith.shli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// CHECK-NEXT:    %21 = "arith.shrsi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %22 = "arith.shrui"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
// CHECK-NEXT:    %23 = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %24 = "arith.maxui"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %25 = "arith.minsi"(%arg4, %arg4) : (index, index) -> index
// CHECK-NEXT:    %26 = "arith.minui"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %27 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:    %28 = "arith.subf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT:    %29 = "arith.mulf"(%arg2, %arg3) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// CHECK-NEXT:    %30 = "arith.divf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT:    %31 = "arith.remf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:    %32 = "arith.negf"(%arg2) <{fastmath = #arith.fastmath<nsz>}> : (f32) -> f32
// CHECK-NEXT:    %33 = "arith.maximumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:    %34 = "arith.minimumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:    %35 = "arith.maxnumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:    %36 = "arith.minnumf"(%arg9, %arg9) <{fastmath = #arith.fastmath<none>}> : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %37 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:    %38 = "arith.cmpi"(%arg6, %arg7) <{predicate = 9 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// CHECK-NEXT:    %39 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:    %40 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<nnan>, predicate = 13 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:    %41 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:    %42 = "arith.select"(%arg5, %arg0, %arg1) : (i1, i32, i32) -> i32
// CHECK-NEXT:    %43 = "arith.select"(%arg8, %arg6, %arg7) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT:    %44 = "arith.select"(%arg5, %arg6, %arg7) : (i1, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT:    %45 = "arith.extsi"(%arg0) : (i32) -> i64
// CHECK-NEXT:    %46 = "arith.extui"(%arg0) : (i32) -> i64
// CHECK-NEXT:    %47 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
// CHECK-NEXT:    %48 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nuw>}> : (i32) -> i8
// CHECK-NEXT:    %49 = "arith.extf"(%arg11) : (f16) -> f32
// CHECK-NEXT:    %50 = "arith.extf"(%arg11) <{fastmath = #arith.fastmath<fast>}> : (f16) -> f32
// CHECK-NEXT:    %51 = "arith.truncf"(%arg2) : (f32) -> f16
// CHECK-NEXT:    %52 = "arith.truncf"(%arg2) <{roundingmode = 0 : i32}> : (f32) -> f16
// CHECK-NEXT:    %53 = "arith.truncf"(%arg2) <{fastmath = #arith.fastmath<nnan>, roundingmode = 1 : i32}> : (f32) -> f16
// CHECK-NEXT:    %54 = "arith.sitofp"(%arg0) : (i32) -> f32
// CHECK-NEXT:    %55 = "arith.uitofp"(%arg0) : (i32) -> f32
// CHECK-NEXT:    %56 = "arith.fptosi"(%arg2) : (f32) -> i32
// CHECK-NEXT:    %57 = "arith.fptoui"(%arg2) : (f32) -> i32
// CHECK-NEXT:    %58 = "arith.index_cast"(%arg0) : (i32) -> index
// CHECK-NEXT:    %59 = "arith.index_castui"(%arg4) : (index) -> i64
// CHECK-NEXT:    %60 = "arith.index_cast"(%arg10) : (memref<4xi32>) -> memref<4xindex>
// CHECK-NEXT:    %61 = "arith.bitcast"(%arg2) : (f32) -> i32
// CHECK-NEXT:    %62:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
// CHECK-NEXT:    %63:2 = "arith.mulsi_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
// CHECK-NEXT:    %64:2 = "arith.mului_extended"(%arg6, %arg7) : (vector<4xi32>, vector<4xi32>) -> (vector<4xi32>, vector<4xi32>)
// CHECK-NEXT:    %65 = "arith.scaling_extf"(%arg13, %arg12) : (f4E2M1FN, f8E8M0FNU) -> f32
// CHECK-NEXT:    %66 = "arith.scaling_truncf"(%arg2, %arg12) : (f32, f8E8M0FNU) -> f4E2M1FN
// CHECK-NEXT:    %67 = "arith.scaling_truncf"(%arg15, %arg14) <{fastmath = #arith.fastmath<fast>, roundingmode = 3 : i32}> : (vector<4xf32>, vector<4xf8E8M0FNU>) -> vector<4xf4E2M1FN>
// CHECK-NEXT:    %68 = "arith.constant"() <{value = -1 : i64}> : () -> i64
// CHECK-NEXT:    %69 = "arith.constant"() <{value = false}> : () -> i1
// CHECK-NEXT:    %70 = "arith.constant"() <{value = 2.500000e-01 : f64}> : () -> f64
// CHECK-NEXT:    %71 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
// CHECK-NEXT:    %72 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> {tag = "x"} : (i32, i32) -> i32
// CHECK-NEXT:    %73 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nuw>}> {tag} : (i32, i32) -> i32
// CHECK-NEXT:    %74 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<contract>}> {tag} : (f32, f32) -> f32
// CHECK-NEXT:    %75 = "arith.cmpi"(%arg4, %arg4) <{predicate = 0 : i64}> {tag} : (index, index) -> i1
// CHECK-NEXT:    %76 = "arith.select"(%arg5, %arg0, %arg1) {tag} : (i1, i32, i32) -> i32
// CHECK-NEXT:    %77 = "arith.select"(%arg5, %arg9, %arg9) : (i1, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %78 = "arith.addi"(%arg4, %arg4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// CHECK-NEXT:    %79 = "arith.negf"(%arg15) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:    %80 = "arith.extsi"(%arg6) : (vector<4xi32>) -> vector<4xi64>
// CHECK-NEXT:    %81 = "arith.index_cast"(%arg6) : (vector<4xi32>) -> vector<4xindex>
// CHECK-NEXT:    %82 = "arith.cmpf"(%arg9, %arg9) <{fastmath = #arith.fastmath<none>, predicate = 7 : i64}> : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
// CHECK-NEXT:    %83 = "arith.truncf"(%arg2) <{roundingmode = 2 : i32}> : (f32) -> bf16
// CHECK-NEXT:    %84 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32) -> i16
// CHECK-NEXT:    %85 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// CHECK-NEXT:    %86 = "arith.divsi"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
// CHECK-NEXT:    %87 = "arith.shrsi"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
