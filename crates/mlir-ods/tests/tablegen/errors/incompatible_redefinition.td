// CHECK: 4:12: error: New definition of 'x' of type 'string' is incompatible with previous definition of type 'int'
class A { int x = 1; }
class B { string x = "s"; }
def C : A, B;
