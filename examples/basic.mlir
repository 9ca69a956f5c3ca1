// A small module to parse, verify and print (unregistered ops stay as they are):
//   cargo run --release -p rmlir-opt -- --allow-unregistered-dialect examples/basic.mlir
// Two func.func definitions, an external declaration, calls between them, and
// unregistered ops (with a region, properties, successors) that need
// --allow-unregistered-dialect.
module @example {
  func.func private @external(i32) -> i32

  func.func @square(%x: i32) -> i32 {
    %0 = "toy.mul"(%x, %x) : (i32, i32) -> i32
    return %0 : i32
  }

  func.func @main(%arg: i32 {toy.note = "input"}, %flag: i1) -> (i32, i32) {
    %sq = call @square(%arg) : (i32) -> i32
    %ext = call @external(%sq) : (i32) -> i32
    %sum = "toy.loop"(%ext) <{trip_count = 4 : i64}> ({
    ^body(%acc: i32):
      %next = "toy.add"(%acc, %sq) : (i32, i32) -> i32
      "toy.yield"(%next) : (i32) -> ()
    }) : (i32) -> i32
    "toy.cond_br"(%flag)[^then, ^done] : (i1) -> ()
  ^then:
    "toy.print"(%sum) {format = "sum = %d"} : (i32) -> ()
    "toy.br"()[^done] : () -> ()
  ^done:
    return %sum, %ext : i32, i32
  }
}
