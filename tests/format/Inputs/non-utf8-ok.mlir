// A comment with bytes that are not UTF-8: ÿþ
"foo.a"() {a = "xÿy", b = dense<["Ã", "ok"]> : tensor<2x!foo.s>} : () -> ()
