"""Results files of one JSON object a line, appended to as results come, so that a long run
(``golf survey``, ``golf tournament``) stopped at any moment resumes where it stopped.

:func:`read_lines` reads an existing file without changing it and notes a last line cut off
mid-write (the only damage an append flushed line by line can suffer); the caller checks that
the records are its own (what they mean, and which are repeated, is for it to decide) and only
then calls :func:`repair`, so that a file refused is left as it is. :func:`open_append` opens
the file for appending and :func:`append` adds one record, flushed at once; :func:`collect`
does both for a stream of results, as they come, until the end or Ctrl-C. A write that fails
(a full disk) is a :class:`GolfError`; the records written before it stay in the file.

:func:`whole`, :func:`number`, :func:`text` and :func:`show` help the callers check each field
of a record, so that a file written by hand or damaged is refused with the line and the field
named, instead of failing later in the figures.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, TypeVar

from golfcore import jsonio
from golfcore.errors import GolfError
from golfcore.runs.progress import Progress


@dataclass
class Lines:
    """What :func:`read_lines` found: the parsed lines with their line numbers."""

    lines: list[tuple[int, Any]] = field(default_factory=list)   # (line number, JSON value)
    truncated: bool = False      # the last line was cut off mid-write (:func:`repair` drops it)
    needs_newline: bool = False  # the last line is complete but has no line end yet
    exists: bool = False         # the file was there
    size: int = 0                # bytes of the file without a cut-off last line


#: The largest whole number a field of a record may hold (exact as a float, so the figures made
#: from it cannot overflow).
BIG = 2 ** 53


def whole(value: Any, low: int = 0, high: int = BIG) -> bool:
    """``value`` is a JSON whole number (not ``true``/``false``) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def number(value: Any, low: float = 0.0, high: float = float(BIG)) -> bool:
    """``value`` is a finite JSON number (whole or not; not ``true``/``false``, ``NaN`` or
    ``Infinity``) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, int):
        return low <= value <= high
    return math.isfinite(value) and low <= value <= high


def text(value: Any, longest: int = 200) -> bool:
    """``value`` is a non-empty string of at most ``longest`` printable characters (no control
    character, no lone surrogate, which could not be printed or written as UTF-8)."""
    return isinstance(value, str) and 0 < len(value) <= longest and value.isprintable()


def show(value: Any, width: int = 40) -> str:
    """``value`` as JSON for an error message, cut to about ``width`` characters."""
    try:
        shown = json.dumps(value, ensure_ascii=True)
    except (ValueError, RecursionError):   # pragma: no cover - values come from json.loads
        shown = type(value).__name__
    return shown if len(shown) <= width else shown[:width] + "..."


#: How a record's field is checked: a test of its value and what the test expects, in words.
Field = tuple[Callable[[Any], bool], str]


def check_record(data: Any, where: str, kind: str, fields: Mapping[str, Field],
                 keys: Sequence[str]) -> dict[str, Any]:
    """``data`` if it is a record of a ``kind`` (``"survey"``, ``"tournament"``) results file:
    a JSON object holding exactly ``fields``, each passing its test; else :class:`GolfError`
    naming ``where`` and the first field that is wrong. ``keys``: the fields whose absence
    means the line is no such record at all (rather than an incomplete one)."""
    question = f"is this the results file of a {kind}?"
    if not isinstance(data, dict) or not all(k in data for k in keys):
        raise GolfError(f"{where} is not a {kind} record (expected a JSON object with "
                        f"{', '.join(keys)} ...): {question}")
    missing = [k for k in fields if k not in data]
    if missing:
        raise GolfError(f"{where} is not a complete {kind} record (missing "
                        f"{', '.join(missing)}): {question}")
    extra = [k for k in data if k not in fields]
    if extra:
        raise GolfError(f"{where} is not a {kind} record: unknown field "
                        f"{', '.join(show(k) for k in extra[:5])}: {question}")
    for key, (valid, expected) in fields.items():
        if not valid(data[key]):
            raise GolfError(f"{where}: field {key} is {show(data[key])}, expected "
                            f"{expected}: {question}")
    return data


def same_file(first: str, second: str) -> bool:
    """``first`` and ``second`` name the same file: the same path once ``.``, ``..`` and
    symbolic links are resolved (whether it exists or not), or the same existing file (a hard
    link). ``golf survey`` and ``golf tournament`` refuse a ``--plot`` that is the results
    file, which the chart would overwrite."""
    try:
        if os.path.realpath(first) == os.path.realpath(second):
            return True
        return os.path.samefile(first, second)
    except (OSError, ValueError):    # a missing file; a name that no file can have
        return False


def _loads(line: bytes) -> Any:
    """One line as JSON, read strictly (:func:`golfcore.jsonio.loads`: a key twice in one
    object, nesting too deep, huge numbers are refused); :class:`ValueError` for anything
    that is not JSON."""
    return jsonio.loads(line, "the line")


def read_lines(path: str, what: str, start: bytes = b"{") -> Lines:
    """Read the JSON-lines file at ``path`` (a missing file is empty), changing nothing.

    A last line without a line end that is not valid JSON but starts as every record does
    (``start``, the first characters :func:`append` writes for the caller's records) was cut
    off mid-write: it is left out and ``truncated`` says so. Any other line that is not JSON
    means the file is not such a results file: :class:`GolfError` naming ``what`` (``"survey"``
    → "is this the results file of a survey?"), and the file is left as it is. Blank lines are
    skipped. Only a regular file is read: anything else (``/dev/null``, a pipe, a device such
    as ``/dev/full``, which could be read without end) holds nothing to resume and is only
    appended to; a folder is :class:`GolfError`.
    """
    found = Lines()
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return found
    except (OSError, ValueError) as exc:
        raise GolfError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise GolfError(f"--output {path}: is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        return found      # /dev/null, a pipe: nothing to resume (reading /dev/full never ends)
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return found
    except IsADirectoryError:
        raise GolfError(f"--output {path}: is a folder, not a file") from None
    except OSError as exc:
        raise GolfError(f"cannot read {path}: {exc.strerror or exc}") from None
    found.exists = True
    found.size = len(raw)
    question = f"is this the results file of a {what}?"
    lines = raw.split(b"\n")
    tail = lines.pop()          # after the last line end: b"" when the file ends with one
    if tail.strip():
        try:
            _loads(tail)
            lines.append(tail)
            found.needs_newline = True
        except ValueError:
            if not (tail.startswith(start) or start.startswith(tail)):
                raise GolfError(f"{path}: the last line is not a {what} record: "
                                f"{question}") from None
            found.truncated = True
            found.size = len(raw) - len(tail)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = _loads(line)
        except ValueError as exc:
            why = str(exc).removeprefix("the line is not valid JSON: ")
            raise GolfError(f"{path}, line {number} is not valid JSON ({why}): "
                            f"{question}") from None
        found.lines.append((number, data))
    return found


def repair(path: str, found: Lines) -> None:
    """Remove the last line cut off mid-write that :func:`read_lines` found, if any."""
    if not found.truncated:
        return
    try:
        with open(path, "r+b") as f:
            f.truncate(found.size)
    except OSError as exc:
        raise GolfError(f"cannot repair {path}: {exc.strerror or exc}") from None


def _write_error(path: str, exc: OSError) -> GolfError:
    why = exc.strerror or str(exc)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        why += ("; the records written before are kept: make room and run the same command "
                "again to go on")
    return GolfError(f"cannot write {path}: {why}")


def open_append(path: str, needs_newline: bool) -> IO[str]:
    """Open ``path`` for appending records; end an unfinished last line first."""
    try:
        f = open(path, "a", encoding="utf-8")
    except IsADirectoryError:
        raise GolfError(f"--output {path}: is a folder, not a file") from None
    except OSError as exc:
        raise GolfError(f"cannot write {path}: {exc.strerror or exc}") from None
    if needs_newline:
        try:
            f.write("\n")
            f.flush()
        except OSError as exc:
            _close_after_error(f)
            raise _write_error(path, exc) from None
    return f


def append(f: IO[str], record: Any) -> None:
    """Append ``record`` as one line, flushed at once: a run stopped at any moment loses at most
    the line being written, which :func:`read_lines` repairs. A write that fails (a full disk)
    is :class:`GolfError`; the lines written before stay."""
    try:
        f.write(json.dumps(record, ensure_ascii=False) + "\n")
        f.flush()
    except OSError as exc:
        raise _write_error(getattr(f, "name", "the results file"), exc) from None


def _close_after_error(f: IO[str]) -> None:
    """Close ``f`` after a failed write: closing flushes what is left of the line again, which
    may fail the same way; the error already raised says what happened."""
    try:
        f.close()
    except OSError:
        pass


Key = TypeVar("Key", bound=Hashable)


def collect(results: Iterator[dict[str, Any]], key: Callable[[dict[str, Any]], Key],
            records: dict[Key, dict[str, Any]], path: str, needs_newline: bool,
            progress: Progress,
            route: Callable[[dict[str, Any]], tuple[str, bool]] | None = None) -> bool:
    """Append each new record of ``results`` to ``path`` as it comes and to ``records`` (by
    ``key``); a record whose key is already there is never counted or written twice. The file is
    opened with the first new record, so no empty file is left when none comes. ``route``, when
    given, names another file for a record instead: ``(path, needs_newline)`` (``golf survey
    --fair`` writes its fair chances beside the survey's results); each file is opened with its
    first record.

    Returns ``True`` when Ctrl-C stopped the run (the files then hold every record that came);
    ``results`` is closed in every case, which stops its workers at once. A write that fails
    is :class:`GolfError` (see :func:`append`)."""
    files: dict[str, IO[str]] = {}
    failed = True
    try:
        if progress.done < progress.total:    # something left to do: show the bar at once
            progress.update(0)
        for record in results:
            k = key(record)
            if k in records:
                continue
            where, newline = route(record) if route is not None else (path, needs_newline)
            f = files.get(where)
            if f is None:
                f = files[where] = open_append(where, newline)
            append(f, record)
            records[k] = record
            progress.update()
        failed = False
    except KeyboardInterrupt:
        failed = False
        return True
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        progress.close()
        error: GolfError | None = None
        for where, f in files.items():
            if failed:
                _close_after_error(f)
                continue
            try:
                f.close()
            except OSError as exc:
                error = error or _write_error(where, exc)
        if error is not None:
            raise error from None
    return False
