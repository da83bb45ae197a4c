"""A match you can hold on to: the rule set plus the current state, with actions as methods.

:class:`Match` is what a Python front end (or a referee serving several players) uses. It keeps
the current immutable :class:`~golfcore.cardgame.state.MatchState` and replaces it after each
accepted action; everything it does is a call into :mod:`golfcore.cardgame.engine`. What it gives
a *player* is always an observation (:mod:`golfcore.cardgame.observation`); :meth:`Match.referee`
and :meth:`Match.to_json` hold every card and are for the referee alone.

A match nobody chose is dealt from a fresh 128-bit secret (:class:`~golfcore.cardgame.deal.
SecretDeal`); its replay code (``GK1-...``) carries the secret and reaches a seat only once the
match is over. A match given a seed or a code is a *chosen* deal, and every observation says so
(``chosen_deal: true``): whoever knows the code knows every card.

>>> match = Match("card-golf", players=2, seed=1)
>>> match.code, match.chosen_deal
('GC1-G233-AAAAAAB', True)
>>> [str(a) for a in match.legal(0)]
['draw', 'take']
>>> secret = Match("card-golf", players=2)
>>> secret.chosen_deal, secret.observation(0).code, secret.code.startswith("GK1-G233-")
(False, None, True)
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from golfcore import jsonio
from golfcore.cardgame import engine, saves
from golfcore.cardgame import actions as a
from golfcore.cardgame.actions import Action
from golfcore.cardgame.board import format_shape
from golfcore.cardgame.engine import ActResult
from golfcore.cardgame.observation import CardObservation, redeal_hidden, seen
from golfcore.cardgame.rules import RuleSet, rule_set
from golfcore.cardgame.state import OVER, MatchState, RoundState
from golfcore.cardgame.deal import Deal, SecretDeal, SeedDeal
from golfcore.codes import (REPLAY_PREFIX, MatchCode, ReplayCode, format_match_code,
                            format_replay_code, parse_match_code, parse_replay_code)
from golfcore.errors import GolfError, VariantError
from golfcore.framework.compose import find_variant
from golfcore.framework.deprecation import warn_deprecated
from golfcore.framework.registry import registry
from golfcore.framework.variant import Variant

#: Version of :meth:`Match.to_json`'s format.
FORMAT = 1


class Match:
    """One match of Golf, the card game, under one variant.

    ``Match("six-card", players=4)`` deals a new match from a fresh secret (or from ``seed``,
    or ``deal``, when given: a chosen deal); ``Match.from_code("GC1-G233-AAAAAAB")`` re-deals a
    coded one (a replay code ``GK1-...`` too); ``Match(variant, round_state=...)`` starts from a
    round set up by hand (as the specs do).
    """

    def __init__(self, variant: str | Variant | RuleSet = "card-golf", *,
                 players: int | None = None, seed: int | None = None,
                 deal: Deal | None = None,
                 round_state: RoundState | None = None, state: MatchState | None = None):
        if isinstance(variant, RuleSet):
            self.rules = variant
        elif isinstance(variant, Variant):
            self.rules = RuleSet(variant)
        else:
            self.rules = rule_set(variant)
        if state is not None:
            if (round_state is not None or players is not None or seed is not None
                    or deal is not None):
                raise GolfError("give a state alone, or players, seed (or deal) and round_state")
            self.state = state
            return
        if seed is not None and deal is not None:
            raise GolfError("give a seed or a deal, not both")
        if round_state is not None:
            players = round_state.players if players is None else players
        self.state = engine.start_match(self.rules, players, seed if deal is None else deal)
        if round_state is not None:
            self.state = engine.start_round(self.rules, self.state, round_state)

    @classmethod
    def from_code(cls, code: str) -> Match:
        """The match of a code such as ``GC1-G233-AAAAAAB`` (variant, players, shape, seed) or
        a replay code ``GK1-G233-...`` (the same with the secret of a match nobody chose).
        Either way the match is a chosen deal: the code's holder knows every card."""
        parsed: MatchCode | ReplayCode
        if isinstance(code, str) and code.strip().upper().startswith(REPLAY_PREFIX + "-"):
            parsed = parse_replay_code(code)
            deal: Deal = SecretDeal(parsed.secret, chosen=True)
        else:
            parsed = parse_match_code(code)
            deal = SeedDeal(parsed.seed)
        try:
            base = registry("card-game").by_letter(parsed.letter)
        except VariantError as exc:
            raise VariantError(f"match code {code.strip()!r}: {exc}") from None
        try:
            variant = find_variant(f"{base.name}+shape={format_shape(parsed.shape)}")
        except VariantError as exc:
            raise VariantError(f"match code {code.strip()!r}: {exc}") from None
        if RuleSet(variant).shape == RuleSet(base).shape:
            variant = base
        return cls(variant.name, players=parsed.players, deal=deal)

    # -- what the table shows --------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def code(self) -> str | None:
        """The code that re-deals the match (the referee's: a seat sees it only at the end):
        the match code of a chosen seed, the replay code of a secret deal; ``None`` when the
        variant is not a lettered one (optionally with ``+shape=`` or ``+players=``: the code
        carries the shape and the number of players itself) or the first round was set up by
        hand (no code deals it)."""
        base, *mods = self.variant.name.split("+")
        letter = registry("card-game").variant(base).letter
        if (letter is None or self.state.set_by_hand
                or any(not m.startswith(("shape=", "players=")) for m in mods)):
            return None
        deal = self.state.deal
        if isinstance(deal, SecretDeal):
            return format_replay_code(letter, self.players, self.rules.shape, deal.secret)
        return format_match_code(letter, self.players, self.rules.shape, deal.seed)

    @property
    def chosen_deal(self) -> bool:
        """Whether the cards were chosen (a seed, a code, a round set up by hand) rather than
        dealt from a fresh secret: then whoever knows the code, or scans the seeds, knows every
        card. Every observation carries it as ``chosen_deal``."""
        return self.state.chosen

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def round_over(self) -> bool:
        return self.state.current.step == OVER

    @property
    def totals(self) -> tuple[int, ...]:
        return self.state.totals

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners

    @property
    def turn(self) -> int | None:
        """The seat to act, ``None`` between rounds and after the match."""
        rnd = self.state.current
        return None if rnd.step == OVER or self.state.over else rnd.turn

    def observation(self, seat: int | None) -> CardObservation:
        """What ``seat`` sees now, typed; ``to_json()`` is its JSON, what the protocol, the web
        and a bot receive. ``None`` is someone watching: no hidden card, no held stock card, no
        legal actions. :class:`GolfError` for no such seat.

        Its ``code`` is ``None`` until the match is over: a match code holds the seed (a replay
        code the secret), from which every hidden card can be dealt again."""
        if seat is not None:
            self._check_seat(seat)
        return seen(self.rules, self.state, seat, self._public_code())

    def observe(self, seat: int) -> dict[str, Any]:
        """Deprecated: ``observation(seat).to_json()``."""
        warn_deprecated("Match.observe(seat)", "call Match.observation(seat).to_json() instead")
        return self.observation(seat).to_json()

    def spectator(self) -> dict[str, Any]:
        """Deprecated: ``observation(None).to_json()``."""
        warn_deprecated("Match.spectator()", "call Match.observation(None).to_json() instead")
        return self.observation(None).to_json()

    def _public_code(self) -> str | None:
        return self.code if self.state.over else None

    def referee(self) -> dict[str, Any]:
        """Everything, hidden cards included: for the referee only, never for a player."""
        return {"game": "card-game", "variant": self.variant.name, "code": self.code,
                **saves.to_json(self.state)}

    def legal(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now."""
        self._check_seat(seat)
        return engine.legal_actions(self.rules, self.state, seat)

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise GolfError(f"seat {seat!r} is not at this table: seats go from 0 to "
                            f"{self.players - 1}")

    # -- actions ---------------------------------------------------------------------------------

    def act(self, seat: int, action: Action | str | dict[str, Any]) -> ActResult:
        """``seat`` takes ``action``; refused actions change nothing (see the engine)."""
        result = engine.act(self.rules, self.state, seat, action)
        if result.accepted:
            self.state = result.state
        return result

    # -- the one interface (golfcore.framework.interface.Playable) -----------------------------

    @classmethod
    def start(cls, variant: str | Variant, *, seed: int | None = None,
              players: int | None = None) -> Match:
        """A new match of ``variant`` with ``players`` seats (``None``: the variant's), dealt
        from ``seed`` (``None``: a fresh secret nobody chose)."""
        return cls(variant, players=players, seed=seed)

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: the seat on turn; every seat between rounds (any of
        them deals the next with ``next``); none once the match is over."""
        if self.state.over:
            return ()
        if self.round_over:
            return tuple(range(self.players))
        return (self.state.current.turn,)

    def action_space(self) -> tuple[Action, ...]:
        """Every action of this variant's table, legal or not, in a fixed order: ``draw``,
        ``take``, ``next``, then ``replace``, ``discard`` and ``reveal`` of each place, then
        ``discard`` with no place (a discard that ends the turn: six-card golf)."""
        size = self.rules.size
        return ((Action(a.DRAW), Action(a.TAKE), Action(a.NEXT))
                + tuple(Action(kind, p) for kind in (a.REPLACE, a.DISCARD, a.REVEAL)
                        for p in range(size))
                + (Action(a.DISCARD),))

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (``"replace 5"``, ``"robar"``); :class:`GolfError`
        for a text that is no action."""
        if not isinstance(text, str):
            raise GolfError(f"an action text must be text, not {type(text).__name__}")
        return Action.parse(text)

    def returns(self) -> tuple[float, ...]:
        """Minus each seat's total points: the lowest total wins (CG-09)."""
        return tuple(-float(t) for t in self.totals)

    def result(self) -> dict[str, Any] | None:
        """Once the match is over: ``totals``, ``winners`` and each round's ``rounds``
        result; ``None`` before."""
        if not self.is_over:
            return None
        return {"totals": list(self.totals), "winners": list(self.winners),
                "rounds": [r.to_json() for r in self.state.results]}

    def clone(self) -> Match:
        """An independent copy (it shares the immutable state and the rule set)."""
        return copy.copy(self)

    def resample(self, seat: int | None, rng: random.Random) -> Match:
        """A copy in which every card hidden from ``seat`` (``None``: a spectator) is dealt
        again at random: :func:`golfcore.cardgame.observation.redeal_hidden`."""
        if seat is not None:
            self._check_seat(seat)
        twin = copy.copy(self)
        twin.state = redeal_hidden(self.state, seat, rng)
        return twin

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume the match (the referee's record: hidden cards included)."""
        return {"format": FORMAT, "game": "card-game", "variant": self.variant.name,
                "match": saves.to_json(self.state)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Match:
        """Resume a match saved by :meth:`to_json` (a dict or its JSON text)."""
        if isinstance(data, (str, bytes, bytearray)):
            data = jsonio.loads(data, "the saved match")
        if not isinstance(data, dict):
            raise GolfError("a saved match must be a JSON object")
        unknown = sorted(set(data) - {"format", "game", "variant", "match"})
        if unknown:
            raise GolfError(f"unknown saved-match field(s) {', '.join(map(repr, unknown))}")
        if isinstance(data.get("format"), bool) or data.get("format") != FORMAT:
            raise GolfError(f"saved match format {data.get('format')!r} is not supported: "
                            f"expected {FORMAT}")
        if data.get("game") != "card-game":
            raise GolfError(f"a saved match says 'game': 'card-game', got {data.get('game')!r}")
        variant = data.get("variant")
        if not isinstance(variant, str):
            raise VariantError("a saved match must name its variant")
        rules = rule_set(variant)
        return cls(rules, state=saves.from_json(rules, data.get("match")))

    def __repr__(self) -> str:
        # a secret deal's replay code is never written where a log could show it
        shown = "secret deal" if not self.chosen_deal else self.code or "chosen deal"
        return (f"<Match {self.variant.name} {shown} players={self.players} "
                f"round={self.state.round_number} totals={list(self.totals)}>")


__all__ = ["FORMAT", "Match"]
