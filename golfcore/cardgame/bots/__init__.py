"""Computer opponents for the card game: ``random``, ``greedy``, ``strong`` and ``expert``.

>>> from golfcore.cardgame.bots import find_bot
>>> bot = find_bot("greedy")("card-golf", seat=0, seed=1)

A bot receives only observations (``Match.observation(seat).to_json()``) and answers one of
their legal action texts; ``docs/bots.md`` describes how each decides, their options, the
dominated moves and the measured strength.
"""

from golfcore.cardgame.bots.base import (GROUP, Bot, BotError, bot_info, bot_names, bot_plugins,
                                        find_bot)
from golfcore.cardgame.bots.dominated import dominated, dominated_not_run
from golfcore.cardgame.bots.expert import ExpertBot
from golfcore.cardgame.bots.greedy import GreedyBot
from golfcore.cardgame.bots.randombot import RandomBot
from golfcore.cardgame.bots.strong import StrongBot

__all__ = ["GROUP", "Bot", "BotError", "ExpertBot", "GreedyBot", "RandomBot", "StrongBot",
           "bot_info", "bot_names", "bot_plugins", "dominated", "dominated_not_run", "find_bot"]
