"""The conformance runner: run spec cases against an engine that speaks the protocol.

Data flow: spec files (:mod:`golfcore.conformance.specfile`) → cases → for each variant a case
applies to, protocol requests (:mod:`golfcore.protocol.server`) to an engine
(:mod:`golfcore.conformance.engines`) → replies compared with the expectations
(:mod:`golfcore.conformance.compare`) → :class:`CaseResult` values → a :class:`Report` (rule
ids × variants matrix; :mod:`golfcore.conformance.report`).

Solitaire cases speak ``new``/``play``/``draw``/``redeal``/``undo``/``hint``/``solve``/``state``;
card-game cases (``game: card-game``) speak ``new`` with ``"game": "card-game"``, ``act`` (as a
seat) and ``observe``, and are compared with the reply's ``observation``.

This module holds :class:`Runner` (one engine; its ``hello`` decides what is skipped) and
:func:`run`. It also re-exports, as before the runner was split, the engines
(:class:`Engine`, :class:`InProcessEngine`, :class:`ProgramEngine`, :class:`EngineError`,
:func:`engine_for`, :func:`check_timeout`, :func:`split_command`, :data:`MAX_TIMEOUT`), the
results and report (:data:`PASS`, :data:`FAIL`, :data:`SKIP`, :class:`Failure`,
:class:`CaseResult`, :class:`Report`, :data:`MARKS`, :func:`format_matrix`,
:func:`format_report`, :func:`coverage`, :func:`uncovered`) and the comparisons
(:func:`compare`, :func:`compare_card_game`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from golfcore.conformance.compare import compare, compare_card_game
from golfcore.conformance.engines import (MAX_TIMEOUT, Engine, EngineError, InProcessEngine,
                                          ProgramEngine, check_timeout, engine_for,
                                          split_command)
from golfcore.conformance.model import CARD_GAME, Case, SpecError, SpecFile, Step
from golfcore.conformance.offers import RUN, SKIPPED, Offer, OfferError, decide, read_offers
from golfcore.conformance.report import (FAIL, MARKS, PASS, SKIP, CaseResult, Failure, Report,
                                         coverage, coverage_by_catalogue, format_matrix,
                                         format_report, uncovered)
from golfcore.conformance.solitaire_cases import position_from_spec
from golfcore.conformance.specfile import discover, load
from golfcore.conformance.verdicts import VerdictCase, run_verdict

__all__ = [
    "Runner", "run",
    # moved to their own modules, re-exported here
    "EngineError", "Engine", "InProcessEngine", "ProgramEngine", "MAX_TIMEOUT",
    "check_timeout", "split_command", "engine_for",
    "PASS", "FAIL", "SKIP", "Failure", "CaseResult", "Report", "MARKS", "format_matrix",
    "format_report", "coverage", "coverage_by_catalogue", "uncovered",
    "compare", "compare_card_game",
    # spec names this module has always offered
    "CARD_GAME", "Case", "SpecError", "SpecFile", "Step", "discover", "load",
    "position_from_spec",
]


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
        try:
            #: what the engine says it plays (``docs/engines.md``); none: golfcore's names
            self.offers = read_offers(hello, frozenset(self.features))
        except OfferError as exc:
            raise EngineError(f"engine {engine}: its 'hello' cannot be read: {exc}") from None
        #: the offer being run, while a case runs under one
        self._offer: Offer | None = None

    def run_case(self, case: Case, variant: str, offer: Offer | None = None) -> CaseResult:
        """Run ``case``; under ``offer`` (the engine's variant of that name, playing
        ``variant``'s rules), else under golfcore's ``variant``."""
        self._offer = offer
        try:
            if isinstance(case, VerdictCase):   # kind: solve (golfcore.conformance.verdicts)
                result = run_verdict(self, case, variant)
            elif case.game == CARD_GAME:
                result = self._run_card_game(case, variant)
            else:
                result = self._run_solitaire(case, variant)
        finally:
            self._offer = None
        if offer is not None:
            return CaseResult(case, offer.variant, result.status, result.failures,
                              result.reason)
        return result

    def cases_under_offers(self, case: Case) -> Iterator[tuple[str, Offer, str | None]]:
        """For each offer ``case`` concerns: the golfcore variant whose expectations apply
        (or ``SKIPPED``), the offer, and the reason it is skipped (or None)."""
        for offer in self.offers:
            verdict, variant, why = decide(case, offer)
            if verdict == RUN and variant is not None:
                yield variant, offer, None
            elif verdict == SKIPPED:
                yield SKIPPED, offer, why

    @property
    def _variant_sent(self) -> str | None:
        return self._offer.variant if self._offer is not None else None

    def _compared(self) -> dict[str, bool]:
        """How replies are compared under the current offer: without the feature
        ``reasons``, a refusal's reason code is not compared (only that it was refused)."""
        if self._offer is None:
            return {}
        return {"reasons": "reasons" in self._offer.features}

    def _unsupported(self, case: Case, variant: str) -> str | None:
        """Why the engine cannot run ``case`` under ``variant`` (its ``hello`` says), or None."""
        features = self._offer.features if self._offer is not None else self.features
        missing = sorted(set(case.features) - features)
        if missing:
            return f"engine lacks {', '.join(missing)}"
        if self._offer is not None:
            return None
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
        request: dict[str, Any] = {"cmd": "new", "game": CARD_GAME,
                                   "variant": self._variant_sent or variant, **case.start}
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
            failures += compare_card_game(case, step, variant, step_reply, reply.get("code"),
                                          **self._compared())
            if failures:
                break
        return CaseResult(case, variant, FAIL if failures else PASS, tuple(failures))

    # -- the solitaire ------------------------------------------------------------------------

    def _run_solitaire(self, case: Case, variant: str) -> CaseResult:
        why = self._unsupported(case, variant)
        if why:
            return CaseResult(case, variant, SKIP, reason=why)
        request: dict[str, Any] = {"cmd": "new", "variant": self._variant_sent or variant}
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
            failures += compare(case, step, variant, reply, **self._compared())
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


def run(paths: Iterable[str | Path], engine: Engine,
        variants: Iterable[str] | None = None,
        progress: Callable[[int, int], None] | None = None) -> Report:
    """Load every spec file under ``paths`` and run each case under each of its variants
    (restricted to ``variants`` when given). ``progress``, when given, is called with the
    number of spec files done and their total: once before the first and after each file."""
    from golfcore.framework.compose import find_variant

    variants = list(variants or ())
    runner = Runner(engine)
    wanted = None
    if variants and runner.offers:
        unknown = sorted(set(variants) - {o.variant for o in runner.offers})
        if unknown:
            raise EngineError(f"engine {runner.name} offers no variant {', '.join(unknown)}: "
                              f"it offers {', '.join(o.variant for o in runner.offers)}")
    elif variants:
        wanted = {find_variant(v).name for v in variants}
    report = Report(engine=runner.name, offers=list(runner.offers))
    for path in _counted(discover(list(paths)), progress):
        spec: SpecFile = load(path)
        report.errors += spec.errors
        if spec.catalogue is not None:
            known = report.catalogues.setdefault(spec.catalogue.name, spec.catalogue)
            mine = spec.catalogue
            if known.rules_file != mine.rules_file or known.sources != mine.sources:
                report.errors.append(SpecError(
                    spec.path, None, f"catalogue {spec.catalogue.name!r} is declared with "
                                     f"{spec.catalogue.rules_file} and {spec.catalogue.sources}, "
                                     f"and by another file with {known.rules_file} and "
                                     f"{known.sources}: one name, one catalogue"))
                continue
        for case in spec.cases:
            if runner.offers:
                _run_under_offers(runner, case, report, wanted_offers=variants)
                continue
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


def _run_under_offers(runner: Runner, case: Case, report: Report,
                      wanted_offers: Iterable[str] | None) -> None:
    """Run ``case`` under each offer of the engine it concerns (``--variant`` names offers)."""
    wanted = set(wanted_offers or ())
    for variant, offer, why in runner.cases_under_offers(case):
        if wanted and offer.variant not in wanted:
            continue
        if why is not None:
            report.results.append(CaseResult(case, offer.variant, SKIP, reason=why))
            continue
        try:
            report.results.append(runner.run_case(case, variant, offer))
        except EngineError as exc:
            fail = Failure(case.path, case.line, 0, "-", "engine", "a reply", str(exc))
            report.results.append(CaseResult(case, offer.variant, FAIL, (fail,)))


def _counted(files: list[Path], progress: Callable[[int, int], None] | None) -> Iterator[Path]:
    """``files`` one by one, telling ``progress`` how many are done: before the first, and
    after each (the loop asks for the next file once it is done with one)."""
    if progress is not None:
        progress(0, len(files))
    for done, path in enumerate(files, 1):
        yield path
        if progress is not None:
            progress(done, len(files))
