"""Scoring a round: card values, lines of equal cards, the ender's penalty (CG-05 to CG-08)."""

from __future__ import annotations

from collections.abc import Sequence

from golfcore.cardgame.board import Board
from golfcore.cardgame.rules import RuleSet
from golfcore.cardgame.state import RoundResult
from golfcore.cards import Card


def cancelled_places(rules: RuleSet, cards: Sequence[Card | None]) -> tuple[int, ...]:
    """The places on lines whose cards all have one rank (CG-05), sorted; ``cards`` is a board's
    cards with ``None`` for a face-down one, which never completes a line."""
    out: set[int] = set()
    for line in rules.lines:
        ranks = {None if card is None else card.rank for card in (cards[p] for p in line)}
        if len(ranks) == 1 and None not in ranks:
            out.update(line)
    return tuple(sorted(out))


def board_score(rules: RuleSet, board: Board, visible_only: bool = False) -> int:
    """A board's points: the sum of its cards' values, cards on a line of equal ranks counting 0,
    plus the rules' adjustment of the whole board (``golf_board_adjustment``; none in
    golfcore's variants).

    With ``visible_only`` only face-up cards count (what the table sees during a round, face-down
    cards counting 0); otherwise every card, as at the end of a round when all are turned up."""
    cards = board.visible() if visible_only else board.cards
    zero = set(cancelled_places(rules, cards))
    points = sum(rules.values[c] for p, c in enumerate(cards) if c is not None and p not in zero)
    return points + rules.adjustment(cards)


def score_round(rules: RuleSet, boards: Sequence[Board], ender: int | None) -> RoundResult:
    """Score a finished round: every board in full, then the ender's penalty (CG-07)."""
    raw = tuple(board_score(rules, b) for b in boards)
    cancelled = tuple(cancelled_places(rules, b.cards) for b in boards)
    scores = list(raw)
    penalised = False
    if ender is not None:
        others = [s for seat, s in enumerate(raw) if seat != ender]
        scores[ender] = rules.ender_score(raw[ender], others)
        penalised = scores[ender] != raw[ender]
    return RoundResult(raw, tuple(scores), cancelled, ender, penalised)
