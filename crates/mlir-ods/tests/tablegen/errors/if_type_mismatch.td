// CHECK: 3:29: error: inconsistent types 'int' and 'string' for !if
def X {
  int v = !if(1, 2, "three");
}
