"""What several ``golf`` commands share about games: which game was asked for, what a move is.

* :func:`add_game_arguments` and :func:`make_game`: the game a command works on, from a game code
  (``GO1-C-AAAAAAB``), or from ``--number N`` and ``--variant V`` (``golf deal``, ``golf play``);
* :func:`check_move`: whether a text is a move or a card, before anything is applied
  (``golf play``); :data:`UNDO_WORDS`: the words read as undo;
* :func:`board_game`: the rule set and starting state of a board read from a code, a file or
  stdin (``golf solve``, ``golf analyse``);
* :func:`game_header` and :func:`letters`: how a game and a variant's code letters are written;
* the fair chance (``golf solve --fair``, ``golf deal --difficulty``, ``golf analyse --fair``,
  ``golf play --hint-strategy fair``): :func:`add_samples_argument` and :func:`fair_options`
  (its budget from ``--limit``, ``--seconds`` and ``--samples``), :func:`chance_text` (a
  :class:`~golfcore.solitaire.search.fair.FairResult` for people: exact, or a bracket whose
  bounds :func:`bound_percent` rounds outward), :class:`FairSearching` (its progress
  on stderr) and :func:`bilingual` (an error in English and Spanish).
"""

from __future__ import annotations

import argparse
import math
import reprlib
import sys
import time
from typing import TYPE_CHECKING, Any

from golfcore.cards import Card
from golfcore.cli.options import SAMPLES, add_progress_arguments
from golfcore.cli.output import PROG, Searching, plural
from golfcore.codes import parse_code
from golfcore.errors import CardError, GolfError
from golfcore.framework.compose import find_variant
from golfcore.framework.variant import Variant
from golfcore.notation import parse_card
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move, MoveError
from golfcore.solitaire.rules import RuleSet, rule_set

if TYPE_CHECKING:
    from golfcore.solitaire.search.boards import Board
    from golfcore.solitaire.search.fair import FairResult
    from golfcore.solitaire.search.fair_analysis import Chance
    from golfcore.solitaire.state import GameState

#: Move words ``golf play`` reads as undo (everything else goes to :meth:`Game.play`).
UNDO_WORDS = ("undo", "deshacer")

#: The variant of ``--number N`` when no ``--variant`` is given.
DEFAULT_VARIANT = "app-facil"

#: What a composed variant shows where a code or a code letter would be.
NO_LETTER = "- (a composed variant has no code letter)"


def add_number_argument(parser: argparse.ArgumentParser, what: str = "a game code") -> None:
    """``--number N`` (``-n N``): a deal number instead of ``what``, the same option in every
    command that takes a deal (``golf deal``, ``golf play``, ``golf solve``, ``golf analyse``)."""
    parser.add_argument("--number", "-n", type=int, metavar="N",
                        help=f"deal number N (1 to {MAX_DEAL}) instead of {what}, under "
                             f"--variant (default {DEFAULT_VARIANT})")


def number_board(number: int, variant: str | None) -> Board:
    """The starting position of deal ``number`` under ``variant`` (default
    :data:`DEFAULT_VARIANT`), as a board named ``deal N`` (``golf solve -n N``)."""
    from golfcore.solitaire import engine
    from golfcore.solitaire.search.boards import Board

    if not 1 <= number <= MAX_DEAL:
        raise GolfError(f"--number {number}: a deal number is 1 to {MAX_DEAL}")
    name = DEFAULT_VARIANT if variant is None else variant
    state = engine.start_deal(rule_set(name), number)
    return Board(f"deal {number}", state.position, name, number, "code")


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--number N`` and ``--variant V``, read by :func:`make_game`."""
    add_number_argument(parser)
    parser.add_argument("--variant", metavar="V",
                        help="variant to play, possibly composed (cards4+jokers=2); with a code "
                             f"it replaces the code's letter; with --number the default is "
                             f"{DEFAULT_VARIANT}")


def solitaire_variant(spec: str) -> Variant:
    """The solitaire variant ``spec`` names; an unknown name suggests only solitaire variants
    (``golf deal``, ``golf survey`` take no other), and a card-game variant's name says so."""
    from golfcore.errors import VariantError
    from golfcore.framework.registry import registry

    try:
        return find_variant(spec, registry("solitaire"))
    except VariantError:
        try:
            other = find_variant(spec)
        except VariantError:
            other = None
        if other is not None and other.game != "solitaire":
            raise VariantError(f"{other.name} is a {other.game} variant, not a solitaire "
                               f"variant (golf variants lists them by game)") from None
        raise


def make_game(code: str | None, number: int | None, variant: str | None,
              parser: argparse.ArgumentParser) -> Game:
    """The game a command was asked for: a code (its deal under ``variant`` when given), or a
    deal number under ``variant`` (default :data:`DEFAULT_VARIANT`). Giving both a code and a
    number, or neither, is a usage error."""
    if code is not None and number is not None:
        parser.error("give either a game code or --number, not both")
    if code is None and number is None:
        parser.error("give a game code (such as GO1-C-AAAAAAB) or --number N")
    if code is not None:
        if variant is not None:
            return Game(solitaire_variant(variant), deal=parse_code(code).number)
        return Game.from_code(code)
    return Game(solitaire_variant(DEFAULT_VARIANT if variant is None else variant), deal=number)


def is_undo(text: str) -> bool:
    """Whether a move text asks to take back the last action."""
    return text.strip().lower() in UNDO_WORDS


def check_move(text: str, index: int) -> Move | Card | None:
    """What a move text (the ``index``-th) asks for: a :class:`Move`, a :class:`Card`, or
    ``None`` for an undo word; fail before anything is applied when it is none of them
    (``²``, ``❶`` and a column of 5,000 digits included)."""
    if is_undo(text):
        return None
    try:
        return Move.parse(text)
    except (MoveError, ValueError):     # ValueError: digits int() cannot read, or too many
        try:
            return parse_card(text)
        except (CardError, ValueError):
            raise GolfError(bilingual(
                f"move {index} {reprlib.repr(text)} is not a move: expected a column number "
                f"such as '5', a column and row such as '1.4', 'draw', 'undo', or a card such "
                f"as '9C' or '9 de tréboles'",
                f"la jugada {index} {reprlib.repr(text)} no es una jugada: se espera un número "
                f"de columna como '5', una columna y fila como '1.4', 'draw', 'undo' o una "
                f"carta como '9C' o '9 de tréboles'")) from None


def refusal_text(index: int, text: str, card: object, reason: str,
                 messages: dict[str, str]) -> str:
    """A move the rules refused, as ``golf play`` and ``golf analyse`` both write it: ``move 1
    '1' (4H) refused: not-adjacent`` and the rule's message in Spanish and English."""
    shown = f" ({card})" if card is not None and str(card) != text else ""
    return (f"move {index} {text!r}{shown} refused: {reason}\n"
            f"  es: {messages.get('es', reason)}\n"
            f"  en: {messages.get('en', reason)}")


def check_variant(variant: str | None) -> None:
    """Refuse an empty or blank ``--variant`` at once: it must not mean the default."""
    if variant is not None:
        solitaire_variant(variant)


def read_checked_board(source: str, variant: str | None) -> Board:
    """:func:`~golfcore.solitaire.search.boards.read_board`, with what it cannot read reported as a
    :class:`GolfError` naming the input: a closed stdin for ``-``, a JSON file holding an
    integer of more digits than Python converts or nesting deeper than it parses."""
    from golfcore.solitaire.search.boards import read_board

    if source == "-" and sys.stdin is None:
        raise GolfError("-: standard input is closed")
    try:
        return read_board(source, variant)
    except RecursionError:
        raise GolfError(f"{source}: cannot be read: nested too deep") from None
    except ValueError as exc:
        if isinstance(exc, GolfError):
            raise
        raise GolfError(f"{source}: cannot be read: {exc}") from None


def board_game(board: Board, variant: str | None) -> tuple[RuleSet, GameState]:
    """The rule set and starting state of a board (read with ``read_board(source, variant)``,
    which deals a code under ``variant``): ``variant``, else the board's, else
    :data:`DEFAULT_VARIANT`. The position is checked against that variant's deck."""
    from golfcore.solitaire import engine

    if variant is None:
        variant = board.variant or DEFAULT_VARIANT
    rules = rule_set(variant)
    try:
        return rules, engine.start_position(rules, board.position)
    except GolfError as exc:
        raise type(exc)(f"{board.source}: {exc}") from None


def game_header(game: Game) -> list[tuple[str, str]]:
    """(key, value) rows naming a game: its code, its variant, its deal number."""
    variant = game.variant
    return [("code", game.code or NO_LETTER),
            ("variant", f"{variant.name} ({variant.title})"),
            ("deal", str(game.deal))]


def letters(variant: Variant) -> str:
    """A variant's code letter and legacy letters, as ``golf variants`` writes them."""
    if variant.is_composed:
        return NO_LETTER
    if not variant.letter and not variant.legacy_letters:
        return "-"
    text = variant.letter or "-"
    if variant.legacy_letters:
        text += f" (legacy {', '.join(variant.legacy_letters)})"
    return text


def add_search_arguments(parser: argparse.ArgumentParser, what: str = "each search",
                         fair: str | None = None) -> None:
    """``--limit N``, ``--seconds S``, ``--progress`` and ``-q``/``--quiet``, read by
    :func:`search_limits` and :func:`~golfcore.cli.options.progress_wanted`. ``fair`` names the
    option under which they bound a fair chance instead (``--fair``), whose meaning the help
    then adds."""
    limit_help = f"stop {what} after N positions; the answer may then be 'unknown'"
    seconds_help = f"stop {what} after S seconds; the answer may then be 'unknown'"
    if fair is not None:
        limit_help += (f". With {fair}: stop the exact search of the fair chance after N "
                       f"information states; a bracket of sampled bounds then takes over")
        seconds_help += (f". With {fair}: stop the exact search of the fair chance after S "
                         f"seconds, and the sampling of its bracket after S more")
    parser.add_argument("--limit", type=int, metavar="N", help=limit_help)
    parser.add_argument("--seconds", type=float, metavar="S", help=seconds_help)
    add_progress_arguments(parser)


def search_limits(args: argparse.Namespace) -> dict[str, Any]:
    """``--limit`` and ``--seconds`` as the solver's keyword arguments (only those given); a
    usage error unless ``--limit`` is 1 or more and ``--seconds`` a number above 0."""
    limits: dict[str, Any] = {}
    if args.limit is not None:
        if args.limit < 1:
            args.parser.error("--limit must be 1 or more")
        limits["limit"] = args.limit
    if args.seconds is not None:
        if not 0 < args.seconds < math.inf:
            args.parser.error("--seconds must be a number of seconds above 0")
        limits["seconds"] = args.seconds
    return limits


def limits_text(limits: dict[str, Any]) -> str:
    """``100 positions``, ``1 s``, ``100 positions or 1 s``: the limits a stopped search hit."""
    parts = []
    if "limit" in limits:
        parts.append(f"{limits['limit']} positions")
    if "seconds" in limits:
        parts.append(f"{limits['seconds']:g} s")
    return " or ".join(parts) or "the limit"


# -- the fair chance ------------------------------------------------------------------------------


def bilingual(en: str, es: str) -> str:
    """An error message in English (the first line, as every ``golf: error:`` is) followed by
    its Spanish: ``<en>\\n  es: <es>``."""
    return f"{en}\n  es: {es}"


def add_samples_argument(parser: argparse.ArgumentParser, what: str,
                         default: int = SAMPLES) -> None:
    """``--samples N``, read by :func:`fair_options` (default
    :data:`~golfcore.cli.options.SAMPLES`, the same in every command)."""
    parser.add_argument("--samples", type=int, metavar="N", default=None,
                        help=f"orders of the stock sampled for a bracket when the exact "
                             f"search of {what} is capped (default {default}; a --seconds cap "
                             f"may stop it earlier)")


def fair_options(args: argparse.Namespace, *, samples: int = SAMPLES,
                 seconds: float | None = None,
                 states: int | None = None) -> dict[str, Any]:
    """The budget of :func:`golfcore.solitaire.search.fair.fair_chance` from ``--limit``
    (information states of the exact search), ``--seconds`` (the exact search's seconds, and as
    many again for the bracket's sampling) and ``--samples`` (``samples`` when not given).
    Neither ``--limit`` nor ``--seconds``: the command's default, ``seconds`` (then capping both
    phases as ``--seconds`` does) or ``states``. A usage error for a bound that means nothing."""
    limits = search_limits(args)
    given = getattr(args, "samples", None)
    if given is not None and given < 1:
        args.parser.error(bilingual("--samples must be 1 or more",
                                    "--samples debe ser 1 o más"))
    options: dict[str, Any] = {"states": limits.get("limit"), "seconds": limits.get("seconds"),
                               "samples": samples if given is None else given}
    if not limits:
        options["states"], options["seconds"] = states, seconds
    options["bracket_seconds"] = options["seconds"]
    return options


def budget_text(options: dict[str, Any]) -> str:
    """``20,000 information states``, ``10 s``, or both: the caps of an exact search."""
    parts = []
    if options.get("states") is not None:
        parts.append(f"{options['states']:,} information states")
    if options.get("seconds") is not None:
        parts.append(f"{options['seconds']:g} s")
    return " or ".join(parts) or "no cap"


def percent(value: float) -> str:
    """A chance for people: ``50.0 %``, ``0 %``, ``< 0.1 %`` (never a rounded 0 or 100 that is
    not exact)."""
    if value <= 0:
        return "0 %"
    if value >= 1:
        return "100 %"
    text = f"{100 * value:.1f}"
    if text == "0.0":
        return "< 0.1 %"
    if text == "100.0":
        return "> 99.9 %"
    return f"{text} %"


def bound_percent(value: float, up: bool) -> str:
    """A bound of a bracket for people, rounded outward to 0.1 % so that the printed bracket
    still holds what the bracket holds: ``up`` for an upper bound (``61.2 %`` for 0.6114), a
    lower bound down (``2.2 %`` for 0.0229)."""
    tenths = 1000 * value
    tenths = math.ceil(tenths - 1e-9) if up else math.floor(tenths + 1e-9)
    if tenths <= 0:
        return "0 %"
    return f"{tenths / 10:.1f} %" if tenths < 1000 else "100 %"


def bracket_text(result: FairResult | Chance) -> str:
    """``2.2 % to 61.2 %``: a bracket's bounds, rounded outward."""
    return f"{bound_percent(result.low, False)} to {bound_percent(result.high, True)}"


def chance_text(result: FairResult, options: dict[str, Any] | None = None) -> str:
    """``50.0 % (exact)``, or ``2.2 % to 61.2 % (bracket, holds at 95 %: 100 orders sampled;
    the exact search stopped at 20,000 information states)``: a fair chance for people.
    ``options`` (the budget given to ``fair_chance``) names the cap that stopped the exact
    search."""
    if result.exact or result.bracket is None:
        return f"{percent(result.low)} (exact)"
    stopped = ""
    if options is not None and result.stopped is not None:
        cap = ({"states": options.get("states")} if result.stopped == "states"
               else {"seconds": options.get("seconds")})
        stopped = f"; the exact search stopped at {budget_text(cap)}"
    orders = plural(result.samples, "order")
    return (f"{bracket_text(result)} (bracket, holds at {100 * result.bracket.confidence:g} %: "
            f"{orders} sampled{stopped})")


class FairSearching(Searching):
    """:class:`~golfcore.cli.output.Searching` for a fair chance: what is searched, the phase
    (the exact search with its information states, or the bracket's sampling with its orders
    out of ``samples``) and the elapsed time. It shows a solver's progress as
    :class:`~golfcore.cli.output.Searching` does (a hint may be either). ``step`` may be set
    between searches (``step 3 of 12``)."""

    def __init__(self, label: str, enabled: bool | None = None, what: str = "",
                 samples: int | None = None, **kwargs: Any) -> None:
        super().__init__(label, enabled, what, **kwargs)
        self.samples = samples
        self.phase = ""
        self.sampled = 0
        self.solver = False

    def report(self, progress: Any) -> None:
        """Take in a :class:`~golfcore.solitaire.search.fair.FairProgress` (or a solver's
        progress)."""
        if not hasattr(progress, "phase"):
            self.solver = True
            super().report(progress)
            return
        self.phase = progress.phase
        self.visited = progress.states
        self.sampled = progress.samples

    def text(self) -> str:
        if self.solver:
            return super().text()
        elapsed = time.monotonic() - self._started
        what = f" {self.what}" if self.what else ""
        step = f" {self.step}" if self.step else ""
        if self.sampled:                             # the bracket's sampling
            out_of = f" of {self.samples}" if self.samples else ""
            doing = f" bracketing, {self.sampled}{out_of} orders sampled,"
        elif self.visited is not None:
            doing = f" exact search, {self.visited:,} information states,"
        else:
            doing = ""
        return f"{PROG} {self.label}: fair chance of{what}{step},{doing} {elapsed:.0f} s"
