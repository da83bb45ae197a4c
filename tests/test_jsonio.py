"""The strict JSON reader (golfcore.jsonio) and the places that read with it: a document that one
reader takes for one thing and another reader for another (a key twice), or that crashes the
reader (a huge integer), is refused with a clear GolfError, everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golfcore import jsonio
from golfcore.cardgame.match import Match
from golfcore.cli import main
from golfcore.errors import GolfError
from golfcore.protocol.server import Session
from golfcore.solitaire.game import Game


@pytest.mark.parametrize("text, says", [
    ('{"cmd": "state", "cmd": "draw"}', "key 'cmd' appears twice"),
    ('{"a": {"b": 1, "b": 1}}', "key 'b' appears twice"),           # nested, even equal values
    ("1" * 5000, "5000 digits is too long"),
    ('{"n": -' + "9" * 1001 + "}", "1001 digits is too long"),
    ("[1e400]", "1e400 is too large"),
    ("[NaN]", "NaN is not JSON"), ("-Infinity", "-Infinity is not JSON"),
    ("[" * 100_000, "nested too deeply"),
    (b"{\"a\": \"\xff\"}", "not UTF-8"),
    ("{", "at line 1 column 2"),
    ('{"a": 1} {"b": 2}', "Extra data"),
])
def test_the_strict_reader_refuses_with_a_golf_error(text, says):
    with pytest.raises(jsonio.JsonError, match="^the thing is not valid JSON: ") as caught:
        jsonio.loads(text, "the thing")
    assert says in str(caught.value) and isinstance(caught.value, GolfError)


def test_the_strict_reader_reads_what_json_reads():
    text = '{"a": [1, -2, 2.5, true, null, "é\\u00e9"], "b": {"a": 1}, "n": ' + "9" * 1000 + "}"
    assert jsonio.loads(text) == json.loads(text)
    assert jsonio.loads(text.encode()) == json.loads(text)


def test_a_request_with_a_key_twice_is_refused_not_played():
    """The audit's example: {"cmd":"state","cmd":"draw"} drew a card; now nothing happens."""
    session = Session()
    session.handle({"cmd": "new", "deal": 1})
    before = session.game.to_json()
    reply = json.loads(session.handle_line('{"cmd":"state","cmd":"draw"}'))
    assert reply["ok"] is False and reply["error"] == "bad-json"
    assert "key 'cmd' appears twice" in reply["message"]
    assert session.game.to_json() == before
    reply = json.loads(session.handle_line('{"cmd":"draw"}'))      # the session goes on
    assert reply["ok"] is True and reply["action"] == "draw"


def test_saved_matches_and_games_with_a_key_twice_are_refused():
    match = Match("card-golf", players=2, seed=1)
    text = match.dumps()
    doubled = text.replace('"over": false}', '"over": false, "over": true}', 1)
    assert doubled != text
    with pytest.raises(GolfError, match="key 'over' appears twice"):
        Match.from_json(doubled)
    game_text = Game("app-clasico", deal=1).dumps()
    with pytest.raises(GolfError, match="key 'variant' appears twice"):
        Game.from_json(game_text.replace('"variant"', '"variant": "app-facil", "variant"', 1))


def test_saved_matches_with_huge_integers_are_a_golf_error_not_a_crash():
    """Python's int-string limit made Match.from_json raise a bare ValueError."""
    data = Match("card-golf", players=2, seed=1).to_json()
    text = json.dumps(data).replace('"round": 1', '"round": 1' + "0" * 5000, 1)
    with pytest.raises(GolfError, match="too long"):
        Match.from_json(text)
    with pytest.raises(GolfError, match="too long"):
        Match.from_json(text.encode())


def test_a_results_file_with_a_key_twice_is_refused_and_left_as_it_is(tmp_path: Path, capsys):
    output = tmp_path / "t.jsonl"
    argv = ["tournament", "random", "random", "--variant", "card-golf+shape=2x2", "--matches",
            "2", "--seed", "3", "--workers", "1", "--output", str(output)]
    assert main(argv) == 0
    lines = output.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('"match": 0', '"match": 1, "match": 0', 1)
    output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = output.read_bytes()
    capsys.readouterr()
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "line 1 is not valid JSON (key 'match' appears twice" in err
    assert output.read_bytes() == before
