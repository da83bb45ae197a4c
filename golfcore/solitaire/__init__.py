"""Golf solitaire: 35 cards in 7 columns of 5, a waste and a 16-card stock.

One concept a module:

* values: :mod:`~.position` (where every card lies), :mod:`~.state` (a position plus the undo
  chain and move counter), :mod:`~.moves` (moves, verdicts, reason codes), :mod:`~.scoring`;
* rules: :mod:`~.hookspecs` (the hooks a rule plugin implements), :mod:`~.rules` (a variant's
  rule set), :mod:`~.kind` (the game as the framework sees it);
* play: :mod:`~.deal` (numbered layouts), :mod:`~.engine` (pure functions), :mod:`~.game` (the
  :class:`Game` object a front end holds);
* search, a wing above the core (:mod:`~.search`): the solver, the fair chance (winning
  without seeing the stock), the analysis of a game and the board formats ``golf solve`` reads;
  :mod:`~.survey` (winnable shares over many deals).
"""
