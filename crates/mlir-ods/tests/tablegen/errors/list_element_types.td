// CHECK: 3:25: error: Incompatible types in list elements
def Y {
  list<int> x = [1, "a"];
}
