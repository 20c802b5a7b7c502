"""The package shows the pipeline: stages import only stages below them, and no
module imports itself back through any chain, counting imports inside functions.

Stages, lowest first (see docs/architecture.md):

    irc (version), irc.errors, irc.forking  <  syntax  <  ir  <  lattice  <  world  <  infer  <  output  <  diagnose  <  report  <  cli  <  api (irc.api)  <  irc.__main__

The graph is read from the source (ast), so an import placed inside a function
to dodge a circle at import time still counts.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "irc"
STAGES = ["syntax", "ir", "lattice", "world", "infer", "output", "diagnose", "report", "cli", "api"]
BASE = ("irc", "irc.errors", "irc.forking")  # below every stage: the version, located errors, work split with a child


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def rank(mod: str) -> int:
    parts = mod.split(".")
    if mod in BASE:
        return 0
    if mod == "irc.__main__":
        return len(STAGES) + 1
    return STAGES.index(parts[1]) + 1


def package_of(mod: str, path: Path) -> str:
    return mod if path.name == "__init__.py" else mod.rpartition(".")[0]


def imports_of(mod: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every irc module that `mod` imports, at any nesting level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    pkg = package_of(mod, path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "irc" or a.name.startswith("irc."):
                    out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not (target == "irc" or target.startswith("irc.")):
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in modules else target)
    out.discard(mod)
    return out


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {m: imports_of(m, p, modules) for m, p in modules.items()}


def test_every_module_belongs_to_a_stage(graph):
    for mod in graph:
        parts = mod.split(".")
        assert mod in BASE + ("irc.__main__",) or (len(parts) >= 2 and parts[1] in STAGES), (
            f"{mod} is outside every stage package: move it into one of {STAGES}")


def test_stages_import_only_stages_below(graph):
    bad = [f"{m} (stage {rank(m)}) imports {d} (stage {rank(d)})"
           for m, deps in graph.items() for d in deps if d in graph and rank(d) > rank(m)]
    assert not bad, "upward imports:\n" + "\n".join(sorted(bad))


def test_no_import_circles(graph):
    """Tarjan's strongly connected components over the whole package; every one must be a single module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    sccs: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in graph:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        sccs.append(sorted(comp))
    assert not sccs, "import circles:\n" + "\n".join(" <-> ".join(c) for c in sccs)


def test_the_checker_sees_function_level_imports(tmp_path):
    """The graph counts an import inside a function body (the usual way to dodge a circle)."""
    pkg = tmp_path / "irc" / "syntax"
    pkg.mkdir(parents=True)
    (pkg / "a.py").write_text("def f():\n    from irc.cli import app\n")
    modules = {"irc.syntax.a": pkg / "a.py", "irc.cli.app": tmp_path / "x.py"}
    assert imports_of("irc.syntax.a", pkg / "a.py", modules) == {"irc.cli.app"}


def test_package_inits_document_their_stage():
    for stage in STAGES:
        init = ROOT / stage / "__init__.py"
        if not init.exists():  # a one-module stage (irc/api.py): its module's docstring and __all__
            init = ROOT / f"{stage}.py"
        tree = ast.parse(init.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree)
        assert doc and len(doc.split()) > 15, f"irc/{stage}/__init__.py needs a docstring stating the stage's job"
        names = [n for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)]
        assert names, f"irc/{stage}/__init__.py lists its public names in __all__"


def test_every_module_has_a_docstring():
    for mod, path in all_modules().items():
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        assert doc, f"{mod} has no module docstring"


def test_importing_irc_changes_no_process_settings():
    """Importing every module leaves the recursion limit and the collector as they were
    (the pipeline raises the limit only while it runs: `irc.cli.driver.deep_recursion`)."""
    import subprocess
    import sys

    mods = sorted(m for m in all_modules() if m != "irc.__main__")
    code = ("import sys, gc, importlib\nbefore = (sys.getrecursionlimit(), gc.isenabled())\n"
            f"for m in {mods!r}:\n    importlib.import_module(m)\n"
            "after = (sys.getrecursionlimit(), gc.isenabled())\nprint(before == after, before, after)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("True"), out


def test_deep_recursion_is_scoped():
    import sys

    from irc.cli.driver import deep_recursion

    before = sys.getrecursionlimit()
    with deep_recursion(before + 5000):
        assert sys.getrecursionlimit() == before + 5000
    assert sys.getrecursionlimit() == before
