"""The MethodInstance line of `irc infer`'s output names what the paste's names: a callable
object's `(::T)`, a type's `(T{…})` (show.jl `show_signature_function`), never irc's own
placeholder; an instance type irc cannot evaluate (Zygote's `typeof(∂(λ))`) is `Any` with a
warning, never a made-up function constant."""
from __future__ import annotations

import io
import json

import pytest

from irc.cli.batch import cli_infer


def infer(tmp_path, text: str, fmt: str = "text") -> tuple[str, str]:
    p = tmp_path / "p.ir"
    p.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    cli_infer([str(p)], stdout=out, stderr=err, color="never", format=fmt)
    return out.getvalue(), err.getvalue()


def paste(head: str, self_type: str) -> str:
    return (f"MethodInstance for {head}(::Int64)\n  from f(x) @ Main REPL[1]:1\nArguments\n"
            f"  #self#::{self_type}\n  x::Int64\nBody::Int64\n1 ─      return x\n")


@pytest.mark.parametrize("head,self_type", [
    ('(::var"#5#6")', 'var"#5#6"'),
    ("(ODEFunction{true})", "Type{ODEFunction{true}}"),
    ("(::typeof(∂(λ)))", "typeof(∂(λ))"),
])
def test_the_methodinstance_line_keeps_the_pasted_callee(tmp_path, head, self_type):
    out, err = infer(tmp_path, paste(head, self_type))
    assert out.startswith(f"MethodInstance for {head}(::Int64)\n"), out
    assert "#callable#" not in out + err
    doc = json.loads(infer(tmp_path, paste(head, self_type), "json")[0])
    assert doc["functions"][0]["signature"] == f"{head}(::Int64)"


def test_an_unreadable_callable_type_is_any_with_a_warning(tmp_path):
    out, err = infer(tmp_path, paste("(::typeof(∂(λ)))", "typeof(∂(λ))"))
    assert "  #self#::Any" in out, out
    assert "the type of `#self#` as printed cannot be evaluated" in err, err
