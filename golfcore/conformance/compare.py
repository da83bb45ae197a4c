"""Replies compared with a step's expectations, for each game.

:func:`compare` checks a solitaire step's expectations against the reply (and its ``state``);
:func:`compare_card_game` a card-game step's against the reply to ``act`` or ``observe`` (and
its ``observation``). Each returns the :class:`~golfcore.conformance.report.Failure` values of
the expectations that do not hold; an unexpected refusal is always one.
"""

from __future__ import annotations

from typing import Any

from golfcore.conformance.model import Case, Step
from golfcore.conformance.report import Failure


def compare(case: Case, step: Step, variant: str, reply: dict[str, Any],
            reasons: bool = True) -> list[Failure]:
    """The expectations of ``step`` that ``reply`` does not meet. Without ``reasons`` (an
    engine whose refusals carry no golfcore reason code), an expected ``reason`` checks only
    that the action was refused."""
    expect = step.expectations(variant)
    state = reply.get("state") or {}
    out: list[Failure] = []

    def check(key: str, actual: Any) -> None:
        if expect[key] != actual:
            out.append(Failure(case.path, step.lines.get(key, step.line), step.index,
                               step.describe(), key, expect[key], actual))

    if step.action is not None and "accepted" not in expect and "reason" not in expect:
        if not reply.get("ok"):   # an unexpected refusal is always a failure
            out.append(Failure(case.path, step.line, step.index, step.describe(), "accepted",
                               True, {k: reply.get(k) for k in
                                      ("reason", "messages", "error", "message") if k in reply}))
            return out
    for key in expect:
        if key == "accepted":
            check(key, bool(reply.get("ok")))
        elif key == "reason":
            check(key, reply.get("reason") if reasons or reply.get("ok") else expect[key])
        elif key == "messages":
            actual = reply.get("messages") or state.get("messages") or {}
            check(key, {lang: actual.get(lang) for lang in expect[key]})
        elif key == "card":
            check(key, reply.get("card"))
        elif key == "hint_legal":
            check(key, reply.get("hint") in state.get("legal", ()))
        elif key == "score":
            score = state.get("score")
            check(key, score.get("value") if isinstance(score, dict) else score)
        elif key == "score_kind":
            score = state.get("score")
            check(key, score.get("kind") if isinstance(score, dict) else None)
        elif key == "free":
            check(key, list(state.get("free", []))[:len(expect[key])])
        elif key == "columns":
            columns = (state.get("position") or {}).get("columns", [])
            actual = {k: list(columns[int(k) - 1]) if int(k) <= len(columns) else None
                      for k in expect[key]}
            check(key, actual)
        elif key == "legal":
            check(key, sorted(str(m) for m in state.get("legal", ())))
        elif key in ("winnable", "best_removed", "best_score"):
            verdict = reply.get("solve") or {}
            best = verdict.get("best") or {}
            if key == "winnable":
                check(key, verdict.get("winnable"))
            elif key == "best_removed":
                check(key, best.get("removed"))
            else:
                score = best.get("score")
                check(key, score.get("value") if isinstance(score, dict) else score)
        else:
            check(key, state.get(key))
    return out


def compare_card_game(case: Case, step: Step, variant: str, reply: dict[str, Any],
                      code: Any = None, reasons: bool = True) -> list[Failure]:
    """The expectations of a card-game ``step`` that ``reply`` (to ``act`` or ``observe``)
    does not meet. ``code`` is the match code the reply to ``new`` gave: observations hold it
    only once the match is over (it holds the seed, which deals every hidden card), so an
    expected ``code`` is compared with it. Observation fields are compared with
    ``reply["observation"]``; a field
    that holds a mapping (``result``, ``held``) or a per-seat mapping (``boards``) is compared
    on the keys the spec names only."""
    expect = step.expectations(variant)
    seen = reply.get("observation") or {}
    out: list[Failure] = []

    def check(key: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            out.append(Failure(case.path, step.lines.get(key, step.line), step.index,
                               step.describe(), key, expected, actual))

    if step.action == "act" and "accepted" not in expect and "reason" not in expect:
        if not reply.get("ok"):   # an unexpected refusal is always a failure
            out.append(Failure(case.path, step.line, step.index, step.describe(), "accepted",
                               True, {k: reply.get(k) for k in
                                      ("reason", "messages", "error", "message") if k in reply}))
            return out
    if step.action == "observe" and not reply.get("ok"):
        out.append(Failure(case.path, step.line, step.index, step.describe(), "observe",
                           "an observation", reply))
        return out
    for key, expected in expect.items():
        if key == "accepted":
            check(key, expected, bool(reply.get("ok")))
        elif key in ("reason", "messages"):
            actual = reply.get(key)
            if key == "reason" and not reasons and not reply.get("ok"):
                actual = expected
            if key == "messages":
                actual = {lang: (actual or {}).get(lang) for lang in expected}
            check(key, expected, actual)
        elif key == "boards":
            boards = seen.get("boards") or []
            check(key, {str(seat): cards for seat, cards in expected.items()},
                  {str(seat): boards[seat] if seat < len(boards) else None
                   for seat in expected})
        elif key in ("result", "held") and isinstance(expected, dict):
            actual = seen.get(key)
            check(key, expected, {k: actual.get(k) for k in expected}
                  if isinstance(actual, dict) else actual)
        elif key == "legal":
            check(key, expected, sorted(str(a) for a in seen.get("legal", ())))
        elif key == "code":
            check(key, expected, code)
        elif key == "total_cards":
            held = 1 if seen.get("held") else 0
            actual = (sum(len(b) for b in seen.get("boards") or ())
                      + int(seen.get("stock_count") or 0) + int(seen.get("discard_count") or 0)
                      + held)
            check(key, expected, actual)
        else:
            check(key, expected, seen.get(key))
    return out
