"""TextArena's Golf (``textarena``, environment ``Golf-v0``) as an engine of golfcore's protocol.

TextArena is a collection of text games for language-model benchmarks; its Golf is the card
game, six cards a player (2 rows of 3), one 52-card deck, one round. :func:`make` returns an
:class:`~golfcore.engines.textarena.engine.TextArenaEngine` that answers golfcore's card-game
requests (``hello``, ``new`` with ``"game": "card-game"``, ``act``, ``observe``, ``legal``,
``quit``) by driving ``textarena.make("Golf-v0")`` through its own ``reset`` and ``step``: every
acceptance, refusal, end of the round and score in a reply is TextArena's. The rules it plays
are golfcore's variant ``textarena-golf`` (``variants/cardgame/textarena.py``); what it plays
that no golfcore rule describes is declared in ``hello``'s ``own``. ``docs/engines/textarena.md``
explains how it works and where TextArena departs from the documents.
"""

from __future__ import annotations

from golfcore.conformance.engines import Engine

__all__ = ["make"]


def make(timeout: float = 10.0) -> Engine:
    """TextArena's ``Golf-v0`` behind golfcore's protocol. :class:`EngineError` when the
    ``textarena`` package is not installed (``pip install textarena``)."""
    from golfcore.engines.textarena.engine import TextArenaEngine

    return TextArenaEngine(timeout)
