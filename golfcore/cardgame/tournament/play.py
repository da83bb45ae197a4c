"""Playing one match of a tournament: bots in seats, each fed only its own observation.

:func:`parse_entrant` reads a bot as the command names it (``greedy``,
``strong:iterations=200``); :func:`seating` says who sits where in match k (the seats rotate);
:func:`play_match` plays match k and returns its record, a JSON-ready dict per match holding the
points of each round, the winners, and for each bot its decisions, their times and how many of
them were dominated. :func:`play_match` is a top-level, picklable function: it runs in worker
processes (:func:`golfcore.runs.pool.run_processes`).

Every list in a record is by **bot** (the order the bots were given), not by seat; ``seats``
says which bot sat where.
"""

from __future__ import annotations

import copy
import importlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

from golfcore.cardgame.engine import ActResult
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import MAX_PLAYERS, MIN_PLAYERS
from golfcore.errors import GolfError
from golfcore.shuffle import MAX_DEAL

#: The module of the bots (``find_bot``, ``bot_names``, ``dominated``).
BOTS_MODULE = "golfcore.cardgame.bots"

#: Match k of a tournament with seed S is dealt from seed (S * SEED_STRIDE + k) mod MAX_DEAL + 1.
SEED_STRIDE = 1_000_003

#: The fields every record has, in the order they are written.
RECORD_FIELDS = ("tournament", "match", "match_seed", "code", "seats", "rounds", "points",
                 "totals", "winners", "decisions", "dominated", "micros", "cpu_micros",
                 "seconds")

#: ``unit`` of a tournament of whole matches, and of one of single rounds (``--rounds``).
MATCHES, ROUNDS = "match", "round"

Record = dict[str, Any]


class BotLike(Protocol):
    """What the tournament needs of a bot (:class:`golfcore.cardgame.bots.Bot`): an action,
    one of ``observation["legal"]``, for an observation."""

    def act(self, observation: Mapping[str, Any]) -> str: ...


#: A bot class: ``factory(variant, seat, seed, **options)`` makes a bot for one match.
BotFactory = Callable[..., BotLike]

#: ``dominated(observation, action)``: a reason when the action is dominated, else ``None``.
Dominated = Callable[[Mapping[str, Any], str], "str | None"]


def bots_module() -> ModuleType:
    """:mod:`golfcore.cardgame.bots`; :class:`GolfError` when it cannot be imported."""
    try:
        return importlib.import_module(BOTS_MODULE)
    except ImportError as exc:
        raise GolfError(f"the card game's bots cannot be loaded ({exc})") from None


def default_dominated(observation: Mapping[str, Any], action: str) -> str | None:
    """:func:`golfcore.cardgame.bots.dominated`."""
    reason: str | None = bots_module().dominated(observation, action)
    return reason


def dominated_not_run(variant: str) -> str | None:
    """Why :func:`golfcore.cardgame.bots.dominated` cannot judge the decisions of ``variant``
    (:func:`golfcore.cardgame.bots.dominated_not_run`), or ``None`` when it can."""
    reason: str | None = bots_module().dominated_not_run(variant)
    return reason


@dataclass(frozen=True)
class Entrant:
    """One bot of a tournament: how reports name it (``label``), its class and its options.

    The class must be picklable (defined at the top level of a module) for ``--processes``.
    """

    label: str
    factory: BotFactory = field(compare=False)
    options: tuple[tuple[str, Any], ...] = ()


def parse_entrant(text: str, find: Callable[[str], BotFactory] | None = None) -> Entrant:
    """A bot as the command names it: ``NAME`` or ``NAME:KEY=VALUE[,KEY=VALUE...]``, read by
    :func:`golfcore.cardgame.bots.spec.split_bot` (the parser of every place that names a bot
    with options: ``golf serve``'s and ``golf web``'s seat kinds too).

    ``find`` looks a name up (default :func:`golfcore.cardgame.bots.find_bot`, which raises
    :class:`GolfError` for an unknown bot, with a suggestion). Values are numbers, ``true`` or
    ``false``, or text. The label is the bot's own name followed by its options in the order
    given: ``strong:iterations=200``. The tournament, run by whoever runs it, takes any option
    the bot knows (no client limits).
    """
    spec = importlib.import_module(BOTS_MODULE + ".spec")
    name, options = spec.split_bot(text)
    lookup = find if find is not None else bots_module().find_bot
    factory = lookup(name)
    canonical = str(getattr(factory, "name", None) or name)
    return Entrant(spec.label(canonical, options), factory, tuple(options))


def check_seats(count: int) -> None:
    """Two to six bots: :class:`GolfError` otherwise."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise GolfError(f"a tournament seats {MIN_PLAYERS} to {MAX_PLAYERS} bots (the card "
                        f"game's players), got {count}")


def match_seed(seed: int, match: int) -> int:
    """The seed of match ``match`` (0-based) of a tournament with seed ``seed``:
    (seed × 1000003 + match) mod 8031810175 + 1, always a valid match seed."""
    return (seed * SEED_STRIDE + match) % MAX_DEAL + 1


def bot_seed(seed_of_match: int, seat: int) -> int:
    """The seed given to the bot in ``seat`` of the match dealt from ``seed_of_match``."""
    return seed_of_match * 8 + seat


def seating(bots: int, match: int) -> list[int]:
    """Which bot sits in each seat in match ``match``: bot i sits in seat (i + match) mod n,
    so that over n matches every bot has every seat (and the first seat's advantage) once."""
    seats = [0] * bots
    for i in range(bots):
        seats[(i + match) % bots] = i
    return seats


def play_match(variant: str, entrants: Sequence[Entrant], seed: int, match: int,
               unit: str = MATCHES, dominated: Dominated | None = None) -> Record:
    """Play match ``match`` of a tournament and return its record.

    The match is dealt from :func:`match_seed`; bot i sits in seat (i + match) mod n. A bot is
    made afresh for each match (``factory(variant, seat, seed, **options)``) and is given
    nothing but the observation of its own seat, when it is to act; the referee deals the next
    round itself. With ``unit == "round"`` only the first round is played and its lowest
    scorers win. ``dominated`` (default :func:`golfcore.cardgame.bots.dominated`) judges each
    decision; without it, under a variant that check cannot judge (:func:`dominated_not_run`)
    no decision is judged and the record's ``dominated`` is ``None``. Each decision is timed
    around the bot's ``act`` alone, in the thread that calls it: ``micros`` its wall time,
    ``cpu_micros`` the CPU time of that thread (``time.thread_time``), in microseconds.

    A bot that answers an action that is not legal is a :class:`GolfError` naming it.
    """
    judge = dominated if dominated is not None else default_dominated
    judged = dominated is not None or dominated_not_run(variant) is None
    n = len(entrants)
    seats = seating(n, match)
    seat_of = {bot: seat for seat, bot in enumerate(seats)}
    deal_seed = match_seed(seed, match)
    started = time.perf_counter()
    table = Match(variant, players=n, seed=deal_seed)
    bots = [entrants[b].factory(variant, s, bot_seed(deal_seed, s), **dict(entrants[b].options))
            for s, b in enumerate(seats)]
    decisions = [0] * n
    dominated_count = [0] * n
    micros: list[list[int]] = [[] for _ in range(n)]
    cpu_micros: list[list[int]] = [[] for _ in range(n)]
    while not table.is_over and not (unit == ROUNDS and table.round_over):
        seat = table.turn
        if seat is None:       # between rounds: the referee deals the next one
            result = table.act(0, "next")
            if not result.accepted:
                raise GolfError(f"match {match}: the next round was refused: "
                                f"{_refusal(result)}")
            continue
        bot = seats[seat]
        observation = table.observation(seat).to_json()
        given = copy.deepcopy(observation)   # the bot may change the dict it is given
        tick, cpu_tick = time.perf_counter_ns(), time.thread_time_ns()
        action = bots[seat].act(given)
        elapsed = time.perf_counter_ns() - tick
        cpu = time.thread_time_ns() - cpu_tick
        if not isinstance(action, str) or action not in observation["legal"]:
            raise GolfError(f"bot {entrants[bot].label} (seat {seat} of match {match}, seed "
                            f"{deal_seed}) answered {action!r}, which is not one of the legal "
                            f"actions {observation['legal']}")
        if judged and judge(observation, action) is not None:
            dominated_count[bot] += 1
        result = table.act(seat, action)
        if not result.accepted:
            raise GolfError(f"bot {entrants[bot].label} (seat {seat} of match {match}, seed "
                            f"{deal_seed}): {action!r} was refused: {_refusal(result)}")
        decisions[bot] += 1
        micros[bot].append(round(elapsed / 1000))
        cpu_micros[bot].append(round(cpu / 1000))
    results = table.state.results
    points = [[r.scores[seat_of[b]] for b in range(n)] for r in results]
    if unit == ROUNDS:
        low = min(points[0])
        winners = [b for b in range(n) if points[0][b] == low]
        totals = list(points[0])
    else:
        winning_seats = set(table.winners)
        winners = [b for b in range(n) if seat_of[b] in winning_seats]
        totals = [table.totals[seat_of[b]] for b in range(n)]
    return {
        "tournament": identity(variant, entrants, seed, unit),
        "match": match,
        "match_seed": deal_seed,
        "code": table.code,
        "seats": seats,
        "rounds": len(results),
        "points": points,
        "totals": totals,
        "winners": winners,
        "decisions": decisions,
        "dominated": dominated_count if judged else None,
        "micros": micros,
        "cpu_micros": cpu_micros,
        "seconds": round(time.perf_counter() - started, 6),
    }


def _refusal(result: ActResult) -> str:
    return f"{result.reason} ({result.messages.get('en', '')})"


def identity(variant: str, entrants: Sequence[Entrant], seed: int, unit: str) -> dict[str, Any]:
    """What makes two tournaments the same one (and a results file this tournament's): the bots
    in order with their options, the variant, the seed and the unit (whole matches or single
    rounds). The number of matches is not part of it: a tournament can be made longer."""
    return {"bots": [e.label for e in entrants], "variant": variant, "seed": seed, "unit": unit}
