"""Card-game cases (``game: card-game``): their starts and steps read and checked.

A card-game case starts from a round set up by hand, from ``players`` and ``seed``, or from a
match ``code``; its steps act as a seat (``as: 1`` + ``act: "replace 5"``) or observe as one
(``observe: 1``; ``observe: null`` is a spectator). :func:`card_game_case` turns a
schema-valid case into a :class:`~golfcore.conformance.model.Case`, checked under each of its
variants (boards and rounds: :mod:`golfcore.conformance.cardgame_rounds`), with actions and
cards in canonical form; :data:`CARD_GAME_EXPECT` is what an expectation may name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcore.conformance.cardgame_rounds import (board_places, check_seat, hand_set_round,
                                                  round_as_written)
from golfcore.conformance.catalogue import Catalogue
from golfcore.conformance.common_checks import check_common, parse_start_error
from golfcore.conformance.model import CARD_GAME, Case, SpecError, Step
from golfcore.conformance.yaml12 import Node, plain

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


def card_game_case(node: Node, data: dict[str, Any], path: str,
                   catalogue: Catalogue | None = None) -> Case:
    from golfcore.cardgame.rules import rule_set
    from golfcore.errors import GolfError as _GolfError

    fields = node.value
    variants, assumes = check_common(node, data, path, CARD_GAME, catalogue)
    if "start_error" in data:
        return Case(path=path, line=node.line, id=data["id"], rules=tuple(data["rules"]),
                    document=data["source"]["document"], quote=data["source"]["quote"],
                    assumes=assumes, variants=tuple(variants),
                    features=tuple(data.get("features", ())),
                    start=_refused_card_game_start(fields["start"], data["start"], path),
                    steps=(), description=data.get("description", ""),
                    decision=data["source"].get("decision", ""), game=CARD_GAME,
                    start_error=parse_start_error(fields["start_error"], path))
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
                assumes=assumes, variants=tuple(variants), features=tuple(data.get("features", ())),
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
            rnd, players = hand_set_round(fields["round"], path, name, rules)
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
        start["round"] = round_as_written(node.value["round"], path)
    return start


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
    for enode in expect_nodes.values():
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
                check_seat(fields["as"], path, f"{where}: as", table.players)
        elif isinstance(seat, bool) or not isinstance(seat, int):
            raise SpecError(path, fields["as"].line, f"{where}: as: a seat is a whole number")
        action, seat_value = "act", seat
    else:
        action, target = "observe", None
        seat_value = fields["observe"].value
        if seat_value is not None:
            for table in tables:
                check_seat(fields["observe"], path, f"{where}: observe", table.players)
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
            places = board_places(board_node, path,
                                  f"{where}: expect: the board of seat {seat}",
                                  table.name, table.shape, unknown_allowed=True)
            boards[seat] = [None if c is None else str(c) for c, _, _ in places]
        out["boards"] = boards
    for key in ("turn", "ender"):
        if out.get(key) is not None:
            check_seat(fields[key], path, f"{where}: expect: {key}", players)
    for key in ("last_turns", "winners"):
        for item in fields[key].value if key in fields else ():
            check_seat(item, path, f"{where}: expect: {key}", players)
    for key in ("showing", "totals"):
        if key in out and len(out[key]) != players:
            raise SpecError(path, line_of(key), f"{where}: expect: {key} lists {len(out[key])} "
                                                f"numbers for {players} players")
    return out
