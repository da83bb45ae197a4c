"""A third-party distribution made on the spot: a module and its ``.dist-info`` (metadata and
entry points) in a folder put first on ``sys.path``, so that ``importlib.metadata`` finds its
entry points exactly as it finds an installed package's. The registries and bot lookups loaded
while it is there are forgotten when it goes."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from collections.abc import Iterator

import pytest


def clear_caches() -> None:
    """Forget every registry, rule set and variant loaded so far (they read entry points)."""
    from golfcore.cardgame import rules as card_rules
    from golfcore.cardgame.bots import base as bots_base
    from golfcore.framework import loading
    from golfcore.framework import registry as registry_module
    from golfcore.solitaire import hints
    from golfcore.solitaire import rules as solitaire_rules

    registry_module.registry.cache_clear()
    registry_module._loaded.clear()
    solitaire_rules.rule_set.cache_clear()
    card_rules.rule_set.cache_clear()
    hints.hint_strategy.cache_clear()
    hints._entry_points.cache_clear()
    hints._RECORDS.clear()
    bots_base._PLUGINS.clear()
    loading._READ["state"] = None


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, modules: dict[str, str],
            entry_points: str, version: str = "1.0") -> Iterator[Path]:
    """Put distribution ``name`` (its ``modules``: module name -> source; its
    ``entry_points.txt``) on ``sys.path`` for one test; yields the folder."""
    for module, source in modules.items():
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    dist = tmp_path / f"{name.replace('-', '_')}-{version}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text(textwrap.dedent(entry_points), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    clear_caches()
    try:
        yield tmp_path
    finally:
        for module in modules:
            sys.modules.pop(module, None)
        monkeypatch.undo()
        clear_caches()


#: Real plugin packages kept in the tests' data, each a folder holding its modules and its
#: ``.dist-info`` (``tests/data/plugins/<distribution>/``).
DATA = Path(__file__).resolve().parent / "data" / "plugins"
ROOT = DATA.parents[2]


def use(name: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Put the package ``tests/data/plugins/<name>`` on ``sys.path`` for one test, as if it
    were installed beside golfcore; yields its folder."""
    folder = DATA / name
    modules = [p.stem for p in folder.glob("*.py")]
    monkeypatch.syspath_prepend(str(folder))
    clear_caches()
    try:
        yield folder
    finally:
        for module in modules:
            sys.modules.pop(module, None)
        monkeypatch.undo()
        clear_caches()


def env(*names: str) -> dict[str, str]:
    """The environment of a ``golf`` subprocess with the packages ``names`` installed."""
    import os

    paths = [str(ROOT)] + [str(DATA / name) for name in names]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "PYTHONUNBUFFERED": "1"}
