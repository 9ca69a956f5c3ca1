// CHECK: 2:16: error: template argument with the same name has already been defined
class B<int a, int a> { int v = a; }
