"""The adapters' pages (docs/openspiel.md, docs/pettingzoo.md): every Python example runs as
written and prints what the page shows.

What a block prints is shown in comments: a comment after a ``print(...)`` on its line, and the
comment lines right below that line, are its output, line for line (text after two spaces and
``<-`` on such a line is a gloss, not output). The examples that play a whole game through an
adapter with several seats (and ISMCTS) are slow tests; the short ones run by default.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from adapters_support import need

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: (page, 1-based block number) of the blocks that take longer than a quick test may.
SLOW = {("openspiel.md", 1), ("openspiel.md", 2)}
#: the library each page's examples need
EXTRA = {"openspiel.md": ("pyspiel", "openspiel"), "pettingzoo.md": ("pettingzoo", "pettingzoo")}


def blocks(page: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S)


def shown_output(block: str) -> list[str]:
    """The output a block shows: the comments on and right below each ``print(`` line."""
    shown: list[str] = []
    printing = False
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        if code.strip():
            printing = "print(" in code
            if printing and comment:
                shown.append(comment.split("  <-")[0].strip())
        elif printing and comment:
            shown.append(comment.split("  <-")[0].strip())
        else:
            printing = False
    return shown


def cases():
    for page in EXTRA:
        for number, block in enumerate(blocks(page), start=1):
            marks = [pytest.mark.slow] if (page, number) in SLOW else []
            yield pytest.param(page, number, block, marks=marks, id=f"{page}-{number}")


def test_each_page_has_examples_that_show_their_output():
    for page in EXTRA:
        found = blocks(page)
        assert len(found) >= 2 and all(shown_output(block) for block in found), page
    assert SLOW <= {(param.values[0], param.values[1]) for param in cases()}


def test_shown_output_reads_the_comments_of_print_lines_only():
    block = ("x = 1  # not output\nprint(x)  # 1\n# 2  <- a gloss\ny = 2\n# a note\n"
             "print(y)\n# 2\n")
    assert shown_output(block) == ["1", "2", "2"]


@pytest.mark.parametrize("page, number, block", list(cases()))
def test_the_example_runs_and_prints_what_the_page_shows(page, number, block):
    need(*EXTRA[page])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"docs/{page} python block {number}", "exec"), {})
    assert out.getvalue().splitlines() == shown_output(block)
