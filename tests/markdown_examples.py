"""The fenced examples of golfcore's Markdown documents, as values the doc tests run.

A fenced block is ```` ```LANG ```` … ```` ``` ````; every fence names its language. An HTML
comment on the line right above a fence says how the tests treat the block:

* ``<!-- not run: REASON -->``: an example the tests cannot run (it needs a browser, a cluster,
  installing software, or runs for minutes); the reason is said, and the tests count it;
* ``<!-- slow: REASON -->``: run only by the slow tests (``pytest -m slow``);
* ``<!-- file: NAME -->``: the contents of a file that the document's other examples use; it is
  written, under that name, to the folder the examples run in;
* ``<!-- run by: tests/test_NAME.py -->``: another test module runs this block (it needs
  something the doc tests do not set up, such as a package of its own installed in a venv).

Without a comment, a block runs by its language: ``python`` (a document's Python blocks share one
namespace, in order; a block with ``>>>`` lines is a doctest), ``console`` (``$ `` lines are
commands, the lines under one are what it prints), ``sh``/``bash`` (a script whose commands must
succeed) and ``yaml`` spec files (``format:`` and ``cases:``, run by ``golf conform``). Blocks in
the data languages (``json``, ``toml``, ``text``, …) show formats and are not run.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def documents() -> list[str]:
    """README.md, every docs/*.md and specs/README.md, in a stable order."""
    docs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))
    return ["README.md", *docs, "specs/README.md"]


#: The languages whose blocks show a format (data, output, configuration), never run.
DATA = {"json", "jsonl", "toml", "text", "nginx", "caddy", "ini", "html", "yaml"}

MARKER = re.compile(r"^<!--\s*(not run|slow|file|run by)\s*:\s*(.+?)\s*-->$")
FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced block of a document."""

    doc: str          # the document, relative to the root (README.md, docs/fair.md)
    line: int         # the line of its opening fence, from 1
    lang: str         # its language ('' when the fence names none)
    body: str         # its text, every line ending in a newline
    marker: str       # 'not run', 'slow', 'file', 'run by' or ''
    note: str         # the marker's reason, file name or test module

    @property
    def label(self) -> str:
        return f"{self.doc}:{self.line}"

    @property
    def is_spec(self) -> bool:
        """A YAML block that is a whole spec file (``format:`` and ``cases:`` at the top)."""
        return (self.lang == "yaml" and re.search(r"^format:", self.body, re.M) is not None
                and re.search(r"^cases:", self.body, re.M) is not None)

    @property
    def kind(self) -> str:
        """How the doc tests treat it: 'python', 'doctest', 'console', 'sh', 'spec', 'data',
        'file', 'not run', 'run by', or 'unknown' (a block that names no language)."""
        if self.marker in ("file", "not run", "run by"):
            return self.marker
        if self.lang == "python":
            return "doctest" if re.search(r"^>>> ", self.body, re.M) else "python"
        if self.lang == "console":
            return "console"
        if self.lang in ("sh", "bash"):
            return "sh"
        if self.is_spec:
            return "spec"
        if self.lang in DATA:
            return "data"
        return "unknown"


def parse(doc: str, text: str | None = None) -> list[Block]:
    """Every fenced block of ``doc`` (read from the root unless ``text`` is given)."""
    if text is None:
        text = (ROOT / doc).read_text(encoding="utf-8")
    lines = text.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i].strip()) if not lines[i].startswith((" ", "\t")) else None
        if not match:
            i += 1
            continue
        fence, lang = match.group(1), match.group(2).lower()
        end = i + 1
        while end < len(lines) and lines[end].strip() != fence[0] * len(fence):
            end += 1
        if end == len(lines):
            raise ValueError(f"{doc}:{i + 1}: a fenced block that never closes")
        marker = note = ""
        above = lines[i - 1].strip() if i else ""
        found = MARKER.match(above)
        if found:
            marker, note = found.group(1), found.group(2)
        elif above.startswith("<!--"):
            raise ValueError(f"{doc}:{i}: a comment right above a block must be a marker "
                             f"(not run, slow, file or run by): {above}")
        body = "".join(line + "\n" for line in lines[i + 1:end])
        blocks.append(Block(doc, i + 1, lang, body, marker, note))
        i = end + 1
    return blocks


def compile_block(block: Block) -> object:
    """The block compiled so that tracebacks name the document and its line numbers."""
    return compile("\n" * block.line + block.body, str(ROOT / block.doc), "exec")


def print_comments(block: Block) -> dict[int, str]:
    """The document line of each ``print(...)  # SHOWN`` statement of a Python block, and the
    comment's text: what the block says that line prints."""
    comments: dict[int, str] = {}
    tokens = tokenize.generate_tokens(io.StringIO(block.body).readline)
    lines = block.body.splitlines()
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            row = tok.start[0]
            code = lines[row - 1][: tok.start[1]].strip()
            if code.startswith("print(") and code.endswith(")"):
                comments[block.line + row] = tok.string[1:].strip()
    return comments


def shows(comment: str, printed: str) -> bool:
    """Whether a print's comment shows what it printed: the same text, or that text followed by
    ``: `` and a remark (``# 4: a legal move``); ``...`` in the comment stands for any text."""
    return matches(comment, printed) or any(
        matches(comment[:cut], printed) for cut in _colons(comment))


def _colons(comment: str) -> list[int]:
    return [m.start() for m in re.finditer(r": ", comment)]


def _line_pattern(expected: str) -> str:
    return ".*?".join(re.escape(part) for part in expected.rstrip().split("...")) + r"\s*"


def matches(expected: str, actual: str) -> bool:
    """Whether ``actual`` is what ``expected`` shows: line by line, trailing spaces ignored;
    ``...`` within a line stands for any text, and a line of ``...`` alone for any lines."""
    parts = []
    for line in expected.rstrip("\n").split("\n"):
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(_line_pattern(line) + r"\n")
    pattern = "".join(parts)
    return re.fullmatch(pattern, actual.rstrip("\n") + "\n", flags=re.S) is not None


@dataclass(frozen=True)
class Command:
    """One command of a console block and what the block shows it printing."""

    line: int         # its document line
    command: str
    output: str       # the lines shown under it ('' when none are shown)


def console_commands(block: Block) -> list[Command]:
    """The ``$ `` commands of a console block (``\\`` continues one on the next line), each with
    the lines shown under it."""
    commands: list[Command] = []
    lines = block.body.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"{block.doc}:{block.line + 1 + i}: output before any '$ ' command")
        start = i
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        output = []
        while i < len(lines) and not lines[i].startswith("$ "):
            output.append(lines[i] + "\n")
            i += 1
        commands.append(Command(block.line + 1 + start, command, "".join(output)))
    return commands


def shell_environment(home: Path, **extra: str) -> dict[str, str]:
    """The shell of the examples: this Python's scripts first on PATH (its ``golf``), output
    unbuffered (stdout and stderr in the order written), a data folder of its own, ``extra``."""
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.update(PYTHONUNBUFFERED="1", XDG_DATA_HOME=str(home / ".data"), COLUMNS="100")
    env.update(extra)
    return env


def run_console(block: Block, folder: Path, env: dict[str, str]) -> None:
    """Run a console block's commands with bash in ``folder``; each must print what the block
    shows under it, and may fail only where the block shows its error."""
    for command in console_commands(block):
        done = subprocess.run(["bash", "-o", "pipefail", "-c", command.command], cwd=folder,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=600)
        where = f"{block.doc}:{command.line}: $ {command.command}"
        if command.output:
            assert matches(command.output, done.stdout), \
                f"{where}\n--- shown\n{command.output}--- printed\n{done.stdout}"
        assert done.returncode == 0 or "error" in command.output, \
            f"{where}: exit status {done.returncode}\n{done.stdout}"
