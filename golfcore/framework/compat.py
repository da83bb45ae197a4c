"""The plugin API of golfcore 0.1, still read (with a warning) where its meaning is certain.

Three things a plugin wrote changed in 0.2 (``docs/plugins.md``, *Plugins written for golfcore
0.1*); each old form keeps its meaning, warning with a
:class:`~golfcore.framework.deprecation.GolfDeprecationWarning` that says what to write instead:

* **A variant's game.** ``Variant(...)`` without ``game=`` (0.1 took ``"solitaire"``): a variant
  found in a game's entry-point group, added to a game's registry or given to a game's rule set
  takes that game (:func:`with_game`). Anywhere the game cannot be told from the context (such
  as :func:`golfcore.framework.compose.effective_rules`) it is a
  :class:`~golfcore.errors.VariantError` that says to write ``game=`` (:func:`game_of`).
* **Parameter keys.** A variant's ``params`` are keyed by the rule's name: the card game's
  ``jokers`` is ``two-decks`` and ``ender-ties`` is ``ender-penalty``
  (:attr:`~golfcore.framework.games.GameKind.renamed_params`). An old key is read as the new one
  when the rule set has no parameter of the old name (:func:`new_params`).
* **Board places.** The card game's ``golf_cancelling_lines`` numbers places from 1 (0.1 from
  0). Which numbering a rule uses is never guessed from its answers: a rule says so with the
  class attribute ``places_from = 1``; one that does not is a rule written for 0.1, its places
  read as numbered from 0, with a warning at load (:func:`check_places`, :func:`first_place`).
  Such a rule answering a place that only a numbering from 1 has (``rows × columns``) is
  refused with a message that says to declare ``places_from = 1``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from golfcore.errors import PluginError, VariantError
from golfcore.framework.checks import hooks_of
from golfcore.framework.deprecation import warn_deprecated
from golfcore.framework.games import GameKind, game_names
from golfcore.framework.variant import Variant

#: The numbering of board places since golfcore 0.2 (``Rule.places_from``).
PLACES_FROM = 1


def with_game(variant: Variant, game: str, where: str) -> Variant:
    """``variant``, taking ``game`` if it names none (warning: ``where`` says where it was
    found, such as its entry point)."""
    if variant.game:
        return variant
    warn_deprecated(f"Variant(...) without game= (variant {variant.name!r}{where})",
                    f"write Variant(..., game={game!r})", stacklevel=3)
    return replace(variant, game=game)


def game_of(variant: Variant) -> str:
    """The game of ``variant``; :class:`VariantError` for a variant that names none, used
    where no game's registry or rule set can give it one."""
    if not variant.game:
        games = " or ".join(repr(g) for g in game_names())
        raise VariantError(f"variant {variant.name!r} names no game: write Variant(..., "
                           f"game={games}); a variant without game= takes a game only from "
                           f"the entry-point group or registry it is found in, or the rule "
                           f"set it is given to")
    return variant.game


def new_params(params: Mapping[str, Any], kind: GameKind, known: Collection[str],
               what: str) -> dict[str, Any]:
    """``params`` with each old key of ``kind`` (``jokers``) read as its new one
    (``two-decks``), warning, when the rule set takes the new one and not the old
    (``known``: the parameters it takes)."""
    out = dict(params)
    for old, new in kind.renamed_params.items():
        if old not in out or old in known or new not in known:
            continue
        if new in out:
            raise VariantError(f"{what}: params give both {old!r} and {new!r}, one parameter "
                               f"under its old and its new name: keep {new!r}")
        warn_deprecated(f"the parameter key {old!r} ({what})",
                        f"write {new!r}: a variant's params are keyed by the rule's name",
                        stacklevel=3)
        out[new] = out.pop(old)
    return out


def check_places(rule: type, kind: GameKind, origin: str) -> None:
    """Warn about a rule written for 0.1 that numbers board places from 0 (it answers one of
    ``kind``'s place hooks without ``places_from``); :class:`PluginError` for a
    ``places_from`` other than 1."""
    hooks = sorted(hooks_of(rule) & set(kind.place_hooks))
    if not hooks:
        return
    declared = getattr(rule, "places_from", None)
    if declared is None:
        warn_deprecated(f"rule {getattr(rule, 'name', '?')!r} ({origin}) answers {hooks[0]} "
                        f"without places_from, so its places are read as numbered from 0, as "
                        f"golfcore 0.1 numbered them; this",
                        "number them from 1 (place 1 is the top-left card, as in the actions) "
                        "and set places_from = 1 on the rule class", stacklevel=3)
    elif isinstance(declared, bool) or declared != PLACES_FROM:
        raise PluginError(f"rule {getattr(rule, 'name', '?')!r} ({origin}): places_from is "
                          f"{declared!r}; board places are numbered from 1 (places_from = 1)")


def first_place(rule: type) -> int:
    """The number of the top-left place in ``rule``'s answers: 1 when it declares
    ``places_from = 1``, else 0 (a rule written for golfcore 0.1)."""
    return PLACES_FROM if getattr(rule, "places_from", None) == PLACES_FROM else 0


__all__ = ["check_places", "first_place", "game_of", "new_params", "with_game"]
