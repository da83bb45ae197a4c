"""The daily deal and course (golfcore/solitaire/daily.py, docs/web.md *Daily deal*): the rule
reproduced from its written definition, the same answer on the compiled and the pure-Python
searches, the dates a request may name, the streaks of the statistics, ``golf deal --daily``,
and ``daily`` / ``new`` with ``daily`` on the web app."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from functools import cache
from typing import Any

import pytest

from golfcore.cli import main
from golfcore.solitaire import daily
from golfcore.solitaire.daily import DailyDeal, candidate, course_code, daily_deal, parse_day
from golfcore.solitaire.game import Game
from golfcore.solitaire.search import fair_engine, solver_kernel
from golfcore.solitaire.search.solver import solver_for
from golfcore.errors import GolfError
from golfcore.web import daily as web_daily
from golfcore.web.stats import TableFacts, daily_stats, summary_problems

TODAY = dt.date(2026, 12, 3)
#: A day whose first two candidates the solver proves not winnable: its deal is candidate 2.
THIRD = dt.date(2026, 2, 7)


def written_rule(day: str, k: int) -> int:
    """Candidate ``k`` as docs/web.md writes the rule, independently of the module."""
    digest = hashlib.sha256(b"golfcore-daily-1:" + day.encode() + b":" + str(k).encode())
    return int(digest.hexdigest(), 16) % (26 ** 7 - 1) + 1


STUB = daily.Difficulty(0.5, False, 20, 40, "easy")


@cache
def the_deal(day: dt.date) -> DailyDeal:
    """``day``'s deal, with a stand-in difficulty (the fair chance's sampling is the slow part:
    the browser test shows the real one)."""
    real = daily.difficulty
    daily.difficulty = lambda deal, budget=None: STUB       # type: ignore[assignment]
    try:
        return daily_deal(day)
    finally:
        daily.difficulty = real                               # type: ignore[assignment]


def test_candidates_follow_the_written_rule() -> None:
    for day in ("2026-01-01", "2026-02-07", "2026-12-03", "2031-07-31"):
        for k in (0, 1, 2, 63):
            assert candidate(dt.date.fromisoformat(day), k) == written_rule(day, k)
    first = int(hashlib.sha256(b"golfcore-daily-course-1:2026-12-03").hexdigest(), 16) \
        % (26 ** 7 - 9) + 1
    assert course_code(TODAY) == str(Game("traditional", deal=first).code).replace("GO1", "GR1")


def test_the_daily_deal_is_the_first_candidate_proved_winnable(monkeypatch) -> None:
    found = the_deal(THIRD)
    solver = solver_for(Game("app-facil", deal=1).rules)
    verdicts = [solver.solve(Game("app-facil", deal=written_rule("2026-02-07", k)).position,
                             best=False, limit=daily.POSITION_LIMIT).winnable for k in range(3)]
    assert verdicts == [False, False, True]
    assert (found.index, found.deal) == (2, written_rule("2026-02-07", 2))
    assert found.code == Game("app-facil", deal=found.deal).code
    assert found.code.startswith("GO1-E-") and found.course == course_code(THIRD)


def test_compiled_and_pure_searches_give_the_same_daily_deal(monkeypatch) -> None:
    """The solver's choice (the pure search is slow on THIRD's refused candidates: the kernel
    tests compare the two paths on such searches) and a difficulty (with fewer sampled orders
    than the rule's, for time: the same code) on both paths."""
    if not (solver_kernel.kernel_available() and fair_engine.kernel_available()):
        pytest.skip("the compiled kernels are not built here")
    kernel = the_deal(TODAY)
    few = {"samples": 6}
    hard = daily.difficulty(kernel.deal, few)
    assert hard.samples == 6 and 0 <= hard.wins <= 6 and hard.level == daily.level_of(hard.chance)
    monkeypatch.setenv(solver_kernel.PURE_ENV, "1")
    monkeypatch.setenv(fair_engine.PURE_ENV, "1")
    monkeypatch.setattr(daily, "difficulty", lambda deal, budget=None: STUB)
    assert not solver_kernel.use_kernel() and not fair_engine.use_kernel()
    assert daily_deal(TODAY) == kernel
    monkeypatch.undo()
    monkeypatch.setenv(solver_kernel.PURE_ENV, "1")
    monkeypatch.setenv(fair_engine.PURE_ENV, "1")
    assert daily.difficulty(kernel.deal, few) == hard


@pytest.mark.parametrize("text", [
    "2026-13-01", "2026-02-30", "20261203", "2026-12-3", " 2026-12-03", "2026-12-03\n",
    "２０２６-12-03", "x" * 100_000, "9999-12-31", "2026-12-05", "2025-12-31", "0000-01-01",
    None, 20261203, ["2026-12-03"], {"date": "2026-12-03"}, True])
def test_only_real_dates_from_the_first_day_to_tomorrow_have_a_daily_deal(text: Any) -> None:
    with pytest.raises(GolfError) as caught:
        parse_day(text, TODAY)
    assert len(str(caught.value)) < 200


def test_the_range_of_dates() -> None:
    assert parse_day("2026-01-01", TODAY) == daily.FIRST_DAY
    assert parse_day("2026-12-04", TODAY) == dt.date(2026, 12, 4)     # a day ahead of UTC
    assert parse_day("2026-12-03", TODAY) == TODAY


# -- the streaks -------------------------------------------------------------------------------


def table(day: str | None, status: str, moves: int = 10, n: int = 0) -> TableFacts:
    summary: dict[str, Any] = {"status": status, "round": None, "games": [
        {"deal": 1, "code": "GO1-E-AAAAAAB", "status": status, "moves": moves, "score": None}]}
    if day is not None:
        summary["daily"] = day
    return TableFacts(f"t{n}", "solitaire", "app-facil", float(n), float(n), summary, ("human",))


def stats_of(*rows: tuple[str | None, str] | tuple[str | None, str, int]) -> dict[str, Any]:
    return daily_stats(table(*row, n=i) for i, row in enumerate(rows))  # type: ignore[misc]


def test_streaks_count_days_won_one_after_the_other() -> None:
    assert stats_of() == {"days": 0, "won": 0, "streak": 0, "best_streak": 0, "last": None}
    got = stats_of(("2026-03-01", "won"), ("2026-03-02", "won"), ("2026-03-03", "won"),
                   ("2026-03-05", "won"), ("2026-03-06", "won"), (None, "won"))
    assert got == {"days": 5, "won": 5, "streak": 2, "best_streak": 3, "last": "2026-03-06"}
    # a lost day breaks it; a day lost then won counts as won; a second table is one day
    got = stats_of(("2026-03-01", "won"), ("2026-03-02", "lost"), ("2026-03-03", "lost"),
                   ("2026-03-03", "won"), ("2026-03-04", "won"), ("2026-03-04", "lost"))
    assert got == {"days": 4, "won": 3, "streak": 2, "best_streak": 2, "last": "2026-03-04"}
    # the dates count, not the order the tables were made in (played on another device)
    got = stats_of(("2026-03-02", "won"), ("2026-03-01", "won"))
    assert (got["streak"], got["best_streak"]) == (2, 2)


def test_a_day_in_progress_does_not_count_yet_and_an_old_one_is_a_loss() -> None:
    got = stats_of(("2026-03-01", "won"), ("2026-03-02", "playing"))
    assert got == {"days": 1, "won": 1, "streak": 1, "best_streak": 1, "last": "2026-03-01"}
    got = stats_of(("2026-03-01", "won"), ("2026-03-02", "playing"), ("2026-03-03", "won"))
    assert (got["days"], got["streak"], got["best_streak"]) == (3, 1, 1)
    assert stats_of(("2026-03-01", "playing", 0))["days"] == 0          # never touched


def test_a_summary_daily_must_be_a_date() -> None:
    good = table("2026-03-01", "won").summary
    assert list(summary_problems("solitaire", good, ("human",))) == []
    for bad in ("2026-02-30", "yesterday", 3, None, "x" * 1000):
        problems = list(summary_problems("solitaire", {**good, "daily": bad}, ("human",)))
        assert [p for p, _ in problems] == ["daily"]


class Today(dt.date):
    @classmethod
    def today(cls) -> dt.date:
        return TODAY


# -- golf deal --daily --------------------------------------------------------------------------


def test_golf_deal_daily_prints_the_code_and_difficulty(capsys, monkeypatch) -> None:
    monkeypatch.setattr("golfcore.cli.daily.daily_deal", the_deal)
    monkeypatch.setattr("golfcore.cli.daily.dt.date", Today)
    assert main(["deal", "--daily", "2026-12-03"]) == 0
    lines = capsys.readouterr().out.splitlines()
    found = the_deal(TODAY)
    assert lines[0] == f"# code: {found.code}"
    assert lines[3].startswith("# daily: 2026-12-03, candidate 0 ")
    assert lines[4].startswith(f"# difficulty: {found.difficulty.level} (fair chance ")
    assert lines[5] == f"# daily course: {found.course}"
    assert main(["deal", "--daily", "2026-12-03", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["daily"] == found.to_json()
    assert main(["deal", "--daily", "2026-12-03", "--variant", "traditional"]) == 2
    capsys.readouterr()
    assert main(["deal", "--daily", "2026-12-05"]) != 0
    assert "not out yet" in capsys.readouterr().err


# -- the web app -------------------------------------------------------------------------------


def test_web_daily_and_new_daily(tmp_path, monkeypatch) -> None:
    from test_web_api import HTTP, QUICK, WS, Browser, TestClient
    from golfcore.web.app import create_app
    from golfcore.web.store import Store

    calls: list[dt.date] = []

    def counted(day: dt.date) -> DailyDeal:
        calls.append(day)
        return the_deal(day)

    monkeypatch.setattr(web_daily, "daily_deal", counted)
    monkeypatch.setattr(web_daily, "utc_today", lambda: TODAY)
    store = Store(tmp_path / "web.sqlite3")
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client:
        with client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            info = tab("daily", date="2026-12-03")["daily"]
            assert info == the_deal(TODAY).to_json()
            new = tab("new", daily="2026-12-03")
            assert new["ok"] is True and new["state"]["code"] == info["code"]
            assert new["daily"] == "2026-12-03" and calls == [TODAY]         # kept
            hint = tab("hint")["hint"]
            tab("draw") if hint == "draw" else tab("play", column=int(hint))
            course = tab("new", daily="2026-12-03", round=True)
            assert course["round"]["code"] == course_code(TODAY)
            assert course["daily"] == "2026-12-03"
            for bad in ({"daily": "2026-12-05"}, {"daily": "2026-02-30"}, {"daily": 5},
                        {"daily": "x" * 5000}):
                refused = tab("new", **bad)
                assert refused["ok"] is False and refused["error"] == "bad-date"
                assert set(refused["messages"]) == {"es", "en"}
            for bad in ({"daily": "2026-12-03", "code": "GO1-E-AAAAAAB"},
                        {"daily": "2026-12-03", "variant": "traditional"},
                        {"daily": "2026-12-03", "round": "GR1-T-AAAAAAB"},
                        {"daily": "2026-12-03", "winnable": True}):
                assert tab("new", **bad)["error"] == "bad-input"
            assert tab("daily", date="1999-01-01")["error"] == "bad-date"
            assert tab("daily")["error"] == "bad-date"
            stats = tab("stats")["stats"]
            # the day's deal is still being played: not counted yet
            assert stats["daily"] == {"days": 0, "won": 0, "streak": 0, "best_streak": 0,
                                      "last": None}
    rows = store.statistics()["rounds"]
    assert [r.get("daily") for r in rows] == ["2026-12-03"]
    # golf stats --export / --import carry the dates (each table is checked as it is read)
    exported = store.export()
    assert sorted(str(t["summary"].get("daily")) for t in exported["tables"]) \
        == ["2026-12-03", "2026-12-03"]
    again = Store(tmp_path / "again.sqlite3")
    assert again.import_data(json.loads(json.dumps(exported))) == 2
    assert again.statistics() == store.statistics()
    again.close()
    store.close()


def test_golf_stats_prints_the_daily_line() -> None:
    from golfcore.cli.stats import statistics_text
    from golfcore.web.stats import statistics

    data = statistics([table("2026-03-01", "won", n=0), table("2026-03-02", "won", n=1)])
    assert "Daily deals: 2 days played (the latest 2026-03-02), 2 won; streak 2, best 2" \
        in statistics_text(data)


def test_each_date_is_searched_once_however_many_dates_are_asked(monkeypatch) -> None:
    import asyncio

    calls: list[dt.date] = []

    def counted(day: dt.date) -> DailyDeal:
        calls.append(day)
        return the_deal(day)

    monkeypatch.setattr(web_daily, "daily_deal", counted)
    dailies = web_daily.Dailies(today=lambda: TODAY)
    days = [(TODAY - dt.timedelta(days=n)).isoformat() for n in range(30)]

    async def ask() -> None:
        for _ in range(2):
            for day in days:
                await dailies.deal(day)

    asyncio.run(ask())
    assert sorted(calls) == sorted(dt.date.fromisoformat(d) for d in days)   # once each
