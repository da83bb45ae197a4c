"""Property tests of the card game: random matches, every board shape, 2 to 6 players.

The invariants the engine must keep are written out in plain words in :func:`check_invariants`
and :func:`check_round_end`, and checked after every accepted action of a hypothesis state
machine (:class:`CardGameMachine`) and of fifty whole seeded-random matches
(:func:`test_fifty_whole_matches`). The rules of each variant are modelled here, independently
of the engine (:class:`Model`: card values, cancelling lines, the ender's penalty, when a round
and a match end), so that scores are recounted without calling ``golfcore.cardgame.scoring``.

Example counts are kept modest so that the file runs in a few seconds; scale them up with the
``GOLF_PROPERTY_SCALE`` environment variable::

    GOLF_PROPERTY_SCALE=20 python -m pytest tests/test_cardgame_properties.py -q
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule)

from golfcore.cardgame import actions as a
from golfcore.cardgame import engine, saves
from golfcore.cardgame.actions import Action
from golfcore.cardgame.board import SHAPES
from golfcore.cardgame.observation import seen, visible_cards
from golfcore.cardgame.rules import RuleSet, rule_set
from golfcore.cardgame.state import FROM_STOCK, HOLD, OVER, MatchState
from golfcore.cards import JOKER, STANDARD_DECK, Card

SCALE = max(1, int(os.environ.get("GOLF_PROPERTY_SCALE", "1")))

#: CG-01: two 52-card decks with their jokers (golfcore's decision: 4 jokers): 108 cards.
SHOE = Counter(STANDARD_DECK * 2 + (JOKER,) * 4)

#: The installed variants and composed ones that change the discard rule, the empty stock, the
#: ender's penalty, the setup and the end of the match; each is played on every board shape.
BASES = ("card-golf", "six-card", "card-golf+must-replace", "card-golf+stock-out-ends-round",
         "card-golf+ender-penalty=ties+point-limit=40", "six-card+holes=2+turn-up=1",
         "card-golf+turn-up=2+holes=3", "six-card+ender-penalty=ties+point-limit=30")
VARIANTS = tuple(f"{base}+shape={rows}x{cols}" for base in BASES for rows, cols in SHAPES)

#: Every action a player could type, legal or not: places 0 (off the board, -1 inside) to 13.
ANY_ACTION = ([Action(a.DRAW), Action(a.TAKE), Action(a.NEXT)]
              + [Action(kind, place) for kind in a.WITH_PLACE for place in range(-1, 13)])


# -- the rules, modelled independently of the engine ---------------------------------------------

DOCUMENT_VALUES = {0: -3, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11,
                   12: 12, 13: 0}
SIX_CARD_VALUES = {0: -2, 1: 1, 2: -2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10,
                   11: 10, 12: 10, 13: 0}


@dataclass
class Model:
    """What a variant string means, read by this test (not by golfcore): CG-05, CG-07, CG-08,
    CG-09 and the options of ``card-golf`` and ``six-card``."""

    values: dict[int, int]
    shape: tuple[int, int]
    diagonals_and_rows: bool
    penalty: bool
    ties_penalised: bool
    end: tuple[str, int]
    stock_out_ends: bool
    may_discard: bool
    turn_up: int
    lines: list[tuple[int, ...]] = field(default_factory=list)

    @classmethod
    def of(cls, variant: str) -> Model:
        base, *mods = variant.split("+")
        six = base == "six-card"
        model = cls(values=SIX_CARD_VALUES if six else DOCUMENT_VALUES,
                    shape=(2, 3) if six else (3, 3), diagonals_and_rows=not six,
                    penalty=not six, ties_penalised=False,
                    end=("holes", 9) if six else ("points", 100), stock_out_ends=False,
                    may_discard=True, turn_up=2 if six else 0)
        for mod in mods:
            key, _, value = mod.partition("=")
            if key == "shape":
                rows, cols = value.split("x")
                model.shape = (int(rows), int(cols))
            elif key == "ender-penalty":
                model.penalty, model.ties_penalised = True, value == "ties"
            elif key in ("point-limit", "holes"):
                model.end = ("points" if key == "point-limit" else "holes", int(value))
            elif key == "stock-out-ends-round":
                model.stock_out_ends = True
            elif key == "must-replace":
                model.may_discard = False
            elif key == "turn-up":
                model.turn_up = int(value)
            else:  # pragma: no cover - a variant this model does not know
                raise AssertionError(f"the test's model does not know {mod!r}")
        rows, cols = model.shape
        model.lines = [tuple(range(c, rows * cols, cols)) for c in range(cols)]  # columns
        if model.diagonals_and_rows:
            model.lines += [tuple(range(r * cols, (r + 1) * cols)) for r in range(rows)]
            if rows == cols:
                model.lines += [tuple(i * (cols + 1) for i in range(rows)),
                                tuple((i + 1) * (cols - 1) for i in range(rows))]
        return model

    def board_points(self, cards: tuple[Card, ...]) -> int:
        zero: set[int] = set()
        for line in self.lines:
            if len({cards[p].rank for p in line}) == 1:
                zero.update(line)
        return sum(self.values[c.rank] for p, c in enumerate(cards) if p not in zero)

    def round_scores(self, boards: list[tuple[Card, ...]], ender: int | None) -> list[int]:
        scores = [self.board_points(b) for b in boards]
        if ender is not None and self.penalty:
            mine = scores[ender]
            low = min(s for seat, s in enumerate(scores) if seat != ender)
            if mine > low or (self.ties_penalised and mine == low):
                scores[ender] = max(2 * mine, mine + 10)
        return scores

    def match_over(self, totals: list[int], rounds: int) -> bool:
        kind, limit = self.end
        return max(totals) >= limit if kind == "points" else rounds >= limit


# -- the invariants ------------------------------------------------------------------------------


def names(view: dict) -> Counter:
    """Every card an observation names, with multiplicity."""
    out = Counter(card for board in view["boards"] for card in board if card is not None)
    if view["discard"] is not None:
        out[view["discard"]] += 1
    if view["held"] is not None and view["held"]["card"] is not None:
        out[view["held"]["card"]] += 1
    return out


#: Each card's text, looked up rather than formatted (the checks run after every action).
TEXT = {card: str(card) for card in SHOE}


def check_invariants(rules: RuleSet, model: Model, match: MatchState,
                     observed: range | tuple[int, ...] | None = None) -> None:
    """What must hold in every state of every match. ``observed``: the seats whose observation
    is checked (every seat by default)."""
    rnd = match.current
    players = match.players
    rows, cols = model.shape

    # Cards are conserved: the boards, the stock, the discard pile and the held card are
    # together exactly the 108-card shoe (two decks and four jokers), at every moment.
    every = [c for board in rnd.boards for c in board.cards] + list(rnd.stock) + list(rnd.discard)
    if rnd.held is not None:
        every.append(rnd.held)
    assert Counter(every) == SHOE
    assert all(board.size == rows * cols for board in rnd.boards)

    # A card is held exactly between the two actions of a turn.
    assert (rnd.held is not None) == (rnd.step == HOLD)

    # Totals are the sums of the round scores.
    assert list(match.totals) == [sum(r.scores[s] for r in match.results) for s in range(players)]

    # During a round exactly one seat (the one on turn) has something to do; between rounds
    # every seat may deal the next; after the match nobody may do anything.
    with_actions = [s for s in range(players) if engine.legal_actions(rules, match, s)]
    if match.over:
        assert with_actions == [] and rnd.step == OVER
    elif rnd.step == OVER:
        assert with_actions == list(range(players))
    else:
        assert with_actions == [rnd.turn]

    # What each seat may see: every face-up card, the discard's top card, and a held card if it
    # came from the discard pile (it was on view) or the seat is the one who drew it.
    public = Counter(TEXT[c] for board in rnd.boards for c, up in zip(board.cards, board.up) if up)
    if rnd.discard:
        public[TEXT[rnd.discard[-1]]] += 1
    common = None
    for seat in range(players):
        may_see = Counter(public)
        if rnd.held is not None and (rnd.held_from != FROM_STOCK or seat == rnd.turn):
            may_see[TEXT[rnd.held]] += 1
        common = may_see if common is None else common & may_see
        if observed is not None and seat not in observed:
            continue
        assert Counter(TEXT[c] for c in visible_cards(rules, match, seat)) == may_see
        view = seen(rules, match, seat).to_json()
        # No observation of a seat names a card beyond what that seat may see (as a multiset).
        assert not names(view) - may_see
        # Face-down places are null; face-up ones show their card.
        for shown, board in zip(view["boards"], rnd.boards):
            assert shown == [TEXT[c] if up else None for c, up in zip(board.cards, board.up)]
    # The spectator names no card that every seat could not see.
    assert not names(seen(rules, match, None).to_json()) - common


def check_round_end(model: Model, match: MatchState, ender: int | None,
                    totals: list[int]) -> list[int]:
    """When a round has just ended: every card is turned up and the scores equal the test's own
    recount (values, lines of equal cards counting 0, the ender's penalty); the new totals and
    whether the match is over follow. Returns the recounted totals."""
    rnd = match.current
    result = rnd.result
    assert result is not None and rnd.step == OVER
    assert all(all(board.up) for board in rnd.boards)
    boards = [board.cards for board in rnd.boards]
    assert result.ender == ender
    assert list(result.board_scores) == [model.board_points(b) for b in boards]
    scores = model.round_scores(boards, ender)
    assert list(result.scores) == scores
    assert result.penalised == (ender is not None and scores[ender] != result.board_scores[ender])
    totals = [t + s for t, s in zip(totals, scores)]
    assert list(match.totals) == totals
    assert match.over == model.match_over(totals, len(match.results))
    if match.over:
        assert list(match.winners) == [s for s, t in enumerate(totals) if t == min(totals)]
    return totals


class Referee:
    """A match played through the engine, with the test's own account of who ended the round,
    who still has a last turn (CG-06) and the totals."""

    def __init__(self, variant: str, players: int, seed: int, every_seat: bool = True):
        #: whether every seat's observation is checked after each action, or only the seat on
        #: turn's and one other, in rotation (every seat still at each round's end)
        self.every_seat = every_seat
        self.rules = rule_set(variant)
        self.model = Model.of(variant)
        assert self.rules.shape == self.model.shape
        assert self.rules.may_discard_drawn == self.model.may_discard
        self.match = engine.start_match(self.rules, players, seed)
        self.totals = [0] * players
        self._new_round()

    def _new_round(self) -> None:
        self.ender: int | None = None
        self.waiting: list[int] = []
        rnd = self.match.current
        # The round starts with every board face down, then the players turn up ``turn-up``
        # cards each (six-card golf: two) before the first turn.
        assert all(not any(board.up) for board in rnd.boards)
        assert rnd.step == ("reveal" if self.model.turn_up else "draw")

    def act(self, seat: int, action: Action) -> engine.ActResult:
        """``seat`` tries ``action``: accepted exactly when it is listed as legal; a refusal
        changes nothing (the same state, equal to the state before) and says why."""
        before = self.match
        legal = engine.legal_actions(self.rules, before, seat)
        snapshot = None if action in legal else saves.to_json(before)
        result = engine.act(self.rules, before, seat, action)
        if snapshot is not None:
            assert not result.accepted
            assert result.reason in a.REASONS
            assert result.state is before and saves.to_json(result.state) == snapshot
            assert all(result.messages[lang] not in ("", result.reason) for lang in ("es", "en"))
            return result
        assert result.accepted, (seat, action, result.reason)
        self.match = result.state
        # every state a match reaches is a save that reads back as itself (the saves' checks
        # of a record against itself never refuse a real one)
        assert saves.from_json(self.rules, saves.to_json(self.match)) == self.match
        self._follow(before, seat, action)
        observed = None
        if not self.every_seat and self.match.current.step != OVER:
            players = self.match.players
            observed = (seat, self.match.current.turn,
                        (seat + 1 + len(self.match.current.discard)) % players)
        check_invariants(self.rules, self.model, self.match, observed)
        return result

    def _follow(self, before: MatchState, seat: int, action: Action) -> None:
        """Keep the test's own account of the round after an accepted action."""
        rnd = self.match.current
        if action.kind == a.NEXT:
            assert self.match.round_number == before.round_number + 1
            assert rnd.turn == rnd.first == (self.match.round_number - 1) % self.match.players
            self._new_round()
            return
        if action.kind == a.REVEAL:
            # the first turn begins once every player has turned up ``turn-up`` cards
            if rnd.step != "reveal":
                assert all(sum(board.up) == self.model.turn_up for board in rnd.boards)
                assert rnd.turn == rnd.first
            return
        if action.kind not in (a.REPLACE, a.DISCARD):
            return
        # a turn has ended (CG-03): did it end the round (CG-06)? Judged from the board before
        # the action and the place it turned up: a round that just ended shows every card
        # face up (the stock can run out under stock-out-ends-round in anyone's turn)
        up_before = before.current.boards[seat].up
        all_up = all(up or place == action.place for place, up in enumerate(up_before))
        if self.ender is None and all_up:
            self.ender = seat
            players = self.match.players
            self.waiting = [(seat + k) % players for k in range(1, players)]
        elif self.ender is not None:
            assert self.waiting and self.waiting[0] == seat  # the last turns go in order
            self.waiting.pop(0)
        if rnd.step == OVER:
            # the round ends when the others have had their last turn, or when the stock runs
            # out under stock-out-ends-round, never otherwise
            stock_out = not rnd.stock and (self.model.stock_out_ends or len(rnd.discard) < 2)
            assert (self.ender is not None and not self.waiting) or stock_out
            self.totals = check_round_end(self.model, self.match, self.ender, self.totals)
        else:
            assert self.match.current.stock, "a turn never starts with an empty stock"
            expected = self.waiting[0] if self.ender is not None else (
                (seat + 1) % self.match.players)
            assert rnd.turn == expected

    def legal_step(self, choice: int) -> None:
        """The seat that may act takes its ``choice``-th legal action (between rounds, any seat
        deals the next). An odd ``choice`` picks among the actions that turn up a face-down card
        when there are some, so that rounds end sooner than under plain random play."""
        match = self.match
        seat = match.current.turn if match.current.step != OVER else choice % match.players
        legal = engine.legal_actions(self.rules, match, seat)
        assert legal
        if choice % 2 and match.current.step != OVER:
            up = match.current.boards[seat].up
            hidden = [x for x in legal if x.place is not None and not up[x.place]]
            legal = hidden or legal
        self.act(seat, legal[(choice // 2) % len(legal)])


# -- the state machine ---------------------------------------------------------------------------


class CardGameMachine(RuleBasedStateMachine):
    """Random matches under random variants, shapes and numbers of players.

    * A run of random legal actions takes matches to their end, every invariant checked after
      each action (:func:`check_invariants`, :func:`check_round_end`).
    * Any seat (including seats not at the table) tries any action, legal or not: it is accepted
      exactly when listed as legal, and a refusal changes nothing.
    * A finished match refuses everything with ``match-over``, and a new match can be dealt, so
      the machine has rules to run after the end.
    """

    def __init__(self) -> None:
        super().__init__()
        self.ref = Referee("card-golf", 2, 1)

    @initialize(variant=st.sampled_from(VARIANTS), players=st.integers(2, 6),
                seed=st.integers(1, 26**7 - 1))
    def start(self, variant: str, players: int, seed: int) -> None:
        self.ref = Referee(variant, players, seed)
        check_invariants(self.ref.rules, self.ref.model, self.ref.match)

    @precondition(lambda self: not self.ref.match.over)
    @rule(choices=st.lists(st.integers(0, 100), min_size=1, max_size=40))
    def play_legal_run(self, choices: list[int]) -> None:
        for choice in choices:
            if self.ref.match.over:
                break
            self.ref.legal_step(choice)

    @rule(seat=st.one_of(st.none(), st.integers(-1, 6)), action=st.sampled_from(ANY_ACTION))
    def try_any_action(self, seat: int | None, action: Action) -> None:
        """``seat`` (``None``: the seat on turn) tries ``action``, often an illegal one."""
        self.ref.act(self.ref.match.current.turn if seat is None else seat, action)

    @precondition(lambda self: self.ref.match.over)
    @rule(variant=st.sampled_from(VARIANTS), players=st.integers(2, 6),
          seed=st.integers(1, 26**7 - 1), seat=st.integers(0, 5))
    def after_the_match(self, variant: str, players: int, seed: int, seat: int) -> None:
        """A finished match refuses every action with ``match-over``; then a new one starts."""
        match = self.ref.match
        for action in ANY_ACTION:
            result = engine.act(self.ref.rules, match, seat, action)
            assert not result.accepted and result.reason == a.MATCH_OVER
        self.ref = Referee(variant, players, seed)

    @invariant()
    def the_match_is_consistent(self) -> None:
        rnd = self.ref.match.current
        assert len(rnd.boards) == self.ref.match.players
        assert list(self.ref.match.totals) == self.ref.totals


TestCardGameMachine = CardGameMachine.TestCase
TestCardGameMachine.settings = settings(
    max_examples=15 * SCALE, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# -- fifty whole matches -------------------------------------------------------------------------


@pytest.mark.slow
def test_fifty_whole_matches():
    """Fifty seeded-random matches, played to their end across variants, shapes and 2 to 6
    players, keep every invariant after every action (the observations of the seat that acted,
    the seat on turn and one other in rotation, and of every seat at each round's end); now and
    then a random (often illegal) action by a random seat is refused and changes nothing."""
    rnd = random.Random(2026)
    ended = Counter()
    for number in range(50 * SCALE):
        variant = VARIANTS[number % len(VARIANTS)]
        ref = Referee(variant, rnd.randint(2, 6), rnd.randint(1, 26**7 - 1), every_seat=False)
        check_invariants(ref.rules, ref.model, ref.match)
        steps = 0
        while not ref.match.over:
            if rnd.random() < 0.1:
                seat = ref.match.current.turn if rnd.random() < 0.5 else rnd.randint(-1, 6)
                ref.act(seat, rnd.choice(ANY_ACTION))
            else:
                ref.legal_step(rnd.randrange(1000))
            steps += 1
            assert steps < 20000, f"{variant}: the match does not end"
        ended[ref.model.end[0]] += 1
        assert len(ref.match.results) >= 1
    assert ended["points"] and ended["holes"]
