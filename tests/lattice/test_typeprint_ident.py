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


def test_letters_beyond_the_basic_plane_print_bare_as_julia_prints_them():
    """julia_extensions.c `is_wc_cat_id_start`/`jl_id_char`: a mathematical letter (`𝐈`, category Lu)
    or an emoji (So) starts an identifier, a mathematical digit (`𝟎`, Nd) only continues one; so Julia
    shows Unitful's `Quantity{Float64, 𝐈 𝚯⁻³ᐟ², …}` parameters and `:𝐈` bare (h112), `var"…"` otherwise."""
    from irc.lattice.typeprint import _ident, is_identifier, show_symbol
    assert is_identifier("𝐈") and is_identifier("𝚯³ᐟ²") and is_identifier("a𝟎") and is_identifier("🍕")
    assert not is_identifier("𝟎") and not is_identifier("𝟎a") and not is_identifier("𝐈 x")
    assert _ident("𝐈") == "𝐈" and _ident("𝟎") == 'var"𝟎"'
    assert show_symbol("𝐈") == ":𝐈" and show_symbol("𝟎x") == 'Symbol("𝟎x")'
