"""The survey's figures: :func:`summarize` turns records into shares, intervals, means, times per
deal and the deals that separate variants, and with ``--fair`` the mean fair chance
(:func:`~.fair.fair_figures`, importable from here). The Wilson interval and percentiles are
:mod:`golfcore.runs.stats`' (shared with ``golf tournament``); ``wilson_interval`` and ``Z95``
stay importable from here."""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from golfcore.solitaire.scoring import POINTS, STROKES
from golfcore.solitaire.survey.fair import fair_figures
from golfcore.solitaire.survey.tasks import Record
from golfcore.runs.stats import Z95, percentile, wilson_interval

__all__ = ["Z95", "fair_figures", "summarize", "unique_records", "wilson_interval"]


def unique_records(records: Iterable[Record]) -> dict[tuple[int, str], Record]:
    """Records by ``(deal, variant)``, each pair once (the first record for it wins)."""
    out: dict[tuple[int, str], Record] = {}
    for record in records:
        out.setdefault((record["deal"], record["variant"]), record)
    return out


def summarize(records: Iterable[Record], variants: Sequence[str] | None = None,
              fair: Iterable[Record] | None = None) -> dict[str, Any]:
    """The survey's figures from its records (each ``(deal, variant)`` counted once).

    Per variant: ``n`` deals solved, ``winnable``, ``lost`` and ``undecided`` (a ``--limit``
    stopped the search), ``share`` winnable among the decided deals with its Wilson 95 %
    interval ``ci``, ``mean_best_removed`` and ``mean_score`` (``None`` when the best result
    was not searched, or the variant keeps no points or strokes), ``time`` per deal (solver
    seconds: mean, median, p90, max, total) and ``visited`` (positions searched, in total).
    ``fair``: the fair chance over the variant's deals (:func:`~.fair.fair_figures`: exact,
    or a bracket of their mean), from the fair records ``fair`` (``None`` without them).
    ``pairs``: for every ordered pair of variants, the deals winnable under the first and lost
    under the second (among the deals solved under both).
    """
    by_key = unique_records(records)
    fair_by_variant: dict[str, list[Record]] | None = None
    if fair is not None:
        fair_by_variant = {}
        for (_, variant), record in sorted(unique_records(fair).items()):
            fair_by_variant.setdefault(variant, []).append(record)
    if variants is None:
        variants = list(dict.fromkeys(variant for _, variant in by_key))
    per: dict[str, dict[int, Record]] = {v: {} for v in variants}
    for (deal, variant), record in sorted(by_key.items()):
        if variant in per:
            per[variant][deal] = record
    rows = []
    for variant in variants:
        recs = list(per[variant].values())
        n = len(recs)
        won = sum(1 for r in recs if r["winnable"] is True)
        lost = sum(1 for r in recs if r["winnable"] is False)
        decided = won + lost
        low, high = wilson_interval(won, decided)
        searched = bool(recs) and all(r.get("best", True) for r in recs)
        kinds = {r["best_score"]["kind"] for r in recs if r.get("best_score")}
        kind = kinds.pop() if len(kinds) == 1 else None
        scores = [r["best_score"]["value"] for r in recs
                  if r.get("best_score") and r["best_score"].get("value") is not None]
        has_score = searched and kind in (POINTS, STROKES) and len(scores) == n and n > 0
        seconds = sorted(float(r["seconds"]) for r in recs)
        rows.append({
            "variant": variant,
            "n": n,
            "winnable": won,
            "lost": lost,
            "undecided": n - decided,
            "share": won / decided if decided else None,
            "ci": [low, high],
            "best_searched": searched,
            "mean_best_removed": (statistics.fmean(r["best_removed"] for r in recs)
                                  if searched else None),
            "score_kind": kind,
            "mean_score": statistics.fmean(scores) if has_score else None,
            "time": {
                "mean": statistics.fmean(seconds) if seconds else None,
                "median": percentile(seconds, 0.5) if seconds else None,
                "p90": percentile(seconds, 0.9) if seconds else None,
                "max": seconds[-1] if seconds else None,
                "total": math.fsum(seconds),
            },
            "visited": sum(int(r["visited"]) for r in recs),
            "fair": (None if fair_by_variant is None
                     else fair_figures(fair_by_variant.get(variant, []))),
        })
    pairs = []
    for a, b in itertools.permutations(variants, 2):
        deals = sorted(d for d, r in per[a].items()
                       if r["winnable"] is True and d in per[b] and per[b][d]["winnable"] is False)
        pairs.append({"winnable_in": a, "lost_in": b, "count": len(deals), "deals": deals})
    return {"variants": rows, "pairs": pairs}
