"""The contract every game of the one interface keeps, as a test anyone can run on a game.

In the manner of OpenSpiel's ``random_sim_test``: :func:`check_game` plays whole games by
random legal actions, chosen by a player that receives only each seat's observation, and checks
at every step what :class:`golfcore.framework.interface.Playable` promises (``docs/interface.md``,
"The contract test"):

1. nothing raises, and each game ends within ``max_actions``;
2. every illegal action (each action of ``action_space()`` a seat may not take, and the
   ``probes``) is refused with a reason and messages in Spanish and English, or raises
   :class:`~golfcore.errors.GolfError` for malformed input, and changes nothing;
3. ``from_json(to_json())`` has the same JSON, observations and legal actions;
4. the same seed gives the same game, and replaying the actions played gives the same end;
5. ``resample(seat, rng)`` leaves that seat's observation and legal actions equal (nothing
   hidden leaks), is a valid game, and (for a game with hidden information) sometimes differs;
6. ``clone()`` is independent of the original;
7. the player is given nothing but ``observation(seat).to_json()`` (a copy) and answers one of
   its ``legal`` texts.

The cheap checks (2, the observations) run at every step; the others at the start, every
``sample_every`` steps and at the end.

>>> from golfcore.framework.interface import start
>>> report = check_game(lambda seed: start("traditional", seed=seed), seeds=[1])
>>> report.games, report.actions > 0, report.refusals > 0
(1, True, True)
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from golfcore.errors import GolfError
from golfcore.framework.interface import LANGUAGES, Playable

#: A player: from one seat's observation (JSON) and a generator, the text of a legal action.
Player = Callable[[dict[str, Any], random.Random], str]


class ContractError(AssertionError):
    """A broken promise: the message names the seed, the step and the check."""


def random_player(observation: dict[str, Any], rng: random.Random) -> str:
    """Any of the observation's legal actions, each as likely."""
    return str(rng.choice(observation["legal"]))


@dataclass
class Report:
    """What :func:`check_game` checked."""

    games: int = 0
    actions: int = 0
    refusals: int = 0
    round_trips: int = 0
    resamples: int = 0
    resamples_differing: int = 0
    seeds: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.games} game(s) (seeds {', '.join(map(str, self.seeds))}): "
                f"{self.actions} actions, {self.refusals} refusals checked, "
                f"{self.round_trips} JSON round trips, {self.resamples} resamples "
                f"({self.resamples_differing} differing from the game)")


def check_game(start: Callable[[int], Playable[Any, Any]], seeds: Iterable[int] = (1, 2, 3), *,
               max_actions: int = 20_000, sample_every: int = 10,
               probes: Sequence[str] = (), hidden_information: bool = True,
               player: Player = random_player, rng_seed: int = 0) -> Report:
    """Play a game from each seed (``start(seed)``) to its end and check the contract;
    :class:`ContractError` at the first broken promise. ``probes`` are action texts to try
    besides the action space (texts that parse to actions must be refused when not legal,
    others must raise :class:`GolfError`); ``hidden_information``: some card is hidden from
    some seat, so that some resample must differ from the game; ``player`` chooses the actions
    (default: at random) from one seat's observation only."""
    report = Report()
    for seed in seeds:
        _Run(start, seed, report, max_actions=max_actions, sample_every=max(1, sample_every),
             probes=tuple(probes), player=player,
             rng=random.Random(f"{rng_seed}:{seed}")).play()
    if hidden_information and report.resamples and not report.resamples_differing:
        raise ContractError(f"no resample differed from its game in {report.resamples} tries: "
                            f"resample(seat, rng) must deal the hidden cards again (pass "
                            f"hidden_information=False for a game that hides nothing)")
    return report


class _Run:
    """One game of :func:`check_game`."""

    def __init__(self, start: Callable[[int], Playable[Any, Any]], seed: int, report: Report, *,
                 max_actions: int, sample_every: int, probes: tuple[str, ...], player: Player,
                 rng: random.Random) -> None:
        self.start, self.seed, self.report = start, seed, report
        self.max_actions, self.sample_every, self.probes = max_actions, sample_every, probes
        self.player, self.rng = player, rng
        self.step = 0

    def fail(self, message: str) -> ContractError:
        return ContractError(f"seed {self.seed}, step {self.step}: {message}")

    def play(self) -> None:
        game = self.start(self.seed)
        again = self.start(self.seed)
        if game.to_json() != again.to_json():
            raise self.fail("two games started from one seed differ (to_json)")
        space = tuple(game.action_space())
        if len(set(space)) != len(space):
            raise self.fail("action_space() holds an action twice")
        played: list[tuple[int, str]] = []
        while True:
            self.check_step(game, space)
            if self.step % self.sample_every == 0:
                self.check_sampled(game)
            if game.is_over:
                break
            if self.step >= self.max_actions:
                raise self.fail(f"the game did not end within {self.max_actions} actions")
            seat = self.rng.choice(game.to_act())
            given = copy.deepcopy(game.observation(seat).to_json())
            text = self.player(given, self.rng)
            if text not in game.observation(seat).legal:
                raise self.fail(f"the player of seat {seat} answered {text!r}, which is not "
                                f"one of its observation's legal actions")
            answer = game.act(seat, text)
            if not answer.accepted:
                raise self.fail(f"seat {seat}'s legal action {text!r} was refused "
                                f"({answer.reason})")
            played.append((seat, text))
            self.step += 1
            self.report.actions += 1
        self.check_sampled(game)
        self.check_end(game, played)
        self.report.games += 1
        self.report.seeds.append(self.seed)

    # -- at every step -----------------------------------------------------------------------------

    def check_step(self, game: Playable[Any, Any], space: tuple[Any, ...]) -> None:
        to_act = game.to_act()
        if game.is_over and to_act:
            raise self.fail(f"the game is over, yet seats {to_act} may act")
        if not game.is_over and not to_act:
            raise self.fail("no seat may act, yet the game is not over")
        if list(to_act) != sorted(set(to_act)):
            raise self.fail(f"to_act() {to_act} is not in seat order")
        if game.result() is not None and not game.is_over:
            raise self.fail("result() is given before the game is over")
        before = game.to_json()
        for seat in range(game.players):
            legal = list(game.legal(seat))
            if bool(legal) != (seat in to_act):
                raise self.fail(f"seat {seat} has {len(legal)} legal action(s), but to_act() "
                                f"is {to_act}")
            seen = game.observation(seat)
            self.check_observation(seen, seat, legal)
            for action in legal:
                if action not in space:
                    raise self.fail(f"legal action {str(action)!r} is not in action_space()")
                if game.parse_action(str(action)) != action:
                    raise self.fail(f"parse_action(str({action!r})) is not the action")
            if seat in to_act or self.step % self.sample_every == 0:
                self.check_refusals(game, seat, legal, space)
        self.check_probe(game, game.players, space[0] if space else None)
        if game.to_json() != before:
            raise self.fail(self.who_changed(game, before, space))

    def check_observation(self, seen: Any, seat: int, legal: list[Any]) -> None:
        if seen.seat != seat:
            raise self.fail(f"observation({seat}).seat is {seen.seat!r}")
        if tuple(seen.legal) != tuple(str(a) for a in legal):
            raise self.fail(f"observation({seat}).legal {list(seen.legal)} is not legal({seat}) "
                            f"{[str(a) for a in legal]}")
        data = seen.to_json()
        if json.loads(json.dumps(data)) != data:
            raise self.fail(f"observation({seat}).to_json() is not plain JSON")
        if seen.to_json() != data:
            raise self.fail(f"observation({seat}).to_json() changes from call to call")
        read = getattr(type(seen), "from_json", None)
        if read is not None and self.step % self.sample_every == 0 and read(data) != seen:
            raise self.fail(f"observation({seat}): from_json(to_json()) is not the observation")

    def check_refusals(self, game: Playable[Any, Any], seat: int, legal: list[Any],
                       space: tuple[Any, ...]) -> None:
        allowed = set(legal)
        for action in space:
            if action not in allowed:
                self.check_refused(game, seat, action)
        for text in self.probes:
            try:
                action = game.parse_action(text)
            except GolfError:
                continue
            if action not in allowed:
                self.check_probe_text(game, seat, text, legal)

    def check_probe_text(self, game: Playable[Any, Any], seat: int, text: str,
                         legal: list[Any]) -> None:
        """A probe that is not a legal action's value is refused, or does exactly what one of
        the legal actions does (another way to write it: the solitaire's ``1.1`` touches a
        column's only card, its free one)."""
        twin = game.clone()
        try:
            answer = twin.act(seat, text)
        except GolfError:
            return
        if not answer.accepted:
            self.check_refused(game, seat, text)
            return
        after = twin.to_json()
        for action in legal:
            other = game.clone()
            other.act(seat, action)
            if other.to_json() == after:
                return
        raise self.fail(f"seat {seat}'s action {text!r}, not legal, was accepted and did what "
                        f"no legal action does")

    def check_refused(self, game: Playable[Any, Any], seat: int, action: Any) -> None:
        try:
            answer = game.act(seat, action)
        except GolfError:
            return
        if answer.accepted:
            raise self.fail(f"seat {seat}'s illegal action {str(action)!r} was accepted")
        if not isinstance(answer.reason, str) or not answer.reason:
            raise self.fail(f"the refusal of {str(action)!r} has no reason code")
        messages = answer.messages
        if not all(isinstance(messages.get(lang), str) and messages.get(lang)
                   for lang in LANGUAGES):
            raise self.fail(f"the refusal of {str(action)!r} ({answer.reason}) has no messages "
                            f"in {' and '.join(LANGUAGES)}: {dict(messages)!r}")
        self.report.refusals += 1

    def check_probe(self, game: Playable[Any, Any], seat: int, action: Any) -> None:
        """A seat that is not at the table: refused or :class:`GolfError`, never accepted."""
        if action is None:
            return
        try:
            answer = game.act(seat, action)
        except GolfError:
            return
        if answer.accepted:
            raise self.fail(f"seat {seat}, not at the table, had {str(action)!r} accepted")

    def who_changed(self, game: Playable[Any, Any], before: dict[str, Any],
                    space: tuple[Any, ...]) -> str:
        """Which refused action changed the game (each tried again on a game read from
        ``before``)."""
        for seat in range(game.players + 1):
            for action in space:
                again = type(game).from_json(before)
                try:
                    answer = again.act(seat, action)
                except GolfError:
                    answer = None
                if (answer is None or not answer.accepted) and again.to_json() != before:
                    return f"seat {seat}'s refused action {str(action)!r} changed the game"
        return ("looking at the legal actions or the observations changed the game (to_json "
                "differs from before)")

    # -- at sampled steps --------------------------------------------------------------------------

    def check_sampled(self, game: Playable[Any, Any]) -> None:
        data = game.to_json()
        if json.loads(json.dumps(data)) != data:
            raise self.fail("to_json() is not plain JSON")
        read = type(game).from_json(json.loads(json.dumps(data)))
        self.report.round_trips += 1
        if read.to_json() != data:
            raise self.fail("from_json(to_json()).to_json() differs from to_json()")
        for seat in range(game.players):
            if read.observation(seat) != game.observation(seat):
                raise self.fail(f"from_json(to_json()) shows seat {seat} another observation")
            if list(read.legal(seat)) != list(game.legal(seat)):
                raise self.fail(f"from_json(to_json()) gives seat {seat} other legal actions")
        for seat in range(game.players):
            twin = game.resample(seat, self.rng)
            self.report.resamples += 1
            if game.to_json() != data:
                raise self.fail(f"resample({seat}) changed the game itself")
            if twin.observation(seat) != game.observation(seat):
                raise self.fail(f"resample({seat}) changed seat {seat}'s observation: something "
                                f"hidden from it shows")
            if [str(a) for a in twin.legal(seat)] != [str(a) for a in game.legal(seat)]:
                raise self.fail(f"resample({seat}) changed seat {seat}'s legal actions")
            dealt = twin.to_json()
            if dealt != data:
                self.report.resamples_differing += 1
            if type(game).from_json(dealt).to_json() != dealt:
                raise self.fail(f"resample({seat}) is not a game its from_json accepts as is")
        to_act = game.to_act()
        if to_act:
            twin = game.clone()
            if twin.to_json() != data:
                raise self.fail("clone() differs from the game")
            seat = to_act[0]
            twin.act(seat, game.legal(seat)[0])
            if game.to_json() != data:
                raise self.fail("acting on a clone changed the original")

    # -- at the end --------------------------------------------------------------------------------

    def check_end(self, game: Playable[Any, Any], played: list[tuple[int, str]]) -> None:
        returns = game.returns()
        if len(returns) != game.players or not all(isinstance(r, float) for r in returns):
            raise self.fail(f"returns() must be one float per seat, got {returns!r}")
        result = game.result()
        if result is None or json.loads(json.dumps(result)) != result:
            raise self.fail(f"result() must be plain JSON once the game is over, got {result!r}")
        replay = self.start(self.seed)
        for seat, text in played:
            if not replay.act(seat, text).accepted:
                raise self.fail(f"replaying the seed's actions, {text!r} by seat {seat} was "
                                f"refused: the same seed did not give the same game")
        if replay.to_json() != game.to_json():
            raise self.fail("replaying the actions on a game of the same seed ends elsewhere")


__all__ = ["ContractError", "Player", "Report", "check_game", "random_player"]
