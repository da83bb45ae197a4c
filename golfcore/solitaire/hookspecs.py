"""The solitaire's hooks: every rule of Golf solitaire that differs between rule sets is decided
here.

A *rule plugin* implements some of these hooks with :data:`hookimpl`; a *variant* is a named set
of rule plugins plus their options (see :mod:`golfcore.framework`). Each rule set gets its own
:class:`pluggy.PluginManager` (:class:`golfcore.solitaire.rules.RuleSet`), so any number of
variants live side by side in one process.

Conventions that hold for every hook:

* Hooks are called with keyword arguments only.
* ``options`` is the rule set's options: a read-only mapping of option name to value, e.g.
  ``options["jokers"] == 2``. A plugin reads only its own options.
* Hooks that take no ``state`` must be *pure*: their answer may depend only on their arguments.
  The engine computes them once per rule set and caches the answers (that is what makes the
  engine fast), so a hook that peeks at anything else would be wrong, not just slow.
* How results combine is stated at each hook. ``firstresult`` hooks stop at the first plugin that
  returns something other than ``None``; the order is pluggy's (last registered first), which is
  why a rule set refuses two plugins of the same *slot*
  (:attr:`golfcore.framework.variant.Rule.slot`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from golfcore.framework.hooks import hookimpl, hookspec
from golfcore.solitaire.moves import ALLOW, Verdict, abstain, allow, deny

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from golfcore.cards import Card
    from golfcore.solitaire.moves import Move
    from golfcore.solitaire.rules import RuleSet
    from golfcore.solitaire.scoring import Score
    from golfcore.solitaire.state import GameState, Outcome

# What a rule plugin needs, from one module: the marker and golf_play_verdict's three votes.
__all__ = ["hookimpl", "hookspec", "ALLOW", "Verdict", "allow", "deny", "abstain"]


@hookspec
def golf_rank_neighbours(rank: int, options: Mapping[str, Any]) -> Iterable[int]:
    """Ranks (1 ace .. 13 king) that count as *consecutive* to ``rank`` (APP-03, APP-08, C4-07).

    Combination: the union of every plugin's answer. ``ranks-linear`` answers ``rank ± 1``
    inside 1..13; ``ranks-circular`` adds the king–ace link. A card may go on the waste when its
    rank is a neighbour of the waste's rank, unless a :func:`golf_play_verdict` says otherwise.
    Pure: asked once per rank and rule set. Not asked for jokers (rank 0).
    """


@hookspec
def golf_play_verdict(card: Card, waste: Card | None, adjacent: bool,
                      options: Mapping[str, Any]) -> Verdict | None:
    """Vote on whether the free ``card`` may be played onto the waste's top card ``waste``.

    ``waste`` is ``None`` when the waste is empty (the ``empty-waste`` rule). ``adjacent`` says
    whether the two ranks are neighbours by :func:`golf_rank_neighbours` (always ``False`` when
    a joker or an empty waste is involved).

    Return one of three votes, all importable from this module: :func:`allow` (the play goes
    through unless another rule denies it), :func:`deny` with a reason code (``deny("no-sevens")``;
    give its text in :func:`golf_message`), or :func:`abstain` (``None``: no opinion).
    Combination, independent of plugin order: any *deny* wins (when several deny, the reason
    that sorts first is reported); otherwise any *allow* wins; when every plugin abstains,
    ``adjacent`` decides (not adjacent: reason ``not-adjacent``, APP-06). So the king rule
    (C4-07: nothing on a king) denies, jokers (APP-18) allow, and a king that ends the chain
    still refuses a joker. Pure: cached per (card, waste) pair.
    """


@hookspec(firstresult=True)
def golf_may_draw(state: GameState, can_play: bool, options: Mapping[str, Any]) -> bool | None:
    """Whether the player may turn the stock's top card now (APP-07, APP-17, C4-09).

    Only asked when the stock is not empty and the game is not over. A redeal (turning the
    waste over once the stock is empty, :func:`golf_stock_passes`) is not a draw: this hook is
    not asked about it.
    ``can_play`` says whether some column card may be played now. First answer wins; with no
    answer drawing is allowed.
    """


@hookspec(firstresult=True)
def golf_initial_waste(options: Mapping[str, Any]) -> int | None:
    """How many cards of the deal start the waste: 1 (APP-01, C4-04) or 0 (``empty-waste``, APP-18).

    The cards come from the top of the talon; what is not on the waste is the stock, in draw order.
    First answer wins; with no answer, 1. Pure.
    """


@hookspec
def golf_extra_cards(options: Mapping[str, Any]) -> Sequence[Card]:
    """Cards added to the standard 52 before shuffling: jokers (APP-18).

    Combination: the concatenation of every plugin's answer, in registration order. Pure.
    """


@hookspec(firstresult=True)
def golf_outcome(state: GameState, rules: RuleSet) -> Outcome | None:
    """Whether the game is being played, won or lost (APP-11, APP-12, C4-08, C4-10).

    First answer wins. The ``standard-outcome`` plugin answers: won when the tableau is empty,
    whatever is left in the stock; lost when no card can be played, no draw is allowed and no
    redeal (:func:`golfcore.solitaire.engine.may_redeal`); otherwise playing.
    """


@hookspec(firstresult=True)
def golf_score(state: GameState, outcome: Outcome, options: Mapping[str, Any]) -> Score | None:
    """The score of ``state`` (APP-13, APP-14, C4-13, APP-17).

    Must be a function of the state and outcome alone, so that undo, which restores an earlier
    state, also restores its score (APP-15). First answer wins; with no answer the game records
    only won or lost.
    """


@hookspec(firstresult=True)
def golf_undo_limit(options: Mapping[str, Any]) -> int | None:
    """How many actions the player may take back in a row (APP-15: the app keeps 100).

    First answer wins; with no answer undo is unlimited. Pure.
    """


@hookspec(firstresult=True)
def golf_stock_passes(options: Mapping[str, Any]) -> int | None:
    """How many *redeals* the player may make: passes through the stock after the first.

    With no answer (or 0) the stock is used once, the documents' game (C4-04). With ``N``, once
    the stock is empty the player may, ``N`` times in a game, make the action ``redeal``: the
    waste except its top card is turned face down, in order, to become the new stock (the first
    card drawn next is the oldest card under the top), and the top card stays on the waste as
    the card to play on. A redeal is allowed only when the stock is empty, passes remain and the
    waste holds a card besides its top; the draw rule (:func:`golf_may_draw`) is not asked. The
    passes made are part of the position (:attr:`~golfcore.solitaire.position.Position.passes`)
    and undo takes a redeal back like any action. The player has seen every card of a stock
    formed this way, so its order is no secret: the searches that assume an unknown stock (the
    solver, the fair chance) refuse such a variant.

    First answer wins; a whole number >= 0. Pure.
    """


@hookspec(firstresult=True)
def golf_message(reason: str, lang: str, options: Mapping[str, Any]) -> str | None:
    """The text shown to a player for a reason code, in language ``lang`` (``"es"`` or ``"en"``).

    The ``standard-messages`` plugin answers with the documents' exact Spanish words
    («Debe ser de un valor superior o inferior», «Esta carta está bloqueada», «No quedan
    movimientos posibles») and their English equivalents. First answer wins: a variant
    overrides a message, or adds one for its own reason codes, by answering it. Pure.
    """


@hookspec(firstresult=True)
def golf_hint(state: GameState, legal: Sequence[Move], rules: RuleSet) -> Move | None:
    """A move to suggest to the player (C4-11); only asked when ``legal`` is not empty.

    First answer wins; the ``legal-hint`` plugin proposes a legal move, preferring a play to a draw.
    """
