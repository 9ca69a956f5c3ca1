// CHECK: 3:5: error: def already exists: X
def X;
def X;
