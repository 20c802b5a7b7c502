"""`typeprint._IDENT` (written as complemented classes so it compiles fast)
matches exactly what the plain pattern `_IDENT_PLAIN` matches."""
import re

from irc.lattice import typeprint


def test_ident_equals_plain_pattern_on_every_code_point():
    fast, plain = typeprint._IDENT, re.compile(typeprint._IDENT_PLAIN)
    for cp in range(0x110000):
        c = chr(cp)
        for s in (c, "a" + c, c + "b", c + "\n", "x" + c + "1!"):
            m, n = fast.match(s), plain.match(s)
            assert (m and m.group()) == (n and n.group()), (hex(cp), s)


def test_ident_equals_plain_pattern_on_samples():
    fast, plain = typeprint._IDENT, re.compile(typeprint._IDENT_PLAIN)
    for s in ["", "\n", "a\n", "a\n\n", "Int64", "x!", "1a", "_1", "é", "π", "#f", "a b", "a.b", "a-b", "𝑥", "a𝑥"]:
        m, n = fast.match(s), plain.match(s)
        assert (m and m.group()) == (n and n.group()), s
