"""README's Quick start must stay true: two commands, and CI runs the second."""
from __future__ import annotations

import re

from conftest import ROOT


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_quick_start_is_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert "irc infer samples/" in commands[0]
    assert "pytest" in commands[1]


def test_quick_start_sample_exists():
    first = quick_start_commands()[0]
    sample = re.search(r"irc infer (\S+)", first).group(1)
    assert (ROOT / sample).is_file(), sample


def test_ci_runs_the_readme_test_command():
    test_command = quick_start_commands()[1]
    install_and_test = test_command.split("&& ", 2)[-1]  # after venv creation and activation
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert install_and_test in ci
