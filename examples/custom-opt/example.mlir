func.func @main() {
  %0 = "toy.constant"() {value = 1 : i32} : () -> i32
  %1 = "toy.constant"() {value = 1 : i32} : () -> i32
  %2 = "toy.constant"() {value = 2 : i32} : () -> i32
  "toy.print"(%0, %1, %2) : (i32, i32, i32) -> ()
  return
}
func.func @other() {
  %0 = "toy.constant"() {value = 3 : i32} : () -> i32
  "toy.print"(%0) : (i32) -> ()
  return
}
