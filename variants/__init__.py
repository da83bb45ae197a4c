"""golfcore's built-in rule plugins and variants (installed as the import package
``golfcore_variants``).

Everything here is registered through the entry-point groups ``golfcore.rules`` and
``golfcore.variants`` in ``pyproject.toml``, the same way a third-party package registers its
own; the core (``golfcore``) imports nothing from here.
"""
