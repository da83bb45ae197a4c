"""The ``strong`` bot: determinised Monte-Carlo search around a one-move policy (:mod:`.policy`:
greedy's expected points plus a half-made line's potential and the denial of a card the next
player wants), with greedy playouts (or the policy's, ``playouts="policy"``).

At each decision with more than one sensible option:

1. **Candidates**: the legal actions that are not dominated (:mod:`.dominated`), ranked by the
   policy's one-move value; those within ``margin`` points of the best, at most
   ``candidates`` of them. At the draw step the candidates are ``draw`` and ``take`` followed by
   each candidate use of the discard's card. One candidate left: it is played at once.
2. **Worlds**: ``iterations`` times, the unseen cards (the shoe minus every visible card) are
   shuffled onto the face-down places of every board, the stock and the buried discard pile:
   a world consistent with the observation.
3. **Playouts**: in each world, each candidate is played, then every player plays greedy's
   policy (or the bot's) for ``horizon`` turns (the boards then scored as they lie) or to
   the round's end (CG-06) once it has been ended, scored with the ender's penalty (CG-07). Every
   candidate meets the same worlds (common random numbers), so their differences are sharp.
4. **Value**: by default (``objective="match"``) minus the chance of winning the match once
   the playout's round is added to the totals (:class:`MatchValue`); ``"round"``: own points
   minus the mean of the others'. A card that completes an opponent's line is taken by that
   opponent in the playouts, so the bot learns not to give it (and to take it first when that
   pays).
5. **Choice**: the candidate that beats the policy's choice by the most, if by more than
   ``confidence`` standard errors of the paired differences; otherwise the policy's choice.

Options: ``iterations`` (worlds per candidate, default 24), ``candidates`` (default 4),
``margin`` (default 6 points), ``horizon`` (playout turns before the boards are scored as they
lie, default 8; 0: to the round's end; a round someone has ended is always played out),
``time_limit`` (seconds, a cap on the search; default none, so that decisions depend only on
the seed and the observation), ``threshold`` (the playouts' greedy take threshold),
``confidence`` (default 2), ``objective`` (``match`` or ``round``), ``potential`` and ``deny``
(the policy's weights; both 0: greedy's policy), ``playouts`` (``greedy`` or ``policy``).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.bots import policy
from golfcore.cardgame.bots.sim import boardview, observed, playout, tables, valuation
from golfcore.cardgame.bots.base import Bot, BotError
from golfcore.cardgame.bots.greedy import (THRESHOLD, allowed_hold, greedy_action,
                                           number, table_of)

#: A candidate: (None, -1, -1) is ``draw``; (card, kind, place) a second action with ``card``
#: (the discard's card at the draw step: ``take`` then that action).
Candidate = tuple[int | None, int, int]

#: Default playout length (turns) before the boards are scored as they lie; a round that has
#: been ended (CG-06) is always played to its end.
HORIZON = 8

#: ``max_iterations`` is this many times ``iterations`` unless given.
EXTEND = 4

#: Default weights of the policy's line potential and denial terms (:mod:`.policy`): measured
#: on single rounds against greedy (see docs/bots.md).
POTENTIAL = 2.0
DENY = 1.0
#: The playouts' policy by default.
PLAYOUTS = "greedy"

#: Standard errors by which a candidate must beat the greedy choice (measured on 3x3, 200
#: rounds each, points a round against greedy: 0 -> +7.8, 1 -> -1.6, 2 -> -3.0 ± 2.1).
CONFIDENCE = 2.0


class StrongBot(Bot):
    """Determinised Monte-Carlo search (see the module's documentation)."""

    name = "strong"
    titles = {"en": "strong", "es": "fuerte"}
    descriptions = {"en": "Plays out dozens of possible deals of the hidden cards before "
                          "each move.",
                    "es": "Juega decenas de repartos posibles de las cartas ocultas antes de "
                          "cada jugada."}
    options = {
        "iterations": "worlds sampled per candidate action (default 24)",
        "candidates": "at most this many candidate actions are searched (default 4)",
        "margin": "candidates more than this many points worse than the policy's choice are "
                  "dropped (default 6)",
        "horizon": "playout turns before the boards are scored as they lie (default 8; 0: to "
                   "the round's end)",
        "max_iterations": "worlds per candidate when a decision is close: more worlds, in "
                          "batches of `iterations`, while a candidate beats the policy's choice "
                          "on average but not yet clearly (default: 4 × iterations)",
        "leaf": "how a playout cut off at the horizon is scored: 'seen' (face-down cards at "
                "the mean of the unseen cards, as the players see the boards; default) or "
                "'open' (the world's hidden cards)",
        "time_limit": "seconds: a cap on one decision's search (default: none)",
        "threshold": f"the greedy take threshold, in the playouts too (default {THRESHOLD:g})",
        "confidence": "standard errors by which a candidate must beat the policy's choice in the "
                      f"playouts to be played instead (default {CONFIDENCE:g})",
        "potential": "weight of a half-made line's chance of being completed, in the bot's "
                     f"own moves and its playouts (default {POTENTIAL:g}; 0 with deny=0: "
                     "greedy's policy)",
        "deny": "weight of what a discarded card would give the next player (default "
                f"{DENY:g})",
        "playouts": "the policy every player of a playout plays: 'policy' (the bot's own, "
                    "with potential and deny) or 'greedy' (default: 'greedy', half the cost)",
        "objective": "what a playout is worth: 'match' (the chance of winning the match, from "
                     "the totals; default) or 'round' (own points less the others' mean)",
    }

    #: What a server takes from a client: at most the expert's budget (about 2 s a decision).
    client_limits = {"iterations": (1, 64), "max_iterations": (1, 256), "candidates": (1, 6),
                     "margin": (0, 10), "horizon": (1, 8), "time_limit": (0.01, 2.0),
                     "threshold": (0, 20), "confidence": (0, 10), "potential": (0, 10),
                     "deny": (0, 10)}

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        super().__init__(variant, seat, seed, **options)
        self.iterations: int = number("iterations", options.get("iterations", 24), 1, True)
        self.candidates: int = number("candidates", options.get("candidates", 4), 1, True)
        self.max_iterations: int = max(self.iterations, number(
            "max_iterations", options.get("max_iterations", EXTEND * self.iterations), 1, True))
        leaf = str(options.get("leaf", "seen"))
        if leaf not in ("seen", "open"):
            raise BotError(f"option leaf={leaf!r}: expected 'seen' or 'open'")
        self.leaf = leaf
        self.margin: float = number("margin", options.get("margin", 6), 0.0)
        horizon = options.get("horizon", HORIZON)
        turns = number("horizon", horizon, 0, True)
        self.horizon: int | None = turns or None
        limit = options.get("time_limit")
        self.time_limit: float | None = None if limit is None else number("time_limit", limit,
                                                                          0.0)
        self.threshold: float = number("threshold", options.get("threshold", THRESHOLD), 0.0)
        self.confidence: float = number("confidence", options.get("confidence", CONFIDENCE), 0.0)
        objective = str(options.get("objective", "match"))
        if objective not in ("match", "round"):
            raise BotError(f"option objective={objective!r}: expected 'match' or 'round'")
        self.objective = objective
        self.style = policy.Style(
            potential=number("potential", options.get("potential", POTENTIAL), 0.0),
            deny=number("deny", options.get("deny", DENY), 0.0))
        playouts = str(options.get("playouts", PLAYOUTS))
        if playouts not in ("policy", "greedy"):
            raise BotError(f"option playouts={playouts!r}: expected 'policy' or 'greedy'")
        self.playouts = playouts
        self._turn = functools.partial(policy.turn, style=self.style) \
            if playouts == "policy" else None
        self._playout_style = self.style if playouts == "policy" else policy.GREEDY
        #: (decisions searched, playouts) so far: for the benchmark
        self.stats = [0, 0]

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = self.legal(observation)
        if len(legal) == 1:
            return legal[0]
        s = observed.seen(observation)
        if s.step == "reveal":
            return self.rng(observation).choice(legal)
        if s.step not in ("draw", "hold") or (s.step == "hold" and s.held < 0):
            return self.default_action(s, legal)
        default = self.default_action(s, legal)
        cands = self.candidate_list(s, legal)
        texts = [text_of(c, s) for c in cands]
        if s.step == "draw" and default == "take":
            # the policy's use of the discard's card is the first take candidate
            base = texts.index("take") if "take" in texts else -1
        else:
            base = texts.index(default) if default in texts else -1
        if base < 0:
            return default
        if len(cands) == 1:
            return texts[0]
        value = self.round_value(s) if self.objective == "round" else \
            MatchValue(s, observation)
        return text_of(self.search(s, cands, base, self.rng(observation), value), s)

    def default_action(self, s: observed.Seen, legal: list[str]) -> str:
        """The move of the bot's policy (:mod:`.policy`, greedy's with the line potential and
        denial terms), among the moves that are not dominated: what the search must beat."""
        if self.style == policy.GREEDY:
            return greedy_action(s, legal, self.threshold, True)
        table = table_of(s, True)
        if s.step == "draw":
            if "take" in legal and s.top >= 0:
                allowed = allowed_hold(s, s.top, False)
                choice = policy.best(table, s.seat, s.top, False, self.style, allowed) \
                    if allowed else None
                if choice is not None and \
                        policy.baseline(table, s.seat) - choice[0] > self.threshold:
                    return "take"
            return "draw" if "draw" in legal else legal[0]
        if s.step == "hold" and s.held >= 0:
            from_stock = s.held_from == "stock"
            allowed = allowed_hold(s, s.held, from_stock)
            choice = policy.best(table, s.seat, s.held, from_stock, self.style,
                                 allowed or None)
            if choice is not None:
                text = tables.hold_text(choice[1], choice[2])
                if text in legal:
                    return text
        return greedy_action(s, legal, self.threshold, True)

    @staticmethod
    def round_value(s: observed.Seen) -> Any:
        players = s.players

        def value(scores: list[int], final: bool) -> float:
            mine = scores[s.seat]
            return mine - (sum(scores) - mine) / (players - 1)
        return value

    # -- candidates ------------------------------------------------------------------------------

    def candidate_list(self, s: observed.Seen, legal: list[str]) -> list[Candidate]:
        table = table_of(s, True)
        if s.step == "hold":
            from_stock = s.held_from == "stock"
            return self._uses(s, table, s.held, from_stock, self.candidates)
        out: list[Candidate] = [(None, -1, -1)] if "draw" in legal else []
        if "take" in legal and s.top >= 0:
            out += self._uses(s, table, s.top, False, max(1, self.candidates - 1))
        return out

    def _uses(self, s: observed.Seen, table: valuation.Table, card: int, from_stock: bool,
              limit: int) -> list[Candidate]:
        allowed = allowed_hold(s, card, from_stock)
        opts = [(v, k, p) for v, k, p in policy.options(table, s.seat, card, from_stock,
                                                         self.style)
                if (k, p) in allowed]
        if not opts:
            return []
        rk = table.rk[s.seat]
        opts.sort(key=lambda o: (round(o[0], 9), 0 if tables.face_down(rk, o[2]) else 1, o[1],
                                 o[2]))
        best = opts[0][0]
        out: list[Candidate] = []
        seen_down = False
        for v, k, p in opts:
            if v > best + self.margin or len(out) >= limit:
                break
            if tables.face_down(rk, p) and table.down[s.seat] > 1 and s.ender < 0:
                # face-down places are alike before the round's end: one stands for all of a
                # kind, except where lines differ: one discard stands for all
                if seen_down and k == tables.DISCARD:
                    continue
                seen_down = seen_down or k == tables.DISCARD
            out.append((card, k, p))
        return out

    # -- search ----------------------------------------------------------------------------------

    def search(self, s: observed.Seen, cands: list[Candidate], base: int, rng: Any,
               value: Any) -> Candidate:
        """The candidate to play: the one whose playouts beat the policy's choice
        ``cands[base]`` by the most, if by more than ``confidence`` standard errors; else the
        policy's choice.

        ``iterations`` worlds first; then, while some candidate beats the policy's choice on
        average but not yet by ``confidence`` standard errors, more worlds in batches, up to
        ``max_iterations`` (the budget goes to the close decisions)."""
        start = time.perf_counter()
        n = len(cands)
        sums = [0.0] * n
        squares = [0.0] * n
        players = s.players
        patient_turns = players * s.tab.size
        runs = 0
        target = self.iterations
        while True:
            while runs < target:
                world = observed.determinise(s, rng)
                state = world.rng.getstate()
                values = []
                for cand in cands:
                    r = world.copy()
                    world.rng.setstate(state)
                    scores = self.play(r, s, cand, patient_turns)
                    values.append(value(scores, r.ender >= 0 or not r.stock))
                for i in range(n):
                    d = values[i] - values[base]
                    sums[i] += d
                    squares[i] += d * d
                runs += 1
                if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                    target = runs
                    break
            best, best_mean, open_question = base, 0.0, False
            for i in range(n):
                if i == base or runs < 2:
                    continue
                mean = sums[i] / runs
                var = max(0.0, (squares[i] - runs * mean * mean) / (runs - 1))
                se = math.sqrt(var / runs)
                if mean < -self.confidence * se:
                    if mean < best_mean:
                        best, best_mean = i, mean
                elif mean < 0:
                    open_question = True
            if not open_question or runs < target or target >= self.max_iterations:
                break
            target = min(self.max_iterations, target + self.iterations)
        self.stats[0] += 1
        self.stats[1] += runs * n
        return cands[best]

    def play(self, r: playout.Round, s: observed.Seen, cand: Candidate,
             patient_turns: int) -> list[float]:
        card, kind, place = cand
        seat = s.seat
        if card is None:
            if not r.stock:
                return list(r.scores())
            drawn = r.stock.pop()
            table = r.table(s.mean, True)
            choice = policy.best(table, seat, drawn, True, self._playout_style)
            assert choice is not None
            _, kind, place = choice
            r.apply(seat, drawn, kind, place)
        else:
            if s.step == "draw":
                r.discard.pop()
            r.apply(seat, card, kind, place)
        if r.end_turn(seat):
            return list(r.scores())
        return r.play_out(s.mean, self.threshold, self.horizon, patient_turns,
                          self.leaf == "seen", self._turn)


class MatchValue:
    """A playout's worth as minus the chance of winning the match (lower is better, as for
    points). After the round the totals are known; if the match is then over (CG-09), the
    lowest total wins; otherwise each opponent's lead is taken as normal with the spread of
    the rounds that remain (``SPREAD`` points per round and per place's square root, about the
    difference of two greedy players' rounds), the rounds left estimated from the points per
    round so far. Far from the end this is nearly linear in the points (the round objective);
    near it, a player ahead avoids variance and one behind seeks it."""

    def __init__(self, s: observed.Seen, observation: Mapping[str, Any]) -> None:
        self.seat = s.seat
        self.rules = s.tab.rules
        totals = observation.get("totals") or [0] * s.players
        self.totals = [int(t) for t in totals]
        self.done = len(observation.get("rounds") or [])
        per_round = (sum(self.totals) / (len(self.totals) * self.done) if self.done
                     else 2.0 * s.tab.size)
        per_round = max(per_round, 1.0)
        # rounds left after this one, at the pace so far (a bounded search)
        left = 0
        while left < 50 and not self.rules.match_over(
                [t + round((left + 1) * per_round) for t in self.totals], self.done + left + 1):
            left += 1
        self.left = left
        spread = SPREAD * math.sqrt(s.tab.size) * math.sqrt(boardview.pool_variance(
            s.tab, s.pool, s.mean))
        self.spread = spread
        self.memo: dict[tuple[tuple[int, ...], bool], float] = {}

    def __call__(self, scores: list[int], final: bool) -> float:
        key = (tuple(scores), final)
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = -self.win(scores, final)
        return out

    def win(self, scores: list[int], final: bool) -> float:
        totals = [t + x for t, x in zip(self.totals, scores)]
        mine = totals[self.seat]
        if final and self.rules.match_over(totals, self.done + 1):
            low = min(totals)
            return 1.0 / totals.count(low) if mine == low else 0.0
        rounds = self.left + (0.0 if final else 0.5)
        if rounds <= 0:
            rounds = 0.5
        sd = self.spread * math.sqrt(rounds)
        p = 1.0
        for k, t in enumerate(totals):
            if k != self.seat:
                p *= tables._phi((t - mine) / sd)
        return p


#: Spread of a round's difference between two players: points per square root of the board's
#: places and per standard deviation of a card's value (3x3 card-golf: about 16 points).
SPREAD = 1.3


def text_of(cand: Candidate, s: observed.Seen) -> str:
    card, kind, place = cand
    if card is None:
        return "draw"
    if s.step == "draw":
        return "take"
    return tables.hold_text(kind, place)
