"""Adapters that let the conformance runner judge engines golfcore did not write.

Each adapter is a subpackage (``golfcore.engines.NAME``) with a factory ``make(timeout)`` that
returns an object speaking golfcore's protocol (:class:`golfcore.conformance.engines.Engine`),
registered as an entry point of the group ``golfcore.engines`` so that ``golf conform --engine
NAME`` finds it; a third party adds an engine the same way (``docs/engines.md``).
"""
