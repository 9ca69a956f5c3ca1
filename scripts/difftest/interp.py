"""Reference interpreter for the difftest subset (generic form, see mlir.py).

Values: integers are unsigned bit patterns of their width (index is 64 bits,
as rmlir and mlir-opt fold it), f32 values are Python floats rounded to
single precision, and POISON is a distinct value. Semantics follow upstream
MLIR 22: division by zero (and signed division overflow) is undefined
behaviour, `nsw`/`nuw` overflow and over-wide shifts give poison, branching on
poison is undefined behaviour, `arith.select` on a poison condition gives
poison. A run that reaches undefined behaviour raises UB: the program makes
no claim for that input. Calls to external (body-less) functions are
recorded as a trace of (callee, args) and return values that depend only on
the callee, the call's position in the trace and the result index.
"""

import math
import struct


class Poison:
    def __repr__(self):
        return "poison"


POISON = Poison()


class UB(Exception):
    pass


class OutOfFuel(Exception):
    pass


class Unsupported(Exception):
    pass


def width(t):
    if t == "index":
        return 64
    if t.startswith("i"):
        return int(t[1:])
    raise Unsupported(f"type {t}")


def f32(x):
    """Round a Python float to single precision (overflow gives inf)."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        # Round-to-nearest overflow: beyond the largest finite f32.
        return math.copysign(math.inf, x)


def sext(v, w):
    return v - (1 << w) if v >> (w - 1) & 1 else v


def parse_int_attr(text, t):
    """`3 : i32`, `-1 : index`, `true`, `false` -> unsigned bit pattern."""
    v = text.split(":")[0].strip()
    if v == "true":
        return 1
    if v == "false":
        return 0
    return int(v, 0) & ((1 << width(t)) - 1)


def parse_float_attr(text):
    v = text.rsplit(":", 1)[0].strip()
    if v.startswith("0x"):
        return struct.unpack(">f", int(v, 16).to_bytes(4, "big"))[0]
    return f32(float(v))


def ext_value(callee, index, k, t):
    """The deterministic value an external call returns."""
    h = (sum(map(ord, callee)) * 31 + index * 7 + k * 13) % 11
    small = [0, 1, 2, 3, 5, 7, -1, -2, 4, 6, 100][h]
    if t == "f32":
        return f32(small / 2)
    w = width(t)
    return small & ((1 << w) - 1)


CMPI = {
    0: lambda a, b, w: a == b,
    1: lambda a, b, w: a != b,
    2: lambda a, b, w: sext(a, w) < sext(b, w),
    3: lambda a, b, w: sext(a, w) <= sext(b, w),
    4: lambda a, b, w: sext(a, w) > sext(b, w),
    5: lambda a, b, w: sext(a, w) >= sext(b, w),
    6: lambda a, b, w: a < b,
    7: lambda a, b, w: a <= b,
    8: lambda a, b, w: a > b,
    9: lambda a, b, w: a >= b,
}


def cmpf(p, a, b):
    uno = math.isnan(a) or math.isnan(b)
    table = {
        0: False, 1: not uno and a == b, 2: not uno and a > b, 3: not uno and a >= b,
        4: not uno and a < b, 5: not uno and a <= b, 6: not uno and a != b, 7: not uno,
        8: uno or a == b, 9: uno or a > b, 10: uno or a >= b, 11: uno or a < b,
        12: uno or a <= b, 13: uno or a != b, 14: uno, 15: True,
    }
    return table[p]


def flags(op):
    f = op.prop("overflowFlags", "")
    return ("nsw" in f, "nuw" in f)


class Interp:
    def __init__(self, module_ops, fuel=200000):
        self.funcs = {}
        for op in module_ops:
            if op.name == "builtin.module":
                for b in op.regions[0].blocks:
                    for f in b.ops:
                        self._add(f)
            else:
                self._add(op)
        self.fuel = fuel

    def _add(self, f):
        if f.name == "func.func":
            self.funcs[f.prop("sym_name").strip('"')] = f

    def run(self, name, args):
        self.trace = []
        self.env = {}
        f = self.funcs[name]
        res = self.region(f.regions[0], args)
        return res, self.trace

    def get(self, v):
        return self.env[v]

    def region(self, r, args):
        """Run a region from its entry block; return the terminator's values
        (and, for scf.condition, the condition first)."""
        blocks = {b.label: b for b in r.blocks}
        b = r.blocks[0]
        while True:
            for (v, _), a in zip(b.args, args):
                self.env[v] = a
            for op in b.ops[:-1]:
                self.step(op)
            t = b.ops[-1]
            self.tick()
            vals = [self.get(v) for v in t.operands]
            n = t.name
            if n == "cf.br":
                b, args = blocks[t.successors[0]], vals
            elif n == "cf.cond_br":
                seg = [int(x) for x in t.prop("operandSegmentSizes").split(":")[1].rstrip(">").split(",")]
                c = vals[0]
                if c is POISON:
                    raise UB("cond_br on poison")
                tv, fv = vals[1:1 + seg[1]], vals[1 + seg[1]:]
                b, args = (blocks[t.successors[0]], tv) if c else (blocks[t.successors[1]], fv)
            elif n == "cf.switch":
                seg = [int(x) for x in t.prop("operandSegmentSizes").split(":")[1].rstrip(">").split(",")]
                flag = vals[0]
                if flag is POISON:
                    raise UB("switch on poison")
                default = vals[1:1 + seg[1]]
                rest = vals[1 + seg[1]:]
                cases = t.prop("case_values")
                case_vals = []
                if cases:
                    body = cases[cases.index("<") + 1:cases.rindex(">")]
                    body = body.split(">")[0].strip("[] ")
                    w = width(t.operand_types[0])
                    case_vals = [int(x) & ((1 << w) - 1) for x in body.split(",") if x.strip()]
                    if "dense<" in cases and "[" not in cases.split(":")[0] and len(case_vals) == 1:
                        pass
                segs = t.prop("case_operand_segments")
                csegs = [int(x) for x in segs.split(":")[1].rstrip(">").split(",")] if segs and ":" in segs else []
                b, args = blocks[t.successors[0]], default
                off = 0
                for k, cv in enumerate(case_vals):
                    n_ops = csegs[k] if k < len(csegs) else 0
                    if cv == flag:
                        b, args = blocks[t.successors[k + 1]], rest[off:off + n_ops]
                        break
                    off += n_ops
            else:
                return vals

    def tick(self):
        self.fuel -= 1
        if self.fuel < 0:
            raise OutOfFuel()

    def step(self, op):
        self.tick()
        n = op.name
        vals = [self.get(v) for v in op.operands]
        out = self.eval(op, n, vals)
        for (r, _), v in zip(op.results, out):
            self.env[r] = v

    def eval(self, op, n, vals):
        rt = [t for _, t in op.results]
        if n == "arith.constant":
            if rt[0] == "f32":
                return [parse_float_attr(op.prop("value"))]
            return [parse_int_attr(op.prop("value"), rt[0])]
        if n == "ub.poison":
            return [POISON]
        if n == "func.call":
            return self.call(op.prop("callee").lstrip("@").strip('"'), vals, rt)
        if n.startswith("scf."):
            return self.scf(op, n, vals)
        if n == "arith.select":
            c, a, b = vals
            if c is POISON:
                return [POISON]
            return [a if c else b]
        if any(v is POISON for v in vals):
            if n in ("arith.divsi", "arith.divui", "arith.remsi", "arith.remui",
                     "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi") and vals[1] is POISON:
                raise UB("division by poison")
            return [POISON] * len(rt)
        if n in ("arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.negf",
                 "arith.maximumf", "arith.minimumf", "arith.cmpf", "arith.sitofp", "arith.uitofp"):
            return [self.floats(op, n, vals)]
        t = op.operand_types[0]
        w = width(t)
        m = (1 << w) - 1
        if n == "arith.cmpi":
            return [int(CMPI[int(op.prop("predicate").split(":")[0])](vals[0], vals[1], w))]
        if n in ("arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui"):
            wo = width(rt[0])
            v = vals[0]
            signed = n in ("arith.extsi", "arith.index_cast")
            if signed:
                v = sext(v, w)
            if n == "arith.trunci":
                nsw, nuw = flags(op)
                if (nsw and sext(v & ((1 << wo) - 1), wo) != sext(v, w)) or (nuw and v >> wo):
                    return [POISON]
            return [v & ((1 << wo) - 1)]
        a, b = vals
        sa, sb = sext(a, w), sext(b, w)
        if n in ("arith.addi", "arith.subi", "arith.muli"):
            nsw, nuw = flags(op)
            f = {"arith.addi": lambda x, y: x + y, "arith.subi": lambda x, y: x - y,
                 "arith.muli": lambda x, y: x * y}[n]
            if nsw and not (-(1 << (w - 1)) <= f(sa, sb) < (1 << (w - 1))):
                return [POISON]
            if nuw and not (0 <= f(a, b) <= m):
                return [POISON]
            return [f(a, b) & m]
        if n == "arith.andi":
            return [a & b]
        if n == "arith.ori":
            return [a | b]
        if n == "arith.xori":
            return [a ^ b]
        if n in ("arith.shli", "arith.shrui", "arith.shrsi"):
            if b >= w:
                return [POISON]
            if n == "arith.shli":
                nsw, nuw = flags(op)
                r = (a << b) & m
                if (nuw and (a << b) >> w) or (nsw and sext(r, w) >> b != sa):
                    return [POISON]
                return [r]
            if n == "arith.shrui":
                return [a >> b]
            return [(sa >> b) & m]
        if n in ("arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"):
            s = n.endswith("si")
            x, y = (sa, sb) if s else (a, b)
            r = max(x, y) if "max" in n else min(x, y)
            return [r & m]
        if n in ("arith.divui", "arith.remui", "arith.ceildivui"):
            if b == 0:
                raise UB("division by zero")
            if n == "arith.divui":
                return [a // b]
            if n == "arith.remui":
                return [a % b]
            return [-(-a // b) & m]
        if n in ("arith.divsi", "arith.remsi", "arith.ceildivsi", "arith.floordivsi"):
            if b == 0:
                raise UB("division by zero")
            if sa == -(1 << (w - 1)) and sb == -1:
                raise UB("signed division overflow")
            q = abs(sa) // abs(sb)
            q = q if (sa >= 0) == (sb >= 0) else -q  # truncating quotient
            if n == "arith.divsi":
                return [q & m]
            if n == "arith.remsi":
                return [(sa - q * sb) & m]
            if n == "arith.floordivsi":
                return [(sa // sb) & m]
            return [(-(-sa // sb)) & m]
        raise Unsupported(n)

    def floats(self, op, n, vals):
        if n == "arith.sitofp":
            return f32(float(sext(vals[0], width(op.operand_types[0]))))
        if n == "arith.uitofp":
            return f32(float(vals[0]))
        if n == "arith.negf":
            return -vals[0]
        a, b = vals
        if n == "arith.cmpf":
            return int(cmpf(int(op.prop("predicate").split(":")[0]), a, b))
        if n == "arith.addf":
            return f32(a + b)
        if n == "arith.subf":
            return f32(a - b)
        if n == "arith.mulf":
            return f32(a * b)
        if n == "arith.divf":
            if b == 0:
                if a == 0 or math.isnan(a):
                    return math.nan
                return math.copysign(math.inf, a) * math.copysign(1, b)
            return f32(a / b)
        if math.isnan(a) or math.isnan(b):
            return math.nan
        if n == "arith.maximumf":
            return a if (a > b or (a == b and math.copysign(1, a) > 0)) else b
        return a if (a < b or (a == b and math.copysign(1, a) < 0)) else b

    def call(self, callee, vals, rt):
        f = self.funcs.get(callee)
        if f is None:
            raise Unsupported(f"unknown callee {callee}")
        if f.regions and f.regions[0].blocks:
            saved = self.env
            self.env = {}
            res = self.region(f.regions[0], vals)
            self.env = saved
            return res
        idx = len(self.trace)
        self.trace.append((callee, tuple(vals)))
        return [ext_value(callee, idx, k, t) for k, t in enumerate(rt)]

    def scf(self, op, n, vals):
        if n == "scf.if":
            c = vals[0]
            if c is POISON:
                raise UB("scf.if on poison")
            if c:
                return self.region(op.regions[0], [])
            if op.regions[1].blocks:
                return self.region(op.regions[1], [])
            return []
        if n == "scf.execute_region":
            return self.region(op.regions[0], [])
        if n == "scf.index_switch":
            x = vals[0]
            if x is POISON:
                raise UB("index_switch on poison")
            cases = op.prop("cases")
            cs = []
            if cases and ":" in cases:
                cs = [int(c) & ((1 << 64) - 1) for c in cases.split(":")[1].rstrip(">").split(",") if c.strip()]
            for k, c in enumerate(cs):
                if c == x:
                    return self.region(op.regions[k + 1], [])
            return self.region(op.regions[0], [])
        if n == "scf.for":
            lb, ub, st = vals[:3]
            it = list(vals[3:])
            if POISON in (lb, ub, st):
                raise UB("scf.for bound is poison")
            w = width(op.operand_types[0])
            lb, ub, st = sext(lb, w), sext(ub, w), sext(st, w)
            if st <= 0:
                raise UB("scf.for step is not positive")
            i = lb
            while i < ub:
                self.tick()
                it = self.region(op.regions[0], [i & ((1 << w) - 1)] + it)
                i += st
            return it
        if n == "scf.while":
            args = list(vals)
            while True:
                self.tick()
                cv = self.region(op.regions[0], args)
                c, fwd = cv[0], cv[1:]
                if c is POISON:
                    raise UB("scf.condition on poison")
                if not c:
                    return fwd
                args = self.region(op.regions[1], fwd)
        raise Unsupported(n)


def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) and math.isnan(b):
            return True
        return struct.pack("f", a) == struct.pack("f", b)
    return a == b


def refines(src, tgt):
    """Does value tgt refine src (poison may become anything)?"""
    return src is POISON or (tgt is not POISON and same(src, tgt))
