// CHECK: 3:9: error: Couldn't find class 'M'. Use 'defm' if you meant to use multiclass 'M'
multiclass M { def _a; }
def X : M;
