"""Shared test fixtures.

`text_snapshot` stores one plain-text file per assertion under the top-level
`snapshots/<test module name>/` folder (syrupy's single-file extension in text
mode).  Update with: `python -m pytest --snapshot-update`.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

ROOT = Path(__file__).resolve().parent.parent


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


def sample_files() -> list[Path]:
    return sorted(SAMPLES.glob("*.ir"))
