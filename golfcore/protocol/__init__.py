"""The embedding protocol: newline-delimited JSON over any pair of streams (``golf serve``).

:mod:`~golfcore.protocol.server` holds the session, which dispatches each request to the game
being played; ``docs/protocol.md`` is the guide.
"""

from golfcore.protocol.server import PROTOCOL, Session, serve

__all__ = ["PROTOCOL", "Session", "serve"]
