"""Dominated moves: actions worse than another legal action whatever the hidden cards are.

``docs/bots.md`` states the definition; in short, for the player to act, holding a card ``h``:

* an action's **effect** is how its own board's final points change (every card turned up as at
  the round's end) in every world of hidden cards consistent with the observation. It is
  *known* for: turning up a face-down card after discarding ``h`` (0 in every world); replacing
  a face-up card when every line through the place is *settled* before and after (all its cards
  face up, or two face-up cards of different ranks on it) and every line whose state changes
  only crosses settled lines (one exact number); replacing a face-down card when every line
  through it holds two face-up cards of different ranks (``v(h) - v(Y)`` for the hidden card
  ``Y``: an interval over the unseen cards). Anything else is unknown and never dominated nor
  dominating.
* action A is **dominated** by legal action B when the lowest effect of A is above the highest
  effect of B (A is strictly worse in every world), A and B agree on whether they end the round
  (CG-06; the ender's penalty, CG-07, is then the same increasing function of the board), and
  B gives the opponents no line: the card B discards completes no opponent's line in one
  placement, unless it has the rank of the card A discards (a hidden card discarded by B counts
  as able to complete one whenever an opponent has such a line).
* **taking the discard's card and replacing a face-up card of equal or lower value with it**,
  forming no line and with a known effect (≥ 0), is dominated by drawing and discarding, then
  turning up a face-down card (an effect of 0), when that was legal without ending the round,
  when the taken card completes no opponent's line (no denial) and no unseen card could
  complete one (the drawn card that would be discarded instead).
* ``take`` is dominated when every second action with the discard's card is.

Under a rule that adjusts a whole board's points (``golf_board_adjustment``, such as
``square-bonus``) no effect is known: the adjustment is any function of the whole board, face-down
cards included, so the change an action makes is known in every world only by scoring every
assignment of the unseen cards to the face-down places. The check does not run there
(:func:`dominated_not_run` says why) and :func:`dominated` answers ``None`` for every action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.actions import DISCARD, DRAW, REPLACE, TAKE, Action
from golfcore.cardgame.bots.sim.boardview import cover_of, place_delta
from golfcore.cardgame.bots.sim.observed import Seen, seen
from golfcore.cardgame.bots.sim.tables import HIDDEN, NO_PLACE, Tables
from golfcore.cardgame.rules import rule_set

#: (kind, place) of a second action.
Key = tuple[str, int]


def dominated_not_run(variant: str) -> str | None:
    """Why :func:`dominated` cannot judge the decisions of ``variant`` (a sentence naming the
    rules in the way), or ``None`` when it can."""
    rules = rule_set(variant)
    if not rules.adjusts:
        return None
    names = sorted({impl.plugin_name for impl in
                    rules.pm.hook.golf_board_adjustment.get_hookimpls()})
    which = (f"the rule {names[0]} adjusts" if len(names) == 1
             else f"the rules {', '.join(names)} adjust")
    return (f"{which} a whole board's points "
            f"(golf_board_adjustment), face-down cards included, so no move's effect is the "
            f"same in every world of hidden cards")


def dominated(observation: Mapping[str, Any], action: str) -> str | None:
    """``None``, or a short reason why ``action`` (one of ``observation["legal"]``) is
    dominated for the observing seat."""
    act = Action.parse(action)
    if act.kind not in (REPLACE, DISCARD, TAKE):
        return None
    s = seen(observation)
    if s.turn != s.seat:
        return None
    if act.kind == TAKE:
        return take_dominated(s)
    if s.held < 0:
        return None
    reasons = hold_dominance(s, s.held, s.held_from == "stock")
    return reasons.get((act.kind, NO_PLACE if act.place is None else act.place))


def take_dominated(s: Seen) -> str | None:
    """Why ``take`` is dominated (every use of the discard's card is), or ``None``."""
    if s.top < 0 or s.step != DRAW:
        return None
    reasons = hold_dominance(s, s.top, False)
    if reasons and all(r is not None for r in reasons.values()):
        return f"every use of the discard's {s.tab.cards[s.top]} is dominated"
    return None


def opponent_ranks(s: Seen) -> set[int]:
    """Ranks that would complete a line of some opponent in one placement."""
    tab = s.tab
    out: set[int] = set()
    for seat in s.opponents():
        view = s.views[seat]
        for line in tab.lines:
            for q in line:
                ranks = {tab.rank[view[z]] if view[z] >= 0 else None for z in line if z != q}
                if len(ranks) == 1 and None not in ranks:
                    out.update(r for r in ranks if r is not None)
    return out


def _settled(tab: Tables, rk: list[int], line: tuple[int, ...]) -> bool:
    """A line whose state is the same in every world: all face up, or two face-up ranks."""
    ranks = {rk[z] for z in line if rk[z] >= 0}
    return len(ranks) >= 2 or all(rk[z] >= 0 for z in line)


def effect(s: Seen, h: int, kind: str, p: int) -> tuple[float, float] | None:
    """The lowest and highest change of the acting seat's final board points over every world,
    or ``None`` when it is not known (see the module's documentation)."""
    tab = s.tab
    view = s.views[s.seat]
    if kind == DISCARD:
        return (0.0, 0.0)
    rk = [tab.rank[c] if c >= 0 else HIDDEN for c in view]
    r, v = tab.rank[h], tab.val[h]
    if view[p] < 0:
        for line in tab.lines_at[p]:
            if len({rk[z] for z in line if z != p and rk[z] >= 0}) < 2:
                return None
        values = [tab.val[i] for i, n in enumerate(s.pool) if n]
        if not values:
            return None
        return (float(v - max(values)), float(v - min(values)))
    after = rk[:]
    after[p] = r
    changed = []
    for line in tab.lines_at[p]:
        if not (_settled(tab, rk, line) and _settled(tab, after, line)):
            return None
        complete_before = all(rk[z] == rk[line[0]] and rk[z] >= 0 for z in line)
        complete_after = all(after[z] == after[line[0]] and after[z] >= 0 for z in line)
        if complete_before != complete_after:
            changed.append(line)
    for line in changed:
        for z in line:
            for other in tab.lines_at[z]:
                if other not in tab.lines_at[p] and not _settled(tab, rk, other):
                    return None
    vl = [float(tab.val[c]) if c >= 0 else 0.0 for c in view]
    d = place_delta(tab, rk, vl, cover_of(tab, rk), p, r, float(v))
    return (d, d)


def _forms_line(s: Seen, h: int, p: int) -> bool:
    tab = s.tab
    view = s.views[s.seat]
    r = tab.rank[h]
    return any(all(view[z] >= 0 and tab.rank[view[z]] == r for z in line if z != p)
               for line in tab.lines_at[p])


def hold_dominance(s: Seen, h: int, from_stock: bool) -> dict[Key, str | None]:
    """For every second action of the acting seat holding card ``h``: ``None`` or why it is
    dominated."""
    tab = s.tab
    view = s.views[s.seat]
    size = tab.size
    down = sum(1 for c in view if c < 0)
    actions: list[Key] = [(REPLACE, p) for p in range(size)]
    if from_stock and tab.may_discard and not tab.discard_turns_up:
        actions.append((DISCARD, NO_PLACE))     # discarding ends the turn, turns nothing up
    elif from_stock and tab.may_discard:
        actions += [(DISCARD, p) for p in range(size) if view[p] < 0]
    if tab.adjusts:
        # a rule adjusts the whole board's points: no effect is known, nothing is dominated
        return {key: None for key in actions}
    opp = opponent_ranks(s)
    pool_ranks = {tab.rank[i] for i, n in enumerate(s.pool) if n}
    hidden_helps = bool(opp & pool_ranks)

    def ends(key: Key) -> bool:
        return s.ender < 0 and down == 1 and key[1] >= 0 and view[key[1]] < 0

    def gives(key: Key) -> int | None:
        """The rank the action discards; None for a hidden card."""
        kind, p = key
        if kind == DISCARD:
            return tab.rank[h]
        return tab.rank[view[p]] if view[p] >= 0 else None

    def safe(b: Key, a: Key) -> bool:
        given = gives(b)
        if given is None:
            return not hidden_helps
        return given not in opp or given == gives(a)

    effects = {key: effect(s, h, key[0], key[1]) for key in actions}
    out: dict[Key, str | None] = {}
    for a in actions:
        ea = effects[a]
        reason: str | None = None
        if ea is not None:
            for b in actions:
                eb = effects[b]
                if b == a or eb is None or not eb[1] < ea[0]:
                    continue
                if ends(a) != ends(b) or not safe(b, a):
                    continue
                reason = _reason(s, h, a, b, ea[0])
                break
            if (reason is None and not from_stock and a[0] == REPLACE and view[a[1]] >= 0
                    and ea[0] >= 0 and not _forms_line(s, h, a[1])
                    and tab.rank[h] not in opp and not hidden_helps and tab.may_discard
                    and down >= 1 and (s.ender >= 0 or down >= 2)):
                reason = (f"taking {tab.cards[h]} to replace {tab.cards[view[a[1]]]} "
                          f"(+{ea[0]:g}) is no better than drawing and discarding"
                          + (" and turning a card up" if tab.discard_turns_up else ""))
        out[a] = reason
    return out


def _reason(s: Seen, h: int, a: Key, b: Key, worse: float) -> str:
    tab = s.tab
    view = s.views[s.seat]
    kind, p = a
    other = _text(b)
    if kind == REPLACE and view[p] >= 0:
        old = tab.cards[view[p]]
        if _forms_line(s, h, p) and worse > 0:
            return (f"completing a line with {tab.cards[h]} at {p + 1} raises the board by "
                    f"{worse:g}: {other} is better in every world")
        return (f"replacing {old} by {tab.cards[h]} at {p + 1} is worse than {other} in every "
                f"world")
    return f"{_text(a)} is worse than {other} in every world"


def _text(key: Key) -> str:
    kind, p = key
    return str(Action(kind, None if p == NO_PLACE else p))

