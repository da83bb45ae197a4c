"""``golf_card``: Golf, the card game, as an OpenSpiel game for 2 to 6 players.

Every card comes from an explicit **chance node**: a round starts with one chance node per
card dealt (seat after seat round the table from the round's first seat, place after place,
then the discard's first card), and each ``draw`` is the player's action followed by a chance
node whose outcomes are the stock's cards (chance outcome ids are card ids,
:data:`golfcore.adapters.encoding.CARD_KINDS`; each has its share of what is left). The stock
has no order before a card is drawn, so nothing in a state decides a card nobody has seen but
the face-down cards, which stay hidden: no seat's information state or observation shows them.
A card drawn from the stock is seen by its drawer only, until it is played.

The rules are golfcore's: legal actions and their effects are asked of
:mod:`golfcore.cardgame.engine`. Player action ids are :func:`golfcore.adapters.encoding.
card_action_id`'s (``2 + 3·size`` of them).

Parameters: ``variant`` (a card-game variant, composed strings too; a game string cannot hold
``=``, so an option is written with ``:`` there: ``six-card+holes:3``), ``players`` (2 to 6),
``shape`` (``"3x3"``; empty: the variant's), ``mode`` (``round``: one round, each seat's return
minus its points for the round, the ender's penalty included; ``match``: the whole match, rounds
dealt by chance in turn, each seat's return minus its total), ``max_turns`` (a round reaching
this many turns is stopped and scored as it lies; play that turns cards up ends far sooner) and
``max_rounds`` (a match stops after this many rounds). OpenSpiel needs both bounds: golfcore's
rules let a round go on while no one turns up their last card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import pyspiel

from golfcore.adapters import encoding as enc
from golfcore.cardgame import actions as ca
from golfcore.cardgame import engine
from golfcore.cardgame.board import Board
from golfcore.cardgame.deal import SeedDeal, first_seat
from golfcore.cardgame.rules import RuleSet, rule_set
from golfcore.cardgame.state import DRAW, OVER, REVEAL, MatchState, RoundState
from golfcore.cards import Card
from golfcore.errors import GolfError

NAME = "golf_card"
ROUND, MATCH = "round", "match"
DEFAULTS: dict[str, Any] = {"variant": "card-golf", "players": 2, "shape": "", "mode": ROUND,
                            "max_turns": 600, "max_rounds": 100}

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Golf, the card game (golfcore)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


@dataclass(frozen=True)
class Event:
    """One line of the table's story: what everyone saw (``public``), and what ``seat`` alone
    saw instead (``private``; ``seat`` -1: no one saw more)."""

    public: str
    seat: int = -1
    private: str = ""

    def seen_by(self, seat: int | None) -> str:
        return self.private if seat is not None and seat == self.seat else self.public


@dataclass(frozen=True)
class Table:
    """A moment of the game, immutable (clones share it).

    ``match`` is golfcore's match state (``None`` while the first round is dealt), its stock
    kept sorted: it has no order until chance draws from it. ``dealing``: the cards of the
    round being dealt so far (``None`` once dealt); ``drawing``: a draw waits for chance's
    card. ``turns``: turns played this round; ``stock_seen``: this round's stock was made of
    the discard, whose cards everyone saw. ``deal_at``: where this round's deal starts in the
    history; ``draw_at``: where the last card drawn from the stock was. ``story``: the events,
    from which each seat's information state is written."""

    match: MatchState | None
    dealing: tuple[Card, ...] | None = ()
    drawing: bool = False
    turns: int = 0
    stock_seen: bool = False
    deal_at: int = 0
    draw_at: int = -1
    story: tuple[Event, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self

    def told(self, *events: Event) -> Table:
        return replace(self, story=self.story + events)


@dataclass(frozen=True)
class Setup:
    """The game's parameters, checked."""

    rules: RuleSet
    players: int
    mode: str
    max_turns: int
    max_rounds: int

    @property
    def size(self) -> int:
        return self.rules.size

    @property
    def dealt(self) -> int:
        """Chance nodes of a round's deal: every board's places, then the discard."""
        return self.players * self.size + 1


def _setup(params: dict[str, Any]) -> Setup:
    variant = variant_name(params["variant"])
    if params["shape"]:
        variant += f"+shape={params['shape']}"
    rules = rule_set(variant)
    players = engine.check_players(params["players"])
    mode = str(params["mode"])
    if mode not in (ROUND, MATCH):
        raise GolfError(f"mode {mode!r}: expected {ROUND!r} or {MATCH!r}")
    bounds = {}
    for name in ("max_turns", "max_rounds"):
        value = params[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise GolfError(f"{name} must be a whole number above 0, got {value!r}")
        bounds[name] = value
    return Setup(rules, players, mode, bounds["max_turns"], bounds["max_rounds"])


def variant_name(value: object) -> str:
    """The variant of a ``variant`` parameter: a game string cannot hold ``=``, so an option
    may be written with ``:`` there (``six-card+holes:3`` is ``six-card+holes=3``)."""
    return str(value).replace(":", "=")


def round_points(rules: RuleSet, players: int) -> tuple[int, int]:
    """The fewest and the most points a seat can score in one round under ``rules``: every
    card at its lowest or highest value (lines counting 0), the ender's rule applied to
    either."""
    low = rules.size * min(0, min(rules.values.values()))
    high = rules.size * max(0, max(rules.values.values()))
    found = [low, high]
    for others in ([low] * (players - 1), [high] * (players - 1)):
        found += [rules.ender_score(score, others) for score in range(low, high + 1)]
    return min(found), max(found)


class CardGame(pyspiel.Game):
    """The card game of one variant at a table of ``players``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.setup = setup = _setup(params)
        low, high = round_points(setup.rules, setup.players)
        rounds = setup.max_rounds if setup.mode == MATCH else 1
        per_round = (setup.dealt + setup.players * setup.rules.initial_face_up
                     + 3 * setup.max_turns)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.card_action_count(setup.size),
            max_chance_outcomes=len(enc.CARD_KINDS),
            num_players=setup.players,
            min_utility=float(-high * rounds), max_utility=float(-low * rounds),
            max_game_length=rounds * per_round)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> CardState:
        return CardState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Any:
        from golfcore.adapters.openspiel.card_view import CardObserver

        if params:
            raise ValueError(f"{NAME} takes no observation parameters, got {params}")
        return CardObserver(self.setup, iig_obs_type)


class CardState(pyspiel.State):
    """A moment of a round or a match: a :class:`Table`, and the game's parameters."""

    def __init__(self, game: CardGame) -> None:
        super().__init__(game)
        self.params = {k: game.get_parameters()[k] for k in DEFAULTS}
        self.table = Table(None)

    @property
    def setup(self) -> Setup:
        return _cached_setup(tuple(sorted(self.params.items())))

    # -- whose turn ------------------------------------------------------------------------------

    def current_player(self) -> int:
        t = self.table
        if t.dealing is not None or t.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        assert t.match is not None
        if self._ended():
            return int(pyspiel.PlayerId.TERMINAL)
        return t.match.current.turn

    def _ended(self) -> bool:
        match = self.table.match
        return match is not None and match.current.step == OVER and self._ended_with(match)

    def is_terminal(self) -> bool:
        return self.table.dealing is None and not self.table.drawing and self._ended()

    def returns(self) -> list[float]:
        match = self.table.match
        if match is None or not self.is_terminal():
            return [0.0] * self.setup.players
        points = match.results[-1].scores if self.setup.mode == ROUND else match.totals
        return [float(-p) for p in points]

    # -- chance ----------------------------------------------------------------------------------

    def unseen(self) -> Counter[Card]:
        """The cards chance may turn up now: the deck less the cards dealt while a round is
        dealt, the stock when a card is drawn."""
        t = self.table
        if t.dealing is not None:
            left = Counter(self.setup.rules.deck)
            left.subtract(t.dealing)
            return +left
        assert t.match is not None
        return Counter(t.match.current.stock)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self.unseen()
        total = sum(left.values())
        return sorted((enc.CARD_ID[card], n / total) for card, n in left.items())

    def _apply_action(self, action: int) -> None:
        t = self.table
        if t.dealing is not None:
            self.table = self._deal(enc.CARD_KINDS[action])
        elif t.drawing:
            self.table = self._draw(enc.CARD_KINDS[action])
        else:
            self.table = self._play(enc.card_action(action, self.setup.size))

    def _deal(self, card: Card) -> Table:
        t = self.table
        assert t.dealing is not None
        cards = t.dealing + (card,)
        s = self.setup
        if len(cards) < s.dealt:
            return replace(t, dealing=cards)
        number = 1 if t.match is None else t.match.round_number + 1
        first = first_seat(number, s.players)
        size = s.size
        boards = tuple(Board.face_down(cards[(seat - first) % s.players:size * s.players:
                                             s.players]) for seat in range(s.players))
        left = Counter(s.rules.deck)
        left.subtract(cards)
        rnd = RoundState(boards=boards, stock=tuple(sorted(left.elements())),
                         discard=(cards[-1],), turn=first,
                         step=REVEAL if s.rules.initial_face_up else DRAW, first=first, rng=0)
        if t.match is None:
            match = MatchState(players=s.players, deal=SeedDeal(1), round_number=1,
                               totals=(0,) * s.players, results=(), current=rnd)
        else:
            match = replace(t.match, round_number=number, current=rnd)
        return replace(t, match=match, dealing=None, turns=0, stock_seen=False, draw_at=-1
                       ).told(Event(f"round {number}: dealt, the discard starts with {cards[-1]}"))

    def _draw(self, card: Card) -> Table:
        t = self.table
        assert t.match is not None
        rnd = t.match.current
        rest = list(rnd.stock)
        rest.remove(card)
        match = replace(t.match, current=replace(rnd, stock=(card,) + tuple(rest)))
        seat = rnd.turn
        new = self._accepted(match, seat, ca.Action(ca.DRAW))
        return replace(t, match=new, drawing=False, draw_at=len(self.history())).told(
            Event(f"P{seat} draws from the stock", seat, f"P{seat} draws {card}"))

    def _play(self, action: ca.Action) -> Table:
        t = self.table
        assert t.match is not None
        rnd = t.match.current
        seat = rnd.turn
        if engine.refusal(self.setup.rules, t.match, seat, action) is not None:
            raise GolfError(f"P{seat} may not {action} now")
        if action.kind == ca.DRAW:
            return replace(t, drawing=True)
        new = self._accepted(t.match, seat, action)
        events = [_event(seat, action, rnd)]
        turns, stock_seen = t.turns, t.stock_seen
        if action.kind in (ca.REPLACE, ca.DISCARD):
            turns += 1
            if new.current.step != OVER and len(new.current.stock) > len(rnd.stock):
                events.append(Event(f"the discard is shuffled into the stock "
                                    f"({len(new.current.stock)} cards)"))
                stock_seen = True
                # the stock has no order until chance draws from it
                new = replace(new, current=replace(
                    new.current, stock=tuple(sorted(new.current.stock))))
            if new.current.step != OVER and turns >= self.setup.max_turns:
                new = engine.stop_round(self.setup.rules, new)
                events.append(Event(f"round {new.round_number} stopped after {turns} turns"))
        table = replace(t, match=new, turns=turns, stock_seen=stock_seen)
        if new.current.step == OVER:
            events.append(_round_over(new))
            if not self._ended_with(new):       # chance deals the next round
                table = replace(table, dealing=(), deal_at=len(self.history()) + 1)
        return table.told(*events)

    def _ended_with(self, match: MatchState) -> bool:
        return (self.setup.mode == ROUND or match.over
                or match.round_number >= self.setup.max_rounds)

    def _accepted(self, match: MatchState, seat: int, action: ca.Action) -> MatchState:
        result = engine.act(self.setup.rules, match, seat, action)
        if not result.accepted:
            raise GolfError(f"P{seat} may not {action} now: {result.reason}")
        return result.state

    # -- the players -----------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        match = self.table.match
        assert match is not None
        return sorted(enc.card_action_id(a, self.setup.size)
                      for a in engine.legal_actions(self.setup.rules, match, player))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {enc.CARD_KINDS[action]}"
        return str(enc.card_action(action, self.setup.size))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardState:
        """A state drawn from the states ``player_id`` cannot tell from this one, every card
        hidden from that seat dealt again (:mod:`golfcore.adapters.openspiel.resample`)."""
        from golfcore.adapters.openspiel.resample import resample

        return resample(self, player_id, probability_sampler)

    def __str__(self) -> str:
        from golfcore.adapters.openspiel.card_view import describe

        return describe(self)


def _cached_setup(items: tuple[tuple[str, Any], ...]) -> Setup:
    found = _SETUPS.get(items)
    if found is None:
        found = _SETUPS[items] = _setup(dict(items))
    return found


_SETUPS: dict[tuple[tuple[str, Any], ...], Setup] = {}


def _event(seat: int, action: ca.Action, before: RoundState) -> Event:
    """What everyone saw of ``seat``'s ``action`` (a card it turned up or put down is named)."""
    me = f"P{seat}"
    place = None if action.place is None else action.place
    if action.kind == ca.TAKE:
        return Event(f"{me} takes {before.discard[-1]} from the discard")
    if action.kind == ca.DISCARD and place is None:
        return Event(f"{me} discards {before.held}, which ends the turn")
    assert place is not None
    # the round may be over (every card turned up): the card that was there is read before
    if action.kind == ca.REVEAL:
        return Event(f"{me} turns up {place + 1}: {before.boards[seat].cards[place]}")
    held = before.held
    if action.kind == ca.REPLACE:
        return Event(f"{me} puts {held} at {place + 1}, discarding "
                     f"{before.boards[seat].cards[place]}")
    return Event(f"{me} discards {held} and turns up {place + 1}: "
                 f"{before.boards[seat].cards[place]}")


def _round_over(match: MatchState) -> Event:
    rnd = match.current
    boards = "; ".join(f"P{seat} " + " ".join(map(str, board.cards))
                       for seat, board in enumerate(rnd.boards))
    result = rnd.result
    assert result is not None
    return Event(f"round {match.round_number} over: {boards}; points "
                 f"{' '.join(map(str, result.scores))}; totals "
                 f"{' '.join(map(str, match.totals))}")


__all__ = ["CardGame", "CardState", "Event", "GAME_TYPE", "NAME", "Setup", "Table",
           "round_points"]
