// CHECK: 3:8: error: def or global variable of this name already exists
defvar x = 1;
defvar x = 2;
