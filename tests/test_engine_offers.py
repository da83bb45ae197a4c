"""An engine that says what it plays (hello's offers) is judged by the cases of those rules.

The engine here is golfcore itself behind a front that renames its variants, as another engine
names its own, and says in `offers` which golfcore rules each plays: the suite must run exactly
the cases of those rules under the engine's names, fail when the claim is false, skip (never
fail) what depends on a slot the engine plays its own way, and compare only refusals when the
engine gives no reason codes."""

from __future__ import annotations

from typing import Any

import pytest

from golfcore.conformance.engines import EngineError, InProcessEngine
from golfcore.conformance.report import FAIL, PASS, SKIP
from golfcore.conformance.runner import run
from golfcore.conformance.specfile import default_paths


class Renamed:
    """golfcore under other names: ``names`` maps the engine's variant to the golfcore variant
    it really plays; ``offers`` is what its hello claims."""

    def __init__(self, names: dict[str, str], offers: list[dict[str, Any]],
                 reasons: bool = True) -> None:
        self.inner = InProcessEngine()
        self.names = names
        self.offers = offers
        self.reasons = reasons

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("cmd") == "hello":
            hello = self.inner.request(message)
            return {**hello, "engine": "renamed golfcore",
                    "variants": [{"name": n} for n in self.names], "offers": self.offers}
        if message.get("cmd") == "new" and message.get("variant") in self.names:
            message = {**message, "variant": self.names[message["variant"]]}
        reply = self.inner.request(message)
        if not self.reasons:
            reply.pop("reason", None)
        return reply

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return "renamed golfcore"


def by_status(report: Any) -> dict[str, list[Any]]:
    return {s: [r for r in report.results if r.status == s] for s in (PASS, FAIL, SKIP)}


def test_an_offer_runs_the_cases_of_the_rules_it_claims_under_its_own_name():
    plain = run(default_paths(), InProcessEngine(), ["cards4"])
    engine = Renamed({"klondike-golf": "cards4"},
                     [{"variant": "klondike-golf", "plays": "cards4"}])
    report = run(default_paths(), engine)
    got = by_status(report)
    assert got[FAIL] == [] and len(got[PASS]) > 50
    assert {r.variant for r in report.results} == {"klondike-golf"}
    # every case golfcore runs under cards4 runs here, but those that start from a golfcore
    # code (its letter names golfcore's variant): those are skipped, with the reason
    ran = {r.case.id for r in got[PASS]}
    expected = {r.case.id for r in plain.results if "code" not in r.case.start}
    assert ran == expected
    assert all("golfcore game code" in r.reason for r in got[SKIP])


def test_an_offer_that_claims_rules_it_does_not_play_fails_their_cases():
    # it plays Cards4 (draw at any time, a king ends the chain) but claims Fácil's rules
    engine = Renamed({"liar": "cards4"}, [{"variant": "liar", "plays": "app-facil"}])
    report = run(default_paths(), engine)
    failed = by_status(report)[FAIL]
    assert failed
    rules = {rule for r in failed for rule in r.case.rules}
    assert rules & {"APP-05", "APP-06", "APP-13", "APP-14"}, rules
    assert all(r.variant == "liar" for r in failed)


def test_a_slot_the_engine_plays_its_own_way_skips_the_cases_that_read_it():
    own = {"scoring": "counts the cards left as its score"}
    engine = Renamed({"mine": "cards4"}, [{"variant": "mine", "plays": "cards4", "own": own}])
    report = run(default_paths(), engine)
    got = by_status(report)
    assert got[FAIL] == []
    skipped = [r for r in got[SKIP] if "its own scoring" in r.reason]
    assert skipped and all(
        any(k in ("score", "score_kind", "best_score") for s in r.case.steps
            for k in list(s.expect) + [k for e in s.expect_by_variant.values() for k in e])
        for r in skipped)
    # cases that never read the score still run: all of cards4's but those
    plain = run(default_paths(), InProcessEngine(), ["cards4"])
    expected = {r.case.id for r in plain.results if "code" not in r.case.start} - \
        {r.case.id for r in skipped}
    assert {r.case.id for r in got[PASS]} == expected and len(expected) >= 40


def test_an_engine_without_reason_codes_is_judged_on_refusals_alone():
    plays = [{"variant": "quiet", "plays": "cards4",
              "features": ["position", "deal", "undo", "hint", "score", "messages", "solve"]}]
    report = run(default_paths(), Renamed({"quiet": "cards4"}, plays, reasons=False))
    assert by_status(report)[FAIL] == []
    # with the feature claimed, the missing reasons fail
    plays[0]["features"] = plays[0]["features"] + ["reasons"]
    report = run(default_paths(), Renamed({"quiet": "cards4"}, plays, reasons=False))
    failed = by_status(report)[FAIL]
    assert failed and all(f.field == "reason" for r in failed for f in r.failures)


@pytest.mark.parametrize("offers, message", [
    ({"variant": "x"}, "'offers' must be a list"),
    ([{"plays": "cards4"}], "needs a 'variant'"),
    ([{"variant": "x", "plays": "no-such-variant"}], "no-such-variant"),
    ([{"variant": "x", "plays": {"king": "ranks-linear"}}], "slot 'adjacency', not 'king'"),
    ([{"variant": "x", "plays": "cards4", "own": {"scoring": ""}}], "in words"),
    ([{"variant": "x", "plays": "cards4"}, {"variant": "x", "plays": "cards4"}], "twice"),
])
def test_offers_that_cannot_be_read_are_refused_with_the_reason(offers, message):
    engine = Renamed({"x": "cards4"}, offers)
    with pytest.raises(EngineError, match=message.replace("(", r"\(")):
        run(default_paths(), engine)


def test_a_slot_to_rule_claim_is_read_over_the_games_defaults():
    claim = {"adjacency": "ranks-linear", "king": "king-ends-chain", "draw": "draw-any-time",
             "waste": "one-card-waste", "scoring": "won-lost"}
    engine = Renamed({"k": "cards4"}, [{"variant": "k", "plays": claim}])
    report = run(default_paths(), engine)
    assert by_status(report)[FAIL] == [] and len(by_status(report)[PASS]) > 50
