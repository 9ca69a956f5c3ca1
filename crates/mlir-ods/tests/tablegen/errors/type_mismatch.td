// CHECK: 4:7: error: Field 'x' of type 'int' is incompatible with value '"s"' of type 'string'
class B { int x = 1; }
def Y : B {
  let x = "s";
}
