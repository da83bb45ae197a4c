"""The ``strong`` bot: determinised Monte-Carlo search with greedy playouts.

At each decision with more than one sensible option:

1. **Candidates**: the legal actions that are not dominated (:mod:`.dominated`), ranked by the
   greedy bot's one-move value; those within ``margin`` points of the best, at most
   ``candidates`` of them. At the draw step the candidates are ``draw`` and ``take`` followed by
   each candidate use of the discard's card. One candidate left: it is played at once.
2. **Worlds**: ``iterations`` times, the unseen cards (the shoe minus every visible card) are
   shuffled onto the face-down places of every board, the stock and the buried discard pile:
   a world consistent with the observation.
3. **Playouts**: in each world, each candidate is played, then every player plays the greedy
   policy to the round's end (CG-06), which is scored with the ender's penalty (CG-07). Every
   candidate meets the same worlds (common random numbers), so their differences are sharp.
4. **Choice**: the candidate with the lowest mean of *own points minus the mean of the
   others'*: a card that completes an opponent's line is taken by that opponent in the
   playouts, so the bot learns not to give it (and to take it first when that pays).

Options: ``iterations`` (worlds per candidate, default 24), ``candidates`` (default 4),
``margin`` (default 6 points), ``horizon`` (playout turns before the boards are scored as they
lie, default 8; 0: to the round's end; a round someone has ended is always played out), ``time_limit`` (seconds, a cap on the search; default
none, so that decisions depend only on the seed and the observation), ``threshold`` (the
playouts' greedy take threshold).
"""

from __future__ import annotations

import math
import time
from typing import Any, Mapping

from golfcore.cardgame.bots import sim
from golfcore.cardgame.bots.base import Bot
from golfcore.cardgame.bots.greedy import (KIND_TEXT, THRESHOLD, allowed_hold, greedy_action,
                                           number, table_of)

#: A candidate: (None, -1, -1) is ``draw``; (card, kind, place) a second action with ``card``
#: (the discard's card at the draw step: ``take`` then that action).
Candidate = tuple[int | None, int, int]

#: Default playout length (turns) before the boards are scored as they lie; a round that has
#: been ended (CG-06) is always played to its end.
HORIZON = 8


class StrongBot(Bot):
    """Determinised Monte-Carlo search (see the module's documentation)."""

    name = "strong"
    options = {
        "iterations": "worlds sampled per candidate action (default 24)",
        "candidates": "at most this many candidate actions are searched (default 4)",
        "margin": "candidates more than this many points worse than the greedy choice are "
                  "dropped (default 6)",
        "horizon": "playout turns before the boards are scored as they lie (default 8; 0: to "
                   "the round's end)",
        "time_limit": "seconds: a cap on one decision's search (default: none)",
        "threshold": f"the greedy take threshold, in the playouts too (default {THRESHOLD:g})",
        "confidence": "standard errors by which a candidate must beat the greedy choice in the "
                      "playouts to be played instead (default 1)",
    }

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        super().__init__(variant, seat, seed, **options)
        self.iterations: int = number("iterations", options.get("iterations", 24), 1, True)
        self.candidates: int = number("candidates", options.get("candidates", 4), 1, True)
        self.margin: float = number("margin", options.get("margin", 6), 0.0)
        horizon = options.get("horizon", HORIZON)
        turns = number("horizon", horizon, 0, True)
        self.horizon: int | None = turns or None
        limit = options.get("time_limit")
        self.time_limit: float | None = None if limit is None else number("time_limit", limit,
                                                                          0.0)
        self.threshold: float = number("threshold", options.get("threshold", THRESHOLD), 0.0)
        self.confidence: float = number("confidence", options.get("confidence", 1.0), 0.0)
        #: (decisions searched, playouts) so far: for the benchmark
        self.stats = [0, 0]

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = self.legal(observation)
        if len(legal) == 1:
            return legal[0]
        s = sim.seen(observation)
        if s.step == "reveal":
            return self.rng(observation).choice(legal)
        if s.step not in ("draw", "hold") or (s.step == "hold" and s.held < 0):
            return greedy_action(s, legal, self.threshold, True)
        greedy = greedy_action(s, legal, self.threshold, True)
        cands = self.candidate_list(s, legal)
        texts = [text_of(c, s) for c in cands]
        if s.step == "draw" and greedy == "take":
            # the greedy use of the discard's card is the first take candidate
            base = texts.index("take") if "take" in texts else -1
        else:
            base = texts.index(greedy) if greedy in texts else -1
        if base < 0:
            return greedy
        if len(cands) == 1:
            return texts[0]
        return text_of(self.search(s, cands, base, self.rng(observation)), s)

    # -- candidates ------------------------------------------------------------------------------

    def candidate_list(self, s: sim.Seen, legal: list[str]) -> list[Candidate]:
        table = table_of(s, True)
        if s.step == "hold":
            from_stock = s.held_from == "stock"
            return self._uses(s, table, s.held, from_stock, self.candidates)
        out: list[Candidate] = [(None, -1, -1)] if "draw" in legal else []
        if "take" in legal and s.top >= 0:
            out += self._uses(s, table, s.top, False, max(1, self.candidates - 1))
        return out

    def _uses(self, s: sim.Seen, table: sim.Table, card: int, from_stock: bool,
              limit: int) -> list[Candidate]:
        allowed = allowed_hold(s, card, from_stock)
        opts = [(v, k, p) for v, k, p in sim.hold_options(table, s.seat, card, from_stock)
                if (k, p) in allowed]
        if not opts:
            return []
        rk = table.rk[s.seat]
        opts.sort(key=lambda o: (round(o[0], 9), 0 if rk[o[2]] < 0 else 1, o[1], o[2]))
        best = opts[0][0]
        out: list[Candidate] = []
        seen_down = False
        for v, k, p in opts:
            if v > best + self.margin or len(out) >= limit:
                break
            if rk[p] < 0 and table.down[s.seat] > 1 and s.ender < 0:
                # face-down places are alike before the round's end: one stands for all of a
                # kind, except where lines differ: one discard stands for all
                if seen_down and k == sim.DISCARD:
                    continue
                seen_down = seen_down or k == sim.DISCARD
            out.append((card, k, p))
        return out

    # -- search ----------------------------------------------------------------------------------

    def search(self, s: sim.Seen, cands: list[Candidate], base: int, rng: Any) -> Candidate:
        """The candidate to play: the one whose playouts beat the greedy choice ``cands[base]``
        by the most, if by more than ``confidence`` standard errors; else the greedy choice."""
        start = time.perf_counter()
        n = len(cands)
        diffs: list[list[float]] = [[] for _ in cands]
        players = s.players
        patient_turns = players * s.tab.size
        runs = 0
        for _ in range(self.iterations):
            world = sim.determinise(s, rng)
            state = world.rng.getstate()
            values = []
            for cand in cands:
                r = world.copy()
                world.rng.setstate(state)
                scores = self.play(r, s, cand, patient_turns)
                mine = scores[s.seat]
                values.append(mine - (sum(scores) - mine) / (players - 1))
            for i in range(n):
                diffs[i].append(values[i] - values[base])
            runs += 1
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
        self.stats[0] += 1
        self.stats[1] += runs * n
        best, best_mean = base, 0.0
        for i in range(n):
            if i == base or runs < 2:
                continue
            mean = sum(diffs[i]) / runs
            var = sum((d - mean) ** 2 for d in diffs[i]) / (runs - 1)
            se = math.sqrt(var / runs)
            if mean < -self.confidence * se and mean < best_mean:
                best, best_mean = i, mean
        return cands[best]

    def play(self, r: sim.Round, s: sim.Seen, cand: Candidate, patient_turns: int) -> list[int]:
        card, kind, place = cand
        seat = s.seat
        if card is None:
            if not r.stock:
                return r.scores()
            drawn = r.stock.pop()
            table = r.table(s.mean, True)
            _, kind, place = sim.best_hold(table, seat, drawn, True)
            r.apply(seat, drawn, kind, place)
        else:
            if s.step == "draw":
                r.discard.pop()
            r.apply(seat, card, kind, place)
        if r.end_turn(seat):
            return r.scores()
        return r.play_out(s.mean, self.threshold, self.horizon, patient_turns)


def text_of(cand: Candidate, s: sim.Seen) -> str:
    card, kind, place = cand
    if card is None:
        return "draw"
    if s.step == "draw":
        return "take"
    return f"{KIND_TEXT[kind]} {place + 1}"
