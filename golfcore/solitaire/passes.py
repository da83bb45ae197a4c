"""Whether a position after redeals is reached from its deal: :func:`check_deal_passes`.

Before a redeal the waste lists every action of the game (each card above the deal's first
waste card came from the stock or a column), which is how
:func:`golfcore.solitaire.engine.check_deal` checks a saved game of a numbered deal. A redeal
turns the waste into the stock, so that list is gone; what is left is an invariant. Read the
stock followed by the waste as a *cycle* of cards: a draw turns the cycle (the stock's first
card goes to the waste's top), a redeal leaves it as it is (the waste but its top becomes the
stock, in order), and a play *inserts* the column's card between the waste's top and the
stock's first card. Cards are only ever inserted, so the cycle of any earlier position is the
final cycle with the later cards left out. A play is therefore possible only where the final
cycle puts its card: the search from the deal's layout (depth first, a play before a draw,
every step played by the engine) follows those plays only, which leaves little to search.
"""

from __future__ import annotations

from golfcore.cards import JOKER, Card
from golfcore.errors import PositionError
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.state import GameState

#: The most positions :func:`check_deal_passes` visits; beyond them the state is refused
#: (never accepted unchecked).
LIMIT = 30_000


def check_deal_passes(rules: RuleSet, number: int, state: GameState, start: GameState) -> None:
    """Raise :class:`PositionError` unless the oldest position ``state``'s history keeps (a
    position after a redeal) is reached from ``start``, deal ``number``'s layout, by legal
    actions, and ``moves`` counts at least one action per card that left the columns or the
    stock since the deal, one per redeal and one per history entry."""
    from golfcore.solitaire import engine

    kept = state.history
    goal = kept[-1] if kept else state.position
    if not goal.passes:                 # the history reaches back before the first redeal
        engine.check_deal(rules, number, GameState(goal, max(0, state.moves - len(kept))))
        return
    dealt = start.position
    if any(goal.columns[i] != column[:len(goal.columns[i])]
           for i, column in enumerate(dealt.columns)):
        raise PositionError(f"the columns are not what deal {number} leaves in them")
    cycle = goal.stock + goal.waste
    # a joker is placed when it is the only one (two are the same card to the cycle)
    where = {card: i for i, card in enumerate(cycle) if card != JOKER or cycle.count(JOKER) == 1}
    seen = {dealt}
    todo = [dealt]
    while todo and goal not in seen:
        position = todo.pop()
        at = GameState(position)
        following = []
        for move in engine.legal_moves(rules, at):
            after = engine.apply(rules, at, move).state.position
            if after in seen or not _may_lead(after, goal):
                continue
            if move.is_play and not _in_its_place(after, where, len(cycle)):
                continue
            following.append(after)
        for after in reversed(following):      # plays first: the first legal move is a play
            seen.add(after)
            todo.append(after)
        if len(seen) > LIMIT:
            raise PositionError(
                f"cannot check within {LIMIT} positions that deal {number} reaches this "
                f"position after a redeal: save it without its deal")
    if goal not in seen:
        raise PositionError(f"the position (or its history) cannot be reached from deal "
                            f"{number} under {rules.name} by legal actions")
    arrived = sum(len(c) for c in dealt.columns) - goal.tableau_count + len(dealt.stock)
    needed = arrived + goal.passes + len(kept)
    if state.moves < needed:
        raise PositionError(f"'moves' is {state.moves}, but deal {number} needs at least "
                            f"{needed} actions to reach this position")


def _may_lead(position: Position, goal: Position) -> bool:
    """Whether ``goal`` may follow ``position``: each column still holds the goal's cards, no
    more passes were made, and in the goal's pass the waste so far starts the goal's waste."""
    if position.passes > goal.passes:
        return False
    if any(len(mine) < len(theirs) for mine, theirs in zip(position.columns, goal.columns)):
        return False
    if position.passes == goal.passes:
        return goal.waste[:len(position.waste)] == position.waste
    return True


def _in_its_place(after: Position, where: dict[Card, int], size: int) -> bool:
    """Whether the card just played (the waste's top) lies where the final cycle (``size``
    cards; ``where`` their places, jokers left out) puts it: the next card of the cycle after
    it, among the cards of ``after``, is the stock's first card (the waste's first when the
    stock is empty). Two jokers are the same card to the cycle: they are not placed."""
    card = after.waste[-1]
    cycle = after.stock + after.waste[:-1]
    mine = where.get(card)
    if mine is None or not cycle or cycle[0] not in where:
        return mine is not None or card == JOKER    # an unplaced joker may go anywhere
    nearest, best = size, None
    for other in cycle:
        there = where.get(other)
        if there is None:
            if other != JOKER:          # a card the goal's stock and waste do not hold
                return False
            continue
        gap = (there - mine) % size
        if gap < nearest:
            nearest, best = gap, other
    return best == cycle[0]
