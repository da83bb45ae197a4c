"""The ``greedy`` bot: one move ahead, face-down cards valued at the mean of the unseen cards.

* The board's *expected points*: face-up cards at their value, a face-down card (its own or, for
  the round's end, another's) at the mean value of the cards the observation does not show (the
  shoe minus every visible card: 612/108 ≈ 5.67 for a fresh two-deck shoe under the document's
  values), a line of one rank, all face up, at 0 (the variant's values and lines).
* Draw step: ``take`` when the best use of the discard's card lowers the expected points by more
  than ``threshold``; otherwise ``draw``.
* Holding a card: the action with the lowest expected points (a replacement, or discarding and
  turning a card up when allowed, which changes nothing in expectation).
* The round's end (CG-06, CG-07): an action that turns up the bot's last face-down card ends the
  round; it is valued with the ender's penalty against the others' expected points, less what
  each may gain in its last turn, so the bot ends only when it expects to be lowest. After
  ``patience`` turns in a round it stops counting on the others' last turns (so two cautious
  players cannot stall a round). When someone else has ended the round there is no penalty.
* It never makes a dominated move (:mod:`golfcore.cardgame.bots.dominated`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.actions import DISCARD, REPLACE
from golfcore.cardgame.bots.sim import boardview, observed, tables, valuation
from golfcore.cardgame.bots.base import Bot, BotError
from golfcore.cardgame.bots.dominated import hold_dominance

KIND_TEXT = {tables.REPLACE: REPLACE, tables.DISCARD: DISCARD}
SIM_KIND = {REPLACE: tables.REPLACE, DISCARD: tables.DISCARD}

#: The default gain (points) that makes the greedy bot take the discard's card.
THRESHOLD = 2.0


def number(name: str, value: Any, low: float, integer: bool = False) -> Any:
    """An option's value, checked: a finite number (a whole one when ``integer``) of at least
    ``low``; :class:`BotError` otherwise (``inf``, ``nan`` and ``1e400`` included)."""
    try:
        if isinstance(value, bool) or not math.isfinite(float(value)):
            raise ValueError
        out = int(value) if integer else float(value)
    except (TypeError, ValueError, OverflowError):
        shown = (f"<a whole number of {value.bit_length()} bits>" if isinstance(value, int)
                 and value.bit_length() > 128 else repr(value)[:40])
        raise BotError(f"option {name}={shown}: expected a finite number") from None
    if integer and float(value) != out or out < low:
        raise BotError(f"option {name}={value!r}: expected {'a whole number ' if integer else ''}"
                       f"of at least {low:g}")
    return out


class GreedyBot(Bot):
    """One move ahead (see the module's documentation)."""

    name = "greedy"
    titles = {"en": "greedy", "es": "codicioso"}
    descriptions = {"en": "Looks one move ahead and keeps the lowest expected points.",
                    "es": "Mira una jugada por delante y busca los puntos esperados más bajos."}
    options = {
        "threshold": f"points the discard's card must save to be taken (default {THRESHOLD:g})",
        "patience": "own turns in a round after which the bot no longer counts on the others' "
                    "last turn when it considers ending the round (default: twice the board's "
                    "cards)",
    }

    #: What a server takes from a client (greedy's decisions cost the same whatever they are).
    client_limits = {"threshold": (-1, 20), "patience": (0, 100)}

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        super().__init__(variant, seat, seed, **options)
        self.threshold: float = number("threshold", options.get("threshold", THRESHOLD), -1.0)
        self.patience: int = number("patience", options.get("patience", 2 * self.rules.size),
                                    0, integer=True)
        self._turns: dict[int, int] = {}

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = self.legal(observation)
        if len(legal) == 1:
            return legal[0]
        s = observed.seen(observation)
        if s.step == "reveal":
            return self.rng(observation).choice(legal)
        patient = self._turns.get(s.round, 0) < self.patience
        if s.step == "hold":
            self._turns[s.round] = self._turns.get(s.round, 0) + 1
        return greedy_action(s, legal, self.threshold, patient)


def table_of(s: observed.Seen, patient: bool) -> valuation.Table:
    return valuation.Table.build(s.tab, s.views, s.mean, s.ender, s.pool, patient)


def allowed_hold(s: observed.Seen, card: int, from_stock: bool) -> set[tuple[int, int]]:
    """The second actions holding ``card`` that are not dominated, as (sim kind, place)."""
    reasons = hold_dominance(s, card, from_stock)
    return {(SIM_KIND[k], p) for (k, p), why in reasons.items() if why is None}


def take_value(s: observed.Seen, table: valuation.Table) -> tuple[float, int, int] | None:
    """The greedy second action with the discard's card (``None`` if every one is dominated)."""
    if s.top < 0:
        return None
    allowed = allowed_hold(s, s.top, False)
    if not allowed:
        return None
    return valuation.best_hold(table, s.seat, s.top, False, allowed)


def greedy_action(s: observed.Seen, legal: list[str], threshold: float, patient: bool) -> str:
    table = table_of(s, patient)
    if s.step == "draw":
        if "take" in legal:
            best = take_value(s, table)
            e0 = boardview.expect(table.vl[s.seat], boardview.cover_of(s.tab, table.rk[s.seat]))
            bar = threshold if threshold >= 0 else valuation.draw_gain(table, s.seat)
            if best is not None and e0 - best[0] > bar:
                return "take"
        return "draw" if "draw" in legal else legal[0]
    if s.step == "hold" and s.held >= 0:
        from_stock = s.held_from == "stock"
        allowed = allowed_hold(s, s.held, from_stock)
        _, kind, place = valuation.best_hold(table, s.seat, s.held, from_stock, allowed or None)
        text = tables.hold_text(kind, place)
        if text in legal:
            return text
    return legal[0]
