// CHECK: 4:2: error: A multiclass body should not end with a semicolon
multiclass M {
  def _a;
};
