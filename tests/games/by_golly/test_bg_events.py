"""Events: what each step of a turn tells the table, and what each seat is given of it."""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.games.by_golly.actions import DRAWS, END, KEEP, LAYS, SHUFFLE, TURNS
from gamenight.games.by_golly.events import (
    Dealt,
    Drew,
    FaceUpMatch,
    GameOver,
    Kept,
    Laid,
    Refilled,
    Shuffled,
    TurnedOver,
    TurnEnded,
)
from gamenight.games.by_golly.rules import GAME
from tests.games.by_golly.bg_table import (
    POO_1,
    POO_2,
    SHOVEL_1,
    draw,
    end,
    k,
    lay,
    place_of,
    table,
    turn,
)


def texts(events: list[Event], seat: int | None = None) -> list[str]:
    lines = []
    for event in events:
        form = event.seen_by(seat)
        if form is not None and form.text():
            lines.append(form.text())
    return lines


def test_the_deal_shows_each_player_only_the_five_cards_he_picks_up() -> None:
    state = GAME.new(3, seed=7)
    (dealt,) = state.apply_chance(state.sample_chance())
    assert isinstance(dealt, Dealt) and (dealt.each, dealt.box) == (15, 0)
    for seat in range(3):
        mine = dealt.seen_by(seat)
        assert list(mine.hands[seat] or ()) == state.view(seat)["hand"]
        assert all(hand is None for other, hand in enumerate(mine.hands) if other != seat)
    assert dealt.seen_by(None).hands == (None, None, None)
    assert texts([dealt]) == ["The chicken run is laid out face down; 15 animal cards each."]


def test_a_match_is_told_and_he_goes_on() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    assert state.apply(0, LAYS[k("hen")]) == [Laid(0, "hen")]
    events = state.apply(0, TURNS[place_of("hen")])
    assert events == [TurnedOver(0, place_of("hen"), "hen", "hen", "match")]
    assert texts(events) == ["Seat 0 lays a hen and finds it at a: a match."]


def test_no_match_then_the_cards_go_face_down_and_he_refills() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig", "duck", "cat"], ["cat"]])
    lay(state, "hen")
    events = state.apply(0, TURNS[place_of("goose")])
    assert events == [TurnedOver(0, place_of("goose"), "goose", "hen", "no-match")]
    assert texts(events) == ["Seat 0 lays a hen and turns over a goose at h: no match."]
    events = state.apply(0, END)
    # Two cards back face down, then the top three of his stack (cat on top) to his hand.
    assert events == [TurnEnded(0, (place_of("goose"),), 1),
                      Refilled(0, 3, ("duck", "cat", "pig"))]
    assert texts(events, 0) == ["Seat 0 draws 3 cards from his stack (duck, cat, pig)."]
    assert texts(events, 1) == texts(events) == ["Seat 0 draws 3 cards from his stack."]


def test_the_three_results_after_the_poo() -> None:
    lucky = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]])
    lay(lucky, "hen")
    assert texts(lucky.apply(0, TURNS[POO_1])) == [
        "Seat 0 lays a hen and turns over chicken poo at p!"]
    events = lucky.apply(0, TURNS[SHOVEL_1])
    assert events == [TurnedOver(0, SHOVEL_1, "shovel", "hen", "still-lucky", 0)]
    assert texts(events) == ["Seat 0 turns over a shovel at s: still lucky, no mess."]

    unlucky = table(2, [["hen"], ["owl", "fox"]], [["pig"], ["cat"]])
    lay(unlucky, "hen")
    turn(unlucky, POO_1)
    events = unlucky.apply(0, TURNS[place_of("goose")])
    assert events == [TurnedOver(0, place_of("goose"), "goose", "hen", "a-bit-unlucky", 2)]
    assert texts(events) == ["Seat 0 turns over a goose at h: a bit unlucky, he must draw 2 cards."]

    really = table(2, [["hen"], ["owl", "fox"]], [["pig"], ["cat"]])
    lay(really, "hen")
    turn(really, POO_1)
    (event,) = really.apply(0, TURNS[POO_2])
    assert event == TurnedOver(0, POO_2, "poo", "hen", "really-unlucky", 4)
    assert event.text() == \
        "Seat 0 turns over chicken poo at r: really unlucky, he must draw 4 cards."


def test_a_card_drawn_from_a_hand_is_named_to_the_drawer_and_the_loser_only() -> None:
    state = table(3, [["hen"], ["owl", "owl"], ["fox"]], [["pig"], ["cat"], ["cat"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    assert state.apply(0, DRAWS[1]) == []  # which card is chance
    (drew,) = state.apply_chance("owl")
    assert drew == Drew(0, 1, "hand", "owl")
    assert drew.seen_by(0) == drew.seen_by(1) == drew
    assert drew.seen_by(2) == drew.seen_by(None) == Drew(0, 1, "hand", None)
    assert texts([drew], 1) == ["Seat 0 draws an owl from seat 1's hand."]
    assert texts([drew], 2) == ["Seat 0 draws a card from seat 1's hand."]


def test_the_top_card_of_a_stack_is_named_to_the_drawer_only() -> None:
    state = table(2, [["hen"], []], [["pig"], ["cat", "duck"]], current=0)
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    (drew,) = state.apply(0, DRAWS[1])
    assert drew == Drew(0, 1, "stack", "duck")  # his hand is empty: the top of his stack
    assert drew.seen_by(1) == drew.seen_by(None) == Drew(0, 1, "stack", None)
    assert texts([drew], 0) == ["Seat 0 draws the top card of seat 1's stack: a duck."]
    assert texts([drew], 1) == ["Seat 0 draws the top card of seat 1's stack."]


def test_a_shuffle_tells_which_places_were_mixed_never_how() -> None:
    state = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, SHOVEL_1)
    assert state.apply(0, SHUFFLE) == [Shuffled(0, (POO_1, SHOVEL_1))]
    events = state.apply_chance([SHOVEL_1, POO_1])
    # The turn ends (and he refills) as ever: nothing tells the new order.
    assert events == [TurnEnded(0, (POO_1, SHOVEL_1), 1), Refilled(0, 1, ("pig",))]

    kept = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]])
    lay(kept, "hen")
    turn(kept, POO_1)
    turn(kept, SHOVEL_1)
    assert state.narration()[-2] == "Seat 0 shuffles the 2 cards he turned over at p and s."
    assert kept.apply(0, KEEP)[0] == Kept(0)
    assert kept.narration()[-2:] == ["Seat 0 leaves the cards where they lie.",
                                     "Seat 0 draws a card from his stack."]


def test_the_game_over_says_why() -> None:
    last = table(2, [["hen"], ["owl"]], [[], ["cat"]])
    lay(last, "hen")
    events = last.apply(0, TURNS[place_of("hen")])
    assert events[-1] == GameOver(0, "last-card")
    assert events[-1].text() == "Seat 0 discards his last animal card: seat 0 wins!"
    outcome = last.outcome()
    assert outcome is not None and outcome.reason == "last-card"

    drawn = table(2, [["hen"], ["owl"]], [["pig"], []])
    lay(drawn, "hen")
    turn(drawn, POO_1)
    turn(drawn, place_of("goose"))
    draw(drawn, 1, "owl")
    assert drawn.events[-1] == GameOver(1, "last-card-drawn")
    assert drawn.narration()[-1] == "Seat 1 has no cards left after the mess: seat 1 wins!"
    outcome = drawn.outcome()
    assert outcome is not None and outcome.reason == "last-card-drawn"

    capped = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]], max_turns=1)
    lay(capped, "hen")
    turn(capped, place_of("goose"))
    end(capped)
    assert capped.events[-1] == GameOver(None, "cap")
    outcome = capped.outcome()
    assert outcome is not None and outcome.truncated and outcome.reason == "cap"


def test_option_face_up_match_tells_the_card_goes_out() -> None:
    state = table(2, [["hen", "hen"], ["owl"]], [["pig"], ["cat"]], face_up_match=True)
    lay(state, "hen")
    turn(state, place_of("hen"))
    assert state.apply(0, LAYS[k("hen")]) == [Laid(0, "hen"), FaceUpMatch(0, "hen")]
    assert state.narration()[-1] == \
        "Seat 0 lays a hen: it already lies face up, so the card goes out."


def test_the_narration_is_the_events_lines() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    lay(state, "fox")
    turn(state, place_of("goose"))
    end(state)
    assert state.narration(1) == [
        "The chicken run is laid out face down; 15 animal cards each.",
        "Seat 0 lays a hen and finds it at a: a match.",
        "Seat 0 lays a fox and turns over a goose at h: no match.",
        "Seat 0 draws a card from his stack.",
    ]
    assert state.narration(0)[-1] == "Seat 0 draws a card from his stack (pig)."


def test_every_card_turned_over_is_told_with_the_letter_of_its_place() -> None:
    # The letters are those the terminal shows on the cards: a to t, without q.
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "fox")
    turn(state, 16)  # the 17th place, r (q is skipped): chicken poo
    turn(state, 18)
    assert state.narration()[-2:] == ["Seat 0 lays a fox and turns over chicken poo at r!",
                                      "Seat 0 turns over a shovel at t: still lucky, no mess."]


def test_told_to_the_person_at_a_seat_the_lines_say_you() -> None:
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    lay(state, "fox")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    draw(state, 1, "owl")
    draw(state, 1, "cat")
    state.apply(0, SHUFFLE)
    state.draw_chance()
    told = [e.seen_by(0).told_to(0) for e in state.events if e.seen_by(0).text()]
    assert told[1:] == [
        "You lay a hen and find it at a: a match.",
        "You lay a fox and turn over chicken poo at p!",
        "You turn over a goose at h: a bit unlucky, you must draw 2 cards.",
        "You draw an owl from seat 1's hand.",
        "You draw a cat from seat 1's hand.",
        "You shuffle the 3 cards you turned over at a, h and p.",
        "You draw a card from your stack (pig).",
    ]
    # Seat 1 reads of its own hand as "your"; the record's lines stay the same for all.
    (owl,) = [e for e in state.events if isinstance(e, Drew) and e.animal == "owl"]
    assert owl.seen_by(1).told_to(1) == "Seat 0 draws an owl from your hand."
    assert state.narration(1)[-3] == "Seat 0 draws a cat from seat 1's hand."


def test_the_end_told_to_the_winner_and_to_the_others() -> None:
    last = table(2, [["hen"], ["owl"]], [[], ["cat"]])
    lay(last, "hen")
    over = last.apply(0, TURNS[place_of("hen")])[-1]
    assert over.told_to(0) == "You discard your last animal card: you win!"
    assert over.told_to(1) == over.text() == "Seat 0 discards his last animal card: seat 0 wins!"
    refilled = Refilled(1, 2, ("hen", "fox"))
    assert refilled.told_to(1) == "You draw 2 cards from your stack (hen, fox)."
