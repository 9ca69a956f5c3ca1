// CHECK: 3:11: error: Value specified for template argument 'B:a' is of type string; expected type int: "s"
class B<int a> { int x = a; }
def Y : B<"s">;
