// Malformed SSA values and blocks, one error per chunk.
// RUN: rmlir-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:

"foo.r"() ({
// expected-error@+2 {{redefinition of SSA value '%a'}}
// expected-note@+1 {{previously defined here}}
^bb0(%a: i32, %a: i32):
  "foo.x"() : () -> ()
}) : () -> ()

// -----

%0 = "foo.d"() : () -> i32
// expected-error@+1 {{reference to invalid result number}}
"foo.u"(%0#1) : (i32) -> ()

// -----

func.func @f() {
  "foo.region"() ({
    // expected-error@+1 {{use of undeclared SSA value name}}
    "foo.use"(%undefined) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^missing] : () -> ()
^other:
  return
}

// -----

func.func @f() {
  // expected-note@+1 {{previously defined here}}
  %0 = "foo.def"() : () -> i32
  "foo.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of SSA value '%0'}}
^bb1(%0: i32):
  return
}
