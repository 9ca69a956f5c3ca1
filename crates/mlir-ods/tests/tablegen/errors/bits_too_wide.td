// CHECK: 2:5: error: Initializer of 'b' in 'X' could not be fully resolved: { !cast<bits<2>>(7){1}, !cast<bits<2>>(7){0} }
def X {
  bits<2> b = 7;
}
