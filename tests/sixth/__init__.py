"""High Card: a small sixth game that lives only in the tests (issue 37), to prove that
a game joins every use with one line, ``gamenight.games.register(GAME)``."""

from tests.sixth.actions import PLAYS, Play
from tests.sixth.rules import GAME, HighCard, HighCardState

__all__ = ["GAME", "PLAYS", "HighCard", "HighCardState", "Play"]
