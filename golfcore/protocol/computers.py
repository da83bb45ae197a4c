"""Computer seats of a ``golf serve`` card-game session (``seat_kinds`` in ``new``).

A session restricted to some ``seats`` could never finish a match: nobody acted for the other
seats. ``seat_kinds`` names every seat's kind, ``human`` (a seat the session plays) or
``bot:NAME`` (a registered bot, :mod:`golfcore.cardgame.bots`), as ``golf web`` does. The
session then plays the human seats and the server plays the computers: after ``new`` and after
every accepted action, each computer whose turn it is acts, from its own observation only,
until a human seat is to act, the round is over (any seat's ``next`` deals the next one) or the
match is. Each computer's actions are listed in the reply (:func:`play_computers`).

A computer at seat ``s`` is made with seed ``s``: its decisions depend on that and on what it
sees, so a chosen deal replays the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from golfcore.cardgame.bots import Bot, bot_names, find_bot
from golfcore.cardgame.match import Match
from golfcore.errors import GolfError

HUMAN = "human"
BOT = "bot:"


def check_seat_kinds(value: Any) -> tuple[str, ...]:
    """``seat_kinds``: 2 to 6 of ``human`` / ``bot:NAME`` (a bot that is registered), at least
    one human; :class:`GolfError` saying what is wrong."""
    if not isinstance(value, list) or not 2 <= len(value) <= 6:
        raise GolfError(f"'seat_kinds' must be a list of 2 to 6 seat kinds ('human' or "
                        f"'bot:NAME'), got {value!r}"[:300])
    for seat, kind in enumerate(value):
        if not isinstance(kind, str) or not (kind == HUMAN or kind.startswith(BOT)):
            raise GolfError(f"'seat_kinds': seat {seat} is {kind!r}: expected 'human' or "
                            f"'bot:NAME' ({', '.join(BOT + n for n in bot_names())})"[:300])
        if kind.startswith(BOT):
            name = kind[len(BOT):]
            if name != name.strip().lower():
                raise GolfError(f"'seat_kinds': seat {seat}: write the bot's name as "
                                f"'{BOT}{name.strip().lower()}'"[:300])
            find_bot(name)
    if HUMAN not in value:
        raise GolfError("'seat_kinds' needs at least one 'human' seat: computers do not play "
                        "alone")
    return tuple(value)


def humans(kinds: Sequence[str]) -> tuple[int, ...]:
    """The human seats of ``kinds``."""
    return tuple(seat for seat, kind in enumerate(kinds) if kind == HUMAN)


class Computers:
    """The bots of one match, made once (a bot may remember what it saw)."""

    def __init__(self, variant: str, kinds: Sequence[str]) -> None:
        self.bots: dict[int, Bot] = {
            seat: find_bot(kind[len(BOT):])(variant, seat=seat, seed=seat)
            for seat, kind in enumerate(kinds) if kind.startswith(BOT)}

    def play(self, match: Match) -> list[dict[str, Any]]:
        """Let every computer whose turn it is act until a human is to act, the round is over
        or the match is; ``[{seat, action, discard}]`` in order (``discard`` the discard's top
        card after the action: what the table saw). A bot that answers an illegal action is a
        bug of the bot: :class:`GolfError` naming it."""
        done: list[dict[str, Any]] = []
        while True:
            seat = match.turn
            if seat is None or seat not in self.bots:
                return done
            bot = self.bots[seat]
            action = bot.act(match.observation(seat).to_json())
            result = match.act(seat, action)
            if not result.accepted:
                raise GolfError(f"the computer at seat {seat} ({bot.name}) chose {action!r}, "
                                f"which is refused ({result.reason})")
            done.append({"seat": seat, "action": str(result.action),
                         "discard": match.observation(seat).to_json()["discard"]})
