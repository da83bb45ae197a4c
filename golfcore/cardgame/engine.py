"""The card game's engine: pure functions from a rule set and a match state to the next one.

Nothing here mutates anything. :func:`act` checks an action of one seat and returns an
:class:`ActResult`: accepted with the new state, or refused with a reason code, the messages in
Spanish and English, and the *same* state (nothing changes, nothing half-applied).

When several refusals apply, the first of this list is given (the precedence is part of the
rules a conformance spec can pin):

1. ``match-over``: the match has ended;
2. ``no-such-seat``: the seat is not at the table;
3. ``round-over`` (anything but ``next`` after a round ended) or ``round-not-over`` (``next``
   while a round is played);
4. ``not-your-turn``;
5. the step: ``must-reveal`` (the round's start asks for ``reveal``), ``not-revealing``
   (``reveal`` later), ``must-draw-first`` (``replace``/``discard`` before drawing),
   ``already-holding`` (``draw``/``take`` while holding a card);
6. the card and the place: ``discard-empty``, ``stock-empty`` (only in a round set up by hand:
   a dealt round never starts a turn with an empty stock), ``taken-from-discard`` and
   ``discard-not-allowed`` (CG-04), ``needs-place`` (``discard`` where it turns a card up)
   and ``takes-no-place`` (``discard N`` where it turns nothing up), ``no-such-place``,
   ``already-face-up``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from golfcore.cardgame import actions as a
from golfcore.cardgame.actions import Action
from golfcore.cardgame.board import Board
from golfcore.cardgame.deal import Deal, SecretDeal, SeedDeal, check_seed, deal_round
from golfcore.cardgame.rules import END_ROUND, MAX_PLAYERS, MIN_PLAYERS, RuleSet
from golfcore.cardgame.scoring import score_round
from golfcore.cardgame.state import (DRAW, FROM_DISCARD, FROM_STOCK, HOLD, OVER, REVEAL,
                                     MatchState, RoundState)
from golfcore.errors import GolfError


@dataclass(frozen=True)
class ActResult:
    """What an action did: ``state`` is the new state, or the unchanged one when refused."""

    accepted: bool
    state: MatchState
    seat: int
    action: Action
    reason: str | None = None
    messages: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.accepted


# -- starting ------------------------------------------------------------------------------------


def check_players(players: object) -> int:
    """``players`` if it is a whole number from 2 to 6 (CG-01), else :class:`GolfError`."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise GolfError(f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return players


def start_match(rules: RuleSet, players: int | None = None,
                deal: Deal | int | None = None) -> MatchState:
    """A new match: round 1 dealt by ``deal`` (a whole number is a chosen seed, ``None`` a
    fresh secret: :meth:`SecretDeal.fresh`)."""
    players = check_players(rules.players if players is None else players)
    if deal is None:
        deal = SecretDeal.fresh()
    elif not isinstance(deal, (SeedDeal, SecretDeal)):
        deal = SeedDeal(check_seed(deal))
    return MatchState(players=players, deal=deal, round_number=1, totals=(0,) * players,
                      results=(), current=deal_round(rules, players, deal, 1))


def start_round(rules: RuleSet, match: MatchState, round_state: RoundState) -> MatchState:
    """A match whose current round is ``round_state`` (a position set up by hand, as specs do),
    checked as :func:`golfcore.cardgame.saves.check_round` says."""
    from golfcore.cardgame.saves import check_round

    check_round(rules, round_state, match.players)
    return replace(match, current=round_state, set_by_hand=True)


# -- what may be done ----------------------------------------------------------------------------


def legal_actions(rules: RuleSet, match: MatchState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a stable order; empty when it is not their turn."""
    if match.over or isinstance(seat, bool) or not 0 <= seat < match.players:
        return []
    rnd = match.current
    if rnd.step == OVER:
        return [Action(a.NEXT)]
    if seat != rnd.turn:
        return []
    board = rnd.boards[seat]
    if rnd.step == REVEAL:
        return [Action(a.REVEAL, p) for p in board.face_down_places()]
    if rnd.step == DRAW:
        out = [Action(a.DRAW)] if rnd.stock else []
        if rnd.discard:
            out.append(Action(a.TAKE))
        return out
    out = [Action(a.REPLACE, p) for p in range(board.size)]
    if rnd.held_from == FROM_STOCK and rules.may_discard_drawn:
        if rules.discard_turns_up:
            out += [Action(a.DISCARD, p) for p in board.face_down_places()]
        else:
            out.append(Action(a.DISCARD))
    return out


def refusal(rules: RuleSet, match: MatchState, seat: int, action: Action) -> str | None:
    """The reason ``action`` by ``seat`` is refused now, or ``None`` when it is legal; the
    precedence of the module's documentation."""
    if match.over:
        return a.MATCH_OVER
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        return a.NO_SUCH_SEAT
    rnd = match.current
    if rnd.step == OVER:
        return None if action.kind == a.NEXT else a.ROUND_OVER
    if action.kind == a.NEXT:
        return a.ROUND_NOT_OVER
    if seat != rnd.turn:
        return a.NOT_YOUR_TURN
    if rnd.step == REVEAL and action.kind != a.REVEAL:
        return a.MUST_REVEAL
    if rnd.step != REVEAL and action.kind == a.REVEAL:
        return a.NOT_REVEALING
    if rnd.step == DRAW and action.kind in (a.REPLACE, a.DISCARD):
        return a.MUST_DRAW_FIRST
    if rnd.step == HOLD and action.kind in (a.DRAW, a.TAKE):
        return a.ALREADY_HOLDING
    if action.kind == a.TAKE and not rnd.discard:
        return a.DISCARD_EMPTY
    if action.kind == a.DRAW and not rnd.stock:
        return a.STOCK_EMPTY
    if action.kind == a.DISCARD:
        if rnd.held_from == FROM_DISCARD:
            return a.TAKEN_FROM_DISCARD
        if not rules.may_discard_drawn:
            return a.DISCARD_NOT_ALLOWED
        if action.place is None and rules.discard_turns_up:
            return a.NEEDS_PLACE
        if action.place is not None and not rules.discard_turns_up:
            return a.TAKES_NO_PLACE
        if action.place is None:
            return None
    if action.kind in a.WITH_PLACE:
        board = rnd.boards[seat]
        assert action.place is not None
        if not 0 <= action.place < board.size:
            return a.NO_SUCH_PLACE
        if action.kind in (a.DISCARD, a.REVEAL) and board.up[action.place]:
            return a.ALREADY_FACE_UP
    return None


# -- acting --------------------------------------------------------------------------------------


def act(rules: RuleSet, match: MatchState, seat: int, action: Action | str | dict) -> ActResult:
    """``seat`` takes ``action`` (an :class:`Action`, its text or its JSON form). Malformed
    input raises :class:`GolfError`; an illegal action is refused and changes nothing."""
    action = Action.parse(action)
    reason = refusal(rules, match, seat, action)
    if reason is not None:
        return ActResult(False, match, seat, action, reason, rules.messages(reason))
    return ActResult(True, _apply(rules, match, seat, action), seat, action)


def _apply(rules: RuleSet, match: MatchState, seat: int, action: Action) -> MatchState:
    rnd = match.current
    kind, place = action.kind, action.place
    if kind == a.NEXT:
        return _next_round(rules, match)
    board = rnd.boards[seat]
    if kind == a.REVEAL:
        assert place is not None
        rnd = _with_board(rnd, seat, board.turned_up(place))
        if sum(rnd.boards[seat].up) >= rules.initial_face_up:
            following = (seat + 1) % match.players
            rnd = replace(rnd, turn=following, step=DRAW if following == rnd.first else REVEAL)
        return replace(match, current=rnd)
    if kind == a.DRAW:
        rnd = replace(rnd, held=rnd.stock[0], held_from=FROM_STOCK, stock=rnd.stock[1:],
                      step=HOLD)
        return replace(match, current=rnd)
    if kind == a.TAKE:
        rnd = replace(rnd, held=rnd.discard[-1], held_from=FROM_DISCARD,
                      discard=rnd.discard[:-1], step=HOLD)
        return replace(match, current=rnd)
    held = rnd.held
    assert held is not None
    if kind == a.REPLACE:
        assert place is not None
        rnd = replace(_with_board(rnd, seat, board.replaced(place, held)),
                      discard=rnd.discard + (board.cards[place],))
    elif place is None:  # DISCARD where it turns nothing up: the turn ends
        rnd = replace(rnd, discard=rnd.discard + (held,))
    else:  # DISCARD: the held card goes to the discard, a face-down card is turned up (CG-04)
        rnd = replace(_with_board(rnd, seat, board.turned_up(place)),
                      discard=rnd.discard + (held,))
    rnd = replace(rnd, held=None, held_from=None)
    return _end_turn(rules, match, rnd, seat)


def _with_board(rnd: RoundState, seat: int, board: Board) -> RoundState:
    return replace(rnd, boards=rnd.boards[:seat] + (board,) + rnd.boards[seat + 1:])


def _end_turn(rules: RuleSet, match: MatchState, rnd: RoundState, seat: int) -> MatchState:
    """After a turn: the round's end (CG-06), an empty stock, or the next player."""
    players = match.players
    if rnd.ender is None and rnd.boards[seat].all_up:
        rnd = replace(rnd, ender=seat,
                      last_turns=tuple((seat + k) % players for k in range(1, players)))
    elif rnd.ender is not None:
        rnd = replace(rnd, last_turns=tuple(s for s in rnd.last_turns if s != seat))
    if rnd.ender is not None and not rnd.last_turns:
        return _finish_round(rules, match, rnd, rnd.ender)
    if not rnd.stock:
        if rules.stock_exhausted == END_ROUND or len(rnd.discard) < 2:
            return _finish_round(rules, match, rnd, rnd.ender)
        stock, rng = match.deal.shuffle(rnd.discard[:-1], match.round_number, rnd.rng)
        rnd = replace(rnd, stock=stock, discard=rnd.discard[-1:], rng=rng)
    following = rnd.last_turns[0] if rnd.ender is not None else (seat + 1) % players
    return replace(match, current=replace(rnd, turn=following, step=DRAW))


def stop_round(rules: RuleSet, match: MatchState) -> MatchState:
    """The round being played ended now, as it lies: every card turned up and scored (CG-06,
    CG-07; the ender's penalty only when someone has ended the round already), the totals and
    the end of the match as after any round. For a program that bounds a round's length (an
    adapter's turn limit); play never calls it. :class:`GolfError` when the round is over."""
    if match.over or match.current.step == OVER:
        raise GolfError("the round is over already")
    return _finish_round(rules, match, match.current, match.current.ender)


def _finish_round(rules: RuleSet, match: MatchState, rnd: RoundState,
                  ender: int | None) -> MatchState:
    """Every card turned up and scored (CG-06, CG-07); totals; the end of the match (CG-09)."""
    boards = tuple(b.revealed() for b in rnd.boards)
    result = score_round(rules, boards, ender)
    totals = tuple(t + s for t, s in zip(match.totals, result.scores))
    rounds = match.results + (result,)
    over = rules.match_over(totals, len(rounds))
    rnd = replace(rnd, boards=boards, step=OVER, last_turns=(), result=result)
    return replace(match, totals=totals, results=rounds, current=rnd, over=over)


def _next_round(rules: RuleSet, match: MatchState) -> MatchState:
    number = match.round_number + 1
    return replace(match, round_number=number,
                   current=deal_round(rules, match.players, match.deal, number))


__all__ = ["ActResult", "act", "check_players", "legal_actions", "refusal", "start_match",
           "start_round", "stop_round"]
