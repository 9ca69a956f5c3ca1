// CHECK: 3:1: error: unterminated comment
def X;
/* never closed
