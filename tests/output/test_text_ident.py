"""`text._IDENT` (complemented classes, fast to compile) fullmatches exactly
what the plain pattern `_IDENT_PLAIN` fullmatches."""
import re

from irc.output import text


def test_ident_equals_plain_pattern_on_every_code_point():
    fast, plain = text._IDENT, re.compile(text._IDENT_PLAIN)
    for cp in range(0x110000):
        c = chr(cp)
        for s in (c, "a" + c, c + "b", "x" + c + "1!"):
            assert bool(fast.fullmatch(s)) == bool(plain.fullmatch(s)), (hex(cp), s)


def test_ident_equals_plain_pattern_on_samples():
    fast, plain = text._IDENT, re.compile(text._IDENT_PLAIN)
    for s in ["", "\n", "a\n", "Int64", "x!", "1a", "_1", "é", "π", "#f", "a b", "a.b", "a-b", "𝑥", "a𝑥", "x\u00a0"]:
        assert bool(fast.fullmatch(s)) == bool(plain.fullmatch(s)), s
