// CHECK: 3:14: error: Already subclass of 'B'!
class B;
class A : B, B;
