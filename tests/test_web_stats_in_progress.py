"""The statistics say when the time played includes a game not counted yet (issue 28, L5:
«Jugadas 0» beside «Tiempo jugado 2 s»)."""

from __future__ import annotations

from golfcore.web.stats import TableFacts, variant_stats


def table(name: str, created: float, status: str, moves: int,
          times: tuple[float, ...]) -> TableFacts:
    game = {"deal": 1, "code": None, "status": status, "moves": moves,
            "score": {"kind": "points", "value": 0}}
    return TableFacts(name, "solitaire", "app-facil", created, created + 2,
                      {"status": status, "games": [game], "round": None}, ("human",), times)


def test_a_first_game_in_progress_is_in_progress_not_played() -> None:
    line = variant_stats("app-facil", [table("a", 100.0, "playing", 1, (102.0,))])
    assert (line["played"], line["in_progress"], line["seconds"]) == (0, 1, 2.0)


def test_a_finished_game_then_none_in_progress() -> None:
    line = variant_stats("app-facil", [table("a", 100.0, "won", 30, (102.0, 110.0))])
    assert (line["played"], line["won"], line["in_progress"]) == (1, 1, 0)


def test_a_given_up_game_is_played_and_the_new_one_in_progress() -> None:
    line = variant_stats("app-facil", [table("a", 100.0, "playing", 3, (101.0,)),
                                       table("b", 200.0, "playing", 2, (203.0,))])
    assert (line["played"], line["won"], line["in_progress"], line["seconds"]) == (1, 0, 1, 4.0)
