"""Tests that anyone can run: :mod:`~golfcore.testing.contract` checks that a game keeps the
contract of :class:`golfcore.framework.interface.Playable` (``docs/interface.md``)."""
