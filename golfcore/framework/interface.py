"""One interface for every game golfcore plays: :class:`Playable`.

Golf solitaire (:class:`golfcore.solitaire.game.Game`) and Golf, the card game
(:class:`golfcore.cardgame.match.Match`) both satisfy it, so that a program that needs no
game-specific knowledge (an adapter for OpenSpiel or PettingZoo, the contract test
:mod:`golfcore.testing.contract`, a random player) drives either the same way; a third party's
game that has these members is driven, and tested, like golfcore's own. ``docs/interface.md``
is the guide.

Seats are whole numbers from 0 (the solitaire has one seat, 0). Actions are hashable values
whose ``str()`` is their stable text form, read back by :meth:`Playable.parse_action`. An illegal
action is *refused*, never raised: :meth:`Playable.act` answers an :class:`Acted` value whose
``accepted`` is false, with a ``reason`` code and ``messages`` in Spanish and English, and the
game is unchanged. Observations are frozen dataclasses (:class:`Observation`) with ``to_json()``.

>>> game = start("app-clasico", seed=1)
>>> game.to_act(), [str(a) for a in game.legal(0)]
((0,), ['draw'])
>>> refused = game.act(0, "1")
>>> refused.accepted, refused.reason, refused.messages["en"]
(False, 'not-adjacent', 'It must be one rank higher or lower')
>>> match = start("card-golf", seed=1, players=2)
>>> match.to_act(), [str(a) for a in match.legal(0)], match.observation(0).discard
((0,), ['draw', 'take'], Card('9S'))
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from golfcore.errors import VariantError
from golfcore.framework.compose import find_variant
from golfcore.framework.games import game_kind
from golfcore.framework.variant import Variant

#: The seat an adapter gives to chance (OpenSpiel's chance player). golfcore's own games never
#: return it from :meth:`Playable.to_act`: their deals are part of their state.
CHANCE = -1

#: The languages every refusal's ``messages`` holds.
LANGUAGES = ("es", "en")

A_co = TypeVar("A_co", bound=Hashable, covariant=True)
O_co = TypeVar("O_co", bound="Observation", covariant=True)
P = TypeVar("P", bound="Playable[Any, Any]")


class Acted(Protocol):
    """What :meth:`Playable.act` answers: accepted, or refused with a reason code and the
    messages to show (``{"es": ..., "en": ...}``), the game unchanged."""

    @property
    def accepted(self) -> bool: ...

    @property
    def reason(self) -> str | None: ...

    @property
    def messages(self) -> Mapping[str, str]: ...


@runtime_checkable
class Observation(Protocol):
    """What one seat sees: a frozen dataclass whose ``to_json()`` is what a front end sends.

    ``seat`` is whose view it is (``None``: a spectator's, where a game has one); ``legal`` is
    that seat's legal actions as text, so that a player given only the observation can act."""

    @property
    def seat(self) -> int | None: ...

    @property
    def legal(self) -> tuple[str, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class Playable(Protocol[A_co, O_co]):
    """A game as golfcore drives it (``docs/interface.md``): a class satisfies it by having
    these members. ``A_co`` is its action type, ``O_co`` its observation type."""

    @classmethod
    def start(cls: type[P], variant: str | Variant, *, seed: int | None = None,
              players: int | None = None) -> P:
        """A new game of ``variant`` dealt from ``seed`` (``None``: a deal nobody chose), with
        ``players`` seats (``None``: the variant's)."""
        ...

    @property
    def variant(self) -> Variant:
        """The variant played."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (no seat has a legal action then)."""
        ...

    def to_act(self) -> tuple[int, ...]:
        """The seats that have a legal action now, in seat order; ``()`` once over."""
        ...

    def legal(self, seat: int) -> Sequence[A_co]:
        """The actions ``seat`` may take now, in a stable order."""
        ...

    def action_space(self) -> tuple[A_co, ...]:
        """Every well-formed action of this variant and table, legal or not, in a fixed order
        (an adapter's action ids): the same all game long."""
        ...

    def parse_action(self, text: str) -> A_co:
        """The action written ``text``; ``parse_action(str(a)) == a``. ``GolfError`` for a
        text that is no action."""
        ...

    def act(self, seat: int, action: Any) -> Acted:
        """``seat`` takes ``action`` (a value or its text); an illegal one is refused and
        changes nothing."""
        ...

    def observation(self, seat: int) -> O_co:
        """What ``seat`` sees now."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each seat's return, higher is better (final once the game is over)."""
        ...

    def result(self) -> dict[str, Any] | None:
        """The result as JSON once the game is over, else ``None``."""
        ...

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume the game (hidden cards included: the referee's)."""
        ...

    @classmethod
    def from_json(cls: type[P], data: Any) -> P:
        """A game saved by :meth:`to_json`, every field checked (``GolfError``)."""
        ...

    def clone(self: P) -> P:
        """An independent copy: acting on one never changes the other."""
        ...

    def resample(self: P, seat: int, rng: random.Random) -> P:
        """A copy in which every card hidden from ``seat`` is dealt again at random, consistent
        with what ``seat`` sees now (its observation is unchanged)."""
        ...


def playable_class(game: str) -> type[Playable[Any, Any]]:
    """The class that plays ``game`` (``"solitaire"``: :class:`~golfcore.solitaire.game.Game`,
    ``"card-game"``: :class:`~golfcore.cardgame.match.Match`), as its :class:`GameKind` names
    it."""
    kind = game_kind(game)
    module, _, name = kind.playable.partition(":")
    if not module or not name:
        raise VariantError(f"the {game} names no class that plays it")
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type)
    return cls


def start(variant: str | Variant, *, seed: int | None = None,
          players: int | None = None) -> Playable[Any, Any]:
    """A new game of any installed variant: ``start("six-card", seed=3, players=4)`` is a
    :class:`~golfcore.cardgame.match.Match`, ``start("traditional", seed=1)`` a
    :class:`~golfcore.solitaire.game.Game` (seed 1 is deal 1)."""
    game = find_variant(variant).game
    # a name is given on as it is, so that the game's cached rule set for it is used
    return playable_class(game).start(variant, seed=seed, players=players)


if TYPE_CHECKING:   # mypy proves that both games satisfy the interface
    from golfcore.cardgame.actions import Action
    from golfcore.cardgame.match import Match
    from golfcore.cardgame.observation import CardObservation
    from golfcore.solitaire.game import Game
    from golfcore.solitaire.moves import Move
    from golfcore.solitaire.observation import SolitaireObservation

    _solitaire: type[Playable[Move, SolitaireObservation]] = Game
    _card_game: type[Playable[Action, CardObservation]] = Match


__all__ = ["CHANCE", "LANGUAGES", "Acted", "Observation", "Playable", "playable_class", "start"]
