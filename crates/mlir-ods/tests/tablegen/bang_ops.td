// Bang operators, folded in defs and kept symbolic in classes.

class Rec<int v> { int val = v; string name = "r" # v; }
def R1 : Rec<1>;
def R2 : Rec<2>;
class Other;
def O1 : Other;

def Strings {
  string concat = !strconcat("a", "b", "c");
  string lower = !tolower("MiXeD");
  string upper = !toupper("MiXeD");
  string subst = !subst("$x", "VAL", "f($x, $x)");
  int find = !find("hello world", "o");
  int find_from = !find("hello world", "o", 5);
  int find_none = !find("abc", "z");
  string substr = !substr("abcdef", 1, 3);
  string substr_tail = !substr("abcdef", 4);
  int size = !size("four");
  bit empty_str = !empty("");
  string interleave = !interleave(["x", "y", "z"], ", ");
  string interleave_ints = !interleave([1, 2, 3], "-");
  string cast_int = !cast<string>(42);
  string cast_def = !cast<string>(R1);
  string paste_int = "n" # 7;
}

def Ints {
  int add = !add(1, 2, 3);
  int sub = !sub(10, 4);
  int mul = !mul(3, 4, 2);
  int div = !div(17, 5);
  int and = !and(12, 10);
  int or = !or(12, 3);
  int xor = !xor(12, 10);
  int shl = !shl(1, 10);
  int sra = !sra(-16, 2);
  int srl = !srl(16, 2);
  int not = !not(0);
  int log = !logtwo(1024);
  bit eq = !eq(1, 1);
  bit ne = !ne("a", "b");
  bit lt = !lt(1, 2);
  bit le = !le(2, 2);
  bit gt = !gt("b", "a");
  bit ge = !ge(1, 2);
  bit def_eq = !eq(R1, R1);
  bit def_ne = !ne(R1, R2);
  int ifv = !if(!and(1, 0), 10, 20);
  int cond = !cond(!eq(1, 2): 1, !eq(2, 2): 2, true: 3);
}

def Lists {
  list<int> concat = !listconcat([1], [2, 3], []);
  list<string> splat = !listsplat("s", 3);
  list<int> remove = !listremove([1, 2, 3, 2], [2]);
  int head = !head([7, 8]);
  list<int> tail = !tail([7, 8, 9]);
  int size = !size([1, 2]);
  bit empty = !empty([]<int>);
  list<int> squares = !foreach(x, [1, 2, 3], !mul(x, x));
  list<int> filter = !filter(x, [1, 2, 3, 4], !eq(!and(x, 1), 0));
  int foldl = !foldl(0, [1, 2, 3, 4], acc, e, !add(acc, e));
  list<int> range1 = !range(4);
  list<int> range2 = !range(2, 5);
  list<int> range3 = !range(10, 0, -3);
  list<int> range_list = !range(["a", "b", "c"]);
  list<Rec> recs = [R1, R2];
  list<int> vals = !foreach(r, recs, r.val);
  list<int> paste = [1] # [2];
  list<int> flat = !listflatten([[1, 2], [3]]);
}

def Records {
  bit isa_yes = !isa<Rec>(R1);
  bit isa_no = !isa<Other>(R1);
  bit exists_yes = !exists<Rec>("R2");
  bit exists_no = !exists<Rec>("Nope");
  Rec cast = !cast<Rec>("R" # 2);
  int fieldval = !cast<Rec>("R1").val;
  bit initialized = !initialized(R1);
  bit uninitialized = !initialized(?);
}

def op;
def other_op;
def Dags {
  dag base = (op 1:$a, "s":$b);
  dag con = !con((op 1:$a), (op 2:$b));
  dag built = !dag(op, [1, 2], ["x", "y"]);
  dag unnamed = !dag(op, [1, 2], ?);
  int getarg = !getdagarg<int>(base, 0);
  string getarg_name = !getdagarg<string>(base, "b");
  string getname = !getdagname(base, 0);
  dag setop = !setdagop(base, other_op);
  string getop = !cast<string>(!getdagop(base));
  dag setarg = !setdagarg(base, "a", 5);
  dag setname = !setdagname(base, 1, "c");
  int size = !size(base);
  dag mapped = !foreach(x, (op R1:$a, (op R2):$b), x);
}

// In a class, operators over template arguments stay symbolic.
class Symbolic<int n, list<string> l> {
  int sum = !add(n, 1);
  string joined = !interleave(l, ",");
  list<string> mapped = !foreach(s, l, s # "!");
  int folded = !foldl(n, [1, 2], a, b, !add(a, b));
  bit big = !gt(n, 10);
  string picked = !if(!gt(n, 10), "big", "small");
  Rec r = Rec<n>;
  int rv = Rec<n>.val;
}
def Sym : Symbolic<11, ["p", "q"]>;
