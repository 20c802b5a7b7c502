"""Shared test fixtures, the hypothesis profiles and the `--exhaustive` option.

`text_snapshot` stores one plain-text file per assertion under the top-level
`snapshots/<test module name>/` folder (syrupy's single-file extension in text
mode).  Update with: `python -m pytest --snapshot-update`.

Profiles (docs/testing.md): `dev`, loaded by default, runs a tenth of each property
test's generated programs (tests/budget.py `examples`); `ci` and `exhaustive` run the
full counts.  `--exhaustive` selects the cases marked `exhaustive` again (pyproject's
addopts deselect them with `-m "not exhaustive"`) and loads the `exhaustive` profile
unless `--hypothesis-profile` names another.  Every test module keeps at least one
default-run test: a module whose every test is marked `exhaustive` is a usage error.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

ROOT = Path(__file__).resolve().parent.parent

settings.register_profile("dev", max_examples=10)
settings.register_profile("ci", max_examples=100)
settings.register_profile("exhaustive", max_examples=100)
settings.load_profile("dev")  # hypothesis's own --hypothesis-profile, read after this file, overrides


def pytest_addoption(parser):
    parser.addoption("--exhaustive", action="store_true",
                     help="run every case (also those marked exhaustive) with the full hypothesis counts")


def pytest_configure(config):
    if config.getoption("exhaustive"):
        if config.option.markexpr == "not exhaustive":
            config.option.markexpr = ""
        if not config.getoption("hypothesis_profile", None):
            settings.load_profile("exhaustive")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Refuse a module whose every collected test is exhaustive-only (it would vanish by default)."""
    default_run: dict[str, bool] = {}
    for item in items:
        name = item.nodeid.split("::", 1)[0]
        default_run[name] = default_run.get(name, False) or item.get_closest_marker("exhaustive") is None
    lost = sorted(name for name, some in default_run.items() if not some)
    if lost:
        raise pytest.UsageError(f"no default-run test left in {', '.join(lost)}: keep a representative part")


@pytest.fixture(autouse=True, scope="session")
def _private_parse_cache(tmp_path_factory):
    """Tests (and the irc processes they start) cache parsed preludes in a
    temporary directory, not in the user's ~/.cache/irc."""
    mp = pytest.MonkeyPatch()
    mp.setenv("IRC_CACHE_DIR", str(tmp_path_factory.mktemp("irc-cache")))
    yield
    mp.undo()
SAMPLES = ROOT / "samples"
SNAPSHOTS = ROOT / "snapshots"
# the shared conformance cases beside the checkout (`CHECKOUT/../shared`), or beside the folder
# of worktrees a checkout may sit in (`CHECKOUT/../../shared`); tests that need them skip without
CONFORMANCE = next((p / "shared" / "conformance" for p in (ROOT.parent, ROOT.parent.parent)
                    if (p / "shared" / "conformance").is_dir()), ROOT.parent / "shared" / "conformance")


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "txt"

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(SNAPSHOTS / test_location.basename)


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


def stored_snapshots(module: str) -> set[str]:
    """The names of the snapshot files stored for the test module `module` (its basename)."""
    return {p.name for p in (SNAPSHOTS / module).iterdir()}


def sample_files() -> list[Path]:
    return sorted(SAMPLES.glob("*.ir"))
