"""The docs as tests: every fenced example of README.md, docs/*.md and specs/README.md runs as
written and prints what it shows (how blocks are read and marked: tests/markdown_examples.py).

* A document's Python blocks run in order in one namespace, in a temporary folder holding the
  document's ``file:`` blocks; a ``print(...)  # TEXT`` line must print TEXT (or the text before
  its ``: remark``), and a ``>>>`` block is a doctest.
* A ``console`` block's ``$`` commands run with bash in such a folder, ``golf`` being the
  installed console script of this Python; the lines shown under a command are its output
  (stdout and stderr as a terminal shows them; ``...`` stands for any text). A command may fail
  only where the block shows its error.
* A ``sh`` block runs as a script that must succeed; a YAML spec file must pass ``golf conform``.
* A block the tests cannot run says why in a ``<!-- not run: ... -->`` marker; any other block
  that names no language, or a marker that is not one, fails.
"""

from __future__ import annotations

import builtins
import contextlib
import doctest
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from golfcore import cli
from tests.markdown_examples import (ROOT, Block, compile_block, console_commands, documents,
                                     matches, parse, print_comments, run_console,
                                     shell_environment, shows)

BLOCKS = {doc: parse(doc) for doc in documents()}
ALL = [block for blocks in BLOCKS.values() for block in blocks]
PYTHON = ("python", "doctest")


def test_every_block_runs_or_says_why_not():
    """Every block is an example the tests run, a file they write, data, or marked with why it
    is not run here (a reason, or the test module that runs it)."""
    unknown = [f"{b.label} ({b.lang or 'no language'})" for b in ALL if b.kind == "unknown"]
    assert not unknown, f"blocks the doc tests cannot run (name the language, or mark them " \
                        f"<!-- not run: reason -->): {unknown}"
    for block in ALL:
        if block.marker == "run by":
            module = ROOT / block.note
            assert module.is_file(), f"{block.label}: {block.note} does not exist"
            assert Path(block.doc).name in module.read_text(encoding="utf-8"), \
                f"{block.label}: {block.note} never reads {block.doc}"
        if block.marker == "file":
            assert "/" not in block.note.strip("./") or not Path(block.note).is_absolute()
            assert ".." not in Path(block.note).parts, block.label
        if block.marker == "slow":
            assert block.kind in PYTHON + ("console", "sh", "spec"), block.label
    assert sum(b.kind in ("python", "doctest", "console", "sh", "spec") for b in ALL) >= 20


def test_marker_reading():
    text = ("<!-- not run: needs a browser -->\n```sh\ngolf web\n```\n\n"
            "<!-- file: two.txt -->\n```text\nstock: 8D\n```\n```\nplain\n```\n")
    blocks = parse("x.md", text)
    assert [(b.kind, b.note, b.line) for b in blocks] == [
        ("not run", "needs a browser", 2), ("file", "two.txt", 7), ("unknown", "", 10)]
    with pytest.raises(ValueError, match="must be a marker"):
        parse("x.md", "<!-- not-run: typo -->\n```sh\ngolf web\n```\n")
    with pytest.raises(ValueError, match="never closes"):
        parse("x.md", "```python\nprint(1)\n")


@pytest.mark.parametrize("expected, actual, same", [
    ("a\nb\n", "a\nb\n", True),
    ("a\nb\n", "a\nc\n", False),
    ("seconds: ... s\n", "seconds: 0.0123 s\n", True),
    ("a\n...\nz\n", "a\nb\nc\nz\n", True),
    ("a\n...\nz\n", "a\nz\n", True),
    ("a\n", "a\nb\n", False),
    ("a  \n", "a\n", True),
])
def test_output_matching(expected, actual, same):
    assert matches(expected, actual) is same


@pytest.mark.parametrize("comment, printed, same", [
    ("4: a legal move (C4-11)", "4", True),
    ("playing 0 points", "playing 0 points", True),
    ("29 230 points: the best still possible", "29 230 points", True),
    ("29 230 points", "29 231 points", False),
    ("... and scored", "[3, 4] [3, 9]", False),
])
def test_print_comments(comment, printed, same):
    assert shows(comment, printed) is same


def workdir(doc: str, tmp_path: Path) -> Path:
    """A folder holding the document's ``file:`` blocks."""
    for block in BLOCKS[doc]:
        if block.marker == "file":
            target = tmp_path / block.note
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(block.body, encoding="utf-8")
    return tmp_path


def run_python(doc: str, blocks: list[Block], folder: Path) -> None:
    """Run a document's Python blocks in order in one namespace; check what the prints show."""
    printed: list[tuple[int, str]] = []
    path = str(ROOT / doc)

    def recording_print(*args: Any, sep: str | None = " ", end: str | None = "\n",
                        file: Any = None, flush: bool = False) -> None:
        caller = sys._getframe(1)
        if file is None and caller.f_code.co_filename == path:
            printed.append((caller.f_lineno, (" " if sep is None else sep).join(map(str, args))))
        builtins.print(*args, sep=sep, end=end, file=file, flush=flush)

    namespace: dict[str, Any] = {"__name__": "__doc_example__", "print": recording_print}
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        for block in blocks:
            if block.kind == "doctest":
                test = doctest.DocTestParser().get_doctest(
                    block.body, namespace, block.label, path, block.line)
                runner = doctest.DocTestRunner(
                    optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
                report: list[str] = []
                runner.run(test, out=report.append, clear_globs=False)
                namespace.update(test.globs)      # the doctest ran in a copy
                assert not runner.failures, "".join(report)
            else:
                exec(compile_block(block), namespace)
    finally:
        os.chdir(cwd)
    for block in blocks:
        for line, comment in print_comments(block).items():
            texts = [text for at, text in printed if at == line]
            assert texts, f"{doc}:{line}: this print never ran"
            for text in texts:
                assert shows(comment, text), f"{doc}:{line}: printed {text!r}, shows {comment!r}"


def python_docs(slow: bool) -> list[str]:
    """The documents with Python examples (``slow``: those with a slow one)."""
    return [doc for doc, blocks in BLOCKS.items()
            if any(b.kind in PYTHON and (not slow or b.marker == "slow") for b in blocks)]


@pytest.mark.parametrize("doc", python_docs(slow=False))
def test_python_examples(doc, tmp_path):
    """The document's Python blocks but its slow ones, in order, in one namespace."""
    blocks = [b for b in BLOCKS[doc] if b.kind in PYTHON and b.marker != "slow"]
    run_python(doc, blocks, workdir(doc, tmp_path))


@pytest.mark.slow
@pytest.mark.parametrize("doc", python_docs(slow=True))
def test_python_examples_with_the_slow_ones(doc, tmp_path):
    """The document's Python blocks, the slow ones too, in order, in one namespace."""
    run_python(doc, [b for b in BLOCKS[doc] if b.kind in PYTHON], workdir(doc, tmp_path))


def run_sh(block: Block, folder: Path) -> None:
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", block.body], cwd=folder,
                          env=shell_environment(folder), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600)
    assert done.returncode == 0, f"{block.label}: exit status {done.returncode}\n{done.stdout}"


def run_spec(block: Block, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = folder / f"example-{block.line}.yaml"
    spec.write_text(block.body, encoding="utf-8")
    status = cli.main(["conform", str(spec)])
    out, err = capsys.readouterr()
    assert status == 0, f"{block.label}: golf conform {spec.name}: exit status {status}\n{out}{err}"


def golf_words(command: str) -> tuple[list[str], str | None] | None:
    """A command the default run can give to ``golf``'s entry point in this process: ``golf
    ARGS`` alone, or piped into ``grep 'RE'`` (its words, and the pattern); else None."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return None
    pattern = None
    if words[-2:-1] == ["grep"] and words[-3:-2] == ["|"]:
        words, pattern = words[:-3], words[-1]
    if not words or words[0] != "golf" or set(SHELL) & set("".join(words[1:])):
        return None
    return words[1:], pattern


#: What makes a command need a real shell.
SHELL = "|&;<>$`"


def run_in_process(block: Block, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a console block's commands through ``golf``'s entry point in this process (as
    cheap as the work they do), stdout and stderr written to one stream, as a terminal shows."""
    monkeypatch.chdir(folder)
    for command in console_commands(block):
        words, pattern = golf_words(command.command) or ([], None)
        stream = io.StringIO()
        with contextlib.redirect_stdout(stream), contextlib.redirect_stderr(stream):
            status = cli.main(words)
        output = stream.getvalue()
        if pattern is not None:
            output = "".join(line for line in output.splitlines(keepends=True)
                             if re.search(pattern, line))
        where = f"{block.doc}:{command.line}: $ {command.command}"
        if command.output:
            assert matches(command.output, output), \
                f"{where}\n--- shown\n{command.output}--- printed\n{output}"
        assert status == 0 or "error" in command.output, f"{where}: exit status {status}\n{output}"


def in_process_blocks() -> list[Block]:
    """The console blocks whose every command is a ``golf`` command, but the slow ones."""
    return [b for b in ALL if b.kind == "console" and b.marker != "slow"
            and all(golf_words(c.command) for c in console_commands(b))]


@pytest.mark.parametrize("block", in_process_blocks(), ids=lambda b: b.label)
def test_console_example(block, tmp_path, monkeypatch):
    """The command-line examples, through ``golf``'s entry point: the default run."""
    run_in_process(block, workdir(block.doc, tmp_path), monkeypatch)


@pytest.mark.parametrize("block", [b for b in ALL if b.kind == "spec"], ids=lambda b: b.label)
def test_spec_example(block, tmp_path, capsys):
    """A spec file shown in full passes ``golf conform``."""
    run_spec(block, tmp_path, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("block", [b for b in ALL if b.kind in ("console", "sh")],
                         ids=lambda b: b.label)
def test_shell_example(block, tmp_path):
    """Every command-line example, with bash and the installed ``golf`` console script."""
    folder = workdir(block.doc, tmp_path)
    if block.kind == "console":
        run_console(block, folder, shell_environment(folder))
    else:
        run_sh(block, folder)


def test_every_command_line_example_runs_by_default_unless_slow():
    """A console block left out of the default run is marked slow (its commands need a shell
    or take long), so the default run checks every other one."""
    left_out = [b.label for b in ALL if b.kind in ("console", "sh") and b.marker != "slow"
                and b not in in_process_blocks()]
    assert not left_out, f"mark these <!-- slow: ... --> or make them plain golf commands: " \
                         f"{left_out}"
