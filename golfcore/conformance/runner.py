"""The conformance runner: run spec cases against an engine that speaks the protocol.

Data flow: spec files (:mod:`golfcore.conformance.specfile`) → cases → for each variant a case applies to,
protocol requests (:mod:`golfcore.protocol.server`) to an :class:`Engine` → replies compared with the
expectations → :class:`CaseResult` values → a :class:`Report` (rule ids × variants matrix).

Solitaire cases speak ``new``/``play``/``draw``/``undo``/``hint``/``solve``/``state``; card-game
cases (``game: card-game``) speak ``new`` with ``"game": "card-game"``, ``act`` (as a seat) and
``observe``, and are compared with the reply's ``observation``.

Our own engine is run in process (:class:`InProcessEngine`) through exactly the same requests
and replies, serialised to JSON and back, that another engine receives over a pipe
(:class:`ProgramEngine`), so both paths give the same results by construction.
"""

from __future__ import annotations

import json
import math
import re
import selectors
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Protocol

from golfcore.errors import GolfError
from golfcore.conformance.specfile import (CARD_GAME, Case, SpecError, SpecFile, Step, discover, load,
                                          position_from_spec)

PASS, FAIL, SKIP = "pass", "fail", "skip"


class EngineError(GolfError):
    """The engine under test broke the protocol: no reply, bad JSON, a crash."""


class Engine(Protocol):
    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request, return its reply."""

    def close(self) -> None:
        ...


class InProcessEngine:
    """golfcore itself, through the protocol's JSON, without a process."""

    def __init__(self) -> None:
        from golfcore.protocol.server import Session

        self.session = Session()

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        line = self.session.handle_line(json.dumps(message, ensure_ascii=False))
        return json.loads(line)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return "golfcore (in process)"


#: The longest wait for one reply of another engine, in seconds (a day).
MAX_TIMEOUT = 86_400.0


def check_timeout(seconds: float) -> float:
    """``seconds`` if it is a usable wait for one reply: finite, above 0, at most a day."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or \
            not math.isfinite(seconds) or not 0 < seconds <= MAX_TIMEOUT:
        raise EngineError(f"timeout {seconds!r}: expected a number of seconds above 0 and at "
                          f"most {MAX_TIMEOUT:g}")
    return float(seconds)


def split_command(command: str) -> list[str]:
    """The words of an engine's command line, as a POSIX shell splits them (no shell runs)."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:               # an unbalanced quote
        raise EngineError(f"cannot read the engine's command {command!r}: {exc}") from None
    if not argv:
        raise EngineError("the engine's command is empty: give the program to run, e.g. "
                          "'golf serve'")
    return argv


class ProgramEngine:
    """Any engine that speaks the protocol on stdin/stdout: ``golf conform --program CMD``."""

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command = command
        self.timeout = check_timeout(timeout)
        argv = split_command(command)
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            raise EngineError(f"cannot start engine {command!r}: {exc}") from None
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise EngineError(f"engine {self.command!r} stopped reading: {exc}") from None
        if not self.selector.select(self.timeout):
            raise EngineError(f"engine {self.command!r} did not answer {message.get('cmd')!r} "
                              f"within {self.timeout:g} s")
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise EngineError(f"engine {self.command!r} exited (code {self.proc.poll()})"
                              + (f": {err.strip()[-500:]}" if err.strip() else ""))
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            raise EngineError(f"engine {self.command!r} answered with a line that is not "
                              f"JSON: {line.strip()[:200]!r}") from None
        if not isinstance(reply, dict):
            raise EngineError(f"engine {self.command!r} answered with {reply!r}, not an object")
        return reply

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.request({"cmd": "quit"})
            except EngineError:
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        self.selector.close()

    def __str__(self) -> str:
        return self.command


# -- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    """One expectation that did not hold, in the spec's own terms."""

    path: str
    line: int
    step: int
    step_text: str
    field: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return (f"{self.path}:{self.line}: step {self.step} ({self.step_text}): {self.field}: "
                f"expected {json.dumps(self.expected, ensure_ascii=False)}, "
                f"got {json.dumps(self.actual, ensure_ascii=False)}")

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "step": self.step,
                "action": self.step_text, "field": self.field, "expected": self.expected,
                "actual": self.actual}


@dataclass(frozen=True)
class CaseResult:
    case: Case
    variant: str
    status: str
    failures: tuple[Failure, ...] = ()
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"path": self.case.path, "line": self.case.line, "id": self.case.id,
                "rules": list(self.case.rules), "variant": self.variant, "status": self.status,
                "reason": self.reason, "failures": [f.to_json() for f in self.failures]}


@dataclass
class Report:
    results: list[CaseResult] = field(default_factory=list)
    errors: list[SpecError] = field(default_factory=list)
    engine: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors and all(r.status != FAIL for r in self.results)

    def counts(self) -> dict[str, int]:
        out = {PASS: 0, FAIL: 0, SKIP: 0}
        for r in self.results:
            out[r.status] += 1
        out["errors"] = len(self.errors)
        return out

    def variants(self) -> list[str]:
        seen: list[str] = []
        for r in self.results:
            if r.variant not in seen:
                seen.append(r.variant)
        return seen

    def matrix(self) -> dict[str, dict[str, str]]:
        """rule id → variant → pass / fail / skip (fail beats pass beats skip)."""
        rank = {FAIL: 3, PASS: 2, SKIP: 1}
        out: dict[str, dict[str, str]] = {}
        for r in self.results:
            for rule in r.case.rules:
                cell = out.setdefault(rule, {})
                old = cell.get(r.variant)
                if old is None or rank[r.status] > rank[old]:
                    cell[r.variant] = r.status
        return {k: out[k] for k in sorted(out, key=_rule_key)}

    def covered(self) -> set[str]:
        return {rule for r in self.results for rule in r.case.rules}

    def to_json(self) -> dict[str, Any]:
        return {"engine": self.engine, "ok": self.ok, "counts": self.counts(),
                "matrix": self.matrix(), "results": [r.to_json() for r in self.results],
                "errors": [{"path": e.path, "line": e.line, "message": e.message}
                           for e in self.errors]}


def _rule_key(rule: str) -> tuple[int, int]:
    family, _, number = rule.partition("-")
    return ({"APP": 0, "C4": 1, "CG": 2}.get(family, 3), int(number) if number.isdigit() else 0)


# -- running ----------------------------------------------------------------------------------------


class Runner:
    """Runs cases against one engine. The engine's ``hello`` decides what is skipped."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        hello = engine.request({"cmd": "hello"})
        if not hello.get("ok"):
            raise EngineError(f"engine {engine} refused 'hello': {hello}")
        self.features = set(hello.get("features", ()))
        self.variants = {v["name"] if isinstance(v, dict) else v
                         for v in hello.get("variants", ())}
        self.name = str(hello.get("engine", engine))

    def run_case(self, case: Case, variant: str) -> CaseResult:
        if case.game == CARD_GAME:
            return self._run_card_game(case, variant)
        return self._run_solitaire(case, variant)

    def _unsupported(self, case: Case, variant: str) -> str | None:
        """Why the engine cannot run ``case`` under ``variant`` (its ``hello`` says), or None."""
        missing = sorted(set(case.features) - self.features)
        if missing:
            return f"engine lacks {', '.join(missing)}"
        base = variant.split("+", 1)[0]
        if base not in self.variants:
            return f"engine lacks variant {base}"
        if "+" in variant and "compose" not in self.features:
            return "engine lacks compose"
        return None

    def _refused(self, case: Case, variant: str, request: dict[str, Any]) -> CaseResult:
        """Run a case whose start must be refused: the reply to ``new`` is the whole case."""
        assert case.start_error is not None
        reply = self.engine.request(request)
        expected = {k: v for k, v in case.start_error.items() if v is not None}
        actual: dict[str, Any] = {"error": reply.get("error")}
        if reply.get("ok"):
            actual = {"accepted": True, **{k: reply[k] for k in ("variant", "code")
                                           if k in reply}}
        elif "message" in expected:
            message = reply.get("message")
            if isinstance(message, str) and re.search(expected["message"], message):
                actual["message"] = expected["message"]
            else:
                actual["message"] = message
        if actual == expected:
            return CaseResult(case, variant, PASS)
        fail = Failure(case.path, case.line, 0, "start", "start_error", expected, actual)
        return CaseResult(case, variant, FAIL, (fail,))

    # -- the card game ------------------------------------------------------------------------

    def _run_card_game(self, case: Case, variant: str) -> CaseResult:
        why = self._unsupported(case, variant)
        if why:
            return CaseResult(case, variant, SKIP, reason=why)
        request: dict[str, Any] = {"cmd": "new", "game": CARD_GAME, "variant": variant,
                                   **case.start}
        if case.start_error is not None:
            return self._refused(case, variant, request)
        reply = self.engine.request(request)
        if not reply.get("ok"):
            fail = Failure(case.path, case.line, 0, "start", "start", "a new match", reply)
            return CaseResult(case, variant, FAIL, (fail,))
        failures: list[Failure] = []
        for step in case.steps:
            if step.action == "act":
                message: dict[str, Any] = {"cmd": "act", "seat": step.seat,
                                           "action": step.target}
            else:
                message = {"cmd": "observe", "seat": step.seat}
            step_reply = self.engine.request(message)
            failures += compare_card_game(case, step, variant, step_reply, reply.get("code"))
            if failures:
                break
        return CaseResult(case, variant, FAIL if failures else PASS, tuple(failures))

    # -- the solitaire ------------------------------------------------------------------------

    def _run_solitaire(self, case: Case, variant: str) -> CaseResult:
        why = self._unsupported(case, variant)
        if why:
            return CaseResult(case, variant, SKIP, reason=why)
        request: dict[str, Any] = {"cmd": "new", "variant": variant}
        if case.start_error is not None:     # the start is sent as written: the loader kept it so
            return self._refused(case, variant, {**request, **case.start})
        if "position" in case.start:
            request["position"] = position_from_spec(case.start["position"]).to_json()
        else:
            request.update(case.start)
        reply = self.engine.request(request)
        if not reply.get("ok"):
            fail = Failure(case.path, case.line, 0, "start", "start", "a new game", reply)
            return CaseResult(case, variant, FAIL, (fail,))
        failures: list[Failure] = []
        for step in case.steps:
            reply = self._do(step)
            failures += compare(case, step, variant, reply)
            if failures:
                break
        return CaseResult(case, variant, FAIL if failures else PASS, tuple(failures))

    def _do(self, step: Step) -> dict[str, Any]:
        if step.action is None:
            return self.engine.request({"cmd": "state"})
        if step.action == "play":
            target = step.target
            if isinstance(target, int):
                message: dict[str, Any] = {"cmd": "play", "column": target}
            elif isinstance(target, str) and target.replace(".", "", 1).isdigit():
                column, _, row = target.partition(".")
                message = {"cmd": "play", "column": int(column)}
                if row:
                    message["row"] = int(row)
            else:
                message = {"cmd": "play", "card": target}
        elif step.action == "solve":
            wants_best = any(k.startswith("best_") for k in step.expect) or any(
                k.startswith("best_") for e in step.expect_by_variant.values() for k in e)
            message = {"cmd": "solve", "best": wants_best}
        else:
            message = {"cmd": step.action}
        reply: dict[str, Any] = {}
        for _ in range(step.repeat):
            reply = self.engine.request(message)
        return reply


def compare(case: Case, step: Step, variant: str, reply: dict[str, Any]) -> list[Failure]:
    """The expectations of ``step`` that ``reply`` does not meet."""
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
            check(key, reply.get("reason"))
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
                      code: Any = None) -> list[Failure]:
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


def run(paths: Iterable["str | Path"], engine: Engine,
        variants: Iterable[str] | None = None) -> Report:
    """Load every spec file under ``paths`` and run each case under each of its variants
    (restricted to ``variants`` when given)."""
    from golfcore.framework.compose import find_variant

    wanted = None
    if variants:
        wanted = {find_variant(v).name for v in variants}
    runner = Runner(engine)
    report = Report(engine=runner.name)
    for path in discover(list(paths)):
        spec: SpecFile = load(path)
        report.errors += spec.errors
        for case in spec.cases:
            for variant in case.variants:
                if wanted is not None and variant not in wanted:
                    continue
                try:
                    report.results.append(runner.run_case(case, variant))
                except EngineError as exc:
                    fail = Failure(case.path, case.line, 0, "-", "engine", "a reply", str(exc))
                    report.results.append(CaseResult(case, variant, FAIL, (fail,)))
                    if isinstance(engine, ProgramEngine) and engine.proc.poll() is not None:
                        raise
    return report


# -- presenting ---------------------------------------------------------------------------------

MARKS = {PASS: "pass", FAIL: "FAIL", SKIP: "skip", None: "-"}


def format_matrix(report: Report) -> str:
    variants = report.variants()
    matrix = report.matrix()
    width = max([len("rule")] + [len(r) for r in matrix]) + 2
    cols = [max(len(v), 4) + 2 for v in variants]
    lines = ["rule".ljust(width) + "".join(v.ljust(c) for v, c in zip(variants, cols))]
    for rule, cells in matrix.items():
        lines.append(rule.ljust(width) + "".join(MARKS[cells.get(v)].ljust(c)
                                                 for v, c in zip(variants, cols)))
    return "\n".join(line.rstrip() for line in lines)


def format_report(report: Report) -> str:
    parts = [f"engine: {report.engine}", format_matrix(report)]
    failures = [r for r in report.results if r.status == FAIL]
    if report.errors:
        parts.append("spec errors:\n" + "\n".join(f"  {e}" for e in report.errors))
    if failures:
        lines = ["failures:"]
        for r in failures:
            lines.append(f"  {r.case.id} [{r.variant}] ({', '.join(r.case.rules)})")
            lines += [f"    {f}" for f in r.failures]
        parts.append("\n".join(lines))
    c = report.counts()
    parts.append(f"{c[PASS]} passed, {c[FAIL]} failed, {c[SKIP]} skipped, "
                 f"{c['errors']} spec errors")
    return "\n\n".join(parts)


def coverage(report: Report, families: tuple[str, ...] | None = None) -> dict[str, bool]:
    """Every rule id of the catalogue (``specs/RULES.md``: APP, C4 and CG; only ``families``
    when given), in catalogue order, with whether a case of the report names it."""
    from golfcore.conformance.specfile import known_rule_ids

    covered = report.covered()
    ids = [r for r in known_rule_ids() if families is None or r.split("-")[0] in families]
    return {rule: rule in covered for rule in sorted(ids, key=_rule_key)}


def uncovered(report: Report, families: tuple[str, ...] | None = None) -> list[str]:
    """Rule ids of the catalogue that no case names: every family of ``specs/RULES.md`` (APP,
    C4, CG) unless ``families`` says which."""
    return [rule for rule, named in coverage(report, families).items() if not named]


def engine_for(program: str | None) -> Engine:
    """``program`` through the protocol, or golfcore in process when it is None (an empty
    command is an error, not golfcore)."""
    return InProcessEngine() if program is None else ProgramEngine(program)

