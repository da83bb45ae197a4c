"""``python -m golfcore.cli``: the ``golf`` command."""

from golfcore.cli import main

raise SystemExit(main())
