"""The solitaire's searches: a wing above the game core, which never imports it.

* :mod:`~.cards`: card indices (a leaf every search shares); :mod:`~.tables`: a rule set
  compiled once into the tables every search shares;
* the clairvoyant solver, which reads the stock's order: :mod:`~.solver` (its API),
  :mod:`~.solver_tables` (a deal compiled into the win search's tables), :mod:`~.solver_search`
  (the general depth-first search and its bounds), :mod:`~.solver_win` (the fast win search),
  :mod:`~.solver_kernel` (the bridge to its optional compiled twin, ``_winkernel``),
  :mod:`~.solver_order` (move ordering and restarts);
* the fair chance, which does not: :mod:`~.fair` (its API), :mod:`~.fair_tables`,
  :mod:`~.fair_state`, :mod:`~.fair_search` (the exact expectimax), :mod:`~.fair_bracket`
  (the bracket when the exact search is capped: proved and sampled bounds),
  :mod:`~.fair_policy` (the non-peeking policy that plays its sampled orders),
  :mod:`~.fair_analysis` (the chance after each move of a game);
* :mod:`~.hints`: the hint strategies that search (``solver``, ``fair``), registered in
  :mod:`golfcore.solitaire.hints`;
* :mod:`~.analysis` (where a game lost its win), :mod:`~.boards` (every board format
  ``golf solve`` and ``golf analyse`` read).
"""
