// CHECK: 2:9: error: Couldn't find class 'Foo'
def X : Foo;
