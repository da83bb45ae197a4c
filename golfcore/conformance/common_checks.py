"""The meaning checks every case shares, whatever its game.

:func:`check_common`: every rule id is in golfcore's catalogue (``specs/RULES.md``) or, as
``name:ID``, in the file's own (:mod:`golfcore.conformance.catalogue`), the document is a file of
``specs/sources/`` (or ``name:file`` of the catalogue's sources) and the quote is verbatim in
it, every variant exists and is the case's game's. :func:`parse_start_error`: what a refused
start (``start_error``) expects.
"""

from __future__ import annotations

import re
from typing import Any

from golfcore.conformance.catalogue import Catalogue, split
from golfcore.conformance.model import CARD_GAME, SpecError
from golfcore.conformance.suite import document_text, documents, known_rule_ids, normalise_quote
from golfcore.conformance.yaml12 import Node, plain


def check_common(node: Node, data: dict[str, Any], path: str, game: str,
                 catalogue: Catalogue | None = None) -> tuple[list[str], Any]:
    """The checks every case shares: rule ids, the document and its quote, the variants (which
    must be ``game``'s). golfcore's ids and documents are unprefixed; ``name:ID`` and
    ``name:file`` are the file's own ``catalogue``'s. Returns the variant names the case runs
    under (``all`` expanded to the variants whose rules satisfy what the case assumes) and
    that assumption (:mod:`golfcore.conformance.assumptions`)."""
    from golfcore.conformance.assumptions import applies, extended, variants_for_all
    from golfcore.errors import GolfError as _GolfError
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    fields = node.value
    for i, rule in enumerate(data["rules"]):
        line = fields["rules"].value[i].line
        name, local = split(rule)
        if name is None:
            if rule not in known_rule_ids():
                raise SpecError(path, line, f"unknown rule id {rule!r}: not in golfcore's "
                                            f"catalogue (specs/RULES.md)")
            continue
        own = _own(catalogue, name, f"rule id {rule!r}", path, line)
        if local not in own.ids:
            shown = ", ".join(own.cited(i) for i in own.ids[:6])
            more = ", ..." if len(own.ids) > 6 else ""
            raise SpecError(path, line, f"unknown rule id {rule!r}: not in {own.rules_file.name} "
                                        f"of the catalogue {name!r} ({shown}{more})")
    source = fields["source"].value
    document = data["source"]["document"]
    where = source["document"].line
    name, file_name = split(document)
    if name is None:
        if document not in documents():
            raise SpecError(path, where,
                            f"unknown document {document!r}: expected a file of specs/sources/ "
                            f"({', '.join(sorted(documents()))})")
        text = document_text(document)
    else:
        own = _own(catalogue, name, f"document {document!r}", path, where)
        found = own.document_text(file_name)
        if found is None:
            listed = ", ".join(own.cited(d) for d in own.documents()[:6]) or "none"
            raise SpecError(path, where, f"unknown document {document!r}: expected a file of "
                                         f"the catalogue's sources, {own.sources} ({listed})")
        text = found
    words = normalise_quote(data["source"]["quote"])
    if not words.strip("\"'"):
        raise SpecError(path, source["quote"].line, "the quote has no words: quote the "
                                                    "document's words that the case checks")
    if words not in text:
        raise SpecError(path, source["quote"].line,
                        f"the quote is not verbatim in {document} (only white space and the "
                        f"style of quotation marks may differ)")
    variants = data["variants"]
    reg = registry(game)
    stated = _own_assumes(node, data, path, game, catalogue) if "assumes" in fields or \
        "checks" in fields else None
    if variants == ["all"]:
        if stated is not None:
            return variants_for_all(reg, stated), stated
        derived = _derived(data, reg, game, built_in=True)
        return variants_for_all(reg, derived), derived
    named = []
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
        if stated is not None and not applies(variant, stated, reg):
            raise SpecError(path, line, f"variant {name!r} does not play what the case "
                                        f"assumes ('assumes', 'checks'): name only variants "
                                        f"that do, or 'all'")
        named.append(variant)
    assumes = stated if stated is not None else _derived(data, reg, game, named=named)
    if stated is None and not _extensible(data):
        return list(variants), assumes
    return extended(list(variants), reg, assumes), assumes


def _reads(data: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The actions a case's steps take and the keys its expectations name."""
    actions: set[str] = set()
    keys: set[str] = set()
    for step in data.get("steps") or ():
        if isinstance(step, str):
            actions.add(step)
            continue
        if not isinstance(step, dict):
            continue
        actions |= {k for k in step if k not in ("expect", "expect_by_variant", "note",
                                                 "repeat", "as", "observe")}
        if isinstance(step.get("expect"), dict):
            keys |= set(step["expect"])
        for expect in (step.get("expect_by_variant") or {}).values():
            if isinstance(expect, dict):
                keys |= set(expect)
    return actions, keys


def _derived(data: dict[str, Any], reg: Any, game: str, named: list[Any] | None = None,
             built_in: bool = False) -> Any:
    """What a case with no ``assumes`` assumes: the rules of the variants it names (of
    golfcore's own variants for ``all``)."""
    from golfcore.conformance.assumptions import BUILT_IN, derive

    variants = [v for v in reg if v.origin == BUILT_IN] if built_in else list(named or ())
    actions, keys = _reads(data)
    return derive(variants, reg, game, actions, keys)


def _own_assumes(node: Node, data: dict[str, Any], path: str, game: str,
                 catalogue: Catalogue | None) -> Any:
    """A case's own ``assumes`` and ``checks`` (format 6), each slot and rule checked."""
    from golfcore.conformance.assumptions import explicit
    from golfcore.framework.compose import effective_rules
    from golfcore.framework.games import game_kind
    from golfcore.framework.registry import registry

    fields = node.value
    reg = registry(game)
    kind = game_kind(game)
    slots = set(kind.slots) | set(kind.defaults) | {r.slot for r in reg.rules.values()}
    for v in reg:
        slots |= set(effective_rules(v))
    rules: dict[str, list[str | None]] = {}
    for slot, value in (data.get("assumes") or {}).items():
        line = fields["assumes"].value[slot].line if slot in fields["assumes"].value else \
            fields["assumes"].line
        if slot not in slots:
            raise SpecError(path, line, f"assumes: unknown slot {slot!r} of the {game}: "
                                        f"expected one of {', '.join(sorted(slots))}")
        allowed = value if isinstance(value, list) else [value]
        for rule in allowed:
            if rule is None:
                continue
            name = str(rule).split("=", 1)[0]
            known = sorted(r.name for r in reg.rules.values() if r.slot == slot)
            if name not in known:
                raise SpecError(path, line, f"assumes: {slot}: unknown rule {rule!r}: the "
                                            f"rules of that slot are {', '.join(known)}")
        rules[slot] = list(allowed)
    checks = list(data.get("checks") or ())
    for i, rule_id in enumerate(checks):
        space, _ = split(rule_id)
        if space is None and rule_id not in known_rule_ids():
            raise SpecError(path, fields["checks"].value[i].line,
                            f"checks: unknown rule id {rule_id!r}: not in golfcore's "
                            f"catalogue (specs/RULES.md)")
        if space is not None:
            _own(catalogue, space, f"rule id {rule_id!r}", path, fields["checks"].value[i].line)
    return explicit(rules, checks)


def _extensible(data: dict[str, Any]) -> bool:
    """Whether a case that names its variants also runs under a plugin variant playing their
    rules: not when an expectation depends on the variant's name (``expect_by_variant``) or
    its start names a variant (a ``code``, whose letter is the variant's)."""
    if "code" in (data.get("start") or {}):
        return False
    return not any(isinstance(step, dict) and "expect_by_variant" in step
                   for step in data.get("steps") or ())


def _own(catalogue: Catalogue | None, name: str, what: str, path: str, line: int) -> Catalogue:
    """The file's catalogue, when ``name`` is its name; else the error that says why not."""
    if catalogue is None:
        raise SpecError(path, line, f"{what} names the catalogue {name!r}, but this file declares "
                                    f"none: a suite's own rules and documents need 'catalogue:' "
                                    f"(name, rules, sources) at the top of the file, format 4")
    if name != catalogue.name:
        raise SpecError(path, line, f"{what} names the catalogue {name!r}; this file's catalogue "
                                    f"is {catalogue.name!r}")
    return catalogue


def parse_start_error(node: Node, path: str) -> dict[str, Any]:
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
