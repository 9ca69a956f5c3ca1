// CHECK: 4:1: error: expected ';' after declaration
def Y {
  int x = 1
}
