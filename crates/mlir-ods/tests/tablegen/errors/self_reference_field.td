// CHECK: 3:5: error: Attempting to access field 'a' of 'X' is a forbidden self-reference
class C { int a = 1; }
def X : C {
  int b = X.a;
}
