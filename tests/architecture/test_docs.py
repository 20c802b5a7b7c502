"""docs/ stands alone: a user with only the repository can follow every reference.

- no path out of the repository (`../…`) and no machine-specific path;
- every repository path the docs and README name in backticks exists
  (files, folders, or globs that match something), and so does every file a
  Markdown link or image (`[text](path)`, `![alt](plot.png)`) points to;
- docs/architecture.md's tree lists every module of the package, and every
  module it lists exists.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
TOPS = ("docs/", "irc/", "tests/", "bench/", "samples/", "grammar/", "snapshots/", ".ci/")
GENERATED = tuple(line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()
                  if line.strip().endswith("/") and "/" in line.strip()[:-1])  # e.g. bench/out/: made by runs
PATH_RE = re.compile(r"`((?:%s)[^`\s]*)`" % "|".join(re.escape(t) for t in TOPS))


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_path_leaves_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    bad = [m.group(0) for m in re.finditer(r"\.\./[\w./-]+|/work/[\w./-]*|/home/\w+|/tmp/[\w./-]+", text)]
    if doc.name == "README.md":  # the development setup's conformance command is described as outside the clone
        bad = [b for b in bad if not b.startswith("../shared/")]
    assert not bad, f"{doc.name} points outside the repository: {bad}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_named_repository_path_exists(doc):
    missing = []
    for m in PATH_RE.finditer(doc.read_text(encoding="utf-8")):
        ref = m.group(1).rstrip(".,:;)").split(":")[0].split("#")[0]  # tests/x.py::test, irc/x.py:12, …
        ref = re.sub(r"\[.*$", "", ref)
        if not ref or "…" in ref or "<" in ref or "NAME" in ref or ref.startswith(GENERATED):
            continue
        if any(ch in ref for ch in "*?"):
            if not list(ROOT.glob(ref)):
                missing.append(ref)
        elif not (ROOT / ref).exists():
            missing.append(ref)
    assert not missing, f"{doc.name} names paths that do not exist: {sorted(set(missing))}"


@pytest.mark.parametrize("doc", DOCS + [ROOT / "bench" / "README.md"], ids=lambda p: p.parent.name + "/" + p.name)
def test_every_link_and_image_exists(doc):
    targets = re.findall(r"\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8"))
    local = [t.split("#")[0] for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:|#", t)]
    missing = [t for t in local if not (doc.parent / t).exists()]
    assert not missing, f"{doc.name} links to files that do not exist: {missing}"


def test_architecture_tree_lists_every_module():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = text[text.index("irc/\n"):]
    listed: set[str] = set()
    package = None
    for line in tree.splitlines():
        m = re.match(r"^  (\w+)/\s", line)
        if m:
            package = m.group(1)
            continue
        m = re.match(r"^  (__init__|__main__|\w+)\.py\s", line)
        if m:
            listed.add(f"irc/{m.group(1)}.py")
            package = None
            continue
        m = re.match(r"^    (\w+)\.(py|ir)\s", line)
        if m and package:
            listed.add(f"irc/{package}/{m.group(1)}.{m.group(2)}")
        if line.startswith(("tests/", "snapshots/")):
            break
    actual = {str(p.relative_to(ROOT)) for p in (ROOT / "irc").rglob("*.py") if p.name != "__init__.py"}
    actual |= {"irc/__init__.py"} | {str(p.relative_to(ROOT)) for p in (ROOT / "irc").rglob("*.ir")}
    assert actual - listed == set(), f"modules missing from docs/architecture.md: {sorted(actual - listed)}"
    assert listed - actual == set(), f"docs/architecture.md lists modules that do not exist: {sorted(listed - actual)}"
