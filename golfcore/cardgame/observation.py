"""What each seat may see: the only door through which the card game's state leaves the engine.

The referee's state (:mod:`golfcore.cardgame.state`) knows every card. A player's
:func:`observation` holds only what that player may see (their own and the others' face-up
cards, the discard's top card, how many cards the stock and the discard hold, whose turn it is,
the card they hold, the scores so far and their legal actions, and ``chosen_deal``: whether
the cards were chosen, so that someone may know them), never a face-down card nor the stock's
order, nor the deal's seed or secret. A :func:`spectator` view shows even less: nobody's held card from the stock, no
legal actions. The protocol, the bots and every front end build what they send from these.

Both are plain JSON-ready dictionaries; :data:`OBSERVATION_FIELDS` lists their keys.

What everyone sees of a board (its face-up cards as text and their points, ``showing``) is
worked out once per board value (:func:`board_view`), not once per observation: boards are
immutable and an action changes at most one, so the others' views are found again, not
recounted. The view is a function of the board's face-up cards alone, so a seat sees exactly
what it would see without it.
"""

from __future__ import annotations

import functools
from typing import Any

from golfcore.cardgame.board import Board
from golfcore.cardgame.engine import legal_actions
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.scoring import board_score
from golfcore.cardgame.state import FROM_STOCK, HOLD, OVER, MatchState
from golfcore.cards import Card

OBSERVATION_FIELDS = (
    "game", "variant", "seat", "players", "shape", "round", "step", "turn", "boards",
    "discard", "discard_count", "stock_count", "held", "ender", "last_turns", "showing",
    "totals", "rounds", "result", "over", "winners", "legal", "chosen_deal",
)


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


#: How many board views :func:`board_view` keeps (a few hundred live tables' boards).
BOARD_VIEWS = 4096


@functools.lru_cache(maxsize=BOARD_VIEWS)
def board_view(rules: RuleSet, board: Board) -> tuple[tuple[str | None, ...], int]:
    """What everyone at the table sees of ``board``: its cards as text, ``None`` for a face-down
    one, and their points (``board_score`` with ``visible_only``: lines of equal face-up cards
    count 0, face-down cards 0). Remembered per (rule set, board): both are immutable values."""
    return (tuple(_card(c) for c in board.visible()),
            board_score(rules, board, visible_only=True))


def observation(rules: RuleSet, match: MatchState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees now; ``seat=None`` is a spectator (see :func:`spectator`)."""
    rnd = match.current
    views = [board_view(rules, board) for board in rnd.boards]
    held: dict[str, Any] | None = None
    if rnd.step == HOLD and rnd.held is not None:
        held = {"from": rnd.held_from, "card": None}
        # a card taken from the discard was on view to everyone; one from the stock only to
        # the player who drew it
        if rnd.held_from != FROM_STOCK or seat == rnd.turn:
            held["card"] = str(rnd.held)
    legal = [] if seat is None else [str(x) for x in legal_actions(rules, match, seat)]
    return {
        "game": "card-game",
        "variant": rules.name,
        "seat": seat,
        "players": match.players,
        "shape": list(rules.shape),
        "round": match.round_number,
        "step": rnd.step,
        "turn": None if rnd.step == OVER else rnd.turn,
        "boards": [list(cards) for cards, _ in views],
        "discard": _card(rnd.discard_top),
        "discard_count": len(rnd.discard),
        "stock_count": len(rnd.stock),
        "held": held,
        "ender": rnd.ender,
        "last_turns": list(rnd.last_turns),
        "showing": [points for _, points in views],
        "totals": list(match.totals),
        "rounds": [r.to_json() for r in match.results],
        "result": rnd.result.to_json() if rnd.result is not None else None,
        "over": match.over,
        "winners": list(match.winners),
        "legal": legal,
        # a chosen deal (a seed, a code, a round set up by hand) can be known to someone:
        # every seat is told; a secret deal is false
        "chosen_deal": match.chosen,
    }


def spectator(rules: RuleSet, match: MatchState) -> dict[str, Any]:
    """What someone watching the table sees: the public part of every player's observation."""
    return observation(rules, match, None)


def visible_cards(rules: RuleSet, match: MatchState, seat: int | None) -> list[Card]:
    """The cards ``seat`` may see now, with their multiplicity (two decks hold each card twice):
    the face-up cards of every board, the discard's top card, and the card ``seat`` holds.
    An observation never names a card beyond these (the hidden-information guarantee)."""
    rnd = match.current
    out = [c for board in rnd.boards for c in board.visible() if c is not None]
    if rnd.discard:
        out.append(rnd.discard[-1])
    if rnd.step == HOLD and rnd.held is not None and (
            rnd.held_from != FROM_STOCK or seat == rnd.turn):
        out.append(rnd.held)
    return out
