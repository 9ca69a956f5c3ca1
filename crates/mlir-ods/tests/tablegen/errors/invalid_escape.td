// CHECK: 3:17: error: invalid escape in string literal
def X {
  string s = "a\qb";
}
