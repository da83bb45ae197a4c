"""Driving a game through the one interface, :class:`~golfcore.framework.interface.Playable`:
what the PettingZoo and gymnasium adapters do without knowing which game they drive.

An adapter starts its game with :func:`new_game` (the variant's game, its class asked of
:func:`~golfcore.framework.interface.playable_class`), asks who acts (:func:`seat_to_act`),
masks the legal actions (:func:`legal_ids`), acts through ``Playable.act``, observes through
``Playable.observation``, and rewards the change in ``Playable.returns`` (:func:`gains`). What
is the game's own stays in the adapter: its action ids and observation vectors
(:mod:`golfcore.adapters.encoding`), and its rounds (the card game's). OpenSpiel's adapters
(:mod:`golfcore.adapters.openspiel`) drive the engines instead: their chance nodes deal the
cards that a ``Playable`` deals from its seed itself.

>>> from golfcore.adapters.encoding import solitaire_action_id
>>> game = new_game("solitaire", "cards4", seed=1)
>>> seat_to_act(game), legal_ids(game, 0, solitaire_action_id), game.returns()
(0, [7], (0.0,))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from golfcore.framework.interface import Playable, playable_class

A = TypeVar("A")

__all__ = ["gains", "legal_ids", "new_game", "seat_to_act"]


def new_game(game: str, variant: str, *, seed: int | None = None,
             players: int | None = None) -> Playable[Any, Any]:
    """A new game of ``variant`` (a variant of ``game``: ``"solitaire"``, ``"card-game"``)
    dealt from ``seed``, with ``players`` seats (``None``: the variant's)."""
    return playable_class(game).start(variant, seed=seed, players=players)


def seat_to_act(game: Playable[Any, Any], default: int = 0) -> int:
    """The first seat that may act now; ``default`` once none may (the game is over)."""
    seats = game.to_act()
    return seats[0] if seats else default


def legal_ids(game: Playable[A, Any], seat: int, action_id: Callable[[A], int | None]
              ) -> list[int]:
    """The ids of ``seat``'s legal actions, sorted: ``action_id`` numbers an action (``None``:
    an action the adapter takes itself, which has no id)."""
    ids = (action_id(action) for action in game.legal(seat))
    return sorted(i for i in ids if i is not None)


def gains(game: Playable[Any, Any], before: Sequence[float]) -> tuple[float, ...]:
    """Each seat's return now less its return ``before``: the reward of what happened since."""
    return tuple(now - then for now, then in zip(game.returns(), before))
