// CSE in regions without SSA dominance (a single-block region of an
// unregistered op): only uses not yet visited are replaced. A multi-block
// region always has SSA dominance. A survivor with an unknown location
// takes the location of the op it replaces.
// RUN: rmlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --cse %s | FileCheck %s

func.func private @ext()
func.func @graph() {
  "test.graph"() ({
    "test.use"(%1) : (() -> ()) -> ()
    %0 = func.constant @ext : () -> ()
    %1 = func.constant @ext : () -> ()
    "test.use"(%0, %1) : (() -> (), () -> ()) -> ()
    %2 = func.constant @ext : () -> () loc(unknown)
    %3 = func.constant @graph : () -> () loc(unknown)
    %4 = func.constant @graph : () -> () loc("here")
    "test.use"(%2, %3, %4) : (() -> (), () -> (), () -> ()) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.multi"() ({
    %0 = func.constant @ext : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    %1 = func.constant @ext : () -> ()
    "test.use"(%0, %1) : (() -> (), () -> ()) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}


// Expected output produced by mlir-opt 22.
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "ext", sym_visibility = "private"}> ({
// CHECK-NEXT:   }) : () -> () loc(#loc1)
// CHECK-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "graph"}> ({
// CHECK-NEXT:     "test.graph"() ({
// CHECK-NEXT:       "test.use"(%1) : (() -> ()) -> () loc(#loc4)
// CHECK-NEXT:       %1 = "func.constant"() <{value = @ext}> : () -> (() -> ()) loc(#loc5)
// CHECK-NEXT:       "test.use"(%1, %1) : (() -> (), () -> ()) -> () loc(#loc6)
// CHECK-NEXT:       %2 = "func.constant"() <{value = @graph}> : () -> (() -> ()) loc(#loc7)
// CHECK-NEXT:       "test.use"(%1, %2, %2) : (() -> (), () -> (), () -> ()) -> () loc(#loc8)
// CHECK-NEXT:       "test.yield"() : () -> () loc(#loc9)
// CHECK-NEXT:     }) : () -> () loc(#loc3)
// CHECK-NEXT:     "test.multi"() ({
// CHECK-NEXT:       %0 = "func.constant"() <{value = @ext}> : () -> (() -> ()) loc(#loc11)
// CHECK-NEXT:       "test.br"()[^bb1] : () -> () loc(#loc12)
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       "test.use"(%0, %0) : (() -> (), () -> ()) -> () loc(#loc13)
// CHECK-NEXT:       "test.yield"() : () -> () loc(#loc14)
// CHECK-NEXT:     }) : () -> () loc(#loc10)
// CHECK-NEXT:     "func.return"() : () -> () loc(#loc15)
// CHECK-NEXT:   }) : () -> () loc(#loc2)
// CHECK-NEXT: }) : () -> () loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}graph-region.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("{{.*}}graph-region.mlir":7:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}graph-region.mlir":8:1)
// CHECK-NEXT: #loc3 = loc("{{.*}}graph-region.mlir":9:3)
// CHECK-NEXT: #loc4 = loc("{{.*}}graph-region.mlir":10:5)
// CHECK-NEXT: #loc5 = loc("{{.*}}graph-region.mlir":11:10)
// CHECK-NEXT: #loc6 = loc("{{.*}}graph-region.mlir":13:5)
// CHECK-NEXT: #loc7 = loc("here")
// CHECK-NEXT: #loc8 = loc("{{.*}}graph-region.mlir":17:5)
// CHECK-NEXT: #loc9 = loc("{{.*}}graph-region.mlir":18:5)
// CHECK-NEXT: #loc10 = loc("{{.*}}graph-region.mlir":20:3)
// CHECK-NEXT: #loc11 = loc("{{.*}}graph-region.mlir":21:10)
// CHECK-NEXT: #loc12 = loc("{{.*}}graph-region.mlir":22:5)
// CHECK-NEXT: #loc13 = loc("{{.*}}graph-region.mlir":25:5)
// CHECK-NEXT: #loc14 = loc("{{.*}}graph-region.mlir":26:5)
// CHECK-NEXT: #loc15 = loc("{{.*}}graph-region.mlir":28:3)
