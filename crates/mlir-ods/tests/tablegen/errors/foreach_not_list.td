// CHECK: 2:17: error: expected integer or bitrange
foreach i = "s" in
  def X # i;
