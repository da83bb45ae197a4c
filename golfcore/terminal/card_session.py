"""A card-game match being played in the terminal against bots: what each key does to it.

One seat is the player's; the others are bots (``golfcore.cardgame.bots``, found through their
entry points as ``golf web`` finds them), each asked for its action from its own seat's
observation only, as soon as it is to act. The screen draws only the player's observation
(:meth:`Match.observation`): no hidden card ever reaches it. ``Enter`` deals the next round,
``N`` a new match of the same table (a new secret deal). The bots of a chosen deal (a code)
are seeded from the code: the same code and the same keys play the same match again.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence

from golfcore.cardgame import actions as a
from golfcore.cardgame.actions import Action
from golfcore.cardgame.bots import Bot
from golfcore.cardgame.bots.spec import BotSpec
from golfcore.cardgame.match import Match
from golfcore.terminal import keys as k
from golfcore.terminal.card_screen import CardView, card_lines
from golfcore.terminal.session import Session
from golfcore.terminal.texts import Texts

#: The person at the terminal, in ``--seats``.
ME = "me"
#: The most actions the bots take in a row before the screen is drawn again (a guard: a bot
#: that never ends its turn cannot hang the terminal).
BOT_STEPS = 10_000


def bots_seed(match: Match) -> int:
    """The seed of the bots' own choices: the match code's for a chosen deal (the same code and
    the same keys play the same match again), else a fresh one."""
    code = match.code if match.chosen_deal else None
    if code is None:
        return secrets.randbits(32)
    return int.from_bytes(hashlib.blake2b(code.encode(), digest_size=4).digest(), "big")


def make_bots(seats: Sequence[BotSpec | None], variant: str, seed: int) -> list[Bot | None]:
    """The bot of each seat (``None`` for the person's), seat ``s``'s from ``seed + s``."""
    return [None if spec is None else spec.make(variant, seat, seed + seat)
            for seat, spec in enumerate(seats)]


class CardSession(Session):
    """One match at the terminal: ``seats`` holds each seat's bot, ``None`` for the person's
    (one seat); ``new_match`` deals the match ``N`` starts."""

    def __init__(self, match: Match, seats: Sequence[BotSpec | None], texts: Texts,
                 new_match: Callable[[], Match], unicode: bool = True,
                 seed: int | None = None) -> None:
        if len(seats) != match.players or list(seats).count(None) != 1:
            raise ValueError("give one seat a match has, and one person among them")
        self.seats = tuple(seats)
        self.me = self.seats.index(None)
        self.texts = texts
        self.unicode = unicode
        self.new_match = new_match
        self.seed = seed
        self.help = False
        self.start(match)

    def start(self, match: Match) -> None:
        self.match = match
        self.first_code = match.code if match.chosen_deal else None
        seed = bots_seed(match) if self.seed is None else self.seed
        self.bots = make_bots(self.seats, match.variant.name, seed)
        self.mode = "replace"
        self.message = ""
        self.log: list[str] = []
        self.played: list[str] = []
        self.play_bots()

    # -- drawing ---------------------------------------------------------------------------------

    def variant_name(self) -> str:
        return self.match.variant.name

    def lines(self) -> list[str]:
        view = CardView(self.title(), tuple("" if spec is None else spec.label
                                            for spec in self.seats),
                        self.mode, tuple(self.log), self.message, self.help, self.unicode)
        return card_lines(self.match.observation(self.me), view, self.texts)

    def footer(self) -> str:
        return self.texts.t("term.keys.cardgame")

    # -- keys ------------------------------------------------------------------------------------

    def press(self, key: str) -> bool:
        """Do what ``key`` asks; ``False`` once the player quits."""
        action = k.card_key(key)
        shared = self.shared_key(action)
        if shared is not None:
            return shared
        assert action is not None
        obs = self.match.observation(self.me)
        if action.name == k.NEW:
            self.start(self.new_match())
        elif action.name == k.NEXT:
            if "next" in obs.legal:
                self.act("next")
        elif action.name in (k.DRAW, k.TAKE):
            self.act(action.name)
        elif action.name == k.DISCARD:
            if "discard" in obs.legal:
                self.act("discard")
            elif any(text.startswith("discard ") for text in obs.legal):
                self.mode = "replace" if self.mode == "discard" else "discard"
        elif action.name == k.PLACE and action.number is not None:
            if action.number <= len(obs.boards[self.me]):
                self.act(k.place_action(obs.step, self.mode, action.number))
        return True

    def act(self, text: str) -> None:
        """The player's action; a refused one leaves its reason in the screen's language.
        Then the bots play until the player is to act again (or the round ends)."""
        result = self.match.act(self.me, text)
        if not result.accepted:
            self.message = result.messages.get(self.texts.lang, str(result.reason))
            return
        self.mode = "replace"
        self.record(self.me, result.action)
        self.play_bots()

    def play_bots(self) -> None:
        """Every bot's turn, one after another, each from its own observation."""
        for _ in range(BOT_STEPS):
            seat = self.match.turn
            bot = None if seat is None else self.bots[seat]
            if seat is None or bot is None or self.match.is_over:
                return
            text = bot.act(self.match.observation(seat).to_json())
            result = self.match.act(seat, text)
            if not result.accepted:            # a bot's own mistake: say so, stop asking
                self.message = f"{bot.name}: {result.messages.get(self.texts.lang, '')}"
                return
            self.record(seat, result.action)

    def record(self, seat: int, action: Action) -> None:
        """One action in the log (the page's «Jugador 2 ha robado del mazo») and in the list
        of the match's actions."""
        self.played.append(str(action))
        t = self.texts.t
        n = seat + 1
        if action.kind == a.DISCARD and action.place is None:
            said = t("term.last.discardEnd", n=n)
        elif action.kind == a.NEXT:
            said = t("cg.last.next", n=n)
            self.log = []
        else:
            said = t(f"cg.last.{action.kind}", n=n,
                     p=None if action.place is None else action.place + 1)
        self.log.append(said)

    def farewell(self) -> list[str]:
        """What is printed once the screen closes: where the match stands, and once it is
        over (or when its deal was chosen) the command that replays it."""
        match = self.match
        totals = ", ".join(f"player {s + 1}: {t}" for s, t in enumerate(match.totals))
        if match.is_over:
            winners = ", ".join(f"player {s + 1}" for s in match.winners)
            lines = [f"{match.variant.name}: match over after {len(match.state.results)} "
                     f"rounds; totals {totals}; won by {winners} (you are player {self.me + 1})"]
        else:
            lines = [f"{match.variant.name}: round {match.state.round_number} left unfinished; "
                     f"totals {totals} (you are player {self.me + 1})"]
        code = match.code if (match.is_over or match.chosen_deal) else None
        if code is not None:
            lines.append(f"golf analyse {code} " + " ".join(
                f"'{p}'" if " " in p else p for p in self.played))
        return lines
