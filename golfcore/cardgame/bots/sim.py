"""The bots' fast internals: a variant's tables as plain lists, what an observation shows, the
greedy policy, and a round simulator for the strong bot's playouts.

Nothing here touches the engine's immutable states: cards are small integers (indices into
:attr:`Tables.cards`), boards are lists, and a face-down card is ``-1`` in what a player sees.
The engine plays about 14,000 actions a second; a playout here has to be much cheaper than that.

The greedy policy is written once, for a *view* of a board (the cards a player sees on it, ``-1``
for a face-down card, valued at the mean of the unseen cards), and is used both by the greedy
bot on a real observation and by every player of a simulated round.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from golfcore.cardgame.rules import END_ROUND, RuleSet, rule_set
from golfcore.cards import Card
from golfcore.errors import GolfError

#: A face-down card in a view.
HIDDEN = -1
#: Kinds of the second action of a turn, as the simulator names them.
REPLACE, DISCARD = 0, 1
#: The place of a discard that turns nothing up (the action ``discard``).
NO_PLACE = -1


def hold_text(kind: int, place: int) -> str:
    """A second action's text: ``replace N``, ``discard N`` or (no place) ``discard``."""
    word = "replace" if kind == REPLACE else "discard"
    return word if place < 0 else f"{word} {place + 1}"


def face_down(rk: Sequence[int], place: int) -> bool:
    """Whether ``place`` is a face-down place of a board's ranks (never :data:`NO_PLACE`)."""
    return place >= 0 and rk[place] < 0


class Tables:
    """One variant's rules as lists: card values and ranks, lines, which lines pass each place."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.variant: str = rules.name
        self.cards: list[Card] = sorted(set(rules.deck))
        self.index: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        self.by_text: dict[str, int] = {str(c): i for i, c in enumerate(self.cards)}
        self.val: list[int] = [rules.values[c] for c in self.cards]
        self.rank: list[int] = [c.rank for c in self.cards]
        self.count: list[int] = [rules.counts[c] for c in self.cards]
        self.size: int = rules.size
        self.shape: tuple[int, int] = rules.shape
        self.lines: tuple[tuple[int, ...], ...] = rules.lines
        #: for each place, the lines through it
        self.lines_at: list[tuple[tuple[int, ...], ...]] = [
            tuple(line for line in rules.lines if p in line) for p in range(self.size)]
        self.may_discard: bool = rules.may_discard_drawn
        #: whether discarding a drawn card turns a face-down card up (CG-04) or only ends the
        #: turn (six-card golf's guides: the second action ``(DISCARD, NO_PLACE)``)
        self.discard_turns_up: bool = rules.discard_turns_up
        #: whether some rule adjusts a whole board's points (the simulator does not count it)
        self.adjusts: bool = rules.adjusts
        self.initial_face_up: int = rules.initial_face_up
        self.stock_ends_round: bool = rules.stock_exhausted == END_ROUND
        self.total_value: int = sum(n * v for n, v in zip(self.count, self.val))
        self.total_cards: int = sum(self.count)
        self._ender: dict[tuple[int, tuple[int, ...]], int] = {}
        #: draw_gain of a board against the full shoe (the playouts'), by (ranks, values)
        self.gains: dict[tuple[tuple[int, ...], tuple[float, ...]], float] = {}

    def ender_score(self, score: int, others: Sequence[int]) -> int:
        """The rules' CG-07 answer, remembered (a pluggy call is too slow for playouts)."""
        key = (score, tuple(sorted(others)))
        out = self._ender.get(key)
        if out is None:
            out = self._ender[key] = self.rules.ender_score(score, list(key[1]))
        return out

    def penalised(self, score: float, others: Sequence[tuple[float, float]]) -> float:
        """The expected points of ending the round with ``score`` (known or expected) when the
        others' final points are about normal with these (mean, variance): ``score`` plus the
        rules' penalty (CG-07) weighted by the chance of not being lowest."""
        s = round(score)
        lower = self.ender_score(s, [s - 1]) - s
        tie = self.ender_score(s, [s]) - s
        if not others or (lower == 0 and tie == 0):
            return score
        none_below = 1.0
        none_at_or_below = 1.0
        for mean, var in others:
            sd = math.sqrt(max(var, 0.25))
            none_below *= 1.0 - _phi((s - 0.5 - mean) / sd)
            none_at_or_below *= 1.0 - _phi((s + 0.5 - mean) / sd)
        p_lower = 1.0 - none_below
        p_tie = max(0.0, none_below - none_at_or_below)
        return score + p_lower * lower + p_tie * tie


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@functools.lru_cache(maxsize=64)
def tables(variant: str) -> Tables:
    """Shared :class:`Tables` of a variant string."""
    return Tables(rule_set(variant))


# -- boards as a player sees them ------------------------------------------------------------------


def cover_of(tab: Tables, rk: Sequence[int]) -> list[int]:
    """For each place, how many complete lines (every card face up, one rank) pass it."""
    cover = [0] * tab.size
    for line in tab.lines:
        r = rk[line[0]]
        if r < 0:
            continue
        for z in line:
            if rk[z] != r:
                break
        else:
            for z in line:
                cover[z] += 1
    return cover


def expect(vl: Sequence[float], cover: Sequence[int]) -> float:
    """A board's expected points: the values of places on no complete line."""
    return sum(v for v, c in zip(vl, cover) if not c)


def place_delta(tab: Tables, rk: Sequence[int], vl: Sequence[float], cover: Sequence[int],
                p: int, r: int, v: float) -> float:
    """How a board's expected points change when a card of rank ``r`` and value ``v`` goes face
    up at place ``p`` (replacing what is there); ``rk``/``vl``: ranks (``-1`` face down) and
    values (the mean for face down) of the board's places."""
    old = rk[p]
    changed: dict[int, int] | None = None
    for line in tab.lines_at[p]:
        before = old >= 0
        after = True
        for z in line:
            if z == p:
                continue
            rz = rk[z]
            if rz != r:
                after = False
            if rz != old:
                before = False
        if before != after:
            if changed is None:
                changed = {}
            step = 1 if after else -1
            for z in line:
                changed[z] = changed.get(z, 0) + step
    if changed is None:
        return v - vl[p] if not cover[p] else 0.0
    delta = 0.0
    for z, step in changed.items():
        was = vl[z] if not cover[z] else 0.0
        now_v = v if z == p else vl[z]
        now = now_v if not cover[z] + step else 0.0
        delta += now - was
    if p not in changed and not cover[p]:
        delta += v - vl[p]
    return delta


def pool_counts(tab: Tables, seen: Sequence[int]) -> list[int]:
    """The shoe minus the cards seen (indices), never below zero."""
    counts = list(tab.count)
    for i in seen:
        if counts[i] > 0:
            counts[i] -= 1
    return counts


def pool_mean(tab: Tables, counts: Sequence[int]) -> float:
    total = sum(counts)
    if total == 0:
        total, counts = sum(tab.count), tab.count
    return sum(n * v for n, v in zip(counts, tab.val)) / total


# -- the greedy policy -----------------------------------------------------------------------------


@dataclass
class Table:
    """What the greedy policy needs of the table at one decision: every board as its owner and
    everyone sees it, the mean value of a card nobody sees, the round's end so far."""

    tab: Tables
    rk: list[list[int]]          # per seat, per place: rank, -1 face down
    vl: list[list[float]]        # per seat, per place: value, the mean when face down
    down: list[int]              # per seat: face-down cards
    mean: float
    ender: int                   # -1: nobody has ended the round
    pool: list[int] = field(default_factory=list)   # unseen cards per index (may be empty)
    patient: bool = True         # count on the others' last turn when thinking of ending

    @classmethod
    def build(cls, tab: Tables, views: Sequence[Sequence[int]], mean: float, ender: int,
              pool: list[int] | None = None, patient: bool = True) -> Table:
        rk = [[tab.rank[c] if c >= 0 else HIDDEN for c in view] for view in views]
        vl = [[float(tab.val[c]) if c >= 0 else mean for c in view] for view in views]
        down = [sum(1 for c in view if c < 0) for view in views]
        return cls(tab, rk, vl, down, mean, ender, pool or [], patient)



def plain_places(tab: Tables, rk: Sequence[int], vl: Sequence[float],
                 cover: Sequence[int]) -> tuple[float | None, list[int]]:
    """Split a board's places into plain and special ones. On a plain place a card makes and
    breaks no line (no cover, and no line through it whose other places all show one rank),
    so a card of value v changes the board by v - vl[p] there: only the highest plain value
    matters (the first answer, None when there is no plain place). The special places (the
    second answer) must be valued one by one."""
    plain_top: float | None = None
    special: list[int] = []
    for p in range(tab.size):
        plain = not cover[p]
        if plain:
            for line in tab.lines_at[p]:
                first = -2
                for z in line:
                    if z == p:
                        continue
                    if first == -2:
                        first = rk[z]
                    if rk[z] < 0 or rk[z] != first:
                        break
                else:
                    plain = False
                    break
        if plain:
            if plain_top is None or vl[p] > plain_top:
                plain_top = vl[p]
        else:
            special.append(p)
    return plain_top, special

def draw_gain(table: Table, seat: int) -> float:
    """What ``seat`` may expect to gain from a card of the stock: for each card it might draw,
    the best of its replacements or (when allowed) nothing; weighted by the unseen cards."""
    tab = table.tab
    rk, vl = table.rk[seat], table.vl[seat]
    memo: tuple[tuple[int, ...], tuple[float, ...]] | None = None
    if not table.pool:
        # the playouts' case: the full shoe, so the answer depends on the board alone
        memo = (tuple(rk), tuple(vl))
        known = tab.gains.get(memo)
        if known is not None:
            return known
    cover = cover_of(tab, rk)
    plain_top, special = plain_places(tab, rk, vl, cover)
    pool = table.pool or tab.count
    total = 0.0
    weight = 0
    seen: dict[tuple[int, int], float] = {}
    for i, n in enumerate(pool):
        if not n:
            continue
        key = (tab.rank[i], tab.val[i])
        best = seen.get(key)
        if best is None:
            best = 0.0 if tab.may_discard else float("inf")
            if plain_top is not None and key[1] - plain_top < best:
                best = key[1] - plain_top
            for p in special:
                d = place_delta(tab, rk, vl, cover, p, key[0], key[1])
                if d < best:
                    best = d
            seen[key] = best
        total += n * best
        weight += n
    gain = -total / weight if weight else 0.0
    if memo is not None:
        if len(tab.gains) > 200_000:
            tab.gains.clear()
        tab.gains[memo] = gain
    return gain


def pool_variance(tab: Tables, counts: Sequence[int], mean: float) -> float:
    total = sum(counts)
    if total == 0:
        total, counts = sum(tab.count), tab.count
    return sum(n * (v - mean) ** 2 for n, v in zip(counts, tab.val)) / total


def others_expected(table: Table, seat: int) -> list[tuple[float, float]]:
    """The others' final points as (mean, variance): face-down cards at the pool's mean and
    variance; with ``patient``, less what one last turn may gain (and its spread)."""
    tab = table.tab
    var = pool_variance(tab, table.pool or tab.count, table.mean)
    out = []
    for s in range(len(table.rk)):
        if s == seat:
            continue
        e = expect(table.vl[s], cover_of(tab, table.rk[s]))
        v = table.down[s] * var
        if table.patient:
            e -= draw_gain(table, s)
            v += LAST_TURN_VARIANCE
        out.append((e, v))
    return out


#: The spread (variance, points²) of what a player's last turn gains.
LAST_TURN_VARIANCE = 9.0


def hold_options(table: Table, seat: int, card: int, from_stock: bool
                 ) -> list[tuple[float, int, int]]:
    """Every second action of ``seat`` holding ``card``, as ``(value, kind, place)``: the
    board's expected points after it, the ender's penalty (CG-07) included for an action that
    ends the round. Replacing first, place by place, then discarding."""
    tab = table.tab
    rk, vl = table.rk[seat], table.vl[seat]
    cover = cover_of(tab, rk)
    e0 = expect(vl, cover)
    r, v = tab.rank[card], float(tab.val[card])
    last = table.down[seat] == 1 and table.ender < 0
    rivals: list[tuple[float, float]] | None = None
    out: list[tuple[float, int, int]] = []
    for p in range(tab.size):
        value = e0 + place_delta(tab, rk, vl, cover, p, r, v)
        if last and rk[p] < 0:
            if rivals is None:
                rivals = others_expected(table, seat)
            value = tab.penalised(value, rivals)
        out.append((value, REPLACE, p))
    if from_stock and tab.may_discard and not tab.discard_turns_up:
        out.append((e0, DISCARD, NO_PLACE))      # the turn ends: nothing turned up or ended
    elif from_stock and tab.may_discard:
        for p in range(tab.size):
            if rk[p] < 0:
                value = e0
                if last:
                    if rivals is None:
                        rivals = others_expected(table, seat)
                    value = tab.penalised(value, rivals)
                out.append((value, DISCARD, p))
    return out


def best_hold(table: Table, seat: int, card: int, from_stock: bool,
              allowed: Any = None) -> tuple[float, int, int]:
    """The greedy second action: the lowest value of :func:`hold_options` (``allowed``, when
    given, filters ``(kind, place)``); ties go to a face-down place, then the lower place."""
    best: tuple[float, int, int] | None = None
    rk = table.rk[seat]
    best_key: tuple[float, int, int, int] | None = None
    for value, kind, p in hold_options(table, seat, card, from_stock):
        if allowed is not None and (kind, p) not in allowed:
            continue
        key = (round(value, 9), 0 if face_down(rk, p) else 1, kind, p)
        if best_key is None or key < best_key:
            best_key, best = key, (value, kind, p)
    if best is None:
        raise GolfError("no second action is allowed")
    return best


# -- simulated rounds ------------------------------------------------------------------------------


class Round:
    """A determinised round: every card known, lists all the way (copy it with :meth:`copy`).

    ``real[s]`` is seat ``s``'s board, ``view[s]`` what everyone sees of it (``-1`` face down);
    the stock is drawn from its end, the discard's top is its last card."""

    __slots__ = ("tab", "real", "view", "stock", "discard", "turn", "ender", "left", "rng",
                 "turns")

    def __init__(self, tab: Tables, real: list[list[int]], view: list[list[int]],
                 stock: list[int], discard: list[int], turn: int, ender: int, left: list[int],
                 rng: random.Random):
        self.tab = tab
        self.real, self.view = real, view
        self.stock, self.discard = stock, discard
        self.turn, self.ender, self.left = turn, ender, left
        self.rng = rng
        self.turns = 0

    def copy(self) -> Round:
        return Round(self.tab, [b[:] for b in self.real], [b[:] for b in self.view],
                     self.stock[:], self.discard[:], self.turn, self.ender, self.left[:],
                     self.rng)

    # -- the rules ---------------------------------------------------------------------------

    def apply(self, seat: int, card: int, kind: int, place: int) -> None:
        """``seat``, holding ``card``, replaces ``place`` or discards and turns ``place`` up
        (:data:`NO_PLACE`: discards and turns nothing up)."""
        real, view = self.real[seat], self.view[seat]
        if kind == REPLACE:
            self.discard.append(real[place])
            real[place] = card
        else:
            self.discard.append(card)
        if place >= 0:
            view[place] = real[place]

    def end_turn(self, seat: int) -> bool:
        """After ``seat``'s turn: the round's end (CG-06) or the next seat; True when over."""
        players = len(self.real)
        self.turns += 1
        if self.ender < 0:
            if HIDDEN not in self.view[seat]:
                self.ender = seat
                self.left = [(seat + k) % players for k in range(1, players)]
        elif self.left and self.left[0] == seat:
            self.left.pop(0)
        if self.ender >= 0 and not self.left:
            return True
        if not self.stock:
            if self.tab.stock_ends_round or len(self.discard) < 2:
                return True
            self.stock = self.discard[:-1]
            self.rng.shuffle(self.stock)
            self.discard = self.discard[-1:]
        self.turn = self.left[0] if self.ender >= 0 else (seat + 1) % players
        return False

    def scores(self) -> list[int]:
        """Every board turned up and scored, the ender's penalty applied (CG-05 to CG-07)."""
        tab = self.tab
        raw = []
        for board in self.real:
            rk = [tab.rank[c] for c in board]
            cover = cover_of(tab, rk)
            raw.append(sum(tab.val[c] for c, k in zip(board, cover) if not k))
        if self.ender >= 0:
            others = raw[:self.ender] + raw[self.ender + 1:]
            raw[self.ender] = tab.ender_score(raw[self.ender], others)
        return raw

    def open_scores(self) -> list[int]:
        """Every board scored as it lies, without ending anything (a cut-off playout)."""
        tab = self.tab
        out = []
        for board in self.real:
            cover = cover_of(tab, [tab.rank[c] for c in board])
            out.append(sum(tab.val[c] for c, k in zip(board, cover) if not k))
        return out

    def seen_scores(self) -> list[float]:
        """Every board scored as everyone sees it (a cut-off playout's leaf): face-up cards at
        their value, face-down cards at the mean of the cards nobody sees (the shoe less every
        face-up card and the discard's top). Unlike :meth:`open_scores` this does not read the
        world's hidden cards, so the leaf's value carries none of their noise."""
        tab = self.tab
        total = tab.total_value
        count = tab.total_cards
        for view in self.view:
            for c in view:
                if c >= 0:
                    total -= tab.val[c]
                    count -= 1
        if self.discard:
            total -= tab.val[self.discard[-1]]
            count -= 1
        mean = total / count if count > 0 else tab.total_value / tab.total_cards
        out = []
        for view in self.view:
            rk = [tab.rank[c] if c >= 0 else HIDDEN for c in view]
            cover = cover_of(tab, rk)
            out.append(sum((tab.val[c] if c >= 0 else mean) for c, k in zip(view, cover)
                           if not k))
        return out

    # -- the greedy policy for everyone ----------------------------------------------------------

    def table(self, mean: float, patient: bool) -> Table:
        return Table.build(self.tab, self.view, mean, self.ender, None, patient)

    def greedy_turn(self, mean: float, threshold: float, patient: bool = True) -> bool:
        """The seat to play plays a greedy turn; True when the round is over."""
        seat = self.turn
        table = self.table(mean, patient)
        top = self.discard[-1] if self.discard else -1
        if top >= 0:
            e0 = expect(table.vl[seat], cover_of(self.tab, table.rk[seat]))
            value, kind, place = best_hold(table, seat, top, False)
            if e0 - value > threshold:
                self.discard.pop()
                self.apply(seat, top, kind, place)
                return self.end_turn(seat)
        if not self.stock:
            return True
        card = self.stock.pop()
        value, kind, place = best_hold(table, seat, card, True)
        self.apply(seat, card, kind, place)
        return self.end_turn(seat)

    def play_out(self, mean: float, threshold: float, horizon: int | None,
                 patient_turns: int, seen_leaf: bool = False,
                 turn: Callable[[Round, float, float, bool], bool] | None = None
                 ) -> list[float]:
        """Greedy turns for everyone to the round's end (or ``horizon`` more turns: the boards
        are then scored as they lie, or as everyone sees them with ``seen_leaf``); the round's
        scores. ``turn(round, mean, threshold, patient)``, when given, plays each turn instead
        of :meth:`greedy_turn` (another policy)."""
        play = turn or Round.greedy_turn
        start = self.turns
        while True:
            if horizon is not None and self.turns - start >= horizon and self.ender < 0:
                return list(self.seen_scores()) if seen_leaf else list(self.open_scores())
            if play(self, mean, threshold, self.turns < patient_turns):
                return list(self.scores())


# -- what an observation shows ---------------------------------------------------------------------


@dataclass
class Seen:
    """An observation as small integers: the tables, every board's view, the discard's top, the
    held card, the pool of unseen cards and its mean."""

    tab: Tables
    seat: int
    players: int
    step: str
    turn: int
    views: list[list[int]]
    top: int                     # -1: empty discard
    held: int                    # -1: none or not seen
    held_from: str | None
    ender: int
    last_turns: list[int]
    stock_count: int
    discard_count: int
    pool: list[int]
    mean: float
    round: int

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat]


def card_index(tab: Tables, text: Any) -> int:
    if text is None:
        return HIDDEN
    try:
        return tab.by_text[str(text)]
    except KeyError:
        raise GolfError(f"observation names {text!r}, which is no card of "
                        f"{tab.variant!r}") from None


def seen(observation: Mapping[str, Any]) -> Seen:
    """Read an observation (what ``Match.observe`` returns) into a :class:`Seen`."""
    try:
        tab = tables(str(observation["variant"]))
        views = [[card_index(tab, c) for c in board] for board in observation["boards"]]
        top = card_index(tab, observation.get("discard"))
        held_info = observation.get("held")
        held, held_from = HIDDEN, None
        if held_info:
            held_from = held_info.get("from")
            held = card_index(tab, held_info.get("card"))
        ender = observation.get("ender")
        turn = observation.get("turn")
        seat = int(observation["seat"])
        visible = [c for view in views for c in view if c >= 0]
        if top >= 0:
            visible.append(top)
        if held >= 0:
            visible.append(held)
        pool = pool_counts(tab, visible)
        return Seen(tab=tab, seat=seat, players=len(views), step=str(observation["step"]),
                    turn=-1 if turn is None else int(turn), views=views, top=top, held=held,
                    held_from=held_from, ender=-1 if ender is None else int(ender),
                    last_turns=list(observation.get("last_turns") or []),
                    stock_count=int(observation.get("stock_count", 0)),
                    discard_count=int(observation.get("discard_count", 0)), pool=pool,
                    mean=pool_mean(tab, pool), round=int(observation.get("round", 1)))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, GolfError):
            raise
        raise GolfError(f"not a card-game observation: {exc!r}") from None


def determinise(s: Seen, rng: random.Random) -> Round:
    """One world consistent with the observation: the unseen cards shuffled onto the face-down
    places, the stock and the buried discard."""
    tab = s.tab
    unseen = [i for i, n in enumerate(s.pool) for _ in range(n)]
    rng.shuffle(unseen)
    real = []
    k = 0
    for view in s.views:
        board = []
        for c in view:
            if c >= 0:
                board.append(c)
            else:
                board.append(unseen[k] if k < len(unseen) else 0)
                k += 1
        real.append(board)
    rest = unseen[k:]
    stock = rest[:s.stock_count]
    buried = rest[s.stock_count:]
    discard = buried + ([s.top] if s.top >= 0 else [])
    left = list(s.last_turns) if s.ender >= 0 else []
    # the seat to play is at the front of the list of last turns while it has one
    return Round(tab, real, [v[:] for v in s.views], stock, discard, s.turn, s.ender, left,
                 random.Random(rng.random()))
