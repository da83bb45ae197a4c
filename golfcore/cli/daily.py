"""``golf deal --daily YYYY-MM-DD``: that day's daily deal (:mod:`golfcore.solitaire.daily`),
its layout, the candidate it was, its difficulty and the day's 9-hole course."""

from __future__ import annotations

import argparse
import datetime as dt

from golfcore.cards import Card
from golfcore.cli.common import game_header, percent
from golfcore.cli.output import OK, out, print_json, print_lines
from golfcore.solitaire.daily import DailyDeal, daily_deal, parse_day
from golfcore.solitaire.game import Game

#: The options ``--daily`` does not take (it picks its own deal and variant).
CONFLICTS = ("code", "number", "variant", "winnable", "difficulty", "tries", "samples",
             "limit", "seconds")


def run(args: argparse.Namespace) -> int:
    """Print ``args.daily``'s daily deal (a date up to tomorrow, by the local calendar)."""
    given = [name for name in CONFLICTS if getattr(args, name, None) not in (None, False)]
    if given:
        args.parser.error(f"--daily deals its own deal: it takes no "
                          f"{', '.join('--' + g if g != 'code' else 'CODE' for g in given)}")
    daily = daily_deal(parse_day(args.daily, dt.date.today()))
    game = Game("app-facil", deal=daily.deal)
    from golfcore.cli.deal import layout, spanish   # deal imports this module
    if args.format == "json":
        print_json({**game.summary(), "daily": daily.to_json()}, args.pretty)
        return OK
    if args.format == "spanish":
        print_lines(spanish(game))
        out(f"Reto diario del {daily.day.isoformat()}: {_level_es(daily)}; recorrido del día "
            f"{daily.course}.")
        return OK
    for key, value in game_header(game):
        out(f"# {key}: {value}")
    out(f"# daily: {daily.day.isoformat()}, candidate {daily.index} (the first the solver "
        f"proves winnable)")
    out(f"# difficulty: {daily.difficulty.level} ({chance(daily)})")
    out(f"# daily course: {daily.course}")
    style = Card.unicode if args.format == "unicode" else Card.__str__
    print_lines(layout(game.position, style))
    return OK


def chance(daily: DailyDeal) -> str:
    """``fair chance 72.5 %: 29 of 40 sampled orders won without seeing the stock``."""
    d = daily.difficulty
    if d.exact:
        return f"fair chance {percent(d.chance)}, exact"
    return (f"fair chance about {percent(d.chance)}: {d.wins} of {d.samples} sampled orders "
            f"won without seeing the stock")


def _level_es(daily: DailyDeal) -> str:
    from golfcore.cli.deal import SPANISH_LEVELS    # deal imports this module
    d = daily.difficulty
    return (f"dificultad {SPANISH_LEVELS[d.level]} (probabilidad justa "
            f"{'exacta ' if d.exact else 'de unos '}{percent(d.chance)})").replace(".", ",")
