"""Which rule sets the searches handle, checked before any search starts.

The searches (the solver, the fair chance and what is built on them: ``golf solve``,
``golf analyse``, ``golf survey``, ``golf deal --winnable/--difficulty``, the hints that
search) model the stock as the documents' game has it: used once, its order unknown to the
player. A variant with passes through the stock (redeals,
:func:`golfcore.solitaire.hookspecs.golf_stock_passes`) breaks both: a search would print a
wrong chance or verdict. :func:`check_searchable` refuses such a variant with an
:class:`~golfcore.errors.UnsupportedError` (message code :data:`SEARCH_REDEALS`, Spanish and
English texts) before anything is searched.
"""

from __future__ import annotations

from golfcore.errors import UnsupportedError
from golfcore.solitaire.rules import RuleSet

#: The message code of the refusal.
SEARCH_REDEALS = "search-redeals"


def check_searchable(rules: RuleSet) -> None:
    """Raise :class:`~golfcore.errors.UnsupportedError` unless the searches handle ``rules``."""
    if rules.stock_passes:
        raise UnsupportedError(
            SEARCH_REDEALS,
            f"the searches (solver, fair chance, hints that search) do not handle passes "
            f"through the stock: {rules.name} allows {rules.stock_passes} redeal"
            f"{'s' if rules.stock_passes != 1 else ''}, so nothing is searched",
            f"las búsquedas (solucionador, probabilidad justa, pistas que buscan) no admiten "
            f"vueltas al mazo: {rules.name} permite {rules.stock_passes}, así que no se busca "
            f"nada")
