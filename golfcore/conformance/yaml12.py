"""The spec files' YAML loader: YAML 1.2's core schema, every value with its line, bounded.

:func:`load_yaml` reads a text as :class:`Node` values (a value and the line it starts on;
:func:`plain` drops the lines). It follows YAML 1.2's core schema rather than PyYAML's YAML 1.1
defaults (``no``/``on`` stay strings, ``3:2`` is not a number, ``10S`` is a card), refuses
duplicate keys and every tag (``!foo`` is an error, not ignored), and is bounded:
:data:`MAX_DEPTH` levels of nesting, :data:`MAX_ALIAS_VALUES` values reached through aliases
(no "billion laughs"), no recursive alias, :data:`MAX_DIGITS` digits a number. Every problem is
a :class:`~golfcore.conformance.model.SpecError` with its line. :func:`load_yaml_shared` is
:func:`load_yaml` parsing each text once per process (the spec loader reads the same files again
and again: ``golf conform``, the pytest plugin and the test suite).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml

from golfcore.conformance.model import SpecError

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
                            f"unknown tag {_tag_name(node.tag)!r} on {what}: "
                            "spec files use no tags")

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


#: :func:`load_yaml_shared` keeps the trees of at most this many texts, of at most this many
#: characters each (a real spec file is about 10,000).
SHARED_TEXTS = 64
SHARED_MAX_CHARS = 256 * 1024


@lru_cache(maxsize=SHARED_TEXTS)
def _shared(text: str, path: str) -> Node:
    return load_yaml(text, path)


def load_yaml_shared(text: str, path: str) -> Node:
    """:func:`load_yaml`, but the same ``text`` and ``path`` give the very same tree, parsed once
    per process (pure PyYAML parses about 100 kB a second). Callers must not change the tree. A
    text that fails is parsed (and refused) each time; a text over :data:`SHARED_MAX_CHARS`
    characters is parsed each time and not kept."""
    if len(text) > SHARED_MAX_CHARS:
        return load_yaml(text, path)
    return _shared(text, path)
