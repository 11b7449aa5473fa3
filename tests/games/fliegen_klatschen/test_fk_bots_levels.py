"""The ``sharp`` bot's levels and its adaptive level (docs/bots.md).

Short seeded simulations: the figures of docs/bots.md come from bigger runs
(``python -m tests.bots.figures``), never from a timed test.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from gamenight.bots.adaptive import reference_times
from gamenight.bots.base import Clock, Wait, make_bot
from gamenight.bots.levels import LEVELS
from gamenight.engine import OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games.fliegen_klatschen.bots import TYPICAL_HUNT, PersonWatch, SharpBot
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF
from gamenight.games.fliegen_klatschen.events import FlyWon, HuntOver, Passed, Slapped
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.sim.runner import make_bots, play_out
from gamenight.tui.app import HUMAN, Pauses, build_app
from tests.games.fliegen_klatschen.test_fk_tui import play_to_first_hunt, until

EXAMPLES = Path(__file__).parents[3] / "src/gamenight/games/fliegen_klatschen/examples"
#: A person who slaps at about 1.1 s, as the player in issue 14 did (1.0-1.3 s).
PERSON = "sharp:average:pace=1100"


def tied_colours_hunt() -> FliegenKlatschenState:
    """The rulebook's second example: a hunt just begun over 9 flies of 4 colours."""
    with (EXAMPLES / "tied-colours.json").open(encoding="utf-8") as file:
        state = GAME.from_position(json.load(file))
    assert isinstance(state, FliegenKlatschenState)
    return state


def first_hand(spec: str, state: FliegenKlatschenState, seed: int) -> float:
    """When a bot of ``spec`` at seat 1 means to put its first hand down."""
    bot = make_bot(GAME, spec, 1, seed)
    answer = bot.act(state.view(1, 0.0), state.legal_actions(1), Clock(0.0, 3000.0, 1))
    assert isinstance(answer, Wait)
    return answer.until_ms


def test_slower_levels_are_slower_on_the_same_hunt() -> None:
    state = tied_colours_hunt()
    medians = [statistics.median(first_hand(f"sharp:{level}", state, seed)
                                 for seed in range(300)) for level in LEVELS]
    print(json.dumps(dict(zip(LEVELS, map(round, medians), strict=True))))
    assert medians == sorted(medians, reverse=True)
    # Nine flies of four colours: even an expert takes most of a second, a child
    # more than two (the search grows with the cards in view).
    assert 650 < medians[-1] < 1000 and medians[0] > 2000


def test_a_bigger_centre_takes_the_same_level_longer() -> None:
    state = tied_colours_hunt()
    small = tied_colours_hunt()
    small.centre = small.centre[:3]  # the same hunt over three flies of three colours
    big = statistics.median(first_hand("sharp", state, seed) for seed in range(200))
    few = statistics.median(first_hand("sharp", small, seed) for seed in range(200))
    assert big > few + 250


def test_pace_sets_the_median_first_slap_on_a_typical_hunt() -> None:
    bot = make_bot(GAME, PERSON, 0, 0)
    assert isinstance(bot, SharpBot)
    assert bot.reaction.median_task(*TYPICAL_HUNT) == pytest.approx(1100, rel=0.01)
    for bad in ("pace=50", "pace=fast", "error=1.5"):
        with pytest.raises(OptionError, match=bad.split("=")[0]):
            make_bot(GAME, f"sharp:{bad}", 0, 0)
    with pytest.raises(OptionError, match="adaptive level takes its pace"):
        make_bot(GAME, "sharp:adaptive:pace=800", 1, 0)


def person_share(level: str, games: int, label: str) -> float:
    """The share of two-player games a 1.1 s person wins against ``sharp:level``."""
    won = 0.0
    for i in range(games):
        seed = derive_seed("fk-levels", label, level, i)
        state = play_out(GAME.new(2, seed), make_bots(GAME, [PERSON, f"sharp:{level}"], seed))
        outcome = state.outcome()
        assert outcome is not None
        won += 1.0 if outcome.winners == (0,) else 0.5 if outcome.shared else 0.0
    return won / games


@pytest.mark.parametrize("level", ["child", "beginner"])
def test_child_and_beginner_are_beaten_by_a_person_slapping_at_1_1_s(level: str) -> None:
    assert person_share(level, 10, "beatable") >= 0.9


def test_the_default_level_is_a_match_for_a_person_slapping_at_1_1_s() -> None:
    share = person_share("average", 20, "default")
    assert 0.15 <= share <= 0.85


# -- the adaptive level -----------------------------------------------------------------
def adaptive_game(person: str, seed: int, share: float = 0.5) -> tuple[float, SharpBot]:
    """One two-player game of ``person`` against sharp:adaptive: 1 if the bot won (a
    shared win: 0.5), and the bot."""
    bots = make_bots(GAME, [person, f"sharp:adaptive:share={share}"], seed)
    state = play_out(GAME.new(2, seed), bots)
    outcome = state.outcome()
    assert outcome is not None
    bot = bots[1]
    assert isinstance(bot, SharpBot)
    return (1.0 if outcome.winners == (1,) else 0.5 if outcome.shared else 0.0), bot


@pytest.mark.parametrize("pace", [1200, 500])
def test_the_adaptive_bot_measures_the_persons_pace(pace: int) -> None:
    _, bot = adaptive_game(f"sharp:average:pace={pace}", derive_seed("fk-pace", pace))
    assert bot.watch is not None
    # The person plays like the reference player scaled to the pace.
    expected = pace / bot.reaction.median_task(*TYPICAL_HUNT)
    assert bot.watch.matcher.measured >= 10
    assert bot.watch.matcher.pace == pytest.approx(expected, rel=0.15)


def test_the_adaptive_bot_moves_toward_the_share_it_is_given() -> None:
    person = "sharp:average:pace=800"
    shares = {}
    for share in (0.2, 0.5, 0.8):
        results = [adaptive_game(person, derive_seed("fk-share", share, i), share)[0]
                   for i in range(30)]
        shares[share] = statistics.fmean(results)
    print(json.dumps(shares))
    assert shares[0.2] < shares[0.5] < shares[0.8]
    assert shares[0.2] <= 0.4 and shares[0.8] >= 0.6 and 0.25 <= shares[0.5] <= 0.75


def test_the_adaptive_bot_learns_only_what_the_table_saw() -> None:
    """A person who put no hand down was slower than the hunt only if a fly they could
    hit was still free at its end."""
    state = tied_colours_hunt()
    bot = make_bot(GAME, "sharp:adaptive", 1, 0)
    assert isinstance(bot, SharpBot) and bot.watch is not None
    watch: PersonWatch = bot.watch
    assert watch.people == (0,)  # at the terminal the person is seat 0
    centre = state.centre
    allowed = [c for c in centre if COLOUR_OF[c] in (0, 2)]  # red and green tie
    # Hunt 1: the person's first hand at 1500 ms, on a fly of the right colour.
    watch.open(centre, 3000.0, 4)
    bot.hear([Slapped(1, allowed[0], 900.0), Slapped(0, allowed[1], 1500.0),
              FlyWon(1, allowed[0]), FlyWon(0, allowed[1]), HuntOver(0, 96)])
    reference = reference_times(len(centre), 4)
    assert list(watch.matcher.ratios) == [pytest.approx(1500.0 / reference[250])]
    assert watch.matcher.races == 1 and watch.matcher.races_won == 1
    # Hunt 2: every allowed fly taken before the person moved: nothing learnt of them.
    watch.open(centre, 3000.0, 4)
    bot.hear([Slapped(1, c, 800.0 + i) for i, c in enumerate(allowed)]
             + [Passed(0, 3000.0), HuntOver(0, 97)])
    assert watch.matcher.measured == 1
    # Hunt 3: the person did nothing while a fly stayed free: as slow as the deadline.
    watch.open(centre, 3000.0, 4)
    bot.hear([Passed(0, 3000.0), HuntOver(0, 98)])
    assert watch.matcher.measured == 2 and watch.matcher.ratios[-1] > 2.0


def test_an_adaptive_bot_with_nobody_to_measure_plays_as_an_average_player() -> None:
    state = tied_colours_hunt()
    alone = [first_hand("sharp:adaptive", state, seed) for seed in range(300)]
    average = [first_hand("sharp:average", state, seed) for seed in range(300)]
    assert statistics.median(alone) == pytest.approx(statistics.median(average), rel=0.1)


async def test_at_the_terminal_the_adaptive_bots_measure_the_persons_slaps() -> None:
    """The terminal drives bots on the wall clock; the person's hands reach the
    adaptive bots as events, timed from the card's appearance."""
    app = build_app("fliegen-klatschen", 3, ["sharp:adaptive"], 4, {"deadline_ms": 3000},
                    pauses=Pauses(turn_s=0.0, after_window_s=0.0))
    async with app.run_test() as pilot:
        await play_to_first_hunt(pilot, app)
        centre = [card["id"] for card in app.state.view(HUMAN)["centre"]]
        await pilot.press("1")
        (at_ms,) = [s.at_ms for s in app.state.history if s.seat == HUMAN and s.at_ms]
        bots = [bot for bot in app.bots if isinstance(bot, SharpBot)]
        assert len(bots) == 2 and all(bot.watch is not None for bot in bots)
        # The hunt ends; the bots hear it before they next act.
        await until(pilot, lambda: all(bot.watch is not None and bot.watch.matcher.measured
                                       for bot in bots))
        median = reference_times(len(centre), len({COLOUR_OF[c] for c in centre}))[250]
        for bot in bots:
            assert bot.watch is not None
            assert list(bot.watch.matcher.ratios) == [pytest.approx(at_ms / median)]
