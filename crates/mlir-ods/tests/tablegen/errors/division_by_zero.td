// CHECK: 3:5: error: Illegal operation: division by zero
class D<int n> { int q = !div(1, n); }
def X : D<0>;
