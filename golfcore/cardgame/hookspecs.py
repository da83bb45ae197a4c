"""The card game's hooks: every rule of Golf the card game that differs between variants.

A *rule plugin* implements some of these hooks with :data:`hookimpl`; a *variant* is a named set
of rule plugins plus their options (:mod:`golfcore.framework`). Each rule set gets its own plugin
manager (:class:`golfcore.cardgame.rules.RuleSet`), so any number of variants live side by side.

Conventions that hold for every hook:

* Hooks are called with keyword arguments only.
* ``options`` is the rule set's options: a read-only mapping of option name to value
  (``options["shape"] == (3, 3)``). A plugin reads only its own options.
* Every hook here is *pure*: its answer may depend only on its arguments. The rule set asks each
  once and keeps the answer, so the engine's hot path never calls pluggy.
* How results combine is stated at each hook. ``firstresult`` hooks stop at the first plugin that
  returns something other than ``None``; a rule set holds one plugin per *slot*, so for the
  built-in slots exactly one plugin answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from golfcore.framework.hooks import hookimpl, hookspec

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from golfcore.cards import Card

__all__ = ["hookimpl", "hookspec"]


@hookspec(firstresult=True)
def golf_players(options: Mapping[str, Any]) -> int | None:
    """How many players sit at the table when a match names no number (CG-01: 2 to 6).

    First answer wins; with no answer, 2. A match may always choose another number from 2 to 6.
    """


@hookspec(firstresult=True)
def golf_board_shape(options: Mapping[str, Any]) -> tuple[int, int] | None:
    """The board of each player as ``(rows, columns)`` (CG-02).

    The decision of ``RULES.md`` allows 2×2, 2×3, 2×4, 3×3 and 3×4 (4, 6, 8, 9, 12 cards).
    First answer wins; a rule set without an answer is refused.
    """


@hookspec
def golf_deck(options: Mapping[str, Any]) -> Sequence[Card]:
    """The cards shuffled for each round, before dealing (CG-01: two 52-card decks with their
    jokers).

    Combination: the concatenation of every plugin's answer, in registration order. The
    ``two-decks`` rule answers two standard decks and 4 jokers (``two-decks=N`` for N jokers).
    """


@hookspec(firstresult=True)
def golf_initial_face_up(rows: int, columns: int, options: Mapping[str, Any]) -> int | None:
    """How many cards each player turns face up, of their choice, before the first turn.

    The document's game starts with every card face down (0); six-card golf turns up 2.
    First answer wins; with no answer, 0.
    """


@hookspec(firstresult=True)
def golf_card_value(card: Card, options: Mapping[str, Any]) -> int | None:
    """The points a card counts on a board (CG-08: ace 1, 2–10 face value, jack 11, queen 12,
    king 0, joker −3).

    First answer wins; a card no rule values is an error of the rule set. Asked once per card.
    """


@hookspec
def golf_cancelling_lines(rows: int, columns: int,
                          options: Mapping[str, Any]) -> Iterable[Sequence[int]]:
    """The lines of a board that count 0 when filled by cards of equal rank (CG-05).

    Each line is a sequence of two or more board places, numbered from 1 row by row as
    everywhere else (place 1 is the top-left card, place ``rows × columns`` the bottom-right
    one: on a 2×3 board the columns are ``(1, 4)``, ``(2, 5)``, ``(3, 6)``), and the rule class
    says so with ``places_from = 1``. A rule that does not say it is one written for golfcore
    0.1, whose places were numbered from 0: its answers are read so (place 0 the top-left
    card), with a deprecation warning when it is loaded, and one naming place
    ``rows × columns`` is refused with a message saying to declare ``places_from = 1``
    (:mod:`golfcore.framework.compat`); never shifted silently. A line counts 0
    when every one of its cards has the same rank (two jokers are equal); a card in two such
    lines counts 0 once. Combination: the union of every plugin's lines. The document's rule
    answers every row, every column and, on square boards only (the decision of CG-05), both
    diagonals; six-card golf's answers the columns only ("a pair in a column").
    """


@hookspec
def golf_board_adjustment(rows: Sequence[Sequence[Card | None]],
                          options: Mapping[str, Any]) -> int | None:
    """Points added to a board's score once its cards are valued and its cancelling lines count
    0 (CG-05, CG-08): negative for a bonus, such as a house rule's "a 2×2 square of one rank
    counts −20" or "a pair of jokers counts −10".

    ``rows`` is one board, row by row: a list of the shape's rows (2 for six-card's 2×3
    board, 3 for card-golf's 3×3), each a tuple of the shape's columns from left to right, so
    ``rows[r][c]`` is place ``r × columns + c + 1`` (the places actions and
    :func:`golf_cancelling_lines` number from 1; ``rows[0][0]`` is place 1, the top-left card).
    Each entry is a :class:`golfcore.cards.Card` (a ``(rank, suit)`` named tuple: ``rank`` 1
    for an ace to 13 for a king, 0 for a joker) or ``None``. Every card of the board is there,
    those on a cancelled line too (they count 0 already; the adjustment is added to that
    score). It is asked for two kinds of board (:func:`golfcore.cardgame.scoring.board_score`):
    when a round is scored, the whole board, every entry a card; for the running score of what
    the table sees during a round (an observation's ``showing``), a face-down card is
    ``None``, and an answer should count only what is face up. Combination: the sum of every
    plugin's answer (``None`` counts 0; anything but a whole number is a
    :class:`~golfcore.errors.PluginError` naming the variant). Pure: asked for every board
    scored. golfcore's variants have no adjustment; its optional rules ``square-bonus`` and
    ``joker-pair`` add one to a composed variant. The bots value boards by their cards and
    lines only, and the dominated-move check does not run under a rule set that adjusts
    (:func:`golfcore.cardgame.bots.dominated_not_run`; ``golf tournament`` reports "not run").
    """


@hookspec(firstresult=True)
def golf_may_discard_drawn(options: Mapping[str, Any]) -> bool | None:
    """Whether a card drawn from the stock may be discarded at once (CG-04), instead of
    replacing a board card (:func:`golf_discard_turns_up` says what follows).

    A card taken from the discard may never be discarded at once (that would be passing the
    turn). First answer wins; with no answer, ``True``.
    """


@hookspec(firstresult=True)
def golf_discard_turns_up(options: Mapping[str, Any]) -> bool | None:
    """What discarding a card drawn from the stock does, where :func:`golf_may_discard_drawn`
    allows it: ``True``, the player then turns up one face-down card of the board, as CG-04
    says (the action ``discard N``, N the place turned up; not possible once every card is
    face up); ``False``, the turn simply ends, nothing turned up, as six-card golf's public
    guides play it (the action ``discard``).

    First answer wins; with no answer, ``True``.
    """


@hookspec(firstresult=True)
def golf_ender_score(score: int, others: Sequence[int],
                     options: Mapping[str, Any]) -> int | None:
    """The round score of the player who ended the round, given their board's ``score`` and the
    other players' scores (CG-07).

    The ``ender-penalty`` rule: unless ``score`` is the lowest, it is doubled or raised by 10,
    whichever is greater (11 vs 9 and 17 → 22; 4 vs 5 and 3 → 14); a tie for lowest counts as
    lowest unless the option ``ender-penalty=ties`` says otherwise. First answer wins; with no
    answer the score stands.
    """


@hookspec(firstresult=True)
def golf_stock_exhausted(options: Mapping[str, Any]) -> str | None:
    """What happens when a turn leaves the stock empty: ``"reshuffle"`` (the discard pile but its
    top card is shuffled into a new stock, so a turn never starts with an empty stock) or
    ``"end-round"`` (the round ends at once: every card is turned up and scored; the ender's
    penalty applies only if a player had already ended the round, CG-06).

    First answer wins; with no answer, ``"reshuffle"``.
    """


@hookspec(firstresult=True)
def golf_match_over(totals: Sequence[int], rounds: int,
                    options: Mapping[str, Any]) -> bool | None:
    """Whether the match ends after a round, given each player's running total and the number
    of rounds played (CG-09: when a player reaches the point limit, e.g. 100; or after a fixed
    number of holes, 9 by convention). The lowest total wins; players tied for it share the win.

    First answer wins; a rule set without an answer is refused.
    """


@hookspec(firstresult=True)
def golf_message(reason: str, lang: str, options: Mapping[str, Any]) -> str | None:
    """The text shown to a player for a reason code, in ``lang`` (``"es"`` or ``"en"``).

    The ``card-game-messages`` rule answers every refusal of the engine in Spanish, with the
    document's words where it has them («No está permitido descartarse inmediatamente de la
    carta tomada del descarte»), and in English. First answer wins.
    """
