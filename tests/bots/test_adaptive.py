"""The adaptive level's core (``bots.adaptive``): a person's pace measured, and moments
drawn to come before theirs with a chosen chance."""

from __future__ import annotations

import random

import pytest

from gamenight.bots.adaptive import (
    MAX_CORRECTION,
    MEMORY,
    PaceMatcher,
    quantile,
    read_seats,
    reference_times,
)
from gamenight.bots.reaction import LEVELS
from gamenight.engine import OptionError


def test_the_reference_is_the_average_players_times_sorted_and_the_same_each_time() -> None:
    times = reference_times(6, 4)
    assert len(times) == 501 and list(times) == sorted(times)
    assert times == reference_times(6, 4)
    assert quantile(times, 0.5) == pytest.approx(LEVELS["average"].median_task(6, 4), rel=0.03)
    assert reference_times(10, 4)[250] > times[250]  # more cards, more time


def test_quantile_interpolates_between_neighbours() -> None:
    assert quantile([1.0, 3.0], 0.5) == 2.0
    assert quantile([1.0, 2.0, 4.0], 1.0) == 4.0
    assert quantile([5.0], 0.3) == 5.0


@pytest.mark.parametrize("aim", [0.2, 0.5, 0.8])
def test_a_drawn_moment_comes_before_the_persons_with_the_chance_aimed_at(aim: float) -> None:
    """A person who plays like the average player at 0.6 times the time: once measured,
    the bot's moments come first in about ``aim`` of the races, on every size of table."""
    rng = random.Random(7)
    person = LEVELS["average"].scaled(0.6)
    matcher = PaceMatcher(aim, random.Random(8), band=0.0)
    tables = [(3, 2), (6, 4), (10, 4)]
    for i in range(MEMORY):
        flies, colours = tables[i % 3]
        matcher.measure(person.task(rng, flies, colours), reference_times(flies, colours))
    assert matcher.pace == pytest.approx(0.6, rel=0.1)
    first = 0
    races = 3000
    for i in range(races):
        flies, colours = tables[i % 3]
        mine = matcher.draw(reference_times(flies, colours))
        first += mine < person.task(rng, flies, colours)
    assert first / races == pytest.approx(aim, abs=0.05)


def test_the_score_pulls_the_aim_and_lost_races_correct_it() -> None:
    matcher = PaceMatcher(0.5, random.Random(1), band=2.0)
    assert matcher.pace == 1.0  # nothing measured: an average player
    assert matcher.intended(0.1) == pytest.approx(0.7)  # the person leads: go faster
    assert matcher.intended(-0.1) == pytest.approx(0.3)
    assert matcher.intended(1.0) == 0.98 and matcher.intended(-1.0) == 0.02
    for _ in range(100):  # it keeps losing races it meant to win half of
        matcher.draw(reference_times(6, 4))
        matcher.raced(False)
    assert matcher.correction == MAX_CORRECTION
    assert matcher.aim() == pytest.approx(0.5 + MAX_CORRECTION)
    assert matcher.races == 100 and matcher.races_won == 0


def test_the_people_are_named_by_seat_never_the_bots_own() -> None:
    assert read_seats("0", "sharp", 1) == (0,)
    assert read_seats("0+2", "sharp", 1) == (0, 2)
    for bad, own in (("x", 1), ("0+", 1), ("1", 1), ("-1", 2)):
        with pytest.raises(OptionError, match="against"):
            read_seats(bad, "sharp", own)
