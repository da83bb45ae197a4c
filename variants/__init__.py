"""golfcore's built-in rule plugins and variants (installed as the import package
``golfcore_variants``), one subpackage per game:

* ``solitaire``: the eight solitaire variants and their rules;
* ``cardgame``: the card game's variants and their rules.

Everything here is registered through each game's entry-point groups (``golfcore.solitaire.rules``,
``golfcore.solitaire.variants``, ``golfcore.cardgame.rules``, ``golfcore.cardgame.variants``) in
``pyproject.toml``, the same way a third-party package registers its own; the core (``golfcore``)
imports nothing from here.
"""
