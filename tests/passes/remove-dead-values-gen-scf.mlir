// RUN: rmlir-opt %s --allow-unregistered-dialect --remove-dead-values | FileCheck %s --strict-whitespace --match-full-lines

// scripts/gen_scf.py programs whose --remove-dead-values output differed
// from mlir-opt 22's (issue #16), reduced (seeds 1, 8, 11, 12, 20, 24, 38,
// 50, 83, 95 of 1..100, 187 of 101..300; scripts/check_gen_scf.sh with
// PASS=--remove-dead-values), and seed 53, which an early version of the
// dead-code handling got wrong. Most show the order in which the
// canonicalization patterns visit the region-branching ops (post-order:
// the nested ops first, so an scf.while is simplified after the
// scf.index_switch in its body); seed 95 shows dead code (the then branch
// of an scf.if on a false condition; seeds 53 and 187 erase whole
// region-branching ops there). The CHECK lines are mlir-opt 22's
// output (scripts/update_dialect_checks.py).

func.func @seed1(%a: i32, %b: i32) -> (i32, i32) {
  %v1:1 = scf.while (%v2 = %b) : (i32) -> (i32) {
    %v3 = "test.cond"(%a) : (i32) -> i1
    scf.condition(%v3) %b : i32
  } do {
  ^bb0(%v31: i32):
    %v34 = arith.index_cast %b : i32 to index
    %v33:1 = scf.index_switch %v34 -> i32
    default {
      %v41 = "test.op"(%a) : (i32) -> i32
      scf.yield %b : i32
    }
    scf.yield %a : i32
  }
  return %v1#0, %a : i32, i32
}
func.func @seed8(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.index_cast %a : i32 to index
  %v1:2 = scf.index_switch %v2 -> i32, i32
  default {
    %v3:3 = scf.execute_region -> (i32, i32, i32) {
      %v5 = arith.cmpi slt, %b, %b : i32
      %v4:2 = scf.if %v5 -> (i32, i32) {
        %v6 = arith.addi %b, %a : i32
        scf.yield %a, %v6 : i32, i32
      } else {
        scf.yield %a, %a : i32, i32
      }
      %v9:2 = scf.while (%v10 = %a, %v11 = %v4#1) : (i32, i32) -> (i32, i32) {
        %v12 = "test.cond"(%a) : (i32) -> i1
        %v14 = arith.subi %v11, %b : i32
        scf.condition(%v12) %v11, %v14 : i32, i32
      } do {
      ^bb0(%v15: i32, %v16: i32):
        %v17 = arith.addi %v16, %a : i32
        scf.yield %v15, %v17 : i32, i32
      }
      %v18 = arith.subi %v9#0, %v9#0 : i32
      scf.yield %v4#1, %v18, %v4#1 : i32, i32, i32
    }
    scf.yield %a, %a : i32, i32
  }
  return %v1#0, %v1#0 : i32, i32
}
func.func @seed11(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.constant 1 : index
  %v3 = arith.constant 4 : index
  %v4 = arith.constant 1 : index
  %v1:2 = scf.for %i6 = %v2 to %v3 step %v4 iter_args(%v5 = %a, %v6 = %a) -> (i32, i32) {
    %v31 = arith.constant 0 : i32
    scf.yield %v6, %v31 : i32, i32
  }
  %v32 = arith.subi %v1#1, %a : i32
  %v34 = arith.cmpi slt, %b, %b : i32
  %v33:3 = scf.if %v34 -> (i32, i32, i32) {
    %v51 = arith.constant 0 : i32
    scf.yield %b, %v51, %v51 : i32, i32, i32
  } else {
    %v54 = arith.index_cast %v32 : i32 to index
    %v53:2 = scf.index_switch %v54 -> i32, i32
    default {
      %v72 = arith.subi %v32, %a : i32
      %v73:1 = scf.execute_region -> (i32) no_inline {
        scf.yield %v72 : i32
      }
      scf.yield %v73#0, %v32 : i32, i32
    }
    %v74:1 = scf.while (%v75 = %v53#1) : (i32) -> (i32) {
      %v76 = "test.cond"(%a) : (i32) -> i1
      scf.condition(%v76) %a : i32
    } do {
    ^bb0(%v77: i32):
      scf.yield %v1#1 : i32
    }
    scf.yield %b, %b, %v32 : i32, i32, i32
  }
  return %a, %a : i32, i32
}
func.func @seed12(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.index_cast %b : i32 to index
  %v1:3 = scf.index_switch %v2 -> i32, i32, i32
  default {
    %v3:1 = scf.while (%v4 = %a) : (i32) -> (i32) {
      %v5 = "test.cond"(%v4) : (i32) -> i1
      scf.condition(%v5) %b : i32
    } do {
    ^bb0(%v12: i32):
      %v26 = arith.index_cast %v12 : i32 to index
      %v25:1 = scf.index_switch %v26 -> i32
      default {
        scf.yield %b : i32
      }
      scf.yield %v25#0 : i32
    }
    %v30 = arith.subi %a, %a : i32
    scf.yield %v30, %v3#0, %v30 : i32, i32, i32
  }
  %v32:3 = scf.while (%v33 = %v1#1, %v34 = %a, %v35 = %v1#1) : (i32, i32, i32) -> (i32, i32, i32) {
    %v36 = "test.cond"(%v33) : (i32) -> i1
    %v37 = "test.op"(%v1#1) : (i32) -> i32
    %v39 = arith.index_cast %v33 : i32 to index
    %v38:2 = scf.index_switch %v39 -> i32, i32
    default {
      scf.yield %b, %v33 : i32, i32
    }
    scf.condition(%v36) %v33, %b, %v37 : i32, i32, i32
  } do {
  ^bb0(%v76: i32, %v77: i32, %v78: i32):
    %v80 = arith.index_cast %v78 : i32 to index
    %v79:1 = scf.index_switch %v80 -> i32
    default {
      %v90 = arith.constant 0 : i32
      %v99 = arith.index_cast %v1#1 : i32 to index
      %v98:1 = scf.index_switch %v99 -> i32
      default {
        scf.yield %v90 : i32
      }
      scf.yield %v90 : i32
    }
    %v103:3 = scf.execute_region -> (i32, i32, i32) no_inline {
      %v109 = arith.index_cast %v77 : i32 to index
      %v108:1 = scf.index_switch %v109 -> i32
      default {
        scf.yield %v77 : i32
      }
      scf.yield %v108#0, %a, %b : i32, i32, i32
    }
    scf.yield %v103#1, %v76, %v103#1 : i32, i32, i32
  }
  return %a, %v32#0 : i32, i32
}
func.func @seed20(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.index_cast %a : i32 to index
  %v1:3 = scf.index_switch %v2 -> i32, i32, i32
  default {
    %v41:2 = scf.while (%v42 = %b, %v43 = %b) : (i32, i32) -> (i32, i32) {
      %v44 = "test.cond"(%v42) : (i32) -> i1
      scf.condition(%v44) %v43, %a : i32, i32
    } do {
    ^bb0(%v45: i32, %v46: i32):
      %v48 = arith.index_cast %b : i32 to index
      %v47:1 = scf.index_switch %v48 -> i32
      default {
        %v53 = arith.subi %b, %a : i32
        scf.yield %v53 : i32
      }
      %v56 = arith.cmpi slt, %v46, %v46 : i32
      %v55:1 = scf.if %v56 -> (i32) {
        scf.yield %v45 : i32
      } else {
        %v59 = arith.addi %v46, %b : i32
        scf.yield %v59 : i32
      }
      scf.yield %v55#0, %b : i32, i32
    }
    scf.yield %a, %b, %a : i32, i32, i32
  }
  return %v1#2, %a : i32, i32
}
func.func @seed24(%a: i32, %b: i32) -> (i32, i32) {
  %v1:1 = scf.while (%v2 = %a) : (i32) -> (i32) {
    %v3 = "test.cond"(%a) : (i32) -> i1
    scf.condition(%v3) %b : i32
  } do {
  ^bb0(%v5: i32):
    %v6 = arith.constant 3 : i32
    %v8 = arith.cmpi slt, %a, %a : i32
    %v7:3 = scf.if %v8 -> (i32, i32, i32) {
      %v10 = arith.cmpi slt, %v6, %v5 : i32
      %v9:3 = scf.if %v10 -> (i32, i32, i32) {
        %v12 = arith.addi %v5, %v5 : i32
        scf.yield %v12, %a, %b : i32, i32, i32
      } else {
        %v14 = arith.subi %a, %v5 : i32
        %v15 = arith.constant 1 : i32
        scf.yield %v15, %v14, %b : i32, i32, i32
      }
      scf.yield %v5, %v5, %v9#1 : i32, i32, i32
    } else {
      %v16 = "test.op"(%a) : (i32) -> i32
      %v17:2 = scf.while (%v18 = %b, %v19 = %b) : (i32, i32) -> (i32, i32) {
        %v20 = "test.cond"(%v5) : (i32) -> i1
        scf.condition(%v20) %v16, %v18 : i32, i32
      } do {
      ^bb0(%v24: i32, %v25: i32):
        scf.yield %v25, %b : i32, i32
      }
      scf.yield %v5, %v5, %v5 : i32, i32, i32
    }
    scf.yield %v7#0 : i32
  }
  return %a, %a : i32, i32
}
func.func @seed38(%a: i32, %b: i32) -> (i32, i32) {
  %v1:3 = scf.execute_region -> (i32, i32, i32) {
    scf.yield %b, %b, %b : i32, i32, i32
  }
  %v2:3 = scf.while (%v3 = %a, %v4 = %v1#0, %v5 = %b) : (i32, i32, i32) -> (i32, i32, i32) {
    %v6 = "test.cond"(%v1#0) : (i32) -> i1
    %v8 = arith.index_cast %v5 : i32 to index
    %v7:3 = scf.index_switch %v8 -> i32, i32, i32
    default {
      scf.yield %a, %v3, %v1#0 : i32, i32, i32
    }
    %v12 = arith.muli %v3, %v3 : i32
    scf.condition(%v6) %v12, %v4, %v4 : i32, i32, i32
  } do {
  ^bb0(%v13: i32, %v14: i32, %v15: i32):
    %v16:2 = scf.execute_region -> (i32, i32) {
      %v18:1 = scf.while (%v19 = %v1#0) : (i32) -> (i32) {
        %v20 = "test.cond"(%a) : (i32) -> i1
        scf.condition(%v20) %a : i32
      } do {
      ^bb0(%v22: i32):
        scf.yield %b : i32
      }
      scf.yield %v1#0, %a : i32, i32
    }
    scf.yield %v16#1, %a, %b : i32, i32, i32
  }
  return %a, %v1#0 : i32, i32
}
func.func @seed50(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.index_cast %a : i32 to index
  %v1:2 = scf.index_switch %v2 -> i32, i32
  default {
    %v25 = arith.index_cast %b : i32 to index
    %v24:3 = scf.index_switch %v25 -> i32, i32, i32
    default {
      %v27 = arith.constant 2 : i32
      scf.yield %v27, %v27, %b : i32, i32, i32
    }
    scf.yield %v24#0, %a : i32, i32
  }
  %v30 = arith.cmpi slt, %b, %b : i32
  %v29:2 = scf.if %v30 -> (i32, i32) {
    scf.yield %v1#0, %v1#0 : i32, i32
  } else {
    %v33 = arith.index_cast %a : i32 to index
    %v32:1 = scf.index_switch %v33 -> i32
    default {
      scf.yield %a : i32
    }
    %v58 = arith.index_cast %a : i32 to index
    %v57:2 = scf.index_switch %v58 -> i32, i32
    default {
      %v87 = arith.constant 3 : i32
      %v89 = arith.index_cast %b : i32 to index
      %v88:3 = scf.index_switch %v89 -> i32, i32, i32
      default {
        scf.yield %v87, %a, %v87 : i32, i32, i32
      }
      scf.yield %a, %v32#0 : i32, i32
    }
    %v95:2 = scf.while (%v96 = %v32#0, %v97 = %a) : (i32, i32) -> (i32, i32) {
      %v98 = "test.cond"(%v96) : (i32) -> i1
      %v100 = arith.cmpi slt, %v32#0, %b : i32
      %v99:3 = scf.if %v100 -> (i32, i32, i32) {
        scf.yield %a, %a, %v57#0 : i32, i32, i32
      } else {
        scf.yield %v57#0, %v57#0, %v96 : i32, i32, i32
      }
      scf.condition(%v98) %v32#0, %v99#1 : i32, i32
    } do {
    ^bb0(%v105: i32, %v106: i32):
      scf.yield %v1#0, %a : i32, i32
    }
    scf.yield %b, %a : i32, i32
  }
  %v124 = arith.constant 1 : index
  %v125 = arith.constant 4 : index
  %v126 = arith.constant 1 : index
  %v123:2 = scf.for %i128 = %v124 to %v125 step %v126 iter_args(%v127 = %v1#0, %v128 = %b) -> (i32, i32) {
    scf.yield %v127, %v1#0 : i32, i32
  }
  return %v123#1, %a : i32, i32
}
func.func @seed83(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.cmpi slt, %a, %b : i32
  %v1:1 = scf.if %v2 -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %v4 = arith.addi %b, %a : i32
  %v6 = arith.index_cast %b : i32 to index
  %v5:2 = scf.index_switch %v6 -> i32, i32
  default {
    %v24:1 = scf.while (%v25 = %v4) : (i32) -> (i32) {
      %v26 = "test.cond"(%v4) : (i32) -> i1
      %v28:3 = scf.while (%v29 = %v4, %v30 = %b, %v31 = %a) : (i32, i32, i32) -> (i32, i32, i32) {
        %v32 = "test.cond"(%v30) : (i32) -> i1
        %v33 = arith.subi %b, %v31 : i32
        scf.condition(%v32) %v33, %v1#0, %v33 : i32, i32, i32
      } do {
      ^bb0(%v35: i32, %v36: i32, %v37: i32):
        %v39 = arith.muli %v1#0, %v4 : i32
        scf.yield %v39, %b, %v37 : i32, i32, i32
      }
      scf.condition(%v26) %v28#2 : i32
    } do {
    ^bb0(%v48: i32):
      %v49 = arith.addi %v48, %v1#0 : i32
      %v58 = arith.index_cast %v4 : i32 to index
      %v57:3 = scf.index_switch %v58 -> i32, i32, i32
      default {
        %v64 = arith.constant 1 : i32
        %v65 = arith.muli %v49, %v1#0 : i32
        scf.yield %v64, %a, %v65 : i32, i32, i32
      }
      scf.yield %v4 : i32
    }
    scf.yield %b, %v4 : i32, i32
  }
  return %v5#1, %v5#1 : i32, i32
}
func.func @seed95(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.cmpi slt, %a, %a : i32
  %v1:1 = scf.if %v2 -> (i32) {
    scf.yield %b : i32
  } else {
    %v3 = arith.constant 1 : i32
    scf.yield %v3 : i32
  }
  return %v1#0, %a : i32, i32
}
func.func @seed187(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.cmpi slt, %a, %a : i32
  %v1:3 = scf.if %v2 -> (i32, i32, i32) {
    %v4 = arith.cmpi slt, %b, %a : i32
    %v3:3 = scf.if %v4 -> (i32, i32, i32) {
      %v6 = arith.index_cast %b : i32 to index
      %v5:1 = scf.index_switch %v6 -> i32
      default {
        scf.yield %a : i32
      }
      %v10 = arith.subi %v5#0, %v5#0 : i32
      %v11:3 = scf.while (%v12 = %v10, %v13 = %a, %v14 = %v5#0) : (i32, i32, i32) -> (i32, i32, i32) {
        %v15 = "test.cond"(%v5#0) : (i32) -> i1
        scf.condition(%v15) %v13, %v13, %v12 : i32, i32, i32
      } do {
      ^bb0(%v18: i32, %v19: i32, %v20: i32):
        scf.yield %v19, %v20, %b : i32, i32, i32
      }
      scf.yield %v11#1, %b, %b : i32, i32, i32
    } else {
      %v24 = arith.index_cast %a : i32 to index
      %v23:1 = scf.index_switch %v24 -> i32
      default {
        scf.yield %b : i32
      }
      %v31 = arith.index_cast %a : i32 to index
      %v30:1 = scf.index_switch %v31 -> i32
      default {
        scf.yield %v23#0 : i32
      }
      scf.yield %v30#0, %v30#0, %b : i32, i32, i32
    }
    scf.yield %a, %b, %b : i32, i32, i32
  } else {
    %v35 = arith.addi %a, %a : i32
    %v37 = arith.index_cast %b : i32 to index
    %v36:1 = scf.index_switch %v37 -> i32
    default {
      %v51 = arith.cmpi slt, %b, %v35 : i32
      %v50:2 = scf.if %v51 -> (i32, i32) {
        scf.yield %a, %v35 : i32, i32
      } else {
        %v53 = arith.subi %b, %v35 : i32
        %v54 = arith.subi %b, %v35 : i32
        scf.yield %v54, %v53 : i32, i32
      }
      scf.yield %v50#1 : i32
    }
    scf.yield %b, %v36#0, %a : i32, i32, i32
  }
  return %a, %v1#0 : i32, i32
}
func.func @seed53(%a: i32, %b: i32) -> (i32, i32) {
  %v2 = arith.cmpi slt, %b, %b : i32
  %v1:3 = scf.if %v2 -> (i32, i32, i32) {
    %v3 = arith.constant 0 : i32
    %v4 = arith.muli %v3, %a : i32
    %v6 = arith.index_cast %a : i32 to index
    %v5:3 = scf.index_switch %v6 -> i32, i32, i32
    case 0 {
      %v7 = "test.op"(%v4) : (i32) -> i32
      %v8 = "test.op"(%b) : (i32) -> i32
      scf.yield %b, %b, %v3 : i32, i32, i32
    }
    default {
      %v10 = arith.constant 1 : index
      %v11 = arith.constant 0 : index
      %v12 = arith.constant 1 : index
      %v9:3 = scf.for %i15 = %v10 to %v11 step %v12 iter_args(%v13 = %v3, %v14 = %v3, %v15 = %b) -> (i32, i32, i32) {
        scf.yield %v15, %v14, %v13 : i32, i32, i32
      }
      %v16:2 = scf.execute_region -> (i32, i32) {
        %v17 = arith.constant 3 : i32
        scf.yield %v17, %v4 : i32, i32
      }
      scf.yield %v3, %v9#1, %b : i32, i32, i32
    }
    scf.yield %a, %a, %a : i32, i32, i32
  } else {
    scf.yield %b, %b, %b : i32, i32, i32
  }
  return %a, %a : i32, i32
}

// Expected output: mlir-opt 22 --allow-unregistered-dialect --remove-dead-values %s (generated by scripts/update_dialect_checks.py;
// checked with --strict-whitespace --match-full-lines: each pattern is the
// exact line after the colon, indentation included).
// CHECK:module {
// CHECK-NEXT:  func.func @seed1(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = ub.poison : i32
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      %1 = "test.cond"(%arg0) : (i32) -> i1
// CHECK-NEXT:      scf.condition(%1)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:      scf.index_switch %1 
// CHECK-NEXT:      default {
// CHECK-NEXT:        %3 = "test.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:        %4 = ub.poison : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg1, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed8(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    scf.index_switch %0 
// CHECK-NEXT:    default {
// CHECK-NEXT:      %1 = ub.poison : i32
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      scf.while : () -> () {
// CHECK-NEXT:        %4 = "test.cond"(%arg0) : (i32) -> i1
// CHECK-NEXT:        %5 = ub.poison : i32
// CHECK-NEXT:        %6 = ub.poison : i32
// CHECK-NEXT:        scf.condition(%4)
// CHECK-NEXT:      } do {
// CHECK-NEXT:        %4 = ub.poison : i32
// CHECK-NEXT:        %5 = ub.poison : i32
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %3 = ub.poison : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed11(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = ub.poison : i32
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      %1 = "test.cond"(%arg0) : (i32) -> i1
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      scf.condition(%1)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = ub.poison : i32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed12(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:    scf.index_switch %0 
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.while (%arg2 = %arg0) : (i32) -> () {
// CHECK-NEXT:        %6 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT:        scf.condition(%6)
// CHECK-NEXT:      } do {
// CHECK-NEXT:        %6 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:        %7 = scf.index_switch %6 -> i32 
// CHECK-NEXT:        default {
// CHECK-NEXT:          scf.yield %arg1 : i32
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield %arg1 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %4 = ub.poison : i32
// CHECK-NEXT:      %5 = ub.poison : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = ub.poison : i32
// CHECK-NEXT:    %2 = ub.poison : i32
// CHECK-NEXT:    %3 = scf.while (%arg2 = %arg1) : (i32) -> i32 {
// CHECK-NEXT:      %4 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT:      %5 = "test.op"(%arg1) : (i32) -> i32
// CHECK-NEXT:      %6 = ub.poison : i32
// CHECK-NEXT:      %7 = ub.poison : i32
// CHECK-NEXT:      scf.condition(%4) %arg2 : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg2: i32):
// CHECK-NEXT:      %4:3 = scf.execute_region -> (i32, i32, i32) no_inline {
// CHECK-NEXT:        %7 = ub.poison : i32
// CHECK-NEXT:        %8 = ub.poison : i32
// CHECK-NEXT:        scf.yield %7, %arg0, %8 : i32, i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %5 = ub.poison : i32
// CHECK-NEXT:      %6 = ub.poison : i32
// CHECK-NEXT:      scf.yield %arg0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %3 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed20(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    scf.index_switch %0 
// CHECK-NEXT:    default {
// CHECK-NEXT:      %1 = ub.poison : i32
// CHECK-NEXT:      scf.while (%arg2 = %arg1) : (i32) -> () {
// CHECK-NEXT:        %4 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT:        %5 = ub.poison : i32
// CHECK-NEXT:        scf.condition(%4)
// CHECK-NEXT:      } do {
// CHECK-NEXT:        %4 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:        %5 = ub.poison : i32
// CHECK-NEXT:        scf.yield %4 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      %3 = ub.poison : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed24(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = ub.poison : i32
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      %1 = "test.cond"(%arg0) : (i32) -> i1
// CHECK-NEXT:      scf.condition(%1)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = "test.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      %3 = ub.poison : i32
// CHECK-NEXT:      scf.while : () -> () {
// CHECK-NEXT:        %5 = "test.cond"(%arg1) : (i32) -> i1
// CHECK-NEXT:        %6 = ub.poison : i32
// CHECK-NEXT:        %7 = ub.poison : i32
// CHECK-NEXT:        scf.condition(%5)
// CHECK-NEXT:      } do {
// CHECK-NEXT:        %5 = ub.poison : i32
// CHECK-NEXT:        %6 = ub.poison : i32
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %4 = ub.poison : i32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed38(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = ub.poison : i32
// CHECK-NEXT:    %1 = ub.poison : i32
// CHECK-NEXT:    %2 = ub.poison : i32
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      %3 = "test.cond"(%arg1) : (i32) -> i1
// CHECK-NEXT:      %4 = ub.poison : i32
// CHECK-NEXT:      %5 = ub.poison : i32
// CHECK-NEXT:      %6 = ub.poison : i32
// CHECK-NEXT:      scf.condition(%3)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %3 = ub.poison : i32
// CHECK-NEXT:      scf.while : () -> () {
// CHECK-NEXT:        %7 = "test.cond"(%arg0) : (i32) -> i1
// CHECK-NEXT:        %8 = ub.poison : i32
// CHECK-NEXT:        scf.condition(%7)
// CHECK-NEXT:      } do {
// CHECK-NEXT:        %7 = ub.poison : i32
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %4 = ub.poison : i32
// CHECK-NEXT:      %5 = ub.poison : i32
// CHECK-NEXT:      %6 = ub.poison : i32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %arg1 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed50(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    %1 = scf.index_switch %0 -> i32 
// CHECK-NEXT:    default {
// CHECK-NEXT:      %7 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:      %8 = scf.index_switch %7 -> i32 
// CHECK-NEXT:      default {
// CHECK-NEXT:        %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:        %10 = ub.poison : i32
// CHECK-NEXT:        %11 = ub.poison : i32
// CHECK-NEXT:        scf.yield %c2_i32 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %9 = ub.poison : i32
// CHECK-NEXT:      scf.yield %8 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    %3 = scf.index_switch %2 -> i32 
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %arg0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %4 = ub.poison : i32
// CHECK-NEXT:    scf.while (%arg2 = %arg0) : (i32) -> () {
// CHECK-NEXT:      %7 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT:      %8 = ub.poison : i32
// CHECK-NEXT:      %9 = ub.poison : i32
// CHECK-NEXT:      scf.condition(%7)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %7 = ub.poison : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c1_0 = arith.constant 1 : index
// CHECK-NEXT:    %5 = ub.poison : i32
// CHECK-NEXT:    %6 = scf.for %arg2 = %c1 to %c4 step %c1_0 iter_args(%arg3 = %arg1) -> (i32) {
// CHECK-NEXT:      %7 = ub.poison : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %6, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed83(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = arith.addi %arg1, %arg0 : i32
// CHECK-NEXT:    %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:    scf.index_switch %1 
// CHECK-NEXT:    default {
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      scf.while : () -> () {
// CHECK-NEXT:        %4 = "test.cond"(%0) : (i32) -> i1
// CHECK-NEXT:        %5 = ub.poison : i32
// CHECK-NEXT:        %6 = ub.poison : i32
// CHECK-NEXT:        scf.while : () -> () {
// CHECK-NEXT:          %8 = "test.cond"(%arg1) : (i32) -> i1
// CHECK-NEXT:          %9 = ub.poison : i32
// CHECK-NEXT:          %10 = ub.poison : i32
// CHECK-NEXT:          %11 = ub.poison : i32
// CHECK-NEXT:          scf.condition(%8)
// CHECK-NEXT:        } do {
// CHECK-NEXT:          %8 = ub.poison : i32
// CHECK-NEXT:          %9 = ub.poison : i32
// CHECK-NEXT:          scf.yield
// CHECK-NEXT:        }
// CHECK-NEXT:        %7 = ub.poison : i32
// CHECK-NEXT:        scf.condition(%4)
// CHECK-NEXT:      } do {
// CHECK-NEXT:        %4 = ub.poison : i32
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %3 = ub.poison : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0, %0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed95(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    %0 = arith.cmpi slt, %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = scf.if %0 -> (i32) {
// CHECK-NEXT:      %2 = ub.poison : i32
// CHECK-NEXT:      scf.yield %2 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:      scf.yield %c1_i32 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %1, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed187(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    return %arg0, %arg1 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @seed53(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:    return %arg0, %arg0 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
