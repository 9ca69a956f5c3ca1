// REQUIRES: custom-opt
// RUN: custom-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: custom-opt %s --cse | FileCheck %s --check-prefix=CSE

// The `mem` dialect of examples/custom-opt declares its memory effects in ODS
// (td/Mem.td: `Res<..., [MemAlloc]>`, `Arg<..., [MemRead]>`,
// `Arg<..., [MemWrite]>`, `Arg<..., [MemFree]>`, `MemoryEffects<[...]>`).
// The expectations are mlir-opt 22's on the same functions written with
// memref.alloc/load/store/dealloc (the ops whose effects `mem` copies),
// except that memref's own canonicalization patterns (erasing stores into
// and deallocs of otherwise unused allocations) are not generic and have
// no `mem` counterpart.

// An unused allocation and an unused read are dead.
// CANON-LABEL: func.func @dead(%arg0: index) {
// CANON-NEXT:    return
func.func @dead(%i: index) {
  %a = mem.alloc : memref<4xf32>
  %v = mem.load %a[%i] : memref<4xf32>
  return
}

// Writes and frees are never dead.
// CANON-LABEL: func.func @kept(
// CANON-NEXT:    %0 = mem.alloc : memref<4xf32>
// CANON-NEXT:    mem.store %arg2, %0[%arg1] : memref<4xf32>
// CANON-NEXT:    mem.store %arg2, %arg0[%arg1] : memref<4xf32>
// CANON-NEXT:    %1 = mem.alloc : memref<4xf32>
// CANON-NEXT:    mem.free %1 : memref<4xf32>
// CANON-NEXT:    return
func.func @kept(%m: memref<4xf32>, %i: index, %f: f32) {
  %a = mem.alloc : memref<4xf32>
  mem.store %f, %a[%i] : memref<4xf32>
  mem.store %f, %m[%i] : memref<4xf32>
  %b = mem.alloc : memref<4xf32>
  mem.free %b : memref<4xf32>
  return
}

// CSE merges equal reads with no write in between.
// CSE-LABEL: func.func @cse_loads(
// CSE-NEXT:    %0 = mem.load %arg0[%arg1] : memref<4xf32>
// CSE-NEXT:    return %0, %0 : f32, f32
func.func @cse_loads(%m: memref<4xf32>, %i: index) -> (f32, f32) {
  %0 = mem.load %m[%i] : memref<4xf32>
  %1 = mem.load %m[%i] : memref<4xf32>
  return %0, %1 : f32, f32
}

// A write in between keeps both reads.
// CSE-LABEL: func.func @cse_blocked(
// CSE-NEXT:    %0 = mem.load %arg0[%arg1] : memref<4xf32>
// CSE-NEXT:    mem.store %arg2, %arg0[%arg1] : memref<4xf32>
// CSE-NEXT:    %1 = mem.load %arg0[%arg1] : memref<4xf32>
// CSE-NEXT:    return %0, %1 : f32, f32
func.func @cse_blocked(%m: memref<4xf32>, %i: index, %f: f32) -> (f32, f32) {
  %0 = mem.load %m[%i] : memref<4xf32>
  mem.store %f, %m[%i] : memref<4xf32>
  %1 = mem.load %m[%i] : memref<4xf32>
  return %0, %1 : f32, f32
}

// Op-level effects: the fence writes (keeping both loads), the probes only
// read (merged, and the unused one is dead).
// CANON-LABEL: func.func @fence(
// CANON:         mem.fence
// CANON-COUNT-2: mem.probe
// CANON-NOT:     mem.probe
// CSE-LABEL: func.func @fence(
// CSE-NEXT:    %0 = mem.load %arg0[%arg1] : memref<4xf32>
// CSE-NEXT:    mem.fence
// CSE-NEXT:    %1 = mem.load %arg0[%arg1] : memref<4xf32>
// CSE-NEXT:    %2 = mem.probe
// CSE-NEXT:    return %0, %1, %2, %2 : f32, f32, index, index
func.func @fence(%m: memref<4xf32>, %i: index) -> (f32, f32, index, index) {
  %0 = mem.load %m[%i] : memref<4xf32>
  mem.fence
  %1 = mem.load %m[%i] : memref<4xf32>
  %2 = mem.probe
  %3 = mem.probe
  %4 = mem.probe
  return %0, %1, %2, %3 : f32, f32, index, index
}
