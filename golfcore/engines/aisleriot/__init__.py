"""GNOME Aisleriot's Golf as an engine under test: ``golf conform --engine aisleriot``.

Aisleriot's compiled Guile modules (the Debian package ``aisleriot``) run in ``guile-3.0``
with a harness (``harness.scm``) that supplies the functions Aisleriot's C program gives
them; :class:`~golfcore.engines.aisleriot.adapter.AisleriotEngine` speaks golfcore's protocol
to it. See this folder's README.md.
"""

from __future__ import annotations

from golfcore.engines.aisleriot.adapter import AisleriotEngine


def make(timeout: float = 10.0) -> AisleriotEngine:
    """Start Aisleriot's Golf (an :class:`EngineError` says what to install if it cannot)."""
    return AisleriotEngine(timeout)


__all__ = ["AisleriotEngine", "make"]
