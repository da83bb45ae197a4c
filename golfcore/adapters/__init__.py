"""Adapters that put golfcore's two games behind other libraries' interfaces.

* :mod:`golfcore.adapters.openspiel` (the ``openspiel`` extra): registers ``golf_card`` and
  ``golf_solitaire`` with OpenSpiel (``docs/openspiel.md``);
* :mod:`golfcore.adapters.pettingzoo` (the ``pettingzoo`` extra): an AEC environment of the card
  game (``docs/pettingzoo.md``);
* :mod:`golfcore.adapters.gym` (the ``pettingzoo`` extra, which brings gymnasium): a
  single-agent environment of the solitaire.

Each imports its optional library inside itself only, and says which extra to install when the
library is missing (:class:`MissingExtra`). :mod:`golfcore.adapters.encoding` (no optional
dependency) turns what a seat sees into the numbers and action ids they share.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["MissingExtra", "require", "check_no_redeals"]


class MissingExtra(ModuleNotFoundError):
    """An adapter's optional library is not installed: the message names the extra."""


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtra` saying to install ``golfcore[extra]``."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtra(f"this adapter needs the {module!r} package: install golfcore's "
                           f"{extra!r} extra (pip install 'golfcore[{extra}]')",
                           name=module) from exc


def check_no_redeals(rules: Any) -> None:
    """Refuse a solitaire variant with passes through the stock (redeals): the adapters model a
    stock used once whose order the player does not know (chance nodes, action ids 0 to 7),
    which a redeal breaks. :class:`~golfcore.errors.UnsupportedError` (``adapter-redeals``)."""
    from golfcore.errors import UnsupportedError

    if rules.stock_passes:
        raise UnsupportedError(
            "adapter-redeals",
            f"the OpenSpiel and gymnasium adapters do not handle passes through the stock: "
            f"{rules.name} allows {rules.stock_passes} redeal"
            f"{'s' if rules.stock_passes != 1 else ''}",
            f"los adaptadores de OpenSpiel y gymnasium no admiten vueltas al mazo: "
            f"{rules.name} permite {rules.stock_passes}")
