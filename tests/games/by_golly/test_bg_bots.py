"""The bots: memory with a recall level, perfect recall, and their strength."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from scipy.stats import binomtest

from gamenight.bots.base import Clock, bot_kinds, make_bot
from gamenight.bots.driver import BotDriver
from gamenight.bots.levels import DEFAULT_LEVEL, LEVELS
from gamenight.engine import OptionError, View
from gamenight.engine.events import Event
from gamenight.engine.seeding import derive_seed
from gamenight.games.by_golly.actions import (
    DRAWS,
    END,
    KEEP,
    LAYS,
    SHUFFLE,
    TURNS,
    ByGollyAction,
    Turn,
)
from gamenight.games.by_golly.bots import MemoryBot, PerfectBot
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.sim.runner import make_bots, play_out
from tests.games.by_golly.bg_table import POO_1, SHOVEL_1, k, lay, place_of, table, turn
from tests.games.by_golly.cautious import CautiousBot
from tests.games.by_golly.strength import Tally, play
from tests.spies import spies_on_methods


def head_to_head(first: str, second: str, games: int, tag: str) -> tuple[int, int]:
    """Two-player games, seats alternating; wins of ``first`` and of ``second``."""
    wins = [0, 0]
    for i in range(games):
        seed = derive_seed(tag, i)
        specs = [first, second] if i % 2 == 0 else [second, first]
        state = play_out(GAME.new(2, seed=seed), make_bots(GAME, specs, seed))
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        (winner,) = outcome.winners
        wins[(winner + i) % 2] += 1
    return wins[0], wins[1]


@pytest.mark.slow
@pytest.mark.parametrize(("stronger", "weaker"), [("perfect", "memory:0.5"),
                                                  ("memory:0.5", "random")])
def test_perfect_beats_forgetful_which_beats_random(stronger: str, weaker: str) -> None:
    games = 40
    wins, losses = head_to_head(stronger, weaker, games, f"bg-{stronger}-{weaker}")
    test = binomtest(wins, games, 0.5, alternative="greater")
    print(json.dumps({"stronger": stronger, "weaker": weaker, "wins": wins,
                      "losses": losses, "p": test.pvalue}))
    assert test.pvalue < 1e-6


def test_specs_name_the_recall() -> None:
    assert make_bot(GAME, "memory:0.6", 1, 0).recall == 0.6  # type: ignore[attr-defined]
    assert make_bot(GAME, "memory:recall=0.25", 1, 0).recall == 0.25  # type: ignore[attr-defined]
    assert make_bot(GAME, "memory", 1, 0).recall == MemoryBot.default_recall  # type: ignore[attr-defined]
    assert make_bot(GAME, "perfect", 1, 0).recall == 1.0  # type: ignore[attr-defined]
    for bad in ("memory:1.5", "memory:recall=x", "perfect:0.5", "memory:0.5:colour=red",
                "memory:0.5:recall=0.4", "memory:adaptive", "perfect:adaptive"):
        with pytest.raises(OptionError):
            make_bot(GAME, bad, 1, 0)


def test_a_level_sets_the_memory_bots_recall_weakest_first() -> None:
    # The level names are every game's (bots.levels); in By Golly! a level is a recall.
    assert MemoryBot.levels == LEVELS and PerfectBot.levels == ()
    recalls = [make_bot(GAME, f"memory:{level}", 1, 0).recall  # type: ignore[attr-defined]
               for level in LEVELS]
    assert recalls == sorted(recalls) and len(set(recalls)) == len(LEVELS)
    assert recalls[LEVELS.index(DEFAULT_LEVEL)] == MemoryBot.default_recall == 0.8
    assert make_bot(GAME, "memory:expert:recall=0.3", 1, 0).recall == 0.3  # type: ignore[attr-defined]
    # The perfect bot plays the same at every level.
    assert make_bot(GAME, "perfect:child", 1, 0).recall == 1.0  # type: ignore[attr-defined]
    assert GAME.default_bot == "perfect"
    assert set(bot_kinds(GAME)) == {"random", "memory", "perfect", "master"}


def test_it_remembers_what_others_turn_over_and_plays_the_card_it_knows() -> None:
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["duck"], ["pig"]])
    bot = PerfectBot(seat=1)
    table_talk = BotDriver(state, [None, bot])  # tells the bot what happens, in its form
    lay(state, "hen")
    turn(state, place_of("owl"))  # seat 0 finds seat 1's owl
    table_talk.tell()
    state.apply(0, END)
    table_talk.tell()
    assert state.view(1)["run"][place_of("owl")] is None  # face down again
    action = bot.act(state.view(1), state.legal_actions(1), Clock())
    assert action == LAYS[k("owl")]
    state.apply(1, action)
    assert bot.act(state.view(1), state.legal_actions(1), Clock()) == TURNS[place_of("owl")]


def test_a_bot_that_only_acts_sees_nothing_of_others_turns() -> None:
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["duck"], ["pig"]])
    bot = PerfectBot(seat=1)
    lay(state, "hen")
    turn(state, place_of("owl"))
    state.apply(0, END)  # the bot was not told of these steps
    # On its own turn it is shown only the present: every card face down.
    view = state.view(1)
    action = bot.act(view, state.legal_actions(1), Clock())
    assert bot.known == {} and bot.groups == []
    assert action in (LAYS[k("owl")], LAYS[k("cat")])
    # All it can believe of every place is the run's make-up: the owl is nowhere sure.
    beliefs = bot.beliefs(view["run"])
    assert all(b == beliefs[0] for b in beliefs)
    assert beliefs[place_of("owl")][k("owl")] == pytest.approx(1 / 19)


def test_recall_zero_forgets_at_the_next_turn() -> None:
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["duck"], ["pig"]])
    bot = MemoryBot(seat=1, level="0")
    table_talk = BotDriver(state, [None, bot])
    lay(state, "hen")
    turn(state, place_of("owl"))
    table_talk.tell()
    assert bot.known == {place_of("owl"): k("owl")}
    state.apply(0, END)
    table_talk.tell()
    assert bot.known == {}


def test_after_a_shuffle_it_knows_only_which_cards_are_among_which_places() -> None:
    state = table(2, [["hen"], ["owl", "cat"]], [["duck"], ["pig"]])
    bot = PerfectBot(seat=1)
    table_talk = BotDriver(state, [None, bot])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, SHOVEL_1)
    table_talk.tell()
    assert bot.known == {POO_1: k("poo"), SHOVEL_1: k("shovel")}
    state.apply(0, SHUFFLE)
    table_talk.tell()
    state.draw_chance()
    table_talk.tell()
    assert bot.known == {}
    assert [(places, sorted(faces)) for places, faces in bot.groups] == [
        ({POO_1, SHOVEL_1}, [k("poo"), k("shovel")])]
    beliefs = bot.beliefs(state.view(1)["run"])
    assert beliefs[POO_1] == {k("poo"): 0.5, k("shovel"): 0.5}


def test_it_shuffles_after_the_mess_and_draws_from_the_player_furthest_from_winning() -> None:
    state = table(3, [["hen"], ["owl"], ["cat", "pig"]], [["duck"], [], ["frog"] * 3])
    bot = PerfectBot(seat=0)
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    assert bot.act(state.view(0), state.legal_actions(0), Clock()) == DRAWS[2]
    state.apply(0, DRAWS[2])
    state.draw_chance()
    state.apply(0, DRAWS[2])
    state.draw_chance()
    assert bot.act(state.view(0), state.legal_actions(0), Clock()) == SHUFFLE
    assert KEEP in state.legal_actions(0)


def test_after_the_poo_it_turns_the_shovel_it_remembers() -> None:
    state = table(2, [["hen"], ["owl"]], [["duck"], ["pig"]], current=1)
    bot = PerfectBot(seat=0)
    table_talk = BotDriver(state, [bot, None])
    lay(state, "owl")
    turn(state, SHOVEL_1)
    state.apply(1, END)
    table_talk.tell()
    lay(state, "hen")
    turn(state, POO_1)
    assert bot.act(state.view(0), state.legal_actions(0), Clock()) == TURNS[SHOVEL_1]


@spies_on_methods
def test_the_runner_tells_memory_bots_every_event_and_builds_views_only_to_ask() -> None:
    heard: dict[int, list[Event]] = {0: [], 1: []}
    asked: list[int] = []

    class Listener(MemoryBot):
        def hear(self, events: Sequence[Event]) -> None:
            heard[self.seat].extend(events)
            super().hear(events)

        def act(self, view: View, legal: Sequence[ByGollyAction], clock: Clock
                ) -> ByGollyAction:
            asked.append(self.seat)
            return super().act(view, legal, clock)

    assert Listener.listens and not Listener.remembers
    state = GAME.new(2, seed=3)
    views = 0
    view = state.view

    def counted(seat: int | None, at_ms: float | None = None) -> View:
        nonlocal views
        views += 1
        return view(seat, at_ms)

    state.view = counted  # type: ignore[method-assign]
    play_out(state, [Listener(seat=0), Listener(seat=1, seed=1)])
    # Every event, each in the seat's form (the other's refills without the animals),
    # and a view only for each question a bot was asked: none between turns.
    for seat in (0, 1):
        assert heard[seat] == [e.seen_by(seat) for e in state.events]
    assert views == len(asked) > 0


@pytest.mark.parametrize("spec", ["perfect", "memory:0.6"])
def test_a_memory_bot_told_the_game_at_once_remembers_what_one_told_step_by_step_does(
        spec: str) -> None:
    # As a search's rollout bots and the adapters' players are told a history: what it
    # remembers depends on what happened, not on when it was told.
    for seed in range(3):
        state = GAME.new(3, seed=seed)
        bots = make_bots(GAME, [spec] * 3, seed)
        driver = BotDriver(state, bots)
        for _ in range(150):
            driver.tell()
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
            elif acting.kind == "turn":
                driver.take_turn(acting.seats[0])
        driver.tell()
        assert any(isinstance(bot, MemoryBot) and bot.known for bot in bots)
        late = make_bots(GAME, [spec] * 3, seed)
        BotDriver(state, late).tell()
        for bot, twin in zip(bots, late, strict=True):
            assert isinstance(bot, MemoryBot) and isinstance(twin, MemoryBot)
            assert (bot.known, bot.groups, bot._quiet) == (twin.known, twin.groups,
                                                          twin._quiet)


def test_a_face_it_knows_is_worth_the_match_the_mess_or_a_stop() -> None:
    # What _lay asks of worth for the faces it knows: the match of the animal laid, the
    # mess whatever the animal, a safe stop for every other face.
    from gamenight.games.by_golly.bots import DARED_STOP, SURE, Stakes
    from gamenight.games.by_golly.cards import KINDS, POO, SHOVEL

    worth_of = MemoryBot(seat=0).worth
    for dares in (False, True):
        stakes = Stakes(1.5, False, [1] * KINDS + [0, 0], dares)
        for animal in range(KINDS):
            for face in range(SHOVEL + 1):
                worth = worth_of(SURE[face], animal, stakes)
                if face == animal:
                    assert worth == worth_of(SURE[animal], animal, stakes) > 0
                elif face == POO:
                    assert worth == worth_of(SURE[POO], 0, stakes) == -1.5
                else:
                    assert worth == worth_of(SURE[SHOVEL], 0, stakes) == (
                        DARED_STOP if dares else 0.0)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_of_every_kind_play_whole_games_at_every_table_size(players: int) -> None:
    specs = ["perfect", "memory:0.7", "random", "memory:recall=0.2", "perfect", "random"]
    for seed in range(3):
        state = play_out(GAME.new(players, seed=seed, face_up_match=seed == 1),
                         make_bots(GAME, specs[:players], seed))
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated and len(outcome.winners) == 1
        assert state.animal_counts() == [3] * 15


@pytest.mark.parametrize("players", [2, 4, 6])
def test_what_a_memory_bot_remembers_is_always_true(players: int) -> None:
    # Built from what its seat was told alone, a memory (a place's face, or which faces
    # are among which shuffled places) must match the table, shuffles included;
    # forgetting only drops.
    from collections import Counter

    specs = ["perfect", "memory:0.6", "random", "perfect", "memory:0.9", "random"]
    remembered = 0
    for seed in range(4):
        state = GAME.new(players, seed=seed, face_up_match=seed == 1)
        bots = make_bots(GAME, specs[:players], seed)
        table_talk = BotDriver(state, bots)
        while not state.is_over:
            table_talk.tell()
            for bot in bots:
                if isinstance(bot, MemoryBot):
                    for place, face in bot.known.items():
                        assert state.run[place] == face
                    for places, faces in bot.groups:
                        assert Counter(state.run[p] for p in places) == Counter(faces)
                    remembered += len(bot.known)
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
                continue
            seat = acting.seats[0]
            legal = state.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else bots[seat].act(
                state.view(seat), legal, Clock())
            state.apply(seat, action)
    assert remembered > 0


def test_the_bots_mess_cost_counts_the_cards_the_rules_make_it_draw() -> None:
    from gamenight.games.by_golly.bots import _mess_cost
    from gamenight.games.by_golly.cards import POO, SHOVEL

    # An animal 2 cards, the poo 4, a shovel none (the rules' mess_draws).
    assert _mess_cost({0: 1.0}) == 2.0
    assert _mess_cost({POO: 1.0}) == 4.0
    assert _mess_cost({SHOVEL: 1.0}) == 0.0
    assert _mess_cost({0: 0.25, POO: 0.5, SHOVEL: 0.25}) == 2.5


def a_shovel_seen_by(bot: MemoryBot) -> ByGollyState:
    """Seat 0 has turned over a shovel (the bot at seat 1 saw where); seat 1 is on turn,
    holding an owl and a cat, whose places it does not know."""
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["duck"], ["pig"]])
    lay(state, "hen")
    turn(state, SHOVEL_1)
    state.apply(0, END)
    BotDriver(state, [None, bot]).tell()
    return state


def test_a_shovel_it_knows_is_kept_for_the_poo_so_it_risks_an_unknown_card() -> None:
    # A strong player: with a shovel to dig, the poo costs nothing, so a card it does
    # not know can only help (a match, or where an animal lies).
    bot = PerfectBot(seat=1)
    state = a_shovel_seen_by(bot)
    state.apply(1, bot.act(state.view(1), state.legal_actions(1), Clock()))
    action = bot.act(state.view(1), state.legal_actions(1), Clock())
    assert isinstance(action, Turn) and action.place != SHOVEL_1
    assert state.view(1)["run"][action.place] is None and action.place not in bot.known
    # The bot as it was before turned the shovel it knew, to end its turn safely.
    old = CautiousBot(seat=1)
    state = a_shovel_seen_by(old)
    state.apply(1, old.act(state.view(1), state.legal_actions(1), Clock()))
    assert old.act(state.view(1), state.legal_actions(1), Clock()) == TURNS[SHOVEL_1]


def test_without_a_shovel_it_stops_safely_when_the_mess_outweighs_a_blind_guess() -> None:
    # It knows where the goose lies, and no shovel: a blind card is a match once in 18,
    # the poo twice in 18, and the mess costs about 2 cards drawn, each a swing of 2 in
    # a duel.  Turning the goose ends the turn safely.
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["duck"], ["pig"]])
    bot = PerfectBot(seat=1)
    lay(state, "hen")
    turn(state, place_of("goose"))
    state.apply(0, END)
    BotDriver(state, [None, bot]).tell()
    state.apply(1, bot.act(state.view(1), state.legal_actions(1), Clock()))
    assert bot.act(state.view(1), state.legal_actions(1), Clock()) == TURNS[place_of("goose")]


def test_the_strong_bot_no_longer_turns_over_a_shovel_it_knows() -> None:
    # In games among bots of one kind, the first card turned after laying one.
    tallies: dict[str, Tally] = {}
    for spec in ("perfect", "cautious"):
        play([spec, spec], 24, "bg-dull-loop", tallies)
    new, old = tallies["perfect"], tallies["cautious"]
    print(json.dumps({spec: vars(t) for spec, t in tallies.items()}))
    assert new.per_player_game(new.known_shovel) < 0.1 < 0.5 < old.per_player_game(
        old.known_shovel)
    assert new.safe < old.safe and new.turns < old.turns  # fewer safe stops, shorter games


def test_the_strong_bot_is_at_least_as_strong_as_before() -> None:
    # One perfect bot among three of the bot as it was, 60 games, seats turning round:
    # it wins more than its fair quarter (400 games each: docs/bots.md).
    wins = play(["perfect", "cautious", "cautious", "cautious"], 60, "bg-new-vs-old")
    print(json.dumps(wins))
    assert wins["perfect"] > 60 / 4


def test_the_card_laid_still_counts_as_his_when_it_weighs_the_place() -> None:
    # A lay that is forced (one kind in the hand) is taken without asking the bot, so it
    # weighs the place with the card already laid: that card is still one of its copies.
    state = table(2, [["hen"], ["owl", "owl"]], [["duck"], ["pig"]], current=1)
    bot = PerfectBot(seat=1)
    lay(state, "owl")
    view = state.view(1)
    assert view["hand"] == ["owl"] and view["laid"] == "owl"
    assert bot.stakes(view, bot.beliefs(view["run"])).hand[k("owl")] == 2
