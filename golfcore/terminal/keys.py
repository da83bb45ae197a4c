"""Keys to actions: the web page's shortcuts (``golfcore/web/static/keys.js``), plus Q to quit.

Everywhere: ``?`` help, ``N`` «Nueva partida», Escape closes the help, ``Q`` quits (the page
has its tab instead). Solitaire: ``1``–``7`` play a column's free card, space draws (with the
stock empty, turns the waste over where the rule allows), ``U`` or Ctrl+Z undo, ``H`` hint.
Card game: ``D`` or space draw, ``T`` take the discard, ``1``–``9`` (``0`` and the two keys
after it, ``-`` and ``=``, or ``'`` and ``¡`` on a Spanish keyboard: places 10–12) touch a
place of the player's board, ``X`` discard the card drawn from the stock (then a place to turn
up; six-card golf: the discard ends the turn), Enter deals the next round.

A key is a text: the character typed, ``"\\n"`` for Enter, ``"\\x1b"`` for Escape.
"""

from __future__ import annotations

from typing import NamedTuple

ENTER = "\n"
ESCAPE = "\x1b"
CTRL_Z = "\x1a"

HELP, NEW, CLOSE, QUIT = "help", "new", "close", "quit"
PLAY, DRAW, UNDO, HINT = "play", "draw", "undo", "hint"
TAKE, PLACE, DISCARD, NEXT = "take", "place", "discard", "next"

#: The places of the keys after 1–9 (a US and a Spanish keyboard).
PLACE_KEYS = {"0": 10, "-": 11, "=": 12, "'": 11, "¡": 12}


class KeyAction(NamedTuple):
    """What a key asks for: an action's name and, for a column or a place, its number."""

    name: str
    number: int | None = None


def normal(key: str) -> str:
    """One key as the maps read it: ``\\r`` is Enter too."""
    return ENTER if key in ("\r", "\n") else key


def _shared(key: str) -> KeyAction | None:
    if key == "?":
        return KeyAction(HELP)
    if key in ("n", "N"):
        return KeyAction(NEW)
    if key in ("q", "Q"):
        return KeyAction(QUIT)
    if key == ESCAPE:
        return KeyAction(CLOSE)
    return None


def solitaire_key(key: str) -> KeyAction | None:
    """The solitaire's action for ``key``, ``None`` for a key that does nothing."""
    key = normal(key)
    shared = _shared(key)
    if shared is not None:
        return shared
    if key in ("u", "U", CTRL_Z):
        return KeyAction(UNDO)
    if key in ("h", "H"):
        return KeyAction(HINT)
    if key == " ":
        return KeyAction(DRAW)
    if len(key) == 1 and "1" <= key <= "7":
        return KeyAction(PLAY, int(key))
    return None


def card_key(key: str) -> KeyAction | None:
    """The card game's action for ``key``, ``None`` for a key that does nothing."""
    key = normal(key)
    shared = _shared(key)
    if shared is not None:
        return shared
    if key in (" ", "d", "D"):
        return KeyAction(DRAW)
    if key in ("t", "T"):
        return KeyAction(TAKE)
    if key in ("x", "X"):
        return KeyAction(DISCARD)
    if key == ENTER:
        return KeyAction(NEXT)
    if len(key) == 1 and "1" <= key <= "9":
        return KeyAction(PLACE, int(key))
    if key in PLACE_KEYS:
        return KeyAction(PLACE, PLACE_KEYS[key])
    return None


def place_action(step: str, mode: str, place: int) -> str:
    """The action text of touching ``place`` (from 1) of one's board, as the page does: at the
    start of a round turn it up; otherwise replace it with the held card (in discard mode:
    discard the held card and turn that place up). Before drawing, the engine refuses it with
    its reason (``must-draw-first``), which the screen shows."""
    if step == "reveal":
        return f"reveal {place}"
    return f"{'discard' if step == 'hold' and mode == DISCARD else 'replace'} {place}"
