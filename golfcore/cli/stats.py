"""``golf stats``: the statistics of the games played with ``golf web``; export and import.

* ``golf stats [--db PATH]``: per solitaire variant, games played and won, streaks, best score,
  average moves and time played; the 9-hole rounds' scorecards; the card game's matches and
  records per seat kind (``docs/web.md``, *Statistics*);
* ``--json``: the same as JSON, exactly what the page's ``stats`` request answers;
* ``--export FILE``: every saved table (snapshots, seats and their tokens, action logs) as JSON,
  ``-`` for stdout;
* ``--import FILE``: add the tables of such a file (``-`` for stdin) that the database does not
  have yet; the whole file is checked first, and on any problem nothing is written.

The database is ``golfcore.web.store.default_path()`` unless ``--db`` says otherwise. The default
database that does not exist yet holds no games: the statistics and the export are empty, and
no file is made (``--import`` makes it). A ``--db`` that does not exist is an error (``no such
database``, exit status 1: a typo must not read as "no games yet"), and no file is made, but by
``--import``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from golfcore.cli.options import add_pretty_argument
from golfcore.cli.output import OK, error, out, plural, print_json, print_lines, table
from golfcore import jsonio
from golfcore.errors import GolfError
from golfcore.web.stats import statistics
from golfcore.web.database import is_url
from golfcore.web.postgres import shown
from golfcore.web.store import Store, default_path, export_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="PATH",
                        help="the database of golf web: a file, or a postgresql:// URL "
                             "(default: golf.sqlite3 in your data folder)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--json", action="store_true",
                       help="print the statistics as JSON, one object on one line")
    add_pretty_argument(parser)
    which.add_argument("--export", metavar="FILE",
                       help="write every saved table as JSON to FILE ('-' for stdout); the file "
                            "holds the keys to every seat: keep it private")
    which.add_argument("--import", dest="import_file", metavar="FILE",
                       help="add the tables of an export file ('-' for stdin) that the database "
                            "does not have; nothing is written if any of the file is wrong")


def run(args: argparse.Namespace) -> int:
    """``golf stats [--json | --export FILE | --import FILE] [--db PATH]``."""
    path: Path | str = (args.db if is_url(args.db) else Path(args.db)) \
        if args.db is not None else default_path()
    try:
        if args.import_file is not None:
            return import_file(path, args.import_file)
        if args.db is not None and not _exists(path):     # a typo, not a database with no games
            return error(f"no such database: {args.db} (golf web makes it when it first "
                         f"saves a game; --import makes it from an export)")
        if args.export is not None:
            return export_file(path, args.export)
        data = read_statistics(path)
        if args.json:
            print_json(data, args.pretty)
        else:
            print_lines(statistics_text(data))
        return OK
    except (GolfError, sqlite3.Error) as exc:
        return error(str(exc))
    except OSError as exc:
        if exc.filename is None:
            raise
        return error(f"{exc.filename}: {exc.strerror or exc}")


def _exists(path: Path | str) -> bool:
    """Whether the database is there (a server's always is: connecting tells)."""
    return isinstance(path, str) or path.exists()


def _shown(path: Path | str) -> str:
    return shown(path) if isinstance(path, str) else str(path)


def read_statistics(path: Path | str) -> dict[str, Any]:
    """The statistics of the database at ``path`` (none when there is no file)."""
    if not _exists(path):
        return statistics([])
    with Store(path) as store:
        return store.statistics()


def export_file(path: Path | str, target: str) -> int:
    """``--export``: the database's tables as JSON, to a file or (``-``) stdout."""
    if _exists(path):
        with Store(path) as store:
            data = store.export()
    else:
        data = export_json([])
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if target == "-":
        out(text)
        return OK
    Path(target).write_text(text + "\n", encoding="utf-8")
    out(f"{target}: {plural(len(data['tables']), 'table')} exported from {_shown(path)}")
    return OK


def import_file(path: Path | str, source: str) -> int:
    """``--import``: add the tables of an export file that the database does not have."""
    data = read_json(source)
    with Store(path) as store:
        added = store.import_data(data, source=source)
    tables = data["tables"] if isinstance(data, dict) else []
    out(f"{source}: {plural(added, 'table')} imported into {_shown(path)}, "
        f"{len(tables) - added} already there")
    return OK


def read_json(source: str) -> Any:
    """The JSON of a file, or of stdin for ``-``, with what cannot be read as a GolfError."""
    if source == "-":
        if sys.stdin is None:
            raise GolfError("-: standard input is closed")
        text = sys.stdin.read()
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise GolfError(f"{source}: not UTF-8 text") from None
    return jsonio.loads(text, source)


# -- for people -----------------------------------------------------------------------------------


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def duration(seconds: float) -> str:
    """``45 s``, ``5 min 30 s``, ``2 h 05 min``."""
    whole = int(round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


def score_text(score: dict[str, Any] | None) -> str:
    return "-" if score is None else f"{score['value']} {score['kind']}"


def statistics_text(data: dict[str, Any]) -> list[str]:
    """The statistics as aligned tables, one section per game."""
    lines = []
    rows: list[tuple[str, ...]]
    if data["solitaire"]:
        lines.append("Solitaire")
        rows = [("variant", "played", "won", "win %", "streak", "best streak", "best score",
                 "average moves", "time played")]
        rows += [(v["variant"], str(v["played"]), str(v["won"]), percent(v["win_rate"]),
                  str(v["streak"]), str(v["best_streak"]), score_text(v["best_score"]),
                  "-" if v["average_moves"] is None else f"{v['average_moves']:.1f}",
                  duration(v["seconds"])) for v in data["solitaire"]]
        lines += table(rows, indent="  ")
    else:
        lines.append("Solitaire: no games yet")
    lines.append("")
    if data["rounds"]:
        lines.append("9-hole rounds")
        rows = [("course", "variant", "strokes", "total", "par", "to par", "finished",
                 "last played")]
        rows += [(r["code"] or "-", r["variant"], " ".join(map(str, r["strokes"])) or "-",
                  str(r["total"]), str(r["par"]), f"{r['to_par']:+d}",
                  "yes" if r["complete"] else f"no ({plural(len(r['strokes']), 'hole')})",
                  datetime.fromtimestamp(r["updated"]).strftime("%Y-%m-%d %H:%M"))
                 for r in data["rounds"]]
        lines += table(rows, indent="  ")
    else:
        lines.append("9-hole rounds: none yet")
    lines.append("")
    daily = data.get("daily")
    if daily and daily["days"]:
        lines += [f"Daily deals: {plural(daily['days'], 'day')} played (the latest "
                  f"{daily['last']}), {daily['won']} won; streak {daily['streak']}, best "
                  f"{daily['best_streak']}", ""]
    cards = data["card_game"]
    matches = cards["matches"]
    lines.append(f"Card game: {plural(matches, 'match', 'matches')} finished, "
                 f"{cards['in_progress']} in progress")
    if cards["by_kind"]:
        rows = [("seat kind", "seats", "wins", "win %")]
        rows += [(k["kind"], str(k["seats"]), str(k["wins"]), percent(k["win_rate"]))
                 for k in cards["by_kind"]]
        lines += table(rows, indent="  ")
    return lines
