"""The engine: pure functions from a rule set and a game state to the next game state.

Nothing here mutates anything. An accepted action returns a new :class:`GameState`; a refused
one returns the *same* state with a reason code and the messages to show (APP-06: touching a
card that does not fit changes nothing). :class:`golfcore.solitaire.game.Game` wraps these functions
for people who prefer an object that remembers the current state.

Which refusal wins
------------------
When several refusals apply to one action, the first that applies in this order is given
(``docs/variants.md``, "Which refusal wins"; pinned by ``specs/app/precedence.yaml``):

1. **The game is over.** A play or a draw on a won game is refused with ``game-won``, on a
   blocked game with ``no-moves`` (messages «No quedan movimientos posibles» / "No moves
   left", which :func:`summary` also carries while the game is blocked), whatever else is
   wrong with the request: a column that does not exist, an empty column, a card that is not
   on the tableau, a covered card. Undo is never refused because the game is over.
2. **What was touched** (plays): ``no-such-column`` (outside 1..7), then ``empty-column``, then
   ``not-on-tableau`` (a row beyond the column's cards, or a card named that is in no column).
3. **A covered card**: ``blocked-card``, before its value is compared with the waste.
4. **The rules' verdict** on the free card: ``not-adjacent``, ``king-ends-chain`` or a
   plugin's reason; when several rules deny, the reason code that sorts first.

A draw is refused with ``stock-empty`` before the draw rule is asked (``draw-not-allowed``).
A redeal (:func:`redeal`) is refused with ``no-redeals`` when the variant allows none or none
is left, then ``stock-not-empty``, then ``nothing-to-redeal`` (the waste holds only its top).
Undo is refused with ``nothing-to-undo`` when no earlier action exists and with
``undo-limit`` when earlier actions exist but the variant's limit keeps none (:func:`undo`).
A card named by a name that matches several cards (a deck's two jokers) means whichever can
be played (:func:`play_card`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from golfcore.cards import Card
from golfcore.solitaire.deal import deal as deal_cards
from golfcore.errors import PositionError
from golfcore.solitaire.moves import (BLOCKED_CARD, DRAW, DRAW_MOVE, DRAW_NOT_ALLOWED, EMPTY_COLUMN,
                            GAME_WON, NO_MOVES, NO_REDEALS, NO_SUCH_COLUMN, NOT_ON_TABLEAU,
                            NOTHING_TO_REDEAL, NOTHING_TO_UNDO, REDEAL, REDEAL_MOVE,
                            STOCK_EMPTY, STOCK_NOT_EMPTY, UNDO_LIMIT, Move)
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
    """The opening state of deal ``number`` (PySolFC's numbering,
    :mod:`golfcore.solitaire.deal`)."""
    dealt = deal_cards(number, jokers=rules.jokers)
    talon = dealt.talon
    n = rules.initial_waste
    return GameState(Position(dealt.columns, talon[n:], talon[:n]))


def check_position(rules: RuleSet, position: Position) -> None:
    """Raise :class:`PositionError` unless ``position`` can occur in a game under ``rules``.

    Every position that comes from outside goes through this one check: a start from a
    position (text, JSON, a spec's start, the protocol's ``new``), and every position of a
    saved game. It checks the variant's deck (:meth:`Position.check`) and the waste: under a
    variant whose waste starts with a card (``one-card-waste``) the waste is never empty, since
    it starts with one card and only grows, so an empty waste is refused whatever the stock and
    the columns hold. Only a variant that starts with an empty waste (``empty-waste``) accepts
    one. The passes through the stock it records are at most the variant's
    (:attr:`RuleSet.stock_passes`: none in the documents' game).
    """
    position.check(rules.deck())
    if position.passes > rules.stock_passes:
        allowed = (f"allows {rules.stock_passes}" if rules.stock_passes
                   else "uses the stock once (no redeals)")
        raise PositionError(f"the position records {position.passes} pass"
                            f"{'es' if position.passes != 1 else ''} through the stock (redeals), "
                            f"but {rules.name} {allowed}")
    if not position.waste and rules.initial_waste:
        raise PositionError(f"the waste is empty, but {rules.name} starts with a card on the "
                            f"waste and never empties it (only the empty-waste rule starts "
                            f"without one)")


def start_position(rules: RuleSet, position: Position) -> GameState:
    """A game from an explicit, possibly partial, position, checked by :func:`check_position`."""
    check_position(rules, position)
    return GameState(position)


def check_state(rules: RuleSet, state: GameState) -> None:
    """Raise :class:`PositionError` unless ``state`` can occur in a game under ``rules``: its
    position and every position undo can return to pass :func:`check_position`, and each step
    of that history is one action the rules accept (a play of a free card that may go on the
    waste, or a draw the draw rule allows), not merely one card apart."""
    chain = [state]
    current = state
    for _ in range(state.undoable):
        if current.previous is None:
            break
        current = current.previous
        chain.append(current)
    for item in chain:
        check_position(rules, item.position)
    for depth, (after, before) in enumerate(zip(chain, chain[1:]), start=1):
        if not any(apply(rules, before, move).state.position == after.position
                   for move in legal_moves(rules, before)):
            what = "position" if depth == 1 else f"'history' entry {depth - 1}"
            raise PositionError(
                f"'history' entry {depth} (most recent first) is not one legal action under "
                f"{rules.name} before the {what} that follows it")


def check_deal(rules: RuleSet, number: int, state: GameState) -> None:
    """Raise :class:`PositionError` unless ``state`` is a state of deal ``number`` under
    ``rules``: its position is reached from the deal's layout by legal actions (the waste,
    bottom to top, lists them: each card above the deal's first waste is the stock's next card
    or a column's free card), its history is the end of that line, and its move counter counts
    at least the line's actions. :class:`~golfcore.errors.CodeError` for a number out of range.
    """
    start = start_deal(rules, number)
    target = state.position
    kept = state.history                    # most recent first
    if target.passes:
        from golfcore.solitaire.passes import check_deal_passes

        check_deal_passes(rules, number, state, start)
        return
    dealt = len(start.position.waste)
    if target.waste[:dealt] != start.position.waste:
        raise PositionError(f"the waste does not start as deal {number} starts it under "
                            f"{rules.name}")
    played = target.waste[dealt:]

    def lines(at: GameState, done: int) -> Any:
        """Every line from ``at`` that puts ``played[done:]`` on the waste and ends at the
        saved position: only a joker (a deck may hold two) gives more than one way."""
        if done == len(played):
            if at.position == target:
                yield at
            return
        card = played[done]
        position = at.position
        for move in legal_moves(rules, at):
            source = position.stock[0] if move.is_draw else position.free_card(move.column)
            if source == card:
                yield from lines(apply(rules, at, move).state, done + 1)

    for end in lines(start, 0):
        line = []
        item: GameState | None = end
        while item is not None:
            line.append(item.position)
            item = item.previous
        # line: the saved position first, back to the deal's layout
        if tuple(line[1:len(kept) + 1]) != kept:
            continue
        if state.moves < len(line) - 1:
            raise PositionError(f"'moves' is {state.moves}, but deal {number} needs "
                                f"{len(line) - 1} actions to reach this position")
        return
    raise PositionError(f"the position (or its history) cannot be reached from deal {number} "
                        f"under {rules.name} by legal actions")


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
    elif may_redeal(rules, position):
        moves.append(REDEAL_MOVE)
    return moves


def may_redeal(rules: RuleSet, position: Position) -> bool:
    """Whether the waste may be turned over now as a new stock (the columns are not empty):
    the stock is empty, the variant allows another pass (:attr:`RuleSet.stock_passes`), and
    the waste holds a card besides its top."""
    return (not position.stock and position.passes < rules.stock_passes
            and len(position.waste) > 1)


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
    # The earlier state is always kept, even when the undo limit is 0: undo then answers
    # undo-limit (an action exists that the limit does not let undo reach), never
    # nothing-to-undo, as under every other limit (see undo()).
    limit = rules.undo_limit
    undoable = state.undoable + 1 if limit is None else min(state.undoable + 1, limit)
    return GameState(position, state.moves + 1, state, undoable)


def _over(rules: RuleSet, state: GameState, action: str, move: Move | None) -> ActionResult | None:
    result = rules.outcome(state)
    if result is Outcome.WON:
        return _refuse(rules, state, action, GAME_WON, move)
    if result is Outcome.LOST:
        return _refuse(rules, state, action, NO_MOVES, move)
    return None


def apply(rules: RuleSet, state: GameState, move: Move | str) -> ActionResult:
    """Play, draw or redeal. ``move`` is a :class:`Move` or its text (``"5"``, ``"1.4"``,
    ``"draw"``, ``"redeal"``)."""
    if isinstance(move, str):
        move = Move.parse(move)
    if move.kind == DRAW:
        return draw(rules, state)
    if move.kind == REDEAL:
        return redeal(rules, state)
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
    """Play a card named by its value: the player touched it wherever it is (APP-06).

    A name can match several cards only for jokers (a deck may hold two). It then means
    whichever of them can be played: the first copy in column order that the rules accept.
    When none can be, the refusal is the first free copy's (``not-adjacent``,
    ``king-ends-chain`` ...), or ``blocked-card`` for the first copy when every copy is
    covered.
    """
    places = state.position.locate_all(card)
    if not places:
        # not ``over or ...``: a refused ActionResult is falsy, so the game's end would be lost
        over = _over(rules, state, "play", None)
        if over is not None:
            return over
        return _refuse(rules, state, "play", NOT_ON_TABLEAU, None, card)
    results = [play(rules, state, column, row) for column, row in places]
    for result in results:
        if result.accepted:
            return result
    for result in results:
        if result.reason != BLOCKED_CARD:
            return result
    return results[0]


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


def redeal(rules: RuleSet, state: GameState) -> ActionResult:
    """Turn the waste over to form a new stock (a pass through the stock), under a variant that
    allows it (:func:`golfcore.solitaire.hookspecs.golf_stock_passes`): the waste but its top
    card becomes the stock, in order (the oldest card is drawn first), the top card stays, and
    the position counts one more pass. It is an action like a draw: it counts as a move and
    undo takes it back.

    Refused (nothing changes) when the game is over, then with ``no-redeals`` (the variant
    allows none, or none is left), ``stock-not-empty`` and ``nothing-to-redeal``.
    """
    over = _over(rules, state, "redeal", REDEAL_MOVE)
    if over is not None:
        return over
    position = state.position
    if position.passes >= rules.stock_passes:
        return _refuse(rules, state, "redeal", NO_REDEALS, REDEAL_MOVE)
    if position.stock:
        return _refuse(rules, state, "redeal", STOCK_NOT_EMPTY, REDEAL_MOVE)
    if len(position.waste) < 2:
        return _refuse(rules, state, "redeal", NOTHING_TO_REDEAL, REDEAL_MOVE)
    return ActionResult(True, _advance(rules, state, position.after_redeal()), "redeal",
                        REDEAL_MOVE)


def undo(rules: RuleSet, state: GameState) -> ActionResult:
    """Take back the last action: the card returns, its points and any block's penalty go, and
    the move counter stays where it is (APP-15). Allowed after a block and after a win.

    Refused with ``nothing-to-undo`` when no earlier action exists (the start of the game, or
    every action already taken back), and with ``undo-limit`` when earlier actions exist but
    the variant's limit keeps none of them: under ``undo-limit=0`` after any action, under
    ``undo-limit=N`` after N undos in a row.
    """
    if state.undoable <= 0 or state.previous is None:
        reason = UNDO_LIMIT if state.previous is not None else NOTHING_TO_UNDO
        return _refuse(rules, state, "undo", reason)
    prev = state.previous
    restored = GameState(prev.position, state.moves, prev.previous, state.undoable - 1)
    # the card that goes back; none when the action taken back was a redeal
    back = None if state.position.passes != prev.position.passes else state.position.waste_top
    return ActionResult(True, restored, "undo", card=back)


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


__all__ = ["ActionResult", "apply", "check_deal", "check_position", "check_state", "draw", "hint",
           "legal_moves", "may_redeal", "outcome", "play", "play_card", "playable_columns",
           "redeal", "score", "start_deal", "start_position", "summary", "undo"]
