// Literal values, types and conversions.

/* Block comments /* nest */ like in TableGen. */

def Literals {
  int i = 42;
  int neg = -17;
  int hex = 0x1F;
  int big = 0xFFFFFFFFFFFFFFFF;
  bits<4> bin = 0b1010;
  bits<8> from_int = 200;
  bits<3> mixed = {1, 0, ?};
  bit t = true;
  bit f = false;
  bit one = 1;
  string s = "tab\tquote\"backslash\\";
  string adjacent = "a" "b" "c";
  code c = [{ multi
    line "code" }];
  string from_code = [{ plain }];
  list<int> ints = [1, 2, 3,];
  list<string> empty = [];
  list<list<int>> nested = [[1], [], [2, 3]];
  list<int> typed = []<int>;
  dag d = (Literals 1:$a, "two":$b, $c, ?);
  dag named_op = (Literals:$op);
  string unset = ?;
  int from_bits = bin;
}

class Base {
  int x = 1;
  string y = "base";
}

def Overrides : Base {
  let x = 2;
  int z = x;
  field string nonconcrete = ?;
}

// Redeclaring a field sets it again.
def Redecl {
  int a = 1;
  int a = 2;
}

// Self-references through the def's own name resolve at the end.
def SelfRef {
  string me = !cast<string>(SelfRef);
  bits<2> bb = {1, 1};
  bit b0 = bb{0};
  bits<2> swapped = bb{0-1};
}

def FieldAccess {
  int x = Overrides.x;
  list<int> l = Literals.ints;
  int second = Literals.ints[1];
  list<int> slice = Literals.ints[0...1];
  list<int> picked = Literals.ints[2, 0];
}

// Forward declaration, then definition.
class Fwd;
class Fwd {
  int v = 3;
}
def UsesFwd : Fwd;

// Identifiers may start with digits.
class 2D { int dims = 2; }
def Shape2D : 2D;

// `bits<0>` takes any integer and keeps none of it (found by the tablegen
// fuzz target: the fit check underflowed).
def ZeroBits {
  bits<0> b = 7;
}
