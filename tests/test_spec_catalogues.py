"""An outside spec suite cites its own rules (format 4): it brings a rules catalogue and source
documents, its cases cite ``house:HR-01`` and quote ``house:house-rules.txt``, every mistake is
a clear message with file and line (never a regular expression), and coverage is reported per
catalogue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golfcore.cli import main
from golfcore.conformance.runner import InProcessEngine, coverage_by_catalogue, run
from golfcore.conformance.schema import PATTERNS, schema
from golfcore.conformance.specfile import load

RULES = """\
# House rules

| id | rule |
|---|---|
| HR-01 | A 2x2 square of one rank counts -20. |
| HR-02 | A pair of jokers counts -10. |
"""

DOCUMENT = """Reglas de la casa.
Un cuadrado de cuatro cartas del mismo valor cuenta -20 puntos.
Dos comodines en una columna cuentan -10 puntos.
"""

SPEC = """\
format: 4
catalogue:
  name: house
  rules: RULES.md
  sources: sources
cases:
  - id: house-square-of-fives
    game: card-game
    description: >
      Four fives in a square: the two columns count 0 and the square -20; the eight put at
      place 6 counts 8 while the king at place 3 is still face down.
    rules: [house:HR-01, CG-05]
    source:
      document: house:house-rules.txt
      quote: Un cuadrado de cuatro cartas del mismo valor cuenta -20 puntos.
    variants: [six-card+square-bonus]
    features: [compose]
    start:
      round:
        boards:
          - 5C 5D (KS) / 5H 5S (9D)
          - (AC) (2C) (3C) / (4C) (6C) (7C)
        stock: 8H 8D 8C
        discard: TC
    steps:
      - {as: 0, act: draw}
      - as: 0
        act: replace 6
        expect: {showing: [-12, 0]}
"""


def _suite(folder: Path, spec: str = SPEC, name: str = "house.yaml") -> Path:
    (folder / "sources").mkdir(parents=True, exist_ok=True)
    (folder / "RULES.md").write_text(RULES, encoding="utf-8")
    (folder / "sources" / "house-rules.txt").write_text(DOCUMENT, encoding="utf-8")
    path = folder / name
    path.write_text(spec, encoding="utf-8")
    return path


def test_a_suite_cites_its_own_rules_and_documents(tmp_path):
    path = _suite(tmp_path)
    spec = load(path)
    assert spec.errors == [] and spec.catalogue.ids == ("HR-01", "HR-02")
    report = run([tmp_path], InProcessEngine())
    assert report.ok and [r.status for r in report.results] == ["pass"]
    assert "house:HR-01" in report.matrix() and "CG-05" in report.matrix()
    cover = coverage_by_catalogue(report)
    assert cover["house"] == {"house:HR-01": True, "house:HR-02": False}
    assert cover["golfcore"]["CG-05"] and not cover["golfcore"]["CG-06"]


def test_golf_conform_reports_coverage_per_catalogue(tmp_path, capsys):
    _suite(tmp_path, SPEC.replace("rules: [house:HR-01, CG-05]", "rules: [house:HR-01]"))
    assert main(["conform", "--coverage", str(tmp_path)]) == 1       # HR-02 has no case
    out = capsys.readouterr().out
    assert "rule ids of the catalogue 'house' with no case: house:HR-02 (1 of 2 named" in out
    assert "rule ids with no case: APP" not in out       # golfcore's ids are not this suite's
    assert main(["conform", "--coverage", "--json", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["coverage"] == {"house": {"ids": 2, "covered": 1, "uncovered": ["house:HR-02"]}}
    assert data["uncovered"] == ["house:HR-02"]


BAD = [
    ("an id without its catalogue", "[house:HR-01, CG-05]", "[HR-01]",
     "'HR-01' is not a rule id: golfcore's (APP-01, C4-07, CG-05"),
    ("an id the catalogue lacks", "[house:HR-01, CG-05]", "[house:HR-09]",
     "unknown rule id 'house:HR-09': not in RULES.md of the catalogue 'house' (house:HR-01, "
     "house:HR-02)"),
    ("another catalogue's id", "[house:HR-01, CG-05]", "[club:HR-01]",
     "rule id 'club:HR-01' names the catalogue 'club'; this file's catalogue is 'house'"),
    ("golfcore's document for the house's words", "document: house:house-rules.txt",
     "document: 004_82719e71a93dbb06.txt", "the quote is not verbatim in 004_82719e71a93dbb06"),
    ("a document the sources lack", "house:house-rules.txt", "house:../RULES.md",
     "unknown document 'house:../RULES.md': expected a file of the catalogue's sources"),
    ("a quote the document lacks", "cuenta -20 puntos.", "cuenta -30 puntos.",
     "the quote is not verbatim in house:house-rules.txt"),
    ("a catalogue in format 3", "format: 4", "format: 3", "'catalogue' needs 'format: 4'"),
    ("golfcore's name", "name: house", "name: golfcore", "catalogue name 'golfcore'"),
    ("a missing rules file", "rules: RULES.md", "rules: HOUSE.md",
     "catalogue rules: 'HOUSE.md' is not a Markdown file (.md) next to the spec file"),
    ("an absolute path", "sources: sources", "sources: /etc",
     "catalogue sources: '/etc' is not a path relative to the spec file's folder"),
    ("an unknown field", "  sources: sources\n", "  sources: sources\n  colour: red\n",
     "unknown field 'colour'"),
]


@pytest.mark.parametrize("what,old,new,words", BAD, ids=[b[0] for b in BAD])
def test_mistakes_are_clear_messages(tmp_path, what, old, new, words):
    assert old in SPEC, what
    spec = load(_suite(tmp_path, SPEC.replace(old, new, 1)))
    assert len(spec.errors) == 1, spec.errors
    message = str(spec.errors[0])
    assert words in message and str(tmp_path / "house.yaml") + ":" in message
    assert "^" not in message and "does not match" not in message


def test_a_house_id_in_a_file_without_a_catalogue_says_what_to_add(tmp_path):
    text = SPEC.replace("format: 4\ncatalogue:\n  name: house\n  rules: RULES.md\n"
                        "  sources: sources\n", "format: 3\n")
    [error] = load(_suite(tmp_path, text)).errors
    assert "rule id 'house:HR-01' names the catalogue 'house', but this file declares none: " \
           "a suite's own rules and documents need 'catalogue:'" in str(error)


def test_a_catalogue_without_rules_is_refused(tmp_path):
    path = _suite(tmp_path)
    (tmp_path / "RULES.md").write_text("# nothing here\n", encoding="utf-8")
    [error] = load(path).errors
    assert "lists no rule: expected table rows such as '| HR-01 | what the rule says |'" \
        in str(error)


def test_two_catalogues_of_one_name_are_refused(tmp_path):
    _suite(tmp_path / "a")
    _suite(tmp_path / "b")
    report = run([tmp_path], InProcessEngine())
    assert any("one name, one catalogue" in e.message for e in report.errors)


def test_every_pattern_of_the_schema_is_explained_in_words():
    found = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                found.append(node["pattern"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema())
    assert found and set(found) <= set(PATTERNS)

