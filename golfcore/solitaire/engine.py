"""The engine: pure functions from a rule set and a game state to the next game state.

Nothing here mutates anything. An accepted action returns a new :class:`GameState`; a refused
one returns the *same* state with a reason code and the messages to show (APP-06: touching a
card that does not fit changes nothing). :class:`golfcore.solitaire.game.Game` wraps these functions for
people who prefer an object that remembers the current state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from golfcore.cards import Card
from golfcore.solitaire.deal import deal as deal_cards
from golfcore.errors import PositionError
from golfcore.solitaire.moves import (BLOCKED_CARD, DRAW, DRAW_MOVE, DRAW_NOT_ALLOWED, EMPTY_COLUMN,
                            GAME_WON, NO_MOVES, NO_SUCH_COLUMN, NOT_ON_TABLEAU, NOTHING_TO_UNDO,
                            STOCK_EMPTY, UNDO_LIMIT, Move)
from golfcore.solitaire.position import COLUMNS, Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.scoring import Score
from golfcore.solitaire.state import GameState, Outcome


@dataclass(frozen=True)
class ActionResult:
    """What an action did. ``state`` is the new state, or the unchanged one when refused."""

    accepted: bool
    state: GameState
    action: str
    move: Move | None = None
    card: Card | None = None
    reason: str | None = None
    messages: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.accepted


# -- starting ------------------------------------------------------------------------------------


def start_deal(rules: RuleSet, number: int) -> GameState:
    """The opening state of deal ``number`` (PySolFC's numbering, :mod:`golfcore.solitaire.deal`)."""
    dealt = deal_cards(number, jokers=rules.jokers)
    talon = dealt.talon
    n = rules.initial_waste
    return GameState(Position(dealt.columns, talon[n:], talon[:n]))


def start_position(rules: RuleSet, position: Position) -> GameState:
    """A game from an explicit, possibly partial, position; checked against the variant's deck."""
    position.check(rules.deck())
    if not position.waste and rules.initial_waste and position.tableau_count and position.stock:
        raise PositionError(f"the waste is empty, but {rules.name} starts with a card on the "
                            f"waste (only the empty-waste rule starts without one)")
    return GameState(position)


# -- questions -----------------------------------------------------------------------------------


def playable_columns(rules: RuleSet, position: Position) -> list[int]:
    """Columns (1..7) whose free card may be played now."""
    ok = rules.playable[position.waste[-1] if position.waste else None]
    return [i for i, column in enumerate(position.columns, start=1)
            if column and column[-1] in ok]


def legal_moves(rules: RuleSet, state: GameState) -> list[Move]:
    """Every move the engine accepts now: plays by column order, then the draw if allowed."""
    position = state.position
    if not any(position.columns):
        return []
    moves = [Move("play", c) for c in playable_columns(rules, position)]
    if position.stock and rules.may_draw(state, bool(moves)):
        moves.append(DRAW_MOVE)
    return moves


def outcome(rules: RuleSet, state: GameState) -> Outcome:
    """Playing, won or lost, as the variant's outcome rule says."""
    return rules.outcome(state)


def score(rules: RuleSet, state: GameState) -> Score | None:
    """The variant's score for this state; ``None`` when the variant keeps none."""
    return rules.score(state, rules.outcome(state))


def hint(rules: RuleSet, state: GameState) -> Move | None:
    """A suggested move (C4-11), or ``None`` when the game is over."""
    return rules.hint_for(state, legal_moves(rules, state))


# -- actions -------------------------------------------------------------------------------------


def _refuse(rules: RuleSet, state: GameState, action: str, reason: str,
            move: Move | None = None, card: Card | None = None) -> ActionResult:
    return ActionResult(False, state, action, move, card, reason, rules.messages(reason))


def _advance(rules: RuleSet, state: GameState, position: Position) -> GameState:
    limit = rules.undo_limit
    undoable = state.undoable + 1 if limit is None else min(state.undoable + 1, limit)
    previous = state if undoable else None
    return GameState(position, state.moves + 1, previous, undoable)


def _over(rules: RuleSet, state: GameState, action: str, move: Move | None) -> ActionResult | None:
    result = rules.outcome(state)
    if result is Outcome.WON:
        return _refuse(rules, state, action, GAME_WON, move)
    if result is Outcome.LOST:
        return _refuse(rules, state, action, NO_MOVES, move)
    return None


def apply(rules: RuleSet, state: GameState, move: Move | str) -> ActionResult:
    """Play or draw. ``move`` is a :class:`Move` or its text (``"5"``, ``"1.4"``, ``"draw"``)."""
    if isinstance(move, str):
        move = Move.parse(move)
    if move.kind == DRAW:
        return draw(rules, state)
    return play(rules, state, move.column, move.row)


def play(rules: RuleSet, state: GameState, column: int, row: int | None = None) -> ActionResult:
    """Play the free card of ``column`` (1..7) onto the waste (APP-03, APP-04).

    With ``row`` (1-based from the covered end), the player touched that card: any card but the
    free one is refused as blocked (APP-06, C4-03).
    """
    move = Move("play", column, row)
    over = _over(rules, state, "play", move)
    if over is not None:
        return over
    position = state.position
    if not (isinstance(column, int) and 1 <= column <= COLUMNS):
        return _refuse(rules, state, "play", NO_SUCH_COLUMN, move)
    cards = position.columns[column - 1]
    if not cards:
        return _refuse(rules, state, "play", EMPTY_COLUMN, move)
    if row is not None:
        if not 1 <= row <= len(cards):
            return _refuse(rules, state, "play", NOT_ON_TABLEAU, move)
        if row != len(cards):
            return _refuse(rules, state, "play", BLOCKED_CARD, move, cards[row - 1])
    card = cards[-1]
    verdict = rules.verdict(card, position.waste_top)
    if not verdict.allowed:
        return _refuse(rules, state, "play", verdict.reason or "refused", move, card)
    new = _advance(rules, state, position.after_play(column))
    return ActionResult(True, new, "play", Move("play", column), card)


def play_card(rules: RuleSet, state: GameState, card: Card) -> ActionResult:
    """Play a card named by its value: the player touched it wherever it is (APP-06)."""
    where = state.position.locate(card)
    if where is None:
        over = _over(rules, state, "play", None)
        return over or _refuse(rules, state, "play", NOT_ON_TABLEAU, None, card)
    return play(rules, state, where[0], where[1])


def draw(rules: RuleSet, state: GameState) -> ActionResult:
    """Turn the stock's top card onto the waste (APP-07, C4-04, C4-09, APP-17)."""
    over = _over(rules, state, "draw", DRAW_MOVE)
    if over is not None:
        return over
    position = state.position
    if not position.stock:
        return _refuse(rules, state, "draw", STOCK_EMPTY, DRAW_MOVE)
    if not rules.may_draw(state, bool(playable_columns(rules, position))):
        return _refuse(rules, state, "draw", DRAW_NOT_ALLOWED, DRAW_MOVE)
    card = position.stock[0]
    return ActionResult(True, _advance(rules, state, position.after_draw()), "draw", DRAW_MOVE,
                        card)


def undo(rules: RuleSet, state: GameState) -> ActionResult:
    """Take back the last action: the card returns, its points and any block's penalty go, and
    the move counter stays where it is (APP-15). Allowed after a block and after a win."""
    if state.undoable <= 0 or state.previous is None:
        reason = UNDO_LIMIT if state.previous is not None else NOTHING_TO_UNDO
        return _refuse(rules, state, "undo", reason)
    prev = state.previous
    restored = GameState(prev.position, state.moves, prev.previous, state.undoable - 1)
    return ActionResult(True, restored, "undo", card=state.position.waste_top)


def summary(rules: RuleSet, state: GameState) -> dict[str, Any]:
    """Everything a front end shows, as JSON-ready values."""
    position = state.position
    result = rules.outcome(state)
    sc = rules.score(state, result)
    legal = legal_moves(rules, state)
    out: dict[str, Any] = {
        "variant": rules.name,
        "status": result.value,
        "moves": state.moves,
        "waste": str(position.waste_top) if position.waste_top else None,
        "stock": len(position.stock),
        "tableau": position.tableau_count,
        "free": [str(c) if c else None for c in position.free_cards],
        "legal": [str(m) for m in legal],
        "score": sc.to_json() if sc is not None else None,
        "undoable": state.undoable,
        "position": position.to_json(),
    }
    if result is Outcome.LOST:
        out["messages"] = rules.messages(NO_MOVES)
    return out
