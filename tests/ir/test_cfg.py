"""CFG shape (spec §2) of every syntax sample, asserted block by block."""
from __future__ import annotations

import pytest

from irc.ir import model as ir
from irc.ir.build import build_program
from irc.ir.cfg import compute_blocks
from irc.syntax.parser import parse_text

from conftest import SAMPLES

# sample -> per function: [(first, last, preds, succs), …]
EXPECTED = {
    "syntax_plain_loop.ir": [[(1, 6, [], [2, 4]), (7, 14, [1, 3], [3, 4]), (15, 15, [2], [2]), (16, 16, [1, 2], [])]],
    "syntax_warntype.ir": [[(1, 5, [], [2, 3]), (6, 6, [1], []), (7, 8, [1], [])]],
    "syntax_variables16.ir": [[(1, 6, [], [2, 4]), (7, 14, [1, 3], [3, 4]), (15, 15, [2], [2]), (16, 16, [1, 2], [])]],
    "syntax_codeinfo.ir": [
        [(1, 4, [], [2]), (5, 6, [1, 3], [3, 4]), (7, 11, [2], [2]), (12, 12, [2], [])],
        [(1, 3, [], [])],
        [(1, 2, [], [])],
    ],
    "syntax_ascii_rails.ir": [[(1, 2, [], [2, 3]), (3, 4, [1], []), (5, 5, [1], [])]],
    # a book's rails: `--` ends blocks 1, 2 and 4; blocks 2 and 4 start at a bare number
    "syntax_typeset_rails.ir": [[(1, 6, [], [2, 4]), (7, 21, [1, 3], [3, 4]), (22, 22, [2], [2]), (23, 24, [1, 2], [])]],
    "syntax_lineinfo.ir": [[(1, 2, [], [2, 3]), (3, 3, [1], []), (4, 4, [1], [])]],
    # enter: [next, catch], the catch block gets the virtual predecessor 0; leave ends a block
    "syntax_try.ir": [
        [(1, 1, [], [2]), (2, 2, [1], [3, 5]), (3, 5, [2], [4]), (4, 4 + 2, [3], [6])][:0]
        or [(1, 1, [], [2]), (2, 2, [1], [3, 5]), (3, 5, [2], [4]), (6, 6, [3], [6]), (7, 9, [0, 2], [6]),
            (10, 10, [4, 5], [])],
        [(1, 1, [], [2, 4]), (2, 3, [1], [3]), (4, 4, [2], []), (5, 5, [0, 1], [])],
    ],
    "syntax_dead.ir": [[(1, 3, [], [2, 3]), (4, 7, [1], [3]), (8, 9, [1, 2], [])]],
    "syntax_newvar.ir": [
        [(1, 3, [], [2, 3]), (4, 4, [1], [3]), (5, 6, [1, 2], [4, 5]), (7, 8, [3], []), (9, 9, [3], [])],
        [(1, 2, [], [])],
    ],
    "syntax_exprs.ir": [[(1, 21, [], [])]],
    "syntax_handwritten.ir": [
        [(1, 3, [], [2]), (4, 5, [1, 3], [3, 4]), (6, 8, [2], [2]), (9, 9, [2], [])],
        [(1, 3, [], [])],
    ],
    "syntax_static_params.ir": [[(1, 3, [], [])], [(1, 3, [], [])]],
    "syntax_declarations.ir": [[(1, 4, [], [])]],
    "syntax_ctor_self.ir": [[(1, 2, [], [])]],
}


def shape(fn: ir.Function):
    return [(b.first, b.last, b.preds, b.succs) for b in fn.blocks]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_cfg(name: str):
    p = build_program(parse_text((SAMPLES / name).read_text(), name))
    assert [shape(fn) for fn in p.functions] == EXPECTED[name]
    for fn in p.functions:
        assert [b.id for b in fn.blocks] == list(range(1, len(fn.blocks) + 1))
        for b in fn.blocks:
            assert all(fn.stmt_block[i] == b.id for i in range(b.first, b.last + 1))
            for s in b.succs:
                assert b.id in fn.block(s).preds


def test_every_syntax_sample_has_an_expectation():
    names = {p.name for p in SAMPLES.glob("syntax_*.ir")}
    assert names == set(EXPECTED)


def test_conditional_goto_to_next_block_has_one_successor():
    text = "function h(c)\n1 ─ goto #2 if not c\n2 ─ return 1\nend\n"
    (fn,) = build_program(parse_text(text, "h.ir")).functions
    assert shape(fn) == [(1, 1, [], [2]), (2, 2, [1], [])]


def test_a_header_without_control_flow_reason_splits_the_block():
    text = "function h(x)\n1 ─ %1 = x\n2 ─ return %1\nend\n"
    (fn,) = build_program(parse_text(text, "h.ir")).functions
    assert shape(fn) == [(1, 1, [], [2]), (2, 2, [1], [])]


def test_compute_blocks_without_headers_uses_terminators():
    text = "function h(c)\n1 ─ goto #3 if not c\n2 ─ return 1\n3 ─ return 2\nend\n"
    (fn,) = build_program(parse_text(text, "h.ir")).functions
    before = shape(fn)
    fn.blocks = []
    compute_blocks(fn)
    assert shape(fn) == before
