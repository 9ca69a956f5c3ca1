// CHECK: 3:7: error: 'NAME' is a reserved variable name
def X {
  int NAME = 1;
}
