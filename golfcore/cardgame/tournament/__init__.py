"""``golf tournament``: computer opponents of the card game measured against each other.

Bots (:mod:`golfcore.cardgame.bots`) sit at one table and play many matches (or single rounds)
dealt from one seed; the seats rotate from match to match so that no bot keeps the first seat.
Per bot it reports the mean points per round, the share of matches won, the dominated moves and
the time per decision. ``docs/tournament.md`` explains how to run one and what each figure means.

The package has a module for each job; the names below are re-exported here:

* :mod:`.play`: :func:`parse_entrant` reads a bot as the command names it, :func:`seating` and
  :func:`match_seed` say who sits where and what is dealt, :func:`play_match` (top-level and
  picklable) plays one match, feeding each bot only its own observation, and returns its record;
* :mod:`.stats`: :func:`summarize` turns records into a row per bot (the intervals are
  :mod:`golfcore.runs.stats`');
* :mod:`.results`: the JSON-lines results file, so that an interrupted tournament resumes
  (:func:`read_results`; lines are read, repaired and appended by :mod:`golfcore.runs.jsonl`);
* :mod:`.plot`: the SVG chart (:func:`plot_svg`);
* :mod:`.command`: :func:`add_arguments` / :func:`run_command` for ``golf tournament``,
  :func:`play_tournament` (in process or in worker processes, :mod:`golfcore.runs.pool`) and
  :func:`format_summary`, the text report.
"""

from __future__ import annotations

from golfcore.cardgame.tournament.command import (add_arguments, format_summary,
                                                  play_tournament, run_command)
from golfcore.cardgame.tournament.play import (MATCHES, RECORD_FIELDS, ROUNDS, Entrant,
                                               identity, match_seed, parse_entrant, play_match,
                                               seating)
from golfcore.cardgame.tournament.plot import plot_svg
from golfcore.cardgame.tournament.results import Resume, default_output, read_results
from golfcore.cardgame.tournament.stats import summarize

__all__ = [
    "MATCHES", "RECORD_FIELDS", "ROUNDS", "Entrant", "Resume", "add_arguments",
    "default_output", "format_summary", "identity", "match_seed", "parse_entrant",
    "play_match", "play_tournament", "plot_svg", "read_results", "run_command", "seating",
    "summarize",
]
