// CHECK: 3:11: error: number out of range
def X {
  int v = 99999999999999999999;
}
