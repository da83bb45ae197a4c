"""The referee's record of a match as JSON, and reading it back with every check.

:func:`to_json` writes everything (hidden cards, the stock's order, the shuffle's state and the
deal's seed or secret): it is for the referee and for saved games kept by the server, never for
a player. :func:`from_json` reads it back and refuses anything that cannot be a state of the
variant: unknown fields, wrong types, a board of the wrong size, a turn or step that does not
exist, cards that are not the variant's deck (every card of the shoe must be somewhere exactly
as often as the shoe holds it), and a record that contradicts itself
(:func:`check_history`): totals that are not the sum of the rounds' scores, a round number
that is not the number of rounds played, a board all face up with nobody having ended the
round, a seat twice among the last turns, a match over (or not) against the point limit.

The deal: ``"seed"`` is the chosen seed (a whole number), or ``null`` with ``"secret"`` (32 hex
digits, the 128-bit secret of a deal nobody chose) and ``"chosen"`` (``true`` when it was
re-dealt from its replay code). ``"set_by_hand": true`` marks a first round set up by hand.
The last three are written only when they say something (a saved match of a chosen seed is
written as before them).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from golfcore.cardgame.board import Board
from golfcore.cardgame.deal import Deal, SecretDeal, SeedDeal, first_seat
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.scoring import score_round
from golfcore.cardgame.state import (DRAW, FROM_DISCARD, FROM_STOCK, HOLD, OVER, REVEAL, STEPS,
                                     MatchState, RoundResult, RoundState)
from golfcore.cards import Card
from golfcore.errors import CardError, GolfError
from golfcore.notation import parse_card
from golfcore.shuffle import MAX_DEAL, SECRET_BYTES

_ROUND_FIELDS = {"boards", "stock", "discard", "turn", "step", "first", "rng", "held",
                 "held_from", "ender", "last_turns", "result"}
_MATCH_FIELDS = {"players", "seed", "round", "totals", "results", "current", "over"}
_MATCH_OPTIONAL = {"secret", "chosen", "set_by_hand"}
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
    """Everything about the match, hidden cards and the deal's secret included (the
    referee's view, kept by the server: never sent to a seat)."""
    deal = match.deal
    out: dict[str, Any] = {"players": match.players, "seed": match.seed}
    if isinstance(deal, SecretDeal):
        out["secret"] = deal.secret.hex()
        if deal.chosen:
            out["chosen"] = True
    if match.set_by_hand:
        out["set_by_hand"] = True
    return {**out, "round": match.round_number, "totals": list(match.totals),
            "results": [r.to_json() for r in match.results],
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


def result_from_json(value: Any, players: int, what: str = "result") -> RoundResult:
    """A round's result from :meth:`RoundResult.to_json`'s form (places counted from 1)."""
    return _result(value, what, players)


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
    if held_card is None and held_from is not None:
        raise GolfError(f"{what}: a card is held (with 'held_from' 'stock' or 'discard') "
                        f"exactly when 'step' is 'hold': 'held_from' is "
                        f"{str(held_from)[:40]!r} with no card held")
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
        held=held_card, held_from=held_from, ender=ender,
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
    if len(set(rnd.last_turns)) != len(rnd.last_turns):
        raise GolfError(f"{what}: 'last_turns' {list(rnd.last_turns)[:12]} names a seat "
                        f"twice: the seats still to play go each once and in table order")
    if rnd.step == OVER and rnd.last_turns:
        raise GolfError(f"{what}: a finished round has no last turns left, not "
                        f"{list(rnd.last_turns)[:12]}")
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
    """A match from :func:`to_json`'s form, every field checked, and the whole record checked
    against itself (:func:`check_history`)."""
    data = _object(data, "match", _MATCH_FIELDS | _MATCH_OPTIONAL, _MATCH_FIELDS)
    players = _int(data["players"], "match players", 2, 6)
    totals = data["totals"]
    if not isinstance(totals, list) or len(totals) != players:
        raise GolfError(f"match: 'totals' must list {players} whole numbers")
    results = data["results"]
    if not isinstance(results, list):
        raise GolfError("match: 'results' must be a list of round results")
    for name in ("over", "chosen", "set_by_hand"):
        if not isinstance(data.get(name, False), bool):
            raise GolfError(f"match: {name!r} must be true or false")
    match = MatchState(
        players=players, deal=_deal(data),
        round_number=_int(data["round"], "match round", 1, 10**6),
        totals=tuple(_int(t, "match total", -10**6, 10**6) for t in totals),
        results=tuple(_result(r, f"match result {i}", players)
                      for i, r in enumerate(results, 1)),
        current=round_from_json(rules, data["current"], players), over=data["over"],
        set_by_hand=data.get("set_by_hand", False))
    check_history(rules, match)
    return match


def _deal(data: dict[str, Any]) -> Deal:
    seed, secret = data["seed"], data.get("secret")
    if secret is None:
        if "chosen" in data:
            raise GolfError("match: 'chosen' goes with a 'secret' (a deal of a seed is always "
                            "chosen)")
        return SeedDeal(_int(seed, "match seed", 1, MAX_DEAL))
    if seed is not None:
        raise GolfError("match: a match is dealt from a 'seed' or a 'secret', not both: "
                        "'seed' must be null with a 'secret'")
    if (not isinstance(secret, str) or len(secret) != 2 * SECRET_BYTES
            or any(ch not in "0123456789abcdef" for ch in secret)):
        raise GolfError(f"match: 'secret' must be {2 * SECRET_BYTES} hexadecimal digits "
                        f"(0-9, a-f)")
    return SecretDeal(bytes.fromhex(secret), chosen=data.get("chosen", False))


def check_history(rules: RuleSet, match: MatchState) -> None:
    """A saved match agrees with itself: what :func:`from_json` checks beyond the fields.

    * the totals are the sums of the rounds' scores; the round number is the number of rounds
      scored, plus one while a round is played;
    * the match is over exactly when the variant's end (``golf_match_over``) says so after the
      last round scored, and only between rounds; a round is played only if the match had not
      ended;
    * a finished round is scored as its boards say (every card face up, the same result as in
      the list of rounds);
    * a round being played (unless it is a first round set up by hand): opened by the seat the
      deal says; every card of the shoe exactly once as often as it holds it; while cards are
      turned up at the start, exactly the seats before the turn have; later, a board all face up
      only once someone ended the round, the ender's board all face up, the last turns distinct
      and in table order after the ender, the next of them on turn; a stock to draw from.
    """
    players, rnd, results = match.players, match.current, match.results
    for seat in range(players):
        total = sum(r.scores[seat] for r in results)
        if match.totals[seat] != total:
            raise GolfError(f"match: seat {seat}'s total is {match.totals[seat]} but its rounds' "
                            f"scores add up to {total}")
    scored = len(results)
    expected = scored if rnd.step == OVER else scored + 1
    if match.round_number != expected:
        raise GolfError(f"match: round {match.round_number} is saved, but {scored} round(s) "
                        f"are scored{'' if rnd.step == OVER else ' and one is being played'}: "
                        f"it must be round {expected}")
    ended = scored > 0 and rules.match_over(match.totals, scored)
    if rnd.step == OVER:
        if match.over != ended:
            raise GolfError(f"match: 'over' is {str(match.over).lower()} but after "
                            f"{scored} round(s) with totals {list(match.totals)} the match "
                            f"{'is' if ended else 'is not'} over")
        if not all(b.all_up for b in rnd.boards):
            raise GolfError("match: a finished round has every card face up")
        if results[-1] != rnd.result or score_round(rules, rnd.boards, rnd.ender) != rnd.result:
            raise GolfError("match: the finished round's result is not what its boards score")
    elif match.over or ended:
        raise GolfError(f"match: after {scored} round(s) with totals {list(match.totals)} the "
                        f"match is over, yet a round is being played")
    if match.set_by_hand and match.round_number == 1:
        return          # a round set up by hand: check_round's checks only (a partial round)
    _check_dealt_round(rules, match)


def _check_dealt_round(rules: RuleSet, match: MatchState) -> None:
    players, rnd = match.players, match.current
    what = f"match: round {match.round_number}"
    first = first_seat(match.round_number, players)
    if rnd.first != first:
        raise GolfError(f"{what} is opened by seat {first}, not {rnd.first}")
    counts = Counter(rnd.cards())
    if counts != rules.counts:
        raise GolfError(f"{what} does not hold the variant's {len(rules.deck)} cards, each "
                        f"exactly as often as the shoe holds it")
    if rnd.step == OVER:
        return
    order = [(first + k) % players for k in range(players)]
    if rnd.step == REVEAL:
        done = order.index(rnd.turn)
        for k, seat in enumerate(order):
            up = sum(rnd.boards[seat].up)
            wrong = (up != rules.initial_face_up if k < done
                     else up >= rules.initial_face_up if k == done else up != 0)
            if wrong:
                raise GolfError(f"{what}: while cards are turned up at the start, the seats "
                                f"before the turn have {rules.initial_face_up} face up, the "
                                f"others fewer: seat {seat} has {up}")
        if rnd.ender is not None or rnd.last_turns:
            raise GolfError(f"{what}: nobody ends a round while cards are turned up at the "
                            f"start")
        return
    for seat, board in enumerate(rnd.boards):
        if sum(board.up) < rules.initial_face_up:
            raise GolfError(f"{what}: seat {seat} has fewer than the "
                            f"{rules.initial_face_up} cards turned up at the start")
    ender = rnd.ender
    if ender is None:
        if rnd.last_turns:
            raise GolfError(f"{what}: 'last_turns' without an ender")
        full = [seat for seat, board in enumerate(rnd.boards) if board.all_up]
        if full:
            raise GolfError(f"{what}: seat {full[0]} has every card face up, yet nobody has "
                            f"ended the round ('ender' is null)")
    else:
        if not rnd.boards[ender].all_up:
            raise GolfError(f"{what}: the ender, seat {ender}, has a card face down")
        after = tuple((ender + k) % players for k in range(1, players))
        left = rnd.last_turns
        if not left or len(set(left)) != len(left) or after[len(after) - len(left):] != left:
            raise GolfError(f"{what}: 'last_turns' {list(left)} must be the seats still to "
                            f"play after the ender, seat {ender}, each once and in table "
                            f"order (a suffix of {list(after)})")
        if rnd.turn != left[0]:
            raise GolfError(f"{what}: seat {left[0]} plays the next last turn, not seat "
                            f"{rnd.turn}")
    if rnd.step == DRAW and not rnd.stock:
        raise GolfError(f"{what}: a turn never starts with an empty stock")
