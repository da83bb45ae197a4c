"""``golf tournament``: bots of the card game against each other over many matches.

Plays matches with the bots in rotating seats and reports, per bot, the mean points per round,
the share of matches won, dominated moves and decision times. The arguments and the command
itself are :mod:`golfcore.cardgame.tournament`'s (see ``docs/tournament.md``); this module only
puts them in the command table.
"""

from __future__ import annotations

from golfcore.cardgame.tournament import add_arguments, run_command

#: The command, under the name every command module gives it.
run = run_command

__all__ = ["add_arguments", "run"]
