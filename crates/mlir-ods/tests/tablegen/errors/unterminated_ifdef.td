// CHECK: 4:1: error: reached EOF without matching #endif
#ifdef FOO
def X;
