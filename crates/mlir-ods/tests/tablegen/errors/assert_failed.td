// CHECK: 3:10: error: assertion failed: n must be positive
class C<int n> {
  assert !gt(n, 0), "n must be positive";
}
def X : C<0>;
