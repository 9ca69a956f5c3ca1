// CHECK: 3:11: error: Variable not defined: 'z'
def Y {
  int x = z;
}
