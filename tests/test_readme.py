"""The README's Python examples run as written, and its quick start is what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_readme_has_python_examples():
    assert BLOCKS


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index):
    exec(compile(BLOCKS[index], f"README.md python block {index + 1}", "exec"), {})


def test_ci_runs_the_quick_start_verbatim():
    """.ci/run runs exactly the README's two quick-start commands."""
    quick = README.split("## Quick start", 1)[1]
    commands = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", quick, flags=re.S)[0]
    lines = [line.strip() for line in commands.splitlines() if line.strip()]
    assert len(lines) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_lines = [line.strip() for line in ci.splitlines()
                if line.strip() and not line.lstrip().startswith(("#", "set ", "cd "))]
    assert ci_lines == lines
