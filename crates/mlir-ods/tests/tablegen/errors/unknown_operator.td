// CHECK: 3:11: error: unknown operator
def X {
  int a = !frob(1);
}
