"""`irc playground -o DIR` without a browser: the site's layout and manifest, its atomic
replacement, and the errors a missing or wrong Pyodide, a missing wheel or a foreign folder give
(a sentence saying what to run, exit status 1, never a traceback).  The page itself is driven in
headless chromium by tests/cli/test_playground_browser.py.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from irc.cli.playground import PAGE_FILES, PYODIDE_FILES, PlaygroundError, build_site

ROOT = Path(__file__).resolve().parents[2]


def fake_pyodide(d: Path, version: str = "0.29.3", lacking: str | None = None) -> Path:
    d.mkdir(parents=True)
    for f in PYODIDE_FILES:
        if f != lacking:
            (d / f).write_text(json.dumps({"version": version}) if f == "package.json" else f"// {f}\n")
    return d


def fake_wheels(d: Path) -> tuple[str, ...]:
    d.mkdir()
    names = ("julia_irc-0.1.0-py3-none-any.whl", "lark-1.3.1-py3-none-any.whl")
    for n in names:
        (d / n).write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip
    return tuple(str(d / n) for n in names)


def test_the_site_has_the_page_pyodide_the_wheels_and_the_examples(tmp_path):
    pyo = fake_pyodide(tmp_path / "package")
    site = build_site(str(tmp_path / "site"), str(pyo), fake_wheels(tmp_path / "w"), root=ROOT)
    out = Path(site.path)
    assert sorted(p.name for p in (out / "pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert all((out / f).is_file() for f in PAGE_FILES)
    manifest = json.loads((out / "playground.json").read_text())
    assert manifest["pyodide"] == "0.29.3" == site.pyodide_version
    assert manifest["wheels"] == ["wheels/julia_irc-0.1.0-py3-none-any.whl", "wheels/lark-1.3.1-py3-none-any.whl"]
    examples = json.loads((out / "examples.json").read_text())
    assert sorted(examples) == manifest["examples"] and "union_accumulator" in examples
    assert examples["union_accumulator"] == (ROOT / "samples" / "union_accumulator.ir").read_text()
    assert site.size == sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary left


def test_a_tarball_from_npm_pack_is_taken_as_the_package(tmp_path):
    pyo = fake_pyodide(tmp_path / "package", version="0.29.9")
    tgz = tmp_path / "pyodide-0.29.9.tgz"
    with tarfile.open(tgz, "w:gz") as tar:
        tar.add(pyo, arcname="package")
    site = build_site(str(tmp_path / "site"), str(tgz), fake_wheels(tmp_path / "w"))
    assert site.pyodide_version == "0.29.9" and site.examples == 0
    assert not (tmp_path / "site" / "_pyodide_package").exists()


def test_an_earlier_playground_is_replaced_whole_and_another_folder_refused(tmp_path):
    pyo, wheels = fake_pyodide(tmp_path / "package"), fake_wheels(tmp_path / "w")
    out = tmp_path / "site"
    build_site(str(out), str(pyo), wheels)
    (out / "stale.txt").write_text("x")
    build_site(str(out), str(pyo), wheels)
    assert not (out / "stale.txt").exists() and (out / "index.html").is_file()
    other = tmp_path / "docs"
    other.mkdir()
    (other / "keep.md").write_text("mine")
    with pytest.raises(PlaygroundError, match="not a playground"):
        build_site(str(other), str(pyo), wheels)
    assert [p.name for p in other.iterdir()] == ["keep.md"]


def test_no_pyodide_says_what_to_run(tmp_path):
    with pytest.raises(PlaygroundError, match=r"no Pyodide given: install it with `npm ci --prefix web`.*npm pack"):
        build_site(str(tmp_path / "site"), None, fake_wheels(tmp_path / "w"))
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("case, message", [
    ("missing", "no such Pyodide package folder or .tgz"),
    ("lacking", "not Pyodide's npm package (it lacks pyodide.asm.wasm)"),
    ("badwheel", "no such wheel file"),
])
def test_a_missing_piece_is_one_sentence_and_status_1(tmp_path, case, message):
    pyo = fake_pyodide(tmp_path / "package", lacking="pyodide.asm.wasm" if case == "lacking" else None)
    args = ["-o", str(tmp_path / "site")]
    if case == "missing":
        args += ["--pyodide", str(tmp_path / "nowhere")]
    elif case in ("lacking", "badwheel"):
        args += ["--pyodide", str(pyo)]
    if case == "badwheel":
        args += ["--wheel", str(tmp_path / "nope.whl")]
    p = subprocess.run([sys.executable, "-m", "irc", "playground", *args], cwd=tmp_path, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    assert p.stderr.startswith("error: ") and message in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "site").exists()


def test_help_names_the_command():
    p = subprocess.run([sys.executable, "-m", "irc", "--help"], capture_output=True, text=True, timeout=60)
    assert "playground" in p.stdout
