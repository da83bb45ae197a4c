"""Spec format 6: a case says what it assumes of the rules in play (assumes, checks), and runs
under exactly the variants that satisfy it; mistakes are errors with the file and line."""

from __future__ import annotations

import pytest

from golfcore.conformance.assumptions import applies, reads
from golfcore.conformance.engines import InProcessEngine
from golfcore.conformance.runner import PASS, run
from golfcore.conformance.specfile import loads
from golfcore.framework.compose import effective_rules, find_variant
from golfcore.framework.registry import registry

KING = """\
format: {fmt}
cases:
  - id: nothing-on-a-king
    rules: [C4-07]
    source:
      document: 002_a6a0bf2322249e69.txt
      quote: "ese rey termina la cadena: ni siquiera una reina puede colocarse encima"
    {assumes}
    variants: {variants}
    features: [position]
    start:
      position: |
        stock: 2S
        waste: QC
        1: QH KS
    steps:
      - play: 1
        expect: {{accepted: true, card: KS}}
      - play: 1
        expect: {{accepted: false, reason: king-ends-chain}}
"""


def case(fmt: int = 6, assumes: str = "assumes: {king: king-ends-chain}",
         variants: str = "[all]") -> str:
    return KING.format(fmt=fmt, assumes=assumes, variants=variants)


def kings() -> set[str]:
    reg = registry("solitaire")
    return {v.name for v in reg if effective_rules(v).get("king") == "king-ends-chain"}


def test_all_means_every_variant_that_plays_the_assumed_rule():
    spec = loads(case())
    assert not spec.errors, spec.errors
    (only,) = spec.cases
    assert set(only.variants) == kings() and {"cards4", "traditional"} <= kings()
    assert "app-facil" not in only.variants          # Fácil links king and ace


def test_a_format_6_case_passes_under_each_of_its_variants(tmp_path):
    path = tmp_path / "king.yaml"
    path.write_text(case(), encoding="utf-8")
    report = run([path], InProcessEngine())
    assert report.results and all(r.status == PASS for r in report.results)
    assert {r.variant for r in report.results} == kings()


def test_checks_names_the_rule_ids_the_variants_rules_must_implement():
    spec = loads(case(assumes="checks: [C4-02]"))       # a rule id only Cards4 says it plays
    assert not spec.errors, spec.errors
    assert set(spec.cases[0].variants) == {"cards4"}


def test_variant_names_filter_and_must_play_what_the_case_assumes():
    spec = loads(case(variants="[cards4]"))
    assert not spec.errors and spec.cases[0].variants == ("cards4",)
    bad = loads(case(variants="[cards4, app-facil]"))
    (error,) = bad.errors
    assert error.line == 9 and "'app-facil' does not play what the case assumes" in str(error)


@pytest.mark.parametrize("assumes, line, message", [
    ("assumes: {crown: king-ends-chain}", 8, "unknown slot 'crown'"),
    ("assumes: {king: kings-everywhere}", 8, "unknown rule 'kings-everywhere'"),
    ("checks: [C4-99]", 8, "unknown rule id 'C4-99'"),
])
def test_mistakes_in_assumes_and_checks_name_the_line(assumes, line, message):
    (error,) = loads(case(assumes=assumes)).errors
    assert error.line == line and message in str(error)


@pytest.mark.parametrize("key", ["assumes: {king: king-ends-chain}", "checks: [C4-07]"])
def test_an_older_format_refuses_the_new_fields(key):
    (error,) = loads(case(fmt=5, assumes=key)).errors
    assert "needs 'format: 6'" in str(error)


def test_a_rule_without_a_value_allows_every_value():
    spec = loads(case(assumes="assumes: {king: king-ends-chain, undo: undo-limit}"))
    assert not spec.errors
    reg = registry("solitaire")
    assert applies(find_variant("cards4+undo-limit=3", reg), spec.cases[0].assumes, reg)


def test_separable_slots_are_assumed_only_by_cases_that_read_them():
    assert reads("solitaire", ["draw"], ["legal"]) == frozenset()
    assert reads("solitaire", ["undo"], ["score"]) == {"undo", "scoring"}
    assert reads("card-game", ["act"], ["messages"]) == {"messages"}
    # a derived case that does not read the score runs under a variant of other scoring
    spec = loads(case(fmt=5, assumes="", variants="[cards4]"))
    reg = registry("solitaire")
    other = find_variant("cards4+app-points", reg)
    assert applies(other, spec.cases[0].assumes, reg)
    scored = loads(case(fmt=5, assumes="", variants="[cards4]").replace(
        "card: KS}", "card: KS, score: null}"))
    assert not scored.errors and not applies(other, scored.cases[0].assumes, reg)
