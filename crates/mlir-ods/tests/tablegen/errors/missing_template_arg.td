// CHECK: 3:9: error: value not specified for template argument 'B:a'
class B<int a> { int v = a; }
def Y : B;
