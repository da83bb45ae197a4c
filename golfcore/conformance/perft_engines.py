"""The perft count files checked against any engine, through the protocol's ``perft``.

For each line of a count file (:mod:`golfcore.conformance.perft`), the engine starts the line's
start (``new`` with its deal or code) under the line's variant, or, for an engine that says what
it plays (its ``offers``, :mod:`golfcore.conformance.offers`), under its variant whose claimed
rules are the line's variant's wherever legal actions depend on them (every slot but those of
:data:`~golfcore.conformance.assumptions.SEPARABLE`, which no count reads); then asks
``perft``. A line no variant of the engine plays, or that needs a feature it lacks (``perft``,
``deal`` for a deal, ``card-game``), is skipped with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from golfcore.conformance.assumptions import SEPARABLE, played
from golfcore.conformance.engines import Engine, EngineError
from golfcore.conformance.offers import Offer, read_offers
from golfcore.conformance.perft import PerftCase, PerftResult, check

__all__ = ["check_engine"]


def _same_rules(offer: Offer, case: PerftCase) -> bool:
    from golfcore.framework.compose import find_variant
    from golfcore.framework.registry import registry

    reg = registry(case.game)
    free = set(SEPARABLE.get(case.game, {})) | set(offer.own)
    mine = {s: r for s, r in played(offer.rules, reg).items() if s not in free}
    theirs = {s: r for s, r in played(find_variant(case.variant, reg), reg).items()
              if s not in free}
    return mine == theirs and not (set(offer.own) - set(SEPARABLE.get(case.game, {})))


def check_engine(cases: Iterable[PerftCase], engine: Engine) -> Iterator[PerftResult]:
    """Each line checked against ``engine``: passed, failed with what it counted, or skipped."""
    hello = engine.request({"cmd": "hello"})
    features = frozenset(hello.get("features", ()))
    offers = read_offers(hello, features)
    names = {v["name"] if isinstance(v, dict) else v for v in hello.get("variants", ())}
    for case in cases:
        if offers:
            found = [o for o in offers if o.game == case.game and _same_rules(o, case)]
            if not found:
                yield PerftResult(case, False, skipped=f"the engine plays no variant with "
                                                       f"{case.variant}'s rules")
                continue
            variant, have = found[0].variant, found[0].features
        else:
            variant, have = case.variant, features
            if case.variant not in names:
                yield PerftResult(case, False, skipped=f"the engine lacks {case.variant}")
                continue
        needs = {"perft", "deal" if case.game == "solitaire" else "card-game"}
        if needs - have:
            yield PerftResult(case, False, skipped=f"the engine lacks "
                                                   f"{', '.join(sorted(needs - have))}")
            continue
        yield from (_named(r, variant) for r in check([case], _counting(engine, variant)))


def _named(result: PerftResult, variant: str) -> PerftResult:
    if variant == result.case.variant:
        return result
    return PerftResult(result.case, result.passed, result.message, variant=variant)


def _counting(engine: Engine, variant: str) -> Any:
    from golfcore.errors import GolfError

    def counting(case: PerftCase, divided: bool) -> tuple[int, dict[str, int] | None]:
        start: dict[str, Any] = ({"deal": case.start} if case.game == "solitaire"
                                 else {"game": "card-game", "code": case.start})
        reply = engine.request({"cmd": "new", "variant": variant, **start})
        if not reply.get("ok"):
            raise GolfError(f"'new' was refused: {reply.get('message') or reply}")
        reply = engine.request({"cmd": "perft", "depth": case.depth, "divide": divided})
        if not reply.get("ok"):
            raise GolfError(f"'perft' was refused: {reply.get('message') or reply}")
        data = reply.get("perft") or {}
        count = data.get("count")
        if isinstance(count, bool) or not isinstance(count, int):
            raise EngineError(f"'perft' answered no whole count: {reply}")
        split = data.get("divide")
        return count, ({str(k): v for k, v in split.items()} if isinstance(split, dict)
                       else None)

    return counting
