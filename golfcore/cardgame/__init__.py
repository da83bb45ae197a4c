"""Golf, the card game for 2 to 6 players (CG-01 … CG-09), golfcore's second game.

One concept a module:

* values: :mod:`~.board` (boards, shapes, lines), :mod:`~.actions` (actions and reason codes),
  :mod:`~.state` (the referee's round and match states);
* rules: :mod:`~.hookspecs` (the hooks a rule plugin implements), :mod:`~.rules` (a variant's
  rule set), :mod:`~.kind` (the game as the framework sees it);
* play: :mod:`~.deal` (rounds dealt from a seed), :mod:`~.engine` (pure functions),
  :mod:`~.scoring`, :mod:`~.observation` (what each seat may see: the only door out of the
  engine), :mod:`~.saves` (the referee's record as JSON), :mod:`~.match` (the :class:`Match`
  object a front end holds).

``docs/card-game.md`` is the guide.
"""

from golfcore.cardgame.actions import Action
from golfcore.cardgame.engine import ActResult
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import RuleSet

__all__ = ["ActResult", "Action", "Match", "RuleSet"]
