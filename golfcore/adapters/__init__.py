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

__all__ = ["MissingExtra", "require"]


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
