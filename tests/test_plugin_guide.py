"""docs/plugins.md builds a working third-party package: its ``file:`` blocks are the whole
package, which installs and whose specs, variants and bot work as the page shows (slow: it
runs pip), and its bot is a class golfcore can send to tournament worker processes."""

from __future__ import annotations

import importlib.util
import pickle
import subprocess
import sys
from pathlib import Path
from collections.abc import Iterator

import pytest

from golfcore.cards import Card
from golfcore.cardgame import Match
from golfcore.cardgame.bots import bot_info, find_bot
from golfcore.cardgame.bots.spec import client_bot
from golfcore.errors import GolfError
from golfcore.solitaire.game import Game
from tests.markdown_examples import parse, run_console, shell_environment

from plugin_dist import install

GUIDE = "docs/plugins.md"
BLOCKS = parse(GUIDE)
FILES = {b.note: b.body for b in BLOCKS if b.marker == "file"}
RUN_HERE = [b for b in BLOCKS if b.marker == "run by" and b.note == "tests/test_plugin_guide.py"]


def test_the_guide_shows_the_whole_package():
    """Every file of the package is a block of the page, and the page's commands are run here."""
    assert set(FILES) == {"golf-house/pyproject.toml", "golf-house/golf_house/__init__.py",
                          "golf-house/golf_house/solitaire.py",
                          "golf-house/golf_house/cardgame.py", "golf-house/golf_house/bots.py",
                          "golf-house/specs/house.yaml", "golf-house/specs/RULES.md",
                          "golf-house/specs/sources/house-rules.txt"}
    pyproject = FILES["golf-house/pyproject.toml"]
    for group in ("solitaire.rules", "solitaire.variants", "cardgame.rules",
                  "cardgame.variants", "cardgame.bots"):
        assert f'[project.entry-points."golfcore.{group}"]' in pyproject
    assert len(RUN_HERE) == 2 and all(b.kind == "run by" and b.lang == "console"
                                      for b in RUN_HERE)


ENTRY_POINTS = """
    [golfcore.cardgame.rules]
    one-eyed-jacks = golf_house_cardgame:OneEyedJacks
    [golfcore.cardgame.variants]
    one-eyed = golf_house_cardgame:ONE_EYED
    [golfcore.cardgame.bots]
    lowball = golf_house_bots:Lowball
    [golfcore.solitaire.rules]
    sevens-wild = golf_house_solitaire:SevensWild
    [golfcore.solitaire.variants]
    house-golf = golf_house_solitaire:HOUSE_GOLF
"""


@pytest.fixture
def guide_modules(tmp_path, monkeypatch) -> Iterator[Path]:
    """The guide's modules as one distribution on sys.path (no pip: a quick test)."""
    modules = {f"golf_house_{name}": FILES[f"golf-house/golf_house/{name}.py"]
               for name in ("solitaire", "cardgame", "bots")}
    yield from install(tmp_path, monkeypatch, "golf-house", modules, ENTRY_POINTS)


def test_the_guides_rules_variants_and_bot_play(guide_modules):
    game = Game("house-golf", deal=1)
    assert game.variant.origin == "golf-house" and game.code == "GO1-H-AAAAAAB"
    match = Match("one-eyed", players=2, seed=3)
    values = match.rules.values
    assert (values[Card.parse("JS")], values[Card.parse("JH")], values[Card.parse("JD")]) \
        == (-5, -5, 11)
    bot_class = find_bot("lowball")
    assert bot_class.name == "lowball"
    # golf web offers it by the titles and descriptions the guide gives it
    [info] = [b for b in bot_info() if b["name"] == "lowball"]
    assert info["titles"] == {"en": "lowball", "es": "cartas bajas"}
    assert info["descriptions"]["es"].startswith("Se queda con las cartas bajas")
    # a server takes low=3 from a client, not low=99
    assert client_bot("lowball:low=3", "one-eyed").options == (("low", 3),)
    with pytest.raises(GolfError, match="a server takes low from -5 to 13"):
        client_bot("lowball:low=99", "one-eyed")
    # A bot class named from its entry point goes to worker processes by pickle, as itself.
    assert pickle.loads(pickle.dumps(bot_class)) is bot_class
    bots = [bot_class("one-eyed", seat=0, seed=1, low=3),
            find_bot("greedy")("one-eyed", seat=1, seed=1)]
    while not match.round_over:
        seat = match.turn
        assert match.act(seat, bots[seat].act(match.observation(seat).to_json())).accepted


def build_command(target: Path, package: Path) -> list[str]:
    """pip installing ``package`` into ``target``, without its dependencies (golfcore is
    this one), with this Python's setuptools when it can build a wheel by itself."""
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
               str(target), str(package)]
    if importlib.util.find_spec("wheel") is not None:
        command.insert(4, "--no-build-isolation")
    return command


@pytest.mark.slow
def test_the_guides_package_installs_and_runs_as_shown(tmp_path):
    """The package built from the page installs with pip; then, with it on the path, golf
    shows its variants, its specs pass golf conform and its bot plays a tournament, each
    printing what the page shows."""
    for name, text in FILES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    site = tmp_path / "site"
    done = subprocess.run(build_command(site, tmp_path / "golf-house"), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (site / "golf_house" / "bots.py").is_file()
    assert list(site.glob("golf_house-1.0.dist-info"))
    env = shell_environment(tmp_path, PYTHONPATH=str(site))
    for block in RUN_HERE:
        run_console(block, tmp_path / "golf-house", env)
    assert (tmp_path / "golf-house" / "lowball.jsonl").read_text(encoding="utf-8").count("\n") == 20
