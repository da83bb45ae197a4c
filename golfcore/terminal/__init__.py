"""``golfcore.terminal``: the full-screen terminal game of ``golf play`` (``docs/terminal.md``).

One job a module:

* :mod:`golfcore.terminal.texts`: what it says, the web page's own strings in Spanish and
  English, and the language of the locale;
* :mod:`golfcore.terminal.cardtext`: a card as a terminal shows it (suits as symbols when the
  terminal writes UTF-8);
* :mod:`golfcore.terminal.keys`: keys to actions, the web page's shortcuts;
* :mod:`golfcore.terminal.solitaire_screen` and :mod:`golfcore.terminal.card_screen`: the pure
  screen models, lines of text drawn from a player's observation (no curses);
* :mod:`golfcore.terminal.solitaire_session` and :mod:`golfcore.terminal.card_session`: a game
  being played, what each key does to it (the card game's other seats played by bots, each from
  its own observation);
* :mod:`golfcore.terminal.app`: the thin curses front end that draws the lines and reads keys.
"""
