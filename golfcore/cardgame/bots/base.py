"""The bots' interface and registry.

A bot is a class with a ``name``, built with ``Bot(variant, seat, seed, **options)``, whose
:meth:`Bot.act` receives an observation (exactly ``Match.observation(seat).to_json()``) and
answers one of its ``legal`` action texts. Bots are found through the entry-point group
``golfcore.cardgame.bots``; golfcore's own are registered there exactly as a third party's::

    [project.entry-points."golfcore.cardgame.bots"]
    my-bot = "my_package.bots:MyBot"        # a Bot subclass
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import random
from collections.abc import Mapping
from importlib import metadata
from types import MappingProxyType
from typing import Any, ClassVar

from golfcore.cardgame.rules import RuleSet, rule_set
from golfcore.errors import GolfError
from golfcore.framework.loading import (PluginRecord, entry_points, left_out_text, load_plugin,
                                        name_version, origin_of)

#: The entry-point group bots are registered in.
GROUP = "golfcore.cardgame.bots"


class BotError(GolfError):
    """An unknown bot, a bad option, or an observation a bot cannot act on."""


class Bot:
    """A computer player of the card game.

    Subclasses implement :meth:`act`; they may set :attr:`name` (else :func:`find_bot` gives
    the class its entry point's name) and :attr:`options`. What every bot has, from
    ``Bot(variant, seat, seed, **options)``:

    * :attr:`variant` (the variant string), :attr:`rules` (its
      :class:`golfcore.cardgame.rules.RuleSet`: ``rules.values``, ``rules.shape``,
      ``rules.lines`` ...; the rules are public), :attr:`seat` (0-based) and :attr:`seed`;
    * :attr:`settings`: the options it was given, checked against :attr:`options` by name
      (unknown ones are refused with :class:`BotError`), read-only: a subclass reads
      ``self.settings.get("depth", 2)`` and needs no ``__init__`` of its own;
    * :meth:`legal` (the observation's legal actions, after checking it is this bot's seat and
      variant), :meth:`rng` (a generator drawn from the name, seed and observation alone).

    A bot may keep what it saw in earlier observations, but receives nothing else: never the
    match, the referee's state or the stock.
    """

    #: The bot's registered name (its entry point's); part of every decision's random seed.
    name: ClassVar[str] = ""
    #: Option name -> what it does (``golf tournament`` may show these).
    options: ClassVar[dict[str, str]] = {}
    #: The level's name for players, by language (``en``, ``es``), as ``golf web`` offers it;
    #: a language left out takes the other's text, and with neither, :attr:`name`.
    titles: ClassVar[dict[str, str]] = {}
    #: One line for players on how the level plays, by language (``en``, ``es``; at most 200
    #: characters), shown under the level in ``golf web``; falls back as :attr:`titles` does.
    descriptions: ClassVar[dict[str, str]] = {}
    #: The options a server (``golf serve``, ``golf web``) takes from its clients in a seat
    #: kind (``bot:strong:iterations=50``), each a number from its lowest to its highest value;
    #: any other option is refused from a client (it stays open to ``golf tournament`` and
    #: Python). Bound them so that no client can make a decision cost more than the bot's
    #: costliest level. Default: none.
    client_limits: ClassVar[dict[str, tuple[float, float]]] = {}

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            allowed = ", ".join(sorted(self.options)) or "none"
            raise BotError(f"bot {self.name!r}: unknown option(s) {', '.join(unknown)} "
                           f"(options: {allowed})")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise BotError(f"bot {self.name!r}: a seat is a whole number from 0, not {seat!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BotError(f"bot {self.name!r}: a seed is a whole number, not {seed!r}")
        #: The variant string the bot plays.
        self.variant: str = variant
        #: The variant's rule set (card values, board shape, cancelling lines ...).
        self.rules: RuleSet = rule_set(variant)
        #: The bot's seat, from 0.
        self.seat: int = seat
        #: The seed every decision's random numbers are drawn from (with the observation).
        self.seed: int = seed
        #: The options given, by name (only names of :attr:`options`), read-only.
        self.settings: Mapping[str, Any] = MappingProxyType(dict(options))

    def act(self, observation: Mapping[str, Any]) -> str:
        """One of ``observation["legal"]``."""
        raise NotImplementedError

    # -- helpers for subclasses ------------------------------------------------------------------

    def legal(self, observation: Mapping[str, Any]) -> list[str]:
        """The observation's legal actions; :class:`BotError` when there is none (not this
        bot's turn), the observation is another seat's, or of another variant than the bot's
        (a six-card bot would play card-golf's cards with six-card values)."""
        if observation.get("seat") != self.seat:
            raise BotError(f"bot {self.name!r} plays seat {self.seat}, not "
                           f"{observation.get('seat')!r}")
        self.check_variant(observation)
        legal = list(observation.get("legal") or [])
        if not legal:
            raise BotError(f"bot {self.name!r}: nothing to do (no legal action)")
        return legal

    def check_variant(self, observation: Mapping[str, Any]) -> None:
        """:class:`BotError` unless ``observation`` is of the bot's variant (the same name, or
        a name of the same rules and options)."""
        given = observation.get("variant")
        if given == self.rules.name:
            return
        try:
            same = isinstance(given, str) and _same_rules(rule_set(given), self.rules)
        except GolfError:
            same = False
        if not same:
            raise BotError(f"bot {self.name!r} plays {self.rules.name}, not {given!r}: an "
                           f"observation of another variant is refused (its cards would be "
                           f"valued by the wrong rules)")

    def rng(self, observation: Mapping[str, Any]) -> random.Random:
        """A generator drawn from the bot's seed and the observation alone: the same seed and
        observation give the same decision, in any process, whatever was played before.
        ``chosen_deal`` (added to observations after the first tournaments) is left out, so
        those tournaments' results stay reproducible."""
        shown = {k: v for k, v in observation.items() if k not in _NOT_HASHED}
        text = json.dumps(shown, sort_keys=True, default=str)
        digest = hashlib.sha256(f"{self.name}:{self.seed}:{text}".encode()).digest()
        return random.Random(int.from_bytes(digest[:16], "big"))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seat={self.seat} seed={self.seed}>"


#: Observation keys a bot's :meth:`Bot.rng` does not depend on.
_NOT_HASHED = frozenset({"chosen_deal"})


def _same_rules(first: Any, second: Any) -> bool:
    """Two rule sets of one game with the same rules and options (``card-golf`` and
    ``card-golf+shape=3x3`` are the same)."""
    a, b = first.variant, second.variant
    return (a.game == b.game and dict(a.rules) == dict(b.rules)
            and dict(first.options) == dict(second.options))


def _entry_points() -> dict[str, metadata.EntryPoint]:
    """Bot name → entry point, golfcore's first (:func:`golfcore.framework.loading.entry_points`);
    a name another entry point took first is left out when it is loaded
    (:func:`bot_plugins`)."""
    found: dict[str, metadata.EntryPoint] = {}
    for ep in entry_points([GROUP]):
        found.setdefault(ep.name.strip().lower(), ep)
    return found


def _plugin(key: str, ep: metadata.EntryPoint) -> tuple[type[Bot] | None, PluginRecord]:
    """The bot class behind ``ep`` and its record, loaded once per process (a bot that fails
    is left out: ``None`` and the record that says why, reported once)."""
    ident = (key, ep.group, ep.value, name_version(ep))
    found = _PLUGINS.get(ident)
    if found is None:
        loaded: list[type[Bot]] = []

        def accept(obj: Any) -> tuple[str, str]:
            loaded.append(_named(key, ep, obj))
            return key, f"bot {key!r}"

        record = load_plugin(ep, "card-game", "bot", accept)
        found = _PLUGINS[ident] = (loaded[0] if loaded else None, record)
    return found


_PLUGINS: dict[tuple[Any, ...], tuple[type[Bot] | None, PluginRecord]] = {}


def bot_plugins() -> tuple[PluginRecord, ...]:
    """Every bot plugin installed, loaded or left out (``golf plugins``): one whose name an
    earlier entry point took is left out too."""
    chosen = _entry_points()
    records = []
    for ep in entry_points([GROUP]):
        key = ep.name.strip().lower()
        if chosen[key] == ep:
            records.append(_plugin(key, ep)[1])
        else:
            records.append(load_plugin(ep, "card-game", "bot", functools.partial(
                _taken, key, chosen[key])))
    return tuple(records)


def _taken(key: str, first: metadata.EntryPoint, obj: Any) -> tuple[str, str]:
    raise BotError(f"bot name {key!r} is already taken by {origin_of(first)}")


def bot_info() -> list[dict[str, Any]]:
    """Every registered bot for players to choose from, sorted by name: ``name``, ``titles``
    and ``descriptions`` (by language, ``en`` and ``es``; see :func:`player_texts`: never
    empty, so that ``golf web`` offers a plugin's bot that gives no texts by its name). A bot
    that cannot be loaded is left out."""
    out: list[dict[str, Any]] = []
    for name, ep in sorted(_entry_points().items()):
        cls = _plugin(name, ep)[0]
        if cls is None:
            continue
        titles = player_texts(getattr(cls, "titles", None), name)
        descriptions = player_texts(getattr(cls, "descriptions", None), name)
        out.append({"name": name, "titles": titles, "descriptions": descriptions})
    return out


#: The languages of the texts players see.
LANGUAGES = ("en", "es")


def player_texts(given: Any, fallback: str) -> dict[str, str]:
    """``{"en": ..., "es": ...}`` from a bot's own texts (plain strings only, each cut at 200
    characters): a language the bot gives no text for takes the other language's, and with
    neither, ``fallback`` (the bot's name)."""
    texts = given if isinstance(given, Mapping) else {}
    own = {lang: text[:200] for lang in LANGUAGES
           if isinstance(text := texts.get(lang), str) and text.strip()}
    other = next(iter(own.values()), fallback)
    return {lang: own.get(lang, other) for lang in LANGUAGES}


def bot_names() -> list[str]:
    """The names of every registered bot, sorted (those that were left out excepted)."""
    return sorted(name for name, ep in _entry_points().items()
                  if _PLUGINS.get((name, ep.group, ep.value, name_version(ep)),
                                  (Bot, None))[0] is not None)


def find_bot(name: str) -> type[Bot]:
    """The bot class registered as ``name``; :class:`BotError` (a :class:`GolfError`) naming
    the known bots and the closest one for an unknown name, or saying why a bot that could not
    be loaded was left out."""
    eps = _entry_points()
    key = str(name).strip().lower()
    ep = eps.get(key)
    if ep is None:
        close = difflib.get_close_matches(key, list(eps), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise BotError(f"unknown bot {name!r}{hint}: known bots are "
                       f"{', '.join(bot_names()) or 'none'}")
    cls, record = _plugin(key, ep)
    if cls is None:
        raise BotError(left_out_text("bot", record))
    return cls


def _named(key: str, ep: metadata.EntryPoint, cls: Any) -> type[Bot]:
    """The class behind a bot's entry point, named: a class that sets no ``name`` gets its
    entry point's (a subclass, so that the same class may be registered twice); one whose
    ``name`` is another is refused, as a rule's is."""
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotError(f"bot {key!r} ({ep.value}) is not a subclass of "
                       f"golfcore.cardgame.bots.Bot")
    if not cls.name:
        named = _NAMED.get((key, cls))
        if named is None:
            # Pickled by reference as ``named.<key>`` of this module, which finds it again by
            # its entry point (a tournament's worker processes receive bot classes by pickle).
            named = type(cls.__name__, (cls,), {"name": key, "__module__": __name__,
                                                "__qualname__": f"named.{key}",
                                                "__doc__": cls.__doc__})
            _NAMED[(key, cls)] = named
        return named
    if cls.name != key:
        raise BotError(f"bot entry point {key!r} ({ep.value}) loads a bot named {cls.name!r}: "
                       f"the two names must agree (or leave the class's name unset)")
    return cls


#: The named subclasses made by :func:`_named`, one per entry point and class.
_NAMED: dict[tuple[str, type[Bot]], type[Bot]] = {}


class _Named:
    """``named.<name>``: the bot class registered as ``name``, as :func:`find_bot` gives it
    (how pickle finds a named subclass again, in this process or another)."""

    def __getattr__(self, name: str) -> type[Bot]:
        if name.startswith("__"):
            raise AttributeError(name)
        return find_bot(name)


named = _Named()
