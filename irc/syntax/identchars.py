"""Julia's identifier characters, as regular-expression classes for the grammar and the printers.

Julia's parser (src/flisp/julia_extensions.c v1.10.0, `is_wc_cat_id_start` and `jl_id_char`)
lets a name start with a letter (`Lu Ll Lt Lm Lo`), a letter-like number (`Nl`), `_`, a
currency (`Sc`) or other symbol (`So`, but not arrows `U+2190-21FF`, `U+FFFC`, `U+FFFD`,
`⌿`, `¦`), a whitelist of mathematical symbols (`∂ ∅ ∆ ∇ ∎ ∏ ∀ ∃ ∄ ∐ ∑ ∞ ∟ ∫…∳ ⊤ ⊥ ⋀…⋃ ♯ ⨀…`,
the nabla/partial variants of the mathematical alphabets, super/subscript `⁺⁻⁼⁽⁾ ₊₋₌₍₎`,
angles `∠ ∡ ∢ ⦛…⦯`, `℘ ℮ ゛ ゜`, `𝟎…𝟡`), and continue it with any of those and a mark
(`Mn Mc Me`), a digit or other number (`Nd No`), a connector (`Pc`), a modifier symbol (`Sk`),
`!` or a prime (`′ ″ ‴ ‵ ‶ ‷ ⁗`).  Operators (`∈ ≤ √ ∘ × ⋅ …`, the rest of `Sm`) never are.

The box-drawing and block characters (`U+2500-259F`, `So`) are left out: they are the rails
and block headers of the printed IR (`│ └ ─ ┄`), never a name in a paste.

Python's `\\w` already holds the letters and numbers; `START_EXTRA` and `CHAR_EXTRA` are the
characters Julia adds to `[^\\W\\d]` and to `\\w` respectively, as character-class bodies
(escaped ranges).  They are computed once from `unicodedata` by `generate_source()` and kept
below as literals (the Unicode version they were computed with is `UNICODE_VERSION`), so that
loading the grammar costs nothing; tests/syntax/test_identifier_chars.py regenerates them.
`expand(grammar)` puts them where the grammar says `⟦ID_START⟧` / `⟦ID_CHAR⟧`.

Invariants: pure; `is_id_start(c)` / `is_id_char(c)` are Julia's predicates for one character
>= U+00A1 (ASCII is the grammar's own business).
"""
from __future__ import annotations

import re
import unicodedata

_SM_WHITELIST = frozenset({0x223f, 0x22be, 0x22bf, 0x22a4, 0x22a5, 0x2202, 0x2205, 0x2206, 0x2207, 0x220e, 0x220f,
                           0x2200, 0x2203, 0x2204, 0x2210, 0x2211, 0x221e, 0x221f, 0x266f, 0x27d8, 0x27d9, 0x2a1b, 0x2a1c})
_SM_RANGES = ((0x2140, 0x2144), (0x222b, 0x2233), (0x22c0, 0x22c3), (0x25f8, 0x25ff), (0x27c0, 0x27c1),
              (0x29b0, 0x29b4), (0x2a00, 0x2a06), (0x2a09, 0x2a16))
_NABLA_PARTIAL = frozenset({0x1d6c1, 0x1d6db, 0x1d6fb, 0x1d715, 0x1d735, 0x1d74f, 0x1d76f, 0x1d789, 0x1d7a9, 0x1d7c3})
_OTHER_RANGES = ((0x207a, 0x207e), (0x208a, 0x208e), (0x2220, 0x2222), (0x299b, 0x29af), (0x1d7ce, 0x1d7e1))
_OTHER = frozenset({0x2118, 0x212e, 0x309b, 0x309c})
# box drawing and block elements (`So` to Julia): the rails and block headers of printed IR (`│ └ ─ ┄ ╎`),
# never part of a name in irc's input
RAILS = (0x2500, 0x259F)


def is_id_start(c: str) -> bool:
    """`is_wc_cat_id_start`: may `c` (>= U+00A1) start a Julia identifier?"""
    wc = ord(c)
    cat = unicodedata.category(c)
    if cat in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nl", "Sc"):
        return True
    if cat == "So" and not 0x2190 <= wc <= 0x21FF and wc not in (0xFFFC, 0xFFFD, 0x233F, 0x00A6):
        return True
    if 0x2140 <= wc <= 0x2A1C and (wc in _SM_WHITELIST or any(a <= wc <= b for a, b in _SM_RANGES)):
        return True
    return wc in _NABLA_PARTIAL or wc in _OTHER or any(a <= wc <= b for a, b in _OTHER_RANGES)


def is_id_char(c: str) -> bool:
    """`jl_id_char`: may `c` (>= U+00A1) continue a Julia identifier?"""
    wc = ord(c)
    return (is_id_start(c) or unicodedata.category(c) in ("Mn", "Mc", "Nd", "Pc", "Sk", "Me", "No")
            or 0x2032 <= wc <= 0x2037 or wc == 0x2057)


def _class_body(codes: list[int]) -> str:
    out: list[list[int]] = []
    for c in codes:
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])

    def esc(c: int) -> str:
        return f"\\u{c:04x}" if c <= 0xFFFF else f"\\U{c:08x}"

    return "".join(esc(a) if a == b else f"{esc(a)}-{esc(b)}" for a, b in out)


def computed_classes() -> tuple[str, str]:
    """(START_EXTRA, CHAR_EXTRA) from this Python's `unicodedata` (slow: every code point)."""
    start, word = re.compile(r"[^\W\d]"), re.compile(r"\w")
    s, ch = [], []
    for wc in range(0xA1, 0x110000):
        c = chr(wc)
        if 0xD800 <= wc <= 0xDFFF or RAILS[0] <= wc <= RAILS[1]:
            continue
        if is_id_start(c) and not start.match(c):
            s.append(wc)
        if is_id_char(c) and not word.match(c):
            ch.append(wc)
    return _class_body(s), _class_body(ch)


def generate_source() -> str:
    """The literal lines below, for this Python's Unicode version."""
    s, ch = computed_classes()

    def literal(name: str, body: str) -> str:
        cut = [""]
        for token in re.findall(r"\\u[0-9a-f]{4}|\\U[0-9a-f]{8}|-", body):  # lines of whole escapes
            if len(cut[-1]) + len(token) > 96:
                cut.append("")
            cut[-1] += token
        return f"{name} = (\n" + "".join(f'    r"{c}"\n' for c in cut) + ")\n"

    return f"UNICODE_VERSION = {unicodedata.unidata_version!r}\n" + literal("START_EXTRA", s) + literal("CHAR_EXTRA", ch)


def expand(grammar: str) -> str:
    """The grammar with its `⟦ID_START⟧` / `⟦ID_CHAR⟧` placeholders replaced by the class bodies."""
    return grammar.replace("⟦ID_START⟧", START_EXTRA).replace("⟦ID_CHAR⟧", CHAR_EXTRA)


# ---------------------------------------------------------------- generated by generate_source()
UNICODE_VERSION = '14.0.0'
START_EXTRA = (
    r"\u00a2-\u00a5\u00a9\u00ae\u00b0\u0482\u058d-\u058f\u060b\u060e-\u060f\u06de\u06e9\u06fd-\u06fe"
    r"\u07f6\u07fe-\u07ff\u09f2-\u09f3\u09fa-\u09fb\u0af1\u0b70\u0bf3-\u0bfa\u0c7f\u0d4f\u0d79\u0e3f"
    r"\u0f01-\u0f03\u0f13\u0f15-\u0f17\u0f1a-\u0f1f\u0f34\u0f36\u0f38\u0fbe-\u0fc5\u0fc7-\u0fcc\u0fce-"
    r"\u0fcf\u0fd5-\u0fd8\u109e-\u109f\u1390-\u1399\u166d\u17db\u1940\u19de-\u19ff\u1b61-\u1b6a\u1b74-"
    r"\u1b7c\u207a-\u207e\u208a-\u208e\u20a0-\u20c0\u2100-\u2101\u2103-\u2106\u2108-\u2109\u2114\u2116"
    r"-\u2118\u211e-\u2123\u2125\u2127\u2129\u212e\u213a-\u213b\u2140-\u2144\u214a\u214c-\u214d\u214f"
    r"\u218a-\u218b\u2200\u2202-\u2207\u220e-\u2211\u221e-\u2222\u222b-\u2233\u223f\u22a4-\u22a5\u22be"
    r"-\u22c3\u2300-\u2307\u230c-\u231f\u2322-\u2328\u232b-\u233e\u2340-\u237b\u237d-\u239a\u23b4-"
    r"\u23db\u23e2-\u2426\u2440-\u244a\u249c-\u24e9\u25a0-\u25b6\u25b8-\u25c0\u25c2-\u2767\u2794-"
    r"\u27c1\u27d8-\u27d9\u2800-\u28ff\u299b-\u29b4\u2a00-\u2a06\u2a09-\u2a16\u2a1b-\u2a1c\u2b00-"
    r"\u2b2f\u2b45-\u2b46\u2b4d-\u2b73\u2b76-\u2b95\u2b97-\u2bff\u2ce5-\u2cea\u2e50-\u2e51\u2e80-"
    r"\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u2ff0-\u2ffb\u3004\u3012-\u3013\u3020\u3036-\u3037\u303e-\u303f"
    r"\u309b-\u309c\u3190-\u3191\u3196-\u319f\u31c0-\u31e3\u3200-\u321e\u322a-\u3247\u3250\u3260-"
    r"\u327f\u328a-\u32b0\u32c0-\u33ff\u4dc0-\u4dff\ua490-\ua4c6\ua828-\ua82b\ua836-\ua839\uaa77-"
    r"\uaa79\ufd40-\ufd4f\ufdcf\ufdfc-\ufdff\ufe69\uff04\uffe0-\uffe1\uffe4-\uffe6\uffe8\uffed-\uffee"
    r"\U00010137-\U0001013f\U00010179-\U00010189\U0001018c-\U0001018e\U00010190-\U0001019c\U000101a0"
    r"\U000101d0-\U000101fc\U00010877-\U00010878\U00010ac8\U0001173f\U00011fd5-\U00011ff1\U00016b3c-"
    r"\U00016b3f\U00016b45\U0001bc9c\U0001cf50-\U0001cfc3\U0001d000-\U0001d0f5\U0001d100-\U0001d126"
    r"\U0001d129-\U0001d164\U0001d16a-\U0001d16c\U0001d183-\U0001d184\U0001d18c-\U0001d1a9\U0001d1ae-"
    r"\U0001d1ea\U0001d200-\U0001d241\U0001d245\U0001d300-\U0001d356\U0001d6c1\U0001d6db\U0001d6fb"
    r"\U0001d715\U0001d735\U0001d74f\U0001d76f\U0001d789\U0001d7a9\U0001d7c3\U0001d7ce-\U0001d7e1"
    r"\U0001d800-\U0001d9ff\U0001da37-\U0001da3a\U0001da6d-\U0001da74\U0001da76-\U0001da83\U0001da85-"
    r"\U0001da86\U0001e14f\U0001e2ff\U0001ecac\U0001ecb0\U0001ed2e\U0001f000-\U0001f02b\U0001f030-"
    r"\U0001f093\U0001f0a0-\U0001f0ae\U0001f0b1-\U0001f0bf\U0001f0c1-\U0001f0cf\U0001f0d1-\U0001f0f5"
    r"\U0001f10d-\U0001f1ad\U0001f1e6-\U0001f202\U0001f210-\U0001f23b\U0001f240-\U0001f248\U0001f250-"
    r"\U0001f251\U0001f260-\U0001f265\U0001f300-\U0001f3fa\U0001f400-\U0001f6d7\U0001f6dd-\U0001f6ec"
    r"\U0001f6f0-\U0001f6fc\U0001f700-\U0001f773\U0001f780-\U0001f7d8\U0001f7e0-\U0001f7eb\U0001f7f0"
    r"\U0001f800-\U0001f80b\U0001f810-\U0001f847\U0001f850-\U0001f859\U0001f860-\U0001f887\U0001f890-"
    r"\U0001f8ad\U0001f8b0-\U0001f8b1\U0001f900-\U0001fa53\U0001fa60-\U0001fa6d\U0001fa70-\U0001fa74"
    r"\U0001fa78-\U0001fa7c\U0001fa80-\U0001fa86\U0001fa90-\U0001faac\U0001fab0-\U0001faba\U0001fac0-"
    r"\U0001fac5\U0001fad0-\U0001fad9\U0001fae0-\U0001fae7\U0001faf0-\U0001faf6\U0001fb00-\U0001fb92"
    r"\U0001fb94-\U0001fbca"
)
CHAR_EXTRA = (
    r"\u00a2-\u00a5\u00a8-\u00a9\u00ae-\u00b0\u00b4\u00b8\u02c2-\u02c5\u02d2-\u02df\u02e5-\u02eb\u02ed"
    r"\u02ef-\u036f\u0375\u0384-\u0385\u0482-\u0489\u058d-\u058f\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4"
    r"-\u05c5\u05c7\u060b\u060e-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06de-\u06e4\u06e7-\u06ed\u06fd"
    r"-\u06fe\u0711\u0730-\u074a\u07a6-\u07b0\u07eb-\u07f3\u07f6\u07fd-\u07ff\u0816-\u0819\u081b-"
    r"\u0823\u0825-\u0827\u0829-\u082d\u0859-\u085b\u0888\u0898-\u089f\u08ca-\u08e1\u08e3-\u0903\u093a"
    r"-\u093c\u093e-\u094f\u0951-\u0957\u0962-\u0963\u0981-\u0983\u09bc\u09be-\u09c4\u09c7-\u09c8"
    r"\u09cb-\u09cd\u09d7\u09e2-\u09e3\u09f2-\u09f3\u09fa-\u09fb\u09fe\u0a01-\u0a03\u0a3c\u0a3e-\u0a42"
    r"\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a70-\u0a71\u0a75\u0a81-\u0a83\u0abc\u0abe-\u0ac5\u0ac7-\u0ac9"
    r"\u0acb-\u0acd\u0ae2-\u0ae3\u0af1\u0afa-\u0aff\u0b01-\u0b03\u0b3c\u0b3e-\u0b44\u0b47-\u0b48\u0b4b"
    r"-\u0b4d\u0b55-\u0b57\u0b62-\u0b63\u0b70\u0b82\u0bbe-\u0bc2\u0bc6-\u0bc8\u0bca-\u0bcd\u0bd7\u0bf3"
    r"-\u0bfa\u0c00-\u0c04\u0c3c\u0c3e-\u0c44\u0c46-\u0c48\u0c4a-\u0c4d\u0c55-\u0c56\u0c62-\u0c63"
    r"\u0c7f\u0c81-\u0c83\u0cbc\u0cbe-\u0cc4\u0cc6-\u0cc8\u0cca-\u0ccd\u0cd5-\u0cd6\u0ce2-\u0ce3\u0d00"
    r"-\u0d03\u0d3b-\u0d3c\u0d3e-\u0d44\u0d46-\u0d48\u0d4a-\u0d4d\u0d4f\u0d57\u0d62-\u0d63\u0d79\u0d81"
    r"-\u0d83\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0df2-\u0df3\u0e31\u0e34-\u0e3a\u0e3f\u0e47-\u0e4e"
    r"\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd\u0f01-\u0f03\u0f13\u0f15-\u0f1f\u0f34-\u0f39\u0f3e-\u0f3f\u0f71"
    r"-\u0f84\u0f86-\u0f87\u0f8d-\u0f97\u0f99-\u0fbc\u0fbe-\u0fcc\u0fce-\u0fcf\u0fd5-\u0fd8\u102b-"
    r"\u103e\u1056-\u1059\u105e-\u1060\u1062-\u1064\u1067-\u106d\u1071-\u1074\u1082-\u108d\u108f\u109a"
    r"-\u109f\u135d-\u135f\u1390-\u1399\u166d\u1712-\u1715\u1732-\u1734\u1752-\u1753\u1772-\u1773"
    r"\u17b4-\u17d3\u17db\u17dd\u180b-\u180d\u180f\u1885-\u1886\u18a9\u1920-\u192b\u1930-\u193b\u1940"
    r"\u19de-\u19ff\u1a17-\u1a1b\u1a55-\u1a5e\u1a60-\u1a7c\u1a7f\u1ab0-\u1ace\u1b00-\u1b04\u1b34-"
    r"\u1b44\u1b61-\u1b7c\u1b80-\u1b82\u1ba1-\u1bad\u1be6-\u1bf3\u1c24-\u1c37\u1cd0-\u1cd2\u1cd4-"
    r"\u1ce8\u1ced\u1cf4\u1cf7-\u1cf9\u1dc0-\u1dff\u1fbd\u1fbf-\u1fc1\u1fcd-\u1fcf\u1fdd-\u1fdf\u1fed-"
    r"\u1fef\u1ffd-\u1ffe\u2032-\u2037\u203f-\u2040\u2054\u2057\u207a-\u207e\u208a-\u208e\u20a0-\u20c0"
    r"\u20d0-\u20f0\u2100-\u2101\u2103-\u2106\u2108-\u2109\u2114\u2116-\u2118\u211e-\u2123\u2125\u2127"
    r"\u2129\u212e\u213a-\u213b\u2140-\u2144\u214a\u214c-\u214d\u214f\u218a-\u218b\u2200\u2202-\u2207"
    r"\u220e-\u2211\u221e-\u2222\u222b-\u2233\u223f\u22a4-\u22a5\u22be-\u22c3\u2300-\u2307\u230c-"
    r"\u231f\u2322-\u2328\u232b-\u233e\u2340-\u237b\u237d-\u239a\u23b4-\u23db\u23e2-\u2426\u2440-"
    r"\u244a\u249c-\u24e9\u25a0-\u25b6\u25b8-\u25c0\u25c2-\u2767\u2794-\u27c1\u27d8-\u27d9\u2800-"
    r"\u28ff\u299b-\u29b4\u2a00-\u2a06\u2a09-\u2a16\u2a1b-\u2a1c\u2b00-\u2b2f\u2b45-\u2b46\u2b4d-"
    r"\u2b73\u2b76-\u2b95\u2b97-\u2bff\u2ce5-\u2cea\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u2e50-\u2e51\u2e80"
    r"-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u2ff0-\u2ffb\u3004\u3012-\u3013\u3020\u302a-\u302f\u3036-"
    r"\u3037\u303e-\u303f\u3099-\u309c\u3190-\u3191\u3196-\u319f\u31c0-\u31e3\u3200-\u321e\u322a-"
    r"\u3247\u3250\u3260-\u327f\u328a-\u32b0\u32c0-\u33ff\u4dc0-\u4dff\ua490-\ua4c6\ua66f-\ua672\ua674"
    r"-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua700-\ua716\ua720-\ua721\ua789-\ua78a\ua802\ua806\ua80b\ua823"
    r"-\ua82c\ua836-\ua839\ua880-\ua881\ua8b4-\ua8c5\ua8e0-\ua8f1\ua8ff\ua926-\ua92d\ua947-\ua953"
    r"\ua980-\ua983\ua9b3-\ua9c0\ua9e5\uaa29-\uaa36\uaa43\uaa4c-\uaa4d\uaa77-\uaa79\uaa7b-\uaa7d\uaab0"
    r"\uaab2-\uaab4\uaab7-\uaab8\uaabe-\uaabf\uaac1\uaaeb-\uaaef\uaaf5-\uaaf6\uab5b\uab6a-\uab6b\uabe3"
    r"-\uabea\uabec-\uabed\ufb1e\ufbb2-\ufbc2\ufd40-\ufd4f\ufdcf\ufdfc-\ufe0f\ufe20-\ufe2f\ufe33-"
    r"\ufe34\ufe4d-\ufe4f\ufe69\uff04\uff3e-\uff40\uffe0-\uffe1\uffe3-\uffe6\uffe8\uffed-\uffee"
    r"\U00010137-\U0001013f\U00010179-\U00010189\U0001018c-\U0001018e\U00010190-\U0001019c\U000101a0"
    r"\U000101d0-\U000101fd\U000102e0\U00010376-\U0001037a\U00010877-\U00010878\U00010a01-\U00010a03"
    r"\U00010a05-\U00010a06\U00010a0c-\U00010a0f\U00010a38-\U00010a3a\U00010a3f\U00010ac8\U00010ae5-"
    r"\U00010ae6\U00010d24-\U00010d27\U00010eab-\U00010eac\U00010f46-\U00010f50\U00010f82-\U00010f85"
    r"\U00011000-\U00011002\U00011038-\U00011046\U00011070\U00011073-\U00011074\U0001107f-\U00011082"
    r"\U000110b0-\U000110ba\U000110c2\U00011100-\U00011102\U00011127-\U00011134\U00011145-\U00011146"
    r"\U00011173\U00011180-\U00011182\U000111b3-\U000111c0\U000111c9-\U000111cc\U000111ce-\U000111cf"
    r"\U0001122c-\U00011237\U0001123e\U000112df-\U000112ea\U00011300-\U00011303\U0001133b-\U0001133c"
    r"\U0001133e-\U00011344\U00011347-\U00011348\U0001134b-\U0001134d\U00011357\U00011362-\U00011363"
    r"\U00011366-\U0001136c\U00011370-\U00011374\U00011435-\U00011446\U0001145e\U000114b0-\U000114c3"
    r"\U000115af-\U000115b5\U000115b8-\U000115c0\U000115dc-\U000115dd\U00011630-\U00011640\U000116ab-"
    r"\U000116b7\U0001171d-\U0001172b\U0001173f\U0001182c-\U0001183a\U00011930-\U00011935\U00011937-"
    r"\U00011938\U0001193b-\U0001193e\U00011940\U00011942-\U00011943\U000119d1-\U000119d7\U000119da-"
    r"\U000119e0\U000119e4\U00011a01-\U00011a0a\U00011a33-\U00011a39\U00011a3b-\U00011a3e\U00011a47"
    r"\U00011a51-\U00011a5b\U00011a8a-\U00011a99\U00011c2f-\U00011c36\U00011c38-\U00011c3f\U00011c92-"
    r"\U00011ca7\U00011ca9-\U00011cb6\U00011d31-\U00011d36\U00011d3a\U00011d3c-\U00011d3d\U00011d3f-"
    r"\U00011d45\U00011d47\U00011d8a-\U00011d8e\U00011d90-\U00011d91\U00011d93-\U00011d97\U00011ef3-"
    r"\U00011ef6\U00011fd5-\U00011ff1\U00016af0-\U00016af4\U00016b30-\U00016b36\U00016b3c-\U00016b3f"
    r"\U00016b45\U00016f4f\U00016f51-\U00016f87\U00016f8f-\U00016f92\U00016fe4\U00016ff0-\U00016ff1"
    r"\U0001bc9c-\U0001bc9e\U0001cf00-\U0001cf2d\U0001cf30-\U0001cf46\U0001cf50-\U0001cfc3\U0001d000-"
    r"\U0001d0f5\U0001d100-\U0001d126\U0001d129-\U0001d172\U0001d17b-\U0001d1ea\U0001d200-\U0001d245"
    r"\U0001d300-\U0001d356\U0001d6c1\U0001d6db\U0001d6fb\U0001d715\U0001d735\U0001d74f\U0001d76f"
    r"\U0001d789\U0001d7a9\U0001d7c3\U0001d800-\U0001da86\U0001da9b-\U0001da9f\U0001daa1-\U0001daaf"
    r"\U0001e000-\U0001e006\U0001e008-\U0001e018\U0001e01b-\U0001e021\U0001e023-\U0001e024\U0001e026-"
    r"\U0001e02a\U0001e130-\U0001e136\U0001e14f\U0001e2ae\U0001e2ec-\U0001e2ef\U0001e2ff\U0001e8d0-"
    r"\U0001e8d6\U0001e944-\U0001e94a\U0001ecac\U0001ecb0\U0001ed2e\U0001f000-\U0001f02b\U0001f030-"
    r"\U0001f093\U0001f0a0-\U0001f0ae\U0001f0b1-\U0001f0bf\U0001f0c1-\U0001f0cf\U0001f0d1-\U0001f0f5"
    r"\U0001f10d-\U0001f1ad\U0001f1e6-\U0001f202\U0001f210-\U0001f23b\U0001f240-\U0001f248\U0001f250-"
    r"\U0001f251\U0001f260-\U0001f265\U0001f300-\U0001f6d7\U0001f6dd-\U0001f6ec\U0001f6f0-\U0001f6fc"
    r"\U0001f700-\U0001f773\U0001f780-\U0001f7d8\U0001f7e0-\U0001f7eb\U0001f7f0\U0001f800-\U0001f80b"
    r"\U0001f810-\U0001f847\U0001f850-\U0001f859\U0001f860-\U0001f887\U0001f890-\U0001f8ad\U0001f8b0-"
    r"\U0001f8b1\U0001f900-\U0001fa53\U0001fa60-\U0001fa6d\U0001fa70-\U0001fa74\U0001fa78-\U0001fa7c"
    r"\U0001fa80-\U0001fa86\U0001fa90-\U0001faac\U0001fab0-\U0001faba\U0001fac0-\U0001fac5\U0001fad0-"
    r"\U0001fad9\U0001fae0-\U0001fae7\U0001faf0-\U0001faf6\U0001fb00-\U0001fb92\U0001fb94-\U0001fbca"
    r"\U000e0100-\U000e01ef"
)
