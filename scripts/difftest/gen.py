#!/usr/bin/env python3
"""Random valid, terminating `func` modules for semantic differential tests.

One public function `@main` whose body is a multi-block `cf` CFG (`cf.br`,
`cf.cond_br`, `cf.switch`, block arguments, counted back-edge loops, pairs of
identical and nearly identical blocks) of `arith` ops over i1/i8/i32/i64/
index/f32 and nested `scf` ops (`scf.if`, `scf.for` with `iter_args`
including zero- and one-trip loops, bounded `scf.while`, `scf.index_switch`,
`scf.execute_region` holding its own CFG), optionally calling external
functions `func.func private @extN`. Every loop is bounded by a counter
compared against a small bound, so every program terminates.

Usage: gen.py SEED  (prints the module in custom form)
"""

import random
import sys

INT_TYPES = ["i1", "i8", "i32", "i64", "index"]
TYPES = INT_TYPES + ["f32"]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.exts = {}  # name -> (arg types, result types)
        self.lines = []

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def emit(self, ind, s):
        self.lines.append("  " * ind + s)

    # ---- values -------------------------------------------------------------
    def const(self, scope, t, ind, val=None):
        r = self.r
        v = self.fresh()
        if t == "f32":
            x = val if val is not None else r.choice([0.0, 1.0, -1.0, 2.5, -0.0, 3.0, 0.5])
            self.emit(ind, f"{v} = arith.constant {x!r} : f32".replace("-0.0 ", "-0.000000e+00 "))
        elif t == "i1":
            x = val if val is not None else r.choice([0, 1])
            self.emit(ind, f"{v} = arith.constant {'true' if x else 'false'}")
        else:
            x = val if val is not None else r.choice([0, 1, 2, 3, -1, 5, 7, 8, -128, 127, 255, 64])
            if t == "i8":
                x = max(-128, min(127, x))
            self.emit(ind, f"{v} = arith.constant {x} : {t}")
        scope.append((v, t))
        return v

    def pick(self, scope, t, ind):
        c = [v for v, vt in scope if vt == t]
        if not c or self.r.random() < 0.12:
            return self.const(scope, t, ind)
        # Prefer recent values so that the data flow is deep.
        return c[-1 - min(len(c) - 1, int(self.r.expovariate(0.5)))]

    def small_index(self, scope, ind, lo=0, hi=4):
        """An index value in [lo, hi] (a constant or a clamped argument)."""
        r = self.r
        if r.random() < 0.6:
            return self.const(scope, "index", ind, r.randint(lo, hi))
        x = self.pick(scope, "index", ind)
        mask = self.const(scope, "index", ind, 3)
        v = self.fresh()
        self.emit(ind, f"{v} = arith.andi {x}, {mask} : index")
        if lo:
            lv = self.const(scope, "index", ind, lo)
            w = self.fresh()
            self.emit(ind, f"{w} = arith.addi {v}, {lv} : index")
            v = w
        scope.append((v, "index"))
        return v

    # ---- straight-line ops --------------------------------------------------
    def arith(self, scope, ind):
        r = self.r
        k = r.random()
        t = r.choice(TYPES)
        v = self.fresh()
        if t == "f32":
            if k < 0.5:
                op = r.choice(["addf", "subf", "mulf"])
                a, b = self.pick(scope, t, ind), self.pick(scope, t, ind)
                self.emit(ind, f"{v} = arith.{op} {a}, {b} : f32")
            elif k < 0.7:
                a, b = self.pick(scope, t, ind), self.pick(scope, t, ind)
                p = r.choice(["oeq", "olt", "ole", "one", "ueq", "ult", "ord", "uno"])
                self.emit(ind, f"{v} = arith.cmpf {p}, {a}, {b} : f32")
                scope.append((v, "i1"))
                return
            elif k < 0.85:
                c, a, b = self.pick(scope, "i1", ind), self.pick(scope, t, ind), self.pick(scope, t, ind)
                self.emit(ind, f"{v} = arith.select {c}, {a}, {b} : f32")
            else:
                it = r.choice(["i8", "i32", "i1"])
                a = self.pick(scope, it, ind)
                self.emit(ind, f"{v} = arith.sitofp {a} : {it} to f32")
            scope.append((v, t))
            return
        if k < 0.45:
            ops = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"]
            if t != "i1":
                ops += ["addi", "subi", "muli", "shli", "shrsi", "shrui", "divsi", "divui", "remsi", "remui"]
            op = r.choice(ops)
            a, b = self.pick(scope, t, ind), self.pick(scope, t, ind)
            if op in ("divsi", "divui", "remsi", "remui") and r.random() < 0.7:
                b = self.const(scope, t, ind, r.choice([1, 2, 3, -1, 7]))
            if op in ("shli", "shrsi", "shrui") and r.random() < 0.7:
                b = self.const(scope, t, ind, r.choice([0, 1, 2, 3]))
            fl = ""
            if op in ("addi", "subi", "muli") and r.random() < 0.3:
                fl = " overflow<" + r.choice(["nsw", "nuw", "nsw, nuw"]) + ">"
            self.emit(ind, f"{v} = arith.{op} {a}, {b}{fl} : {t}")
            scope.append((v, t))
        elif k < 0.65:
            a, b = self.pick(scope, t, ind), self.pick(scope, t, ind)
            p = r.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"])
            self.emit(ind, f"{v} = arith.cmpi {p}, {a}, {b} : {t}")
            scope.append((v, "i1"))
        elif k < 0.8:
            c, a, b = self.pick(scope, "i1", ind), self.pick(scope, t, ind), self.pick(scope, t, ind)
            self.emit(ind, f"{v} = arith.select {c}, {a}, {b} : {t}")
            scope.append((v, t))
        else:
            # Casts between integer types.
            order = ["i1", "i8", "i32", "i64"]
            src = r.choice(INT_TYPES)
            a = self.pick(scope, src, ind)
            if src == "index":
                dst = r.choice(["i32", "i64", "i8"])
                op = r.choice(["index_cast", "index_castui"])
            else:
                choices = [x for x in order if x != src] + ["index"]
                dst = r.choice(choices)
                if dst == "index":
                    op = r.choice(["index_cast", "index_castui"])
                elif order.index(dst) > order.index(src):
                    op = r.choice(["extsi", "extui"])
                else:
                    op = "trunci"
            self.emit(ind, f"{v} = arith.{op} {a} : {src} to {dst}")
            scope.append((v, dst))

    def call(self, scope, ind):
        r = self.r
        if self.exts and r.random() < 0.5:
            name = r.choice(sorted(self.exts))
            ats, rts = self.exts[name]
        else:
            name = f"@ext{len(self.exts)}"
            ats = [r.choice(TYPES) for _ in range(r.randint(0, 2))]
            rts = [r.choice(TYPES) for _ in range(r.randint(0, 2))]
            self.exts[name] = (ats, rts)
        args = [self.pick(scope, t, ind) for t in ats]
        res = [self.fresh() for _ in rts]
        lhs = (", ".join(res) + " = ") if res else ""
        self.emit(ind, f"{lhs}func.call {name}({', '.join(args)}) : ({', '.join(ats)}) -> ({', '.join(rts)})")
        scope += list(zip(res, rts))

    def stmts(self, scope, ind, depth, n=None):
        r = self.r
        for _ in range(n if n is not None else r.randint(1, 5)):
            k = r.random()
            if depth < 3 and k < 0.25:
                self.structured(scope, ind, depth + 1)
            elif k < 0.33:
                self.call(scope, ind)
            else:
                self.arith(scope, ind)

    # ---- scf ---------------------------------------------------------------
    def yield_(self, scope, ind, types, op="scf.yield"):
        vals = [self.pick(scope, t, ind) for t in types]
        if types:
            self.emit(ind, f"{op} {', '.join(vals)} : {', '.join(types)}")
        else:
            self.emit(ind, op)

    def results(self, rts):
        if not rts:
            return [], ""
        names = [self.fresh() for _ in rts]
        return names, ", ".join(names) + " = "

    def structured(self, scope, ind, depth):
        r = self.r
        kind = r.choice(["if", "for", "for", "while", "switch", "exec"])
        rts = [r.choice(TYPES) for _ in range(r.randint(0, 2))]
        sig = f" -> ({', '.join(rts)})" if rts else ""
        if kind == "if":
            c = self.pick(scope, "i1", ind)
            names, lhs = self.results(rts)
            self.emit(ind, f"{lhs}scf.if {c}{sig} {{")
            inner = list(scope)
            self.stmts(inner, ind + 1, depth)
            self.yield_(inner, ind + 1, rts)
            if rts or r.random() < 0.5:
                self.emit(ind, "} else {")
                inner = list(scope)
                self.stmts(inner, ind + 1, depth)
                self.yield_(inner, ind + 1, rts)
            self.emit(ind, "}")
        elif kind == "for":
            trip = r.choice(["zero", "one", "small", "var"])
            t = "index" if r.random() < 0.8 else r.choice(["i32", "i64"])
            step = r.choice([1, 1, 2, 3])
            lbv = r.randint(0, 2)
            if trip == "zero":
                ubv = lbv - r.randint(0, 1)
            elif trip == "one":
                ubv = lbv + r.randint(1, step)
            else:
                ubv = lbv + r.randint(2, 6)
            if t == "index":
                lb = self.const(scope, t, ind, lbv)
                ub = self.const(scope, t, ind, ubv) if trip != "var" else self.small_index(scope, ind)
                st = self.const(scope, t, ind, step)
            else:
                lb, ub, st = (self.const(scope, t, ind, x) for x in (lbv, ubv, step))
            inits = [self.pick(scope, x, ind) for x in rts]
            iv = self.fresh()
            iters = [self.fresh() for _ in rts]
            names, lhs = self.results(rts)
            ia = ""
            if rts:
                ia = " iter_args(" + ", ".join(f"{a} = {b}" for a, b in zip(iters, inits)) + f") -> ({', '.join(rts)})"
            ty = f" : {t}" if t != "index" else ""
            self.emit(ind, f"{lhs}scf.for {iv} = {lb} to {ub} step {st}{ia}{ty} {{")
            inner = list(scope) + [(iv, t)] + list(zip(iters, rts))
            self.stmts(inner, ind + 1, depth)
            if rts and r.random() < 0.3:
                # Yield the induction variable or an iter_arg unchanged.
                vals = []
                for x, it in zip(rts, iters):
                    vals.append(iv if x == t and r.random() < 0.6 else it)
                self.emit(ind + 1, f"scf.yield {', '.join(vals)} : {', '.join(rts)}")
            else:
                self.yield_(inner, ind + 1, rts)
            self.emit(ind, "}")
        elif kind == "while":
            n = self.small_index(scope, ind, 0, 4)
            c0 = self.const(scope, "index", ind, 0)
            inits = [self.pick(scope, x, ind) for x in rts]
            names, lhs = self.results(rts)
            i = self.fresh()
            its = [self.fresh() for _ in rts]
            all_t = ["index"] + rts
            bind = ", ".join(f"{a} = {b}" for a, b in zip([i] + its, [c0] + inits))
            outs = [self.fresh() for _ in all_t]
            wres = [self.fresh() for _ in all_t]
            self.emit(ind, f"{', '.join(wres)} = scf.while ({bind}) : ({', '.join(all_t)}) -> ({', '.join(all_t)}) {{")
            inner = list(scope) + [(i, "index")] + list(zip(its, rts))
            self.stmts(inner, ind + 1, depth, r.randint(0, 2))
            c = self.fresh()
            self.emit(ind + 1, f"{c} = arith.cmpi slt, {i}, {n} : index")
            fwd = [i] + [self.pick(inner, x, ind + 1) for x in rts]
            self.emit(ind + 1, f"scf.condition({c}) {', '.join(fwd)} : {', '.join(all_t)}")
            self.emit(ind, "} do {")
            self.emit(ind, f"^bb0({', '.join(f'{a}: {b}' for a, b in zip(outs, all_t))}):")
            inner = list(scope) + list(zip(outs[1:], rts))
            one = self.const(inner, "index", ind + 1, 1)
            i2 = self.fresh()
            self.emit(ind + 1, f"{i2} = arith.addi {outs[0]}, {one} : index")
            self.stmts(inner, ind + 1, depth, r.randint(0, 3))
            vals = [i2] + [self.pick(inner, x, ind + 1) for x in rts]
            self.emit(ind + 1, f"scf.yield {', '.join(vals)} : {', '.join(all_t)}")
            self.emit(ind, "}")
            names = wres[1:]
        elif kind == "switch":
            x = self.small_index(scope, ind, 0, 4) if r.random() < 0.7 else self.pick(scope, "index", ind)
            cases = sorted(r.sample(range(0, 5), r.randint(0, 3)))
            names, lhs = self.results(rts)
            self.emit(ind, f"{lhs}scf.index_switch {x}" + (f" -> {', '.join(rts)}" if rts else ""))
            for c in cases + ["default"]:
                self.emit(ind, f"case {c} {{" if c != "default" else "default {")
                inner = list(scope)
                self.stmts(inner, ind + 1, depth, r.randint(0, 3))
                self.yield_(inner, ind + 1, rts)
                self.emit(ind, "}")
        else:
            names, lhs = self.results(rts)
            attr = " no_inline" if r.random() < 0.15 else ""
            self.emit(ind, f"{lhs}scf.execute_region{sig}{attr} {{")
            self.cfg(list(scope), ind + 1, depth, rts, "scf.yield", r.randint(1, 3))
            self.emit(ind, "}")
        scope += list(zip(names, rts))

    # ---- cf ----------------------------------------------------------------
    def cfg(self, outer, ind, depth, rts, ret, nblocks):
        """A region body of nblocks blocks (plus loop and duplicate blocks);
        branches only go forward except counted loops' back edges."""
        r = self.r
        # Plan the blocks: each is (label, arg types, kind).
        plan = []
        for k in range(nblocks):
            plan.append({"kind": "plain", "args": [r.choice(TYPES) for _ in range(r.randint(0, 2))] if k else []})
            if k + 1 < nblocks and r.random() < 0.25:
                # A counted loop: header(i, acc) -> body -> header; exits forward.
                acc = r.choice(TYPES)
                plan.append({"kind": "header", "args": ["index", acc]})
                plan.append({"kind": "body", "args": ["index", acc]})
            elif k + 1 < nblocks and r.random() < 0.2:
                # Twin blocks (identical or nearly identical), both branching
                # to the same later block.
                plan.append({"kind": "twin1", "args": [r.choice(TYPES)]})
                plan.append({"kind": "twin2", "args": plan[-1]["args"]})
        for k, p in enumerate(plan):
            p["label"] = f"^bb{k}" if k else None
        base_scope = list(outer)
        entry_scope = None
        twin_text = None
        for k, p in enumerate(plan):
            args = [(self.fresh(), t) for t in p["args"]]
            if k:
                self.emit(ind - 1, f"{p['label']}({', '.join(f'{a}: {t}' for a, t in args)}):" if args else f"{p['label']}:")
            scope = list(entry_scope if entry_scope is not None else base_scope) + args
            later = [j for j in range(k + 1, len(plan)) if plan[j]["kind"] not in ("body", "twin2")]
            if p["kind"] == "twin2" and twin_text is not None:
                # Re-emit twin1's ops with fresh names (maybe one constant changed).
                self.replay(twin_text, args, ind)
                continue
            start, start_n = len(self.lines), self.n
            if p["kind"] == "header":
                n = self.const(scope, "index", ind, r.randint(0, 3))
                c = self.fresh()
                self.emit(ind, f"{c} = arith.cmpi slt, {args[0][0]}, {n} : index")
                tgt = r.choice(later) if later else None
                self.emit(ind, f"cf.cond_br {c}, {plan[k + 1]['label']}({args[0][0]}, {args[1][0]} : index, {p['args'][1]}), "
                          + self.dest(plan, tgt, scope, ind, rts, ret, inline=True))
                continue
            if p["kind"] == "body":
                self.stmts(scope, ind, depth, r.randint(0, 3))
                one = self.const(scope, "index", ind, 1)
                i2 = self.fresh()
                self.emit(ind, f"{i2} = arith.addi {args[0][0]}, {one} : index")
                acc = self.pick(scope, p["args"][1], ind)
                self.emit(ind, f"cf.br {plan[k - 1]['label']}({i2}, {acc} : index, {p['args'][1]})")
                continue
            self.stmts(scope, ind, depth, r.randint(0, 4))
            if k == 0:
                entry_scope = list(scope)
            if p["kind"] == "twin1":
                tgt = r.choice([j for j in later if j > k + 1]) if [j for j in later if j > k + 1] else None
                self.emit(ind, self.branch_to(plan, tgt, scope, ind, rts, ret))
                twin_text = (self.lines[start:], args, start_n)
                continue
            self.terminator(plan, k, later, scope, ind, rts, ret)

    def replay(self, twin, args, ind):
        lines, old_args, start_n = twin
        text = "\n".join(lines)
        import re
        names = sorted(set(re.findall(r"%v[0-9]+", text)), key=lambda s: -len(s))
        # Values numbered after the twin's start are the ones it defines.
        defined = {n for n in names if int(n[2:]) > start_n}
        mapping = {}
        for n in names:
            if n in defined:
                mapping[n] = self.fresh()
        for (a, _), (b, _) in zip(old_args, args):
            mapping[a] = b
        out = re.sub(r"%v[0-9]+", lambda m: mapping.get(m.group(0), m.group(0)), text)
        if self.r.random() < 0.5:
            # Nearly identical: change one integer constant.
            out = re.sub(r"(arith.constant )(-?[0-9]+)( : i(?:32|64))", lambda m: m.group(1) + str(int(m.group(2)) + 1) + m.group(3), out, count=1)
        for line in out.split("\n"):
            self.lines.append(line)

    def dest(self, plan, j, scope, ind, rts, ret, inline=False):
        """`^bbJ(args : types)` for block j (j is None: impossible here)."""
        p = plan[j]
        vals = [self.pick(scope, t, ind) for t in p["args"]]
        if p["kind"] == "header":
            vals = [self.const(scope, "index", ind, 0), self.pick(scope, p["args"][1], ind)]
        if vals:
            return f"{p['label']}({', '.join(vals)} : {', '.join(p['args'])})"
        return p["label"]

    def branch_to(self, plan, j, scope, ind, rts, ret):
        if j is None:
            vals = [self.pick(scope, t, ind) for t in rts]
            return f"{ret} {', '.join(vals)} : {', '.join(rts)}" if rts else ret
        return "cf.br " + self.dest(plan, j, scope, ind, rts, ret)

    def terminator(self, plan, k, later, scope, ind, rts, ret):
        r = self.r
        twins = [j for j in later if plan[j]["kind"] == "twin1"]
        if not later:
            self.emit(ind, self.branch_to(plan, None, scope, ind, rts, ret))
            return
        x = r.random()
        if twins and x < 0.6:
            j = twins[0]
            c = self.pick(scope, "i1", ind)
            a = self.dest(plan, j, scope, ind, rts, ret)
            b = self.dest(plan, j + 1, scope, ind, rts, ret)
            self.emit(ind, f"cf.cond_br {c}, {a}, {b}")
        elif x < 0.35:
            self.emit(ind, self.branch_to(plan, r.choice(later), scope, ind, rts, ret))
        elif x < 0.75:
            c = self.pick(scope, "i1", ind)
            a = self.dest(plan, r.choice(later), scope, ind, rts, ret)
            b = self.dest(plan, r.choice(later), scope, ind, rts, ret)
            self.emit(ind, f"cf.cond_br {c}, {a}, {b}")
        else:
            t = r.choice(["i32", "i8", "i64"])
            flag = self.pick(scope, t, ind)
            cases = sorted(r.sample(range(-1, 6), r.randint(1, 3)))
            d = self.dest(plan, r.choice(later), scope, ind, rts, ret)
            cs = ", ".join(f"{c}: " + self.dest(plan, r.choice(later), scope, ind, rts, ret) for c in cases)
            self.emit(ind, f"cf.switch {flag} : {t}, [default: {d}, {cs}]")

    def module(self):
        r = self.r
        ats = [r.choice(TYPES) for _ in range(r.randint(1, 4))]
        rts = [r.choice(TYPES) for _ in range(r.randint(1, 2))]
        args = [(f"%a{k}", t) for k, t in enumerate(ats)]
        body_start = len(self.lines)
        self.cfg(list(args), 1, 0, rts, "return", r.randint(1, 4))
        body = self.lines[body_start:]
        self.lines = self.lines[:body_start]
        for name in sorted(self.exts):
            a, res = self.exts[name]
            self.emit(0, f"func.func private {name}({', '.join(a)}) -> ({', '.join(res)})")
        sig = ", ".join(f"{a}: {t}" for a, t in args)
        self.emit(0, f"func.func @main({sig}) -> ({', '.join(rts)}) {{")
        self.lines += body
        self.emit(0, "}")
        return "\n".join(self.lines) + "\n"


def generate(seed):
    return Gen(seed).module()


if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1])))
