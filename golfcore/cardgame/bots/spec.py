"""A bot as people name it, with its options: ``NAME`` or ``NAME:KEY=VALUE[,KEY=VALUE...]``
(``strong:iterations=50``). One parser for every place that names a bot: ``golf tournament``'s
arguments, and the ``bot:...`` seat kinds of ``golf serve`` and ``golf web`` (``seat_kinds``).

>>> from golfcore.cardgame.bots.spec import parse_bot
>>> parse_bot("Strong:iterations=50").label
'strong:iterations=50'

A value is a whole number, a decimal number, ``true``/``false`` or text. The bot checks its
options when it is made (an unknown one is refused naming the bot's options). A server takes
options from its clients only within the bot's :attr:`~golfcore.cardgame.bots.Bot.client_limits`
(:func:`client_bot`): a browser asking for ``strong:iterations=10000000`` would make the server
think for hours, and is refused.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from golfcore.cardgame.bots.base import Bot, BotError, find_bot

#: A bot's options as given, in order: ``(("iterations", 50),)``.
Options = tuple[tuple[str, Any], ...]

#: The longest bot text a client may send (a name and a few options).
MAX_CLIENT_TEXT = 200


def option_value(text: str) -> Any:
    """``200`` → 200, ``0.5`` → 0.5, ``true``/``false`` → bool, anything else stays text; a
    number too large to mean anything (``1e400``, 5,000 digits) is :class:`BotError`."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if len(text) > 40 and text.lstrip("+-").isdigit():
        raise BotError(f"option value {text[:20]}... has {len(text)} digits: too large")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return text
    if not math.isfinite(value):
        raise BotError(f"option value {text[:40]!r} is not a finite number")
    return value


def option_text(value: Any) -> str:
    """An option's value as a label writes it (``true``, ``50``, ``0.5``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def split_bot(text: object) -> tuple[str, Options]:
    """``NAME[:KEY=VALUE,...]`` → the name as written (stripped) and the options in order;
    :class:`BotError` saying how to write it."""
    if not isinstance(text, str) or not text.strip():
        raise BotError("a bot name must be non-empty text, such as 'random'")
    name, sep, rest = text.strip().partition(":")
    options: list[tuple[str, Any]] = []
    if sep:
        for part in rest.split(","):
            key, eq, value = (s.strip() for s in part.partition("="))
            if not key or not eq or not value:
                raise BotError(f"bot {text!r}: options are written NAME:KEY=VALUE[,KEY=VALUE], "
                               f"such as 'strong:iterations=200'; {part.strip()!r} is not "
                               f"KEY=VALUE")
            if any(key == k for k, _ in options):
                raise BotError(f"bot {text!r}: option {key!r} is given twice")
            options.append((key, option_value(value)))
    return name.strip(), tuple(options)


def label(name: str, options: Options) -> str:
    """How reports and seat kinds write a bot: its name, then its options in order
    (``strong:iterations=50``)."""
    return name + (":" + ",".join(f"{k}={option_text(v)}" for k, v in options)
                   if options else "")


@dataclass(frozen=True)
class BotSpec:
    """A registered bot and the options it is made with."""

    #: The bot's registered name.
    name: str
    #: Its class (:func:`golfcore.cardgame.bots.find_bot`).
    cls: type[Bot] = field(compare=False)
    #: The options, in the order given.
    options: Options = ()

    @property
    def label(self) -> str:
        """``NAME[:KEY=VALUE,...]``, the canonical text of this bot."""
        return label(self.name, self.options)

    def make(self, variant: str, seat: int, seed: int) -> Bot:
        """The bot for one seat of a match of ``variant`` (its options checked by the bot)."""
        return self.cls(variant, seat, seed, **dict(self.options))


def parse_bot(text: object, find: Callable[[str], type[Bot]] = find_bot) -> BotSpec:
    """A registered bot with options from ``NAME[:KEY=VALUE,...]``; :class:`BotError` for an
    unknown bot (with a suggestion), or options written wrongly. The options' names and values
    are the bot's to check: :meth:`BotSpec.make`."""
    name, options = split_bot(text)
    cls = find(name)
    return BotSpec(str(cls.name or name.lower()), cls, options)


def client_bot(text: object, variant: str) -> BotSpec:
    """A bot a client of a server (``golf serve``, ``golf web``) asks for, for a match of
    ``variant``: :func:`parse_bot`, then every option must be one the bot takes from clients
    (:attr:`Bot.client_limits`) and within its bounds, and the bot must accept them. Anything
    else is :class:`BotError` naming the bot's client options and their bounds: nothing a
    client sends makes a decision costlier than the bot's bounds allow."""
    if isinstance(text, str) and len(text) > MAX_CLIENT_TEXT:
        raise BotError(f"a bot is at most {MAX_CLIENT_TEXT} characters, got {len(text)}")
    spec = parse_bot(text)
    limits: Mapping[str, tuple[float, float]] = spec.cls.client_limits
    for key, value in spec.options:
        if key not in limits:
            raise BotError(f"bot {spec.name!r}: option {key!r} is not taken from a client of "
                           f"a server ({allowed(spec.cls)})")
        low, high = limits[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not low <= value <= high:
            raise BotError(f"bot {spec.name!r}: option {key}={option_text(value)[:40]} is "
                           f"out of bounds: a server takes {key} from {low:g} to {high:g}")
    spec.make(variant, 0, 1)
    return spec


def allowed(cls: type[Bot]) -> str:
    """The options a server takes for bot ``cls``, with their bounds, as an error says them."""
    limits = cls.client_limits
    if not limits:
        return "it takes none"
    return "it takes " + ", ".join(f"{k} from {low:g} to {high:g}"
                                   for k, (low, high) in sorted(limits.items()))


__all__ = ["MAX_CLIENT_TEXT", "BotSpec", "Options", "allowed", "client_bot", "label",
           "option_text", "option_value", "parse_bot", "split_bot"]
