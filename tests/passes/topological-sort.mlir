// CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -topological-sort | FileCheck %s

// A registered terminator stays last; unregistered ops are sorted; regions
// with SSA dominance are left alone.
func.func @cfg_untouched(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  return %0 : i32
}
test.graph_region {
  %1 = "test.b"(%0) : (i32) -> i32
  %2 = "test.c"(%0) : (i32) -> i32
  %0 = "test.a"() : () -> i32
  "test.finish"() : () -> ()
}
test.graph_region {
  %1 = "test.b"(%0) : (i32) -> i32
  "test.last"(%1) : (i32) -> ()
  %0 = "test.a"() : () -> i32
}
"test.one_region_op"() ({
  test.graph_region {
    %1 = "test.y"(%0) : (i32) -> i32
    %0 = "test.x"() : () -> i32
  }
  "test.finish"() : () -> ()
}) : () -> ()

// CHECK: module {
// CHECK-NEXT:   func.func @cfg_untouched(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   test.graph_region {
// CHECK-NEXT:     %0 = "test.a"() : () -> i32
// CHECK-NEXT:     %1 = "test.b"(%0) : (i32) -> i32
// CHECK-NEXT:     %2 = "test.c"(%0) : (i32) -> i32
// CHECK-NEXT:     "test.finish"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.graph_region {
// CHECK-NEXT:     %0 = "test.a"() : () -> i32
// CHECK-NEXT:     %1 = "test.b"(%0) : (i32) -> i32
// CHECK-NEXT:     "test.last"(%1) : (i32) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.one_region_op"() ({
// CHECK-NEXT:     test.graph_region {
// CHECK-NEXT:       %0 = "test.x"() : () -> i32
// CHECK-NEXT:       %1 = "test.y"(%0) : (i32) -> i32
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.finish"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
