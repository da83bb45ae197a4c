"""Conformance spec files: load YAML safely, validate, and keep the line of everything.

A spec file (``format: 6``; ``format: 1`` holds solitaire cases only, ``format: 2`` adds the
card game, ``format: 3`` refused starts and four solitaire expectations, ``format: 4`` a
suite's own rules catalogue, ``format: 5`` the solitaire action ``redeal``, ``format: 6`` what a
case assumes of the rules in play, ``assumes`` and ``checks``; described by
``specs/schema.json`` and ``specs/README.md``) holds *cases*: a game (the solitaire unless
``game: card-game``), a start, and either a sequence of steps with expectations after any step,
or ``start_error``: the start must be refused. :func:`load` turns one file into :class:`Case`
values, checked three ways:

1. YAML syntax, read with a loader that follows YAML 1.2's core schema rather than PyYAML's
   YAML 1.1 defaults (``no``/``on`` stay strings, ``3:2`` is not a number, ``10S`` is a card),
   that refuses duplicate keys and every tag (``!foo`` is an error, not ignored), and that is
   bounded: :data:`MAX_DEPTH` levels of nesting, :data:`MAX_ALIAS_VALUES` values reached
   through aliases (no "billion laughs"), no recursive alias, :data:`MAX_DIGITS` digits a number
   (:mod:`golfcore.conformance.yaml12`);
2. the JSON Schema (where an integer is an int, and ``repeat`` is at most :data:`MAX_REPEAT`;
   :mod:`golfcore.conformance.schema`);
3. meaning: every card parses, every variant exists and is the case's game's, every rule id
   is in the catalogue (golfcore's, or as ``name:ID`` the file's own ``catalogue``, format 4:
   :mod:`golfcore.conformance.catalogue`), the start position (or card-game round) can exist
   under every variant of the case (unless the case expects it refused), every seat is at the
   table, the document is a file of ``specs/sources/`` (or ``name:file`` of the catalogue's
   sources) and the quote is verbatim in it
   (:mod:`golfcore.conformance.common_checks`, :mod:`golfcore.conformance.solitaire_cases`,
   :mod:`golfcore.conformance.cardgame_cases`, :mod:`golfcore.conformance.cardgame_rounds`).

Every problem is a :class:`SpecError` naming the file and line, for any file, wherever it is
(``golf conform PATH`` and the pytest plugin use this loader). A file whose YAML or top level
is broken yields no case; a broken case is reported and its siblings still load.

This module holds the entry points: :func:`load`, :func:`loads` (the file's format and each
case's game and shape, then the checks above), :func:`discover` and :func:`default_paths`. It
also re-exports, as before the loader was split, the values (:mod:`golfcore.conformance.model`:
:class:`SpecFile`, :class:`Case`, :class:`Step`, :class:`SpecError`), the YAML loader
(:class:`Node`, :func:`plain`, :func:`load_yaml` and its limits), :func:`schema`, the shipped
suite (:mod:`golfcore.conformance.suite`: :data:`SPECS_DIR`, :func:`known_rule_ids`,
:func:`documents`, :func:`normalise_quote`) and :func:`position_from_spec`.
"""

from __future__ import annotations

from pathlib import Path

from golfcore.conformance.cardgame_cases import CARD_GAME_EXPECT, card_game_case
from golfcore.conformance.catalogue import load_catalogue
from golfcore.conformance.model import CARD_GAME, GAMES, SOLITAIRE, Case, SpecError, SpecFile, Step
from golfcore.conformance.schema import schema, schema_errors
from golfcore.conformance.solitaire_cases import MAX_REPEAT, position_from_spec, solitaire_case
from golfcore.conformance.suite import SPECS_DIR, documents, known_rule_ids, normalise_quote
from golfcore.conformance.verdicts import is_verdict_case, verdict_case
from golfcore.conformance.yaml12 import (MAX_ALIAS_VALUES, MAX_DEPTH, MAX_DIGITS, Node, load_yaml,
                                         load_yaml_shared, plain)

__all__ = [
    "FORMAT", "FORMATS", "FORMAT_3_EXPECT", "START_ERRORS", "load", "loads", "discover",
    "default_paths",
    # moved to their own modules, re-exported here
    "SOLITAIRE", "CARD_GAME", "GAMES", "SpecError", "Step", "Case", "SpecFile",
    "MAX_DEPTH", "MAX_ALIAS_VALUES", "MAX_DIGITS", "Node", "plain", "load_yaml",
    "schema", "SPECS_DIR", "known_rule_ids", "documents", "normalise_quote",
    "MAX_REPEAT", "position_from_spec", "CARD_GAME_EXPECT",
]

#: The newest format; :data:`FORMATS` are the ones this loader reads (1: solitaire cases only;
#: 2: card-game cases; 3: refused starts and the expectations of :data:`FORMAT_3_EXPECT`;
#: 4: a suite's own ``catalogue``, :mod:`golfcore.conformance.catalogue`; 5: the solitaire
#: action ``redeal``, for variants with passes through the stock; 6: ``assumes`` and ``checks``).
FORMAT = 6
FORMATS = (1, 2, 3, 4, 5, 6)

#: Solitaire expectations that need ``format: 3``.
FORMAT_3_EXPECT = ("undoable", "code", "deal", "score_kind")

#: The protocol errors a refused start (``start_error``) may expect.
START_ERRORS = ("bad-input", "bad-request")


def load(path: str | Path) -> SpecFile:
    """Read and check one spec file. Never raises for the file's content: problems are returned."""
    p = Path(path)
    name = str(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return SpecFile(name, [], [SpecError(name, None, f"cannot read the file: {exc}")])
    return loads(text, name)


def loads(text: str, name: str = "<spec>") -> SpecFile:
    """Check one spec file's text (``name`` is the file named in errors). The YAML of a text
    read before in this process is not parsed again (:func:`load_yaml_shared`); every other
    check runs each time, so a file's cases are new values on every call."""
    try:
        root = load_yaml_shared(text, name)
    except SpecError as exc:
        return SpecFile(name, [], [exc])
    if not isinstance(root.value, dict):
        return SpecFile(name, [], [SpecError(name, root.line,
                                             "expected a mapping with 'format: 2' and 'cases'")])
    top = root.value
    fmt = top.get("format")
    if fmt is None or isinstance(fmt.value, bool) or fmt.value not in FORMATS:
        found = "no 'format'" if fmt is None else f"format {fmt.value!r}"
        return SpecFile(name, [], [SpecError(name, fmt.line if fmt else root.line,
                                             f"{found}: this runner reads formats "
                                             f"{', '.join(map(str, FORMATS[:-1]))} and "
                                             f"{FORMATS[-1]}")])
    top_schema = {k: v for k, v in schema().items() if k not in ("$defs", "allOf")}
    top_schema = {**top_schema, "properties": {**top_schema["properties"],
                                               "cases": {"type": "array", "minItems": 1}}}
    errors = schema_errors(root, plain(root), top_schema, name, [])
    if errors:
        return SpecFile(name, [], errors)
    catalogue = None
    if "catalogue" in top:
        node = top["catalogue"]
        if fmt.value < 4:
            return SpecFile(name, [], [SpecError(name, node.line,
                                                 f"'catalogue' needs 'format: 4' (this file "
                                                 f"says format {fmt.value})")])
        try:
            catalogue = load_catalogue(node, plain(node), name)
        except SpecError as exc:
            return SpecFile(name, [], [exc])
    cases: list[Case] = []
    for i, case_node in enumerate(top["cases"].value):
        data = plain(case_node)
        if is_verdict_case(case_node):          # kind: solve (golfcore.conformance.verdicts)
            try:
                cases.append(verdict_case(case_node, data, name, catalogue))
            except SpecError as exc:
                errors.append(exc)
            continue
        game = _game_of(case_node, fmt.value, name)
        if isinstance(game, SpecError):
            errors.append(game)
            continue
        shape = _shape_of(case_node, fmt.value, game, name)
        if shape is not None:
            errors.append(shape)
            continue
        ref = "#/$defs/cardGameCase" if game == CARD_GAME else "#/$defs/case"
        errs = schema_errors(case_node, data, {"$ref": ref}, name, ["cases", i])
        if errs:
            errors += errs
            continue
        try:
            cases.append(card_game_case(case_node, data, name, catalogue) if game == CARD_GAME
                         else solitaire_case(case_node, data, name, catalogue))
        except SpecError as exc:
            errors.append(exc)
    seen: dict[str, int] = {}
    for case in cases:
        if case.id in seen:
            errors.append(SpecError(name, case.line, f"case id {case.id!r} is used twice "
                                    f"(first on line {seen[case.id]})"))
        seen.setdefault(case.id, case.line)
    return SpecFile(name, cases, errors, catalogue)


def _game_of(case_node: Node, fmt: int, path: str) -> str | SpecError:
    """The case's game, or the error that says why it has none."""
    if not isinstance(case_node.value, dict) or "game" not in case_node.value:
        return SOLITAIRE
    node = case_node.value["game"]
    if fmt == 1:
        return SpecError(path, node.line, "'game' needs 'format: 2': a format 1 file holds "
                                          "solitaire cases only")
    if node.value not in GAMES:
        return SpecError(path, node.line, f"unknown game {node.value!r}: expected "
                                          f"{' or '.join(GAMES)}")
    return str(node.value)


def _shape_of(case_node: Node, fmt: int, game: str, path: str) -> SpecError | None:
    """Why a case cannot be read under its file's format (a format 3 field or a ``redeal`` step
    in an older file),
    or has neither or both of ``steps`` and ``start_error``; else None."""
    if not isinstance(case_node.value, dict):
        return None                                   # the schema says what it should be
    fields = case_node.value
    refused = fields.get("start_error")
    if refused is not None and fmt < 3:
        return SpecError(path, refused.line, f"'start_error' needs 'format: 3' (this file says "
                                             f"format {fmt})")
    steps = fields.get("steps")
    if fmt < 3 and game == SOLITAIRE and steps is not None and isinstance(steps.value, list):
        for step in steps.value:
            if not isinstance(step.value, dict):
                continue
            expects = [step.value.get("expect")]
            by_variant = step.value.get("expect_by_variant")
            if by_variant is not None and isinstance(by_variant.value, dict):
                expects += list(by_variant.value.values())
            for expect in expects:
                if expect is None or not isinstance(expect.value, dict):
                    continue
                for key in FORMAT_3_EXPECT:
                    if key in expect.value:
                        return SpecError(path, expect.value[key].line,
                                         f"the expectation {key!r} needs 'format: 3' (this "
                                         f"file says format {fmt})")
    if fmt < 5 and game == SOLITAIRE and steps is not None and isinstance(steps.value, list):
        for step in steps.value:
            if step.value == "redeal" or (isinstance(step.value, dict) and "redeal" in step.value):
                return SpecError(path, step.line, f"the action 'redeal' needs 'format: 5' (this "
                                                  f"file says format {fmt})")
    for key in ("assumes", "checks"):
        if fmt < 6 and key in fields:
            return SpecError(path, fields[key].line, f"{key!r} needs 'format: 6' (this file "
                                                     f"says format {fmt})")
    if refused is not None and steps is not None:
        return SpecError(path, steps.line, "a case whose start must be refused ('start_error') "
                                           "has no 'steps'")
    if refused is None and steps is None:
        return SpecError(path, case_node.line, "a case needs 'steps' (or 'start_error': a start "
                                               "that must be refused)")
    return None


def discover(paths: list[str | Path]) -> list[Path]:
    """Spec files under the given files or folders (``*.yaml`` holding ``format:``)."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found += sorted(q for q in p.rglob("*.y*ml") if q.suffix in (".yaml", ".yml")
                            and q.parent.resolve() != KNOWN_DIR)
        else:
            found.append(p)
    return found


#: The shipped engines' known differences (``specs/engines/NAME.yaml``): not spec files.
KNOWN_DIR = (SPECS_DIR / "engines").resolve()


def default_paths() -> list[Path]:
    """The suite that ships with golfcore."""
    return [SPECS_DIR]
