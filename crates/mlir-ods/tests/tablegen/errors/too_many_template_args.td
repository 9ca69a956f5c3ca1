// CHECK: 3:14: error: Too many template arguments: 2
class B<int a> { int v = a; }
def Y : B<1, 2>;
