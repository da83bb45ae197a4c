"""The README's quick start is what CI runs (its examples run in tests/test_docs.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quick_start() -> list[str]:
    """The README's quick-start commands, one a line."""
    quick = README.split("## Quick start", 1)[1]
    commands = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", quick, flags=re.S)[0]
    return [line.strip() for line in commands.splitlines() if line.strip()]


#: The lines of .ci/run that prepare the browser tests: install Debian's chromium when it is
#: absent, and make the browser tests required (they skip where chromium is missing).
CI_SETUP = ("command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq "
            "chromium; }", "export GOLF_REQUIRE_BROWSER=1", 'export CI="${CI:-true}"')


#: A Debian package the slow tests need, installed only when absent (kpat, ...).
APT_INSTALL = re.compile(r"(command -v [\w.+-]+ >/dev/null|dpkg -s [\w.+-]+ >/dev/null 2>&1) "
                         r"\|\| \{ apt-get update -qq && apt-get install -y -qq [\w.+ -]+; \}")


#: The checks .ci/run makes besides the tests: mypy and ruff, configured in pyproject.toml.
CI_CHECKS = ("python -m mypy golfcore", "ruff check")


def ci_commands(text: str) -> list[str]:
    """The commands of a shell script, without comments, ``set`` and ``cd`` lines."""
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith(("#", "set ", "cd "))]


def only_runs_slow_tests(command: str) -> bool:
    """Whether ``command`` is a pytest run of the slow tests only: ``-m slow``, nothing chained."""
    words = command.split()
    return (words[:3] == ["python", "-m", "pytest"] and not set("&|;<>$`") & set(command)
            and any(a == "-m" and b == "slow" for a, b in zip(words[3:], words[4:])))


def test_ci_runs_the_quick_start_verbatim():
    """.ci/run runs the README's two quick-start commands verbatim, in order, before anything
    else; after them it runs mypy and ruff, only installs chromium when absent, makes the browser
    and adapter tests required, and runs the slow tests that the default pytest run leaves out."""
    lines = quick_start()
    assert len(lines) == 2
    ci_lines = ci_commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert ci_lines[:2] == lines
    assert all(check in ci_lines[2:] for check in CI_CHECKS)
    extra = [line for line in ci_lines[2:] if line not in CI_SETUP + CI_CHECKS
             and not APT_INSTALL.fullmatch(line)]
    assert extra and all(only_runs_slow_tests(line) for line in extra), extra


@pytest.mark.parametrize("command, slow_only", [
    ("python -m pytest -q -m slow", True),
    ("python -m pytest -m slow -q", True),
    ("python -m pytest -q", False),
    ("python -m pytest -q -m 'not slow'", False),
    ("python -m pytest -q -m slow && rm -rf build", False),
    ("golf conform -m slow", False),
])
def test_what_counts_as_running_only_the_slow_tests(command, slow_only):
    assert only_runs_slow_tests(command) is slow_only
