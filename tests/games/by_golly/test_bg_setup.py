"""Components and setup: the cards, the chicken run, the deal for 2 to 6 players."""

from __future__ import annotations

from collections import Counter

import pytest

from gamenight.engine import IllegalAction, OptionError
from gamenight.games import get_game
from gamenight.games.by_golly.actions import ALL_ACTIONS, parse_action
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    ANIMALS,
    COPIES,
    FACE_NAMES,
    POO,
    RUN_FACE,
    SHOVEL,
    kind_of_card,
)
from gamenight.games.by_golly.rules import GAME, dealt_cards


def dealt(players: int, seed: int = 0) -> object:
    state = GAME.new(players, seed=seed)
    state.draw_chance()
    return state


def test_45_animal_cards_15_kinds_three_of_each() -> None:
    assert ANIMAL_CARDS == 45 and len(ANIMALS) == 15 and COPIES == 3
    assert Counter(kind_of_card(c) for c in range(ANIMAL_CARDS)) == dict.fromkeys(range(15), 3)


def test_the_published_animals_are_among_them() -> None:
    for name in ("hen", "rooster", "worm", "hedgehog", "fox", "marten", "hare", "goose"):
        assert name in ANIMALS
    assert len(set(ANIMALS)) == 15


def test_19_chicken_run_cards_each_animal_once_two_poo_two_shovels() -> None:
    assert len(RUN_FACE) == 19
    counts = Counter(RUN_FACE)
    assert counts[POO] == 2 and counts[SHOVEL] == 2
    assert all(counts[k] == 1 for k in range(15))
    assert FACE_NAMES[POO] == "poo" and FACE_NAMES[SHOVEL] == "shovel"


@pytest.mark.parametrize(("players", "each"), [(2, 15), (3, 15), (4, 11), (5, 9), (6, 7)])
def test_deal_the_animal_cards_out_equally_rest_to_the_box(players: int, each: int) -> None:
    assert dealt_cards(players) == each
    state = dealt(players, seed=players)
    for seat in range(players):
        # Each picks up the first five cards of his stack.
        assert state.hand_sizes[seat] == 5 == sum(state.hands[seat])  # type: ignore[attr-defined]
        assert len(state.stacks[seat]) == each - 5  # type: ignore[attr-defined]
    assert len(state.box) == 45 - each * players  # type: ignore[attr-defined]
    assert state.animal_counts() == [3] * 15  # type: ignore[attr-defined]


def test_the_deal_and_the_run_are_shuffled_by_the_seed() -> None:
    a, b, c = GAME.new(4, seed=9), GAME.new(4, seed=9), GAME.new(4, seed=10)
    assert a.sample_chance() == b.sample_chance() != c.sample_chance()
    a = GAME.new(4, seed=9)
    a.draw_chance()
    assert sorted(a.run) == sorted(RUN_FACE) and a.run != list(RUN_FACE)


def test_a_deal_must_be_an_order_of_every_card() -> None:
    state = GAME.new(3, seed=1)
    with pytest.raises(IllegalAction, match="a deal is an order"):
        state.apply_chance({"run": list(range(18)), "deck": list(range(45))})
    with pytest.raises(IllegalAction):
        state.apply_chance([1, 2, 3])
    assert state.history == [] and state.phase == "deal"


def test_the_chicken_run_lies_face_down_at_19_places() -> None:
    state = dealt(4)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)  # type: ignore[attr-defined]
        assert view["run"] == [None] * 19


def test_the_players_choose_a_starting_player_seat_0() -> None:
    state = dealt(5)
    assert state.acting().seats == (0,)  # type: ignore[attr-defined]


def test_2_to_6_players() -> None:
    for players in (1, 7):
        with pytest.raises(OptionError):
            GAME.new(players)
    assert get_game("by-golly") is GAME


def test_every_action_reads_back_from_its_text() -> None:
    assert len(ALL_ACTIONS) == 43
    for action in ALL_ACTIONS:
        assert GAME.parse_action(str(action)) == action
    for bad in ("lay dragon", "turn 19", "draw 6", "turn -1", "", "shuffle now"):
        with pytest.raises(IllegalAction):
            parse_action(bad)


def test_options_face_up_match_off_by_default_and_a_safety_cap() -> None:
    state = GAME.new(3)
    assert state.options == {"face_up_match": False, "last_card": "wins", "max_turns": 5000}
    assert GAME.new(3, face_up_match="true").options["face_up_match"] is True
    with pytest.raises(OptionError):
        GAME.new(3, max_turns=0)


def test_rules_text_is_the_rules_page() -> None:
    assert GAME.rules_text().startswith("# By Golly!")


def test_the_rules_page_names_only_tests_and_code_that_exist() -> None:
    import re
    from pathlib import Path

    from gamenight.games.by_golly import actions, cards, rules

    text = GAME.rules_text()
    here = Path(__file__).parent
    for module, name in re.findall(r"`(\w+)::(test_\w+)", text):
        source = (here / f"test_bg_{module}.py").read_text()
        assert f"def {name}(" in source or name == "test_x", f"{module}::{name}"  # x: the key
    state = GAME.new(2)
    found = {"rules": lambda n: hasattr(rules, n) or hasattr(state, n),
             "cards": lambda n: hasattr(cards, n), "actions": lambda n: hasattr(actions, n)}
    names = [(m, n) for m, n in re.findall(r"`(rules|cards|actions):(\w+)", text)
             if n != "NAME"]  # NAME: the key to the references
    assert len(names) > 40
    for module, name in names:
        assert found[module](name), f"{module}:{name}"
