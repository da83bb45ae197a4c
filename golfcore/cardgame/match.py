"""A match you can hold on to: the rule set plus the current state, with actions as methods.

:class:`Match` is what a Python front end (or a referee serving several players) uses. It keeps
the current immutable :class:`~golfcore.cardgame.state.MatchState` and replaces it after each
accepted action; everything it does is a call into :mod:`golfcore.cardgame.engine`. What it gives
a *player* is always an observation (:mod:`golfcore.cardgame.observation`); :meth:`Match.referee`
and :meth:`Match.to_json` hold every card and are for the referee alone.

>>> match = Match("card-golf", players=2, seed=1)
>>> match.code
'GC1-G233-AAAAAAB'
>>> [str(a) for a in match.legal(0)]
['draw', 'take']
"""

from __future__ import annotations

import json
from typing import Any

from golfcore import jsonio
from golfcore.cardgame import engine, saves
from golfcore.cardgame.actions import Action
from golfcore.cardgame.board import format_shape
from golfcore.cardgame.engine import ActResult
from golfcore.cardgame.observation import observation, spectator
from golfcore.cardgame.rules import RuleSet, rule_set
from golfcore.cardgame.state import OVER, MatchState, RoundState
from golfcore.codes import format_match_code, parse_match_code
from golfcore.errors import GolfError, VariantError
from golfcore.framework.compose import find_variant
from golfcore.framework.registry import registry
from golfcore.framework.variant import Variant

#: Version of :meth:`Match.to_json`'s format.
FORMAT = 1


class Match:
    """One match of Golf, the card game, under one variant.

    ``Match("six-card", players=4)`` deals a new match (random seed unless ``seed`` is given);
    ``Match.from_code("GC1-G233-AAAAAAB")`` re-deals a coded one; ``Match(variant,
    round_state=...)`` starts from a round set up by hand (as the specs do).
    """

    def __init__(self, variant: "str | Variant | RuleSet" = "card-golf", *,
                 players: int | None = None, seed: int | None = None,
                 round_state: RoundState | None = None, state: MatchState | None = None):
        if isinstance(variant, RuleSet):
            self.rules = variant
        elif isinstance(variant, Variant):
            self.rules = RuleSet(variant)
        else:
            self.rules = rule_set(variant)
        if state is not None:
            if round_state is not None or players is not None or seed is not None:
                raise GolfError("give a state alone, or players, seed and round_state")
            self.state = state
            return
        if round_state is not None:
            players = round_state.players if players is None else players
        self.state = engine.start_match(self.rules, players, seed)
        if round_state is not None:
            self.state = engine.start_round(self.rules, self.state, round_state)

    @classmethod
    def from_code(cls, code: str) -> "Match":
        """The match of a code such as ``GC1-G233-AAAAAAB``: variant, players, shape, seed."""
        parsed = parse_match_code(code)
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
        return cls(variant.name, players=parsed.players, seed=parsed.seed)

    # -- what the table shows --------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def code(self) -> str | None:
        """The match code, when the variant is a lettered one (optionally with ``+shape=`` or
        ``+players=``): the code carries the shape and the number of players itself."""
        base, *mods = self.variant.name.split("+")
        letter = registry("card-game").variant(base).letter
        if letter is None or any(not m.startswith(("shape=", "players=")) for m in mods):
            return None
        return format_match_code(letter, self.players, self.rules.shape, self.state.seed)

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

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees now (their observation); :class:`GolfError` for no such seat.

        Its ``code`` is ``None`` until the match is over: a match code holds the seed, from which
        every hidden card can be dealt again."""
        self._check_seat(seat)
        out = observation(self.rules, self.state, seat)
        out["code"] = self._public_code()
        return out

    def spectator(self) -> dict[str, Any]:
        """What someone watching sees: no hidden card, no held stock card, no legal actions
        (and, like a player, no match code before the end)."""
        out = spectator(self.rules, self.state)
        out["code"] = self._public_code()
        return out

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

    def act(self, seat: int, action: "Action | str | dict[str, Any]") -> ActResult:
        """``seat`` takes ``action``; refused actions change nothing (see the engine)."""
        result = engine.act(self.rules, self.state, seat, action)
        if result.accepted:
            self.state = result.state
        return result

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume the match (the referee's record: hidden cards included)."""
        return {"format": FORMAT, "game": "card-game", "variant": self.variant.name,
                "match": saves.to_json(self.state)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: "dict[str, Any] | str") -> "Match":
        """Resume a match saved by :meth:`to_json` (a dict or its JSON text)."""
        if isinstance(data, (str, bytes, bytearray)):
            data = jsonio.loads(data, "the saved match")
        if not isinstance(data, dict):
            raise GolfError("a saved match must be a JSON object")
        unknown = sorted(set(data) - {"format", "game", "variant", "match"})
        if unknown:
            raise GolfError(f"unknown saved-match field(s) {', '.join(map(repr, unknown))}")
        if data.get("format") != FORMAT:
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
        return (f"<Match {self.variant.name} {self.code or ''} players={self.players} "
                f"round={self.state.round_number} totals={list(self.totals)}>")
