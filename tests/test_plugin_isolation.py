"""A broken plugin package installed beside golfcore is left out, not everything with it.

``tests/data/plugins/golf-broken`` is a real package (a module and its ``.dist-info``): one good
rule and variant, and entry points broken each in its own way (an import error, an attribute
that is not there, an object that is not a rule, a misspelt hook, a name and a code letter that
golfcore's own plugins already have, a variant that needs a rule left out, a card-game variant
with a parameter no rule takes, a bot and a hint strategy that cannot be loaded)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from golfcore import Game
from golfcore.cardgame.bots import BotError, find_bot
from golfcore.cli import main
from golfcore.errors import GolfError, VariantError
from golfcore.framework.compose import find_variant
from golfcore.framework.loading import PluginWarning
from golfcore.framework.registry import registry
from golfcore.solitaire import hints
from plugin_dist import DATA, ROOT, env, use
from test_web_server import GUARD, Server, Tab

#: Every entry point of the package that must be left out, by group.
LEFT_OUT = {
    "golfcore.solitaire.rules": {"missing", "misspelt", "not-a-rule", "strokes"},
    "golfcore.solitaire.variants": {"letter-thief", "lost", "misspelt-house"},
    "golfcore.cardgame.variants": {"bad-param", "card-traditional"},
}
BUILT_IN = {"app-clasico", "app-facil", "cards4", "empty-waste", "jokers", "putt-putt",
            "relaxed", "traditional", "card-golf", "six-card"}


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from use("golf-broken", monkeypatch)


def golf(*args: str) -> subprocess.CompletedProcess[str]:
    """The real ``golf`` with golf-broken installed beside golfcore."""
    return subprocess.run([sys.executable, "-m", "golfcore.cli", *args], capture_output=True,
                          text=True, env=env("golf-broken"), cwd=ROOT, timeout=120)


def test_each_broken_entry_point_is_left_out_once_and_the_rest_is_kept(broken):
    with pytest.warns(PluginWarning) as caught:
        solitaire, card = registry("solitaire"), registry("card-game")
    warned = [str(w.message) for w in caught if w.category is PluginWarning]
    records = solitaire.left_out + card.left_out
    assert {(r.group, r.entry_point) for r in records} == {
        (group, name) for group, names in LEFT_OUT.items() for name in names}
    assert len(warned) == len(records)                   # once each: the registry is kept
    assert all(w.startswith("plugin left out: golf-broken 1.0, entry point '") for w in warned)
    assert all(w.endswith("; run 'golf plugins' for details") for w in warned)
    why = {r.entry_point: r.error for r in records}
    assert why["missing"] == ("ModuleNotFoundError: No module named "
                              "'golf_broken_missing_module'")
    assert why["lost"].startswith("AttributeError: module 'golf_broken' has no attribute")
    assert "golf_rank_neighbors is not a solitaire hook" in why["misspelt"]
    assert "must be a subclass of golfcore.framework.variant.Rule" in why["not-a-rule"]
    assert "rule name 'strokes' is already taken by golfcore" in why["strokes"]
    assert "code letter 'K' of letter-thief is already taken by cards4" in why["letter-thief"]
    assert why["misspelt-house"].startswith("it needs the rule 'misspelt', which was left out")
    assert "option 'sevens' belongs to no rule" in why["bad-param"]
    assert why["card-traditional"] == ("variant name 'traditional' is already taken by the "
                                       "solitaire variant traditional (golfcore)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        records[0].error = ""                            # type: ignore[misc]
    # golfcore's own rule keeps its name; the good plugin is there and plays as written
    assert solitaire.rule_distributions["strokes"] == "golfcore"
    assert BUILT_IN <= {v.name for v in solitaire} | {v.name for v in card}
    house = find_variant("house-cards4+no-sevens")
    assert house.origin == "golf-broken" and house.rules["house"] == "no-sevens"
    plain, without = Game("cards4", deal=7), Game(house, deal=7)
    assert plain.position.columns[2][-1].rank == 7 and plain.play(3).accepted   # 7H on 8D
    refused = without.play(3)
    assert not refused.accepted and refused.reason == "no-sevens"
    assert {r.entry_point for r in solitaire.loaded if r.distribution == "golf-broken"} == {
        "no-sevens", "house-cards4"}


def test_asking_for_what_was_left_out_says_so_and_why(broken):
    with pytest.warns(PluginWarning):
        registry("solitaire")
    with pytest.raises(VariantError, match=r"variant 'misspelt-house' was left out: golf-broken "
                                           r"1.0, entry point 'misspelt-house' .*needs the rule "
                                           r"'misspelt'"):
        find_variant("misspelt-house")
    with pytest.raises(VariantError, match=r"variant 'lost' was left out: .*AttributeError"):
        find_variant("lost")
    with pytest.raises(VariantError, match=r"rule 'misspelt' was left out: .*golf_rank_neighbors"):
        find_variant("cards4+misspelt")
    with pytest.raises(VariantError, match=r"variant 'bad-param' was left out"):
        find_variant("bad-param")
    with pytest.raises(VariantError, match="unknown variant 'nothing-like-it'"):
        find_variant("nothing-like-it")
    with pytest.warns(PluginWarning, match="crashy"):
        with pytest.raises(BotError, match=r"bot 'crashy' was left out: golf-broken 1.0, .*"
                                           r"ModuleNotFoundError"):
            find_bot("crashy")
    assert find_bot("greedy").name == "greedy"
    with pytest.warns(PluginWarning, match="not-a-hint"):
        assert [s.name for s in hints.available_strategies()] == ["legal", "fair", "solver"]
    assert "not-a-hint" not in hints.hint_names()
    with pytest.raises(GolfError, match="hint strategy 'not-a-hint' was left out: .*is not a "
                                        "HintStrategy"):
        hints.hint_strategy("not-a-hint")


def test_golf_conform_fails_only_for_a_spec_or_variant_that_needs_a_left_out_plugin(
        broken, tmp_path, capsys):
    spec = tmp_path / "needs-house.yaml"
    spec.write_text((ROOT / "tests" / "data" / "nine-on-eight.spec.tmpl").read_text("utf-8")
                    .replace("{card}", "9C").replace("[cards4]", "[misspelt-house]"), "utf-8")
    assert main(["conform", str(spec)]) == 1
    captured = capsys.readouterr()
    text = captured.out
    assert captured.err.count("golf: warning: plugin left out: ") == 10  # golf reports them
    assert "variant 'misspelt-house' was left out" in text and "needs the rule 'misspelt'" in text
    assert main(["conform", "specs/cards4", "--variant", "misspelt-house"]) == 1
    assert "variant 'misspelt-house' was left out" in capsys.readouterr().err


def test_golf_plugins_lists_what_loaded_and_what_was_left_out(broken, capsys):
    assert main(["plugins", "--json", "--pretty"]) == 0
    pretty = capsys.readouterr().out
    assert pretty.startswith('{\n  "game": "solitaire",\n  "group": "golfcore.solitaire.rules"')
    assert main(["plugins"]) == 0                        # a report: 0 though some are out
    text = capsys.readouterr().out
    assert "solitaire: golfcore.solitaire.rules" in text
    assert "  loaded    no-sevens (golf-broken 1.0): rule 'no-sevens' (slot house)" in text
    assert ("  left out  missing (golf-broken 1.0, golf_broken_missing_module:Rule): "
            "ModuleNotFoundError: No module named 'golf_broken_missing_module'") in text
    assert "  left out  crashy (golf-broken 1.0, golf_broken_missing_module:Bot)" in text
    assert "  left out  not-a-hint (golf-broken 1.0, golf_broken:NOT_A_RULE)" in text
    assert ("  left out  not-a-factory (golf-broken 1.0, golf_broken:NOT_A_RULE): TypeError: "
            "engine entry point 'not-a-factory' loads str, not a factory") in text
    assert "  loaded    crashing (golf-broken 1.0): engine 'crashing'" in text
    assert text.rstrip().endswith(" loaded, 12 left out")


@pytest.mark.slow         # a whole conform run and more (9 s): in CI's slow run
def test_golf_variants_conform_and_plugins_work_beside_a_broken_package(tmp_path):
    listed = golf("variants", "--json")
    names = {json.loads(line)["name"] for line in listed.stdout.splitlines()}   # one a line
    assert BUILT_IN | {"house-cards4"} <= names
    assert not names & {"misspelt-house", "letter-thief", "lost", "bad-param"}
    warnings = listed.stderr.splitlines()
    assert "Traceback" not in listed.stderr
    assert len(warnings) == 10 and all(w.startswith("golf: warning: plugin left out: golf-broken "
                                                   "1.0, entry point '") for w in warnings)
    assert len(set(warnings)) == len(warnings)           # once each
    shown = golf("variants", "--show", "misspelt-house")
    assert shown.returncode == 1 and "Traceback" not in shown.stderr
    assert ("golf: error: variant 'misspelt-house' was left out: golf-broken 1.0, entry point "
            "'misspelt-house' in golfcore.solitaire.variants") in shown.stderr
    conformed = golf("conform", "specs")
    assert conformed.returncode == 0, conformed.stdout[-2000:]
    assert "Traceback" not in conformed.stderr
    plugins = golf("plugins", "--json")
    assert plugins.returncode == 0
    records = [json.loads(line) for line in plugins.stdout.splitlines()]
    out = {(r["group"], r["entry_point"]) for r in records if not r["loaded"]}
    assert out == {(g, n) for g, names in LEFT_OUT.items() for n in names} | {
        ("golfcore.cardgame.bots", "crashy"), ("golfcore.solitaire.hints", "not-a-hint"),
        ("golfcore.engines", "not-a-factory")}
    good = [r for r in records if r["loaded"] and r["distribution"] == "golf-broken"]
    assert {r["provides"] for r in good} == {
        "rule 'no-sevens' (slot house)", "variant 'house-cards4' (Cards4, as the house plays it)",
        "engine 'crashing'"}
    # golfcore is still judged by name; the broken engines are errors of their own
    ours = golf("conform", "--engine", "golfcore", "specs/cards4")
    assert ours.returncode == 0 and "Traceback" not in ours.stderr
    left = golf("conform", "--engine", "not-a-factory", "specs/cards4")
    assert left.returncode == 1 and "Traceback" not in left.stderr
    assert "golf: error: engine 'not-a-factory' was left out: golf-broken 1.0" in left.stderr
    crashed = golf("conform", "--engine", "crashing", "--engine", "golfcore", "specs/cards4",
                   "--results", str(tmp_path / "results.json"))
    assert crashed.returncode == 1 and "Traceback" not in crashed.stderr
    assert ("golf: error: engine 'crashing' could not start: RuntimeError: the engine's program "
            "is not installed") in crashed.stderr
    assert "passed, 0 failed" in crashed.stdout        # golfcore still ran
    assert all(r["error"] for r in records if not r["loaded"])


def test_golf_web_offers_the_built_in_variants_beside_a_broken_package(tmp_path):
    server = Server(tmp_path / "games.sqlite3", env=env("golf-broken"))
    try:
        with urllib.request.urlopen(server.url, timeout=GUARD) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
        hello = asyncio.run(_hello(server.ws_url))
    finally:
        server.stop()
    offered = {v["name"] for v in hello["variants"]}
    assert BUILT_IN | {"house-cards4"} <= offered
    assert not offered & {"misspelt-house", "letter-thief", "bad-param"}
    assert [v["game"] for v in hello["variants"] if v["name"] == "traditional"] == ["solitaire"]
    assert hello["web"]["bots"] == ["expert", "greedy", "random", "strong"]     # not crashy
    said = []
    while not server.stderr.empty():
        said.append(server.stderr.get())
    assert any("golf: warning: plugin left out: golf-broken 1.0" in line for line in said)
    assert not any("Traceback" in line for line in said)


async def _hello(url: str) -> dict:
    async with websockets.connect(url) as ws:
        return await Tab(ws)("hello")


assert (DATA / "golf-broken" / "golf_broken-1.0.dist-info" / "entry_points.txt").is_file()


def test_a_plugins_error_reaches_the_terminal_on_one_line_without_its_control_characters(
        tmp_path, monkeypatch, capsys):
    from plugin_dist import install

    source = 'raise ImportError("\\x1b[2J\\x1b]0;owned\\x07screen cleared\\nand a second line")\n'
    for _ in install(tmp_path, monkeypatch, "golf-rude", {"golf_rude": source},
                     "[golfcore.solitaire.rules]\nrude = golf_rude:Rule\n"):
        assert main(["variants", "--show", "cards4"]) == 0
        err = capsys.readouterr().err
        (line,) = [x for x in err.splitlines() if "golf-rude" in x]
        assert "\x1b" not in err and "\x07" not in err
        assert "ImportError: \\x1b[2J\\x1b]0;owned\\x07screen cleared and a second line" in line
