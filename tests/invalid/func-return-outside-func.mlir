// func.return whose parent is not func.func.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
"foo.region"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()
