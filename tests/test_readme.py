"""The README's commands work as written."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_the_readme_names_the_two_make_commands() -> None:
    assert "make run" in README and "make test" in README


def test_the_readme_ruling_example_runs() -> None:
    block = re.search(r"\.venv/bin/pokerrules ruling (.*?)\[--json\]", README, re.S)
    assert block, "the README shows a ruling example"
    args = shlex.split(block.group(1).replace("\\\n", " "))
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", "ruling", *args], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "catfish-bend" in result.stdout
