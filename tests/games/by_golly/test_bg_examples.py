"""The rulebook's situations, set up from the positions in ``by_golly/examples/`` (the
browser's tutorial opens them), and what the rulebook says happens next."""

from __future__ import annotations

import json
from importlib.resources import files

from gamenight.games.by_golly import GAME, ByGollyState
from gamenight.games.by_golly.actions import DRAWS, END, KEEP, SHUFFLE, TURNS, parse_action
from gamenight.games.by_golly.events import Refilled, TurnedOver, TurnEnded

EXAMPLES = files("gamenight.games.by_golly") / "examples"


def example(name: str) -> ByGollyState:
    with (EXAMPLES / f"{name}.json").open() as file:
        state = GAME.from_position(json.load(file))
    assert isinstance(state, ByGollyState)
    return state


def place_of(state: ByGollyState, face: str) -> int:
    """Where a face lies in the example's run (the first, for poo and shovel)."""
    return list(state.position()["state"]["run"]).index(face)


def face_up(state: ByGollyState, seat: int | None = None) -> dict[int, str]:
    return {p: name for p, name in enumerate(state.view(seat)["run"]) if name is not None}


def test_every_example_is_listed_in_the_rules_and_tested_here() -> None:
    names = sorted(entry.name for entry in EXAMPLES.iterdir() if entry.name.endswith(".json"))
    assert names == ["chicken-poo.json", "deal-four-players.json", "end-of-turn.json",
                     "game-play.json", "last-card.json"]
    for name in names:
        assert f"`{name}`" in GAME.rules_text()


def test_deal_four_players_each_has_eleven_cards_five_in_hand_one_in_the_box() -> None:
    state = example("deal-four-players")
    # "With 4 players, each gets 11 cards" and "each picks up the first five cards";
    # "Return any left-over cards to the box."
    view = state.view(None)
    assert view["hands"] == [5] * 4 and view["stacks"] == [6] * 4 and view["box"] == 1
    assert view["run"] == [None] * 19  # the chicken run lies face down
    assert state.current == 0 and state.legal_actions(0)  # seat 0 lays first


def test_game_play_no_match_he_takes_his_card_back_and_the_next_player_goes_on() -> None:
    state = example("game-play")
    state.apply_text(0, "lay hen")
    fox = place_of(state, "fox")
    (turned,) = state.apply(0, TURNS[fox])
    assert turned == TurnedOver(0, fox, "fox", "hen", "no-match")
    # "he must take the animal card back into his hand and turn the chicken run card back
    # face down. The next player now takes his turn."
    assert state.view(0)["hand"] == ["hen", "hen", "fox", "owl", "pig"]
    assert face_up(state, 1) == {fox: "fox"}  # shown to all until he turns it back
    state.apply(0, END)
    assert face_up(state) == {} and state.current == 1 and state.phase == "lay"


def test_game_play_a_match_goes_out_the_card_stays_face_up_and_he_goes_on() -> None:
    state = example("game-play")
    out = state.view(None)["discarded"]
    state.apply_text(0, "lay hen")
    hen = place_of(state, "hen")
    (turned,) = state.apply(0, TURNS[hen])
    assert turned.result == "match"  # type: ignore[attr-defined]
    # "he places his matching animal card to one side and continues with his turn. The
    # chicken run card that he turned over remains face-up."
    assert state.view(None)["discarded"] == out + 1
    assert face_up(state, 1) == {hen: "hen"}
    assert state.current == 0 and state.phase == "lay"
    state.apply_text(0, "lay fox")
    fox = place_of(state, "fox")
    state.apply(0, TURNS[fox])
    assert face_up(state) == {hen: "hen", fox: "fox"}


def test_chicken_poo_then_a_shovel_still_lucky() -> None:
    state = example("chicken-poo")
    assert state.legal_actions(0)[0] == TURNS[0]  # he must turn over a second card at once
    shovel = place_of(state, "shovel")
    (turned,) = state.apply(0, TURNS[shovel])
    assert turned.result == "still-lucky"  # type: ignore[attr-defined]
    # "he picks up the animal card that he played, and his turn is over" (he may shuffle).
    assert "hen" in state.view(0)["hand"] and state.view(None)["laid"] is None
    assert state.legal_actions(0) == [SHUFFLE, KEEP]
    state.apply(0, KEEP)
    assert state.current == 1


def test_chicken_poo_then_an_animal_a_bit_unlucky_he_draws_two() -> None:
    state = example("chicken-poo")
    owl = place_of(state, "owl")
    (turned,) = state.apply(0, TURNS[owl])
    assert turned.result == "a-bit-unlucky" and turned.draws == 2  # type: ignore[attr-defined]
    # "he must draw a total of two cards from a player or players of his choice and place
    # the animal cards in his own hand. He also takes back the animal card he played".
    for card in ("worm", "goose"):
        state.apply(0, DRAWS[1])
        state.apply_chance(card)
    assert state.view(0)["hand"] == ["hen", "worm", "fox", "goose", "owl", "pig", "pig"]
    assert state.view(None)["hands"] == [7, 3]
    # "in all three cases ... may shuffle any chicken run cards that he turned over".
    state.apply(0, SHUFFLE)
    assert state.view(None)["shuffling"]
    state.apply_chance([owl, place_of(state, "poo")])
    assert state.current == 1 and face_up(state) == {}


def test_chicken_poo_then_the_second_poo_really_unlucky_he_draws_four_and_ends_with_more_than_five(
) -> None:
    state = example("chicken-poo")
    second_poo = [p for p, name in enumerate(state.position()["state"]["run"])
                  if name == "poo"][1]
    (turned,) = state.apply(0, TURNS[second_poo])
    assert turned.result == "really-unlucky" and turned.draws == 4  # type: ignore[attr-defined]
    for _ in range(4):
        state.apply(0, parse_action("draw 1"))
        state.draw_chance()
    state.apply(0, KEEP)
    # "It is possible that a player may finish his turn with more than 5 cards in his hand
    # as a result of landing in the mess."
    assert state.view(None)["hands"] == [9, 1] and state.current == 1


def test_end_of_turn_the_cards_go_face_down_and_he_refills_to_five() -> None:
    state = example("end-of-turn")
    assert face_up(state, 1) == {1: "hen", 7: "cat"}  # a match, then no match
    events = state.apply(0, END)
    # "they are all turned back face down and the player draws sufficient cards from the
    # stack in front of himself to take his hand back up to 5 cards".
    assert events == [TurnEnded(0, (1, 7), 7), Refilled(0, 2, ("chick", "owl"))]
    assert face_up(state) == {} and state.view(None)["hands"][0] == 5
    assert state.view(None)["stacks"][0] == 2 and state.current == 1


def test_last_card_discarded_wins_the_game() -> None:
    state = example("last-card")
    state.apply_text(0, "lay hen")
    state.apply(0, TURNS[place_of(state, "hen")])
    # "The game ends as soon as a player discards his last animal cards. That player is
    # the winner."
    outcome = state.outcome()
    assert state.is_over and outcome is not None
    assert outcome.winners == (0,) and outcome.reason == "last-card"
    assert state.narration()[-1] == "Seat 0 discards his last animal card: seat 0 wins!"
