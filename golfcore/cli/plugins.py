"""``golf plugins``: every plugin installed, per game and per entry-point group: what loaded
(its name, distribution, version and what it provides) and what was left out, and why, with the
deprecation warnings a plugin triggered while it loaded (what its author must change).

``--json`` prints one JSON object per plugin, one a line (indented with ``--pretty``:
:meth:`golfcore.framework.loading.PluginRecord.to_json`). The exit status is 0 even when some
plugins were left out: this is a report (the other commands warn about them on stderr).
"""

from __future__ import annotations

import argparse
import warnings

from golfcore.cli.options import add_json_arguments
from golfcore.cli.output import OK, out, print_json
from golfcore.framework.games import game_names
from golfcore.framework.loading import PluginRecord, PluginWarning, set_reporter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_json_arguments(parser, "one object per plugin")


def records() -> list[PluginRecord]:
    """Every plugin record: each game's rules and variants, then its other groups (the card
    game's bots, the solitaire's hint strategies), games in their usual order; then the
    engines ``golf conform --engine`` can judge."""
    from golfcore.cardgame.bots.base import bot_plugins
    from golfcore.conformance.engine_plugins import engine_records
    from golfcore.framework.registry import registry
    from golfcore.solitaire.hints import hint_plugins

    extra = {"solitaire": hint_plugins, "card-game": bot_plugins}
    found: list[PluginRecord] = []
    for game in game_names():
        reg = registry(game)
        found += _in_load_order(list(reg.loaded + reg.left_out), reg.loaded + reg.left_out)
        found += extra[game]() if game in extra else []
    engines = list(engine_records())
    return found + sorted(engines, key=lambda r: r.left_out)


def _in_load_order(records: list[PluginRecord], order: tuple[PluginRecord, ...]
                   ) -> list[PluginRecord]:
    """``records`` grouped by group, loaded before left out, each part in load order."""
    index = {id(r): i for i, r in enumerate(order)}
    return sorted(records, key=lambda r: (r.group, r.left_out, index[id(r)]))


def run(args: argparse.Namespace) -> int:
    """``golf plugins [--json]``."""
    set_reporter(lambda record: None)            # this command reports them all itself
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        found = records()
    if args.json:
        for record in found:
            print_json(record.to_json(), args.pretty)
        return OK
    for line in text(found):
        out(line)
    return OK


def text(found: list[PluginRecord]) -> list[str]:
    """The report for people: a head line per game and group, a line per plugin."""
    lines: list[str] = []
    heads: set[tuple[str, str]] = set()
    left = [r for r in found if r.left_out]
    for record in found:
        if (record.game, record.group) not in heads:
            heads.add((record.game, record.group))
            if lines:
                lines.append("")
            lines.append(f"{record.game}: {record.group}" if record.game != "both"
                         else f"engines: {record.group}")
        who = f"{record.distribution} {record.version}".strip()
        if record.left_out:
            lines.append(f"  left out  {record.entry_point} ({who}, {record.value}): "
                         f"{record.error}")
        else:
            lines.append(f"  loaded    {record.entry_point} ({who}): {record.provides}")
        lines += [f"            deprecated: {w}" for w in record.warnings]
    lines.append("")
    loaded = len(found) - len(left)
    lines.append(f"{loaded} plugin{'s' if loaded != 1 else ''} loaded, {len(left)} left out")
    return lines
