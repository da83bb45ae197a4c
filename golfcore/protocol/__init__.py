"""The embedding protocol: newline-delimited JSON over any pair of streams (``golf serve``).

:mod:`~golfcore.protocol.server` holds the session, which checks each request and dispatches it
to the game being played: :mod:`~golfcore.protocol.solitaire` or
:mod:`~golfcore.protocol.cardgame`. ``docs/protocol.md`` is the guide.
"""

from golfcore.protocol.server import PROTOCOL, Session, serve

__all__ = ["PROTOCOL", "Session", "serve"]
