// Inheritance, template arguments, let overrides, multiclasses, foreach and
// dags with names: the core of what ODS and DRR rely on.

class Named<string n> {
  string name = n;
  string defName = NAME;
}

class Shape<int rank, string desc = "shape"> : Named<desc> {
  int r = rank;
  string summary = desc # " of rank " # rank;
  list<int> dims = !listsplat(0, rank);
  int doubled = !mul(r, 2);
  string tail = "filled later";
  // Refers to another field: resolved after all overrides.
  string late = tail;
}

class Tensor<int rank> : Shape<rank, "tensor"> {
  let tail = "tensor tail";
  bit isTensor = 1;
}

def T1 : Tensor<1>;
def T3 : Tensor<3> {
  let summary = "custom";
  let isTensor = 0;
}

// Diamond inheritance keeps both paths in the superclass list.
class Root { int root = 0; }
class Left : Root { let root = 1; }
class Right : Root { int right = 2; }
def Diamond : Left, Right;

// Named template arguments.
class Opts<int a = 1, int b = 2, int c = 3> {
  int sum = !add(a, b, c);
}
def NamedArgs : Opts<10, c = 30>;

// Top-level let blocks apply after superclasses, before the body.
let tail = "let tail" in
def Let1 : Shape<2>;

let tail = "outer", r = 9 in {
  def Let2 : Shape<4>;
  let tail = "inner" in
  def Let3 : Shape<5>;
}

// defvar at top level and in bodies.
defvar kPrefix = "pre_";
def Vars {
  defvar local = kPrefix # "local";
  string s = local;
}

// Anonymous class instances as values (shared when the arguments match).
class Pair<int a, int b> {
  int first = a;
  int second = b;
}
def UsesPairs {
  Pair p = Pair<1, 2>;
  Pair q = Pair<1, 2>;
  int f = Pair<3, 4>.second;
}

// Dags with operator and argument names.
def ins;
def outs;
def Op1 {
  dag arguments = (ins Named<"x">:$lhs, Named<"y">:$rhs);
  dag results = (outs:$res Named<"r">:$out);
  dag empty = (ins);
}

// Multiclasses with template arguments and NAME.
multiclass Widths<string kind, int base = 8> {
  def _8 : Shape<base, kind>;
  def _16 : Shape<!mul(base, 2), kind> { let tail = NAME # "_16"; }
  def NAME # _named : Named<kind # "_named">;
}
defm Int : Widths<"int">;
defm Flt : Widths<"float", 16>;

// A multiclass using another multiclass, and defm inheriting a class.
multiclass Both<string kind> {
  defm _a : Widths<kind>;
  def _b : Named<kind>;
}
class Tag { string tag = "tagged"; }
defm Combo : Both<"combo">, Tag;

// foreach over lists and ranges, with pasted names.
foreach i = [1, 2] in
  def Loop # i : Shape<i>;

foreach n = 0...1 in {
  foreach s = ["a", "b"] in {
    def Grid_ # n # _ # s : Named<s # n>;
  }
}

// Anonymous defs.
def : Named<"anon1">;
def : Named<"anon2">;

// if/then/else at the top level.
defvar kOn = 1;
if kOn then {
  def IfTrue : Named<"yes">;
} else {
  def IfFalse : Named<"no">;
}
