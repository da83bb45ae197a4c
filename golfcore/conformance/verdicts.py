"""Solver verdict cases (``kind: solve``): whether a start can be won, as an engine's solver says.

A verdict case is a solitaire case without steps: a start, the variants whose rules it is
judged under, and ``winnable`` (``true`` or ``false``), optionally ``replay: true`` (the line the
engine's solver returns must replay, move by move, from the start to a won game). The start is
one of ``deal`` (golfcore's deal number, ``specs/deals.md``), ``code``, ``position``, or
``kpatience``: a KPatience deal number (1 to 2**31 - 1), dealt with KPatience's shuffle
(:mod:`golfcore.kpatience_shuffle`; ``specs/deals.md``, section 12).

Running one (:func:`run_verdict`) speaks the protocol: ``new`` with the variant and the start
(a ``kpatience`` start is sent as ``{"kpatience": N}`` to an engine whose ``hello`` lists the
feature ``kpatience-deal``, else as the position it deals, feature ``position``), then
``solve``; the reply's ``solve.winnable`` must be the case's. With ``replay``, when the reply
carries a ``line`` (move texts: a column number, ``draw``, ``redeal``), a fresh ``new`` with
the same start and the line's ``play``/``draw``/``redeal`` requests must all be accepted and
end with ``status: won``; a solver that gives verdicts only (no ``line`` in its reply) has its
verdict checked and the result says the line was not.

:func:`is_verdict_case` and :func:`verdict_case` are the loader's hook, :func:`run_verdict`
the runner's (``specs/README.md``, "Solver verdicts").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from golfcore.conformance.catalogue import Catalogue
from golfcore.conformance.common_checks import check_common
from golfcore.conformance.engines import Engine
from golfcore.conformance.model import SOLITAIRE, Case, SpecError
from golfcore.conformance.report import FAIL, PASS, SKIP, CaseResult, Failure
from golfcore.conformance.yaml12 import Node

__all__ = ["KIND", "STARTS", "VerdictCase", "is_verdict_case", "verdict_case", "run_verdict",
           "start_request"]

#: The value of ``kind`` that makes a case a verdict case.
KIND = "solve"

#: The starts a verdict case may have (exactly one).
STARTS = ("kpatience", "deal", "code", "position")

_FIELDS = {"id", "kind", "description", "rules", "source", "variants", "features", "start",
           "winnable", "replay", "assumes", "checks"}
_REQUIRED = ("id", "kind", "rules", "source", "variants", "start", "winnable")
_START_FEATURE = {"deal": "deal", "code": "code", "position": "position"}


@dataclass(frozen=True)
class VerdictCase(Case):
    """A ``kind: solve`` case: :class:`Case` (no steps) with the verdict it expects."""

    winnable: bool = False
    #: the engine's winning line must replay to a won game (when the engine gives a line)
    replay: bool = False


def is_verdict_case(node: Node) -> bool:
    """Whether a case's node says ``kind: solve`` (the loader then reads it here)."""
    fields = node.value
    return isinstance(fields, dict) and "kind" in fields and fields["kind"].value == KIND


def _error(path: str, node: Node, message: str) -> SpecError:
    return SpecError(path, node.line, message)


def verdict_case(node: Node, data: dict[str, Any], path: str,
                 catalogue: Catalogue | None = None) -> VerdictCase:
    """Read and check one ``kind: solve`` case (``data`` is its plain value); raises
    :class:`SpecError` with the line of what is wrong."""
    fields: dict[str, Node] = node.value
    unknown = sorted(set(fields) - _FIELDS)
    if unknown:
        raise _error(path, fields[unknown[0]], f"unknown field {unknown[0]!r} in a 'kind: solve' "
                                               f"case (it has {', '.join(sorted(_FIELDS))})")
    missing = [k for k in _REQUIRED if k not in fields]
    if missing:
        raise _error(path, node, f"a 'kind: solve' case needs {', '.join(missing)}")
    if not isinstance(data["id"], str) or not data["id"].strip():
        raise _error(path, fields["id"], "'id' must be non-empty text")
    for key in ("rules", "variants"):
        value = data[key]
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise _error(path, fields[key], f"{key!r} must be a non-empty list of names")
    source = data["source"]
    if not isinstance(source, dict) or not isinstance(source.get("document"), str) or \
            not isinstance(source.get("quote"), str):
        raise _error(path, fields["source"], "'source' needs 'document' and 'quote' (text)")
    features = data.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise _error(path, fields.get("features", node), "'features' must be a list of names")
    for key in ("winnable", "replay"):
        if key in data and not isinstance(data[key], bool):
            raise _error(path, fields[key], f"{key!r} must be true or false")
    if data.get("replay") and not data["winnable"]:
        raise _error(path, fields["replay"], "'replay' needs 'winnable: true': only a win has a "
                                             "line to replay")
    start = _start(fields["start"], data["start"], path)
    variants, assumes = check_common(node, data, path, SOLITAIRE, catalogue)
    needs = ["solve"] + [_START_FEATURE[k] for k in start if k in _START_FEATURE]
    if any("+" in v for v in variants):
        needs.append("compose")
    return VerdictCase(
        path=path, line=node.line, id=data["id"], rules=tuple(data["rules"]),
        document=source["document"], quote=source["quote"], variants=tuple(variants),
        features=tuple(dict.fromkeys(needs + list(features))), start=start, steps=(),
        assumes=assumes,
        description=str(data.get("description", "")),
        decision=str(source.get("decision", "")),
        winnable=data["winnable"], replay=bool(data.get("replay", False)))


def _start(node: Node, start: Any, path: str) -> dict[str, Any]:
    """The checked start, in the protocol's terms (a position as its JSON mapping)."""
    from golfcore.codes import parse_code
    from golfcore.conformance.solitaire_cases import position_from_spec
    from golfcore.errors import GolfError
    from golfcore.kpatience_shuffle import check_kpatience_deal
    from golfcore.solitaire.deal import check_deal_number

    if not isinstance(start, dict) or len(start) != 1 or next(iter(start)) not in STARTS:
        raise _error(path, node, f"'start' must hold exactly one of {', '.join(STARTS)}")
    key, value = next(iter(start.items()))
    try:
        if key == "kpatience":
            return {"kpatience": check_kpatience_deal(value)}
        if key == "deal":
            return {"deal": check_deal_number(value)}
        if key == "code":
            if not isinstance(value, str):
                raise SpecError(path, node.line, "'code' must be text")
            return {"code": str(parse_code(value))}
        return {"position": position_from_spec(value).to_json()}
    except GolfError as exc:
        if isinstance(exc, SpecError):
            raise
        raise SpecError(path, node.line, f"start: {exc}") from None


class _Runner(Protocol):
    """What :func:`run_verdict` needs of the conformance runner: its engine and features, the
    offer being run (``_offer``: its ``features`` and ``variant``, or None) and why a case
    cannot run."""

    engine: Engine
    features: set[str]
    _offer: Any

    def _unsupported(self, case: Case, variant: str) -> str | None: ...


def start_request(start: dict[str, Any], features: set[str]) -> dict[str, Any] | str:
    """The fields of ``new`` for ``start`` to an engine with ``features``, or why it cannot
    take that start."""
    if "kpatience" not in start:
        return dict(start)
    if "kpatience-deal" in features:
        return dict(start)
    if "position" in features:
        from golfcore.kpatience_shuffle import kpatience_position

        return {"position": kpatience_position(start["kpatience"]).to_json()}
    return "engine lacks kpatience-deal and position"


def run_verdict(runner: _Runner, case: VerdictCase, variant: str) -> CaseResult:
    """Run one verdict case under ``variant`` against the runner's engine."""
    offer = runner._offer
    why = runner._unsupported(case, variant)
    start = start_request(case.start, set(offer.features if offer is not None
                                          else runner.features))
    if why or isinstance(start, str):
        return CaseResult(case, variant, SKIP, reason=why or str(start))
    engine = runner.engine

    def fail(step: int, text: str, field: str, expected: Any, actual: Any) -> CaseResult:
        failure = Failure(case.path, case.line, step, text, field, expected, actual)
        return CaseResult(case, variant, FAIL, (failure,))

    new = {"cmd": "new", "variant": offer.variant if offer is not None else variant, **start}
    reply = engine.request(new)
    if not reply.get("ok"):
        return fail(0, "start", "start", "a new game", reply)
    solved = engine.request({"cmd": "solve"})
    verdict = solved.get("solve") if solved.get("ok") else None
    if not isinstance(verdict, dict):
        return fail(1, "solve", "solve", "a verdict", solved)
    if verdict.get("winnable") is not case.winnable:
        return fail(1, "solve", "winnable", case.winnable, verdict.get("winnable"))
    if not case.replay:
        return CaseResult(case, variant, PASS)
    line = verdict.get("line")
    if line is None:
        return CaseResult(case, variant, PASS,
                          reason="verdict checked; the engine's solve gives no line to replay")
    if not isinstance(line, list) or not all(isinstance(m, str) for m in line):
        return fail(1, "solve", "line", "a list of move texts", line)
    reply = engine.request(new)
    if not reply.get("ok"):
        return fail(0, "start", "start", "a new game (for the replay)", reply)
    for i, move in enumerate(line, start=2):
        if move in ("draw", "redeal"):
            message: dict[str, Any] = {"cmd": move}
        elif move.isdigit():
            message = {"cmd": "play", "column": int(move)}
        else:
            return fail(i, f"line move {i - 1}", "line", "a column number, draw or redeal", move)
        reply = engine.request(message)
        if not reply.get("ok"):
            return fail(i, f"line move {i - 1}: {move}", "accepted", True,
                        {k: reply.get(k) for k in ("error", "reason", "message") if k in reply})
    state = engine.request({"cmd": "state"}).get("state") or {}
    if state.get("status") != "won":
        return fail(len(line) + 2, "after the line", "status", "won", state.get("status"))
    return CaseResult(case, variant, PASS)
