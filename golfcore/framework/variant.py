"""Rule plugins and variants: the two things a game's rules are made of.

* A :class:`Rule` is one rule of a game in one plugin: a class whose methods implement hooks of
  that game's hook specifications (:mod:`golfcore.solitaire.hookspecs`,
  :mod:`golfcore.cardgame.hookspecs`). It fills one *slot* (the solitaire's ``adjacency``,
  ``king``, ``draw`` ...; the card game's ``values``, ``lines``, ``ender`` ...), so that two rules
  that would answer the same question can never sit in one rule set. It may take one parameter
  (``jokers=2``, ``undo-limit=100``, ``shape=3x3``).
* A :class:`Variant` is a name, the game it belongs to, an optional code letter, and a rule for
  each slot it decides, with parameters. Slots it leaves out get the game's default rules.

How variant strings compose (``cards4+jokers=2``) is :mod:`golfcore.framework.compose`; where
rules and variants are found is :mod:`golfcore.framework.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

@dataclass(frozen=True)
class Param:
    """The one parameter a rule may take: ``jokers=2``.

    ``name`` must be the rule's own name (the registry refuses another): one key says the value
    everywhere, in ``+jokers=2``, in a variant's ``params={"jokers": 2}``, in the rule set's
    ``options["jokers"]`` and in ``golf variants --show``. ``parse`` turns what a variant string
    or a variant's ``params`` gives (text, or a value) into the option's value, raising
    ``ValueError`` for a bad one; ``default`` is used when a variant gives none; ``help`` says
    what is expected, in the error for a bad value.
    """

    name: str
    parse: Callable[[Any], Any]
    default: Any
    help: str


class Rule:
    """Base class of rule plugins. Subclasses set the class attributes and implement hooks."""

    #: Unique name, used in variant definitions and after ``+`` in a variant string.
    name: ClassVar[str] = ""
    #: The question this rule answers; a rule set holds one rule per slot.
    slot: ClassVar[str] = ""
    #: Rule ids this plugin implements: golfcore's catalogue's (``specs/RULES.md``: APP-, C4-,
    #: CG-) or a plugin's own catalogue's (see ``docs/plugins.md``).
    rule_ids: ClassVar[tuple[str, ...]] = ()
    #: One line saying what the rule does, for ``golf variants``.
    summary: ClassVar[str] = ""
    #: The rule's parameter, if it takes one; named as the rule is (:class:`Param`).
    param: ClassVar[Param | None] = None
    #: Names of rules that cannot sit in the same rule set as this one.
    conflicts: ClassVar[tuple[str, ...]] = ()
    #: How this rule numbers board places in its answers (the card game's
    #: ``golf_cancelling_lines``): ``1``, place 1 being the top-left card, as in the actions.
    #: A rule answering such a hook must say ``places_from = 1``; one that does not is read as
    #: written for golfcore 0.1, whose places were numbered from 0, with a warning
    #: (:mod:`golfcore.framework.compat`).
    places_from: ClassVar[int | None] = None


@dataclass(frozen=True)
class Variant:
    """A named rule set of one game: a rule per slot plus parameters, such as
    ``Variant(name="house", title="House rules", rules={...}, game="solitaire")``. Look one up
    (composed or not) with :func:`golfcore.framework.compose.find_variant`."""

    #: Unique among every game's variants (and aliases); lower case, digits and ``-``.
    name: str
    #: A title for people.
    title: str
    #: Slot → rule name, for the slots this variant decides; the game's defaults fill the rest.
    rules: Mapping[str, str]
    #: Rule name → value, for rules that take a parameter (``{"undo-limit": 100}``,
    #: ``{"shape": "2x3", "turn-up": 2}``); a rule left out gets its parameter's default.
    params: Mapping[str, Any] = field(default_factory=dict)
    #: The code letter (``GO1-<letter>-...``), unique in its game; ``None`` for no codes.
    letter: str | None = None
    #: Letters older codes used for this variant, still read.
    legacy_letters: tuple[str, ...] = ()
    #: Other names ``find_variant`` accepts.
    aliases: tuple[str, ...] = ()
    #: One line saying what the variant is.
    summary: str = ""
    #: Rule ids of the catalogue the variant as a whole follows.
    rule_ids: tuple[str, ...] = ()
    #: Where the definition came from: ``"golfcore"`` or a third party's distribution (the
    #: registry fills it in from the entry point); for a composed variant, every distribution
    #: its rules come from (``golfcore + golf-house``).
    origin: str = ""
    #: The game this variant is a rule set of: ``"solitaire"`` or ``"card-game"``, always
    #: named (a keyword argument); a registry refuses a variant found in another game's
    #: entry-point group. Leaving it out is deprecated: such a variant takes the game of the
    #: entry-point group or registry it is found in, or of the rule set it is given to,
    #: warning; used anywhere else it is a :class:`~golfcore.errors.VariantError`
    #: (:mod:`golfcore.framework.compat`).
    game: str = field(default="", kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @property
    def is_composed(self) -> bool:
        return "+" in self.name


def whole_number(low: int, high: int | None = None) -> Callable[[Any], int]:
    """A :class:`Param` parser for a whole number from ``low`` to ``high`` (no upper bound when
    ``None``); ``True``/``False`` and ``"2.5"`` are refused."""
    expected = (f"expected {low} to {high}" if high is not None
                else f"expected a whole number >= {low}")

    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError(expected)
        n = int(value)
        if n < low or (high is not None and n > high):
            raise ValueError(expected)
        return n

    return parse


def message_in(messages: Mapping[str, tuple[str, str]], reason: str, lang: str) -> str | None:
    """The text of ``reason`` in ``lang`` from a table of ``reason: (Spanish, English)``, as a
    messages rule answers ``golf_message``; ``None`` for a reason the table does not hold."""
    texts = messages.get(reason)
    if texts is None:
        return None
    return texts[0] if lang == "es" else texts[1]


__all__ = ["Param", "Rule", "Variant", "whole_number"]
