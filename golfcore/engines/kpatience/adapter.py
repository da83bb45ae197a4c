"""The protocol side of the KPatience adapter: ``hello``, ``new`` with a KPatience deal, ``solve``.

KPatience's solver answers only for its own numbered deals (``kpat --solve``; it cannot load a
position: :mod:`golfcore.engines.kpatience.kpat`), and gives a verdict without its line. So
the adapter offers one variant, ``golf``, with the features ``kpatience-deal`` (a ``new``
request's ``{"kpatience": N}``) and ``solve``; the verdict is kpat's, word for word (``won``:
winnable, ``lost``: not, ``unknown``: ``winnable: null``, the search stopped by kpat's position
limit). Every request for play (``play``, ``draw``, ``state``, ``legal``, ``undo``, ``perft``)
is refused with ``bad-request``: the adapter has no game to play, and it never computes
golfcore's rules in kpat's place.
"""

from __future__ import annotations

import time
from typing import Any

from golfcore.conformance.engines import EngineError
from golfcore.engines.kpatience.kpat import LOST, UNKNOWN, WON, KpatError, kpat_version, \
    solve_range
from golfcore.errors import GolfError
from golfcore.kpatience_shuffle import check_kpatience_deal

__all__ = ["KPatienceEngine", "VARIANT", "PLAYS", "OFFER"]

#: The adapter's one variant (the engine's own name for it).
VARIANT = "golf"

#: The golfcore rules KPatience's Golf plays (its golf.cpp: ranks one apart either way, no
#: king-ace link, so a queen goes on a king; the talon is drawn at any time, once; the first
#: talon card starts the waste): golfcore's ``relaxed``.
PLAYS = "relaxed"

_FEATURES = ["kpatience-deal", "solve"]

OFFER: dict[str, Any] = {
    "variant": VARIANT, "game": "solitaire", "title": "KPatience, Golf", "plays": PLAYS,
    "features": _FEATURES}

_PLAY_COMMANDS = ("state", "legal", "play", "draw", "redeal", "undo", "hint", "perft")

_VERDICT = {WON: True, LOST: False, UNKNOWN: None}


def _refuse(error: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": error, "message": message}


class KPatienceEngine:
    """KPatience's Golf solver, answering golfcore's protocol (``docs/protocol.md``)."""

    def __init__(self, timeout: float = 10.0) -> None:
        self.timeout = timeout
        try:
            self.version = kpat_version(timeout=max(timeout, 30.0))
        except KpatError as exc:
            raise EngineError(f"KPatience cannot run: {exc}") from None
        self.deal: int | None = None

    def __str__(self) -> str:
        return f"KPatience {self.version.split()[-1]} (kpat --solve, headless)"

    def close(self) -> None:
        self.deal = None

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        cmd = message.get("cmd")
        if cmd == "hello":
            return {"ok": True, "protocol": 1, "engine": f"kpatience {self.version.split()[-1]}",
                    "variants": [{"name": VARIANT, "game": "solitaire",
                                  "title": OFFER["title"]}],
                    "features": list(_FEATURES), "offers": [dict(OFFER)]}
        if cmd == "new":
            return self._new(message)
        if cmd == "solve":
            return self._solve()
        if cmd == "quit":
            self.close()
            return {"ok": True}
        if cmd in _PLAY_COMMANDS:
            return _refuse("bad-request", f"KPatience is judged through its solver only: "
                                          f"'{cmd}' is not available (kpat has no command line "
                                          f"for play, docs/engines/kpatience.md)")
        return _refuse("bad-request", f"unknown command {cmd!r}")

    def _new(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("game", "solitaire") != "solitaire":
            return _refuse("bad-request", "KPatience's adapter plays only the solitaire")
        variant = message.get("variant", VARIANT)
        if variant != VARIANT:
            return _refuse("bad-input", f"unknown variant {variant!r}: KPatience offers "
                                        f"{VARIANT!r}")
        extra = sorted(set(message) - {"cmd", "game", "variant", "kpatience"})
        if extra or "kpatience" not in message:
            return _refuse("bad-request", "KPatience's solver takes only its own numbered "
                                          "deals ({\"kpatience\": N}); it cannot load a "
                                          "position, a golfcore deal or a code")
        try:
            self.deal = check_kpatience_deal(message["kpatience"])
        except GolfError as exc:
            return _refuse("bad-input", str(exc))
        return {"ok": True, "state": {"variant": VARIANT, "status": "playing"}}

    def _solve(self) -> dict[str, Any]:
        if self.deal is None:
            return _refuse("no-game", "no game yet: send 'new' first")
        started = time.monotonic()
        try:
            word = solve_range(self.deal, self.deal, timeout=self.timeout)[self.deal]
        except KpatError as exc:
            raise EngineError(f"KPatience: {exc}") from None
        winnable = _VERDICT[word]
        return {"ok": True, "solve": {"winnable": winnable, "complete": winnable is not None,
                                      "kpat": word,
                                      "seconds": round(time.monotonic() - started, 6)}}
