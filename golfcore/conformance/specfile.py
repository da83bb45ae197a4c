"""Conformance spec files: load YAML safely, validate, and keep the line of everything.

A spec file (``format: 1``, described by ``specs/schema.json`` and ``specs/README.md``) holds
*cases*: a start, a sequence of steps, and expectations after any step. :func:`load` turns one
file into :class:`Case` values, checked three ways:

1. YAML syntax, read with a loader that follows YAML 1.2's core schema rather than PyYAML's
   YAML 1.1 defaults (``no``/``on`` stay strings, ``3:2`` is not a number, ``10S`` is a card),
   and that refuses duplicate keys;
2. the JSON Schema;
3. meaning: every card parses, every variant exists, every rule id is in the catalogue, the
   start position can exist, the quote's document exists.

Every problem is a :class:`SpecError` naming the file and line. A file whose YAML or top level
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

FORMAT = 1


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


# -- YAML with lines, YAML 1.2 scalars, no duplicate keys ---------------------------------------


class _Loader(yaml.SafeLoader):
    """SafeLoader whose implicit scalars follow YAML 1.2's core schema."""


_Loader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
        ("tag:yaml.org,2002:float",
         r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
        ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])):
    _Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


@dataclass
class Node:
    """A loaded value with the line it starts on (1-based)."""

    value: Any
    line: int


def _walk(node: yaml.Node, loader: _Loader, path: str) -> Node:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise SpecError(path, key_node.start_mark.line + 1, "mapping keys must be plain")
            key = loader.construct_object(key_node)
            key = str(key).lower() if isinstance(key, bool) else str(key)
            if key in out:
                raise SpecError(path, key_node.start_mark.line + 1,
                                f"duplicate key {key!r} (first on line {out[key].line})")
            out[key] = _walk(value_node, loader, path)
        return Node(out, line)
    if isinstance(node, yaml.SequenceNode):
        return Node([_walk(item, loader, path) for item in node.value], line)
    return Node(loader.construct_object(node), line)


def plain(node: Node) -> Any:
    """The loaded value without lines."""
    if isinstance(node.value, dict):
        return {k: plain(v) for k, v in node.value.items()}
    if isinstance(node.value, list):
        return [plain(v) for v in node.value]
    return node.value


def load_yaml(text: str, path: str) -> Node:
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise SpecError(path, None, "the file is empty: expected 'format: 1' and 'cases'")
        return _walk(root, loader, path)
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
    action: str | None                       # "play", "draw", "undo", "hint", "solve" or None
    target: Any = None                       # for play: column, "column.row" or a card text
    repeat: int = 1
    expect: dict[str, Any] = field(default_factory=dict)
    expect_by_variant: dict[str, dict[str, Any]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)   # expectation key -> line

    def expectations(self, variant: str) -> dict[str, Any]:
        merged = dict(self.expect)
        merged.update(self.expect_by_variant.get(variant, {}))
        return merged

    def describe(self) -> str:
        if self.action is None:
            return "check"
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
    validator_cls = jsonschema.validators.validator_for(root)
    resolver_schema = {**subschema, "$defs": root["$defs"]}
    validator = validator_cls(resolver_schema)
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        best = jsonschema.exceptions.best_match([err])
        where = list(best.absolute_path)
        label = ".".join(str(p) for p in prefix + where) or "(top level)"
        out.append(SpecError(path, _line_of(node, where), f"{label}: {_schema_message(best)}"))
    return out


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
                                             "expected a mapping with 'format: 1' and 'cases'")])
    top = root.value
    fmt = top.get("format")
    if fmt is None or fmt.value != FORMAT:
        found = "no 'format'" if fmt is None else f"format {fmt.value!r}"
        return SpecFile(name, [], [SpecError(name, fmt.line if fmt else root.line,
                                             f"{found}: this runner reads format {FORMAT}")])
    top_schema = {k: v for k, v in schema().items() if k != "$defs"}
    top_schema = {**top_schema, "properties": {**top_schema["properties"],
                                               "cases": {"type": "array", "minItems": 1}}}
    errors = _schema_errors(root, plain(root), top_schema, name, [])
    if errors:
        return SpecFile(name, [], errors)
    cases: list[Case] = []
    for i, case_node in enumerate(top["cases"].value):
        data = plain(case_node)
        errs = _schema_errors(case_node, data, {"$ref": "#/$defs/case"}, name, ["cases", i])
        if errs:
            errors += errs
            continue
        try:
            cases.append(_case(case_node, data, name))
        except SpecError as exc:
            errors.append(exc)
    seen: dict[str, int] = {}
    for case in cases:
        if case.id in seen:
            errors.append(SpecError(name, case.line, f"case id {case.id!r} is used twice "
                                    f"(first on line {seen[case.id]})"))
        seen.setdefault(case.id, case.line)
    return SpecFile(name, cases, errors)


# -- meaning -------------------------------------------------------------------------------------


def _case(node: Node, data: dict[str, Any], path: str) -> Case:
    from golfcore.errors import GolfError as _GolfError
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    fields = node.value
    line = node.line
    for i, rule in enumerate(data["rules"]):
        if rule not in known_rule_ids():
            raise SpecError(path, fields["rules"].value[i].line,
                            f"unknown rule id {rule!r}: not in specs/RULES.md")
    document = data["source"]["document"]
    if not (SPECS_DIR / "sources" / document).is_file():
        raise SpecError(path, fields["source"].value["document"].line,
                        f"unknown document {document!r}: expected a file of specs/sources/")
    variants = data["variants"]
    if variants == ["all"]:
        variants = [v.name for v in registry()]
    else:
        for i, name in enumerate(variants):
            try:
                find_variant(name)
            except _GolfError as exc:
                raise SpecError(path, fields["variants"].value[i].line, str(exc)) from None
    start = data["start"]
    start_line = fields["start"].line
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
                document=document, quote=data["source"]["quote"], variants=tuple(variants),
                features=tuple(data.get("features", ())), start=start, steps=steps,
                description=data.get("description", ""),
                decision=data["source"].get("decision", ""))


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
    except _GolfError as exc:
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
        return text.strip()
    try:
        return str(parse_card(text))
    except CardError as exc:
        raise SpecError(path, line, f"step {index}: play: {exc}") from None


def _normalise_expect(expect: dict[str, Any]) -> dict[str, Any]:
    """Cards in canonical form, moves as text, so comparisons are plain equality."""
    from golfcore.solitaire.moves import Move
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
        out["legal"] = sorted(str(Move.parse(str(m))) for m in out["legal"])
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
