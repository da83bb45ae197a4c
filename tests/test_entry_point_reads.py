"""Entry points are read once and again only when what is installed changed: a server that
looks up a bot for every new match spends no 10 ms of its event loop on reading every
distribution's metadata, and a distribution installed meanwhile is still found."""

from __future__ import annotations

import textwrap
from importlib import metadata

from golfcore.cardgame.bots.base import find_bot
from golfcore.framework import loading


def test_lookups_read_the_installed_metadata_once(monkeypatch):
    reads: list[int] = []
    real = metadata.entry_points

    def counted(**kwargs):
        reads.append(1)
        return real(**kwargs)

    monkeypatch.setattr(metadata, "entry_points", counted)
    loading._READ["state"] = None
    for _ in range(50):
        assert find_bot("greedy").__name__
    assert len(reads) == 1


def test_a_distribution_added_to_a_folder_on_the_path_is_found(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    group = "golfcore.cardgame.bots"
    assert not [ep for ep in loading.entry_points([group]) if ep.name == "late-bot"]
    (tmp_path / "late_bot.py").write_text("X = 1\n", encoding="utf-8")
    dist = tmp_path / "late_bot-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: late-bot\nVersion: 1.0\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text(textwrap.dedent(f"""\
        [{group}]
        late-bot = late_bot:X
        """), encoding="utf-8")
    names = [ep.name for ep in loading.entry_points([group])]
    assert "late-bot" in names                   # the folder changed: read again
    monkeypatch.undo()
    assert "late-bot" not in [ep.name for ep in loading.entry_points([group])]
