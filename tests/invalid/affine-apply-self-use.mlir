// An affine.apply that uses its own result (invalid: it does not dominate
// itself) fed into another affine.apply's symbol position. The dimension
// and symbol rules look through affine.apply operands, so they must stop
// at the cycle; the dominance check then reports the self-use. (mlir-opt
// 22 overflows its stack on this input, found by scripts/accepts_check.py;
// the message is mlir-opt's dominance diagnostic, as for any self-use.)
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @self_use() {
  affine.for %i = 0 to 8 {
    %c = arith.constant 3 : index
    // expected-error@+2 {{operand #0 does not dominate this use}}
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %x = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%x)[%c]
    %y = affine.apply affine_map<()[s0] -> (s0)>()[%x]
  }
  return
}

// -----

// The same through a cycle of two applies in a graph region: the load's
// subscript is neither a dimension nor a symbol.
func.func @graph_cycle(%m: memref<8xf32>) {
  "test.graph"() ({
    %x = affine.apply affine_map<(d0) -> (d0)>(%y)
    %y = affine.apply affine_map<(d0) -> (d0)>(%x)
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%y] : memref<8xf32>
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
