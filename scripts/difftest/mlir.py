"""Parser and printer for the generic form of the MLIR subset difftest uses.

Every program the difftest tool interprets is first printed by
`mlir-opt --mlir-print-op-generic`, so one small parser of the generic form
serves the input and every optimized output alike. Properties and
attributes are kept as raw text per key (only a few are ever interpreted);
the printer writes the same generic form back, which the reducer needs to
produce candidate programs.
"""

import re


class Op:
    """One operation: results, name, operands, successors, props, regions."""

    def __init__(self, name):
        self.name = name
        self.results = []  # list of (value name, type text)
        self.operands = []  # list of value names
        self.operand_types = []
        self.successors = []  # list of block labels
        self.props = {}  # key -> raw attribute text (insertion-ordered)
        self.attrs = {}
        self.regions = []  # list of Region

    def prop(self, key, default=None):
        return self.props.get(key, self.attrs.get(key, default))


class Block:
    def __init__(self, label):
        self.label = label  # e.g. "^bb1"; None for an unlabeled entry block
        self.args = []  # list of (value name, type text)
        self.ops = []


class Region:
    def __init__(self):
        self.blocks = []


class ParseError(Exception):
    pass


class Parser:
    def __init__(self, text):
        # Drop `// ...` comments (block predecessor notes); no string in the
        # subset contains `//`.
        self.s = re.sub(r"//[^\n]*", "", text)
        self.i = 0

    def ws(self):
        s, i = self.s, self.i
        while i < len(s) and s[i] in " \t\r\n":
            i += 1
        self.i = i

    def peek(self, tok):
        self.ws()
        return self.s.startswith(tok, self.i)

    def eat(self, tok):
        if self.peek(tok):
            self.i += len(tok)
            return True
        return False

    def expect(self, tok):
        if not self.eat(tok):
            raise ParseError(f"expected {tok!r} at {self.s[self.i:self.i + 40]!r}")

    def ident(self, pat=r"[%^@!]?[A-Za-z0-9_.$\-]+(#[0-9]+)?(:[0-9]+)?"):
        self.ws()
        m = re.compile(pat).match(self.s, self.i)
        if not m:
            raise ParseError(f"expected identifier at {self.s[self.i:self.i + 40]!r}")
        self.i = m.end()
        return m.group(0)

    def balanced(self, stops):
        """Raw text up to one of `stops` at nesting depth 0 (`->` is no bracket)."""
        self.ws()
        s, i, depth, start = self.s, self.i, 0, self.i
        while i < len(s):
            c = s[i]
            if c == '"':
                j = i + 1
                while s[j] != '"':
                    j += 2 if s[j] == "\\" else 1
                i = j + 1
                continue
            if c == "-" and s.startswith("->", i):
                i += 2
                continue
            if depth == 0 and c in stops:
                break
            if c in "([{<":
                depth += 1
            elif c in ")]}>":
                if depth == 0:
                    break
                depth -= 1
            i += 1
        self.i = i
        return s[start:i].strip()

    def dict_body(self, close):
        d = {}
        while not self.peek(close):
            key = self.ident(r"[A-Za-z_][A-Za-z0-9_$.]*")
            if self.eat("="):
                d[key] = self.balanced(",}")
            else:
                d[key] = "unit"
            self.eat(",")
        self.expect(close)
        return d

    def type_list(self):
        """`(t, t)` or a single type."""
        if self.eat("("):
            ts = []
            while not self.eat(")"):
                ts.append(self.balanced(",)"))
                self.eat(",")
            return ts
        return [self.balanced(",)}\n")]

    def module(self):
        ops = []
        while True:
            self.ws()
            if self.i >= len(self.s):
                return ops
            ops.append(self.op())

    def op(self):
        results = []
        if self.peek("%"):
            while True:
                name = self.ident()
                n = 1
                if ":" in name:
                    name, cnt = name.split(":")
                    n = int(cnt)
                if n == 1:
                    results.append(name)
                else:
                    results += [f"{name}#{k}" for k in range(n)]
                if not self.eat(","):
                    break
            self.expect("=")
        self.ws()
        m = re.compile(r'"([^"]+)"').match(self.s, self.i)
        if not m:
            raise ParseError(f"expected op name at {self.s[self.i:self.i + 40]!r}")
        self.i = m.end()
        op = Op(m.group(1))
        self.expect("(")
        while not self.eat(")"):
            op.operands.append(self.ident())
            self.eat(",")
        if self.eat("["):
            while not self.eat("]"):
                op.successors.append(self.ident())
                self.eat(",")
        if self.eat("<{"):
            op.props = self.dict_body("}>")
        if self.eat("("):
            while True:
                op.regions.append(self.region())
                if not self.eat(","):
                    break
            self.expect(")")
        if self.eat("{"):
            op.attrs = self.dict_body("}")
        self.expect(":")
        op.operand_types = self.type_list()
        self.expect("->")
        rtypes = self.type_list()
        if rtypes == [""] or rtypes == []:
            rtypes = []
        if self.peek("loc("):
            self.balanced("\n")
        if len(rtypes) != len(results):
            raise ParseError(f"{op.name}: {len(results)} results, {len(rtypes)} types")
        op.results = list(zip(results, rtypes))
        return op

    def region(self):
        self.expect("{")
        r = Region()
        cur = None
        while not self.eat("}"):
            if self.peek("^"):
                cur = Block(self.ident())
                if self.eat("("):
                    while not self.eat(")"):
                        v = self.ident()
                        self.expect(":")
                        t = self.balanced(",)")
                        if self.peek("loc("):
                            self.balanced(",)")
                        cur.args.append((v, t))
                        self.eat(",")
                self.expect(":")
                r.blocks.append(cur)
                continue
            if cur is None:
                cur = Block(None)
                r.blocks.append(cur)
            cur.ops.append(self.op())
        return r


def parse(text):
    return Parser(text).module()


def _results_text(op):
    """Group `%x#0, %x#1` back into `%x:2` when the names allow it."""
    names = [n for n, _ in op.results]
    if not names:
        return ""
    base = names[0].split("#")[0]
    if len(names) > 1 and all(n == f"{base}#{k}" for k, n in enumerate(names)):
        return f"{base}:{len(names)} = "
    return ", ".join(names) + " = "


def _types(ts):
    if len(ts) == 1 and not ts[0].startswith("("):
        return ts[0]
    return "(" + ", ".join(ts) + ")"


def print_op(op, ind, out):
    line = ind + _results_text(op) + f'"{op.name}"(' + ", ".join(op.operands) + ")"
    if op.successors:
        line += "[" + ", ".join(op.successors) + "]"
    if op.props:
        line += " <{" + ", ".join(f"{k} = {v}" if v != "unit" else k for k, v in op.props.items()) + "}>"
    if op.regions:
        out.append(line + " ({")
        for k, r in enumerate(op.regions):
            if k:
                out.append(ind + "}, {")
            print_region_body(r, ind + "  ", out)
        line = ind + "})"
    if op.attrs:
        line += " {" + ", ".join(f"{k} = {v}" if v != "unit" else k for k, v in op.attrs.items()) + "}"
    line += " : (" + ", ".join(op.operand_types) + ") -> " + _types([t for _, t in op.results])
    out.append(line)


def print_region_body(r, ind, out):
    for k, b in enumerate(r.blocks):
        if b.label is not None or k > 0 or b.args:
            label = b.label or "^bb0"
            args = ", ".join(f"{v}: {t}" for v, t in b.args)
            out.append(ind[:-2] + label + (f"({args})" if b.args else "") + ":")
        for op in b.ops:
            print_op(op, ind, out)


def print_module(ops):
    out = []
    for op in ops:
        print_op(op, "", out)
    return "\n".join(out) + "\n"


def walk(ops):
    """Every op, pre-order."""
    for op in ops:
        yield op
        for r in op.regions:
            for b in r.blocks:
                yield from walk(b.ops)


def count_ops(ops):
    """Op count, not counting builtin.module."""
    return sum(1 for op in walk(ops) if op.name != "builtin.module")
