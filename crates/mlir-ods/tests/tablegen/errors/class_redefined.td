// CHECK: 3:7: error: Class 'A' already defined
class A { int x = 1; }
class A { int y = 2; }
