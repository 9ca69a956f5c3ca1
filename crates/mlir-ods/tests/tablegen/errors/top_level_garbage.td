// CHECK: 3:1: error: Unexpected token at top level
def X;
}
