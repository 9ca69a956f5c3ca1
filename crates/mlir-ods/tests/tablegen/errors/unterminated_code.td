// CHECK: 3:12: error: unterminated code block
def X {
  code c = [{ open
}
