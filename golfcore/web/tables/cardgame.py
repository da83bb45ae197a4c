"""A card-game table of ``golf web``: one match, seats of people and computers.

Its replies are ``golf serve``'s (:class:`~golfcore.protocol.cardgame.CardGameTable`) as a
player's session for the seats a connection holds (``not-your-seat`` for any other), never the
referee's view (``not-referee``), and a match code only once the match is over. Its snapshot is
:meth:`Match.to_json`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from golfcore.cardgame.match import Match
from golfcore.protocol import cardgame as cg_protocol
from golfcore.protocol.cardgame import CardGameTable, RequestError
from golfcore.web.records import SeatRecord
from golfcore.web.seats import BOT, bot_seed, bot_spec
from golfcore.web.tables.steps import Step, check_version, strip

CARD_GAME = cg_protocol.GAME
#: The card game's actions (saved, versioned).
CARD_GAME_ACTIONS = ("act",)

@dataclass(frozen=True)
class LiveCardGame:
    """A card-game table: one match, seats of people and computers."""

    id: str
    version: int
    seats: tuple[SeatRecord, ...]
    match: Match
    game_name: str = field(default=CARD_GAME, init=False)
    #: The commands saved as actions (and replayed when the table is resumed).
    actions: ClassVar[tuple[str, ...]] = CARD_GAME_ACTIONS

    @property
    def variant(self) -> str:
        return self.match.variant.name

    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.seats]

    def snapshot(self) -> dict[str, Any]:
        return self.match.to_json()

    def summary(self) -> dict[str, Any]:
        match = self.match
        return {"status": "over" if match.is_over else "playing", "players": match.players,
                "seat_kinds": self.kinds, "totals": list(match.totals),
                "winners": list(match.winners), "rounds": len(match.state.results),
                "code": match.code if match.is_over else None}

    def observations(self, held: Sequence[int]) -> dict[str, Any]:
        """``{seat: observation}`` for each seat in ``held``, never another."""
        return {str(seat): self.match.observation(seat).to_json() for seat in held}

    def view(self, held: Sequence[int]) -> dict[str, Any]:
        return {"table": self.id, "version": self.version,
                "observations": self.observations(held)}

    def on_error(self, held: Sequence[int]) -> dict[str, Any]:
        return {"table": self.id, "version": self.version}

    def bot_turn(self) -> tuple[int, str] | None:
        """The computer seat to act now and its bot (its seat kind without ``bot:``), or
        ``None`` (a person's turn, between rounds, after the match)."""
        seat = self.match.turn
        if seat is None or not self.kinds[seat].startswith(BOT):
            return None
        if not self.match.legal(seat):
            return None
        return seat, self.kinds[seat][len(BOT):]

    def bot_action(self, seat: int, name: str) -> str:
        """The action the computer at ``seat`` chooses, from its observation only. Slow for
        some bots: run it in a thread."""
        bot = bot_spec(BOT + name).make(self.variant, seat=seat, seed=bot_seed(self.id, seat))
        return bot.act(self.match.observation(seat).to_json())

    def handle(self, cmd: str, request: dict[str, Any], held: Sequence[int],
               by: str = "human") -> Step:
        """One card-game command for the seats ``held``: ``golf serve``'s, as a player's
        session (never the referee)."""
        if cmd == "referee":
            raise RequestError(cg_protocol.NOT_REFEREE, "the referee's view (every hidden "
                                                        "card) is never sent to a browser")
        if cmd == "act":
            check_version(request, self.version)
        request = strip(request, "version")
        match = copy.copy(self.match) if cmd == "act" else self.match
        reply = CardGameTable(match, tuple(held)).handle(cmd, request)
        tagged = {**reply, "table": self.id, "version": self.version}
        if cmd != "act" or not reply.get("ok", True):
            return Step(tagged)
        after = replace(self, match=match, version=self.version + 1)
        last = {"seat": request.get("seat"), "action": reply["action"], "by": by}
        return Step({**reply, "table": self.id, "version": after.version}, after, last)

    def started(self, held: Sequence[int]) -> dict[str, Any]:
        match = self.match
        return {"game": CARD_GAME, "variant": self.variant,
                "code": match.code if match.is_over else None, "players": match.players,
                **self.view(held)}


__all__ = ["CARD_GAME", "CARD_GAME_ACTIONS", "LiveCardGame"]
