"""A plugin package written for golfcore 0.1 loads with warnings and plays as its author meant.

``tests/data/plugins/golf-oldhouse`` is such a package, left as it was written: a solitaire
variant without ``game=``, a card-game variant whose ``params`` use 0.1's keys (``jokers``,
``ender-ties``), and a lines rule whose ``golf_cancelling_lines`` numbers places from 0."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from golfcore import Game
from golfcore.cardgame.hookspecs import hookimpl
from golfcore.cardgame.rules import RuleSet as CardRuleSet
from golfcore.cardgame.scoring import board_score
from golfcore.errors import PluginError, VariantError
from golfcore.framework.compose import effective_rules, find_variant
from golfcore.framework.deprecation import GolfDeprecationWarning
from golfcore.framework.registry import registry
from golfcore.framework.variant import Rule, Variant
from golfcore.solitaire.rules import RuleSet as SolitaireRuleSet
from plugin_dist import ROOT, env, use
from registries import with_rules
from test_cardgame_engine import board, table

NO_GAME = r"Variant\(\.\.\.\) without game= \(variant 'old-house', golf-oldhouse 0\.3, entry "
PLACES = (r"rule 'corners-and-middle' \(golf-oldhouse 0\.3, .*\) answers golf_cancelling_lines "
          r"without places_from, so its places are read as numbered from 0")


@pytest.fixture
def oldhouse(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from use("golf-oldhouse", monkeypatch)


def load() -> list[str]:
    """Load both registries with golf-oldhouse installed; the deprecation warnings given."""
    with pytest.warns(GolfDeprecationWarning) as caught:
        registry("solitaire")
    return [str(w.message) for w in caught if issubclass(w.category, GolfDeprecationWarning)]


def test_the_package_loads_with_one_warning_per_old_form_each_saying_what_to_write(oldhouse):
    said = load()
    assert len(said) == 4, said
    assert any(s.startswith("Variant(...) without game= (variant 'old-house'") and
               s.endswith("write Variant(..., game='solitaire')") for s in said)
    assert any("parameter key 'jokers' (variant 'old-corners'" in s and "write 'two-decks'" in s
               for s in said)
    assert any("parameter key 'ender-ties'" in s and "write 'ender-penalty'" in s for s in said)
    assert any("set places_from = 1 on the rule class" in s for s in said)
    assert all("deprecated since golfcore 0.2 and may stop working in 0.3" in s for s in said)
    solitaire, card = registry("solitaire"), registry("card-game")
    assert solitaire.left_out == () and card.left_out == ()
    warned = {r.entry_point: r.warnings for r in solitaire.loaded + card.loaded
              if r.distribution == "golf-oldhouse"}
    assert [len(warned[n]) for n in ("old-house", "corners-and-middle", "old-corners")] == [1, 1, 2]


def test_a_solitaire_variant_without_game_plays_as_relaxed_golf(oldhouse):
    load()
    house = find_variant("old-house")
    assert house.game == "solitaire" and house.origin == "golf-oldhouse"
    for deal in (1, 7, 30):
        mine, relaxed = Game(house, deal=deal), Game("relaxed", deal=deal)
        assert mine.legal(0) == relaxed.legal(0)
        assert mine.position.to_text() == relaxed.position.to_text()


def test_a_card_variant_with_old_keys_and_0_based_lines_plays_as_its_author_meant(oldhouse):
    load()
    corners = find_variant("old-corners")
    assert dict(corners.params)["two-decks"] == 0 and "jokers" not in corners.params
    assert dict(corners.params)["ender-penalty"] == "ties"
    rules = CardRuleSet(corners)
    assert rules.options["two-decks"] == 0 and len(rules.deck) == 104      # no jokers
    # the author's 0-based corners and middle row, read as places 1 3 7 9 and 4 5 6
    assert rules.lines == ((0, 2, 6, 8), (3, 4, 5))
    assert rules.ender_score(5, [5, 9]) == 15                # a tie for lowest: penalised
    # the corners (four sevens) and the middle row (three threes) count 0: 2D and KD are left
    assert board_score(rules, board("7C 2D 7H 3S 3D 3C 7S KD 7D")) == 2
    # ... in a match as well: what the other seat sees of a board turned up
    match = table("old-corners", ["7C 2D 7H 3S 3D 3C 7S KD 7D", "~AC ~2C ~3C ~4C ~5C ~6C ~8C "
                                  "~9C ~TC"], stock="8H 8D 8C", discard="TC")
    assert match.observation(1).showing[0] == 2
    # composing it with golfcore's options still works, under the new keys
    assert CardRuleSet(find_variant("old-corners+two-decks=2")).options["two-decks"] == 2


def test_the_golf_command_shows_each_warning_once_and_plays_the_old_variants():
    shown = subprocess.run(
        [sys.executable, "-m", "golfcore.cli", "variants", "--show", "old-corners"],
        capture_output=True, text=True, env=env("golf-oldhouse"), cwd=ROOT, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "lines     corners-and-middle" in shown.stdout and "two-decks=0" in shown.stdout
    assert "ender-penalty=ties" in shown.stdout
    said = [line for line in shown.stderr.splitlines() if "GolfDeprecationWarning" in line]
    assert len(said) == 4 and len(set(said)) == 4, shown.stderr
    assert "Traceback" not in shown.stderr


# -- the same rules for a program's own rules and variants ---------------------------------------


class Undeclared(Rule):
    """Written for 0.1 (no places_from) but numbering from 1: place 9 is out of 0 to 8."""

    name = "undeclared"
    slot = "lines"

    @hookimpl
    def golf_cancelling_lines(self, rows, columns, options):
        return [(1, 5, 9)]


class Declared(Rule):
    """The current API: places from 1, said so."""

    name = "declared"
    slot = "lines"
    places_from = 1

    @hookimpl
    def golf_cancelling_lines(self, rows, columns, options):
        return [(1, 5, 9)]


def test_an_undeclared_rule_is_never_shifted_silently():
    with pytest.warns(GolfDeprecationWarning, match="rule 'undeclared' .* without places_from"):
        reg = with_rules(Undeclared, Declared, game="card-game")
    assert CardRuleSet("card-golf+declared", reg).lines == ((0, 4, 8),)
    with pytest.raises(PluginError, match=r"rule 'undeclared' answered golf_cancelling_lines "
                                          r"\(1, 5, 9\): it does not say places_from = 1, so its "
                                          r"places are read as numbered from 0 to 8.*set "
                                          r"places_from = 1 on the rule class"):
        CardRuleSet("card-golf+undeclared", reg)

    class Twice(Declared):
        name = "twice"
        places_from = 2

    with pytest.raises(PluginError, match="places_from is 2; board places are numbered from 1"):
        with_rules(Twice, game="card-game")


def test_a_variant_without_game_takes_the_game_it_is_given_to_else_is_an_error():
    rules = {"adjacency": "ranks-linear", "king": "queen-on-king", "draw": "draw-any-time",
             "waste": "one-card-waste", "scoring": "won-lost"}
    mine = Variant(name="mine", title="Mine", rules=rules)             # no TypeError
    assert mine.game == ""
    with pytest.raises(VariantError, match="variant 'mine' names no game: write Variant"):
        effective_rules(mine)
    with pytest.warns(GolfDeprecationWarning, match=r"variant 'mine', given to a solitaire rule "
                                                    r"set\).*write Variant\(\.\.\., "
                                                    r"game='solitaire'\)"):
        played = SolitaireRuleSet(mine)
    assert played.variant.game == "solitaire" and played.rules == effective_rules(
        find_variant("relaxed"))
    reg = with_rules()
    with pytest.warns(GolfDeprecationWarning, match="write Variant\\(..., game='solitaire'\\)"):
        reg.add_variant(mine, "my program")
    assert reg.variant("mine").game == "solitaire"


def test_old_parameter_keys_of_a_programs_variant_are_read_as_the_new_ones():
    base = find_variant("card-golf")
    old = Variant(name="old-keys", title="t", game="card-game", rules=dict(base.rules),
                  params={"jokers": 2})
    with pytest.warns(GolfDeprecationWarning, match="parameter key 'jokers' .*write 'two-decks'"):
        assert CardRuleSet(old).options["two-decks"] == 2
    both = Variant(name="both-keys", title="t", game="card-game", rules=dict(base.rules),
                   params={"jokers": 2, "two-decks": 1})
    with pytest.raises(VariantError, match="params give both 'jokers' and 'two-decks'.*keep "
                                           "'two-decks'"):
        CardRuleSet(both)
    # the solitaire's own 'jokers' rule is keyed 'jokers' as ever: nothing to translate
    assert SolitaireRuleSet("cards4+jokers=2").options["jokers"] == 2
