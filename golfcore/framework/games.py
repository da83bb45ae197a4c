"""Games: what the variant framework needs to know about each game golfcore plays.

A :class:`GameKind` names a game (``solitaire``, ``card-game``), the module holding its hook
specifications, its *slots* (the questions its rules answer, in the order people read them), the
rule every variant gets for a slot it leaves out, its default variant, and its entry-point groups.
Rules and variants of one game never mix with another's: each game has its own registry, its
own rule names and its own code letters.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType
from collections.abc import Mapping

from golfcore.errors import VariantError


@dataclass(frozen=True)
class GameKind:
    """One game of the house."""

    #: The game's name, as ``golf variants --json`` writes it in its ``game`` field.
    name: str
    #: A title for people.
    title: str
    #: The import path of the module holding the game's ``hookspec``-marked functions.
    hookspecs: str
    #: The slots people read, in order (others follow alphabetically).
    slots: tuple[str, ...]
    #: Slot → the rule a variant gets when it names no rule for that slot.
    defaults: Mapping[str, str] = field(default_factory=dict)
    #: The variant used when none is named.
    default_variant: str = ""
    #: Extra entry-point groups read as this game's, for plugins written before the game had
    #: its own groups (the solitaire's ``golfcore.rules`` and ``golfcore.variants``).
    legacy_groups: tuple[str, str] | None = None
    #: Hook → the slot whose rule usually answers it: the hooks without which a game of this
    #: kind cannot be played, so that a variant none of whose rules answers one is refused
    #: when it is registered or composed (:func:`golfcore.framework.checks.check_answers`).
    required: Mapping[str, str] = field(default_factory=dict)
    #: Old parameter key → the key that replaced it (a variant's ``params`` are keyed by the
    #: rule's name since golfcore 0.2): old keys are still read, warning
    #: (:func:`golfcore.framework.compat.new_params`).
    renamed_params: Mapping[str, str] = field(default_factory=dict)
    #: The hooks whose answers number board places (from 1; a rule that does not declare
    #: ``places_from = 1`` is read as numbering them from 0, as golfcore 0.1 did).
    place_hooks: tuple[str, ...] = ()
    #: ``module:Class`` of the class that plays the game through the one interface
    #: (:class:`golfcore.framework.interface.Playable`).
    playable: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "defaults", MappingProxyType(dict(self.defaults)))
        object.__setattr__(self, "required", MappingProxyType(dict(self.required)))
        object.__setattr__(self, "renamed_params",
                           MappingProxyType(dict(self.renamed_params)))

    @property
    def rules_group(self) -> str:
        """The entry-point group of this game's rule plugins: ``golfcore.<game>.rules``."""
        return f"golfcore.{self.package}.rules"

    @property
    def variants_group(self) -> str:
        """The entry-point group of this game's variants: ``golfcore.<game>.variants``."""
        return f"golfcore.{self.package}.variants"

    @property
    def package(self) -> str:
        return self.name.replace("-", "")

    def slot_key(self, slot: str) -> tuple[int, str]:
        """Sort key putting slots in :attr:`slots` order, others after, alphabetically."""
        return (self.slots.index(slot) if slot in self.slots else len(self.slots), slot)


#: The games golfcore ships, each defined in its own subpackage (imported on first use).
_BUILTIN = {
    "solitaire": "golfcore.solitaire.kind",
    "card-game": "golfcore.cardgame.kind",
}


def game_names() -> tuple[str, ...]:
    """Every game's name: ``("solitaire", "card-game")``."""
    return tuple(_BUILTIN)


def game_kind(name: str) -> GameKind:
    """The :class:`GameKind` called ``name``; :class:`VariantError` for an unknown game."""
    if not isinstance(name, str) or name not in _BUILTIN:
        raise VariantError(f"unknown game {name!r}: expected one of {', '.join(_BUILTIN)}")
    kind = importlib.import_module(_BUILTIN[name]).KIND
    assert isinstance(kind, GameKind)
    return kind
