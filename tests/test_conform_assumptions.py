"""A case runs under the variants whose rules it assumes: plugins that play other rules leave the
shipped suite passing, a plugin variant that plays the same rules runs the cases written for
them, and one that claims a rule and breaks it fails that rule's cases."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from golfcore.conformance.runner import FAIL, InProcessEngine, Report, run
from golfcore.conformance.specfile import default_paths

from plugin_dist import install, use
from test_plugin_guide import ENTRY_POINTS, FILES


def conform() -> Report:
    return run(default_paths(), InProcessEngine())


@pytest.fixture
def house_golf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example package of docs/plugins.md (sevens wild)."""
    modules = {f"golf_house_{name}": FILES[f"golf-house/golf_house/{name}.py"]
               for name in ("solitaire", "cardgame", "bots")}
    yield from install(tmp_path, monkeypatch, "golf-house", modules, ENTRY_POINTS)


@pytest.fixture
def package(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from use(request.param, monkeypatch)


def failed(report: Report) -> list[tuple[str, str]]:
    return sorted((r.case.id, r.variant) for r in report.results if r.status == FAIL)


@pytest.mark.slow         # a whole conform run (6 s): in CI's slow run, out of the quick start's
def test_the_guides_package_leaves_the_suite_passing(house_golf):
    report = conform()
    assert report.ok and failed(report) == [] and not report.errors
    ran = {r.variant for r in report.results}
    # sevens wild is a rule no case assumes: house-golf runs none of golfcore's cases
    assert "house-golf" not in ran and {"cards4", "card-golf"} <= ran


@pytest.mark.slow         # a whole conform run (5 s)
@pytest.mark.parametrize("package", ["golf-aceshigh"], indirect=True)
def test_an_aces_high_package_leaves_the_suite_passing(package):
    report = conform()
    assert failed(report) == [] and report.ok
    assert "aces-high-golf" not in {r.variant for r in report.results}


@pytest.mark.slow         # a whole conform run (5 s)
@pytest.mark.parametrize("package", ["golf-kingonace"], indirect=True)
def test_a_king_on_ace_package_leaves_the_suite_passing(package):
    from golfcore import Game
    from golfcore.solitaire.position import Position

    report = conform()
    assert failed(report) == [] and report.ok and not report.errors
    # its king rule is none a case assumes: its variant runs no case written for another king
    assert "king-on-ace-golf" not in {r.variant for r in report.results}
    assert {"cards4", "traditional"} <= {r.variant for r in report.results}
    # and it plays as its author wrote it: a king on an ace, nothing on the king
    game = Game("king-on-ace-golf", position=Position.from_text("stock: 2S\nwaste: AC\n1: QH KS"))
    assert game.play(1).accepted
    refused = game.play(1)
    assert not refused.accepted and refused.reason == "king-ends-chain"


@pytest.mark.parametrize("package", ["golf-liar"], indirect=True)
def test_a_variant_that_claims_a_rule_and_breaks_it_fails_its_cases(package):
    report = conform()
    fails = failed(report)
    assert fails and {variant for _, variant in fails} == {"liar-golf"}
    assert all("C4-07" in r.case.rules or "C4-08" in r.case.rules
               for r in report.results if r.status == FAIL)
    # and the cases of the rules it does play it passes
    assert any(r.variant == "liar-golf" and r.status == "pass" for r in report.results)
