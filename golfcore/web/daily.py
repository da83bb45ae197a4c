"""The daily deal and course of ``golf web`` (the rule: :mod:`golfcore.solitaire.daily`).

* ``{"cmd": "daily", "date": "YYYY-MM-DD"}`` answers ``{"daily": {...}}``: the day's deal code,
  its difficulty and the day's course code, for the new-game dialog to show;
* ``new`` with ``daily: "YYYY-MM-DD"`` deals that day's deal; with ``round: true`` as well, that
  day's 9-hole course. The table remembers its date (``daily`` in its snapshot and summary),
  which the statistics' streaks count.

The date is the player's local calendar date, which the page sends: from
:data:`~golfcore.solitaire.daily.FIRST_DAY` to one day after the server's UTC date. A day's
deal takes a second or so of search: it runs in a worker thread, one at a time for the whole
server (:class:`Dailies`, an :class:`asyncio.Lock`), and is kept for the next requests. Every
day worked out is kept (a few numbers each): so each date is searched at most once per process,
and all that requests for dates, however many and from whomever, can cost the server is one
search per date of the allowed range.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Any

from golfcore.errors import GolfError
from golfcore.protocol.cardgame import RequestError
from golfcore.solitaire.daily import DAILY_VARIANT, DailyDeal, course_code, daily_deal, parse_day
from golfcore.solitaire.game import Game
from golfcore.web.courses import Course, start_course

#: The error of a date that is no daily deal's.
BAD_DATE = "bad-date"
#: The fields a ``new`` with ``daily`` may have besides ``daily``.
DAILY_FIELDS = frozenset({"daily", "round", "draft", "game", "cmd", "id"})


def utc_today() -> dt.date:
    return dt.datetime.now(dt.timezone.utc).date()


def check_day(text: object, today: dt.date) -> dt.date:
    """:func:`parse_day`, its error a ``bad-date`` reply in Spanish and English."""
    try:
        return parse_day(text, today)
    except GolfError as exc:
        raise RequestError(BAD_DATE, str(exc), {
            "es": "Esa fecha no tiene reto diario: elige una fecha real, desde el 1 de enero "
                  "de 2026 hasta mañana",
            "en": "That date has no daily deal: choose a real date, from 1 January 2026 to "
                  "tomorrow"}) from None


class Dailies:
    """The days' deals a server has worked out, and the one being worked out."""

    def __init__(self, today: Callable[[], dt.date] = utc_today) -> None:
        self.today = today
        self.kept: dict[dt.date, DailyDeal] = {}
        self.lock = asyncio.Lock()

    async def deal(self, text: object) -> DailyDeal:
        """The daily deal of the date ``text`` (a ``bad-date`` :class:`RequestError` for a date
        that has none)."""
        day = check_day(text, self.today())
        async with self.lock:               # one search at a time; the others then find it kept
            found = self.kept.get(day)
            if found is None:
                found = await asyncio.to_thread(daily_deal, day)
                self.kept[day] = found
            return found

    async def info(self, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to ``daily``."""
        return {"daily": (await self.deal(request.get("date"))).to_json()}

    async def start(self, request: dict[str, Any]) -> tuple[Game, Course | None, str]:
        """The game (and course) of a ``new`` with ``daily``, and its date."""
        extra = sorted(set(request) - DAILY_FIELDS)
        if extra:
            raise GolfError(f"'daily' deals the day's own deal: 'new' with 'daily' takes no "
                            f"{' or '.join(repr(str(f)[:40]) for f in extra[:5])}")
        whole = request.get("round", False)
        if not isinstance(whole, bool):
            raise GolfError(f"with 'daily', 'round' must be true (the day's 9-hole course) or "
                            f"false, got {whole!r}"[:200])
        if whole:
            day = check_day(request["daily"], self.today())
            game, course = start_course(course_code(day), None)
            return game, course, day.isoformat()
        found = await self.deal(request["daily"])
        return Game(DAILY_VARIANT, deal=found.deal), None, found.day.isoformat()


__all__ = ["BAD_DATE", "Dailies", "check_day", "utc_today"]
