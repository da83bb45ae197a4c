"""What a user sees when golfcore reads and writes cards: golfcore.notation."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from unicode_text import any_text

from golfcore.cards import JOKER, Card, deck
from golfcore.errors import CardError, GolfError
from golfcore.notation import STYLES, format_card, parse_card, parse_cards

ALL_CARDS = deck(1)  # 52 cards and a joker

SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {"ACE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7,
              "EIGHT": 8, "NINE": 9, "TEN": 10, "JACK": 11, "QUEEN": 12, "KING": 13}


def c(text: str) -> Card:
    """A card from its canonical form, built without the parser under test."""
    return Card("A23456789TJQK".index(text[0]) + 1, text[1])


# --- short forms -----------------------------------------------------------------------------

@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_canonical_form_of_every_card(card):
    assert parse_card(str(card)) == card


@pytest.mark.parametrize("text, expected", [
    ("AS", "AS"), ("TS", "TS"), ("10S", "TS"), ("KH", "KH"), ("qd", "QD"), ("Qd", "QD"),
    ("RC", "KC"), ("rc", "KC"), ("2c", "2C"), ("9H", "9H"), ("jh", "JH"), ("t♦", "TD"),
    ("A♣", "AC"), ("10♠", "TS"), ("R♣", "KC"), ("Q♥", "QH"), ("J♦", "JD"), ("a♣", "AC"),
    ("A♧", "AC"), ("K♢", "KD"), ("5♡", "5H"), ("10♤", "TS"), ("r♤", "KS"),
    ("Q♥\ufe0f", "QH"),  # emoji presentation, as phones send it
])
def test_short_forms(text, expected):
    assert parse_card(text) == c(expected)


@pytest.mark.parametrize("text, expected", [
    (" AS", "AS"), ("AS ", "AS"), ("\tas\n", "AS"), ("  10♠  ", "TS"), ("\u00a0KH\u3000", "KH"),
])
def test_surrounding_whitespace_is_ignored(text, expected):
    assert parse_card(text) == c(expected)


# --- Unicode playing-card characters -----------------------------------------------------------

PLAYING_CARDS = [chr(cp) for cp in range(0x1F0A1, 0x1F0DF)
                 if unicodedata.name(chr(cp), "").startswith("PLAYING CARD ")
                 and " OF " in unicodedata.name(chr(cp))
                 and "KNIGHT" not in unicodedata.name(chr(cp))]


def test_there_are_52_playing_card_characters():
    assert len(PLAYING_CARDS) == 52


@pytest.mark.parametrize("char", PLAYING_CARDS, ids=lambda ch: unicodedata.name(ch))
def test_playing_card_characters(char):
    # "PLAYING CARD QUEEN OF HEARTS" -> queen of hearts
    rank_word, suit_word = unicodedata.name(char).removeprefix("PLAYING CARD ").split(" OF ")
    expected = Card(RANK_WORDS[rank_word], {v.upper(): k for k, v in SUIT_WORDS.items()}[suit_word])
    assert parse_card(char) == expected


@pytest.mark.parametrize("char, expected", [
    ("\U0001F0A1", "AS"), ("\U0001F0AA", "TS"), ("\U0001F0AB", "JS"), ("\U0001F0AD", "QS"),
    ("\U0001F0AE", "KS"), ("\U0001F0B1", "AH"), ("\U0001F0C1", "AD"), ("\U0001F0DE", "KC"),
])
def test_playing_card_characters_examples(char, expected):
    assert parse_card(char) == c(expected)


@pytest.mark.parametrize("char", ["\U0001F0AC", "\U0001F0BC", "\U0001F0CC", "\U0001F0DC",
                                  "\U0001F0A0"], ids=lambda ch: unicodedata.name(ch))
def test_knights_and_card_back_are_not_cards(char):
    with pytest.raises(CardError) as info:
        parse_card(char)
    assert repr(char) in str(info.value)


# --- Spanish names -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("6 de tréboles", "6C"), ("reina de picas", "QS"), ("jota de corazones", "JH"),
    ("rey de diamantes", "KD"), ("as de corazones", "AH"), ("10 de picas", "TS"),
    ("dama de picas", "QS"), ("diez de picas", "TS"), ("2 de trébol", "2C"),
    ("dos de treboles", "2C"), ("tres de trebol", "3C"), ("cuatro de pica", "4S"),
    ("cinco de corazón", "5H"), ("seis de corazon", "6H"), ("siete de diamante", "7D"),
    ("ocho de diamantes", "8D"), ("nueve de picas", "9S"),
])
def test_spanish_names(text, expected):
    assert parse_card(text) == c(expected)


@pytest.mark.parametrize("text", [
    "REINA DE PICAS", "Reina de Picas", "rEiNa De PiCaS", "  reina   de\tpicas ",
    "reina  de  picas",
])
def test_spanish_names_ignore_case_and_spacing(text):
    assert parse_card(text) == c("QS")


def test_extra_internal_whitespace_is_folded():
    assert parse_card("6  de  tréboles") == c("6C")
    assert parse_card("\t6 de\n tréboles  ") == c("6C")


def test_accents_are_normalised():
    decomposed = "6 de tre\u0301boles"  # e + combining acute accent
    assert decomposed != "6 de tréboles"
    assert parse_card(decomposed) == c("6C")
    assert parse_card("CINCO DE CORAZO\u0301N") == c("5H")
    assert parse_card("6 DE TRÉBOLES") == c("6C")


# --- English names -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("ace of spades", "AS"), ("10 of hearts", "TH"), ("ten of hearts", "TH"),
    ("two of clubs", "2C"), ("three of club", "3C"), ("four of diamonds", "4D"),
    ("five of diamond", "5D"), ("six of clubs", "6C"), ("seven of heart", "7H"),
    ("eight of spade", "8S"), ("nine of spades", "9S"), ("jack of hearts", "JH"),
    ("queen of spades", "QS"), ("king of diamonds", "KD"), ("2 of clubs", "2C"),
    ("Queen Of Spades", "QS"), ("ACE OF SPADES", "AS"), (" king  of   hearts ", "KH"),
])
def test_english_names(text, expected):
    assert parse_card(text) == c(expected)


# --- jokers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "JK", "jk", "Jk", "joker", "Joker", "JOKER", "comodín", "Comodín", "COMODÍN", "comodin",
    "comodi\u0301n", "🃏", "\U0001F0BF", "\U0001F0CF", "\U0001F0DF", " 🃏 ",
])
def test_jokers(text):
    assert parse_card(text) == JOKER
    assert parse_card(text).is_joker


# --- round trips -------------------------------------------------------------------------------

@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_round_trip(card, style):
    assert parse_card(format_card(card, style)) == card


@given(card=st.sampled_from(ALL_CARDS), style=st.sampled_from(list(STYLES)),
       case=st.sampled_from([str.upper, str.lower, str.title, str.swapcase]),
       left=st.sampled_from(["", " ", "\t", "  \n"]), right=st.sampled_from(["", " ", "\r\n"]))
def test_round_trip_survives_case_and_whitespace(card, style, case, left, right):
    assert parse_card(left + case(format_card(card, style)) + right) == card


@given(any_text(max_size=20))
def test_any_text_is_a_card_or_a_card_error(text):
    try:
        card = parse_card(text)
    except CardError as error:
        assert repr(text) in str(error)
    else:
        assert card in ALL_CARDS


# --- formatting --------------------------------------------------------------------------------

@pytest.mark.parametrize("card, style, expected", [
    (c("TS"), "ascii", "TS"), (c("TS"), "unicode", "10♠"), (c("TS"), "spanish", "10 de picas"),
    (c("TS"), "english", "ten of spades"), (c("6C"), "spanish", "6 de tréboles"),
    (c("QS"), "spanish", "reina de picas"), (c("AC"), "unicode", "A♣"),
    (JOKER, "ascii", "JK"), (JOKER, "unicode", "🃏"), (JOKER, "spanish", "comodín"),
    (JOKER, "english", "joker"),
])
def test_format_card(card, style, expected):
    assert format_card(card, style) == expected


def test_format_card_default_style_is_ascii():
    assert format_card(c("QD")) == "QD"
    assert format_card(JOKER) == "JK"


@pytest.mark.parametrize("style", ["ASCII", "french", "", "emoji"])
def test_format_card_unknown_style(style):
    with pytest.raises(ValueError) as info:
        format_card(c("AS"), style)
    assert repr(style) in str(info.value)
    assert "ascii" in str(info.value)


# --- errors ------------------------------------------------------------------------------------

BAD_CARDS = [
    "XS", "1S", "11H", "AX", "", "   ", "reina de copas", "queen of swords", "14 de picas",
    "A", "S", "10", "ASS", "AS KH", "♠A", "as of spades", "queen de picas",
    "reina of spades", "rey de", "de picas", "0S", "01S", "JKK", "uno de picas",
    "caballo de picas", "knight of spades", "six of clubs!", "JK♠",
]


@pytest.mark.parametrize("text", BAD_CARDS)
def test_bad_card_raises_card_error_quoting_the_text(text):
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "expected" in message


def test_card_error_is_a_golf_error_and_value_error():
    with pytest.raises(GolfError):
        parse_card("XS")
    with pytest.raises(ValueError):
        parse_card("XS")


def test_bad_card_message_in_full():
    with pytest.raises(CardError) as info:
        parse_card("XS")
    assert str(info.value) == (
        "unknown card 'XS': expected a rank (A, 2-10, T, J, Q, K or R) and a suit "
        "(C, D, H, S or ♣ ♦ ♥ ♠), or a name such as '6 de tréboles' or 'six of clubs'")


def test_bad_card_message_quotes_text_exactly_as_given():
    with pytest.raises(CardError) as info:
        parse_card("  Reina  de Copas ")
    assert "'  Reina  de Copas '" in str(info.value)


def test_bad_spanish_name_lists_spanish_suits():
    with pytest.raises(CardError) as info:
        parse_card("reina de copas")
    assert "tréboles, diamantes, corazones or picas" in str(info.value)


def test_bad_english_name_lists_english_suits():
    with pytest.raises(CardError) as info:
        parse_card("queen of swords")
    assert "clubs, diamonds, hearts or spades" in str(info.value)


def test_empty_text_says_so():
    with pytest.raises(CardError, match="empty"):
        parse_card("")
    with pytest.raises(CardError, match="empty"):
        parse_card(" \t ")


@pytest.mark.parametrize("value", [None, 5, b"AS", ["AS"], Card(1, "S")])
def test_non_str_raises_card_error(value):
    with pytest.raises(CardError, match="must be given as text"):
        parse_card(value)


def test_card_parse_uses_notation():
    assert Card.parse("reina de picas") == c("QS")
    with pytest.raises(CardError):
        Card.parse("XS")


# --- lists of cards ----------------------------------------------------------------------------

def test_parse_cards_whitespace():
    assert parse_cards("8H 2C JH 10S A♣") == (c("8H"), c("2C"), c("JH"), c("TS"), c("AC"))
    assert parse_cards("  8h\t2c\n jh  ") == (c("8H"), c("2C"), c("JH"))


def test_parse_cards_commas_allow_names_with_spaces():
    assert parse_cards("6 de tréboles, 5 de picas, reina de picas") == (c("6C"), c("5S"), c("QS"))


def test_parse_cards_semicolons_and_mixed_separators():
    assert parse_cards("as de corazones; ten of hearts;KH") == (c("AH"), c("TH"), c("KH"))
    assert parse_cards("AS, KH; 🃏") == (c("AS"), c("KH"), JOKER)


def test_parse_cards_single_card():
    assert parse_cards("QD") == (c("QD"),)
    assert parse_cards("  10♠ ") == (c("TS"),)


@pytest.mark.parametrize("text", ["", " ", "\n\t  "])
def test_parse_cards_blank_is_empty(text):
    assert parse_cards(text) == ()


def test_parse_cards_returns_a_tuple():
    assert isinstance(parse_cards("AS KH"), tuple)
    assert isinstance(parse_cards(""), tuple)


def test_parse_cards_error_names_position_and_quotes_item():
    with pytest.raises(CardError) as info:
        parse_cards("8H 2C XS JH")
    message = str(info.value)
    assert message.startswith("card 3 of 4: ")
    assert "'XS'" in message


def test_parse_cards_error_with_commas():
    with pytest.raises(CardError) as info:
        parse_cards("6 de tréboles, 5 de copas; reina de picas")
    message = str(info.value)
    assert message.startswith("card 2 of 3: ")
    assert "'5 de copas'" in message


def test_parse_cards_without_comma_splits_names_into_words():
    with pytest.raises(CardError) as info:
        parse_cards("6 de tréboles")
    assert str(info.value).startswith("card 1 of 3: ")
    assert "'6'" in str(info.value)


@pytest.mark.parametrize("text, position", [("AS,,KH", 2), ("AS, KH,", 3), (",AS", 1)])
def test_parse_cards_empty_item(text, position):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert str(info.value).startswith(f"card {position} of ")
    assert "''" in str(info.value)


@pytest.mark.parametrize("value", [None, 5, ["AS"]])
def test_parse_cards_non_str(value):
    with pytest.raises(CardError, match="must be given as text"):
        parse_cards(value)
