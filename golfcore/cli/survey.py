"""``golf survey``: the share of deals winnable under each variant, by the solver.

Solves every deal of a range under one or more variants and reports, per variant, the share
winnable with a confidence interval, and the deals winnable under one variant and lost under
another; with ``--fair``, also the mean fair chance of the deals (a player who cannot see the
stock) beside that share. The arguments and the command itself are
:mod:`golfcore.solitaire.survey`'s (see ``docs/survey.md``); this module only puts them in the
command table.
"""

from __future__ import annotations

from golfcore.solitaire.survey import add_arguments, run_command

#: The command, under the name every command module gives it.
run = run_command

__all__ = ["add_arguments", "run"]
