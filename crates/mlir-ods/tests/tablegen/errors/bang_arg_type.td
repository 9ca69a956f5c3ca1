// CHECK: 3:19: error: expected value of type 'int', got 'string'
def Y {
  int x = !add(1, "a");
}
