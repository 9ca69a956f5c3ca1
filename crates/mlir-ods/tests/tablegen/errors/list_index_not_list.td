// CHECK: 4:11: error: Type 'int' is invalid, list expected
def X {
  int v = 1;
  int w = v[0];
}
