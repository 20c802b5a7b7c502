"""No output shows an internal object: over every sample (samples/**/*.ir, the real corpus
and its cases included), the small programs of tests/progs.py and generated programs
(tests/strategies.py), neither the text nor the JSON output contains a Python repr of irc's
own objects (`FunctionValue(`, `DataType(`, `module=(`, `name='`, …): a value met where a
type is expected prints as Julia prints it (`typeprint.show_type`), and a name declared as a
function but written as a type is a type (`World.type_behind`, `World.eval_type_top`)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import progs
from irc.cli.driver import analyse
from irc.lattice.typelattice import PartialStruct, Const
from irc.lattice.typeprint import show
from irc.lattice.types import DataType, FunctionValue, ModuleValue, TypeName
from irc.output.jsondoc import document, dumps, function_json
from irc.output.text import render_program
from strategies import random_model, render

ROOT = Path(__file__).resolve().parents[2]
REPR = re.compile(r"\b(?:FunctionValue|DataType|TypeName|ModuleValue|UnionType|UnionAllType|FuncType|TypeVar|"
                  r"StructValue|OpaqueValue|PartialStruct|Conditional|Const|Sym|JChar|VarargType)\(\w+=|"
                  r"module=\(|name='|params=\(|\bval=|<irc\.")
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.ir"))


def _outputs(path: str, text: str) -> tuple[str, str]:
    res = analyse(path, text)
    body = render_program(res.program, res.results, colour=False) if res.program is not None else ""
    js = dumps(document([function_json(fn, r) for fn, r in res.results]))
    msgs = "\n".join(d.message for d in res.errors)
    return body + msgs, js


def _leaks(path: str, text: str) -> list[str]:
    return [m.group(0) for out in _outputs(path, text) for m in [REPR.search(out)] if m]


def test_the_pattern_catches_a_repr():
    """The check can fail: the reprs of irc's objects match, Julia's printing does not."""
    fv = FunctionValue(("NLPModels",), "DimensionError")
    assert REPR.search(repr(fv)) and REPR.search(repr(DataType(TypeName(("Main",), "Foo"), ())))
    assert REPR.search(repr(ModuleValue(("Main",))))
    assert not REPR.search("Core.PartialStruct(Tuple{Int64}, Any[Core.Const(1)]) Main.##WeaveSandBox#1908.Float64")


def test_a_value_where_a_type_is_expected_prints_as_julia_prints_it():
    fv = FunctionValue(("Main", "##WeaveSandBox#1908"), "Float64")
    assert show(fv) == 'Main.var"##WeaveSandBox#1908".Float64'  # 1.10 show.jl `print_fullname`: `show_sym` each module
    ps = PartialStruct(FunctionValue(("NLPModels",), "DimensionError"), (Const(1),))
    assert show(ps) == "Core.PartialStruct(NLPModels.DimensionError, Any[Core.Const(1)])"


@pytest.mark.parametrize("sample", SAMPLES, ids=[str(p.relative_to(ROOT / "samples")) for p in SAMPLES])
def test_no_repr_in_the_output_of_a_sample(sample):
    assert _leaks(str(sample.relative_to(ROOT)), sample.read_text(encoding="utf-8")) == []


PROGS = {k: v for k, v in vars(progs).items() if k.isupper() and isinstance(v, str)}


@pytest.mark.parametrize("name", sorted(PROGS))
def test_no_repr_in_the_output_of_a_hand_written_program(name):
    assert _leaks(f"{name}.ir", PROGS[name]) == []


@pytest.mark.parametrize("seed", range(40))
def test_no_repr_in_the_output_of_a_generated_program(seed):
    assert _leaks("gen.ir", render(random_model(seed))) == []
