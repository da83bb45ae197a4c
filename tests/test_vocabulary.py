"""One vocabulary per object (docs/api.md, "One vocabulary"): `Game` and `Match` answer to the
one interface's names, and each older duplicate still works, warns with what to write instead,
and gives the same result."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import golfcore
from golfcore import Game, GolfDeprecationWarning, Match, SolitaireRuleSet
from golfcore.cardgame import observation as card_observation
from golfcore.cardgame.observation import CardObservation
from golfcore.solitaire.observation import SolitaireObservation

ROOT = Path(__file__).resolve().parent.parent


def test_the_old_rule_set_name_warns_and_is_the_solitaires():
    with pytest.warns(GolfDeprecationWarning, match=r"golfcore\.RuleSet is deprecated since "
                      r"golfcore 0\.2 and may stop working in 0\.3: write "
                      r"golfcore\.SolitaireRuleSet instead"):
        old = golfcore.RuleSet
    assert old is SolitaireRuleSet
    assert "RuleSet" not in golfcore.__all__
    with pytest.warns(GolfDeprecationWarning, match="SolitaireRuleSet"):
        from golfcore import RuleSet
    assert RuleSet("cards4").jokers == SolitaireRuleSet("cards4").jokers
    with pytest.raises(AttributeError, match="has no attribute 'RuleSett'"):
        golfcore.RuleSett       # noqa: B018 - a typo is still an AttributeError


def test_game_legal_moves_is_legal_0():
    game = Game("app-facil", deal=1)
    with pytest.warns(GolfDeprecationWarning, match=r"Game\.legal_moves\(\).*Game\.legal\(0\)"):
        old = game.legal_moves()
    assert old == game.legal(0) and old


def test_game_apply_is_act_0():
    old, new = Game("app-facil", deal=1), Game("app-facil", deal=1)
    for move in ("draw", "1", "9"):          # accepted, refused, and a text that is no move
        try:
            with pytest.warns(GolfDeprecationWarning,
                              match=r"Game\.apply\(move\).*Game\.act\(0, move\)"):
                before = old.apply(move)
        except golfcore.GolfError as error:
            with pytest.raises(golfcore.GolfError, match=str(error)):
                new.act(0, move)
            continue
        after = new.act(0, move)
        assert (before.accepted, before.reason, before.state) == \
            (after.accepted, after.reason, after.state)
    assert old.state == new.state and old.moves == 1


def test_match_observe_and_spectator_are_the_observations_json():
    match = Match("card-golf", players=2, seed=4)
    match.act(0, "draw")
    for seat in (0, 1):
        with pytest.warns(GolfDeprecationWarning,
                          match=r"Match\.observe\(seat\).*Match\.observation\(seat\)\.to_json"):
            old = match.observe(seat)
        assert old == match.observation(seat).to_json()
    with pytest.warns(GolfDeprecationWarning,
                      match=r"Match\.spectator\(\).*Match\.observation\(None\)\.to_json"):
        watcher = match.spectator()
    assert watcher == match.observation(None).to_json() and watcher["legal"] == []


def test_the_observation_modules_json_functions_are_seen_to_json():
    match = Match("six-card", players=3, seed=2)
    rules, state = match.rules, match.state
    for seat in (0, 2, None):
        expected = card_observation.seen(rules, state, seat).to_json()
        assert expected.pop("code") is None           # the pure function knows no code
        with pytest.warns(GolfDeprecationWarning, match=r"observation\.observation\(rules, "
                          r"match, seat\).*seen\(rules, match, seat\)\.to_json\(\)"):
            assert card_observation.observation(rules, state, seat) == expected
    with pytest.warns(GolfDeprecationWarning, match=r"seen\(rules, match, None\)\.to_json"):
        assert card_observation.spectator(rules, state) == expected       # seat None, last


def test_the_solitaires_seen_position_has_a_name_of_its_own():
    """``Observation`` is the one interface's name; a position as its player sees it is a
    ``SeenPosition``, and the older names still work, warning."""
    from golfcore.solitaire import observation as solitaire_observation
    from golfcore.solitaire.observation import SeenPosition, seen_position

    position = Game("cards4", deal=3).position
    with pytest.warns(GolfDeprecationWarning, match=r"observation\.Observation is deprecated.*"
                      r"write golfcore\.solitaire\.observation\.SeenPosition instead"):
        assert solitaire_observation.Observation is SeenPosition
    with pytest.warns(GolfDeprecationWarning, match=r"observation\.observe is deprecated.*"
                      r"seen_position\(position\)"):
        old = solitaire_observation.observe(position)
    assert old == seen_position(position) and old.to_json()["stock"] is None
    assert {"Observation", "observe"}.isdisjoint(solitaire_observation.__all__)


def test_each_game_has_one_typed_observation_and_one_json_form():
    game, match = Game("app-facil", deal=1), Match("card-golf", players=2, seed=1)
    assert isinstance(game.observation(0), SolitaireObservation)
    assert isinstance(match.observation(1), CardObservation)
    # the solitaire's code stays beside its observation (it would name the stock's order)
    assert "code" not in game.observation(0).to_json() and game.code.startswith("GO1-")
    # the card game's is in it, None until the match is over
    assert match.observation(0).code is None and match.observation(0).to_json()["code"] is None


def test_golf_shows_a_plugins_deprecated_use_once(tmp_path: Path):
    """A plugin package written against the older name loads and plays; `golf` tells its user,
    once, on standard error, what the plugin's author must change."""
    (tmp_path / "old_house.py").write_text(textwrap.dedent('''
        import golfcore
        from golfcore.framework.variant import Variant

        RULES = golfcore.RuleSet            # the name it had before the card game
        OLD_HOUSE = Variant(name="old-house", title="Old house", game="solitaire",
                            rules={"adjacency": "ranks-linear", "king": "king-ends-chain",
                                   "draw": "draw-any-time", "waste": "one-card-waste",
                                   "scoring": "won-lost"})
        '''), encoding="utf-8")
    dist = tmp_path / "old_house-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: old-house\nVersion: 1.0\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        '[golfcore.solitaire.variants]\nold-house = old_house:OLD_HOUSE\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONWARNINGS",)}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    golf = Path(sys.executable).with_name("golf")
    run = subprocess.run([str(golf), "variants"], capture_output=True, text=True, env=env,
                         timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "old-house" in run.stdout
    warning = ("golfcore.RuleSet is deprecated since golfcore 0.2 and may stop working in 0.3: "
               "write golfcore.SolitaireRuleSet instead")
    assert run.stderr.count(warning) == 1, run.stderr
    assert "old_house.py" in run.stderr            # where the plugin uses it
