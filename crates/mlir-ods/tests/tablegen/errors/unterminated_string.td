// CHECK: 3:15: error: end of line in string literal
def Y {
  string x = "abc
}
