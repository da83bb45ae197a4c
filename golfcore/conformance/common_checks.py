"""The meaning checks every case shares, whatever its game.

:func:`check_common`: every rule id is in the catalogue (``specs/RULES.md``), the document is a
file of ``specs/sources/`` and the quote is verbatim in it, every variant exists and is the
case's game's. :func:`parse_start_error`: what a refused start (``start_error``) expects.
"""

from __future__ import annotations

import re
from typing import Any

from golfcore.conformance.model import CARD_GAME, SpecError
from golfcore.conformance.suite import document_text, documents, known_rule_ids, normalise_quote
from golfcore.conformance.yaml12 import Node, plain


def check_common(node: Node, data: dict[str, Any], path: str, game: str) -> list[str]:
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
    if words not in document_text(document):
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
