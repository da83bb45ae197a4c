"""The results file: one JSON record a line, appended to as results come, so that an interrupted
survey resumes where it stopped.

:func:`read_results` reads an existing file (repairing a last line cut off mid-write),
:func:`open_results` opens it for appending and :func:`write_record` adds a record.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import IO, Any, Sequence

from golfcore.errors import GolfError
from golfcore.solitaire.survey.tasks import RECORD_FIELDS, Record


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


def _check_record(data: Any, where: str) -> Record:
    if not isinstance(data, dict) or not all(k in data for k in ("deal", "variant", "winnable")):
        raise GolfError(f"{where} is not a survey record (expected a JSON object with deal, "
                        f"variant, winnable ...): is this the results file of a survey?")
    missing = [k for k in RECORD_FIELDS if k not in data]
    if missing or isinstance(data["deal"], bool) or not isinstance(data["deal"], int) \
            or not isinstance(data["variant"], str):
        raise GolfError(f"{where} is not a complete survey record"
                        + (f" (missing {', '.join(missing)})" if missing else ""))
    return data


def _options_text(best: Any, limit: Any) -> str:
    parts = ["best result searched" if best else "--no-best"]
    parts.append(f"--limit {limit}" if limit is not None else "no --limit")
    return ", ".join(parts)


def read_results(path: str, variants: Sequence[str], first: int, last: int, best: bool,
                 limit: int | None, repair: bool = True) -> Resume:
    """Read a results file to resume a survey.

    A last line cut off mid-write (no line end, not valid JSON) is truncated away (when
    ``repair``). Records for other deals or variants are counted in ``outside`` and left alone.
    Each ``(deal, variant)`` is taken once (``duplicates`` counts the extra lines). A record made
    with other solver options (``best``, ``limit``) would mix results: :class:`GolfError`.
    So does anything that is not a survey record.
    """
    resume = Resume()
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return resume
    except IsADirectoryError:
        raise GolfError(f"--output {path}: is a folder, not a file") from None
    except OSError as exc:
        raise GolfError(f"cannot read {path}: {exc.strerror or exc}") from None
    lines = raw.split(b"\n")
    tail = lines.pop()          # after the last line end: b"" when the file ends with one
    if tail.strip():
        try:
            json.loads(tail)
            lines.append(tail)
            resume.needs_newline = True
        except ValueError:
            if not tail.lstrip().startswith(b"{"):
                raise GolfError(f"{path}: the last line is not a survey record: is this the "
                                f"results file of a survey?") from None
            resume.truncated = True
            if repair:
                try:
                    with open(path, "r+b") as f:
                        f.truncate(len(raw) - len(tail))
                except OSError as exc:
                    raise GolfError(f"cannot repair {path}: {exc.strerror or exc}") from None
    wanted = set(variants)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except ValueError:
            raise GolfError(f"{where} is not valid JSON: is this the results file of a "
                            f"survey?") from None
        record = _check_record(data, where)
        if bool(record["best"]) != best or record["limit"] != limit:
            raise GolfError(
                f"{path} holds results of a survey with other options ("
                f"{_options_text(record['best'], record['limit'])}; this one: "
                f"{_options_text(best, limit)}): resuming would mix them. Run with the same "
                f"options, or give another --output")
        key = (record["deal"], record["variant"])
        if record["variant"] not in wanted or not first <= record["deal"] <= last:
            resume.outside += 1
            continue
        if key in resume.done:
            resume.duplicates += 1
            continue
        resume.done[key] = record
    return resume


def open_results(path: str, needs_newline: bool) -> IO[str]:
    try:
        f = open(path, "a", encoding="utf-8")
    except IsADirectoryError:
        raise GolfError(f"--output {path}: is a folder, not a file") from None
    except OSError as exc:
        raise GolfError(f"cannot write {path}: {exc.strerror or exc}") from None
    if needs_newline:
        f.write("\n")
        f.flush()
    return f


def write_record(f: IO[str], record: Record) -> None:
    """Append ``record`` to the results file as one line, flushed at once (a survey stopped at
    any moment loses at most the line being written, which :func:`read_results` repairs)."""
    f.write(json.dumps(record, ensure_ascii=False) + "\n")
    f.flush()
