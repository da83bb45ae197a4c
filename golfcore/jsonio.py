"""The one strict JSON reader for everything golfcore reads from outside.

Protocol requests, saved matches and games, results files and imports are read with
:func:`loads`, never with :func:`json.loads`, because the standard reader accepts things that
let one document mean two things or crash the reader:

* **duplicate keys**: ``{"cmd": "state", "cmd": "draw"}`` is a ``draw`` to :func:`json.loads`
  (the last one wins) and a ``state`` to other readers: refused, naming the key;
* **huge integers**: a whole number of more than 4,300 digits makes :func:`json.loads` raise a
  bare :class:`ValueError` from Python's int-string limit, and shorter ones still cost
  quadratic time: refused beyond :data:`MAX_INT_DIGITS` digits;
* ``NaN``, ``Infinity``, ``-Infinity`` and numbers too large for a float (``1e400``): not JSON;
* nesting deeper than the interpreter can follow (:class:`RecursionError`);
* digits other than ASCII ``0``-``9`` in a number.

Every refusal is a :class:`JsonError` (a :class:`~golfcore.errors.GolfError`, so a
:class:`ValueError` too) whose message names what was being read (``what``), and where.

>>> try:
...     loads('{"cmd": "state", "cmd": "draw"}', "request")
... except JsonError as exc:
...     print(exc)
request is not valid JSON: key 'cmd' appears twice in one object
"""

from __future__ import annotations

import json
import math
from typing import Any

from golfcore.errors import GolfError

#: The most digits a whole number may have (golfcore's largest are 20-digit 64-bit states).
MAX_INT_DIGITS = 1000


class JsonError(GolfError):
    """A text that the strict reader refuses; the message says what and where."""


class _Refused(ValueError):
    """Raised inside the decoder's hooks; :func:`loads` turns it into a :class:`JsonError`."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"key {_clip(repr(key), 60)} appears twice in one object")
        out[key] = value
    return out


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if not digits.isascii() or not digits.isdigit():
        raise _Refused(f"number {_clip(text, 40)} has a digit other than 0-9")
    if len(digits) > MAX_INT_DIGITS:
        raise _Refused(f"a whole number of {len(digits)} digits is too long (at most "
                       f"{MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if not text.isascii():
        raise _Refused(f"number {_clip(text, 40)} has a digit other than 0-9")
    if len(text) > MAX_INT_DIGITS:
        raise _Refused(f"a number of {len(text)} characters is too long (at most "
                       f"{MAX_INT_DIGITS})")
    value = float(text)
    if math.isinf(value):
        raise _Refused(f"number {_clip(text, 40)} is too large")
    return value


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not JSON")


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_int, parse_float=_float,
                            parse_constant=_constant)


def loads(text: str | bytes | bytearray, what: str = "the text") -> Any:
    """``text`` (UTF-8 bytes, or text) as JSON, strictly (see the module's documentation).

    :class:`JsonError` says ``"<what> is not valid JSON: <reason>"`` for anything refused,
    bytes that are not UTF-8 included."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonError(f"{what} is not valid JSON: it is not UTF-8 ({exc.reason} at byte "
                            f"{exc.start})") from None
    if not isinstance(text, str):
        raise JsonError(f"{what} must be JSON text, not {type(text).__name__}")
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        reason = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    except _Refused as exc:
        reason = str(exc)
    except RecursionError:
        reason = "it is nested too deeply"
    except ValueError as exc:    # pragma: no cover - a limit the hooks did not foresee
        reason = str(exc)
    raise JsonError(f"{what} is not valid JSON: {_clip(reason, 300)}")


def _clip(text: str, size: int) -> str:
    return text if len(text) <= size else text[:size] + "..."


__all__ = ["JsonError", "MAX_INT_DIGITS", "loads"]
