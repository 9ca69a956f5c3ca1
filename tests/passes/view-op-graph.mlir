// view-op-graph: the Graphviz DOT graph of the module on stderr (clusters
// for ops with regions and blocks, record nodes with operand/result ports,
// colors per op name, data-flow edges; control-flow edges on request).
// CHECK lines produced by mlir-opt 22.

// RUN: rmlir-opt -allow-unregistered-dialect -view-op-graph %s -o /dev/null 2>&1 | FileCheck %s
// RUN: rmlir-opt -allow-unregistered-dialect -view-op-graph='print-data-flow-edges=false print-control-flow-edges=true' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CFG

func.func @f(%arg0: i32) -> (i32, i32) {
  %c = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = arith.addi %arg0, %arg0 : i32
  %1:2 = "test.two_results"() : () -> (i32, i32)
  return %0, %1#1 : i32, i32
}

// CHECK{LITERAL}:      digraph G {
// CHECK-NEXT{LITERAL}:   compound = true;
// CHECK-NEXT{LITERAL}:   subgraph cluster_1 {
// CHECK-NEXT{LITERAL}:     v2 [label = " ", shape = plain];
// CHECK-NEXT{LITERAL}:     label = "builtin.module : ()\l";
// CHECK-NEXT{LITERAL}:     subgraph cluster_3 {
// CHECK-NEXT{LITERAL}:       v4 [label = " ", shape = plain];
// CHECK-NEXT{LITERAL}:       label = "";
// CHECK-NEXT{LITERAL}:       subgraph cluster_5 {
// CHECK-NEXT{LITERAL}:         v6 [label = " ", shape = plain];
// CHECK-NEXT{LITERAL}:         label = "func.func : ()\lfunction_type: (i32) -\> (i32, i32)\lsym_name: \"f\"\l";
// CHECK-NEXT{LITERAL}:         subgraph cluster_7 {
// CHECK-NEXT{LITERAL}:           v8 [label = " ", shape = plain];
// CHECK-NEXT{LITERAL}:           label = "";
// CHECK-NEXT{LITERAL}:           v9 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
// CHECK-NEXT{LITERAL}:           v10 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: dense\<[1, 2, 3]\> : t...\l|{<res_cst> %cst tensor\<3xi32\>}}", shape = Mrecord, style = filled];
// CHECK-NEXT{LITERAL}:           v11 [fillcolor = "0.166667 0.3 0.95", label = "{{<arg_arg0> %arg0|<arg_arg0> %arg0}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 i32}}", shape = Mrecord, style = filled];
// CHECK-NEXT{LITERAL}:           v12 [fillcolor = "0.333333 0.3 0.95", label = "{test.two_results\l|{<res_1_0> %1#0 i32|<res_1_1> %1#1 i32}}", shape = Mrecord, style = filled];
// CHECK-NEXT{LITERAL}:           v13 [fillcolor = "0.500000 0.3 0.95", label = "{{<arg_0> %0|<arg_1_1> %1#1}|func.return\l}", shape = Mrecord, style = filled];
// CHECK-NEXT{LITERAL}:         }
// CHECK-NEXT{LITERAL}:       }
// CHECK-NEXT{LITERAL}:     }
// CHECK-NEXT{LITERAL}:   }
// CHECK-NEXT{LITERAL}:   v9:res_arg0:s -> v11:arg_arg0:n[style = solid];
// CHECK-NEXT{LITERAL}:   v9:res_arg0:s -> v11:arg_arg0:n[style = solid];
// CHECK-NEXT{LITERAL}:   v11:res_0:s -> v13:arg_0:n[style = solid];
// CHECK-NEXT{LITERAL}:   v12:res_1_1:s -> v13:arg_1_1:n[style = solid];
// CHECK-NEXT{LITERAL}: }

// CFG{LITERAL}:        v10 -> v11[style = dashed];
// CFG-NEXT{LITERAL}:   v11 -> v12[style = dashed];
// CFG-NEXT{LITERAL}:   v12 -> v13[style = dashed];
// CFG-NEXT{LITERAL}: }
