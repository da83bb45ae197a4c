"""Game codes GO1-<L>-<NNNNNNN> (rule APP-16)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfcore.codes import (  # noqa: E402
    GameCode,
    decode_number,
    encode_number,
    format_code,
    parse_code,
)
from golfcore.solitaire.deal import MAX_DEAL  # noqa: E402
from golfcore.errors import CodeError, GolfError  # noqa: E402

VECTORS = ROOT / "specs" / "deal-vectors.json"


def test_examples_from_the_rule():
    assert parse_code("GO1-E-AAAAAAB") == GameCode("E", 1)
    assert parse_code("GO1-C-AAAABAA").number == 676
    assert parse_code("GO1-C-AAAAABA").number == 26
    assert parse_code("GO1-C-ZZZZZZZ").number == MAX_DEAL == 26**7 - 1
    assert format_code("E", 1) == "GO1-E-AAAAAAB"
    assert format_code("C", 676) == "GO1-C-AAAABAA"
    assert str(GameCode("N", 32000)) == "GO1-N-AAABVIU"
    assert encode_number(1_000_000) == "AACEXHO" and decode_number("AACEXHO") == 1_000_000


def test_case_and_whitespace():
    assert parse_code("go1-e-aaaaaab") == GameCode("E", 1)
    assert parse_code("  Go1-c-AaAaBaA \n\t") == GameCode("C", 676)
    assert str(parse_code(" go1-z-zzzzzzz ")) == "GO1-Z-ZZZZZZZ"
    assert GameCode.parse("gO1-q-AAAAAAB").letter == "Q"
    assert GameCode("c", 5) == GameCode("C", 5) and GameCode("c", 5).letter == "C"
    assert format_code("x", 2) == "GO1-X-AAAAAAC"


def test_round_trip():
    rng = random.Random(16)
    numbers = [1, 2, 25, 26, 27, 675, 676, 677, 32000, 32001, 10**6, 26**6, MAX_DEAL - 1,
               MAX_DEAL] + [rng.randint(1, MAX_DEAL) for _ in range(2000)]
    for i, n in enumerate(numbers):
        letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i % 26]
        text = format_code(letter, n)
        assert len(text) == 13 and text.isupper() and text.startswith("GO1-")
        code = parse_code(text)
        assert code == GameCode(letter, n) and str(code) == text
        assert parse_code(text.lower()) == code
        assert decode_number(encode_number(n)) == n


def test_base_26_order_matches_number_order():
    numbers = sorted(random.Random(3).sample(range(1, MAX_DEAL + 1), 500))
    assert sorted(encode_number(n) for n in numbers) == [encode_number(n) for n in numbers]


def test_frozen_and_hashable():
    code = GameCode("C", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        code.number = 2  # type: ignore[misc]
    assert {code, GameCode("C", 1)} == {code}


MALFORMED = [
    ("", "empty"),
    ("   ", "empty"),
    ("GO1", "expected 3 parts"),
    ("GO1C", "expected 3 parts"),
    ("GO1-C", "expected 3 parts"),
    ("GO1-C-AAAAAAB-A", "expected 3 parts"),
    ("GO1 C AAAAAAB", "expected 3 parts"),
    ("GO1_C_AAAAAAB", "expected 3 parts"),
    ("GO1–C–AAAAAAB", "expected 3 parts"),  # en dashes
    ("GO2-C-AAAAAAB", "expected 'GO1'"),
    ("G01-C-AAAAAAB", "expected 'GO1'"),
    ("GOL-C-AAAAAAB", "expected 'GO1'"),
    ("-C-AAAAAAB", "expected 'GO1'"),
    ("GO1--AAAAAAB", "one letter A-Z"),
    ("GO1-CC-AAAAAAB", "one letter A-Z"),
    ("GO1-1-AAAAAAB", "one letter A-Z"),
    ("GO1-Ñ-AAAAAAB", "one letter A-Z"),
    ("GO1- C-AAAAAAB", "one letter A-Z"),
    ("GO1-C-", "exactly 7 letters"),
    ("GO1-C-AAAAAB", "exactly 7 letters"),
    ("GO1-C-AAAAAAAB", "exactly 7 letters"),
    ("GO1-C-AAAAAA1", "exactly 7 letters"),
    ("GO1-C-0000001", "exactly 7 letters"),
    ("GO1-C-AAAAAAſ", "exactly 7 letters"),  # long s: "ſ".upper() == "S"
    ("GO1-C-AAAAAAı", "exactly 7 letters"),  # dotless i: "ı".upper() == "I"
    ("GO1-C-AAA AAB", "exactly 7 letters"),
    ("GO1-C-AAAAAAA", "deal numbers start at 1, AAAAAAB"),
    ("go1-c-aaaaaaa", "deal numbers start at 1, AAAAAAB"),
]


@pytest.mark.parametrize("text,why", MALFORMED)
def test_malformed_codes(text, why):
    with pytest.raises(CodeError) as err:
        parse_code(text)
    message = str(err.value)
    assert repr(text) in message, message  # the text is quoted as given
    assert why in message, message
    assert isinstance(err.value, GolfError) and isinstance(err.value, ValueError)
    with pytest.raises(CodeError):
        GameCode.parse(text)


def test_messages_say_what_was_found_and_expected():
    msg = str(pytest.raises(CodeError, parse_code, "GO1-C-AAAAAB").value)
    assert "'AAAAAB'" in msg and "6 characters" in msg and "GO1-" in msg
    msg = str(pytest.raises(CodeError, parse_code, "GO1-C-AAAAAA1").value)
    assert "'1'" in msg and "not a letter" in msg
    msg = str(pytest.raises(CodeError, parse_code, "XX9-C-AAAAAAB").value)
    assert "'XX9'" in msg and "GO1" in msg


def test_long_text_is_quoted_shortened():
    text = "GO1-C-" + "A" * 500
    msg = str(pytest.raises(CodeError, parse_code, text).value)
    assert repr(text[:57] + "...") in msg and len(msg) < 400


@pytest.mark.parametrize("bad", [None, 1, b"GO1-C-AAAAAAB", ["GO1-C-AAAAAAB"]])
def test_non_text(bad):
    with pytest.raises(CodeError):
        parse_code(bad)


@pytest.mark.parametrize("letter,number", [
    ("", 1), ("CC", 1), ("1", 1), ("Ñ", 1), (None, 1), ("ſ", 1),
    ("C", 0), ("C", -1), ("C", MAX_DEAL + 1), ("C", 1.0), ("C", True), ("C", "1"),
])
def test_bad_fields(letter, number):
    with pytest.raises(CodeError):
        format_code(letter, number)
    with pytest.raises(CodeError):
        GameCode(letter, number)


def test_out_of_range_message():
    msg = str(pytest.raises(CodeError, format_code, "C", 0).value)
    assert "1" in msg and str(MAX_DEAL) in msg and "AAAAAAB" in msg


@pytest.mark.parametrize("bad", ["", "AAAAAB", "AAAAAAAB", "AAAAAA1", "AAAAAAA", None])
def test_decode_number_errors(bad):
    with pytest.raises(CodeError):
        decode_number(bad)


def test_vectors_file_codes():
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    for v in vectors["deals"]:
        assert parse_code(v["code"]).number == v["number"]
        assert format_code("C", v["number"]) == v["code"]
    for v in vectors["codes"]["valid"]:
        code = parse_code(v["text"])
        assert (code.letter, code.number) == (v["letter"], v["number"])
        assert str(code) == v["canonical"]
    for text in vectors["codes"]["invalid"]:
        with pytest.raises(CodeError):
            parse_code(text)


@pytest.mark.parametrize("text, message", [
    ("GO1-T-AAAAAAB", "that is a game code: a course code starts with GR1"),
    ("GR1-T-AAAAAAA", "names deal 0"),
    ("GR1-TT-AAAAAAB", "expected one letter A-Z"),
    ("GR1-T-AAAA", "4 characters"),
    ("GR1-T-ZZZZZZZ", "past the last deal"),
    ("", "is empty"),
    (7, "must be text"),
])
def test_course_codes_are_refused_like_game_codes_naming_what_is_wrong(text, message):
    from golfcore.web.courses import parse_course

    with pytest.raises(CodeError, match=re.escape(message)):
        parse_course(text)
    assert str(parse_course(" gr1-t-aaaaaab ")) == "GR1-T-AAAAAAB"
