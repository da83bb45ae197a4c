"""The results file: one JSON record a line, appended to as results come, so that an interrupted
survey resumes where it stopped.

:func:`read_results` reads an existing file (repairing a last line cut off mid-write) and checks
that its records are this survey's; reading, repairing and appending lines are
:mod:`golfcore.runs.jsonl`'s (shared with ``golf tournament``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from golfcore.runs import jsonl
from golfcore.errors import GolfError
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.state import Outcome
from golfcore.solitaire.survey.tasks import RECORD_FIELDS, Record

#: The first characters of every record as :func:`golfcore.runs.jsonl.append` writes it: a last line
#: cut off mid-write starts with them (or is a beginning of them).
RECORD_START = b'{"deal": '

_OUTCOMES = tuple(o.value for o in Outcome)


def default_output(variants: Sequence[str], first: int, last: int) -> str:
    """``survey-<variants>-<A>-<B>.jsonl`` (in the current directory)."""
    names = ",".join(re.sub(r"[^A-Za-z0-9._+=-]", "_", v) for v in variants)
    return f"survey-{names}-{first}-{last}.jsonl"


@dataclass
class Resume:
    """What an existing results file holds for this survey (see :func:`read_results`)."""

    done: dict[tuple[int, str], Record] = field(default_factory=dict)
    outside: int = 0            # records for deals or variants this survey does not ask for
    duplicates: int = 0         # lines for a (deal, variant) already read
    truncated: bool = False     # a last line cut off mid-write was removed
    needs_newline: bool = False  # the last record has no line end yet


def _score(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and set(value) == {"kind", "value"}
                             and jsonl.text(value["kind"], 40)
                             and (value["value"] is None
                                  or jsonl.whole(value["value"], -jsonl.BIG, jsonl.BIG)))


#: What each field of a record must hold: a test, and what it expects, for the error message.
_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "deal": (lambda v: jsonl.whole(v, 1, MAX_DEAL), f"a deal number from 1 to {MAX_DEAL}"),
    "variant": (jsonl.text, "a variant name"),
    "winnable": (lambda v: v is None or isinstance(v, bool), "true, false or null"),
    "best_removed": (jsonl.whole, "a whole number >= 0"),
    "best_score": (_score, 'null or {"kind": ..., "value": a whole number or null}'),
    "outcome": (lambda v: v in _OUTCOMES, " or ".join(f'"{o}"' for o in _OUTCOMES)),
    "visited": (jsonl.whole, "a whole number >= 0"),
    "seconds": (lambda v: jsonl.number(v, 0.0, 1e9), "a number of seconds from 0 to 1e9"),
    "complete": (lambda v: isinstance(v, bool), "true or false"),
    "best": (lambda v: isinstance(v, bool), "true or false"),
    "limit": (lambda v: v is None or jsonl.whole(v, 1), "null or a whole number >= 1"),
}
assert tuple(_FIELDS) == RECORD_FIELDS


def _check_record(data: Any, where: str) -> Record:
    """``data`` if it is a survey record, each field of the type and range the survey writes
    (nothing more, nothing less); else :class:`GolfError` naming ``where`` and the field."""
    return jsonl.check_record(data, where, "survey", _FIELDS, ("deal", "variant", "winnable"))


def _options_text(best: Any, limit: Any) -> str:
    parts = ["--best" if best else "won or lost only (no --best)"]
    parts.append(f"--limit {limit}" if limit is not None else "no --limit")
    return ", ".join(parts)


def read_results(path: str, variants: Sequence[str], first: int, last: int, best: bool,
                 limit: int | None, repair: bool = True) -> Resume:
    """Read a results file to resume a survey.

    A last line cut off mid-write (no line end, not valid JSON) is truncated away (when
    ``repair``, and only once the file is known to be this survey's). Records for other deals or
    variants are counted in ``outside`` and left alone. Each ``(deal, variant)`` is taken once
    (``duplicates`` counts the extra lines). A record made with other solver options (``best``,
    ``limit``) would mix results: :class:`GolfError`. So does anything that is not a survey
    record, or a record with a field of the wrong type or range (``winnable: "yes"``, a
    ``deal`` that is text): the error names the file, the line and the field. A file refused is
    left as it is.
    """
    def refuse(record: Record) -> str | None:
        if record["best"] == best and record["limit"] == limit:
            return None
        return (f"{path} holds results of a survey with other options ("
                f"{_options_text(record['best'], record['limit'])}; this one: "
                f"{_options_text(best, limit)}): resuming would mix them. Run with the same "
                f"options, or give another --output")

    return resume_file(path, "survey", variants, first, last, _check_record, refuse, repair)


def resume_file(path: str, kind: str, variants: Sequence[str], first: int, last: int,
                check: Callable[[Any, str], Record], refuse: Callable[[Record], str | None],
                repair: bool) -> Resume:
    """Read a results file of ``kind`` records to resume a run (:func:`read_results` says
    how): ``check(data, where)`` gives a line's record or raises :class:`GolfError`;
    ``refuse(record)`` names why a record made with other options cannot be mixed with this
    run's (``None``: it can), raised as :class:`GolfError`."""
    found = jsonl.read_lines(path, kind, RECORD_START)
    resume = Resume(truncated=found.truncated, needs_newline=found.needs_newline)
    wanted = set(variants)
    for number, data in found.lines:
        record = check(data, f"{path}, line {number}")
        reason = refuse(record)
        if reason is not None:
            raise GolfError(reason)
        key = (record["deal"], record["variant"])
        if record["variant"] not in wanted or not first <= record["deal"] <= last:
            resume.outside += 1
        elif key in resume.done:
            resume.duplicates += 1
        else:
            resume.done[key] = record
    if repair:
        jsonl.repair(path, found)
    return resume
