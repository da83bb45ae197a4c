"""Moves, verdicts and reason codes: what a player asks for and why the engine may refuse it.

There are two actions in Golf solitaire (APP-02..APP-07): *play* the free card of a column onto the
waste, and *draw* the stock's top card onto the waste. A variant whose ``redeal`` rule allows
passes through the stock (:func:`golfcore.solitaire.hookspecs.golf_stock_passes`; none in the
documents, C4-04) adds a third: *redeal*, turning the waste over to form a new stock. Undo is
not a move: it is :func:`golfcore.solitaire.engine.undo`.

Text form (used by the CLI, the protocol and playthroughs): a play is its column number,
``"5"``; a draw is ``"draw"``; a redeal is ``"redeal"``. A touch of a covered card, which is
always refused («Esta carta está bloqueada»), is ``"1.4"``: column 1, row 4, rows counted from
the covered end.
"""

from __future__ import annotations

import re

from typing import NamedTuple

from golfcore.errors import GolfError, PluginError
from golfcore.notation import quote

PLAY = "play"
DRAW = "draw"
REDEAL = "redeal"

# Reason codes. A front end keys its own messages on these; golf_message gives the default texts.
NOT_ADJACENT = "not-adjacent"          # APP-06 «Debe ser de un valor superior o inferior»
BLOCKED_CARD = "blocked-card"          # APP-06 «Esta carta está bloqueada»
KING_ENDS_CHAIN = "king-ends-chain"    # C4-07 nothing may be played on a king
NO_MOVES = "no-moves"                  # APP-12 «No quedan movimientos posibles»
GAME_WON = "game-won"                  # APP-11 the game is already won
STOCK_EMPTY = "stock-empty"            # C4-04 no second pass through the stock
DRAW_NOT_ALLOWED = "draw-not-allowed"  # APP-17 strict rule: draw only when no move is possible
EMPTY_COLUMN = "empty-column"          # C4-02 empty columns stay empty
NO_SUCH_COLUMN = "no-such-column"      # a column number outside 1..7
NOT_ON_TABLEAU = "not-on-tableau"      # a card that is not in any column
NOTHING_TO_UNDO = "nothing-to-undo"    # APP-15 no action left to take back
UNDO_LIMIT = "undo-limit"              # APP-15 the variant keeps only so many actions
NO_REDEALS = "no-redeals"              # C4-04 no pass through the stock (left) to make
STOCK_NOT_EMPTY = "stock-not-empty"    # a redeal turns the waste over only once the stock is out
NOTHING_TO_REDEAL = "nothing-to-redeal"  # a redeal needs a waste card besides the top one

REASONS = (NOT_ADJACENT, BLOCKED_CARD, KING_ENDS_CHAIN, NO_MOVES, GAME_WON, STOCK_EMPTY,
           DRAW_NOT_ALLOWED, EMPTY_COLUMN, NO_SUCH_COLUMN, NOT_ON_TABLEAU, NOTHING_TO_UNDO,
           UNDO_LIMIT, NO_REDEALS, STOCK_NOT_EMPTY, NOTHING_TO_REDEAL)


class Move(NamedTuple):
    """A player's action. ``column`` is 1..7 for a play, 0 for a draw or a redeal; ``row``
    (1-based, from the covered end) is set only when the player touched a specific card of the
    column."""

    kind: str
    column: int = 0
    row: int | None = None

    @classmethod
    def play(cls, column: int, row: int | None = None) -> Move:
        return cls(PLAY, column, row)

    @classmethod
    def draw(cls) -> Move:
        return DRAW_MOVE

    @classmethod
    def redeal(cls) -> Move:
        return REDEAL_MOVE

    @property
    def is_draw(self) -> bool:
        return self.kind == DRAW

    @property
    def is_play(self) -> bool:
        return self.kind == PLAY

    @property
    def is_redeal(self) -> bool:
        return self.kind == REDEAL

    def __str__(self) -> str:
        if self.kind == DRAW:
            return "draw"
        if self.kind == REDEAL:
            return "redeal"
        if self.row is None:
            return str(self.column)
        return f"{self.column}.{self.row}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"5"``, ``"play 5"``, ``"1.4"``, ``"draw"`` or ``"d"``, ``"redeal"``; raise
        :class:`MoveError`."""
        if not isinstance(text, str):
            raise MoveError(f"a move must be text, not {type(text).__name__}")
        word = " ".join(text.strip().lower().split())
        if word in ("draw", "d", "robar", "stock"):
            return DRAW_MOVE
        if word == "redeal":
            return REDEAL_MOVE
        if word.startswith("play "):
            word = word[5:]
        column, _, row = word.partition(".")
        # ASCII digits only ("²" and "❶" are digits to str.isdigit, not to int()), and few of
        # them: a column or a row is a small number
        if _SMALL_NUMBER.fullmatch(column) and (not row or _SMALL_NUMBER.fullmatch(row)):
            return cls(PLAY, int(column), int(row) if row else None)
        raise MoveError(f"unknown move {quote(text)}: expected a column number such as '5', "
                        f"a column and row such as '1.4', 'draw' or 'redeal'")


DRAW_MOVE = Move(DRAW, 0, None)
REDEAL_MOVE = Move(REDEAL, 0, None)

_SMALL_NUMBER = re.compile(r"[0-9]{1,6}")


class MoveError(GolfError):
    """A text that is not a move."""


class Verdict(NamedTuple):
    """A plugin's vote in :func:`golfcore.solitaire.hookspecs.golf_play_verdict`: build one
    with :func:`allow` or :func:`deny`; a plugin with no opinion returns :func:`abstain`
    (``None``)."""

    allowed: bool
    reason: str | None = None


#: The vote for a play (what :func:`allow` returns).
ALLOW = Verdict(True, None)


def allow() -> Verdict:
    """A vote for a play: it goes through unless another rule denies it."""
    return ALLOW


def deny(reason: str) -> Verdict:
    """A vote against a play, with the reason code the player will be shown (a rule gives its
    text in ``golf_message``). Any deny wins over every allow."""
    if not isinstance(reason, str) or not reason:
        raise PluginError(f"deny() needs a reason code (text such as 'no-sevens'), not {reason!r}")
    return Verdict(False, reason)


def abstain() -> None:
    """No vote: the other rules, or else adjacency, decide. The same as returning ``None``."""
    return None
