// CHECK: 2:10: error: Couldn't find multiclass 'Foo'
defm Y : Foo;
