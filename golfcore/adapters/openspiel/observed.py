"""A ``golf_card`` state made from one seat's observation alone: what a bot that is given
golfcore's observations (a tournament's, ``golf web``'s) hands to an OpenSpiel algorithm.

A seat that acts on observations sees its table now: every face-up card, the discard's top
card, how many cards the stock and the discard hold, the card it holds, the scores. It does not
see the **face-down cards**, the **stock** nor the **discard under its top card** (an
observation does not recall the cards discarded earlier). :func:`observed_state` answers a
state in which everything the observation shows is as shown and those unseen places are filled
with the cards the observation leaves unaccounted for (the shoe less every card it shows), in
a uniformly random order drawn from ``uniform``. Each call draws again, so the function is
also the resampling an information-set search needs (``ISMCTSBot.set_resampler``): every
state it answers is one the seat cannot tell from the match it observes, drawn with the
chance of the deals that lead there for a seat that recalls nothing but what it sees now.

Nothing but the observation goes in: no referee's state, no seed. The cards are drawn from the
unseen cards in a fixed (sorted) order, so two matches the seat cannot tell apart give the
same state for the same random numbers, and the true cards are never favoured
(``tests/test_adapters_openspiel_observed.py`` checks both).

The state's history is the deal of one round (one chance node per place, seat after seat from
the round's first, then the discard's first card: the cards now at those places, the discard's
bottom card), and its story says only that the table is as this seat saw it: the information
state of the seat is its observation. Play continues from it under golfcore's rules through
the adapter, as from any other ``golf_card`` state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pyspiel

from golfcore.adapters.openspiel.card import MATCH, ROUND, CardGame, CardState, Event, Table
from golfcore.adapters import encoding as enc
from golfcore.cardgame.board import Board
from golfcore.cardgame.deal import SeedDeal, first_seat
from golfcore.cardgame.observation import CardObservation
from golfcore.cardgame.state import FROM_STOCK, OVER, MatchState, RoundState
from golfcore.cards import Card
from golfcore.errors import GolfError


def game_for(observation: Mapping[str, Any] | CardObservation, mode: str = ROUND,
             max_turns: int = 600) -> CardGame:
    """The ``golf_card`` game of ``observation``'s table: its variant, players and shape;
    ``mode`` ``round`` (the returns are the round's points, the default) or ``match``."""
    obs = _typed(observation)
    if mode not in (ROUND, MATCH):
        raise GolfError(f"mode {mode!r}: expected {ROUND!r} or {MATCH!r}")
    # the observation's variant names its shape when it is not the variant's own
    game = pyspiel.load_game("golf_card", {"variant": obs.variant, "players": obs.players,
                                           "mode": mode, "max_turns": max_turns})
    assert isinstance(game, CardGame)
    if game.setup.rules.shape != obs.shape:
        raise GolfError(f"variant {obs.variant!r} is played on {game.setup.rules.shape}, the "
                        f"observation shows {obs.shape}")
    return game


def unseen_cards(game: CardGame, observation: Mapping[str, Any] | CardObservation
                 ) -> Counter[Card]:
    """The cards ``observation`` does not show (the shoe less every face-up card, the
    discard's top and the card held): what lies face down, in the stock and under the
    discard's top. :class:`GolfError` when the observation shows cards the shoe has not."""
    obs = _typed(observation)
    left = Counter(game.setup.rules.deck)
    shown = [c for board in obs.boards for c in board if c is not None]
    if obs.discard is not None:
        shown.append(obs.discard)
    if obs.held is not None and obs.held.card is not None:
        shown.append(obs.held.card)
    left.subtract(shown)
    if any(n < 0 for n in left.values()):
        extra = sorted(str(c) for c, n in left.items() if n < 0)
        raise GolfError(f"the observation shows more of {', '.join(extra)} than the "
                        f"{game.setup.rules.name} shoe holds")
    return +left


def observed_state(game: CardGame, observation: Mapping[str, Any] | CardObservation,
                   uniform: Callable[[], float]) -> CardState:
    """A state of ``game`` that the seat of ``observation`` cannot tell from the table it
    observes, the cards it does not see drawn at random (see the module); ``uniform`` answers
    numbers in [0, 1). The seat must be the one to act (the state is for deciding its move).

    :class:`GolfError` when the observation is a spectator's, of a round that is over, of
    another seat's turn, of another table than ``game``'s, or shows cards the shoe has not."""
    obs = _typed(observation)
    setup = game.setup
    seat = obs.seat
    if seat is None:
        raise GolfError("a spectator's observation has no seat to decide for")
    if obs.step == OVER or obs.over or obs.turn != seat:
        raise GolfError(f"seat {seat} is not to act in this observation (step {obs.step}, "
                        f"turn {obs.turn})")
    if (obs.players, obs.shape) != (setup.players, setup.rules.shape):
        raise GolfError(f"the observation is of {obs.players} players on "
                        f"{obs.shape[0]}x{obs.shape[1]}, the game of {setup.players} on "
                        f"{setup.rules.shape[0]}x{setup.rules.shape[1]}")
    n, size = setup.players, setup.size
    faces = [(s, p) for s in range(n) for p in range(size) if obs.boards[s][p] is None]
    buried = max(obs.discard_count - 1, 0)
    pool = sorted(unseen_cards(game, obs).elements())
    if len(pool) != len(faces) + buried + obs.stock_count:
        raise GolfError(f"the observation does not add up: {len(pool)} cards unseen, "
                        f"{len(faces)} face down, {buried} under the discard's top and "
                        f"{obs.stock_count} in the stock")
    drawn = _shuffled(pool, uniform)
    cards = [list(board) for board in obs.boards]
    for (s, p), card in zip(faces, drawn):
        cards[s][p] = card
    under = drawn[len(faces):len(faces) + buried]
    stock = tuple(sorted(drawn[len(faces) + buried:]))
    discard = tuple(under) + ((obs.discard,) if obs.discard is not None else ())
    first = first_seat(obs.round, n)
    held = obs.held.card if obs.held is not None else None
    boards = tuple(Board(tuple(c for c in row if c is not None),
                         tuple(c is not None for c in obs.boards[s]))
                   for s, row in enumerate(cards))
    state = game.new_initial_state()
    # the deal: the cards now at each place, and the discard's bottom card
    spare = discard[:1] or ((held,) if held is not None else stock[:1])
    for k in range(n * size):
        state.apply_action(enc.CARD_ID[boards[(first + k) % n].cards[k // n]])
    state.apply_action(enc.CARD_ID[spare[0]])
    current = RoundState(boards=boards, stock=stock, discard=discard, turn=seat, step=obs.step,
                         first=first, rng=0, held=held,
                         held_from=None if obs.held is None else obs.held.source,
                         ender=obs.ender, last_turns=obs.last_turns)
    match = MatchState(players=n, deal=SeedDeal(1), round_number=obs.round,
                       totals=obs.totals, results=obs.rounds, current=current)
    seen = f"P{seat}" + (f" holds {held} from the stock" if obs.held is not None
                         and obs.held.source == FROM_STOCK else "")
    state.table = replace(Table(match, dealing=None), story=(
        Event(f"round {obs.round}: the table as {seen} sees it"),))
    return state


def _shuffled(pool: list[Card], uniform: Callable[[], float]) -> list[Card]:
    """``pool`` in a uniformly random order (Fisher-Yates driven by ``uniform``)."""
    out = list(pool)
    for i in range(len(out) - 1):
        j = min(i + int(uniform() * (len(out) - i)), len(out) - 1)
        out[i], out[j] = out[j], out[i]
    return out


def _typed(observation: Mapping[str, Any] | CardObservation) -> CardObservation:
    if isinstance(observation, CardObservation):
        return observation
    if not isinstance(observation, Mapping):
        raise GolfError(f"an observation is a JSON object, got {type(observation).__name__}")
    return CardObservation.from_json(observation)


__all__ = ["game_for", "observed_state", "unseen_cards"]
