"""The typed observations of both games (golfcore.solitaire.observation.SolitaireObservation,
golfcore.cardgame.observation.CardObservation) against their JSON Schemas in docs/schemas/:
every observation of real random games of every built-in variant is valid, reads back to the
same value, and the schemas refuse what an observation must never hold (the stock's order)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from golfcore import Game, Match
from golfcore.cardgame.observation import CardObservation
from golfcore.errors import GolfError
from golfcore.framework.interface import start
from golfcore.framework.registry import registry
from golfcore.solitaire.observation import SolitaireObservation

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"


def validator(name: str) -> jsonschema.protocols.Validator:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


SOLITAIRE = validator("solitaire-observation.json")
CARD = validator("card-observation.json")


def play(game, rng, every, sample=1, steps=10**6):
    """Random legal play to the end (or ``steps`` actions), calling ``every(game)`` before
    every ``sample``-th action and at the end."""
    for step in range(steps):
        if step % sample == 0 or game.is_over:
            every(game)
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        game.act(seat, rng.choice(game.legal(seat)))
    every(game)


def check_solitaire(game):
    seen = game.observation(0)
    data = seen.to_json()
    SOLITAIRE.validate(data)
    SOLITAIRE.validate({**data, "code": game.code, "deal": game.deal})   # golf serve's state
    assert SolitaireObservation.from_json(data) == seen
    assert data["position"]["stock"] is None
    assert data["position"]["stock_count"] == len(game.position.stock)
    summary = game.summary()
    assert {k: v for k, v in summary.items() if k not in ("code", "deal", "position")} \
        == {k: v for k, v in data.items() if k != "position"}


def check_card_game(match):
    for seat in [None, *range(match.players)]:
        seen = match.observation(seat)
        data = seen.to_json()
        CARD.validate(data)
        assert CardObservation.from_json(data) == seen
        assert data == match.observation(seat).to_json()


def test_solitaire_observations_are_valid():
    """A sample (jsonschema is slow): every fifth step of one deal, to its end."""
    play(Game.start("app-clasico", seed=2), random.Random(2), check_solitaire, 5)


def test_card_game_observations_are_valid():
    """A sample: every fifteenth step of a three-seat match's first rounds."""
    play(Match.start("six-card", seed=7, players=3), random.Random(7), check_card_game, 15, 150)


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v.name for v in registry("solitaire")])
def test_every_solitaire_observation_is_valid(variant):
    for seed in (1, 2):
        play(Game.start(variant, seed=seed), random.Random(seed), check_solitaire)


@pytest.mark.slow
@pytest.mark.parametrize("variant,players", [(v.name, n) for v in registry("card-game")
                                             for n in (2, 4)])
def test_every_card_game_observation_is_valid(variant, players):
    # the first rounds, every fourth step (jsonschema is slow): a few hundred observations
    play(Match.start(variant, seed=7, players=players), random.Random(7), check_card_game, 4,
         300)


def test_the_schemas_refuse_what_an_observation_never_holds():
    data = Game("app-clasico", deal=1).observation().to_json()
    leaked = {**data, "position": {**data["position"], "stock": ["8H", "2C"]}}
    with pytest.raises(jsonschema.ValidationError):
        SOLITAIRE.validate(leaked)
    seen = Match("card-golf", players=2, seed=1).observation(0).to_json()
    with pytest.raises(jsonschema.ValidationError):
        CARD.validate({**seen, "stock": ["4D"]})
    with pytest.raises(jsonschema.ValidationError):
        CARD.validate({**seen, "boards": [["XX"] * 9, [None] * 9]})


@pytest.mark.parametrize("change,says", [
    (lambda d: {**d, "stock": 3}, "'stock' is 3, but its position says 16"),
    (lambda d: {**d, "status": "maybe"}, "'status' must be playing, won or lost"),
    (lambda d: {**d, "position": {**d["position"], "stock": ["8H"]}}, "stock: null"),
    (lambda d: {**d, "extra": 1}, "unknown field(s) 'extra'"),
])
def test_a_solitaire_observation_is_read_with_every_check(change, says):
    data = Game("app-clasico", deal=1).observation().to_json()
    with pytest.raises(GolfError, match=says.replace("(", r"\(").replace(")", r"\)")):
        SolitaireObservation.from_json(change(data))


@pytest.mark.parametrize("change,says", [
    (lambda d: {**d, "boards": d["boards"][:1]}, "must list 2 boards of 9 places"),
    (lambda d: {**d, "discard": "ZZ"}, "observation:"),
    (lambda d: {**d, "seat": 7}, "'seat' must be a whole number from 0 to 1"),
    (lambda d: {k: v for k, v in d.items() if k != "legal"}, "missing field(s) 'legal'"),
])
def test_a_card_observation_is_read_with_every_check(change, says):
    data = Match("card-golf", players=2, seed=1).observation(0).to_json()
    with pytest.raises(GolfError, match=says.replace("(", r"\(").replace(")", r"\)")):
        CardObservation.from_json(change(data))


def test_an_interface_game_of_each_kind_is_observed_alike():
    for game in (start("cards4", seed=5), start("card-golf+shape=2x3", seed=5, players=3)):
        seen = game.observation(game.to_act()[0])
        assert seen.seat == game.to_act()[0] and seen.legal
        assert json.loads(json.dumps(seen.to_json())) == seen.to_json()


def test_golf_serve_sends_exactly_the_typed_observations():
    """What ``golf serve`` (and so ``golf web``) sends of a game is its observation's
    ``to_json()``: the card game's ``observation`` per seat and for the spectator, the
    solitaire's ``state`` (with the code and deal beside it), after actions too."""
    from golfcore.protocol.server import Session

    session = Session()
    assert session.handle({"cmd": "new", "game": "card-game", "variant": "six-card",
                           "players": 3, "seed": 4})["ok"]
    match = Match("six-card", players=3, seed=4)
    for action in ("reveal 1", "reveal 2"):
        reply = session.handle({"cmd": "act", "seat": match.turn, "action": action})
        assert match.act(match.turn, action).accepted
        assert reply["observation"] == match.observation(reply["observation"]["seat"]).to_json()
    for seat in (None, 0, 1, 2):
        reply = session.handle({"cmd": "observe", "seat": seat})
        assert reply["observation"] == match.observation(seat).to_json()
        CARD.validate(reply["observation"])
    assert session.handle({"cmd": "new", "code": "GO1-C-AAAAAAB"})["ok"]
    game = Game.from_code("GO1-C-AAAAAAB")
    for request, action in (({"cmd": "draw"}, "draw"), ({"cmd": "state"}, None)):
        reply = session.handle(request)
        if action is not None:
            assert game.act(0, action).accepted
        assert reply["state"] == {**game.observation().to_json(), "code": game.code,
                                  "deal": game.deal}
        SOLITAIRE.validate(reply["state"])


def test_an_observation_after_a_redeal_follows_the_schema():
    """A variant with passes through the stock: ``passes`` appears once a redeal is made."""
    from golfcore.solitaire.position import Position

    stuck = Position.build([["KS", "5H"], ["2D"]], stock=[], waste=["3C", "JH", "9D"])
    game = Game("cards4+redeals=1", position=stuck)
    SOLITAIRE.validate(game.observation().to_json())
    game.redeal()
    seen = game.observation().to_json()
    assert seen["position"]["passes"] == 1
    SOLITAIRE.validate(seen)
    with pytest.raises(jsonschema.ValidationError):
        SOLITAIRE.validate({**seen, "position": {**seen["position"], "passes": 0}})
