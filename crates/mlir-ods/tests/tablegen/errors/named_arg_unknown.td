// CHECK: 3:11: error: Argument "q" doesn't exist
class B<int a = 1> { int v = a; }
def Y : B<q = 2>;
