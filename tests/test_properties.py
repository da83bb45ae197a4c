"""Property tests of the engine: random deals, every variant, random play.

Each invariant the engine must keep is written out in plain English next to the code that checks
it (see :func:`check_invariants` and :class:`GolfMachine`). The deals are drawn from the whole
range of deal numbers (1 to 26**7 - 1, both the LCG and the Mersenne Twister paths of
:mod:`golfcore.solitaire.deal`); the variants are every installed one plus a few composed rule sets.

Example counts are set explicitly and kept modest so that the file runs in a few seconds; scale
them all up for a deeper run with the ``GOLF_PROPERTY_SCALE`` environment variable::

    GOLF_PROPERTY_SCALE=25 python -m pytest tests/test_properties.py -q
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule)

import golfcore
from golfcore.solitaire import engine
from golfcore.solitaire.deal import LCG_MAX_DEAL, MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import (BLOCKED_CARD, DRAW_MOVE, GAME_WON, NO_MOVES, NO_SUCH_COLUMN,
                            NOTHING_TO_UNDO, REASONS, UNDO_LIMIT, Move)
from golfcore.solitaire.position import COLUMNS, TABLEAU_CARDS
from golfcore.solitaire.rules import RuleSet, rule_set
from golfcore.solitaire.scoring import POINTS, RESULT, STROKES
from golfcore.solitaire.state import GameState, Outcome

# -- what is explored ----------------------------------------------------------------------------

#: Every installed variant, plus composed rule sets that change the deck (two jokers), the undo
#: limit (3 instead of the app's 100) and how the waste starts (empty, under the strict rule).
COMPOSED = ("cards4+jokers=2", "app-facil+undo-limit=3", "traditional+empty-waste")
VARIANTS = tuple(sorted(v.name for v in golfcore.registry("solitaire"))) + COMPOSED

variants = st.sampled_from(VARIANTS)
#: Deal numbers from both shuffles: the LCG (1..32000) and the Mersenne Twister (above).
deals = st.one_of(st.integers(1, LCG_MAX_DEAL), st.integers(LCG_MAX_DEAL + 1, MAX_DEAL))

#: The refusals that mean "the game is over", checked before anything else by play and draw.
OVER_REASONS = {Outcome.WON: GAME_WON, Outcome.LOST: NO_MOVES}

#: Winning lines found by a depth-first search over the engine's own legal moves, one per rule
#: set: (variant, deal, moves). Random play almost never wins (even hint-guided play won 7 of 300
#: Fácil deals and at most 1 of 300 under the other variants), so these let the properties see
#: won games, and let the state machine start close to a win. ``empty-waste`` draws first and then
#: plays Cards4's line for the same deal: drawing first gives exactly the one-card start (APP-18
#: decision).
WINNING_LINES = (
    ("app-facil", 4, "2 3 draw 1 3 3 7 7 draw 3 1 3 7 4 draw 2 draw 4 4 7 5 draw 6 draw 4 6 "
                     "draw draw draw draw 2 1 5 6 1 2 6 1 2 4 5 6 draw 5 draw draw draw 7 5"),
    ("app-clasico", 35, "2 1 3 draw 4 6 1 2 5 4 5 draw 4 draw 7 3 3 3 draw 3 draw 4 1 5 1 2 2 "
                        "4 7 draw draw draw 2 6 7 6 draw 6 draw 6 draw 7 5 7 1 draw draw draw 5"),
    ("cards4", 58, "6 draw 6 1 1 3 draw draw 5 draw 2 1 2 3 6 4 draw 4 5 draw draw draw draw "
                   "draw draw 3 2 5 2 3 5 3 4 7 5 1 draw 7 4 2 1 draw 4 draw 6 7 draw draw 7 7 6"),
    ("traditional", 12, "4 4 3 draw 2 1 draw 3 1 draw 2 5 1 5 3 7 draw 3 draw draw 2 draw draw "
                        "7 2 5 draw 6 4 6 draw draw 4 7 7 1 draw 5 6 6 draw 3 draw 4 6 draw 1 "
                        "5 2 7"),
    ("putt-putt", 6, "5 3 6 draw 5 4 draw 4 7 draw 2 2 draw 2 1 3 2 4 2 5 6 3 6 3 draw 3 draw "
                     "1 6 draw 6 1 1 4 1 draw 7 7 5 draw 5 4 draw draw 7 draw draw 7"),
    ("relaxed", 58, "6 draw 6 1 1 3 draw draw 5 draw 2 1 2 3 6 4 draw 4 5 draw draw draw draw "
                    "draw draw 1 draw draw 3 2 5 2 3 5 3 4 7 draw 4 7 6 7 draw 5 4 draw 7 1 2 "
                    "7 6"),
    ("jokers", 13, "draw 3 draw 7 2 2 draw 3 draw 1 3 4 2 7 3 draw 5 4 5 6 7 draw 1 3 draw "
                   "draw 1 1 6 draw 1 draw 2 2 5 4 draw draw draw 6 6 6 4 5 7 5 draw draw 7 "
                   "draw 4"),
    ("empty-waste", 58, "draw 6 draw 6 1 1 3 draw draw 5 draw 2 1 2 3 6 4 draw 4 5 draw draw "
                        "draw draw draw draw 3 2 5 2 3 5 3 4 7 5 1 draw 7 4 2 1 draw 4 draw 6 "
                        "7 draw draw 7 7 6"),
    ("cards4+jokers=2", 4, "draw 7 1 draw 4 5 4 4 draw draw 1 2 2 7 draw draw 2 1 5 3 7 7 7 1 "
                           "1 draw draw draw draw draw 5 3 2 draw draw 5 draw 6 3 draw 5 2 6 "
                           "draw 3 draw 6 6 6 4 draw 3 4"),
    ("app-facil+undo-limit=3", 6, "5 3 6 draw 5 4 draw 4 7 draw 2 2 draw 2 1 3 2 4 2 5 6 3 6 "
                                  "3 draw 3 draw 1 6 draw 6 1 1 4 1 draw 7 7 5 draw 5 4 draw "
                                  "draw 7 draw draw 7"),
    ("traditional+empty-waste", 2, "1 draw 3 draw 1 draw 6 4 4 draw 7 4 3 6 draw 5 1 draw 2 1 "
                                   "6 7 7 5 3 3 1 4 6 3 draw 6 4 draw 5 draw draw 5 2 5 draw 2 "
                                   "draw draw 7 draw draw 2 draw draw 2 7"),
)

BASE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Multiplies every example count: ``GOLF_PROPERTY_SCALE=25 pytest tests/test_properties.py``.
SCALE = max(1, int(os.environ.get("GOLF_PROPERTY_SCALE", "1")))


def rules_for(name: str) -> RuleSet:
    return rule_set(name)


# -- invariants that hold in every state ---------------------------------------------------------


def check_accounting(rules: RuleSet, state: GameState) -> None:
    """Every card is always accounted for: the columns, the stock and the waste together hold
    exactly the variant's deck (52 cards plus its jokers), each card as often as the deck holds
    it: nothing is lost, nothing is duplicated, in a game that was dealt."""
    position = state.position
    held = Counter(position.stock) + Counter(position.waste)
    for column in position.columns:
        held.update(column)
    assert held == Counter(rules.deck()), f"cards not accounted for in {position!r}"
    assert len(position.columns) == COLUMNS
    assert all(len(column) <= 5 for column in position.columns)


def check_refusal(rules: RuleSet, state: GameState, result: engine.ActionResult,
                  reason: str | None = None) -> None:
    """An illegal action changes nothing: the result carries the very same state object (so
    the position and the move counter are unchanged), a reason code, and a non-empty message
    in Spanish and in English that is a real text, not the bare code."""
    assert not result.accepted, f"{result.action} {result.move} was accepted"
    assert not bool(result)
    assert result.state is state
    assert result.state.moves == state.moves
    assert isinstance(result.reason, str) and result.reason
    assert result.reason in REASONS, f"unknown reason code {result.reason!r}"
    if reason is not None:
        assert result.reason == reason, f"expected {reason!r}, got {result.reason!r}"
    for lang in ("es", "en"):
        text = result.messages.get(lang)
        assert isinstance(text, str) and text.strip(), f"no {lang} message for {result.reason}"
        assert text != result.reason, f"no {lang} text for reason {result.reason!r}"


def check_acceptance(state: GameState, result: engine.ActionResult) -> None:
    """An accepted play or draw makes a new state, counts exactly one more move, and can be
    undone back to the state it came from."""
    assert result.accepted
    assert result.state is not state
    assert result.state.moves == state.moves + 1
    assert result.state.previous is state or result.state.undoable == 0


def check_legal_moves(rules: RuleSet, state: GameState, legal: list[Move]) -> None:
    """The list of legal moves is exactly what the engine accepts.

    * every listed move is accepted (by :func:`engine.apply`, and by :func:`engine.play` or
      :func:`engine.draw`), and leaves one more card on the waste;
    * every play of a column that is not listed is refused (empty columns and cards that do not
      fit alike), and so is a column number outside 1..7;
    * a draw that is not listed is refused.
    """
    listed_plays = {m.column for m in legal if not m.is_draw}
    assert len(listed_plays) == len([m for m in legal if not m.is_draw]), "duplicate plays"
    assert [m.column for m in legal if not m.is_draw] == sorted(listed_plays)
    assert all(m == DRAW_MOVE for m in legal if m.is_draw)
    assert legal.count(DRAW_MOVE) <= 1
    if DRAW_MOVE in legal:
        assert legal[-1] == DRAW_MOVE, "the draw is listed after the plays"
    waste_len = len(state.position.waste)
    for move in legal:
        result = engine.apply(rules, state, move)
        assert result.accepted, f"legal move {move} refused: {result.reason}"
        check_acceptance(state, result)
        assert len(result.state.position.waste) == waste_len + 1
        direct = (engine.draw(rules, state) if move.is_draw
                  else engine.play(rules, state, move.column))
        assert direct.accepted and direct.state == result.state
    for column in range(1, COLUMNS + 1):
        if column not in listed_plays:
            check_refusal(rules, state, engine.play(rules, state, column))
    for column in (0, COLUMNS + 1, -1):
        check_refusal(rules, state, engine.play(rules, state, column))
    if DRAW_MOVE not in legal:
        check_refusal(rules, state, engine.draw(rules, state))


def check_outcome_and_score(rules: RuleSet, state: GameState, legal: list[Move]) -> None:
    """Outcome and score agree with the position.

    * won <=> the columns are empty (whatever is left in the stock);
    * lost <=> no legal move while cards remain in the columns;
    * a finished game lists no legal move, and every play or draw on it is refused as
      "game won" or "no moves";
    * app points are never below 0, are 10 a removed card while playing or won (so a win is
      always 350), and 10 a removed card minus 10 a card left when lost;
    * strokes are set only when the game is over (cards left when lost, minus the unused
      stock when won); a won/lost variant records no number.
    """
    position = state.position
    result = engine.outcome(rules, state)
    columns_empty = not any(position.columns)
    assert (result is Outcome.WON) == columns_empty
    assert (result is Outcome.LOST) == (not legal and not columns_empty)
    assert (result is Outcome.PLAYING) == bool(legal)
    if result is not Outcome.PLAYING:
        assert legal == []
        assert engine.hint(rules, state) is None
        reason = OVER_REASONS[result]
        check_refusal(rules, state, engine.draw(rules, state), reason)
        for column in range(0, COLUMNS + 2):
            check_refusal(rules, state, engine.play(rules, state, column), reason)
    else:
        assert engine.hint(rules, state) in legal, "the hint is not a legal move"

    score = engine.score(rules, state)
    scoring = rules.rules["scoring"]
    left = position.tableau_count
    if scoring == "app-points":
        assert score.kind == POINTS
        assert score.value is not None and score.value >= 0
        removed = 10 * (TABLEAU_CARDS - left)
        if result is Outcome.LOST:
            assert score.value == max(0, removed - 10 * left)
        else:
            assert score.value == removed
        if result is Outcome.WON:
            assert score.value == 350
    elif scoring == "strokes":
        assert score.kind == STROKES
        assert (score.value is None) == (result is Outcome.PLAYING)
        if result is Outcome.LOST:
            assert score.value == left
        elif result is Outcome.WON:
            assert score.value == -len(position.stock)
    elif scoring == "won-lost":
        assert score.kind == RESULT and score.value is None


def check_round_trip(rules: RuleSet, state: GameState) -> None:
    """Saving and loading loses nothing: ``GameState.to_json``/``from_json`` and
    ``Game.to_json``/``from_json`` (as a dict and as JSON text) give back an equal position,
    move counter and undo history, and the saved form is plain JSON."""
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    back = GameState.from_json(json.loads(json.dumps(data)))
    assert back == state
    assert back.position == state.position
    assert back.moves == state.moves
    assert back.undoable == state.undoable
    assert back.history == state.history

    game = Game(rules, state=state)
    for saved in (game.to_json(), game.dumps()):
        loaded = Game.from_json(saved)
        assert loaded.variant.name == rules.name
        assert loaded.state == state
        assert loaded.position == state.position
        assert loaded.moves == state.moves
        assert loaded.state.history == state.history
        assert loaded.outcome is engine.outcome(rules, state)
        assert loaded.score == engine.score(rules, state)
        assert loaded.legal(0) == engine.legal_moves(rules, state)


def check_invariants(rules: RuleSet, state: GameState) -> list[Move]:
    """Everything that must hold in any reachable state; returns the legal moves."""
    check_accounting(rules, state)
    legal = engine.legal_moves(rules, state)
    check_legal_moves(rules, state, legal)
    check_outcome_and_score(rules, state, legal)
    assert state.undoable >= 0
    if rules.undo_limit is not None:
        assert state.undoable <= rules.undo_limit
    assert len(state.history) == state.undoable
    return legal


# -- the state machine ---------------------------------------------------------------------------


class GolfMachine(RuleBasedStateMachine):
    """Random play under a random variant, with a model of undo.

    The model is a stack of (position, score) pairs, one per accepted action, and the number of
    actions undo may still take back: one more after each accepted action, capped at the
    variant's ``undo_limit``, one fewer after each undo.

    * Undo restores the exact previous position and score (the top of the stack), and keeps
      the move counter where it was: the counter never goes down.
    * Undo is refused when the limit is used up ("undo-limit"), e.g. after 3 undos in
      ``app-facil+undo-limit=3``, or when there is nothing to take back ("nothing-to-undo").
    * Several rules apply in every state (any column, draw, touching a covered card, undo, a
      new deal), so a finished game still has rules to run and the machine never stalls.
    """

    def __init__(self) -> None:
        super().__init__()
        self.rules: RuleSet = rules_for("app-facil")
        self.state: GameState = engine.start_deal(self.rules, 1)
        self.stack: list[tuple] = []
        self.undoable = 0
        self.max_moves = 0

    # -- helpers --

    def _start(self, variant: str, number: int) -> None:
        self.rules = rules_for(variant)
        self.state = engine.start_deal(self.rules, number)
        self.stack = []
        self.undoable = 0
        self.max_moves = 0
        assert self.state.moves == 0 and self.state.undoable == 0
        # A fresh deal is never over: the stock is full, so a play or a draw is always open.
        assert engine.outcome(self.rules, self.state) is Outcome.PLAYING

    def _snapshot(self) -> tuple:
        return (self.state.position, engine.score(self.rules, self.state))

    def _accepted(self, result: engine.ActionResult) -> None:
        check_acceptance(self.state, result)
        self.stack.append(self._snapshot())
        limit = self.rules.undo_limit
        self.undoable = self.undoable + 1 if limit is None else min(self.undoable + 1, limit)
        self.state = result.state
        assert self.state.undoable == self.undoable

    def _do(self, result: engine.ActionResult, legal: list[Move], move: Move) -> None:
        """A play or draw is accepted exactly when the engine listed it as legal."""
        if move in legal:
            self._accepted(result)
        else:
            check_refusal(self.rules, self.state, result)

    # -- rules --

    @initialize(variant=variants, number=deals)
    def start(self, variant: str, number: int) -> None:
        self._start(variant, number)

    @rule(variant=variants, number=deals)
    def new_deal(self, variant: str, number: int) -> None:
        """Start another game: with undo and near_win, a way out of a finished game."""
        self._start(variant, number)

    @rule(line=st.sampled_from(WINNING_LINES), back=st.integers(0, 6))
    def near_win(self, line: tuple[str, int, str], back: int) -> None:
        """Start a game known to be winnable and play its winning line up to ``back`` moves
        before the win, so that won games, and undo after a win, are explored too."""
        variant, number, moves = line
        self._start(variant, number)
        moves_list = moves.split()
        for text in moves_list[:len(moves_list) - back]:
            legal = engine.legal_moves(self.rules, self.state)
            assert Move.parse(text) in legal
            self._accepted(engine.apply(self.rules, self.state, text))
        assert (engine.outcome(self.rules, self.state) is Outcome.WON) == (back == 0)

    @precondition(lambda self: engine.legal_moves(self.rules, self.state))
    @rule(choices=st.lists(st.integers(0, 7), min_size=1, max_size=12))
    def play_legal_run(self, choices: list[int]) -> None:
        """Play a run of legal moves (picked by index), checking every invariant on the way;
        this is what takes games to their end."""
        for choice in choices:
            legal = check_invariants(self.rules, self.state)
            if not legal:
                break
            move = legal[choice % len(legal)]
            self._do(engine.apply(self.rules, self.state, move), legal, move)

    @rule(column=st.integers(-1, COLUMNS + 1))
    def play_column(self, column: int) -> None:
        """Play any column number, legal or not, finished game or not."""
        legal = engine.legal_moves(self.rules, self.state)
        self._do(engine.play(self.rules, self.state, column), legal, Move("play", column))

    @rule()
    def draw(self) -> None:
        legal = engine.legal_moves(self.rules, self.state)
        self._do(engine.draw(self.rules, self.state), legal, DRAW_MOVE)

    @rule(column=st.integers(1, COLUMNS), row=st.integers(1, 5))
    def touch_card(self, column: int, row: int) -> None:
        """Touching a covered card (any card of a column but the free one) is refused as
        blocked; touching the free card is the same as playing its column."""
        state, rules = self.state, self.rules
        cards = state.position.columns[column - 1]
        result = engine.play(rules, state, column, row)
        over = engine.outcome(rules, state)
        if over is not Outcome.PLAYING:
            check_refusal(rules, state, result, OVER_REASONS[over])
        elif row > len(cards):
            check_refusal(rules, state, result)
        elif row < len(cards):
            check_refusal(rules, state, result, BLOCKED_CARD)
            assert result.card == cards[row - 1]
        else:
            self._do(result, engine.legal_moves(rules, state), Move("play", column))
            return
        # Touching by card value agrees with touching by place.
        if 1 <= row <= len(cards):
            by_card = engine.play_card(rules, state, cards[row - 1])
            if cards[row - 1] != golfcore.JOKER:
                assert by_card.accepted == result.accepted
                assert by_card.reason == result.reason

    @rule(times=st.integers(1, 4))
    def undo(self, times: int) -> None:
        """Undo up to 4 times in a row, checking each against the model."""
        for _ in range(times):
            self._undo_once()

    @rule()
    def undo_until_refused(self) -> None:
        """Undo again and again until the engine refuses: exactly ``min(actions, limit)``
        undos are accepted, then "undo-limit" (or "nothing-to-undo" back at the start)."""
        expected = self.undoable
        for _ in range(expected):
            self._undo_once()
        assert self.undoable == 0
        self._undo_once()

    def _undo_once(self) -> None:
        before = self.state
        result = engine.undo(self.rules, before)
        if self.undoable > 0:
            assert result.accepted, f"undo refused: {result.reason}"
            position, score = self.stack.pop()
            self.undoable -= 1
            self.state = result.state
            assert self.state.position == position, "undo did not restore the position"
            assert engine.score(self.rules, self.state) == score, "undo did not restore the score"
            assert self.state.moves == before.moves, "undo changed the move counter"
            assert self.state.undoable == self.undoable
        else:
            expected = UNDO_LIMIT if self.stack else NOTHING_TO_UNDO
            check_refusal(self.rules, before, result, expected)

    @rule()
    def round_trip(self) -> None:
        check_round_trip(self.rules, self.state)

    # -- invariants --

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.rules, self.state)

    @invariant()
    def counter_never_goes_down(self) -> None:
        """The move counter never goes down, undo or not (APP-15)."""
        assert self.state.moves >= self.max_moves
        self.max_moves = self.state.moves


TestGolfMachine = GolfMachine.TestCase
TestGolfMachine.settings = settings(BASE, max_examples=40 * SCALE, stateful_step_count=30)


# -- properties of whole games -------------------------------------------------------------------


def play_out(rules: RuleSet, state: GameState, picks, undo_every: int = 0):
    """Play ``state`` to the end with legal moves picked from ``picks``, checking every
    invariant after every move; yields each state."""
    yield state
    step = 0
    while True:
        legal = check_invariants(rules, state)
        if not legal:
            return
        step += 1
        if undo_every and step % undo_every == 0 and state.undoable:
            result = engine.undo(rules, state)
            assert result.accepted and result.state.position == state.previous.position
        else:
            result = engine.apply(rules, state, legal[picks(len(legal))])
            assert result.accepted
        state = result.state
        yield state


@settings(BASE, max_examples=30 * SCALE)
@given(variant=variants, number=deals, data=st.data())
def test_random_games_keep_every_invariant(variant, number, data):
    """A whole game, to its end, under every variant: every state on the way keeps every
    invariant, and the game ends won or lost (never stuck "playing" with nothing to do)."""
    rules = rules_for(variant)
    picks = lambda n: data.draw(st.integers(0, n - 1))  # noqa: E731
    state = None
    for state in play_out(rules, engine.start_deal(rules, number), picks):  # noqa: B007
        pass                                                                # to the last state
    assert engine.outcome(rules, state) in (Outcome.WON, Outcome.LOST)
    assert engine.legal_moves(rules, state) == []
    check_round_trip(rules, state)


@settings(BASE, max_examples=20 * SCALE)
@given(number=deals, data=st.data())
def test_undo_limit_three(number, data):
    """With ``app-facil+undo-limit=3`` undo takes back exactly 3 actions in a row, each time
    restoring the previous position and score; the fourth is refused as "undo-limit" and changes
    nothing; the move counter never goes down."""
    rules = rules_for("app-facil+undo-limit=3")
    state = engine.start_deal(rules, number)
    trail = [state]
    for _ in range(data.draw(st.integers(4, 10))):
        legal = engine.legal_moves(rules, state)
        if not legal:
            break
        state = engine.apply(rules, state, data.draw(st.sampled_from(legal))).state
        trail.append(state)
    moves = state.moves
    depth = min(3, len(trail) - 1)
    for k in range(1, depth + 1):
        result = engine.undo(rules, state)
        assert result.accepted
        state = result.state
        assert state.position == trail[-1 - k].position
        assert engine.score(rules, state) == engine.score(rules, trail[-1 - k])
        assert state.moves == moves
    refused = engine.undo(rules, state)
    check_refusal(rules, state, refused, UNDO_LIMIT if len(trail) > 4 else NOTHING_TO_UNDO)


@settings(BASE, max_examples=20 * SCALE)
@given(variant=variants, number=deals, data=st.data())
def test_resumed_game_plays_like_the_original(variant, number, data):
    """A game saved with ``Game.to_json`` and loaded with ``Game.from_json`` then behaves like
    the original under the same actions: the same moves are accepted and refused, undo goes
    back to the same positions as far as the saved history reaches, and the states stay equal."""
    rules = rules_for(variant)
    state = engine.start_deal(rules, number)
    for _ in range(data.draw(st.integers(0, 40))):
        legal = engine.legal_moves(rules, state)
        if not legal:
            break
        state = engine.apply(rules, state, data.draw(st.sampled_from(legal))).state
    original = Game(rules, state=state)
    resumed = Game.from_json(original.dumps())
    actions = data.draw(st.lists(st.sampled_from(["undo", "draw"] + [str(c) for c in
                                                                      range(1, 8)]),
                                 max_size=30))
    for action in actions:
        a = original.undo() if action == "undo" else original.act(0, action)
        b = resumed.undo() if action == "undo" else resumed.act(0, action)
        assert a.accepted == b.accepted, f"{action}: {a.reason} vs {b.reason}"
        assert original.state == resumed.state
        if not a.accepted and action != "undo":
            assert a.reason == b.reason


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_starts_with_the_whole_deck(variant):
    """Dealt games start with every card of the variant's deck, no move made, nothing to undo,
    and 35 cards in 7 columns of 5."""
    rules = rules_for(variant)
    for number in (1, 2, LCG_MAX_DEAL, LCG_MAX_DEAL + 1, MAX_DEAL):
        state = engine.start_deal(rules, number)
        check_invariants(rules, state)
        assert state.moves == 0 and state.undoable == 0
        assert [len(c) for c in state.position.columns] == [5] * COLUMNS
        assert len(state.position.waste) == rules.initial_waste
        check_refusal(rules, state, engine.undo(rules, state), NOTHING_TO_UNDO)
        check_refusal(rules, state, engine.play(rules, state, 9), NO_SUCH_COLUMN)


@pytest.mark.parametrize("variant,number,moves", WINNING_LINES,
                         ids=[line[0] for line in WINNING_LINES])
def test_known_winning_lines(variant, number, moves):
    """A winning line keeps every invariant on the way and ends won: the columns are empty, no
    move is listed, play and draw are refused as "game won", the app scores 350 and strokes are
    minus the unused stock. Undo is still allowed after a win and goes back one move, with the
    previous score, without lowering the move counter."""
    rules = rules_for(variant)
    state = engine.start_deal(rules, number)
    for text in moves.split():
        legal = check_invariants(rules, state)
        assert Move.parse(text) in legal, f"{text} not legal in {variant} deal {number}"
        result = engine.apply(rules, state, text)
        check_acceptance(state, result)
        previous, state = state, result.state
    assert engine.outcome(rules, state) is Outcome.WON
    assert check_invariants(rules, state) == []
    check_round_trip(rules, state)
    score = engine.score(rules, state)
    if rules.rules["scoring"] == "app-points":
        assert score.value == 350
    if rules.rules["scoring"] == "strokes":
        assert score.value == -len(state.position.stock)
    back = engine.undo(rules, state)
    assert back.accepted
    assert back.state.position == previous.position
    assert back.state.moves == state.moves
    assert engine.score(rules, back.state) == engine.score(rules, previous)
    assert engine.outcome(rules, back.state) is Outcome.PLAYING


def test_loaded_game_respects_the_undo_limit():
    """Undo is refused after ``undo_limit`` consecutive undos, also in a game loaded from JSON:
    a saved history longer than the variant keeps (here 8 positions for a limit of 3) must not
    let the player take back more than 3 actions."""
    rules = rules_for("app-facil+undo-limit=3")
    wide = rules_for("app-facil")  # the same deck and moves, but a limit of 100
    state = engine.start_deal(wide, 4)
    for text in "2 3 draw 1 3 3 7 7".split():
        state = engine.apply(wide, state, text).state
    saved = Game(wide, state=state).to_json()
    saved["variant"] = rules.name
    game = Game.from_json(saved)
    assert game.state.undoable <= rules.undo_limit
