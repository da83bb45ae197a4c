"""Solitaire cases: their starts and steps read, checked and put in canonical form.

:func:`solitaire_case` turns a schema-valid case into a :class:`~golfcore.conformance.model.Case`:
the start (a ``deal``, a ``code`` or a ``position``) can exist under the rules (or, for a start
that must be refused, is kept as written with the cards that parse in canonical form); each
step has at most one action (``play``, ``draw``, ``redeal``, ``undo``, ``hint``, ``solve``;
``repeat`` at most :data:`MAX_REPEAT` times) and its expectations hold cards and moves in
canonical form.
:func:`position_from_spec` reads a spec's position, for the runner too.
"""

from __future__ import annotations

import re
from typing import Any

from golfcore.conformance.catalogue import Catalogue
from golfcore.conformance.common_checks import check_common, parse_start_error
from golfcore.conformance.model import SOLITAIRE, Case, SpecError, Step
from golfcore.conformance.yaml12 import MAX_DIGITS, Node, plain

#: The most times a step may repeat its action (a whole game is under 60 actions).
MAX_REPEAT = 1000


def solitaire_case(node: Node, data: dict[str, Any], path: str,
                   catalogue: Catalogue | None = None) -> Case:
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    line = node.line
    variants, assumes = check_common(node, data, path, SOLITAIRE, catalogue)
    start = data["start"]
    start_line = fields["start"].line
    if "start_error" in data:
        return Case(path=path, line=line, id=data["id"], rules=tuple(data["rules"]),
                    document=data["source"]["document"], quote=data["source"]["quote"],
                    assumes=assumes, variants=tuple(variants),
                    features=tuple(data.get("features", ())),
                    start=_refused_start(fields["start"], start, path), steps=(),
                    description=data.get("description", ""),
                    decision=data["source"].get("decision", ""),
                    start_error=parse_start_error(fields["start_error"], path))
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
                assumes=assumes, variants=tuple(variants), features=tuple(data.get("features", ())),
                start=start, steps=steps, description=data.get("description", ""),
                decision=data["source"].get("decision", ""))


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
    actions = [k for k in ("play", "draw", "redeal", "undo", "hint", "solve") if k in data]
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
