"""The curses front end: draw a session's lines, read a key, hand it to the session.

The session (:class:`~golfcore.terminal.solitaire_session.SolitaireSession` or
:class:`~golfcore.terminal.card_session.CardSession`) decides everything; this module only
puts its lines on the screen (clipped to the terminal's size, the keys' line at the bottom)
and turns curses' keys into the texts :mod:`golfcore.terminal.keys` reads.
"""

from __future__ import annotations

import curses
import locale
from typing import Any, Protocol

from golfcore.terminal import keys as k


class Session(Protocol):
    def lines(self) -> list[str]: ...

    def footer(self) -> str: ...

    def press(self, key: str) -> bool: ...

    def farewell(self) -> list[str]: ...


def key_text(key: Any) -> str | None:
    """A key from ``get_wch`` as a text (``None`` for a key no map reads)."""
    if isinstance(key, str):
        return key
    if key in (curses.KEY_ENTER, 10, 13):
        return k.ENTER
    return None


def draw(screen: Any, session: Session) -> None:
    """The session's lines, each cut to the width, the footer on the last line."""
    height, width = screen.getmaxyx()
    screen.erase()
    lines = session.lines()
    for row, line in enumerate(lines[:max(height - 1, 0)]):
        _put(screen, row, line, width)
    _put(screen, height - 1, session.footer(), width, curses.A_REVERSE)
    screen.refresh()


def _put(screen: Any, row: int, text: str, width: int, attr: int = 0) -> None:
    encoding = getattr(screen, "encoding", None) or "utf-8"
    text = text.encode(encoding, "replace").decode(encoding)   # a terminal without UTF-8
    try:                               # the bottom-right cell cannot be written: cut one short
        screen.addstr(row, 0, text[:max(width - 1, 0)], attr)
    except curses.error:
        pass


def loop(screen: Any, session: Session) -> None:
    """Draw, read a key, hand it over, until the session says the player quit."""
    try:
        curses.curs_set(0)
    except curses.error:
        pass
    curses.set_escdelay(25)              # Escape closes the help at once
    while True:
        draw(screen, session)
        key = key_text(screen.get_wch())
        if key is not None and not session.press(key):
            return


def play(session: Session) -> None:
    """Play ``session`` full screen until the player quits (Ctrl-C raises
    :class:`KeyboardInterrupt` once the terminal is restored)."""
    use_locale()
    curses.wrapper(loop, session)


def use_locale() -> None:
    """The environment's locale, for curses to write its characters (a locale the system does
    not have leaves the current one)."""
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        pass


def writes_unicode() -> bool:
    """Whether the terminal's locale writes UTF-8 (else cards are written ``TH``)."""
    use_locale()
    return locale.getpreferredencoding(False).lower().replace("-", "") == "utf8"
