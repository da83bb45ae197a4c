"""The plugin framework: hooks documented and used, third-party rules and variants loaded by entry
point, misspelt hooks and broken plugins failing loudly."""

from __future__ import annotations

import inspect
import re
import sys
import textwrap
from pathlib import Path

import pytest

from golfcore import Game, Position
from golfcore.cardgame import hookspecs as card_hookspecs
from golfcore.solitaire import hookspecs
from golfcore.framework.loading import PluginWarning
from golfcore.errors import PluginError, VariantError
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.rules import RuleSet
from golfcore.framework.compose import effective_rules, find_variant
from golfcore.framework.games import game_kind
from golfcore.framework.registry import Registry, load_registry, registry
from golfcore.framework.variant import Rule, Variant
from golfcore.cards import Card
from tests.registries import with_rules

ROOT = Path(__file__).resolve().parent.parent
SPECS = {"solitaire": hookspecs, "card-game": card_hookspecs}
HOOKS = sorted((game, name) for game, module in SPECS.items() for name, obj in vars(module).items()
               if name.startswith("golf_") and callable(obj))


def test_there_are_hooks():
    assert len([h for h in HOOKS if h[0] == "solitaire"]) >= 10
    assert len([h for h in HOOKS if h[0] == "card-game"]) >= 10


@pytest.mark.parametrize("game, hook", HOOKS)
def test_every_hook_is_documented_at_its_spec(game, hook):
    """As pytest's hookspec.py: each spec says what it decides and how results combine."""
    doc = inspect.getdoc(getattr(SPECS[game], hook)) or ""
    assert len(doc) > 80
    assert re.search(r"First answer wins|Combination", doc), "say how results combine"


@pytest.mark.parametrize("game, hook", HOOKS)
def test_every_hook_is_implemented_by_a_builtin_rule(game, hook):
    implemented = {name for cls in registry(game).rules.values() for name in dir(cls)
                   if name.startswith("golf_")}
    assert hook in implemented


@pytest.mark.parametrize("game, hook", HOOKS)
def test_every_hook_is_in_the_readme(game, hook):
    assert hook in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", SPECS)
def test_every_builtin_rule_is_described(game):
    # golfcore's catalogue's ids; TextArena's rules (variants/cardgame/textarena.py) cite the
    # catalogue of specs/textarena/RULES.md
    ids = re.compile(r"^(APP|C4|CG)-\d\d$|^textarena:TA-\d\d$")
    for name, rule in registry(game).rules.items():
        assert rule.name == name and rule.slot and rule.summary
        assert rule.rule_ids and all(ids.match(i) for i in rule.rule_ids), name


def test_the_eight_variants_and_their_letters():
    reg = registry("solitaire")
    letters = {v.name: v.letter for v in reg}
    assert letters == {"app-facil": "E", "app-clasico": "C", "cards4": "K", "traditional": "T",
                       "putt-putt": "P", "relaxed": "R", "jokers": "J", "empty-waste": "V"}
    assert reg.by_letter("N").name == "app-facil"
    with pytest.raises(VariantError, match="unknown variant letter 'Z'"):
        reg.by_letter("Z")


def test_misspelt_hook_fails_loudly():
    """tox-style check_pending(): a rule implementing a hook that does not exist is an error."""

    class Misspelt(Rule):
        name = "misspelt"
        slot = "adjacency"
        rule_ids = ("APP-03",)
        summary = "broken"

        @hookimpl
        def golf_rank_neighbors(self, rank, options):  # American spelling: not a hook
            return [rank]

    with pytest.raises(PluginError, match="golf_rank_neighbors is not a solitaire hook \\(did you "
                                          "mean golf_rank_neighbours\\?\\)"):
        with_rules(Misspelt)          # refused as it is registered, before any rule set


def test_wrong_hook_arguments_fail_loudly():
    class BadArgs(Rule):
        name = "bad-args"
        slot = "adjacency"
        rule_ids = ("APP-03",)
        summary = "broken"

        @hookimpl
        def golf_rank_neighbours(self, rank, colour):
            return [rank]

    with pytest.raises(PluginError, match="bad-args"):
        with_rules(BadArgs)


def test_a_rule_must_fill_the_slot_it_is_given():
    reg = with_rules()
    bad = Variant(name="bad", title="bad", rules={"draw": "ranks-linear"}, game="solitaire")
    with pytest.raises(VariantError, match="decides the adjacency rule, not the draw rule"):
        reg.add_variant(bad, "test")
        reg.check()


# -- a real third-party package, found through its entry points --------------------------------

THIRD_PARTY = '''
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import deny
from golfcore.framework.variant import Rule, Variant


class NoSevens(Rule):
    """A house rule: sevens may never be played."""
    name = "no-sevens"
    slot = "house"
    rule_ids = ("APP-03",)
    summary = "sevens never play"

    @hookimpl
    def golf_play_verdict(self, card, waste, adjacent, options):
        return deny("no-sevens") if card.rank == 7 else None

    @hookimpl
    def golf_message(self, reason, lang, options):
        if reason == "no-sevens":
            return "Los sietes no se juegan" if lang == "es" else "Sevens never play"
        return None


HOUSE = Variant(name="house", title="House rules", letter="H", game="solitaire",
                rules={"adjacency": "ranks-linear", "king": "queen-on-king",
                       "draw": "draw-any-time", "waste": "one-card-waste",
                       "scoring": "won-lost", "house": "no-sevens"})
'''


@pytest.fixture
def third_party(tmp_path, monkeypatch):
    pkg = tmp_path / "golf_house.py"
    pkg.write_text(textwrap.dedent(THIRD_PARTY), encoding="utf-8")
    dist = tmp_path / "golf_house-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: golf-house\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[golfcore.solitaire.rules]\nno-sevens = golf_house:NoSevens\n\n"
        "[golfcore.variants]\nhouse = golf_house:HOUSE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield load_registry("solitaire")
    sys.modules.pop("golf_house", None)


def test_third_party_variant_is_loaded_and_plays(third_party):
    reg = third_party
    house = reg.variant("house")
    assert house.origin == "golf-house"
    assert reg.rule_origins["no-sevens"].startswith("golf-house")
    rules = RuleSet(house, reg=reg)
    game = Game(rules, position=Position.build([["7C"], ["9D"]], ["2S"], ["8H"]))
    refused = game.play(1)
    assert refused.reason == "no-sevens"
    assert refused.messages == {"es": "Los sietes no se juegan", "en": "Sevens never play"}
    assert game.play(2).accepted
    # a third-party rule composes with a built-in variant too
    assert find_variant("cards4+no-sevens", reg).rules["house"] == "no-sevens"


def test_broken_third_party_plugin_is_left_out_naming_itself(tmp_path, monkeypatch):
    """A plugin that cannot be imported no longer takes the registry down: it is left out,
    warned about once, and recorded with its distribution, entry point and error."""
    dist = tmp_path / "golf_broken-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: golf-broken\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[golfcore.solitaire.rules]\nbroken = golf_missing:Nope\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.warns(PluginWarning, match="plugin left out: golf-broken 1.0, entry point "
                                           "'broken' in golfcore.solitaire.rules"):
        reg = load_registry("solitaire")
    (record,) = reg.left_out
    assert (record.distribution, record.version, record.entry_point) == ("golf-broken", "1.0",
                                                                         "broken")
    assert record.error == "ModuleNotFoundError: No module named 'golf_missing'"
    assert reg.variant("cards4").name == "cards4"              # the built-ins still load


# -- two games in one framework --------------------------------------------------------------------


def test_each_game_has_its_own_variants_and_letters():
    solitaire, card = registry("solitaire"), registry("card-game")
    assert {v.game for v in solitaire} == {"solitaire"}
    assert {v.name: v.letter for v in card} == {"card-golf": "G", "six-card": "S",
                                                "textarena-golf": None}
    assert card.by_letter("S").name == "six-card"
    with pytest.raises(VariantError, match="unknown variant letter 'S'"):
        solitaire.by_letter("S")
    assert find_variant("six-card").game == "card-game"
    assert find_variant("cards4").game == "solitaire"


def test_the_framework_assumes_no_game():
    """A caller names the game: a variant, a registry and a lookup take no default game."""
    import inspect

    from golfcore.framework import registry as registry_module

    # a variant without game= is no TypeError any more (golfcore 0.1 let it be left out): it
    # takes a game only from where it is found (tests/test_plugin_compat.py); alone it has none
    gameless = Variant(name="house", title="House rules", rules={})
    with pytest.raises(VariantError, match="variant 'house' names no game: write "
                                           "Variant\\(..., game='solitaire' or 'card-game'\\)"):
        effective_rules(gameless)
    with pytest.raises(TypeError, match="kind"):
        Registry()
    for function in (registry_module.load_registry, registry_module.registry.__wrapped__,
                     find_variant):
        first = next(iter(inspect.signature(function).parameters.values()))
        assert first.default is inspect.Parameter.empty, function
    # an empty registry of the card game knows only that game
    empty = Registry(game_kind("card-game"))
    assert empty.game == "card-game" and list(empty) == []
    with pytest.raises(PluginError, match="says it is a solitaire variant"):
        empty.add_variant(registry("solitaire").variant("cards4"), "test")


def test_the_package_exports_both_games_alike():
    import golfcore
    from golfcore.cardgame.rules import RuleSet as CardRules

    assert golfcore.Match.from_code("GC1-G233-AAAAAAB").code == "GC1-G233-AAAAAAB"
    assert golfcore.parse_match_code("GC1-G233-AAAAAAB") == golfcore.MatchCode("G", 2, (3, 3), 1)
    assert golfcore.CardGameRuleSet is CardRules and golfcore.SolitaireRuleSet is RuleSet
    assert isinstance(golfcore.Match("six-card", seed=1).state, golfcore.MatchState)
    assert isinstance(golfcore.Game("cards4", deal=1).state, golfcore.GameState)
    every = [v.game for v in golfcore.variants()]
    assert every == sorted(every, key=["solitaire", "card-game"].index)
    assert set(every) == {"solitaire", "card-game"}
    assert {v.name for v in golfcore.variants("card-game")} >= {"card-golf", "six-card"}
    assert all(hasattr(golfcore, name) for name in golfcore.__all__)


def test_a_rule_of_one_game_cannot_compose_with_the_other():
    with pytest.raises(VariantError, match="unknown rule 'shape' for the solitaire"):
        find_variant("cards4+shape=3x3")
    with pytest.raises(VariantError, match="unknown rule 'jokers' for the card-game"):
        find_variant("card-golf+jokers=2")


def test_a_card_game_variant_is_not_a_solitaire_rule_set():
    with pytest.raises(VariantError, match="six-card is a card-game variant"):
        RuleSet("six-card")


def test_both_games_rule_sets_live_side_by_side():
    """No global plugin manager: a solitaire and two card-game rule sets in one process."""
    from golfcore.cardgame.rules import RuleSet as CardRules

    a, b, c = RuleSet("cards4"), CardRules("card-golf"), CardRules("six-card")
    assert len({id(a.pm), id(b.pm), id(c.pm)}) == 3
    assert (b.values[Card(2, "S")], c.values[Card(2, "S")]) == (2, -2)
    assert b.shape == (3, 3) and c.shape == (2, 3)


def test_a_card_game_rule_with_a_misspelt_hook_fails_loudly():
    class Misspelt(Rule):
        name = "misspelt"
        slot = "values"
        rule_ids = ("CG-08",)
        summary = "broken"

        @hookimpl
        def golf_card_values(self, card, options):  # plural: not a hook
            return 1

    reg = Registry(registry("card-game").kind)
    base = registry("card-game")
    for name, rule in base.rules.items():
        reg.add_rule(rule, base.rule_origins[name])
    for variant in base:
        reg.add_variant(variant, variant.origin)
    with pytest.raises(PluginError, match="golf_card_values is not a card-game hook"):
        reg.add_rule(Misspelt, "test")
