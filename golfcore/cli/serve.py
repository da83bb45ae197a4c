"""``golf serve``: speak the JSON-lines protocol on stdin/stdout.

Embeds the engine in another program: one JSON request per line on stdin, one JSON reply per
line on stdout, until ``quit`` or end of input (:mod:`golfcore.protocol.server`; see
``docs/protocol.md``). ``golf conform --program 'golf serve'`` runs the specs through it.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``golf serve`` takes no arguments."""


def run(args: argparse.Namespace) -> int:
    """Serve requests until ``quit`` or end of input; return the server's exit status."""
    from golfcore.protocol.server import serve

    return serve(sys.stdin, sys.stdout)
