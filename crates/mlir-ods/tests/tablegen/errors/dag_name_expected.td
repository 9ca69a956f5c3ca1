// CHECK: 4:17: error: expected variable name in dag literal
def op;
def X {
  dag d = (op 1:2);
}
