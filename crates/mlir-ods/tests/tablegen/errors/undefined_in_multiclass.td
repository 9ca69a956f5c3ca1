// CHECK: 3:20: error: Variable not defined: 'm'
multiclass M<int n> {
  def _a { int v = m; }
}
