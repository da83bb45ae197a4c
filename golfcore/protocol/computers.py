"""Computer seats of a ``golf serve`` card-game session (``seat_kinds`` in ``new``).

A session restricted to some ``seats`` could never finish a match: nobody acted for the other
seats. ``seat_kinds`` names every seat's kind, ``human`` (a seat the session plays) or
``bot:NAME`` (a registered bot, :mod:`golfcore.cardgame.bots`), as ``golf web`` does, with
options as ``golf tournament`` writes them (``bot:strong:iterations=50``) within the bot's
client limits (:attr:`golfcore.cardgame.bots.Bot.client_limits`). The
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

from golfcore.cardgame.bots import Bot, bot_names
from golfcore.cardgame.bots.spec import BotSpec, client_bot
from golfcore.cardgame.match import Match
from golfcore.errors import GolfError

HUMAN = "human"
BOT = "bot:"
#: The variant a seat kind's options are checked with before the match is made (a bot's
#: options do not depend on the variant; the match's bots are made with its own).
CHECK_VARIANT = "card-golf"


def bot_kind(seat: int, kind: str) -> BotSpec:
    """The bot of seat kind ``bot:NAME[:KEY=VALUE,...]`` (a registered bot and the options a
    server takes from a client, :func:`golfcore.cardgame.bots.spec.client_bot`), written as its
    label writes it (``bot:strong:iterations=50``); :class:`GolfError` naming the seat and what
    is wrong (an unknown bot, an option the bot does not take from a client or out of its
    bounds, another spelling)."""
    text = kind[len(BOT):]
    try:
        spec = client_bot(text, CHECK_VARIANT)
    except GolfError as exc:
        raise GolfError(f"'seat_kinds': seat {seat}: {exc}"[:400]) from None
    if text != spec.label:
        what = "the bot and its options" if spec.options else "the bot's name"
        raise GolfError(f"'seat_kinds': seat {seat}: write {what} as '{BOT}{spec.label}'"[:300])
    return spec


def check_seat_kinds(value: Any) -> tuple[str, ...]:
    """``seat_kinds``: 2 to 6 of ``human`` / ``bot:NAME[:KEY=VALUE,...]`` (a bot that is
    registered, with options within its client limits), at least one human; :class:`GolfError`
    saying what is wrong."""
    if not isinstance(value, list) or not 2 <= len(value) <= 6:
        raise GolfError(f"'seat_kinds' must be a list of 2 to 6 seat kinds ('human' or "
                        f"'bot:NAME'), got {value!r}"[:300])
    for seat, kind in enumerate(value):
        if not isinstance(kind, str) or not (kind == HUMAN or kind.startswith(BOT)):
            raise GolfError(f"'seat_kinds': seat {seat} is {kind!r}: expected 'human' or "
                            f"'bot:NAME' ({', '.join(BOT + n for n in bot_names())})"[:300])
        if kind.startswith(BOT):
            bot_kind(seat, kind)
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
            seat: bot_kind(seat, kind).make(variant, seat=seat, seed=seat)
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
