// CHECK: 3:11: error: Expected a class name, got 'Y'
def X {
  int v = Y<1>;
}
