"""What every table answers: a :class:`Step`, versions, and the errors of a stale action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from golfcore.errors import GolfError
from golfcore.protocol.cardgame import RequestError

if TYPE_CHECKING:
    from golfcore.web.tables import LiveTable

STALE = "stale"
NOT_FOUND = "not-found"


@dataclass(frozen=True)
class Step:
    """What a request did: the ``reply`` (without ``id``), and when an action was accepted,
    the ``table`` after it and ``last`` (``{seat, action, by}``, what the pushes say)."""

    reply: dict[str, Any]
    table: LiveTable | None = None
    last: dict[str, Any] | None = None


class StaleError(RequestError):
    """An action sent with a ``version`` that is not the table's current one."""

    def __init__(self, message: str) -> None:
        super().__init__(STALE, message)


def check_version(request: dict[str, Any], version: int) -> None:
    """Refuse an action whose ``version`` is given and is not ``version``."""
    if "version" not in request:
        return
    given = request["version"]
    if isinstance(given, bool) or not isinstance(given, int):
        raise GolfError(f"'version' must be the table's version, a whole number, got {given!r}")
    if given != version:
        raise StaleError(f"version {given} is stale: the table is at version {version} "
                         f"(someone else acted first); here is the current state")


def strip(request: dict[str, Any], *names: str) -> dict[str, Any]:
    """``request`` without the fields ``names``."""
    return {k: v for k, v in request.items() if k not in names}


__all__ = ["NOT_FOUND", "STALE", "StaleError", "Step", "check_version", "strip"]
