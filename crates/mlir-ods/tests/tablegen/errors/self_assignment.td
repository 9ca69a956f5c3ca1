// CHECK: 3:11: error: Recursion / self-assignment forbidden
def X {
  int x = x;
}
