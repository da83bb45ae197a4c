"""The referee's record of a match as JSON, and reading it back with every check.

:func:`to_json` writes everything (hidden cards, the stock's order, the shuffle's state): it is
for the referee and for saved games, never for a player. :func:`from_json` reads it back and
refuses anything that cannot be a state of the variant: unknown fields, wrong types, a board of
the wrong size, a turn or step that does not exist, cards that are not the variant's deck
(every card of the shoe must be somewhere exactly as often as the shoe holds it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from golfcore.cardgame.board import Board
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.state import (DRAW, FROM_DISCARD, FROM_STOCK, HOLD, OVER, STEPS,
                                     MatchState, RoundResult, RoundState)
from golfcore.cards import Card
from golfcore.errors import CardError, GolfError
from golfcore.notation import parse_card

_ROUND_FIELDS = {"boards", "stock", "discard", "turn", "step", "first", "rng", "held",
                 "held_from", "ender", "last_turns", "result"}
_MATCH_FIELDS = {"players", "seed", "round", "totals", "results", "current", "over"}
_RESULT_FIELDS = {"board_scores", "scores", "cancelled", "ender", "penalised"}


def round_to_json(rnd: RoundState) -> dict[str, Any]:
    return {
        "boards": [[{"card": str(c), "up": up} for c, up in zip(b.cards, b.up)]
                   for b in rnd.boards],
        "stock": [str(c) for c in rnd.stock],
        "discard": [str(c) for c in rnd.discard],
        "turn": rnd.turn, "step": rnd.step, "first": rnd.first, "rng": rnd.rng,
        "held": str(rnd.held) if rnd.held is not None else None, "held_from": rnd.held_from,
        "ender": rnd.ender, "last_turns": list(rnd.last_turns),
        "result": rnd.result.to_json() if rnd.result is not None else None,
    }


def to_json(match: MatchState) -> dict[str, Any]:
    """Everything about the match, hidden cards included (the referee's view)."""
    return {"players": match.players, "seed": match.seed, "round": match.round_number,
            "totals": list(match.totals), "results": [r.to_json() for r in match.results],
            "current": round_to_json(match.current), "over": match.over}


# -- reading -------------------------------------------------------------------------------------


def _object(data: Any, what: str, fields: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise GolfError(f"{what} must be a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise GolfError(f"{what}: unknown field(s) {', '.join(map(repr, unknown))}")
    missing = sorted(required - set(data))
    if missing:
        raise GolfError(f"{what}: missing field(s) {', '.join(map(repr, missing))}")
    return data


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GolfError(f"{what} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise GolfError(f"{what} must be a list of cards")
    try:
        return tuple(parse_card(c) if isinstance(c, str) else _bad_card(c) for c in value)
    except CardError as exc:
        raise GolfError(f"{what}: {exc}") from None


def _bad_card(value: Any) -> Card:
    raise CardError(f"a card must be text such as '9C', got {value!r}")


def _board(value: Any, what: str, size: int) -> Board:
    if not isinstance(value, list) or len(value) != size:
        raise GolfError(f"{what} must be a list of {size} places")
    cards, up = [], []
    for i, place in enumerate(value, start=1):
        item = _object(place, f"{what} place {i}", {"card", "up"}, {"card", "up"})
        cards.append(_cards([item["card"]], f"{what} place {i}")[0])
        if not isinstance(item["up"], bool):
            raise GolfError(f"{what} place {i}: 'up' must be true or false")
        up.append(item["up"])
    return Board(tuple(cards), tuple(up))


def _result(value: Any, what: str, players: int) -> RoundResult:
    data = _object(value, what, _RESULT_FIELDS, _RESULT_FIELDS)
    nums = {}
    for key in ("board_scores", "scores"):
        items = data[key]
        if not isinstance(items, list) or len(items) != players:
            raise GolfError(f"{what}: {key!r} must list {players} whole numbers")
        nums[key] = tuple(_int(x, f"{what} {key}", -10**6, 10**6) for x in items)
    cancelled = data["cancelled"]
    if not isinstance(cancelled, list) or len(cancelled) != players or not all(
            isinstance(c, list) for c in cancelled):
        raise GolfError(f"{what}: 'cancelled' must list {players} lists of places")
    ender = data["ender"]
    if ender is not None:
        ender = _int(ender, f"{what} ender", 0, players - 1)
    if not isinstance(data["penalised"], bool):
        raise GolfError(f"{what}: 'penalised' must be true or false")
    return RoundResult(nums["board_scores"], nums["scores"],
                       tuple(tuple(_int(p, f"{what} cancelled place", 1, 12) - 1 for p in c)
                             for c in cancelled), ender, data["penalised"])


def round_from_json(rules: RuleSet, data: Any, players: int, what: str = "round") -> RoundState:
    """A round from :func:`round_to_json`'s form, checked against the variant's deck."""
    data = _object(data, what, _ROUND_FIELDS, {"boards", "stock", "discard", "turn", "step"})
    boards = data["boards"]
    if not isinstance(boards, list) or len(boards) != players:
        raise GolfError(f"{what}: 'boards' must hold {players} boards, one per player")
    parsed = tuple(_board(b, f"{what} board {i}", rules.size) for i, b in enumerate(boards, 1))
    step = data["step"]
    if step not in STEPS:
        raise GolfError(f"{what}: 'step' must be one of {', '.join(STEPS)}, got {step!r}")
    held = data.get("held")
    held_card = _cards([held], f"{what} held")[0] if held is not None else None
    held_from = data.get("held_from")
    ender = data.get("ender")
    if ender is not None:
        ender = _int(ender, f"{what} ender", 0, players - 1)
    last = data.get("last_turns", [])
    if not isinstance(last, list):
        raise GolfError(f"{what}: 'last_turns' must be a list of seats")
    result = data.get("result")
    rnd = RoundState(
        boards=parsed, stock=_cards(data["stock"], f"{what} stock"),
        discard=_cards(data["discard"], f"{what} discard"),
        turn=_int(data["turn"], f"{what} turn", 0, players - 1), step=step,
        first=_int(data.get("first", 0), f"{what} first", 0, players - 1),
        rng=_int(data.get("rng", 0), f"{what} rng", 0, 2**64 - 1),
        held=held_card, held_from=held_from if held_card is not None else None, ender=ender,
        last_turns=tuple(_int(s, f"{what} last turn", 0, players - 1) for s in last),
        result=_result(result, f"{what} result", players) if result is not None else None)
    check_round(rules, rnd, players, what)
    return rnd


def check_round(rules: RuleSet, rnd: RoundState, players: int, what: str = "round") -> None:
    """A round set up by hand (a spec, a saved game) can be a round of the variant: one board
    per player, each of the variant's size; a turn and a first seat at the table; a card held
    exactly at the ``hold`` step; something to draw or take at the ``draw`` step; a result
    exactly once the round is over; cards the shoe holds (:func:`check_cards`)."""
    if len(rnd.boards) != players:
        raise GolfError(f"{what}: {len(rnd.boards)} boards for {players} players")
    for seat, board in enumerate(rnd.boards):
        if board.size != rules.size or len(board.up) != rules.size:
            raise GolfError(f"{what}: board {seat + 1} has {board.size} places: the variant's "
                            f"{rules.shape[0]}x{rules.shape[1]} boards have {rules.size}")
    seats: tuple[tuple[str, int | None], ...] = (
        ("turn", rnd.turn), ("first", rnd.first), ("ender", rnd.ender))
    for name, who in seats + tuple(("last turn", s) for s in rnd.last_turns):
        if who is not None and not 0 <= who < players:
            raise GolfError(f"{what}: {name} {who} is not a seat of this table")
    if (rnd.step == HOLD) != (rnd.held is not None) or (
            rnd.held is not None and rnd.held_from not in (FROM_STOCK, FROM_DISCARD)):
        raise GolfError(f"{what}: a card is held (with 'held_from' 'stock' or 'discard') "
                        f"exactly when 'step' is 'hold'")
    if rnd.step == DRAW and not rnd.stock and not rnd.discard:
        raise GolfError(f"{what}: at the draw step there must be a stock or a discard")
    if (rnd.step == OVER) != (rnd.result is not None):
        raise GolfError(f"{what}: a round has a 'result' exactly when its 'step' is 'over'")
    if rnd.result is not None:
        for places in rnd.result.cancelled:
            if any(not 0 <= p < rules.size for p in places):
                raise GolfError(f"{what}: a cancelled place is off the "
                                f"{rules.shape[0]}x{rules.shape[1]} board")
    check_cards(rules, rnd, what)


def check_cards(rules: RuleSet, rnd: RoundState, what: str = "round") -> None:
    """Every card is the variant's and none appears more often than the shoe holds it (cards a
    spec leaves out are allowed: a partial round, like a partial solitaire position)."""
    counts = Counter(rnd.cards())
    extra = sorted(str(c) for c, n in counts.items() if n > rules.counts.get(c, 0))
    if extra:
        raise GolfError(f"{what}: more copies of {', '.join(extra)} than the variant's "
                        f"{len(rules.deck)}-card shoe holds")


def from_json(rules: RuleSet, data: Any) -> MatchState:
    """A match from :func:`to_json`'s form, every field checked."""
    data = _object(data, "match", _MATCH_FIELDS, _MATCH_FIELDS)
    players = _int(data["players"], "match players", 2, 6)
    totals = data["totals"]
    if not isinstance(totals, list) or len(totals) != players:
        raise GolfError(f"match: 'totals' must list {players} whole numbers")
    results = data["results"]
    if not isinstance(results, list):
        raise GolfError("match: 'results' must be a list of round results")
    if not isinstance(data["over"], bool):
        raise GolfError("match: 'over' must be true or false")
    return MatchState(
        players=players, seed=_int(data["seed"], "match seed", 1, 26**7 - 1),
        round_number=_int(data["round"], "match round", 1, 10**6),
        totals=tuple(_int(t, "match total", -10**6, 10**6) for t in totals),
        results=tuple(_result(r, f"match result {i}", players)
                      for i, r in enumerate(results, 1)),
        current=round_from_json(rules, data["current"], players), over=data["over"])
