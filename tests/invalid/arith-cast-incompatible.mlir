// arith casts: CastOpInterface's "are cast incompatible" check for every
// cast op (widths included), which runs before the ops' own verifiers.
// Messages checked with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to i16
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_castui' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_castui %a : i32 to i64
  return
}

// -----

func.func @f(%c: index) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_cast %c : index to index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extui %a : i32 to i16
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @f(%b: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %b : f32 to f16
  return
}

// -----

func.func @f(%b: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %b : f32 to f64
  return
}

// -----

func.func @f(%b: f32) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %b, %b : f32, f32 to f16
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'vector<4xi32>' and result type 'vector<4xi16>' are cast incompatible}}
  %0 = arith.bitcast %v : vector<4xi32> to vector<4xi16>
  return
}
