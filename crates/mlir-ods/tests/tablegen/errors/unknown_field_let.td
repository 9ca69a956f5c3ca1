// CHECK: 4:7: error: Value 'y' unknown!
class B { int x = 1; }
def Y : B {
  let y = 2;
}
