"""`irc playground -o DIR`: a self-contained static site that runs irc in the browser.

    build_site(out, pyodide, wheels=(), samples=None) -> Site

The site, built in a temporary sibling of DIR and renamed into place whole
(never half a site; a DIR that is not an earlier playground is left alone):

    index.html, playground.js     the page (package data, `irc/cli/site/`)
    playground.json               the manifest: Pyodide's version, the wheels, the examples
    pyodide/                      Pyodide's core files, copied from its npm package
    wheels/*.whl                  irc's and lark's wheels (pure Python), unpacked into
                                  Pyodide's file system when the page starts
    examples.json                 the samples/*.ir of the checkout, for the menu

Where the files come from (no network at run time; at build time only pip's):
Pyodide from its npm package, pinned in `web/package.json` + lock
(`npm ci --prefix web`, then `--pyodide web/node_modules/pyodide`, the default
in a checkout), or a tarball `npm pack pyodide@VERSION` wrote (`--pyodide
pyodide-VERSION.tgz`); irc's wheel from the checkout (`pip wheel --no-deps`)
and lark's from pip (`pip download --no-deps`, pip's cache first), unless
`--wheel FILE` gives them (irc's is built from a clean copy of the checkout's
package files, so a stale `build/` never leaks into it).  A missing piece is a `PlaygroundError` saying what
to run, never a traceback.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

PYODIDE_VERSION = "0.29.3"  # the version web/package.json pins (Python 3.13)
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
PAGE_FILES = ("index.html", "playground.js")
MANIFEST = "playground.json"
EXAMPLE_MAX_BYTES = 32_000  # samples larger than this stay out of the menu


class PlaygroundError(Exception):
    """A build that cannot go on, said in words (what is missing and what to run)."""


@dataclass(frozen=True, slots=True)
class Site:
    path: str
    pyodide_version: str
    wheels: tuple[str, ...]
    examples: int
    size: int  # bytes of every file in the site


def checkout_root() -> Path | None:
    """The repository irc runs from (a checkout: pyproject.toml beside `irc/`), or None (an installed wheel)."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "grammar").is_dir() else None


def default_pyodide() -> str | None:
    env = os.environ.get("IRC_PYODIDE")
    if env:
        return env
    root = checkout_root()
    if root is not None and (root / "web" / "node_modules" / "pyodide").is_dir():
        return str(root / "web" / "node_modules" / "pyodide")
    return None


_HOW = (f"install it with `npm ci --prefix web` in irc's checkout (web/package.json pins pyodide@{PYODIDE_VERSION}), "
        f"or run `npm pack pyodide@{PYODIDE_VERSION}`, and pass the package's folder or the .tgz to --pyodide")


def copy_pyodide(source: str | None, dest: Path) -> str:
    """Pyodide's core files from an npm package folder or tarball into `dest`; returns its version."""
    if not source:
        raise PlaygroundError(f"no Pyodide given: {_HOW}")
    src = Path(source)
    if src.is_file() and src.name.endswith((".tgz", ".tar.gz")):
        unpacked = dest.parent / "_pyodide_package"
        try:
            with tarfile.open(src) as tar:
                tar.extractall(unpacked, filter="data")
        except (tarfile.TarError, OSError) as e:
            raise PlaygroundError(f"{source}: cannot unpack the Pyodide tarball: {e}") from None
        src = unpacked / "package"
    elif not src.is_dir():
        raise PlaygroundError(f"{source}: no such Pyodide package folder or .tgz: {_HOW}")
    missing = [f for f in PYODIDE_FILES if not (src / f).is_file()]
    if missing:
        raise PlaygroundError(f"{source}: not Pyodide's npm package (it lacks {', '.join(missing)}): {_HOW}")
    try:
        version = json.loads((src / "package.json").read_text(encoding="utf-8")).get("version", "")
    except (OSError, ValueError):
        version = ""
    dest.mkdir(parents=True)
    for f in PYODIDE_FILES:
        shutil.copyfile(src / f, dest / f)
    if src.parent.name == "_pyodide_package":
        shutil.rmtree(src.parent, ignore_errors=True)
    return version


def _pip(args: list[str], what: str) -> None:
    try:
        p = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise PlaygroundError(f"cannot {what}: {e}") from None
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["pip failed"])[-1]
        raise PlaygroundError(f"cannot {what} (pip: {last}); give the wheel with --wheel FILE")


def make_wheels(dest: Path, given: tuple[str, ...] = (), root: Path | None = None) -> list[str]:
    """irc's (built from the checkout `root`) and lark's wheels into `dest` (`given` ones copied
    instead); returns their names."""
    dest.mkdir(parents=True)
    for w in given:
        if not (w.endswith(".whl") and Path(w).is_file()):
            raise PlaygroundError(f"{w}: no such wheel file")
        shutil.copyfile(w, dest / Path(w).name)
    names = [p.name for p in dest.glob("*.whl")]
    if not any(n.startswith("julia_irc-") for n in names):
        if root is None:
            raise PlaygroundError("irc is not running from a checkout, so its wheel cannot be built here: "
                                  "give it with --wheel julia_irc-….whl (`pip wheel --no-deps julia-irc`)")
        with tempfile.TemporaryDirectory(prefix="irc-wheel-") as clean:  # never a stale build/ of the checkout
            src = Path(clean) / "src"
            src.mkdir()
            for name in ("pyproject.toml", "README.md"):
                shutil.copyfile(root / name, src / name)
            for tree in ("irc", "grammar"):
                shutil.copytree(root / tree, src / tree, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            _pip(["wheel", "-q", "--no-deps", "-w", str(dest), str(src)], "build irc's wheel")
    if not any(n.startswith("lark-") for n in names):
        from importlib.metadata import PackageNotFoundError, version

        try:
            pin = f"lark=={version('lark')}"  # the lark irc runs with here
        except PackageNotFoundError:
            pin = "lark"
        _pip(["download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(dest), pin], f"fetch {pin}'s wheel")
    return sorted(p.name for p in dest.glob("*.whl"))


def examples(root: Path | None) -> dict[str, str]:
    """The checkout's samples/*.ir (name -> text) small enough for the menu; none outside a checkout."""
    if root is None:
        return {}
    out = {}
    for p in sorted((root / "samples").glob("*.ir")):
        if p.stat().st_size <= EXAMPLE_MAX_BYTES:
            out[p.stem] = p.read_text(encoding="utf-8")
    return out


def _size(d: Path) -> int:
    return sum(p.stat().st_size for p in d.rglob("*") if p.is_file())


def build_site(out: str, pyodide: str | None, wheels: tuple[str, ...] = (), root: Path | None = None) -> Site:
    """Write the site into `out` (see the module doc); `root`: the checkout irc's wheel is built
    from and the examples come from (None: none, the wheel must be given); raises `PlaygroundError`."""
    target = Path(out)
    if target.exists() and not (target / MANIFEST).is_file() and (not target.is_dir() or any(target.iterdir())):
        raise PlaygroundError(f"{out}: exists and is not a playground irc wrote: give a new or empty folder")
    parent = target.resolve().parent
    if not parent.is_dir():
        raise PlaygroundError(f"{out}: its folder {parent} does not exist")
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    try:
        site = tmp / "site"
        version = copy_pyodide(pyodide, site / "pyodide")
        names = make_wheels(site / "wheels", wheels, root)
        page = resources.files("irc.cli") / "site"
        for f in PAGE_FILES:
            (site / f).write_bytes((page / f).read_bytes())
        ex = examples(root)
        (site / "examples.json").write_text(json.dumps(ex, ensure_ascii=False), encoding="utf-8")
        manifest = {"pyodide": version, "wheels": [f"wheels/{n}" for n in names], "examples": sorted(ex)}
        (site / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        site.rename(target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return Site(str(target), version, tuple(names), len(ex), _size(target))


def playground_main(out: str, pyodide: str | None = None, wheels: tuple[str, ...] = (), stdout=None,
                    stderr=None) -> int:
    """`irc playground -o DIR [--pyodide PATH] [--wheel FILE…]`; returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        site = build_site(out, pyodide if pyodide is not None else default_pyodide(), wheels, checkout_root())
    except PlaygroundError as e:
        stderr.write(f"error: {e}\n")
        return 1
    except OSError as e:
        stderr.write(f"{out}: error: cannot write the site: {e.strerror or e}\n")
        return 1
    stdout.write(f"wrote {site.path}: Pyodide {site.pyodide_version}, {', '.join(site.wheels)}, "
                 f"{site.examples} examples, {site.size / 1e6:.1f} MB; serve it with "
                 f"`python -m http.server -d {site.path}` or publish the folder as it is\n")
    return 0
