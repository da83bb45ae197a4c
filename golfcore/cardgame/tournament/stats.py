"""A tournament's figures: :func:`summarize` turns match records into one row per bot.

The intervals and percentiles are :mod:`golfcore.runs.stats`' (shared with ``golf survey``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from golfcore.cardgame.tournament.play import MATCHES, Record
from golfcore.runs.stats import percentile, ratio_interval, wilson_interval


def _times(micros: Sequence[int]) -> dict[str, float | None]:
    """Decision times in seconds: median, 95th percentile, mean, the slowest, the total."""
    if not micros:
        return {"median": None, "p95": None, "mean": None, "max": None, "total": 0.0}
    ordered = sorted(micros)
    total = math.fsum(ordered)
    return {"median": percentile(ordered, 0.5) / 1e6, "p95": percentile(ordered, 0.95) / 1e6,
            "mean": total / len(ordered) / 1e6, "max": ordered[-1] / 1e6, "total": total / 1e6}


def summarize(records: Iterable[Record], bots: Sequence[str], unit: str = MATCHES,
              dominated_not_run: str | None = None) -> dict[str, Any]:
    """The figures of a tournament from its records (taken in the order of their match number,
    so the figures do not depend on the order the matches finished in).

    ``seats``: a row per bot in the order given (``bots``, their labels), with the matches
    played, the rounds, ``mean_per_round`` (points per round, lower is better) and its 95 %
    interval ``mean_ci`` (clustered by match, see :func:`golfcore.runs.stats.ratio_interval`;
    ``None`` with fewer than two matches), ``total_points``, ``matches_won`` (a win shared by
    tied bots counts for each of them), ``win_share`` and its Wilson 95 % interval
    ``win_ci``, the ``decisions`` taken, how many were ``dominated`` and that per 1000
    decisions, and the times per decision in seconds: ``cpu`` (the CPU time of the bot's
    ``act``) and ``time`` (its wall time). Also ``matches``, ``rounds`` and ``shared_wins``
    (matches won by more than one bot) for the whole tournament, and its ``unit``
    (``"match"``, or ``"round"`` when each match was a single round).

    ``dominated_not_run``: ``None`` when the dominated-move check judged every decision, else
    why it did not run (given, or a plain sentence when a record's ``dominated`` is ``None``);
    then every bot's ``dominated`` and ``dominated_per_1000`` are ``None``.
    """
    ordered = sorted(records, key=lambda r: r["match"])
    n = len(ordered)
    if dominated_not_run is None and any(r["dominated"] is None for r in ordered):
        dominated_not_run = "the records hold no judgement of the decisions"
    judged = dominated_not_run is None
    rows = []
    for i, label in enumerate(bots):
        totals = [float(r["totals"][i]) for r in ordered]
        rounds = [float(r["rounds"]) for r in ordered]
        mean, low, high = ratio_interval(totals, rounds)
        won = sum(1 for r in ordered if i in r["winners"])
        win_low, win_high = wilson_interval(won, n)
        decisions = sum(int(r["decisions"][i]) for r in ordered)
        dominated = sum(int(r["dominated"][i]) for r in ordered) if judged else None
        rows.append({
            "bot": label,
            "position": i,
            "matches": n,
            "rounds": int(sum(rounds)),
            "mean_per_round": mean,
            "mean_ci": None if low is None else [low, high],
            "total_points": int(sum(totals)),
            "matches_won": won,
            "win_share": won / n if n else None,
            "win_ci": [win_low, win_high],
            "decisions": decisions,
            "dominated": dominated,
            "dominated_per_1000": (1000 * dominated / decisions
                                   if decisions and dominated is not None else None),
            "cpu": _times([t for r in ordered for t in r["cpu_micros"][i]]),
            "time": _times([t for r in ordered for t in r["micros"][i]]),
        })
    return {
        "unit": unit,
        "matches": n,
        "rounds": sum(int(r["rounds"]) for r in ordered),
        "shared_wins": sum(1 for r in ordered if len(r["winners"]) > 1),
        "dominated_not_run": dominated_not_run,
        "seats": rows,
    }
