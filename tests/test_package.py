"""The package's own habits: each plugin is named in one place, no module of golfcore imports the
package facade (``golfcore/__init__.py``), which imports them all, and the linter CI runs finds
nothing."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import golfcore
import golfcore_variants
from golfcore.cardgame.bots import base as bots_base
from golfcore.framework.games import game_kind, game_names
from golfcore.framework.variant import Rule, Variant

PACKAGE = Path(golfcore.__file__).resolve().parent


def modules_under(package) -> list:
    """Every module of ``package``, imported."""
    return [importlib.import_module(info.name)
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def golfcore_entry_points(group: str) -> dict[str, metadata.EntryPoint]:
    """The entry points golfcore's own distribution registers in ``group``, by name."""
    return {ep.name: ep for ep in metadata.distribution("golfcore").entry_points
            if ep.group == group}


def defined_here(module, kind: type) -> list:
    """The subclasses of ``kind`` that ``module`` defines itself (not imports) and names (a base
    class names nothing: its ``name`` is ``""``)."""
    return [obj for obj in vars(module).values()
            if isinstance(obj, type) and issubclass(obj, kind) and obj.__module__ ==
            module.__name__ and vars(obj).get("name")]


def game_of(module_name: str) -> str:
    """``golfcore_variants.cardgame.rules.table`` is the card game's."""
    package = module_name.split(".")[1]
    return next(game for game in game_names() if game_kind(game).package == package)


VARIANT_MODULES = modules_under(golfcore_variants)


def test_every_rule_class_is_registered_under_its_name_in_its_games_group():
    """A new rule is named once, in its class: pyproject.toml must register it under that name,
    in the entry-point group of the game whose folder holds it, and register nothing else."""
    expected = {(game_kind(game_of(module.__name__)).rules_group, rule.name):
                f"{module.__name__}:{rule.__qualname__}"
                for module in VARIANT_MODULES for rule in defined_here(module, Rule)}
    assert len(expected) >= 30
    registered = {(game_kind(game).rules_group, name): ep.value for game in game_names()
                  for name, ep in golfcore_entry_points(game_kind(game).rules_group).items()}
    assert registered == expected


def test_every_variant_is_registered_under_its_name_in_its_games_group():
    """A variant is named once, in its ``Variant``: registered under that name, in the group of
    the game it says it is a variant of, which is the game whose folder holds it."""
    defined = [(module.__name__, attr, value) for module in VARIANT_MODULES
               for attr, value in vars(module).items() if isinstance(value, Variant)]
    assert len(defined) >= 10
    assert all(game_of(module) == variant.game for module, _, variant in defined)
    expected = {(game_kind(variant.game).variants_group, variant.name): f"{module}:{attr}"
                for module, attr, variant in defined}
    registered = {(game_kind(game).variants_group, name): ep.value for game in game_names()
                  for name, ep in golfcore_entry_points(game_kind(game).variants_group).items()}
    assert registered == expected


def test_every_bot_is_registered_under_its_name():
    from golfcore.cardgame import bots

    expected = {bot.name: f"{module.__name__}:{bot.__qualname__}"
                for module in modules_under(bots) for bot in defined_here(module, bots_base.Bot)}
    assert set(expected) >= {"random", "greedy", "strong"}
    registered = {name: ep.value
                  for name, ep in golfcore_entry_points("golfcore.cardgame.bots").items()}
    assert registered == expected


def test_every_hint_strategy_is_registered_under_its_name():
    from golfcore.solitaire import hints

    registered = golfcore_entry_points(hints.GROUP)
    assert set(registered) >= {"legal", "solver", "fair"}
    for name, ep in registered.items():
        assert ep.load().name == name


@pytest.mark.parametrize("path", sorted(p.relative_to(PACKAGE).as_posix()
                                        for p in PACKAGE.rglob("*.py")
                                        if p.name != "__init__.py" or p.parent != PACKAGE))
def test_no_module_imports_the_package_facade(path):
    """``import golfcore`` or ``from golfcore import Game`` inside the package would make each
    module depend on all the others (and on the order they are imported in); a module imports
    the module that defines what it needs. ``from golfcore import jsonio`` names a module, and
    is fine."""
    tree = ast.parse((PACKAGE / path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert all(alias.name != "golfcore" for alias in node.names), node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module == "golfcore" and not node.level:
            for alias in node.names:
                assert (PACKAGE / f"{alias.name}.py").exists() or (
                    PACKAGE / alias.name / "__init__.py").exists(), (node.lineno, alias.name)


def test_ruff_finds_nothing():
    """``ruff check`` (configured in pyproject.toml) passes, as CI requires (.ci/run): run here too,
    so that a change that breaks it fails before it lands. ruff is a test dependency."""
    root = PACKAGE.parent
    if importlib.util.find_spec("ruff") is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--quiet", "."],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
