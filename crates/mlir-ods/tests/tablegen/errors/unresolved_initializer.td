// CHECK: 2:5: error: Initializer of 'x' in 'Y' could not be fully resolved: !cast<int>("a")
def Y {
  int x = !cast<int>("a");
}
