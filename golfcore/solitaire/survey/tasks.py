"""The work of a survey: which deals under which variants, and solving one of them.

:func:`parse_deals` and :func:`parse_variants` read what the command is given,
:func:`survey_tasks` lists the ``(variant, deal)`` pairs still to solve, and :func:`solve_deal`
solves one and returns its record. :func:`solve_deal` is a top-level, picklable function, so it
runs in another process or on a Dask worker (:mod:`.backends`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from golfcore.errors import GolfError
from golfcore.solitaire import engine
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.solver import solver_for
from golfcore.solitaire.search.support import check_searchable

#: The fields every record has, in the order they are written.
RECORD_FIELDS = ("deal", "variant", "winnable", "best_removed", "best_score", "outcome",
                 "visited", "seconds", "complete", "best", "limit")

#: A task: (variant, deal); a record: one line of a results file, as JSON.
Task = tuple[str, int]
Record = dict[str, Any]

#: The two kinds of work of a survey: solving a deal (is it winnable by a player who knows the
#: stock?), and with ``--fair`` its fair chance (:mod:`.fair`).
SOLVE = "solve"
FAIR = "fair"
#: A job: (kind, variant, deal).
Job = tuple[str, str, int]


def parse_deals(text: str) -> tuple[int, int]:
    """``"1..200"`` → ``(1, 200)``; ``"7"`` → ``(7, 7)``. Raises :class:`GolfError`."""
    if not isinstance(text, str) or not text.strip():
        raise GolfError("--deals needs a deal number or a range A..B, such as 1..200")
    m = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?", text)
    if not m:
        hint = ""
        if re.fullmatch(r"\s*\d+\s*[-:,]\s*\d+\s*", text):
            first, last = re.findall(r"\d+", text)
            hint = f" (write {first}..{last})"
        raise GolfError(f"--deals {text!r} is not a deal number or a range A..B such as "
                        f"1..200{hint}")
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) is not None else first
    if first < 1:
        raise GolfError(f"--deals {text.strip()}: deal numbers start at 1")
    if first > last:
        raise GolfError(f"--deals {text.strip()}: the first deal ({first}) comes after the last "
                        f"({last}); write {last}..{first}")
    if last > MAX_DEAL:
        raise GolfError(f"--deals {text.strip()}: deal numbers go from 1 to {MAX_DEAL}")
    return first, last


def parse_variants(texts: str | Sequence[str]) -> list[str]:
    """Variant names, comma-separated (or a list of such texts), as canonical names, each once:
    ``"facil,clasico"`` → ``["app-facil", "app-clasico"]``. Raises :class:`GolfError` for an
    unknown variant (with a suggestion) or none at all."""
    if isinstance(texts, str):
        texts = [texts]
    names: list[str] = []
    for text in texts:
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            from golfcore.cli.common import solitaire_variant   # golfcore.cli imports this

            name = solitaire_variant(part).name
            # a variant whose rules cannot be loaded, or that no search handles, fails here,
            # not in a worker
            check_searchable(rule_set(name))
            if name not in names:
                names.append(name)
    if not names:
        raise GolfError("--variant needs at least one variant name, such as "
                        "app-facil,app-clasico")
    return names


def survey_tasks(variants: Sequence[str], first: int, last: int,
                 done: Iterable[tuple[int, str]] = ()) -> list[Task]:
    """Every ``(variant, deal)`` of a survey, deal by deal (so that an interrupted survey has
    whole deals for the comparison of variants), leaving out the ``(deal, variant)`` pairs in
    ``done``."""
    skip = set(done)
    return [(variant, deal) for deal in range(first, last + 1) for variant in variants
            if (deal, variant) not in skip]


def survey_jobs(variants: Sequence[str], first: int, last: int,
                solved: Iterable[tuple[int, str]] = (),
                fair: Iterable[tuple[int, str]] | None = None) -> list[Job]:
    """The work of a survey as ``(kind, variant, deal)``, deal by deal: the solves of each deal
    not in ``solved``, then (when ``fair`` is given, ``--fair``) its fair chances not in
    ``fair``; so an interrupted survey has whole deals for both."""
    skip = set(solved)
    skip_fair = None if fair is None else set(fair)
    jobs: list[Job] = []
    for deal in range(first, last + 1):
        jobs += [(SOLVE, variant, deal) for variant in variants if (deal, variant) not in skip]
        if skip_fair is not None:
            jobs += [(FAIR, variant, deal) for variant in variants
                     if (deal, variant) not in skip_fair]
    return jobs


def solve_deal(variant: str, deal: int, best: bool = True, limit: int | None = None) -> Record:
    """Solve deal ``deal`` under ``variant`` and return its record (JSON-ready).

    Top level and picklable: it runs in worker processes and on Dask workers. The rule set and
    the solver's tables are built once per process (:func:`golfcore.solitaire.rules.rule_set`
    and :func:`golfcore.solitaire.search.solver.solver_for` cache them); answers are never cached.
    """
    rules = rule_set(variant)
    solver = solver_for(rules)
    result = solver.solve(engine.start_deal(rules, deal).position, best=best, limit=limit)
    return {
        "deal": deal,
        "variant": variant,
        "winnable": result.winnable,
        "best_removed": result.best_removed,
        "best_score": result.best_score.to_json() if result.best_score is not None else None,
        "outcome": result.best_outcome.value,
        "visited": result.visited,
        "seconds": round(result.seconds, 6),
        "complete": result.complete,
        "best": best,
        "limit": limit,
    }
