// CHECK: 4:13: error: Cannot access field 'q' of value 'Y'
def Y { int x = 1; }
def Z {
  int y = Y.q;
}
