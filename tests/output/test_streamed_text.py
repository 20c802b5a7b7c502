"""The text output made and written in pieces (issue 13, printing memory).

`irc.output.text` makes the listing line by line (`iter_program_text`:
statement texts produced as `fmt.iter_layout` lays them out, pieces of a
few thousand lines, `render_program_utf8` encoding each piece as it
comes) and `irc infer` writes those UTF-8 pieces (`batch.write_pieces`,
`atomic_write`).  These tests check each piece of that path against a
general one: the layout against `fmt.rail` line by line, the pieces
against the whole text, every chunk size, every output mode, on every
sample, the conformance inputs and generated MTK-like programs; and that
the CLI's bytes are the str path's bytes, on stdout and in files, with no
partial output when printing fails."""
from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest
from conftest import CONFORMANCE, ROOT, sample_files

from irc.cli import batch
from irc.cli.driver import Options, RenderOptions, analyse, process_file
from irc.output import fmt
from irc.output import text as printer

INPUTS = sample_files() + (sorted(CONFORMANCE.glob("*/*.ir"))[::7] if CONFORMANCE.is_dir() else [])
MODES = [dict(), dict(colour=True), dict(plain=True), dict(hide_stable=True), dict(entries="full"),
         dict(colour=True, hide_stable=True, entries="full"), dict(plain=True, hide_stable=True)]


def _gen_mtk():
    spec = importlib.util.spec_from_file_location("gen_mtk", ROOT / "bench" / "gen_mtk.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_mtk", mod)
    spec.loader.exec_module(mod)
    return mod


def _generated() -> list[tuple[str, str]]:
    g = _gen_mtk()
    out = []
    for k, (n, s, every) in enumerate(((600, 80, 0), (900, 120, 100), (1_500, 200, 37))):
        params = g.GenParams(n, s, every, seed=k + 1, window=0, loaded=0.8)
        out.append((f"gen{k}.ir", g.generate(params).text))
    return out


GENERATED = _generated()


def _reference_layout(fn, texts, block_prefix, labelled, pred_counts):
    """Julia's layout the slow way: `fmt.rail` for every line, texts by index."""
    width = max((len(str(i)) for i in labelled), default=0)
    out = []
    for b in fn.blocks:
        out.extend((block_prefix or {}).get(b.id, []))
        for i in range(b.first, b.last + 1):
            lab = "%" + str(i).ljust(width) + " = " if i in labelled else " " * (width + 4) if width else "    "
            out.append((fmt.rail(fn, i, pred_counts) + lab + texts[i - 1]).rstrip())
    return out


def _reference_program(program, results, **mode) -> str:
    """`render_program` as one join of whole function texts (the pre-streaming composition)."""
    parts = []
    decls = "" if mode.get("plain") else printer.declaration_text(program)
    if decls:
        parts.append(decls)
    for fn, r in results:
        parts.append("\n".join(printer.header_lines(fn, r, program.path, mode.get("colour", False), mode.get("plain", False))
                               + printer.body_lines(fn, r, mode.get("colour", False), mode.get("plain", False),
                                                    mode.get("hide_stable", False), mode.get("entries", "brief"))) + "\n")
    return "\n".join(parts)


def _analysed(path: str, text: str):
    res = analyse(path, text)
    if res.errors:
        pytest.skip("the front end rejects this input")
    return res


CASES = [(str(p), None) for p in INPUTS] + GENERATED


@pytest.mark.parametrize("path,text", CASES, ids=lambda x: Path(x).stem if isinstance(x, str) and x.endswith(".ir") else "")
def test_streamed_layout_and_pieces_equal_the_general_path(path, text):
    if text is None:
        text = Path(path).read_text(encoding="utf-8")
    res = _analysed(path, text)
    for fn, r in res.results:
        names = printer.slot_display_names(fn)
        texts, labelled = printer._stmt_texts(fn, r, names, printer.used_ssa(fn, r), printer._Shows(), False)
        prefix = {b: [f"# entry #{b}"] for b in range(1, len(fn.blocks) + 1, 2)}
        pc = printer.printed_pred_counts(fn, r)
        want = _reference_layout(fn, texts, prefix, labelled, pc)
        assert fmt.layout_body(fn, texts, block_prefix=prefix, labelled=labelled, pred_counts=pc) == want
        assert list(fmt.iter_layout(fn, iter(texts), prefix, labelled, pc)) == want
    for mode in MODES:
        whole = printer.render_program(res.program, res.results, **mode)
        assert whole == _reference_program(res.program, res.results, **mode), mode
        for size in (1, 3, 4096):
            pieces = list(printer.iter_program_text(res.program, res.results, chunk_lines=size, **mode))
            assert "".join(pieces) == whole
            assert all(p.endswith("\n") for p in pieces)
            assert all(p.count("\n") <= size for p in pieces if p != printer.declaration_text(res.program))
        encoded = printer.render_program_utf8(res.program, res.results, **mode)
        assert b"".join(encoded) == whole.encode("utf-8")


def test_chunk_size_must_be_positive():
    res = analyse("g.ir", GENERATED[0][1])
    with pytest.raises(ValueError):
        list(printer.iter_program_text(res.program, res.results, chunk_lines=0))


def test_process_file_encoded_pieces_are_the_text_output():
    name, text = GENERATED[1]
    for mode in (dict(), dict(colour=True), dict(hide_stable=True, plain=True)):
        as_str = process_file(name, text, RenderOptions(**mode))
        as_bytes = process_file(name, text, RenderOptions(encoded=True, **mode))
        assert as_bytes.output == "" and as_str.encoded is None
        assert b"".join(as_bytes.encoded) == as_str.output.encode("utf-8") and as_str.output
    jl = process_file(name, text, RenderOptions(format="jsonl", encoded=True))  # other formats: str as before
    assert jl.encoded is None and jl.output


def test_a_printing_error_leaves_no_output(monkeypatch, tmp_path):
    name, text = GENERATED[0]
    real = printer.iter_tail_runs

    def failing(*args, **kw):  # the third run of lines fails, after lines were made (statements 1-99)
        for k, run in enumerate(real(*args, **kw)):
            if k == 3:
                raise RuntimeError("boom")
            yield run

    monkeypatch.setattr(printer, "iter_tail_runs", failing)
    oc = process_file(name, text, RenderOptions(encoded=True))
    assert oc.errors == 1 and "internal error: RuntimeError: boom" in oc.messages
    assert oc.output == "" and oc.encoded is None
    src = tmp_path / "g.ir"
    src.write_text(text, encoding="utf-8")
    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8")
    assert batch.cli_infer([str(src)], stdout=stdout, stderr=err, color="never") == 1
    stdout.flush()
    assert out.getvalue() == b"" and "internal error" in err.getvalue()
    dest = tmp_path / "out.txt"
    assert batch.cli_infer([str(src)], output=str(dest), stdout=io.StringIO(), stderr=io.StringIO()) == 1
    assert dest.read_bytes() == b""  # -o: the run's text (nothing), never a part of the listing


def _cli(paths, stdout, **kw) -> int:
    return batch.cli_infer([str(p) for p in paths], stdout=stdout, stderr=io.StringIO(), color="never", **kw)


@pytest.mark.parametrize("mode", [dict(), dict(plain=True), dict(hide_stable=True), dict(entries="full")])
def test_cli_bytes_equal_the_text_path_on_every_destination(mode, tmp_path):
    files = []
    for name, text in GENERATED:
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        files.append(p)
    files.append(ROOT / "samples" / sorted(q.name for q in (ROOT / "samples").glob("*.ir"))[0])
    want_one = printer.render_program(*_prog(files[1]), **mode).encode("utf-8")
    # stdout with a UTF-8 binary buffer (bytes written straight), without one (StringIO: decoded), latin-1 (decoded)
    raw = io.BytesIO()
    wrapper = io.TextIOWrapper(raw, encoding="utf-8")
    assert _cli([files[1]], wrapper, **mode) == 0
    wrapper.flush()
    assert raw.getvalue() == want_one
    sio = io.StringIO()
    assert _cli([files[1]], sio, **mode) == 0
    assert sio.getvalue().encode("utf-8") == want_one
    # several files on stdout (headers between them as str pieces, bodies as bytes) and in -o FILE
    raw = io.BytesIO()
    wrapper = io.TextIOWrapper(raw, encoding="utf-8")
    assert _cli(files, wrapper, **mode) == 0
    wrapper.flush()
    sio = io.StringIO()
    assert _cli(files, sio, **mode) == 0
    assert raw.getvalue() == sio.getvalue().encode("utf-8")
    assert raw.getvalue().startswith(f"# file: {files[0]}\n".encode())
    dest = tmp_path / "all.txt"
    assert _cli(files, io.StringIO(), output=str(dest), **mode) == 0
    assert dest.read_bytes() == raw.getvalue()
    out_dir = tmp_path / "od"
    assert _cli(files[1:2], io.StringIO(), out_dir=str(out_dir), **mode) == 0
    assert (out_dir / "gen1.typed.ir").read_bytes() == want_one


def _prog(path):
    res = analyse(str(path), Path(path).read_text(encoding="utf-8"))
    return res.program, res.results


def test_write_pieces_keeps_order_and_encoding():
    pieces = ["a│\n", "b\n".encode(), "", "c\n", "d│\n".encode("utf-8"), "e\n".encode()]
    want = "a│\nb\nc\nd│\ne\n"
    raw = io.BytesIO()
    wrapper = io.TextIOWrapper(raw, encoding="utf-8")
    batch.write_pieces(wrapper, pieces)
    assert raw.getvalue() == want.encode("utf-8")  # flushed, in order
    raw = io.BytesIO()
    wrapper = io.TextIOWrapper(raw, encoding="utf-16")  # not UTF-8: decoded and written as text
    batch.write_pieces(wrapper, pieces)
    assert raw.getvalue() == want.encode("utf-16")
    sio = io.StringIO()
    batch.write_pieces(sio, pieces)
    assert sio.getvalue() == want


def test_atomic_write_of_pieces(tmp_path):
    dest = tmp_path / "x.txt"
    batch.atomic_write(str(dest), ["a│\n", "b│\n".encode("utf-8"), ""])
    assert dest.read_bytes() == "a│\nb│\n".encode("utf-8")
    batch.atomic_write(str(dest), [])
    assert dest.read_bytes() == b""
