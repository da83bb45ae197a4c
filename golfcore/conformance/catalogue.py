"""A spec suite's own rules catalogue and source documents (``format: 4``).

golfcore's suite cites golfcore's catalogue (``specs/RULES.md``: ``APP-01``, ``C4-07``,
``CG-05``) and quotes golfcore's documents (``specs/sources/``). A suite of house rules brings
its own: a spec file declares, at its top level::

    catalogue:
      name: house              # the namespace of its ids: house:HR-01
      rules: RULES.md          # relative to the spec file: a Markdown table, one rule a row
      sources: sources         # relative to the spec file: the documents its cases quote

and its cases cite ``house:HR-01`` (golfcore's ids stay as they are, unprefixed) and quote
``document: house:house-rules.txt``. The catalogue's rule ids are the first cell of its
table's rows (``| HR-01 | ... |``: letters and digits, a dash, a number). Its files are read as
the spec file's relatives, each at most :data:`MAX_BYTES`; a document is named by its file
name alone (no folder). Coverage is reported per catalogue
(:func:`golfcore.conformance.report.coverage_by_catalogue`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from golfcore.conformance.model import SpecError
from golfcore.conformance.suite import normalise_quote
from golfcore.conformance.yaml12 import Node

#: The name golfcore's own catalogue (``specs/RULES.md``) is reported under.
GOLFCORE = "golfcore"
#: A catalogue's name: its ids' namespace.
NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
#: A rule id inside a catalogue (``HR-01``); cited as ``name:HR-01``.
LOCAL_ID = re.compile(r"[A-Za-z][A-Za-z0-9]{0,15}-[0-9]{1,4}")
#: The largest catalogue or document file read (bytes).
MAX_BYTES = 1_000_000

_ROW = re.compile(r"^\|\s*([^|\s]+)\s*\|", flags=re.M)


@dataclass(frozen=True)
class Catalogue:
    """A suite's own catalogue: its name, its rule ids (in the table's order) and documents."""

    name: str
    rules_file: Path
    sources: Path
    ids: tuple[str, ...]
    texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def cited(self, local: str) -> str:
        """The id as a case cites it: ``house:HR-01``."""
        return f"{self.name}:{local}"

    def documents(self) -> list[str]:
        return sorted(p.name for p in self.sources.iterdir() if p.is_file())

    def document_text(self, name: str) -> str | None:
        """The document's words as :func:`normalise_quote` leaves them; ``None`` when the
        sources hold no such file (or it cannot be read)."""
        if name in self.texts:
            return self.texts[name]
        if "/" in name or "\\" in name or name in ("", ".", ".."):
            return None
        path = self.sources / name
        text = _read(path) if path.is_file() else None
        if text is not None:
            self.texts[name] = normalise_quote(text)
        return self.texts.get(name)


def _read(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def load_catalogue(node: Node, value: dict[str, Any], spec_path: str) -> Catalogue:
    """The catalogue a spec file declares (``value``: the ``catalogue`` mapping, its shape
    already checked by the schema); :class:`SpecError` for anything that cannot be used."""
    fields = node.value
    name = value["name"]
    if not NAME.fullmatch(name) or name == GOLFCORE:
        raise SpecError(spec_path, fields["name"].line,
                        f"catalogue name {name!r}: expected lower-case letters, digits and "
                        f"dashes, starting with a letter (such as 'house'), and not "
                        f"{GOLFCORE!r} (golfcore's ids are cited without a name)")
    base = Path(spec_path).parent
    paths = {}
    for key in ("rules", "sources"):
        text = value[key]
        where = fields[key].line
        if Path(text).is_absolute() or text.startswith("~"):
            raise SpecError(spec_path, where, f"catalogue {key}: {text!r} is not a path "
                                              f"relative to the spec file's folder")
        paths[key] = (base / text).resolve()
    rules_file, sources = paths["rules"], paths["sources"]
    if not rules_file.is_file() or rules_file.suffix.lower() != ".md":
        raise SpecError(spec_path, fields["rules"].line,
                        f"catalogue rules: {value['rules']!r} is not a Markdown file (.md) "
                        f"next to the spec file (looked for {rules_file})")
    body = _read(rules_file)
    if body is None:
        raise SpecError(spec_path, fields["rules"].line,
                        f"catalogue rules: cannot read {rules_file} as UTF-8 text of at most "
                        f"{MAX_BYTES} bytes")
    ids: list[str] = []
    for match in _ROW.finditer(body):
        local = match.group(1)
        if not LOCAL_ID.fullmatch(local):
            continue                                 # a header row, a separator
        if local in ids:
            raise SpecError(spec_path, fields["rules"].line,
                            f"catalogue rules: {rules_file.name} lists {local} twice")
        ids.append(local)
    if not ids:
        raise SpecError(spec_path, fields["rules"].line,
                        f"catalogue rules: {rules_file.name} lists no rule: expected table "
                        f"rows such as '| HR-01 | what the rule says |'")
    if not sources.is_dir():
        raise SpecError(spec_path, fields["sources"].line,
                        f"catalogue sources: {value['sources']!r} is not a folder next to the "
                        f"spec file (looked for {sources})")
    return Catalogue(name, rules_file, sources, tuple(ids))


def split(rule: str) -> tuple[str | None, str]:
    """``"house:HR-01"`` → ``("house", "HR-01")``; golfcore's ``"CG-05"`` → ``(None, "CG-05")``."""
    name, colon, local = rule.partition(":")
    return (name, local) if colon else (None, rule)
