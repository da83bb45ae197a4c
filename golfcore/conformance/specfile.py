"""Conformance spec files: load YAML safely, validate, and keep the line of everything.

A spec file (``format: 3``; ``format: 1`` holds solitaire cases only, ``format: 2`` adds the
card game, ``format: 3`` refused starts and four solitaire expectations; described by
``specs/schema.json`` and ``specs/README.md``) holds *cases*: a game (the solitaire unless
``game: card-game``), a start, and either a sequence of steps with expectations after any step,
or ``start_error``: the start must be refused. :func:`load` turns one file into :class:`Case`
values, checked three ways:

1. YAML syntax, read with a loader that follows YAML 1.2's core schema rather than PyYAML's
   YAML 1.1 defaults (``no``/``on`` stay strings, ``3:2`` is not a number, ``10S`` is a card),
   that refuses duplicate keys and every tag (``!foo`` is an error, not ignored), and that is
   bounded: :data:`MAX_DEPTH` levels of nesting, :data:`MAX_ALIAS_VALUES` values reached
   through aliases (no "billion laughs"), no recursive alias, :data:`MAX_DIGITS` digits a number;
2. the JSON Schema (where an integer is an int, and ``repeat`` is at most :data:`MAX_REPEAT`);
3. meaning: every card parses, every variant exists and is the case's game's, every rule id
   is in the catalogue, the start position (or card-game round) can exist under every variant
   of the case (unless the case expects it refused), every seat is at the table, the document
   is a file of ``specs/sources/`` and the quote is verbatim in it.

Every problem is a :class:`SpecError` naming the file and line, for any file, wherever it is
(``golf conform PATH`` and the pytest plugin use this loader). A file whose YAML or top level
is broken yields no case; a broken case is reported and its siblings still load.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import yaml

from golfcore.errors import GolfError

#: The newest format; :data:`FORMATS` are the ones this loader reads (1: solitaire cases only;
#: 2: card-game cases; 3: refused starts and the expectations of :data:`FORMAT_3_EXPECT`).
FORMAT = 3
FORMATS = (1, 2, 3)

#: Solitaire expectations that need ``format: 3``.
FORMAT_3_EXPECT = ("undoable", "code", "deal", "score_kind")

#: The most times a step may repeat its action (a whole game is under 60 actions).
MAX_REPEAT = 1000

#: The protocol errors a refused start (``start_error``) may expect.
START_ERRORS = ("bad-input", "bad-request")

SOLITAIRE, CARD_GAME = "solitaire", "card-game"
GAMES = (SOLITAIRE, CARD_GAME)


def _specs_dir() -> Path:
    import golfcore_specs

    return Path(golfcore_specs.__file__).resolve().parent


#: Where the shipped suite lives: ``specs/`` of the checkout, or ``golfcore_specs`` installed.
SPECS_DIR = _specs_dir()


class SpecError(GolfError):
    """A problem in a spec file, with its place."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


# -- YAML with lines, YAML 1.2 scalars, no duplicate keys, bounded ------------------------------

#: Bounds on what a spec file may make the loader build: nesting depth, values reached through
#: aliases (a "billion laughs" file expands to 10**9 values from a few hundred bytes), and the
#: digits of a number (Python refuses to parse more than 4,300). A real spec file is far inside
#: all three.
MAX_DEPTH = 64
MAX_ALIAS_VALUES = 10_000
MAX_DIGITS = 100

_CORE = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_CORE + t for t in ("str", "int", "float", "bool", "null"))
_MAP, _SEQ = _CORE + "map", _CORE + "seq"

_INT_RE = re.compile(r"[-+]?[0-9]+")
_FLOAT_RE = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_INF_RE = re.compile(r"[-+]?\.(?:inf|Inf|INF)")
_NAN_RE = re.compile(r"\.(?:nan|NaN|NAN)")
_BOOL_RE = re.compile(r"true|True|TRUE|false|False|FALSE")
_NULL_RE = re.compile(r"~|null|Null|NULL|")


class _Loader(yaml.SafeLoader):
    """SafeLoader whose implicit scalars follow YAML 1.2's core schema, and whose composer
    refuses nesting deeper than :data:`MAX_DEPTH` (PyYAML's composer recurses: a few hundred
    brackets would exhaust Python's stack)."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.composer.ComposerError(
                    None, None, f"values nested more than {MAX_DEPTH} levels deep", mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        # The scanner's work per token grows with the flow depth: refuse before it is quadratic.
        if self.flow_level >= MAX_DEPTH:
            raise yaml.scanner.ScannerError(
                None, None, f"brackets nested more than {MAX_DEPTH} levels deep", self.get_mark())
        super().fetch_flow_collection_start(token_class)


_Loader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
        (_BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        (_INT, r"^[-+]?[0-9]+$", "-+0123456789"),
        (_FLOAT,
         r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
        (_NULL, r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])):
    _Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


@dataclass
class Node:
    """A loaded value with the line it starts on (1-based)."""

    value: Any
    line: int


class _Walk:
    """Turns composed YAML nodes into :class:`Node` values: scalars by YAML 1.2's core schema
    only (any other tag, ``!foo`` or ``!!binary``, is refused rather than ignored), no
    duplicate keys, no recursive alias, and at most :data:`MAX_ALIAS_VALUES` values reached
    through aliases."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.seen: set[int] = set()          # nodes already walked: meeting one again is an alias
        self.ancestors: set[int] = set()     # nodes being walked: meeting one is a cycle
        self.through_aliases = 0

    def walk(self, node: yaml.Node, aliased: bool = False) -> Node:
        line = node.start_mark.line + 1
        key = id(node)
        if key in self.ancestors:
            raise SpecError(self.path, line, "a recursive alias: the anchored value contains "
                                             "itself")
        if key in self.seen:
            aliased = True
        self.seen.add(key)
        if aliased:
            self.through_aliases += 1
            if self.through_aliases > MAX_ALIAS_VALUES:
                raise SpecError(self.path, line, f"aliases expand to more than "
                                                 f"{MAX_ALIAS_VALUES} values: write the values "
                                                 f"out (or use fewer, smaller anchors)")
        if isinstance(node, yaml.ScalarNode):
            return Node(self.scalar(node), line)
        self.ancestors.add(key)
        try:
            if isinstance(node, yaml.MappingNode):
                self.check_tag(node, _MAP, "a mapping")
                out: dict[str, Node] = {}
                for key_node, value_node in node.value:
                    key_line = key_node.start_mark.line + 1
                    if not isinstance(key_node, yaml.ScalarNode):
                        raise SpecError(self.path, key_line, "mapping keys must be plain")
                    name = self.scalar(key_node)
                    name = str(name).lower() if isinstance(name, bool) else str(name)
                    if name in out:
                        raise SpecError(self.path, key_line, f"duplicate key {name!r} (first "
                                                             f"on line {out[name].line})")
                    out[name] = self.walk(value_node, aliased)
                return Node(out, line)
            if isinstance(node, yaml.SequenceNode):
                self.check_tag(node, _SEQ, "a list")
                return Node([self.walk(item, aliased) for item in node.value], line)
            raise SpecError(self.path, line, f"unexpected YAML node {type(node).__name__}")
        finally:
            self.ancestors.discard(key)

    def check_tag(self, node: yaml.Node, tag: str, what: str) -> None:
        if node.tag != tag:
            raise SpecError(self.path, node.start_mark.line + 1,
                            f"unknown tag {_tag_name(node.tag)!r} on {what}: spec files use no tags")

    def scalar(self, node: yaml.ScalarNode) -> Any:
        tag, text, line = node.tag, node.value, node.start_mark.line + 1
        if tag in (_STR, "!"):
            return text
        if tag == _NULL and _NULL_RE.fullmatch(text):
            return None
        if tag == _BOOL and _BOOL_RE.fullmatch(text):
            return text.lower() == "true"
        if tag == _INT and _INT_RE.fullmatch(text):
            if len(text.lstrip("+-")) > MAX_DIGITS:
                raise SpecError(self.path, line, f"a number of {len(text.lstrip('+-'))} digits: "
                                                 f"numbers here have at most {MAX_DIGITS}")
            return int(text)
        if tag == _FLOAT:
            if _FLOAT_RE.fullmatch(text):
                if len(text) > MAX_DIGITS:
                    raise SpecError(self.path, line, f"a number of {len(text)} characters: "
                                                     f"numbers here have at most {MAX_DIGITS}")
                return float(text)
            if _INF_RE.fullmatch(text):
                return float("-inf") if text.startswith("-") else float("inf")
            if _NAN_RE.fullmatch(text):
                return float("nan")
        if tag in (_NULL, _BOOL, _INT, _FLOAT):
            raise SpecError(self.path, line, f"{text[:40]!r} is not a valid {tag[len(_CORE):]}")
        raise SpecError(self.path, line, f"unknown tag {_tag_name(tag)!r}: spec files use no tags")


def _char(character: Any) -> str:
    code = character if isinstance(character, int) else ord(str(character)[:1] or "\0")
    return f"the character U+{code:04X}"


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def plain(node: Node) -> Any:
    """The loaded value without lines."""
    if isinstance(node.value, dict):
        return {k: plain(v) for k, v in node.value.items()}
    if isinstance(node.value, list):
        return [plain(v) for v in node.value]
    return node.value


def load_yaml(text: str, path: str) -> Node:
    """``text`` as :class:`Node` values; every problem is a :class:`SpecError` with its line."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:      # a character YAML does not allow (NUL...)
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        raise SpecError(path, line, f"malformed YAML: {_char(exc.character)} is not allowed "
                                    f"in a YAML file") from None
    try:
        root = loader.get_single_node()
        if root is None:
            raise SpecError(path, None, "the file is empty: expected 'format' and 'cases'")
        return _Walk(path).walk(root)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        raise SpecError(path, line, f"malformed YAML: {_char(exc.character)} is not allowed "
                                    f"in a YAML file") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise SpecError(path, line, f"malformed YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise SpecError(path, None, f"malformed YAML: {exc}") from None
    finally:
        loader.dispose()


# -- the spec model --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step: an action (or none, for a pure check) and what to expect after it."""

    index: int
    line: int
    #: solitaire: "play", "draw", "undo", "hint", "solve" or None (a check);
    #: card game: "act" or "observe"
    action: str | None
    #: play: column, "column.row" or a card text; act: the canonical action text
    target: Any = None
    repeat: int = 1
    expect: dict[str, Any] = field(default_factory=dict)
    expect_by_variant: dict[str, dict[str, Any]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)   # expectation key -> line
    seat: int | None = None                  # card game: who acts or observes (None: spectator)

    def expectations(self, variant: str) -> dict[str, Any]:
        merged = dict(self.expect)
        merged.update(self.expect_by_variant.get(variant, {}))
        return merged

    def describe(self) -> str:
        if self.action is None:
            return "check"
        if self.action == "act":
            return f"seat {self.seat}: {self.target}"
        if self.action == "observe":
            return "observe as " + ("a spectator" if self.seat is None else f"seat {self.seat}")
        if self.action == "play":
            text = f"play {self.target}"
        else:
            text = self.action
        return f"{text} x{self.repeat}" if self.repeat > 1 else text


@dataclass(frozen=True)
class Case:
    path: str
    line: int
    id: str
    rules: tuple[str, ...]
    document: str
    quote: str
    variants: tuple[str, ...]
    features: tuple[str, ...]
    start: dict[str, Any]
    steps: tuple[Step, ...]
    description: str = ""
    decision: str = ""
    #: "solitaire" or "card-game"; a card-game case's ``start`` holds the protocol's fields
    #: of ``new`` (``round`` in canonical JSON, ``players``, ``seed`` or ``code``)
    game: str = SOLITAIRE
    #: format 3: the start must be refused: ``{"error": kind, "message": pattern or None}``;
    #: such a case has no steps, and its ``start`` holds the protocol's fields of ``new`` as
    #: written (cards canonical where they parse), unchecked
    start_error: dict[str, Any] | None = None


@dataclass
class SpecFile:
    path: str
    cases: list[Case]
    errors: list[SpecError]


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    return json.loads((SPECS_DIR / "schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def known_rule_ids() -> frozenset[str]:
    text = (SPECS_DIR / "RULES.md").read_text(encoding="utf-8")
    return frozenset(re.findall(r"^\| ((?:APP|C4|CG)-\d\d) \|", text, flags=re.M))


def _line_of(node: Node, path: Iterator[Any] | list[Any]) -> int:
    for key in path:
        value = node.value
        if isinstance(value, dict) and key in value:
            node = value[key]
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            node = value[key]
        else:
            break
    return node.line


def _schema_errors(node: Node, data: Any, subschema: dict[str, Any], path: str,
                   prefix: list[Any]) -> list[SpecError]:
    import jsonschema

    root = dict(schema())
    resolver_schema = {**subschema, "$defs": root["$defs"]}
    validator = _validator_class()(resolver_schema)
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        best = jsonschema.exceptions.best_match([err])
        where = list(best.absolute_path)
        label = ".".join(str(p) for p in prefix + where) or "(top level)"
        out.append(SpecError(path, _line_of(node, where), f"{label}: {_schema_message(best)}"))
    return out


@lru_cache(maxsize=1)
def _validator_class() -> Any:
    """The schema's validator, where an integer is an int (jsonschema also takes 2.0)."""
    import jsonschema

    base = jsonschema.validators.validator_for(schema())
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


def _schema_message(err: Any) -> str:
    if err.validator == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        extra = sorted(set(err.instance) - set(allowed)) if isinstance(err.instance, dict) else []
        return (f"unknown field {', '.join(map(repr, extra))}: expected one of "
                f"{', '.join(allowed)}")
    if err.validator == "oneOf" and isinstance(err.instance, (str, int)):
        return f"{err.instance!r} is not a valid value here"
    return err.message


def load(path: "str | Path") -> SpecFile:
    """Read and check one spec file. Never raises for the file's content: problems are returned."""
    p = Path(path)
    name = str(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return SpecFile(name, [], [SpecError(name, None, f"cannot read the file: {exc}")])
    return loads(text, name)


def loads(text: str, name: str = "<spec>") -> SpecFile:
    try:
        root = load_yaml(text, name)
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
    errors = _schema_errors(root, plain(root), top_schema, name, [])
    if errors:
        return SpecFile(name, [], errors)
    cases: list[Case] = []
    for i, case_node in enumerate(top["cases"].value):
        data = plain(case_node)
        game = _game_of(case_node, fmt.value, name)
        if isinstance(game, SpecError):
            errors.append(game)
            continue
        shape = _shape_of(case_node, fmt.value, game, name)
        if shape is not None:
            errors.append(shape)
            continue
        ref = "#/$defs/cardGameCase" if game == CARD_GAME else "#/$defs/case"
        errs = _schema_errors(case_node, data, {"$ref": ref}, name, ["cases", i])
        if errs:
            errors += errs
            continue
        try:
            cases.append(_card_game_case(case_node, data, name) if game == CARD_GAME
                         else _case(case_node, data, name))
        except SpecError as exc:
            errors.append(exc)
    seen: dict[str, int] = {}
    for case in cases:
        if case.id in seen:
            errors.append(SpecError(name, case.line, f"case id {case.id!r} is used twice "
                                    f"(first on line {seen[case.id]})"))
        seen.setdefault(case.id, case.line)
    return SpecFile(name, cases, errors)


def _game_of(case_node: Node, fmt: int, path: str) -> "str | SpecError":
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
    """Why a case cannot be read under its file's format (a format 3 field in an older file),
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
    if refused is not None and steps is not None:
        return SpecError(path, steps.line, "a case whose start must be refused ('start_error') "
                                           "has no 'steps'")
    if refused is None and steps is None:
        return SpecError(path, case_node.line, "a case needs 'steps' (or 'start_error': a start "
                                               "that must be refused)")
    return None


# -- meaning -------------------------------------------------------------------------------------


def _common(node: Node, data: dict[str, Any], path: str, game: str) -> list[str]:
    """The checks every case shares: rule ids, the document and its quote, the variants (which
    must be ``game``'s). Returns the variant names (``all`` expanded)."""
    from golfcore.errors import GolfError as _GolfError
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    fields = node.value
    for i, rule in enumerate(data["rules"]):
        if rule not in known_rule_ids():
            raise SpecError(path, fields["rules"].value[i].line,
                            f"unknown rule id {rule!r}: not in specs/RULES.md")
    source = fields["source"].value
    document = data["source"]["document"]
    if document not in documents():
        raise SpecError(path, source["document"].line,
                        f"unknown document {document!r}: expected a file of specs/sources/ "
                        f"({', '.join(sorted(documents()))})")
    words = normalise_quote(data["source"]["quote"])
    if not words.strip("\"'"):
        raise SpecError(path, source["quote"].line, "the quote has no words: quote the "
                                                    "document's words that the case checks")
    if words not in _document_text(document):
        raise SpecError(path, source["quote"].line,
                        f"the quote is not verbatim in {document} (only white space and the "
                        f"style of quotation marks may differ)")
    variants = data["variants"]
    if variants == ["all"]:
        return [v.name for v in registry(game)]
    for i, name in enumerate(variants):
        line = fields["variants"].value[i].line
        try:
            variant = find_variant(name)
        except _GolfError as exc:
            raise SpecError(path, line, str(exc)) from None
        if variant.game != game:
            raise SpecError(path, line, f"variant {name!r} is a {variant.game} variant, and "
                                        f"this case is a {game} case"
                            + ("" if game == CARD_GAME else " (say 'game: card-game')"))
    return list(variants)


_QUOTE_MARKS = str.maketrans({"«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‟": '"',
                              "‘": "'", "’": "'", "‚": "'", "‛": "'"})


def normalise_quote(text: str) -> str:
    """White space and typographic quotation marks only: the words must be the document's."""
    return " ".join(text.translate(_QUOTE_MARKS).split())


@lru_cache(maxsize=1)
def documents() -> frozenset[str]:
    """The documents a case may quote: the file names of ``specs/sources/`` (names only: a
    path such as ``../RULES.md`` is not a document)."""
    return frozenset(p.name for p in (SPECS_DIR / "sources").iterdir() if p.is_file())


@lru_cache(maxsize=None)
def _document_text(name: str) -> str:
    return normalise_quote((SPECS_DIR / "sources" / name).read_text(encoding="utf-8"))


def _case(node: Node, data: dict[str, Any], path: str) -> Case:
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    line = node.line
    variants = _common(node, data, path, SOLITAIRE)
    start = data["start"]
    start_line = fields["start"].line
    if "start_error" in data:
        return Case(path=path, line=line, id=data["id"], rules=tuple(data["rules"]),
                    document=data["source"]["document"], quote=data["source"]["quote"],
                    variants=tuple(variants), features=tuple(data.get("features", ())),
                    start=_refused_start(fields["start"], start, path), steps=(),
                    description=data.get("description", ""),
                    decision=data["source"].get("decision", ""),
                    start_error=_start_error(fields["start_error"], path))
    try:
        _check_start(start)
    except _GolfError as exc:
        inner = getattr(exc, "line", None)
        node_ = fields["start"].value.get("position")
        if inner and node_ is not None and isinstance(node_.value, str):
            # a block scalar's text starts on the line after 'position: |'
            start_line = node_.line + inner
        raise SpecError(path, start_line, f"start: {exc}") from None
    steps = tuple(_step(i, step_node, plain(step_node), path, variants)
                  for i, step_node in enumerate(fields["steps"].value, start=1))
    return Case(path=path, line=line, id=data["id"], rules=tuple(data["rules"]),
                document=data["source"]["document"], quote=data["source"]["quote"],
                variants=tuple(variants), features=tuple(data.get("features", ())),
                start=start, steps=steps, description=data.get("description", ""),
                decision=data["source"].get("decision", ""))


def _start_error(node: Node, path: str) -> dict[str, Any]:
    """A refused start's expectation as ``{"error", "message"}`` (message: a pattern or None)."""
    value = plain(node)
    expected = {"error": value, "message": None} if isinstance(value, str) else \
        {"error": value["error"], "message": value.get("message")}
    if expected["message"] is not None:
        try:
            re.compile(expected["message"])
        except re.error as exc:
            line = node.value["message"].line
            raise SpecError(path, line, f"start_error: message: not a regular expression: "
                                        f"{exc}") from None
    return expected


def _refused_start(node: Node, start: dict[str, Any], path: str) -> dict[str, Any]:
    """The protocol's fields of ``new`` for a solitaire start that must be refused: sent as
    written, with the cards that parse in canonical form; a position in the text form must
    be readable (write an impossible one as a mapping)."""
    from golfcore.errors import GolfError as _GolfError

    if "code" in start:
        return {"code": start["code"]}
    if "deal" in start:
        return {"deal": start["deal"]}
    raw = start["position"]
    if isinstance(raw, str):
        try:
            return {"position": position_from_spec(raw).to_json()}
        except _GolfError as exc:
            raise SpecError(path, node.value["position"].line,
                            f"start: {exc} (a refused start's position is sent as written: "
                            f"write it as a mapping of columns, stock and waste)") from None
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "columns":
            out[key] = [_canonical_cards(column) for column in value]
        else:
            out[key] = _canonical_cards(value)
    return {"position": out}


def _canonical_cards(value: Any) -> Any:
    """Cards in canonical form where they parse; anything else as written."""
    from golfcore.errors import CardError
    from golfcore.notation import parse_card, parse_cards

    if isinstance(value, str):
        try:
            return [str(c) for c in parse_cards(value)] if value.strip() else []
        except CardError:
            return value
    if isinstance(value, list):
        out = []
        for item in value:
            try:
                out.append(str(parse_card(item)) if isinstance(item, str) else item)
            except CardError:
                out.append(item)
        return out
    return value


def _check_start(start: dict[str, Any]) -> None:
    from golfcore.codes import parse_code
    from golfcore.solitaire.deal import check_deal_number

    if "code" in start:
        parse_code(start["code"])
    elif "deal" in start:
        check_deal_number(start["deal"])
    else:
        position_from_spec(start["position"])


def position_from_spec(raw: Any) -> Any:
    """A spec's position (text or mapping) as a checked :class:`Position`."""
    from golfcore.notation import parse_cards
    from golfcore.solitaire.position import Position

    if isinstance(raw, str):
        return Position.from_text(raw, source="position")

    def cards(value: Any) -> Any:
        return parse_cards(value) if isinstance(value, str) else value

    waste = raw.get("waste", ())
    if isinstance(waste, str):
        waste = parse_cards(waste) if waste.strip() else ()
    return Position.build([cards(c) for c in raw.get("columns", [])],
                          cards(raw.get("stock", [])), waste)


_EXPECT_CARDS = ("card", "waste")


def _step(index: int, node: Node, data: Any, path: str, variants: list[str]) -> Step:
    from golfcore.errors import GolfError as _GolfError

    line = node.line
    if isinstance(data, str):
        return Step(index, line, data)
    fields = node.value
    actions = [k for k in ("play", "draw", "undo", "hint", "solve") if k in data]
    if len(actions) > 1:
        raise SpecError(path, line, f"step {index}: one action a step, got "
                        f"{', '.join(actions)}")
    if not actions and "repeat" in data:
        raise SpecError(path, line, f"step {index}: 'repeat' needs an action")
    if not 1 <= data.get("repeat", 1) <= MAX_REPEAT:      # the schema says so too
        raise SpecError(path, fields["repeat"].line, f"step {index}: repeat: from 1 to "
                                                     f"{MAX_REPEAT} times")
    action = actions[0] if actions else None
    target = data.get("play")
    if action == "play" and isinstance(target, str):
        target = _play_target(target, path, fields["play"].line, index)
    expect = data.get("expect", {})
    by_variant = data.get("expect_by_variant", {})
    for name in by_variant:
        if name not in variants:
            raise SpecError(path, fields["expect_by_variant"].value[name].line,
                            f"step {index}: expect_by_variant names {name!r}, which is not "
                            f"among the case's variants ({', '.join(variants)})")
    lines: dict[str, int] = {}
    try:
        expect = _normalise_expect(expect)
        by_variant = {k: _normalise_expect(v) for k, v in by_variant.items()}
    except (_GolfError, ValueError) as exc:     # int('²') is a ValueError, not a CardError
        raise SpecError(path, line, f"step {index}: expect: {exc}") from None
    if "expect" in fields:
        lines = {k: v.line for k, v in fields["expect"].value.items()}
    if not action and not expect and not by_variant:
        raise SpecError(path, line, f"step {index}: nothing to do and nothing to expect")
    return Step(index, line, action, target, data.get("repeat", 1), expect, by_variant, lines)


def _play_target(text: str, path: str, line: int, index: int) -> Any:
    from golfcore.errors import CardError
    from golfcore.notation import parse_card

    if re.fullmatch(r"\s*[0-9]+(\.[0-9]+)?\s*", text):
        if len(text.strip()) > MAX_DIGITS:
            raise SpecError(path, line, f"step {index}: play: a number of {len(text.strip())} "
                                        f"characters: numbers here have at most {MAX_DIGITS}")
        return text.strip()
    try:
        return str(parse_card(text))
    except CardError as exc:
        raise SpecError(path, line, f"step {index}: play: {exc}") from None


def _move(item: Any) -> str:
    """A legal move of an expectation in canonical text."""
    from golfcore.solitaire.moves import Move, MoveError

    text = str(item)
    try:
        if len(text) > MAX_DIGITS:
            raise ValueError(text)
        return str(Move.parse(text))
    except MoveError:
        raise
    except ValueError:          # '²'.isdigit() holds, yet int('²') fails
        raise MoveError(f"unknown move {text[:40]!r}: expected a column number such as '5', "
                        f"a column and row such as '1.4', or 'draw'") from None


def _normalise_expect(expect: dict[str, Any]) -> dict[str, Any]:
    """Cards in canonical form, moves as text, so comparisons are plain equality."""
    from golfcore.notation import parse_card, parse_cards

    out = dict(expect)
    for key in _EXPECT_CARDS:
        if key in out and out[key] is not None:
            out[key] = str(parse_card(out[key]))
    if "free" in out:
        out["free"] = [str(parse_card(c)) if c is not None else None for c in out["free"]]
    if "columns" in out:
        out["columns"] = {k: [str(c) for c in (parse_cards(v) if isinstance(v, str) else
                                               map(parse_card, v))]
                          for k, v in out["columns"].items()}
    if "legal" in out:
        out["legal"] = sorted(_move(m) for m in out["legal"])
    if isinstance(out.get("code"), str):
        out["code"] = out["code"].strip().upper()
    return out


# -- the card game ---------------------------------------------------------------------------------
#
# A card-game case starts from a round set up by hand, from ``players`` and ``seed``, or from a
# match ``code``; its steps act as a seat (``as: 1`` + ``act: "replace 5"``) or observe as one
# (``observe: 1``; ``observe: null`` is a spectator). Seats count from 0, board places from 1,
# row by row. A board is written as rows of cards, a face-down card in parentheses:
#
#     - |
#       5H (KD) 7C
#       (2S) 2S (JK)
#       QH QC (9D)
#
# (rows on lines of their own, or separated by ``/``, or a list of row texts; commas separate
# long names such as ``rey de picas``). In an expectation a face-down card is ``?``: an
# observation never shows it.

#: What a card-game expectation may name (specs/README.md has the table).
CARD_GAME_EXPECT = ("accepted", "reason", "messages", "variant", "code", "players", "shape",
                    "round", "step", "turn", "boards", "discard", "discard_count",
                    "stock_count", "held", "ender", "last_turns", "showing", "totals",
                    "result", "over", "winners", "legal", "total_cards")


@dataclass(frozen=True)
class _Table:
    """What a variant of a card-game case allows: its rule set and the number of seats."""

    name: str
    rules: Any
    players: int

    @property
    def shape(self) -> tuple[int, int]:
        rows, columns = self.rules.shape
        return int(rows), int(columns)


def _card_game_case(node: Node, data: dict[str, Any], path: str) -> Case:
    from golfcore.cardgame.rules import rule_set
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    variants = _common(node, data, path, CARD_GAME)
    if "start_error" in data:
        return Case(path=path, line=node.line, id=data["id"], rules=tuple(data["rules"]),
                    document=data["source"]["document"], quote=data["source"]["quote"],
                    variants=tuple(variants), features=tuple(data.get("features", ())),
                    start=_refused_card_game_start(fields["start"], data["start"], path),
                    steps=(), description=data.get("description", ""),
                    decision=data["source"].get("decision", ""), game=CARD_GAME,
                    start_error=_start_error(fields["start_error"], path))
    rule_sets = []
    for i, name in enumerate(variants):
        try:
            rule_sets.append((name, rule_set(name)))
        except _GolfError as exc:
            line = fields["variants"].value[min(i, len(fields["variants"].value) - 1)].line
            raise SpecError(path, line, f"variant {name!r}: {exc}") from None
    start, tables = _card_game_start(fields["start"], data["start"], path, rule_sets)
    steps = tuple(_card_game_step(i, step_node, plain(step_node), path, tables)
                  for i, step_node in enumerate(fields["steps"].value, start=1))
    return Case(path=path, line=node.line, id=data["id"], rules=tuple(data["rules"]),
                document=data["source"]["document"], quote=data["source"]["quote"],
                variants=tuple(variants), features=tuple(data.get("features", ())),
                start=start, steps=steps, description=data.get("description", ""),
                decision=data["source"].get("decision", ""), game=CARD_GAME)


def _card_game_start(node: Node, data: dict[str, Any], path: str,
                     rule_sets: list[tuple[str, Any]]) -> tuple[dict[str, Any], list[_Table]]:
    """The protocol's fields of ``new`` for this start, and each variant's table."""
    from golfcore.codes import parse_match_code
    from golfcore.errors import GolfError as _GolfError
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    fields = node.value
    keys = set(data)
    if "round" in keys:
        if keys - {"round", "seed"}:
            raise SpecError(path, node.line, "start: a 'round' goes alone or with 'seed' (the "
                                             "seed of the later rounds)")
        start: dict[str, Any] = {}
        tables: list[_Table] = []
        for name, rules in rule_sets:
            rnd, players = _round(fields["round"], path, name, rules)
            start["round"] = rnd
            tables.append(_Table(name, rules, players))
        if "seed" in data:
            start["seed"] = data["seed"]
        return start, tables
    if "code" in keys:
        if keys != {"code"}:
            raise SpecError(path, node.line, "start: a 'code' goes alone: it holds the players "
                                             "and the seed")
        try:
            code = parse_match_code(data["code"])
        except _GolfError as exc:
            raise SpecError(path, fields["code"].line, f"start: {exc}") from None
        for name, rules in rule_sets:
            base = registry(CARD_GAME).variant(find_variant(name).name.split("+")[0])
            if base.letter != code.letter or tuple(rules.shape) != code.shape:
                raise SpecError(path, fields["code"].line,
                                f"start: code {data['code']!r} (letter {code.letter}, "
                                f"{code.shape[0]}x{code.shape[1]} boards) is not a match of "
                                f"{name} (letter {base.letter}, "
                                f"{rules.shape[0]}x{rules.shape[1]} boards)")
        return {"code": data["code"].strip()}, [_Table(n, r, code.players) for n, r in rule_sets]
    if "seed" not in keys:
        raise SpecError(path, node.line, "start: expected a 'round', a 'code', or a 'seed' "
                                         "(with optional 'players')")
    start = {k: data[k] for k in ("players", "seed") if k in data}
    return start, [_Table(n, r, data.get("players", r.players)) for n, r in rule_sets]


def _refused_card_game_start(node: Node, data: dict[str, Any], path: str) -> dict[str, Any]:
    """The protocol's fields of ``new`` for a card-game start that must be refused: a code or
    seed as written; a round with its cards parsed (each must be a card) but not checked
    against any variant: boards of any shape, any number of copies, any seat."""
    start: dict[str, Any] = {k: data[k] for k in ("code", "players", "seed") if k in data}
    if "code" in start:
        start["code"] = start["code"].strip()
    if "round" in data:
        start["round"] = _round_as_written(node.value["round"], path)
    return start


def _round_as_written(node: Node, path: str) -> dict[str, Any]:
    fields = node.value
    boards = []
    for seat, board_node in enumerate(fields["boards"].value):
        places = _board(board_node, path, f"round: the board of seat {seat}", "", None,
                        unknown_allowed=False)
        boards.append([{"card": str(card), "up": up} for card, up, _ in places])
    rnd: dict[str, Any] = {"boards": boards}
    for key in ("stock", "discard"):
        rnd[key] = [str(c) for c, _ in _cards_with_line(fields.get(key), path, f"round: {key}")]
    rnd["turn"] = fields["turn"].value if "turn" in fields else 0
    rnd["step"] = fields["step"].value if "step" in fields else "draw"
    if "held" in fields:
        held = _cards_with_line(fields["held"], path, "round: held")
        rnd["held"] = " ".join(str(c) for c, _ in held)
    for key in ("held_from", "ender", "last_turns"):
        if key in fields:
            rnd[key] = plain(fields[key])
    return rnd


def _round(node: Node, path: str, variant: str, rules: Any) -> tuple[dict[str, Any], int]:
    """A hand-set round in the protocol's canonical JSON, checked against ``variant``; and its
    number of players."""
    from golfcore.cardgame.saves import round_from_json
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    boards_node = fields["boards"]
    players = len(boards_node.value)
    if not 2 <= players <= 6:
        raise SpecError(path, boards_node.line, f"round: {players} boards: a match has 2 to 6 "
                                                f"players, one board each")
    placed: list[tuple[Any, int]] = []          # every card with its line, for the copy count
    boards = []
    for seat, board_node in enumerate(boards_node.value):
        places = _board(board_node, path, f"round: the board of seat {seat}", variant,
                        rules.shape, unknown_allowed=False)
        boards.append([{"card": str(card), "up": up} for card, up, _ in places])
        placed += [(card, line) for card, _, line in places]
    rnd: dict[str, Any] = {"boards": boards}
    for key in ("stock", "discard"):
        cards = _cards_with_line(fields.get(key), path, f"round: {key}")
        rnd[key] = [str(c) for c, _ in cards]
        placed += cards
    rnd["turn"] = _seat(fields.get("turn"), path, "round: turn", players, default=0)
    rnd["step"] = fields["step"].value if "step" in fields else "draw"
    if "held" in fields:
        held = _cards_with_line(fields["held"], path, "round: held")
        if len(held) != 1:
            raise SpecError(path, fields["held"].line, "round: 'held' is one card")
        rnd["held"] = str(held[0][0])
        placed += held
    for key in ("held", "held_from"):
        if (key in fields) != (rnd["step"] == "hold"):
            line = fields[key].line if key in fields else node.line
            raise SpecError(path, line, "round: a card is 'held' (with 'held_from': stock or "
                                        "discard) exactly when 'step' is 'hold'")
    if "held_from" in fields:
        rnd["held_from"] = fields["held_from"].value
    if "ender" in fields:
        rnd["ender"] = _seat(fields["ender"], path, "round: ender", players)
    if "last_turns" in fields:
        rnd["last_turns"] = [_seat(n, path, "round: last_turns", players)
                             for n in fields["last_turns"].value]
    counts: dict[Any, int] = {}
    for card, line in placed:
        counts[card] = counts.get(card, 0) + 1
        if counts[card] > rules.counts.get(card, 0):
            holds = rules.counts.get(card, 0)
            raise SpecError(path, line, f"round: too many copies of {card}: {variant}'s "
                                        f"{len(rules.deck)}-card shoe holds "
                                        f"{holds if holds else 'none'}")
    try:
        round_from_json(rules, rnd, players)
    except _GolfError as exc:
        raise SpecError(path, node.line, f"{exc} (under {variant})") from None
    return rnd, players


def _seat(node: Node | None, path: str, what: str, players: int, default: int = 0) -> int:
    if node is None:
        return default
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise SpecError(path, node.line, f"{what}: unknown seat {value!r}: seats go from 0 to "
                                         f"{players - 1}")
    return value


def _cards_with_line(node: Node | None, path: str, what: str) -> list[tuple[Any, int]]:
    """Cards of a text (white space or commas) or a list, each with its line."""
    from golfcore.errors import CardError
    from golfcore.notation import parse_card, parse_cards

    if node is None or node.value is None:
        return []
    try:
        if isinstance(node.value, str):
            return [(c, node.line) for c in (parse_cards(node.value) if node.value.strip()
                                             else ())]
        return [(parse_card(item.value), item.line) for item in node.value]
    except CardError as exc:
        raise SpecError(path, node.line, f"{what}: {exc}") from None


_ROW_ITEM = re.compile(r"\([^()]*\)|[^\s()]+")


def _board(node: Node, path: str, what: str, variant: str, shape: tuple[int, int] | None,
           unknown_allowed: bool) -> list[tuple[Any, bool, int]]:
    """A board's places as (card, face up, line); ``None`` for a ``?`` (expectations only).
    With ``shape`` None (a refused start's round), any number of rows and cards."""
    from golfcore.errors import CardError
    from golfcore.notation import parse_card

    rows: list[tuple[str, int]] = []
    if isinstance(node.value, str):
        block = "\n" in node.value.strip()
        for k, text in enumerate(node.value.split("\n")):
            rows += [(part, node.line + 1 + k if block else node.line)
                     for part in text.split("/")]
    else:
        for item in node.value:
            rows += [(part, item.line) for part in str(item.value).split("/")]
    rows = [(text, line) for text, line in rows if text.strip()]
    n_rows, n_cols = shape if shape is not None else (len(rows), None)
    size_text = f"{variant}'s boards are {n_rows}x{n_cols}"
    if len(rows) != n_rows:
        raise SpecError(path, node.line, f"{what} has {len(rows)} rows: {size_text}")
    out: list[tuple[Any, bool, int]] = []
    for r, (text, line) in enumerate(rows, start=1):
        if "," in text:
            items = [t.strip() for t in text.split(",")]
        else:
            items = _ROW_ITEM.findall(text)
            if "".join(items) != "".join(text.split()):
                raise SpecError(path, line, f"{what}, row {r}: unbalanced parentheses in "
                                            f"{text.strip()!r}")
        if n_cols is not None and len(items) != n_cols:
            raise SpecError(path, line, f"{what}, row {r} has {len(items)} cards: {size_text}")
        for item in items:
            down = item.startswith("(") and item.endswith(")")
            name = item[1:-1].strip() if down else item
            if name == "?":
                if not unknown_allowed or down:
                    raise SpecError(path, line, f"{what}, row {r}: '?' (a face-down card) is "
                                                f"for expectations; a round names every card")
                out.append((None, False, line))
                continue
            if down and unknown_allowed:
                raise SpecError(path, line, f"{what}, row {r}: {item!r}: an observation never "
                                            f"shows a face-down card: write '?'")
            try:
                out.append((parse_card(name), not down, line))
            except CardError as exc:
                raise SpecError(path, line, f"{what}, row {r}: {exc}") from None
    return out


def _card_game_step(index: int, node: Node, data: dict[str, Any], path: str,
                    tables: list[_Table]) -> Step:
    from golfcore.cardgame.actions import REASONS, Action
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    line = node.line
    where = f"step {index}"
    variants = [t.name for t in tables]
    if "act" in data and "observe" in data:
        raise SpecError(path, line, f"{where}: a step acts ('as' and 'act') or observes "
                                    f"('observe'), not both")
    if ("as" in data) != ("act" in data):
        raise SpecError(path, line, f"{where}: 'as' (the seat) and 'act' (the action) go "
                                    f"together")
    if "act" not in data and "observe" not in data:
        raise SpecError(path, line, f"{where}: a card-game step acts ('as: 0' and 'act: draw') "
                                    f"or observes ('observe: 0', or null for a spectator)")
    for name in data.get("expect_by_variant", {}):
        if name not in variants:
            raise SpecError(path, fields["expect_by_variant"].value[name].line,
                            f"{where}: expect_by_variant names {name!r}, which is not among "
                            f"the case's variants ({', '.join(variants)})")
    expect_nodes = {"": fields.get("expect")}
    for name, sub in (fields["expect_by_variant"].value.items()
                      if "expect_by_variant" in fields else ()):
        expect_nodes[name] = sub
    normalised: dict[str, dict[str, Any]] = {}
    for name, enode in expect_nodes.items():
        if enode is None:
            normalised[name] = {}
            continue
        for table in (tables if not name else [t for t in tables if t.name == name]):
            normalised[name] = _card_game_expect(enode, path, where, table)
    expect = normalised.pop("")
    if "observe" in data and not expect and not normalised:
        raise SpecError(path, line, f"{where}: an observation with nothing to expect")
    for name, enode in expect_nodes.items():
        reason = enode.value.get("reason") if enode is not None else None
        if reason is not None and reason.value is not None and reason.value not in REASONS:
            raise SpecError(path, reason.line, f"{where}: unknown reason {reason.value!r}: "
                                               f"expected one of {', '.join(REASONS)}")
    if "act" in data:
        try:
            target = str(Action.parse(data["act"]))
        except _GolfError as exc:
            raise SpecError(path, fields["act"].line, f"{where}: act: {exc}") from None
        seat = fields["as"].value
        # a seat off the table is for a step that expects the refusal (no-such-seat, or
        # one that comes first such as match-over)
        merged = [{**expect, **normalised.get(t.name, {})} for t in tables]
        wants_refusal = all(e.get("accepted") is False or e.get("reason") is not None
                            for e in merged)
        if not wants_refusal:
            for table in tables:
                _seat(fields["as"], path, f"{where}: as", table.players)
        elif isinstance(seat, bool) or not isinstance(seat, int):
            raise SpecError(path, fields["as"].line, f"{where}: as: a seat is a whole number")
        action, seat_value = "act", seat
    else:
        action, target = "observe", None
        seat_value = fields["observe"].value
        if seat_value is not None:
            for table in tables:
                _seat(fields["observe"], path, f"{where}: observe", table.players)
    lines = {k: v.line for k, v in fields["expect"].value.items()} if "expect" in fields else {}
    return Step(index, line, action, target, 1, expect, normalised, lines, seat_value)


def _card_game_expect(node: Node, path: str, where: str, table: _Table) -> dict[str, Any]:
    """A card-game expectation with cards and actions in canonical form."""
    from golfcore.cardgame.actions import Action
    from golfcore.errors import GolfError as _GolfError
    from golfcore.notation import parse_card

    fields = node.value
    out = plain(node)
    players = table.players

    def line_of(key: str) -> int:
        return fields[key].line if key in fields else node.line

    try:
        for key in ("discard",):
            if out.get(key) is not None:
                out[key] = str(parse_card(out[key]))
        if isinstance(out.get("held"), dict) and out["held"].get("card") is not None:
            out["held"] = {**out["held"], "card": str(parse_card(out["held"]["card"]))}
    except _GolfError as exc:
        raise SpecError(path, node.line, f"{where}: expect: {exc}") from None
    if "legal" in out:
        try:
            out["legal"] = sorted(str(Action.parse(a)) for a in out["legal"])
        except _GolfError as exc:
            raise SpecError(path, line_of("legal"), f"{where}: expect: legal: {exc}") from None
    if "boards" in out:
        bnode = fields["boards"]
        pairs = (list(bnode.value.items()) if isinstance(bnode.value, dict)
                 else [(str(i), n) for i, n in enumerate(bnode.value)])
        boards = {}
        for key, board_node in pairs:
            seat = int(key)
            if seat >= players:
                raise SpecError(path, board_node.line, f"{where}: expect: boards: unknown "
                                                       f"seat {seat}: seats go from 0 to "
                                                       f"{players - 1}")
            places = _board(board_node, path, f"{where}: expect: the board of seat {seat}",
                            table.name, table.shape, unknown_allowed=True)
            boards[seat] = [None if c is None else str(c) for c, _, _ in places]
        out["boards"] = boards
    for key in ("turn", "ender"):
        if out.get(key) is not None:
            _seat(fields[key], path, f"{where}: expect: {key}", players)
    for key in ("last_turns", "winners"):
        for item in fields[key].value if key in fields else ():
            _seat(item, path, f"{where}: expect: {key}", players)
    for key in ("showing", "totals"):
        if key in out and len(out[key]) != players:
            raise SpecError(path, line_of(key), f"{where}: expect: {key} lists {len(out[key])} "
                                                f"numbers for {players} players")
    return out


def discover(paths: "list[str | Path]") -> list[Path]:
    """Spec files under the given files or folders (``*.yaml`` holding ``format:``)."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found += sorted(q for q in p.rglob("*.y*ml") if q.suffix in (".yaml", ".yml"))
        else:
            found.append(p)
    return found


def default_paths() -> list[Path]:
    """The suite that ships with golfcore."""
    return [SPECS_DIR]
