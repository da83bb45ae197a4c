"""The tables ``golf web`` plays: a solitaire game, a 9-hole round, or a card-game match.

A table is an immutable value: its id, its version (the number of accepted actions), its
seats (:mod:`golfcore.web.seats`), and the game. :meth:`handle` answers one request for the
seats a connection holds and returns a :class:`~golfcore.web.tables.steps.Step`: the reply, and
the table after the action when an action was accepted (the app saves that table,
:meth:`snapshot` and :meth:`summary`, before it sends the reply). The game commands are
``golf serve``'s own run on a copy of the game, so the replies are exactly ``golf serve``'s,
with ``table`` and ``version`` added and what a browser may not see left out.

* :mod:`~golfcore.web.tables.solitaire`: :class:`LiveSolitaire`;
* :mod:`~golfcore.web.tables.cardgame`: :class:`LiveCardGame`;
* :mod:`~golfcore.web.tables.steps`: what both answer (:class:`Step`, stale versions).

What a ``new`` asks for is checked, and its table dealt, by :mod:`golfcore.web.requests`.
Snapshots are what :func:`golfcore.web.resume.resume` loads; summaries are the format
:mod:`golfcore.web.stats` reads.
"""

from __future__ import annotations

from golfcore.web.tables.cardgame import CARD_GAME, CARD_GAME_ACTIONS, LiveCardGame
from golfcore.web.tables.solitaire import SOLITAIRE, SOLITAIRE_ACTIONS, LiveSolitaire
from golfcore.web.tables.steps import NOT_FOUND, STALE, StaleError, Step, check_version

LiveTable = LiveSolitaire | LiveCardGame

__all__ = ["CARD_GAME", "CARD_GAME_ACTIONS", "LiveCardGame", "LiveSolitaire", "LiveTable",
           "NOT_FOUND", "SOLITAIRE", "SOLITAIRE_ACTIONS", "STALE", "StaleError", "Step",
           "check_version"]
