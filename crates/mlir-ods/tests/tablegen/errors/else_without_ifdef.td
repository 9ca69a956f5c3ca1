// CHECK: 3:2: error: #else without #ifdef or #ifndef
def X;
#else
