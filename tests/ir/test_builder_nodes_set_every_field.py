"""The builder's hot copies skip `__init__` (the `ir.Stmt`, `Call` and
`SlotRef` objects the walk makes per statement: `irc.ir.walk`, `irc.ir.resolve`): they must set every
field, so that the objects equal what the dataclass constructors give.

A field added to `ir.Stmt`, `syntax.Call` or `syntax.SlotRef` without
updating those copies would leave a slot unset: these tests read every field
of every IR object built from the samples and the conformance inputs."""
from __future__ import annotations

import dataclasses

import pytest

from irc.ir import model as ir
from irc.syntax import tree as S
from irc.ir.build import build_program
from irc.errors import IrcError
from irc.syntax.parser import parse_text

from conftest import CONFORMANCE, sample_files


@pytest.mark.parametrize("cls,names", [
    (ir.Stmt, ["kind", "value", "slot", "target", "args", "label", "annotation", "line", "col"]),
    (S.Call, ["func", "args", "infix", "line", "col"]),
    (S.SlotRef, ["name", "id", "line", "col"]),
])
def test_fast_copies_know_every_field(cls, names):
    """The fields the walk sets on its `object.__new__` copies: adding a
    field to one of these classes means updating those copies too."""
    assert [f.name for f in dataclasses.fields(cls)] == names == list(cls.__slots__)


def _inputs() -> list[tuple[str, str]]:
    out = [(p.name, p.read_text(encoding="utf-8")) for p in sample_files()]
    if CONFORMANCE.is_dir():
        out += [(p.name, p.read_text(encoding="utf-8")) for p in sorted(CONFORMANCE.glob("*/*.ir"))]
    return out


def _check(obj, seen: set) -> int:
    """Read every field of every dataclass reachable from `obj`; count them."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    if isinstance(obj, (list, tuple)):
        return sum(_check(x, seen) for x in obj)
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return 0
    n = 1
    for f in dataclasses.fields(obj):
        if f.name == "source":
            continue  # the syntax tree, not built here
        n += _check(getattr(obj, f.name), seen)  # AttributeError: a slot the fast copy left unset
    return n


@pytest.mark.parametrize("name,text", _inputs(), ids=lambda x: x if isinstance(x, str) and len(x) < 60 else "")
def test_every_field_of_the_ir_is_set(name, text):
    try:
        prog = build_program(parse_text(text, name))
    except IrcError:
        return  # error inputs: nothing built
    seen: set = set()
    assert sum(_check(fn, seen) for fn in prog.functions) > 0 or not prog.functions
    for fn in prog.functions:
        for st in fn.stmts:
            assert st == ir.Stmt(st.kind, st.value, st.slot, st.target, st.args, st.label, st.annotation, st.line, st.col)
            assert type(st.args) is list or st.args == ()  # a list of operands, or the shared empty tuple
