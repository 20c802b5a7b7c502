"""The fast path: the commonest body lines parsed without Lark.

Lark's LALR parser runs at roughly 100k tokens/s in CPython, too slow for
machine-generated bodies of 10^5 statements.  `FastLine` parses the common
body lines (rails, labels, assignments, calls, infix chains, gotos,
returns) directly with the grammar's own terminal regexes and the same node
builders; any line it is not sure about -- keywords, quotes, `$(`,
`where`, brackets, errors -- it declines (returns None) and the line goes
to Lark.  So the grammar stays the one definition of the language: the fast
path accepts a subset and must build exactly what Lark builds (tested on
every sample line by tests/syntax/test_parser.py).

Three tiers, cheapest first, each declining to the next: `shape_re` takes
the commonest machine-generated lines whole (one match, nodes built from
its groups by `_shape`), `simple_re` plain infix chains and calls (one
token scan, `_simple`), and `_line` the general Pratt parser.

In a file (`split_fast`) the lines `shape_re` takes are not built at all:
each is kept as a `MatchedLine`, a `BodyLine` holding only the record of
its match (`match_record`: the groups, the label's int, the columns; one
tuple made while the match is at hand, nothing converted or resolved
twice) and its line number.  `irc.ir.build` reads the record
(`raw_stmt`) and makes the IR statement from it directly, so a
million-line body never has its syntax nodes nor its packed tuples.
Anything else that reads a field turns the line, in place, into the
`PackedLine` `_pack` makes of its match (`materialize`): a `BodyLine` whose
statement is one small tuple of interned strings and ints until something
reads `.stmt`; then it is exactly the node `_shape` builds (tested against
the nodes by tests/syntax/test_packed_lines.py and
tests/ir/test_packed_build_equals_general.py).  The plain
tokens of the first two are subsets of grammar terminals (`PLAIN_ATOMS`,
checked by tests/syntax/test_fastpath_equals_lark.py, which also compares all three
tiers with Lark line by line).

`split_fast(lines)` applies it to a file: the line objects it built, and
the text left for Lark (see `irc.syntax.parser`).
"""
from __future__ import annotations

import functools
import re


from irc.syntax import tree as S
from irc.syntax.lines import SyntaxBuilder, classify_value, int_kind, slot_from_text, unescape
from irc.syntax.operators import NARY, NORMALIZE_OP, PREC, climb, normalize_op

def terminal_regex(name: str) -> str:
    from irc.syntax.grammar import grammar_text

    m = re.search(r"^%s(?:\.\d+)?: /(.*)/$" % name, grammar_text(), re.M)
    assert m, name
    return m.group(1)


_LINE_START_REJECT = re.compile(
    r"[\t ]*(?:$|#|julia>|\)|@[\t ]|[┌└│╎╻┃╷|][\t ]*@[\t ]|(?:function|struct|mutable|abstract|const|global|declare|end|"
    r"MethodInstance|from|Body|CodeInfo)(?![\w#!])|(?:Arguments|Locals|Variables|Static)(?![\w!]))"
)  # a section word before `#` is a SECTION token (grammar: followed by end of line or a comment)
# The plain tokens of the simple paths, each a subset of a grammar terminal
# (tests/syntax/test_fastpath_equals_lark.py checks that): ASCII names, `%N`, decimal
# numbers, ASCII operators (`:op` is then a QOP).
_PLAIN_NAME = r"[A-Za-z_][A-Za-z_0-9!]*+"  # possessive: what follows a name is never a name character
PLAIN_ATOMS = ((r"%\d+", "SSA"), (_PLAIN_NAME, "NAME"), (r"\d+\.\d+(?:e[-+]?\d+)?", "FLOAT"), (r"\d+", "INT"))
PLAIN_OP = r"===|!==|==|!=|<=|>=|[-+*/<>]"
# `shape_re`'s atom: PLAIN_ATOMS' alternatives in one, possessive (same matches there, see `shape_re`)
_SHAPE_ATOM = r"%\d++|[A-Za-z_][A-Za-z_0-9!]*+|\d++(?:\.\d++(?:e[-+]?\d++)?)?"
_SIMPLE_SPLIT = re.compile(r"[^\s(),]+|[(),]").findall
_SIMPLE_NOT_NAMES = frozenset({"goto", "return", "unreachable", "enter", "function", "struct", "mutable", "abstract",
                               "const", "global", "declare", "end", "isa", "in", "where", "Arguments", "Locals",
                               "Variables", "Static", "Body", "CodeInfo", "MethodInstance", "from", "julia"})
# `nothing = x` is an error ("cannot assign to a literal"): Lark reports it
_NOT_TARGETS = _SIMPLE_NOT_NAMES | {"nothing", "true", "false"}
_MARKER_WORDS = frozenset({"dynamic", "builtin", "intrinsic", "unknown"})  # the grammar's MARKER words
_STMT_KEYWORDS = frozenset({"goto", "return", "unreachable", "enter", "function", "struct", "mutable", "abstract",
                            "const", "global", "declare", "end"})


def shape_pattern(guarded: bool = False) -> str:
    """`FastLine.shape_re`'s pattern (see the comment there).  `guarded`
    adds `accepts`' checks as lookaheads: a name group (target, operand,
    callee, `::T`) that is a keyword, and a target that is no name
    (`nothing`, `true`, `false`, `_N`), refuse the line.  They only refuse:
    a line `accepts` takes matches with the same groups, and one it
    declines does not match (each such group has no other way through the
    pattern: see `irc.syntax.matches`)."""
    t = terminal_regex
    ws = r"[ \t]*+"
    op = f"(?:{PLAIN_OP})"
    qop = rf"(?:\.:(?:{PLAIN_OP}))"
    callee = rf"{_PLAIN_NAME}(?:\.{_PLAIN_NAME})*"
    if guarded:
        # each guard first checks the next character against the words' first letters (one test
        # for most names: `x1`, `%3`, digits), then the words themselves
        def alternatives(ws: frozenset) -> str:
            return "(?=[%s])(?:%s)" % ("".join(sorted({w[0] for w in ws})),
                                       "|".join(sorted(ws, key=lambda w: (-len(w), w))))
        words, targets = alternatives(_SIMPLE_NOT_NAMES), alternatives(_NOT_TARGETS)
        end = "(?![A-Za-z_0-9!])"  # the name ends there (names are possessive runs of these)
        name_guard = f"(?!{words}{end})"
        target_guard = rf"(?!{targets}{end}|_\d+{end})"
        callee_guard = rf"(?!{words}\()"  # a callee is one word exactly when `(` follows the word
        cap = rf"(%\d++|{name_guard}(?:{_SHAPE_ATOM}))"  # (`%N` first: no guard; the guard refuses names only)
    else:
        name_guard = target_guard = callee_guard = ""
        cap = rf"({_SHAPE_ATOM})"
    return (rf"{ws}(?:({t('RAIL_HEAD')})|│|└─*)?{ws}"
            rf"(?:%(\d++){ws}={ws})?(?:({target_guard}{_PLAIN_NAME}){ws}={ws}(?!=))?"
            rf"(?:{cap}(?:[ \t]++({op})[ \t]++{cap})?"
            rf"|({callee_guard}{callee}{qop}?)\({ws}{cap}{ws},{ws}{cap}(?:{ws},{ws}{cap})?{ws}\))"
            rf"(?:::({name_guard}{_PLAIN_NAME}))?{ws}\r?$")


class FastLine:
    """A tiny Pratt parser for one body line (see the comment above)."""

    def __init__(self) -> None:
        t = terminal_regex
        self.head_re = re.compile(r"[\t ]*(?:(?P<RAIL_HEAD>%s)|(?P<RAIL_MID>%s)|(?P<RAIL_END>%s))?[\t ]*(?:(?P<LABEL>%s)[\t ]*)?"
                                  % (t("RAIL_HEAD"), t("RAIL_MID"), t("RAIL_END"), t("LABEL")))
        self.operand_re = re.compile(
            r"[\t ]*(?:(?P<HASHNUM>%s)|(?P<VARSTR>%s)|(?P<HEXINT>%s)|(?P<FLOAT>%s)|(?P<NAME>%s)|(?P<SSA>%s)(?!new\()|(?P<SLOTAT>%s)"
            r"|(?P<INT>%s)|(?P<STRING>%s)|(?P<SYMBOL>%s)|(?P<PREFIX>%s)|(?P<LPAR>\())"
            % (t("HASHNUM"), t("VARSTR"), t("HEXINT"), t("FLOAT"), t("NAME"), t("SSA"), t("SLOTAT"), t("INT"), t("STRING"),
               t("SYMBOL"), t("PREFIX"))
        )
        self.op_re = re.compile(
            r"[\t ]*(?:(?P<COMMENT>%s)|(?P<DCOLON>::)|(?P<ELLIPSIS>\.\.\.)|(?P<BINOP>%s)|(?P<P>[(){},^.=\[\]])|(?P<WHERE>where(?![\w#!]))|(?P<EOL>\r?$))"
            % (t("COMMENT"), t("BINOP"))
        )
        self.qpart_re = re.compile(r"(?:(?P<NAME>%s)|(?P<VARSTR>%s)|(?P<QOP>%s))" % (t("NAME"), t("VARSTR"), t("QOP")))
        self.hashnum_re = re.compile(r"[\t ]*(%s)" % t("HASHNUM"))
        self.word_re = re.compile(r"[\t ]*(%s)" % t("NAME"))
        self.marker_re = re.compile(t("MARKER"))
        self.b = SyntaxBuilder()
        self.parts: dict[str, tuple[str, ...]] = {}  # name text -> its shared `Name.parts` (per file, see split_fast)
        self.atoms: dict = {}  # atom text -> its packed value (`FastLine._pack_atom`; per file, see split_fast)
        self.labels: dict[int, int] = {}  # label -> the int object of its `%N =`, shared by the `%N` operands after it
        self.texts: dict[str, str] = {}  # a name's or number's text -> its one string object (per file, see split_fast)
        # The simplest and commonest lines (machine-generated straight-line code):
        # [rail] [%N =] [name =] (callee(chain, …) | chain), a chain being plain
        # atoms (SSA, ASCII names, decimal numbers) joined by arithmetic and
        # comparison operators.  One regex checks the whole line; `_simple`
        # then builds the nodes from one token scan.
        atom = "(?:%s)" % "|".join(p for p, _ in PLAIN_ATOMS)
        op = f"(?:{PLAIN_OP})"
        chain = rf"{atom}(?:[ \t]+{op}[ \t]+{atom})*"
        callee = rf"{_PLAIN_NAME}(?:\.{_PLAIN_NAME})*"
        call = rf"{callee}\((?:[ \t]*{chain}(?:[ \t]*,[ \t]*{chain})*)?[ \t]*\)"
        self.simple_re = re.compile(
            rf"[ \t]*(?:(?P<RAIL_HEAD>{t('RAIL_HEAD')})|(?P<RAIL_MID>│)|(?P<RAIL_END>└─*))?[ \t]*"
            rf"(?:%(?P<label>\d+)[ \t]*=[ \t]*)?(?:(?P<target>[A-Za-z_][A-Za-z_0-9!]*)[ \t]*=[ \t]*(?!=))?"
            rf"(?P<rhs>{call}|{chain})[ \t]*\r?$"
        )
        # The commonest shapes of all, one regex with numbered groups so
        # `_shape` builds the nodes straight from them: [rail] [%N =] [name =]
        # then `a`, `a op b` or `callee(a, b[, c])` with plain atoms; a callee
        # may end in an operator name (`Base.:*`); then maybe `::T`, T a plain
        # name (`::Float64`, as Julia prints types).  Groups: 1 RAIL_HEAD,
        # 2 label, 3 target, 4 a, 5 op, 6 b, 7 callee, 8-10 arguments, 11 T.
        # Possessive quantifiers wherever what follows cannot start the same
        # way (blanks before a non-blank, digits and names before a
        # non-digit, non-name character), and a number as one possessive
        # digit run with an optional fraction: the same lines and groups as
        # the plain pattern (`SHAPE_RE_PLAIN`; tests/syntax/test_packed_lines.py
        # compares them on every sample line and generated lines), with less
        # backtracking.
        self.shape_re = re.compile(shape_pattern())

    # A tiny token: (type, text, col) -- col 1-based.
    def parse(self, text: str, lineno: int):
        m = self.shape_re.match(text)
        if m is not None:
            out = self._shape(m, lineno)
            if out is not None:
                return out
        return self.parse_rest(text, lineno)

    def parse_rest(self, text: str, lineno: int):
        """`parse` for a line `shape_re` did not take."""
        m = self.simple_re.match(text)
        if m is not None:
            out = self._simple(m, text, lineno)
            if out is not None:
                return out
        if _LINE_START_REJECT.match(text):
            return None
        try:
            return self._line(text, lineno)
        except (_Decline, RecursionError):  # deep nesting: Lark parses it without recursion
            return None

    def _shape(self, m, ln: int):
        """Build a line `shape_re` accepted, straight from its groups (None:
        leave it to `parse_rest`): the `BodyLine` that `_pack`'s line
        stands for (`PackedLine.unpacked`).  Builds what `_simple` / `_line`
        build: `::T` binds tighter than an operator, and on a statement
        without a target it is the line's annotation."""
        out = self._pack(m, ln)
        return None if out is None else out.unpacked()

    def _pack(self, m, ln: int):
        """A line `shape_re` accepted as a `PackedLine` (None: leave it to
        `parse_rest`): no syntax nodes, only the packed tuple (see
        `PackedLine`).  Declines exactly where building the nodes would (a
        keyword operand or callee, a target that is no name).

        This runs once per line of a large body: atoms other than `%N` are
        packed once per file (`atoms`: text -> `pack_atom`'s value, False
        for a keyword), a `%N` operand after its label is the label's int
        object (`labels`: one int per statement, not two, here and in the
        IR), and the line is built field by field."""
        return self._pack_groups(m.groups(), m.start, ln)

    def _pack_groups(self, groups: tuple, start, ln: int):
        """`_pack` of a match given as its groups and its `start` (group
        number -> offset; the label may be given as its int)."""
        rh, label, target, a, op, b, callee, x, y, z, typ = groups
        atoms = self.atoms
        labels = self.labels
        annot = None
        if typ is not None:
            annot = _atom_node(typ, ln, start(11) + 1, self.parts)
            if annot is None:
                return None
        if target is not None:
            if target in _NOT_TARGETS or (target[0] == "_" and target[1:].isdigit()):
                return None
            parts = self.parts
            tparts = parts.get(target) or parts.setdefault(target, (target,))
            col = tcol = start(3) + 1
        else:
            tparts = tcol = None
        if a is None:
            if "." in callee:
                parts = self.parts
                f = parts.get(callee)
                if f is None:
                    f = parts[callee] = qualified_parts(callee)
            else:
                f = atoms.get(callee)
                if f is None:
                    f = self._pack_atom(callee)
                if f is False:
                    return None
            if x[0] == "%":
                x = int(x[1:])
                x = labels.get(x, x)
            else:
                x = atoms.get(x) or self._pack_atom(x)
                if x is False:
                    return None
            if y[0] == "%":
                y = int(y[1:])
                y = labels.get(y, y)
            else:
                y = atoms.get(y) or self._pack_atom(y)
                if y is False:
                    return None
            vcol = start(7) + 1
            if z is None:
                packed = (2, tparts, tcol, None, f, vcol, x, start(8) + 1, y, start(9) + 1)
            else:
                if z[0] == "%":
                    z = int(z[1:])
                    z = labels.get(z, z)
                else:
                    z = atoms.get(z) or self._pack_atom(z)
                    if z is False:
                        return None
                packed = (2, tparts, tcol, None, f, vcol, x, start(8) + 1, y, start(9) + 1, z, start(10) + 1)
        else:
            vcol = start(4) + 1
            if a[0] == "%":
                a = int(a[1:])
                a = labels.get(a, a)
            else:
                a = atoms.get(a) or self._pack_atom(a)
                if a is False:
                    return None
            if op is None:
                packed = (0, tparts, tcol, None, a, vcol)
            else:
                if b[0] == "%":
                    b = int(b[1:])
                    b = labels.get(b, b)
                else:
                    b = atoms.get(b) or self._pack_atom(b)
                    if b is False:
                        return None
                packed = (1, tparts, tcol, annot, a, vcol, atoms.get(op) or self._pack_atom(op), start(5) + 1, b, start(6) + 1)
                annot = None  # `::T` binds to the right operand
        if annot is not None and tparts is not None:  # `x = v::T`: the value is typed, the line is not annotated
            packed = packed[:3] + (annot,) + packed[4:]
            annot = None
        if tparts is None:
            col = vcol
        out = _new(PackedLine)
        _set_stmt(out, packed)
        if rh is None:
            out.header = None
            out.header_kind = ""
        else:
            num = rh.split()[0]
            out.header = int(num)
            out.header_kind = rh[len(num):].strip()[:1]
        if label is None:
            out.label = None
        else:
            lab = int(label)
            out.label = labels.setdefault(lab, lab)
        out.annotation = annot
        out.line = ln
        out.col = col
        out.marker = ""
        return out

    def _pack_atom(self, a: str):
        """`pack_atom` of a plain atom other than `%N`, remembered in
        `atoms` (False: a keyword, the line is declined); an operator's
        text gives its `parts` (`(op,)`)."""
        if a[0] in "+-*/<>=!":
            v = self.parts.get(a) or self.parts.setdefault(a, (a,))
        else:
            v = pack_atom(a, self.parts)
        if v is None:
            v = False
        self.atoms[a] = v
        return v

    def _simple(self, m, text: str, ln: int):
        """Build a line the simple regex accepted (None: leave it to the general path).

        One pass over the tokens: operands and operators collect into `items`;
        `(`, `,`, `)` delimit the callee's arguments (the regex guarantees the
        shape, so no checks are needed here)."""
        target = m.group("target")
        if target is not None and (target in _NOT_TARGETS or (target[0] == "_" and target[1:].isdigit())):
            return None
        rs = m.start("rhs")
        pos = rs
        find = text.find
        items: list = []
        func = None
        args: list | None = None
        for tok in _SIMPLE_SPLIT(text, rs, m.end("rhs")):
            at = find(tok, pos)
            pos = at + len(tok)
            c = tok[0]
            if c == "%":
                items.append(S.SSA(int(tok[1:]), ln, at + 1))
            elif c.isalpha() or c == "_":
                if "." in tok:
                    items.append(S.Name(tuple(tok.split(".")), ln, at + 1))
                elif tok in _SIMPLE_NOT_NAMES:
                    return None
                elif tok == "nothing" or tok == "true" or tok == "false" or c == "_":
                    items.append(self.b.qualname([_Tok(tok, ln, at + 1, "NAME")]))
                else:
                    items.append(S.Name((tok,), ln, at + 1))
            elif c.isdigit():
                if "." in tok:
                    items.append(S.Lit(float(tok), "Float64", tok, ln, at + 1))
                else:
                    v = int(tok)
                    items.append(S.Lit(v, int_kind(v), tok, ln, at + 1))
            elif c == "(":
                func = items[0]
                args = []
                items = []
            elif c == "," or c == ")":
                if items:
                    args.append(_finish_chain(items))  # type: ignore[union-attr]
                    items = []
            else:
                items.append(_Tok(tok, ln, at + 1))
        if func is not None:
            value = S.Call(func, args, None, func.line, func.col)
        else:
            value = _finish_chain(items)
        rh = m.group("RAIL_HEAD")
        header = None
        kind = ""
        if rh is not None:
            num = rh.split()[0]
            header = int(num)
            kind = rh[len(num):].strip()[:1]
        label = m.group("label")
        lab = int(label) if label is not None else None
        if target is not None:
            col = m.start("target") + 1
            stmt = S.Assign(slot_from_text(target, ln, col), value, ln, col)
        else:
            stmt = S.ValueStmt(value, value.line, value.col)
        return S.BodyLine(stmt, header, kind, lab, None, stmt.line, stmt.col)

    def _line(self, text: str, ln: int):
        m = self.head_re.match(text)
        pos = m.end()
        header = None
        kind = ""
        rh = m.group("RAIL_HEAD")
        if rh is not None:
            num = rh.split()[0]
            header = int(num)
            kind = rh[len(num):].strip()[:1]
        label = m.group("LABEL")
        lab = int(label[1:].split("=")[0].strip()) if label is not None else None
        self.text = text
        self.ln = ln
        self._op_pos = -1
        self._op_m = None
        stmt, annot, pos = self._stmt(pos)
        om = self._op(pos)
        if om is None or om.lastgroup not in ("EOL", "COMMENT"):
            raise _Decline
        return S.BodyLine(stmt, header, kind, lab, annot, stmt.line, stmt.col)

    def _stmt(self, pos: int):
        text = self.text
        ln = self.ln
        wm = self.word_re.match(text, pos)
        if wm is not None:
            word = wm.group(1)
            col = wm.start(1) + 1
            if word in _MARKER_WORDS and self.marker_re.match(text, wm.start(1)):
                raise _Decline  # a Julia 1.12 statement marker: Lark's MARKER
            if word in _STMT_KEYWORDS:
                p = wm.end()
                if word == "goto":
                    hm = self.hashnum_re.match(text, p)
                    if hm is None:
                        raise _Decline
                    block = int(hm.group(1)[1:])
                    p = hm.end()
                    w2 = self.word_re.match(text, p)
                    if w2 is not None and w2.group(1) == "if":
                        w3 = self.word_re.match(text, w2.end())
                        if w3 is None or w3.group(1) != "not":
                            raise _Decline
                        cond, p = self._expr(w3.end())
                        return S.GotoIfNot(cond, block, ln, col), None, p
                    return S.Goto(block, ln, col), None, p
                if word == "return":
                    om = self.op_re.match(text, p)
                    if om is not None and om.lastgroup in ("EOL", "COMMENT"):
                        return S.Return(None, ln, col), None, p
                    value, p = self._expr(p)
                    return S.Return(value, ln, col), None, p
                if word == "unreachable":
                    return S.Unreachable(ln, col), None, p
                if word == "enter":
                    hm = self.hashnum_re.match(text, p)
                    if hm is None:
                        raise _Decline
                    return S.Enter(int(hm.group(1)[1:]), ln, col), None, hm.end()
                raise _Decline
        # assignment `target = rhs` / `(target = rhs)[::T]`
        om = self.operand_re.match(text, pos)
        if om is None:
            raise _Decline
        g = om.lastgroup
        if g in ("NAME", "SLOTAT", "VARSTR", "HASHNUM"):
            after = self.op_re.match(text, om.end())
            if after is not None and after.lastgroup == "P" and after.group("P") == "=":
                target = self._target(g, om.group(g), om.start(g) + 1)
                value, p = self._expr(after.end())
                return S.Assign(target, value, target.line, target.col), None, p
        elif g == "LPAR":
            tm = self.operand_re.match(text, om.end())
            if tm is not None and tm.lastgroup in ("NAME", "SLOTAT", "VARSTR", "HASHNUM"):
                after = self.op_re.match(text, tm.end())
                if after is not None and after.lastgroup == "P" and after.group("P") == "=":
                    tg = tm.lastgroup
                    target = self._target(tg, tm.group(tg), tm.start(tg) + 1)
                    value, p = self._expr(after.end())
                    close = self.op_re.match(text, p)
                    if close is None or close.group("P") != ")":
                        raise _Decline
                    p = close.end()
                    annot = None
                    dc = self.op_re.match(text, p)
                    if dc is not None and dc.lastgroup == "DCOLON":
                        am = self.operand_re.match(text, dc.end())
                        if am is None or am.lastgroup == "PREFIX":
                            raise _Decline
                        annot, p = self._postfix(am)
                    return S.Assign(target, value, target.line, max(target.col - 1, 1)), annot, p
        value, p = self._expr(pos)
        annot = None
        if isinstance(value, S.Typed):
            annot = value.type
            value = value.expr
        return classify_value(value, getattr(value, "line", 0), getattr(value, "col", 0)), annot, p

    def _target(self, g: str, text: str, col: int):
        if g == "NAME" and text in _NOT_TARGETS:
            raise _Decline
        if g == "SLOTAT":
            return S.SlotRef(None, int(text[2:]), self.ln, col)
        if g == "VARSTR":
            end = text.rfind('"')
            text = unescape(text[4:end]) + text[end + 1:]
        return slot_from_text(text, self.ln, col)

    def _op(self, pos: int):
        """op_re at pos, cached for the last position asked (callers ask twice)."""
        if pos == self._op_pos:
            return self._op_m
        m = self.op_re.match(self.text, pos)
        self._op_pos = pos
        self._op_m = m
        return m

    def _expr(self, pos: int):
        """chain: operand (BINOP operand)*; declines on `where`."""
        first, pos = self._operand(pos)
        items = None
        while True:
            om = self._op(pos)
            if om is None:
                raise _Decline
            g = om.lastgroup
            if g == "BINOP":
                if items is None:
                    items = [first]
                items.append(_Tok(om.group("BINOP"), self.ln, om.start("BINOP") + 1))
                operand, pos = self._operand(om.end())
                items.append(operand)
                continue
            if g == "WHERE":
                raise _Decline
            break
        if items is None:
            return first, pos
        return climb(items), pos

    def _operand(self, pos: int):
        """operand: PREFIX operand | typed ["^" operand]; typed: postfix ("::" postfix)*."""
        om = self.operand_re.match(self.text, pos)
        if om is None:
            raise _Decline
        if om.lastgroup == "PREFIX":
            tok = _Tok(om.group("PREFIX"), self.ln, om.start("PREFIX") + 1)
            operand, p = self._operand(om.end())
            return self.b.prefix([tok, operand]), p
        value, p = self._postfix(om)
        while True:
            m = self._op(p)
            if m is None:
                raise _Decline
            g = m.lastgroup
            if g == "DCOLON":
                tm = self.operand_re.match(self.text, m.end())
                if tm is None or tm.lastgroup == "PREFIX":
                    raise _Decline
                typ, p = self._postfix(tm)
                value = S.Typed(value, typ, value.line, value.col)
                continue
            if g == "P" and m.group("P") == "^":
                rhs, p = self._operand(m.end())
                return self.b.power([value, rhs]), p
            return value, p

    def _postfix(self, om):
        """postfix: atom ("(" args ")" | "{" args "}" | "...")*, from an operand match."""
        value, p = self._atom(om)
        while True:
            m = self._op(p)
            if m is None:
                raise _Decline
            g = m.lastgroup
            if g == "ELLIPSIS":
                value = S.Splat(value, value.line, value.col)
                p = m.end()
                continue
            if g != "P":
                return value, p
            ch = m.group("P")
            if ch == "(":
                if m.start("P") != p:  # `f (x)`: a space before a call's `(` (Lark reports it)
                    raise _Decline
                args, p = self._args(m.end(), ")")
                value = S.Call(value, args, None, value.line, value.col)
            elif ch == "{":
                args, p = self._args(m.end(), "}")
                value = S.Curly(value, args, value.line, value.col)
            elif ch == "[" or ch == ".":
                raise _Decline
            else:
                return value, p

    def _args(self, pos: int, close: str):
        m = self._op(pos)
        if m is not None and m.lastgroup == "P" and m.group("P") == close:
            return [], m.end()
        out = []
        while True:
            e, pos = self._expr(pos)
            out.append(e)
            m = self._op(pos)
            if m is None or m.lastgroup != "P":
                raise _Decline
            ch = m.group("P")
            if ch == close:
                return out, m.end()
            if ch != ",":
                raise _Decline
            pos = m.end()
            m2 = self._op(pos)
            if m2 is not None and m2.lastgroup == "P" and m2.group("P") == close:
                return out, m2.end()

    def _atom(self, om):
        text = self.text
        g = om.lastgroup
        s = om.group(g)
        col = om.start(g) + 1
        ln = self.ln
        p = om.end()
        if g == "NAME":
            if p < len(text) and text[p] == "." and not text.startswith("...", p):
                return self._qualname(_Tok(s, ln, col, g), p)
            if s == "nothing" or s == "true" or s == "false" or "@_" in s or s[0] == "_":
                return self.b.qualname([_Tok(s, ln, col, g)]), p
            return S.Name((s,), ln, col), p
        if g == "SSA":
            return S.SSA(int(s[1:]), ln, col), p
        if g == "INT":
            v = int(s.replace("_", ""))
            return S.Lit(v, int_kind(v), s, ln, col), p
        if g == "VARSTR":
            return self._qualname(_Tok(s, ln, col, g), p)
        if g == "SLOTAT":
            return S.SlotRef(None, int(s[2:]), ln, col), p
        if g == "HASHNUM":
            return S.Name((s,), ln, col), p
        if g == "FLOAT":
            return self.b.float_lit([_Tok(s, ln, col)]), p
        if g == "HEXINT":
            return self.b.hex_lit([_Tok(s, ln, col)]), p
        if g == "STRING":
            return S.Lit(unescape(s[1:-1]), "String", s, ln, col), p
        if g == "SYMBOL":
            return self.b.symbol_lit([_Tok(s, ln, col)]), p
        if g == "LPAR":
            m = self._op(p)
            if m is not None and m.lastgroup == "P" and m.group("P") == ")":
                return S.TupleLit([], ln, col), m.end()
            inner, p = self._expr(p)
            m = self._op(p)
            if m is None or m.lastgroup != "P":
                raise _Decline
            if m.group("P") == ")":
                return inner, m.end()
            if m.group("P") == ",":
                rest, p2 = self._args(m.end(), ")")
                return S.TupleLit([inner] + rest, getattr(inner, "line", 0), max(getattr(inner, "col", 1) - 1, 1)), p2
            raise _Decline
        raise _Decline

    def _qualname(self, first, p: int):
        text = self.text
        ln = self.ln
        parts = [first]
        while p < len(text) and text[p] == "." and not text.startswith("...", p):
            qm = self.qpart_re.match(text, p + 1)
            if qm is None:
                raise _Decline
            qg = qm.lastgroup
            parts.append(_Tok(qm.group(qg), ln, qm.start(qg) + 1, qg))
            p = qm.end()
        return self.b.qualname(parts), p


# the nodes `_shape` builds most, and how (see there)
_SSA, _Name, _Call, _ValueStmt, _BodyLine = S.SSA, S.Name, S.Call, S.ValueStmt, S.BodyLine
_new = object.__new__
_ATOM_WORDS = {w: None for w in _SIMPLE_NOT_NAMES}  # declined (None): keywords, sections …
_ATOM_WORDS.update(nothing=(None, "Nothing"), true=(True, "Bool"), false=(False, "Bool"))


def _atom_node(a: str, ln: int, col: int, parts: dict):
    """One plain atom of `shape_re` (`%N`, an ASCII name, a decimal number)
    -> its node, as `SyntaxBuilder` builds it; None for a keyword.  `parts`
    (`FastLine.parts`) gives every occurrence of a name one shared `parts`
    tuple (and string): a large body names the same few thousand locals
    millions of times."""
    c = a[0]
    if c == "%":  # `%N` and plain names are most atoms of a large body: built field by field (see `_shape`)
        node = _new(_SSA)
        node.n = int(a[1:])
        node.line = ln
        node.col = col
        return node
    if not "A" <= c <= "z":  # a number: ASCII or other Unicode digits (`\d`)
        if "." in a:
            return S.Lit(float(a), "Float64", a, ln, col)
        v = int(a)
        return S.Lit(v, "Int64" if v < 9223372036854775808 else int_kind(v), a, ln, col)
    if a in _ATOM_WORDS:
        lit = _ATOM_WORDS[a]
        return None if lit is None else S.Lit(lit[0], lit[1], a, ln, col)
    if c == "_":
        return slot_from_text(a, ln, col)
    node = _new(_Name)
    node.parts = parts.get(a) or parts.setdefault(a, (a,))
    node.line = ln
    node.col = col
    return node


def qualified_parts(callee: str) -> tuple:
    """The `parts` of a qualified callee of `shape_re` (`Base.getindex`,
    `Base.:*` -> ("Base", "*"))."""
    names = callee.split(".")
    last = names[-1]
    if last[0] == ":":
        names[-1] = normalize_op(last[1:])
    return tuple(names)


def pack_atom(a: str, parts: dict):
    """One plain atom of `shape_re` packed (see `PackedLine`): `%N` -> N
    (int), a plain name -> its shared `parts` tuple, any other atom (a
    number, `_x`, `nothing`, `true`, `false`) -> its text; None for a
    keyword (the line is declined, as `_atom_node` declines it)."""
    c = a[0]
    if c == "%":
        return int(a[1:])
    if "A" <= c <= "z" and c != "_":
        if a in _ATOM_WORDS:
            return None if _ATOM_WORDS[a] is None else a
        return parts.get(a) or parts.setdefault(a, (a,))
    return a


def _unpack_atom(v, ln: int, col: int):
    """The node `_atom_node` builds for a packed atom (`pack_atom`)."""
    t = type(v)
    if t is int:
        node = _new(_SSA)
        node.n = v
    elif t is tuple:
        node = _new(_Name)
        node.parts = v
    else:
        return _atom_node(v, ln, col, {})
    node.line = ln
    node.col = col
    return node


def unpack_stmt(p: tuple, ln: int):
    """The statement node of a packed line (`PackedLine`), exactly as the
    fast path built it before lines were packed (`FastLine._shape`)."""
    form, tparts, tcol, annot, f, vcol = p[:6]
    if form == 0:
        value = _unpack_atom(f, ln, vcol)
    elif form == 1:
        right = _unpack_atom(p[8], ln, p[9])
        if annot is not None:
            right = S.Typed(right, annot, ln, p[9])
            annot = None
        func = _new(_Name)
        func.parts = p[6]
        func.line = ln
        func.col = p[7]
        value = _Call(func, [_unpack_atom(f, ln, vcol), right], p[6][0], ln, vcol)
    else:
        args = [_unpack_atom(p[6], ln, p[7]), _unpack_atom(p[8], ln, p[9])]
        if len(p) > 10:
            args.append(_unpack_atom(p[10], ln, p[11]))
        value = _Call(_unpack_atom(f, ln, vcol), args, None, ln, vcol)
    if tparts is None:
        stmt = _new(_ValueStmt)
        stmt.value = value
        stmt.line = ln
        stmt.col = vcol
        return stmt
    if annot is not None:
        value = S.Typed(value, annot, ln, vcol)
    return S.Assign(_Name(tparts, ln, tcol), value, ln, tcol)


_stmt_slot = _BodyLine.__dict__["stmt"]  # BodyLine's own `stmt` slot (PackedLine's property stands in front of it)
_get_stmt = _stmt_slot.__get__
_set_stmt = _stmt_slot.__set__


class PackedLine(_BodyLine):
    """A body line of the `shape_re` fast path, held packed: `BodyLine`'s
    slots, but its `stmt` slot holds a tuple instead of the statement's
    syntax nodes, until something reads `.stmt` (then the nodes are built
    by `unpack_stmt`, kept, and the line is a plain `BodyLine` in all but
    its class).  A large body's lines are read once, by `irc.ir.build`,
    which turns the tuple straight into the IR statement (`raw_stmt`).

    The tuple: (form, target parts or None, target col, the `::T` node
    inside the statement or None, then form 0 `a`: a, col; form 1
    `a op b`: a, col, op parts, op col, b, col; form 2 `f(x, y[, z])`:
    f, col, x, col, y, col[, z, col]); an atom is `pack_atom`'s (int:
    `%N`, tuple: a plain name's parts, str: any other atom, built by
    `_atom_node`).  Every other field is set as `_shape` set it.  It
    equals, pickles and copies as the `BodyLine` it stands for."""

    __slots__ = ()

    @property
    def stmt(self):
        st = _get_stmt(self)
        if type(st) is tuple:
            st = unpack_stmt(st, self.line)
            _set_stmt(self, st)
        return st

    @stmt.setter
    def stmt(self, value):
        _set_stmt(self, value)

    def unpacked(self) -> S.BodyLine:
        """The plain `BodyLine` this line stands for (fresh nodes while packed)."""
        st = _get_stmt(self)
        if type(st) is tuple:
            st = unpack_stmt(st, self.line)
        return _BodyLine(st, self.header, self.header_kind, self.label, self.annotation, self.line, self.col,
                         self.marker)

    def __eq__(self, other):
        if isinstance(other, PackedLine):
            other = other.unpacked()
        if type(other) is not _BodyLine:
            return NotImplemented
        return self.unpacked() == other

    __hash__ = None  # type: ignore[assignment]  # as BodyLine's (a mutable dataclass)

    def __repr__(self) -> str:
        return repr(self.unpacked())

    def __reduce__(self):
        b = self.unpacked()
        return _BodyLine, (b.stmt, b.header, b.header_kind, b.label, b.annotation, b.line, b.col, b.marker)


_BL = {name: _BodyLine.__dict__[name] for name in _BodyLine.__slots__}  # BodyLine's own slot descriptors


def _matched_field(name: str):
    """A `MatchedLine` field read as its `PackedLine` would hold it: the
    line is packed (`materialize`) first."""

    def get(self):
        return getattr(materialize(self), name)

    def set(self, value):
        setattr(materialize(self), name, value)

    return property(get, set)


class MatchedLine(_BodyLine):
    """A body line `shape_re` took, held as the record of its match
    (`split_fast`): its `stmt` slot holds the tuple `match_record` makes,
    its `line` slot the line number, no other slot is set.  `irc.ir.build`
    makes the IR statement straight from the record (no packed tuple, no
    syntax nodes, no other field read).  Anything else that reads a field
    gets what the `PackedLine` of the line holds (`FastLine._pack` of the
    same match): the line becomes that `PackedLine` in place
    (`materialize`) -- except `label`, `header`, `header_kind`, `col` and
    `marker`, read from the record without packing.  Only lines `_pack`
    accepts are held so (`accepts`).  It equals, copies and pickles as the
    `BodyLine` it stands for (comparing, printing and copying pack a copy,
    not the line itself)."""

    __slots__ = ()

    stmt = _matched_field("stmt")
    annotation = _matched_field("annotation")

    @property
    def label(self):
        return _get_stmt(self)[1]

    @property
    def header(self):
        rh = _get_stmt(self)[0]
        return None if rh is None else int(rh.split()[0])

    @property
    def header_kind(self):
        rh = _get_stmt(self)[0]
        if rh is None:
            return ""
        num = rh.split()[0]
        return rh[len(num):].strip()[:1]

    @property
    def col(self):
        r = _get_stmt(self)
        return r[11] if r[2] is not None else r[12] if r[3] is not None else r[15]

    @property
    def marker(self):
        return ""

    label = label.setter(_matched_field("label").fset)
    header = header.setter(_matched_field("header").fset)
    header_kind = header_kind.setter(_matched_field("header_kind").fset)
    col = col.setter(_matched_field("col").fset)
    marker = marker.setter(_matched_field("marker").fset)

    def packed(self) -> "PackedLine":
        """The `PackedLine` of this line (a new one; this line stays as it is)."""
        r = _get_stmt(self)
        p = fast_line_parser()._pack_groups(r[:11], lambda k: r[k + 8] - 1, _BL["line"].__get__(self))
        assert p is not None, "a MatchedLine holds a line _pack accepts"
        return p

    def unpacked(self) -> S.BodyLine:
        """The plain `BodyLine` this line stands for (fresh nodes; the line stays matched)."""
        return self.packed().unpacked()

    def __eq__(self, other):
        return self.packed().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.packed())

    def __reduce__(self):
        return self.packed().__reduce__()


def match_record(m) -> tuple:
    """What a `MatchedLine` holds of a `shape_re` match `_pack` accepts
    (`split_fast` makes it inline, sharing one string per distinct name or
    number): its 11 groups, the label (group 2) as its int, the groups of
    the other form None; then at index k + 8 the column (offset + 1) of each
    group k in 3..11 the line has (None for the others).  Made while the
    match is at hand, read by `irc.ir.build` without the match.  `m` may
    match the line's own string or the file's text from the line's offset
    (`m.pos`, `irc.syntax.matches`): columns count from the line's start."""
    rh, label, t, a, op, b, callee, x, y, z, typ = m.groups()
    start = m.start
    o = m.pos - 1  # a match of the line's own string starts at 0; one of the file's text at the line's offset
    label = None if label is None else int(label)
    tc = None if t is None else start(3) - o
    tyc = None if typ is None else start(11) - o
    if a is None:  # f(x, y[, z])
        return (rh, label, t, None, None, None, callee, x, y, z, typ,
                tc, None, None, None, start(7) - o, start(8) - o, start(9) - o, None if z is None else start(10) - o, tyc)
    if op is None:  # a
        return (rh, label, t, a, None, None, None, None, None, None, typ,
                tc, start(4) - o, None, None, None, None, None, None, tyc)
    return (rh, label, t, a, op, b, None, None, None, None, typ,  # a op b
            tc, start(4) - o, start(5) - o, start(6) - o, None, None, None, None, tyc)


def accepts(g: tuple) -> bool:
    """Does `FastLine._pack` take the line of these `shape_re` groups?  It
    declines a keyword where a name stands (target, callee, operand, `::T`)
    and a target that is no name (`nothing`, `true`, `false`, `_N`); no
    other group can hold a keyword (digits, operators, rails, qualified
    callees)."""
    if not _SIMPLE_NOT_NAMES.isdisjoint(g):
        return False
    t = g[2]
    return t is None or not (t in _NOT_TARGETS or (t[0] == "_" and t[1:].isdigit()))


def materialize(line) -> "PackedLine":
    """A `MatchedLine` turned, in place, into the `PackedLine` `_pack`
    makes of its match (its class becomes `PackedLine`); other lines as
    they are."""
    if type(line) is MatchedLine:
        p = line.packed()
        for name, slot in _BL.items():
            slot.__set__(line, slot.__get__(p))
        line.__class__ = PackedLine
    return line


# `raw_stmt(line)`: a body line's `stmt` slot as it is -- the packed tuple of a `PackedLine` not yet
# read (see there), else the statement node (the slot's own getter: no Python frame per line)
raw_stmt = _get_stmt


def _finish_chain(items: list):
    """Operands and operator tokens -> one expression (a lone operand as is)."""
    if len(items) == 1:
        return items[0]
    if len(items) == 3:
        first, tok, right = items
        name = NORMALIZE_OP.get(tok, str(tok))
        return S.Call(S.Name((name,), tok.line, tok.column), [first, right], name, first.line, first.col)
    if len(items) == 5:  # `a op b op c`: two operators, decided here without the general climb
        a, t1, b, t2, c = items
        n1 = NORMALIZE_OP.get(t1, str(t1))
        n2 = NORMALIZE_OP.get(t2, str(t2))
        if PREC.get(n2, 1) > PREC.get(n1, 1):
            inner = S.Call(S.Name((n2,), t2.line, t2.column), [b, c], n2, b.line, b.col)
            return S.Call(S.Name((n1,), t1.line, t1.column), [a, inner], n1, a.line, a.col)
        if n1 == n2 and n1 in NARY:
            return S.Call(S.Name((n1,), t1.line, t1.column), [a, b, c], n1, a.line, a.col)
        inner = S.Call(S.Name((n1,), t1.line, t1.column), [a, b], n1, a.line, a.col)
        return S.Call(S.Name((n2,), t2.line, t2.column), [inner, c], n2, a.line, a.col)
    return climb(items)


class _Decline(Exception):
    """The fast path leaves this line to Lark."""


class _Tok(str):
    """Just enough of a lark Token for the SyntaxBuilder callbacks."""

    def __new__(cls, text: str, line: int, column: int, type: str = ""):
        self = str.__new__(cls, text)
        self.line = line
        self.column = column
        self.type = type
        return self


_SPAN_GAP = 64  # kept lines at most this far apart share one span


def blanked(lines: list[str], keep: list[int]) -> tuple[str, list]:
    """The lines joined by newlines, all but those at the (ascending)
    indexes `keep` blanked; and (start, end) offsets covering the kept lines,
    each span whole lines with the newline after its last one, so Lark need
    not lex the long blank runs between them."""
    parts = []
    spans: list[list[int]] = []
    prev = 0
    pos = 0  # offset of line `prev`
    for i in keep:
        pos += i - prev
        n = len(lines[i])
        end = pos + n + 1
        if spans and i - prev <= _SPAN_GAP:
            spans[-1][1] = end
        else:
            spans.append([pos, end])
        parts.append("\n" * (i - prev))
        parts.append(lines[i])
        pos += n
        prev = i
    parts.append("\n" * (len(lines) - 1 - prev))
    text = "".join(parts)
    if spans and spans[-1][1] > len(text):
        spans[-1][1] = len(text)  # the last line has no newline
    return text, [tuple(sp) for sp in spans]


@functools.cache
def fast_line_parser() -> "FastLine":
    return FastLine()


def split_fast(lines: list[str]) -> tuple[list, str, list]:
    """Body lines the fast path parses, the rest of the text for Lark
    (parsed lines blanked, so line numbers stay) and the spans of it that
    hold the lines left (see `blanked`)."""
    fast = fast_line_parser()
    fast.parts.clear()  # names shared within one file (the nodes keep their tuples)
    fast.atoms.clear()
    fast.labels.clear()
    shape = fast.shape_re.match
    rest = fast.parse_rest
    done = []
    append = done.append
    declined = []
    kw = _SIMPLE_NOT_NAMES  # `accepts` inline, by form: a keyword where a name stands declines the line
    not_targets = _NOT_TARGETS
    new = _new
    Matched = MatchedLine
    set_stmt = _set_stmt
    intern = fast.texts.setdefault  # one string object per distinct name or number (see `match_record`)
    for lineno, m in enumerate(map(shape, lines), 1):
        if m is not None:
            rh, label, t, a, op, b, callee, x, y, z, typ = m.groups()
            if (t is None or not (t in not_targets or (t[0] == "_" and t[1:].isdigit()))) and (typ is None or typ not in kw):
                # `match_record(m)` inline
                start = m.start
                if a is None:  # f(x, y[, z])
                    if callee in kw or x in kw or y in kw or z in kw:
                        g = None
                    else:
                        if x[0] != "%":
                            x = intern(x, x)
                        if y[0] != "%":
                            y = intern(y, y)
                        if z is None:
                            zc = None
                        else:
                            zc = start(10) + 1
                            if z[0] != "%":
                                z = intern(z, z)
                        g = (rh, None if label is None else int(label), t if t is None else intern(t, t), None, None, None,
                             intern(callee, callee), x, y, z, typ, None if t is None else start(3) + 1, None, None, None,
                             start(7) + 1, start(8) + 1, start(9) + 1, zc, None if typ is None else start(11) + 1)
                elif a in kw or b in kw:
                    g = None
                else:
                    if a[0] != "%":
                        a = intern(a, a)
                    if op is None:  # a
                        g = (rh, None if label is None else int(label), t if t is None else intern(t, t), a, None, None,
                             None, None, None, None, typ, None if t is None else start(3) + 1, start(4) + 1, None, None,
                             None, None, None, None, None if typ is None else start(11) + 1)
                    else:  # a op b
                        if b[0] != "%":
                            b = intern(b, b)
                        g = (rh, None if label is None else int(label), t if t is None else intern(t, t), a, op, b,
                             None, None, None, None, typ, None if t is None else start(3) + 1, start(4) + 1,
                             start(5) + 1, start(6) + 1, None, None, None, None, None if typ is None else start(11) + 1)
                if g is not None:
                    obj = new(Matched)
                    set_stmt(obj, g)
                    obj.line = lineno
                    append(obj)
                    continue
        obj = rest(lines[lineno - 1], lineno)
        if obj is None:
            declined.append(lineno - 1)
        else:
            append(obj)
    fast.labels.clear()  # a million labels: not kept for the next file
    fast.texts.clear()
    return (done, *blanked(lines, declined))
