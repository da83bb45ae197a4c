"""Solver verdict cases (kind: solve): loading, and running them against an engine."""

import textwrap

import pytest

from golfcore.conformance.engines import InProcessEngine
from golfcore.conformance.report import FAIL, PASS, SKIP
from golfcore.conformance.runner import Runner
from golfcore.conformance.specfile import loads
from golfcore.conformance.verdicts import VerdictCase

QUOTE = ("Una variante relajada mantiene la prohibición de unir rey y as, pero permite jugar una "
         "reina sobre un rey, de modo que el rey ya no termina la cadena.")


def spec(start="{kpatience: 4}", winnable="true", extra="", variants="[relaxed]"):
    return textwrap.dedent(f"""\
        format: 5
        cases:
          - id: a-verdict
            kind: solve
            rules: [C4-12]
            source:
              document: 002_a6a0bf2322249e69.txt
              quote: "{QUOTE}"
            variants: {variants}
            start: {start}
            winnable: {winnable}
        """) + textwrap.indent(extra, "    ")


def run_one(text, engine=None):
    loaded = loads(text, "verdict.yaml")
    assert loaded.errors == []
    (case,) = loaded.cases
    runner = Runner(engine or InProcessEngine())
    return runner.run_case(case, case.variants[0])


def test_a_verdict_case_loads_as_one():
    (case,) = loads(spec(extra="replay: true\n"), "v.yaml").cases
    assert isinstance(case, VerdictCase)
    assert case.winnable and case.replay and case.start == {"kpatience": 4}
    assert case.features == ("solve",)


def test_golfcore_agrees_and_its_line_replays():
    assert run_one(spec(extra="replay: true\n")).status == PASS


def test_a_wrong_verdict_fails_naming_both():
    result = run_one(spec(start="{kpatience: 1}"))      # deal 1 is lost under relaxed
    assert result.status == FAIL
    (failure,) = result.failures
    assert (failure.field, failure.expected, failure.actual) == ("winnable", True, False)


@pytest.mark.parametrize("start", ["{deal: 4}", "{code: GO1-R-AAAAAAE}",
                                   "{position: {columns: [4C 3C], stock: 2C, waste: AC}}"])
def test_every_start_kind(start):
    result = run_one(spec(start=start))
    assert result.status == PASS, result.failures


class NoLines(InProcessEngine):
    """golfcore, but a solver that gives verdicts only."""

    def request(self, message):
        reply = super().request(message)
        if message["cmd"] == "solve":
            reply["solve"].pop("line")
        return reply


class BadLine(InProcessEngine):
    """golfcore, but a solver whose winning line is cut short."""

    def request(self, message):
        reply = super().request(message)
        if message["cmd"] == "solve":
            reply["solve"]["line"] = reply["solve"]["line"][:-1]
        return reply


def test_without_a_line_the_verdict_alone_is_checked_and_said_so():
    result = run_one(spec(extra="replay: true\n"), NoLines())
    assert result.status == PASS and "no line" in result.reason


def test_a_line_that_does_not_win_fails():
    result = run_one(spec(extra="replay: true\n"), BadLine())
    assert result.status == FAIL and result.failures[0].field == "status"


def test_an_engine_without_kpatience_deals_or_positions_skips():
    class Deals(InProcessEngine):
        def request(self, message):
            reply = super().request(message)
            if message["cmd"] == "hello":
                reply["features"] = [f for f in reply["features"] if f != "position"]
            return reply

    result = run_one(spec(), Deals())
    assert result.status == SKIP and "kpatience-deal" in result.reason


@pytest.mark.parametrize("start, extra, message", [
    ("{kpatience: 0}", "", "out of range"),
    ("{kpatience: 2147483648}", "", "out of range"),
    ("{deal: 1, kpatience: 1}", "", "exactly one of"),
    ("{kpatience: 4}", "replay: true\n", "needs 'winnable: true'"),
    ("{kpatience: 4}", "steps: [draw]\n", "unknown field 'steps'"),
])
def test_mistakes_are_errors_with_their_line(start, extra, message):
    winnable = "false" if "replay" in extra else "true"
    loaded = loads(spec(start=start, extra=extra, winnable=winnable), "v.yaml")
    assert loaded.cases == []
    (error,) = loaded.errors
    assert message in error.message and error.line is not None


def test_a_composed_variant_needs_compose():
    (case,) = loads(spec(variants="[relaxed+draw-when-stuck]", winnable="false"), "v.yaml").cases
    assert "compose" in case.features
