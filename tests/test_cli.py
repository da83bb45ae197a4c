"""The ``golf`` command: what a person or a script sees on stdout and stderr, and exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import golfcore  # noqa: E402
from golfcore.cli import COMMANDS, main  # noqa: E402
from golfcore.framework.compose import effective_rules  # noqa: E402
from golfcore.framework.games import game_kind, game_names  # noqa: E402
from golfcore.framework.registry import all_variants, registry  # noqa: E402
from golfcore.framework.variant import Rule, Variant  # noqa: E402

#: PySolFC Golf deal 1 in the position text form.
DEAL_1 = (Path(__file__).parent / "data" / "deal-1.txt").read_text(encoding="utf-8")

LETTERS = {"app-facil": "E", "app-clasico": "C", "cards4": "K", "traditional": "T",
           "putt-putt": "P", "relaxed": "R", "jokers": "J", "empty-waste": "V"}


#: Every game ``golf variants`` may name.
GAMES = {"solitaire", "card-game"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def variants_table(out: str) -> list[dict[str, str]]:
    """The first table of ``golf variants``, each row as {column: cell}, cut at the header's
    column starts (a cell such as ``E (legacy N)`` holds spaces)."""
    lines = out.splitlines()
    header = lines[0]
    names = header.split()
    starts = [header.index(name) for name in names]
    rows = []
    for line in lines[1:]:
        if not line.strip():
            break
        cells = [line[a:b].strip() for a, b in zip(starts, starts[1:] + [len(line)])]
        rows.append(dict(zip(names, cells)))
    return rows


@pytest.fixture
def card_game_variant(monkeypatch) -> str:
    """The name of a card-game variant: an installed one, else a test variant added to the
    card game's registry for the test (with stand-in rules for the game's default slots)."""
    installed = [v.name for v in registry("card-game")]
    if installed:
        return installed[0]
    reg = registry("card-game")
    kind = game_kind("card-game")
    for slot, name in kind.defaults.items():
        if name not in reg.rules:
            rule = type(f"StandIn_{slot}", (Rule,),
                        {"name": name, "slot": slot, "summary": f"a stand-in {slot} rule"})
            monkeypatch.setitem(reg.rules, name, rule)
            monkeypatch.setitem(reg.rule_origins, name, "tests")
    variant = Variant(name="test-card-variant", title="A card-game variant for the tests",
                      rules={}, origin="tests", game="card-game")
    monkeypatch.setitem(reg.variants, variant.name, variant)
    return variant.name


# -- golf variants --------------------------------------------------------------------------------


def test_variants_lists_the_eight_variants_with_their_letters(capsys):
    code, out, err = run(capsys, "variants")
    assert code == 0 and err == ""
    rows = variants_table(out)
    assert out.splitlines()[0].split() == ["name", "letter", "game", "title", "from"]
    table = {row["name"]: row["letter"].split()[0] for row in rows if row["game"] == "solitaire"}
    assert table == LETTERS
    facil = next(line for line in out.splitlines() if line.startswith("app-facil "))
    assert "E (legacy N)" in facil
    # each variant's rules slot by slot, with rule ids
    assert "king-ends-chain" in out and "undo-limit=100" in out and "jokers=1" in out
    assert "[APP-13 APP-14 APP-15]" in out
    assert "from golfcore" in out


def test_variants_json(capsys):
    code, out, _ = run(capsys, "variants", "--json")
    assert code == 0
    data = [json.loads(line) for line in out.splitlines()]      # one variant a line
    assert len(data) == len(all_variants())
    code, pretty, _ = run(capsys, "variants", "--json", "--pretty")
    assert code == 0 and pretty.startswith("{\n  \"name\": ")
    assert {v["name"]: v["letter"] for v in data if v["game"] == "solitaire"} == LETTERS
    facil = next(v for v in data if v["name"] == "app-facil")
    assert facil["legacy_letters"] == ["N"]
    assert facil["origin"] == "golfcore"
    slots = {r["slot"]: r for r in facil["rules"]}
    assert slots["adjacency"]["rule"] == "ranks-circular"
    assert slots["undo"]["label"] == "undo-limit=100"
    assert "APP-15" in slots["undo"]["rule_ids"]


def test_variants_lists_every_game_with_a_game_column(capsys, card_game_variant):
    code, out, err = run(capsys, "variants")
    assert code == 0 and err == ""
    rows = variants_table(out)
    games = {row["name"]: row["game"] for row in rows}
    assert games == {v.name: v.game for v in all_variants()}
    assert set(games.values()) <= GAMES
    assert all(games[name] == "solitaire" for name in LETTERS)
    assert games[card_game_variant] == "card-game"
    # each variant's block names its game too
    assert f"{card_game_variant}   " in out and "game card-game" in out
    assert "game solitaire" in out


def test_variants_json_gives_each_variant_its_game(capsys, card_game_variant):
    code, out, _ = run(capsys, "variants", "--json")
    assert code == 0
    data = [json.loads(line) for line in out.splitlines()]
    assert all(v["game"] in GAMES for v in data)
    assert all(v["game"] == "solitaire" for v in data if v["name"] in LETTERS)
    assert {v["name"] for v in data} == {v.name for v in all_variants()}
    card = next(v for v in data if v["name"] == card_game_variant)
    assert card["game"] == "card-game"
    # the rules are the card game's, slot by slot in its order, its defaults included
    variant = registry("card-game").variant(card_game_variant)
    assert [r["slot"] for r in card["rules"]] == list(effective_rules(variant))
    assert [r["rule"] for r in card["rules"]] == list(effective_rules(variant).values())
    slots = [r["slot"] for r in card["rules"]]
    assert slots == sorted(slots, key=game_kind("card-game").slot_key)


def test_variants_show_a_card_game_variant(capsys, card_game_variant):
    code, out, err = run(capsys, "variants", "--show", card_game_variant, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["name"] == card_game_variant and data["game"] == "card-game"
    code, out, _ = run(capsys, "variants", "--show", card_game_variant)
    assert code == 0 and out.startswith(card_game_variant) and "game card-game" in out
    # a composed card-game variant: one of its own rules named again as a modifier
    rule = data["rules"][0]["rule"]
    code, out, err = run(capsys, "variants", "--show", f"{card_game_variant}+{rule}", "--json")
    assert code == 0, err
    composed = json.loads(out)
    assert composed["game"] == "card-game" and composed["composed"] is True
    assert composed["name"].startswith(f"{card_game_variant}+")


def test_variants_diff_within_the_card_game(capsys, card_game_variant):
    code, out, err = run(capsys, "variants", "--diff", card_game_variant, card_game_variant)
    assert code == 0 and err == "" and "no differences" in out


def test_variants_of_two_games_cannot_be_compared(capsys, card_game_variant):
    for argv in (["app-facil", card_game_variant], [card_game_variant, "cards4+jokers=2"]):
        code, out, err = run(capsys, "variants", "--diff", *argv)
        assert code == 1 and out == ""
        assert err.startswith("golf: error: ")
        assert "solitaire" in err and "card-game" in err
        code, out, err = run(capsys, "variants", "--diff", *argv, "--json")
        assert code == 1 and out == "" and err.startswith("golf: error: ")


def test_every_game_is_known_to_golf_variants():
    assert set(game_names()) == GAMES


def test_variants_diff_shows_the_adjacency_slot(capsys):
    code, out, err = run(capsys, "variants", "--diff", "app-facil", "app-clasico")
    assert code == 0 and err == ""
    rows = [line.split() for line in out.splitlines()]
    adjacency = next(row for row in rows if row and row[0] == "adjacency")
    assert adjacency[1:3] == ["ranks-circular", "ranks-linear"]
    assert "APP-08" in adjacency
    assert not any(row and row[0] in ("king", "draw", "scoring") for row in rows)


def test_variants_diff_of_equal_composed_variants(capsys):
    code, out, _ = run(capsys, "variants", "--diff", "jokers", "cards4+jokers")
    assert code == 0
    assert "no differences" in out


def test_variants_diff_json(capsys):
    code, out, _ = run(capsys, "variants", "--diff", "cards4+jokers=2", "jokers", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["differences"] == [
        {"slot": "jokers", "left": "jokers=2", "right": "jokers=1", "rule_ids": ["APP-18"]}]


def test_variants_show_a_composed_variant(capsys):
    code, out, _ = run(capsys, "variants", "--show", "traditional+draw-any-time")
    assert code == 0
    assert out.startswith("traditional+draw-any-time")
    assert "no code letter" in out
    assert "draw-any-time" in out and "draw-when-stuck" not in out
    code, out, _ = run(capsys, "variants", "--show", "cards4+jokers=2", "--json")
    assert code == 0 and json.loads(out)["options"] == {"jokers": 2}


def test_conflicting_composition_is_an_error(capsys):
    code, out, err = run(capsys, "variants", "--show", "cards4+ranks-circular")
    assert code == 1 and out == ""
    assert err.startswith("golf: error: conflicting options")


def test_unknown_variant_suggests_a_name(capsys):
    code, out, err = run(capsys, "variants", "--show", "app-facl")
    assert code == 1 and out == ""
    assert err.startswith("golf: error: unknown variant 'app-facl'")
    assert "did you mean 'app-facil'?" in err
    code, _, err = run(capsys, "deal", "--number", "1", "--variant", "cards5")
    assert code == 1 and "did you mean 'cards4'?" in err


def test_diff_and_show_are_exclusive(capsys):
    code, _, err = run(capsys, "variants", "--show", "cards4", "--diff", "cards4", "jokers")
    assert code == 2 and "not allowed with" in err


# -- golf deal ------------------------------------------------------------------------------------


def test_deal_prints_pysolfc_deal_1(capsys):
    code, out, err = run(capsys, "deal", "GO1-C-AAAAAAB")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "# code: GO1-C-AAAAAAB"
    assert lines[1].startswith("# variant: app-clasico")
    assert "\n".join(lines[3:]) + "\n" == DEAL_1
    # the text form reads back as the same position
    assert golfcore.Position.from_text(out) == golfcore.Game.from_code("GO1-C-AAAAAAB").position


def test_deal_by_number_and_variant(capsys):
    code, out, _ = run(capsys, "deal", "--number", "1", "--variant", "app-clasico")
    assert code == 0 and out.splitlines()[0] == "# code: GO1-C-AAAAAAB" and out.endswith(DEAL_1)
    code, out, _ = run(capsys, "deal", "--number", "1", "--variant", "cards4+jokers=2")
    assert code == 0 and "no code letter" in out and out.count("JK") == 2


def test_deal_formats(capsys):
    code, out, _ = run(capsys, "deal", "GO1-C-AAAAAAB", "--format", "unicode")
    assert code == 0 and "waste: 10♥" in out and "1: J♦ 5♥ K♥ A♠ 4♥" in out
    code, out, _ = run(capsys, "deal", "GO1-C-AAAAAAB", "--format", "spanish")
    assert code == 0
    assert "Mazo: 16 cartas; descarte: 10 de corazones." in out
    assert ("Columna 1: jota de diamantes, 5 de corazones, rey de corazones, as de picas, "
            "4 de corazones (libre: 4 de corazones)") in out
    code, out, _ = run(capsys, "deal", "GO1-C-AAAAAAB", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["code"] == "GO1-C-AAAAAAB" and data["waste"] == "TH" and data["stock"] == 16
    assert data["position"]["columns"][0] == ["JD", "5H", "KH", "AS", "4H"]
    code, again, _ = run(capsys, "deal", "GO1-C-AAAAAAB", "--json")
    assert code == 0 and again == out


@pytest.mark.parametrize("bad", ["GO1-C-AAAA", "GO2-C-AAAAAAB", "GO1-C-AAAAAAA", "GO1-X-AAAAAAB"])
def test_bad_code_is_an_error_quoting_it(capsys, bad):
    code, out, err = run(capsys, "deal", bad)
    assert code == 1 and out == ""
    assert err.startswith("golf: error: ") and repr(bad) in err


def test_deal_usage_errors(capsys):
    code, out, err = run(capsys, "deal")
    assert code == 2 and out == "" and "usage: golf deal" in err
    code, _, err = run(capsys, "deal", "GO1-C-AAAAAAB", "--number", "2")
    assert code == 2 and "not both" in err
    code, _, err = run(capsys, "deal", "GO1-C-AAAAAAB", "--format", "xml")
    assert code == 2 and "invalid choice" in err
    code, _, err = run(capsys, "deal", "--number", "0")
    assert code == 1 and "golf: error: deal number 0" in err


# -- golf play ------------------------------------------------------------------------------------


def test_play_moves_and_summary(capsys):
    code, out, err = run(capsys, "play", "GO1-C-AAAAAAB", "draw", "4", "undo")
    assert code == 0 and err == ""
    assert "1. draw: drew 8H" in out
    assert "2. 4: played 7S from column 4" in out
    fields = dict(line.split(":", 1) for line in out.splitlines() if not line[0].isdigit())
    assert fields["status"].strip() == "playing"
    assert fields["waste"].strip() == "8H"
    assert fields["stock"].strip() == "15 cards"
    assert fields["moves"].strip() == "2"     # undo adds no move and never lowers the count
    assert fields["tableau"].strip() == "35 cards"
    assert fields["score"].strip() == "0 points"
    assert fields["legal"].split() == ["4", "draw"]


def test_play_refused_move(capsys):
    code, out, err = run(capsys, "play", "GO1-C-AAAAAAB", "1", "draw")
    assert code == 1
    assert "not-adjacent" in err
    assert "Debe ser de un valor superior o inferior" in err
    assert "It must be one rank higher or lower" in err
    assert "moves:    0" in out                       # the later draw was not applied
    code, _, err = run(capsys, "play", "GO1-C-AAAAAAB", "1.4")
    assert code == 1 and "Esta carta está bloqueada" in err


def test_play_json_steps(capsys):
    code, out, _ = run(capsys, "play", "--number", "1", "--variant", "cards4", "draw", "7S", "2",
                       "draw", "--json")
    assert code == 1                                   # column 2's ace does not go on a 7
    data = json.loads(out)
    assert data["variant"] == "cards4" and data["moves"] == 2
    assert [s["accepted"] for s in data["steps"]] == [True, True, False]
    assert data["steps"][1]["card"] == "7S" and data["steps"][1]["played"] == "4"
    assert data["steps"][2]["reason"] == "not-adjacent"
    assert data["steps"][2]["messages"]["es"] == "Debe ser de un valor superior o inferior"


def test_play_bad_move_text_applies_nothing(capsys):
    code, out, err = run(capsys, "play", "GO1-C-AAAAAAB", "draw", "xyz")
    assert code == 1 and out == ""
    assert err.startswith("golf: error: move 2 'xyz' is not a move")


# -- the program ----------------------------------------------------------------------------------


def test_version_is_written_in_one_place(capsys):
    """golfcore/version.py holds the version; the installed distribution's metadata (built from
    pyproject.toml, which reads it), the package and ``golf --version`` all say the same."""
    from importlib import metadata

    from golfcore.version import __version__

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith(f"golf (golfcore) {__version__} — kernels: ")
    assert metadata.version("golfcore") == golfcore.__version__ == __version__
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    project = pyproject.split("\n[project]\n", 1)[1].split("\n[", 1)[0]
    assert 'dynamic = ["version"]' in project and "\nversion" not in project


@pytest.mark.parametrize("argv", [["--help"]] + [[c.name, "--help"] for c in COMMANDS])
def test_help_on_every_level(capsys, argv):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.startswith("usage: golf")


def test_no_command_is_a_usage_error(capsys):
    code, out, err = run(capsys)
    assert code == 2 and out == "" and "usage: golf" in err


def test_installed_console_script():
    golf = shutil.which("golf")
    assert golf, "the 'golf' console script is not installed: run pip install -e \".[test]\""
    done = subprocess.run([golf, "variants"], capture_output=True, text=True,
                          encoding="utf-8", timeout=60)
    assert done.returncode == 0, done.stderr
    for name in LETTERS:
        assert name in done.stdout
    done = subprocess.run([golf, "deal", "GO1-C-AAAAAA"], capture_output=True, text=True,
                          encoding="utf-8", timeout=60)
    assert done.returncode == 1 and "golf: error:" in done.stderr
