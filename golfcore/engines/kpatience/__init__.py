"""KPatience (KDE's ``kpat``) as an engine under test: its Golf solver's verdicts.

``golf conform --engine kpatience specs/solver/kpatience-verdicts.yaml`` judges KPatience's
Golf solver, run headless (:mod:`golfcore.engines.kpatience.kpat`), against the verdicts of
the rules KPatience's Golf plays (golfcore's ``relaxed``: ranks one apart, ace low and no
king-ace link, a queen on a king and a king on a queen, draw at any time, one card starts the
waste, one pass through the stock). :func:`make` is the entry point (group
``golfcore.engines``); ``docs/engines/kpatience.md`` says what it can and cannot do.
"""

from __future__ import annotations

from golfcore.engines.kpatience.adapter import KPatienceEngine

__all__ = ["KPatienceEngine", "make"]


def make(timeout: float = 10.0) -> KPatienceEngine:
    """KPatience's Golf solver behind golfcore's protocol; ``timeout`` bounds each solve."""
    return KPatienceEngine(timeout=timeout)
