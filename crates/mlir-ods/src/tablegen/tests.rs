//! Unit tests for the TableGen front end, feature by feature, through the
//! public API (`parse_str` and the record model).

use super::*;

fn parse(src: &str) -> RecordKeeper {
    parse_str("test.td", src, &[]).unwrap_or_else(|d| {
        panic!(
            "{}",
            d.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

fn first_error(src: &str) -> String {
    match parse_str("test.td", src, &[]) {
        Ok(_) => panic!("expected an error"),
        Err(d) => d[0].headline(),
    }
}

#[test]
fn scalar_accessors() {
    let rk = parse(
        r#"
        def R {
          string s = "str";
          code c = [{ code }];
          int i = -3;
          bit b = 1;
          bit u = ?;
          bits<4> bb = 0b0110;
          list<int> li = [1, 2];
          list<string> ls = ["a", "b"];
        }
        "#,
    );
    let r = rk.def("R").expect("def R");
    assert_eq!(r.get_string("s").unwrap(), "str");
    assert_eq!(r.get_code("c").unwrap(), " code ");
    assert_eq!(
        r.get_string("c").unwrap(),
        " code ",
        "code and strings interchange"
    );
    assert_eq!(r.value("c"), Some(&Init::Code(" code ".into())));
    assert_eq!(r.get_int("i").unwrap(), -3);
    assert!(r.get_bit("b").unwrap());
    assert_eq!(r.get_bit_or_unset("u").unwrap(), None);
    assert_eq!(r.get_bits("bb").unwrap().len(), 4);
    assert_eq!(r.value("bb").and_then(Init::bits_value), Some(6));
    assert_eq!(r.get_list_of_ints("li").unwrap(), vec![1, 2]);
    assert_eq!(r.get_list_of_strings("ls").unwrap(), vec!["a", "b"]);
    assert_eq!(
        r.fields().map(|(n, _)| n).collect::<Vec<_>>(),
        vec!["s", "c", "i", "b", "u", "bb", "li", "ls"]
    );
}

#[test]
fn accessor_errors_are_located() {
    let rk = parse("def R {\n  int i = 1;\n  string s = ?;\n}\n");
    let r = rk.def("R").unwrap();
    let e = r.get_string("i").unwrap_err();
    assert_eq!(
        e.headline(),
        "test.td:1:5: error: Record `R', field `i' does not have a string initializer: 1"
    );
    assert_eq!(e.source_line.as_deref(), Some("def R {"));
    let e = r.get_int("missing").unwrap_err();
    assert!(
        e.message.contains("does not have a field named `missing'"),
        "{e}"
    );
    assert_eq!(r.get_optional_string("s").unwrap(), None);
    assert!(r.get_string("s").is_err(), "an unset string is an error");
    let e = r.field_error("i", "bad field");
    assert_eq!(e.headline(), "test.td:2:7: error: bad field");
}

#[test]
fn defs_dags_and_lists_of_defs() {
    let rk = parse(
        r#"
        def ins;
        class T;
        def A : T;
        def B : T;
        def R {
          T t = A;
          T none = ?;
          list<T> ts = [A, B];
          dag d = (ins A:$a, B:$b, $c);
        }
        "#,
    );
    let r = rk.def("R").unwrap();
    assert_eq!(r.get_def("t").unwrap(), "A");
    assert_eq!(r.get_optional_def("none").unwrap(), None);
    assert_eq!(r.get_list_of_defs("ts").unwrap(), vec!["A", "B"]);
    let d = r.get_dag("d").unwrap();
    assert_eq!(d.op_def(), Some("ins"));
    assert_eq!(d.num_args(), 3);
    assert_eq!(d.arg(0), Some(&Init::Def("A".into())));
    assert_eq!(d.arg_name(1), Some("b"));
    assert_eq!(d.arg(2), Some(&Init::Unset));
    assert_eq!(d.arg_name(2), Some("c"));
    assert_eq!(r.value("d").unwrap().to_string(), "(ins A:$a, B:$b, ?:$c)");
}

#[test]
fn superclasses_follow_tablegen_order() {
    let rk = parse(
        r#"
        class D;
        class B : D;
        class C : D;
        class A : B, C;
        def X : A;
        def Y : C;
        def Z;
        "#,
    );
    let x = rk.def("X").unwrap();
    assert_eq!(x.superclasses(), ["D", "B", "C", "A"]);
    assert_eq!(x.direct_superclasses(), ["A"]);
    assert!(x.is_subclass_of("D") && x.is_subclass_of("A"));
    assert!(!x.is_subclass_of("X"));
    // The printed form keeps TableGen's duplicate entries.
    assert!(x.print().starts_with("X {\t// D B D C A\n"));
    let names: Vec<&str> = rk
        .defs_derived_from("C")
        .iter()
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(names, vec!["X", "Y"]);
    let all: Vec<&str> = rk.defs().map(|r| r.name.as_str()).collect();
    assert_eq!(all, vec!["X", "Y", "Z"]);
    assert!(rk.class("A").unwrap().is_class);
    assert!(rk.def("A").is_none());
}

#[test]
fn template_args_and_late_field_references() {
    let rk = parse(
        r#"
        class Base<int n, string s = "dflt"> {
          int v = n;
          string label = s # "_" # n;
          string other = "base";
          string late = other;
        }
        def X : Base<3> { let other = "mine"; }
        "#,
    );
    let c = rk.class("Base").unwrap();
    let targs: Vec<(&str, String)> = c
        .template_args()
        .iter()
        .map(|t| (t.name.as_str(), t.default.to_string()))
        .collect();
    assert_eq!(
        targs,
        vec![
            ("Base:n", "?".to_string()),
            ("Base:s", "\"dflt\"".to_string())
        ]
    );
    assert_eq!(c.value("v"), Some(&Init::Expr("Base:n".into())));
    let x = rk.def("X").unwrap();
    assert_eq!(x.get_int("v").unwrap(), 3);
    assert_eq!(x.get_string("label").unwrap(), "dflt_3");
    assert_eq!(
        x.get_string("late").unwrap(),
        "mine",
        "field references resolve after lets"
    );
}

#[test]
fn name_and_self_cast() {
    let rk = parse(
        r#"
        class C { string n = NAME; }
        multiclass M { def _x : C; def NAME # _y : C; }
        defm Pre : M;
        def Plain : C { string me = !cast<string>(Plain); }
        "#,
    );
    assert_eq!(rk.def("Pre_x").unwrap().get_string("n").unwrap(), "Pre_x");
    assert_eq!(rk.def("Pre_y").unwrap().get_string("n").unwrap(), "Pre_y");
    assert_eq!(rk.def("Plain").unwrap().get_string("me").unwrap(), "Plain");
}

#[test]
fn anonymous_records() {
    let rk = parse(
        r#"
        class P<int v> { int val = v; }
        def : P<1>;
        def Uses { P a = P<2>; P b = P<2>; P c = P<3>; }
        "#,
    );
    let anon: Vec<&Record> = rk.defs().filter(|r| r.anonymous).collect();
    assert_eq!(
        anon.len(),
        3,
        "one per distinct instantiation plus the anonymous def"
    );
    let u = rk.def("Uses").unwrap();
    assert_eq!(
        u.get_def("a").unwrap(),
        u.get_def("b").unwrap(),
        "equal instantiations are shared"
    );
    assert_ne!(u.get_def("a").unwrap(), u.get_def("c").unwrap());
    let a = rk.def(u.get_def("a").unwrap()).unwrap();
    assert_eq!(a.get_int("val").unwrap(), 2);
    assert!(a.name.starts_with("anonymous_"));
}

#[test]
fn dag_nodes_carry_their_locations() {
    let rk = parse(
        "def ins;\ndef op;\nclass P<dag s> { dag src = s; }\ndef X : P<(ins\n  $a, (op:$o 1),\n    op:$b)>;\ndef Y { dag c = !con((ins $a), (ins $b)); }\n",
    );
    // The dag is passed through a template argument: its locations are the
    // ones of the literal in the def.
    let d = rk.def("X").unwrap().get_dag("src").unwrap();
    let lc = |l: Option<&super::Loc>| l.map(|l| (l.line, l.col));
    assert_eq!(lc(d.loc()), Some((4, 11)));
    assert_eq!(lc(d.op_loc()), Some((4, 12)));
    assert_eq!(lc(d.arg_loc(0)), Some((5, 3)));
    assert_eq!(lc(d.arg_loc(1)), Some((5, 7)));
    assert_eq!(lc(d.arg_loc(2)), Some((6, 5)));
    assert_eq!(lc(d.arg_loc(3)), None);
    let inner = d.arg(1).unwrap().as_dag().unwrap();
    assert_eq!(lc(inner.op_loc()), Some((5, 8)));
    assert_eq!(lc(inner.arg_loc(0)), Some((5, 14)));
    // Locations are not part of the value.
    let mut same = d.arg(1).unwrap().clone();
    if let Init::Dag { locs, .. } = &mut same {
        *locs = Default::default();
    }
    assert_eq!(&same, d.arg(1).unwrap());
    // Dags computed by operators have none.
    let c = rk.def("Y").unwrap().get_dag("c").unwrap();
    assert_eq!(c.loc(), None);
}

#[test]
fn record_and_field_locations() {
    let rk = parse("class C { int x = 1; }\n\ndef   Y : C {\n  let x = 2;\n}\n");
    let y = rk.def("Y").unwrap();
    assert_eq!((y.loc.line, y.loc.col), (3, 7));
    assert_eq!(&*y.loc.file, "test.td");
    let f = y.field("x").unwrap();
    assert_eq!(
        (f.loc.line, f.loc.col),
        (4, 7),
        "a let moves the field's location"
    );
}

#[test]
fn diagnostics_render_like_llvm() {
    let err = parse_str("x.td", "def A : Nope;\n", &[]).unwrap_err();
    assert_eq!(
        err[0].to_string(),
        "x.td:1:9: error: Couldn't find class 'Nope'\ndef A : Nope;\n        ^"
    );
    let err = parse_str("x.td", "def A;\n\tdef A;\n", &[]).unwrap_err();
    assert_eq!(
        err[0].to_string(),
        "x.td:2:6: error: def already exists: A\n        def A;\n            ^"
    );
    assert_eq!(err[1].severity, Severity::Note);
    assert_eq!(
        err[1].headline(),
        "x.td:1:5: note: location of previous definition"
    );
}

#[test]
fn first_errors() {
    assert_eq!(
        first_error("def X : Foo;"),
        "test.td:1:9: error: Couldn't find class 'Foo'"
    );
    assert_eq!(
        first_error("class B<int a>;\ndef Y : B;"),
        "test.td:2:9: error: value not specified for template argument 'B:a'"
    );
    assert_eq!(
        first_error("def X { int v = !cast<int>(\"a\"); }"),
        "test.td:1:5: error: Initializer of 'v' in 'X' could not be fully resolved: !cast<int>(\"a\")"
    );
}

#[test]
fn includes_search_the_including_dir_then_include_dirs() {
    let base = std::env::temp_dir().join(format!("rmlir-tablegen-inc-{}", std::process::id()));
    let sub = base.join("sub");
    let other = base.join("other");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(
        sub.join("local.td"),
        "include \"far.td\"\nclass Local : Far;\n",
    )
    .unwrap();
    std::fs::write(
        other.join("far.td"),
        "#ifndef FAR\n#define FAR\nclass Far { int f = 1; }\n#endif\n",
    )
    .unwrap();
    std::fs::write(
        sub.join("main.td"),
        "include \"local.td\"\ninclude \"far.td\"\ndef X : Local;\n",
    )
    .unwrap();
    let rk = parse_file(&sub.join("main.td"), std::slice::from_ref(&other))
        .unwrap_or_else(|d| panic!("{}", d[0]));
    assert_eq!(rk.def("X").unwrap().get_int("f").unwrap(), 1);
    assert_eq!(
        rk.dependencies().len(),
        3,
        "local.td, far.td, and far.td again"
    );
    let err = parse_file(&sub.join("main.td"), &[]).unwrap_err();
    assert!(
        err[0]
            .message
            .contains("could not find include file 'far.td'"),
        "{}",
        err[0]
    );
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn missing_input_file() {
    let err = parse_file(std::path::Path::new("/nonexistent/dir/x.td"), &[]).unwrap_err();
    assert!(
        err[0].message.starts_with("could not open input file"),
        "{}",
        err[0]
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!(
        "def op;\ndef X {{ dag d = {}{}; }}\n",
        "(op ".repeat(5000),
        ")".repeat(5000)
    );
    let err = parse_str("deep.td", &deep, &[]).unwrap_err();
    assert!(err[0].message.contains("nesting too deep"), "{}", err[0]);
    let recursive = "class A<int n> { A x = A<!add(n, 1)>; }\ndef X : A<0>;\n";
    let err = parse_str("rec.td", recursive, &[]).unwrap_err();
    assert!(err[0].message.contains("nesting too deep"), "{}", err[0]);
}

#[test]
fn arithmetic_never_overflows_or_panics() {
    let rk = parse(
        r#"
        def X {
          int a = !add(0x7FFFFFFFFFFFFFFF, 1);
          int m = !mul(-9223372036854775808, -1);
          int s = !shl(1, 100);
          int r = !sra(-1, 200);
        }
        "#,
    );
    let x = rk.def("X").unwrap();
    assert_eq!(x.get_int("a").unwrap(), i64::MIN);
    assert_eq!(x.get_int("m").unwrap(), i64::MIN);
    assert_eq!(x.get_int("s").unwrap(), 0);
    assert_eq!(x.get_int("r").unwrap(), -1);
    assert!(
        first_error("def X { int d = !div(-9223372036854775808, -1); }").contains("INT64_MIN / -1")
    );
    assert!(first_error("def X { list<int> l = !listsplat(1, -1); }").contains("out of range"));
}

#[test]
fn foreach_defset_and_if() {
    let rk = parse(
        r#"
        class N<int v> { int n = v; }
        defset list<N> All = {
          foreach i = [1, 2, 3] in
            if !ne(i, 2) then
              def N # i : N<i>;
        }
        def Collect { list<N> all = All; }
        "#,
    );
    let names: Vec<&str> = rk.defs().map(|r| r.name.as_str()).collect();
    assert_eq!(names, vec!["N1", "N3", "Collect"]);
    assert_eq!(
        rk.def("Collect").unwrap().get_list_of_defs("all").unwrap(),
        vec!["N1", "N3"]
    );
}

#[test]
fn field_keyword_allows_unresolved_values() {
    let rk = parse("class C<int n> { field int f = n; }\ndef X { field string s = ?; }\n");
    let x = rk.def("X").unwrap();
    assert!(x.field("s").unwrap().nonconcrete_ok);
    assert!(x.print().contains("  field string s = ?;\n"));
}

#[test]
fn init_display_matches_tablegen_syntax() {
    let i = Init::Bits(vec![Init::Bit(true), Init::Unset, Init::Bit(false)]);
    assert_eq!(i.to_string(), "{ 0, ?, 1 }");
    assert_eq!(Init::Code("x".into()).to_string(), "[{x}]");
    let d = Init::Dag {
        op: Box::new(Init::Def("op".into())),
        op_name: Some("o".into()),
        args: vec![
            (Init::Int(1), None),
            (Init::String("s".into()), Some("n".into())),
        ],
        locs: Default::default(),
    };
    assert_eq!(d.to_string(), "(op:$o 1, \"s\":$n)");
    assert_eq!(
        RecTy::List(Box::new(RecTy::Record(vec!["A".into(), "B".into()]))).to_string(),
        "list<{A, B}>"
    );
    assert!(!Init::List(vec![Init::Expr("x".into())]).is_concrete());
}

#[test]
fn empty_input_is_valid() {
    let rk = parse("");
    assert_eq!(rk.defs().count(), 0);
    assert_eq!(
        rk.print_records(),
        "------------- Classes -----------------\n------------- Defs -----------------\n"
    );
}
