"""The public facts of the last turn and of the last round's reveal.

Every view carries them (``last_turn``, ``last_round``): the terminal may have laid the
next centre before a screen redraws, and a player who looked away must still be able to
see what the swatters did.  They are replaced at the next turn and the next round's end,
so a view shows the present, never a history.  What follows from the rules (who took
what, the squishes and swaps, the sets) is worked out from what happened, never stored
beside it, so it cannot disagree with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.games.superfly.resolution import FlyResult, resolve_swat
from gamenight.games.superfly.sets import best_set, best_set_size
from gamenight.games.superfly.views import LastRoundView, LastTurnView


@dataclass(frozen=True, slots=True)
class LastTurn:
    """A turn played to its end.

    ``swats`` and ``dice`` hold per seat the card id its swatter landed on and its die
    (None: passed, or sat out: not in ``eligible``); ``first_player`` gave the signal;
    ``five_cards`` held 5 cards after it; ``round_over``: it ended the round (it was the
    final turn), so the hands were shown.
    """

    turn: int
    round: int
    final: bool
    first_player: int
    centre: tuple[int, ...]
    eligible: tuple[int, ...]
    swats: tuple[int | None, ...]
    dice: tuple[int | None, ...]
    five_cards: tuple[int, ...]
    round_over: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> LastTurn:
        return self  # frozen, of whole numbers: a cloned game shares it

    def results(self) -> tuple[FlyResult, ...]:
        """What happened on each centre fly, in centre order (worked out when asked: a
        simulation that never looks never pays for it)."""
        placed = {s: card for s, card in enumerate(self.swats) if card is not None}
        dice = {s: die for s, die in enumerate(self.dice) if die is not None}
        return resolve_swat(self.centre, placed, dice)

    def to_json(self) -> LastTurnView:
        """The turn as view data, frozen (``engine.frozen``): the same for every seat
        for a whole turn, every view shares it, and it is made of frozen containers
        as it is built (as cheap as plain ones; freezing a plain copy cost 3 times as
        much as building it, once a turn)."""
        results = self.results()
        taken = [(fly.taker, fly.card) for fly in results if fly.taker is not None]
        kept = {card for _, card in taken}
        return FrozenDict({  # type: ignore[return-value]
            "turn": self.turn,
            "round": self.round,
            "final": self.final,
            "first_player": self.first_player,
            "centre": FrozenList(self.centre),
            "eligible": FrozenList(self.eligible),
            "swats": FrozenList(self.swats),
            "dice": FrozenList(self.dice),
            "flies": FrozenList([fly.to_json() for fly in results]),
            "squished": FrozenList([fly.card for fly in results if fly.squished]),
            "swaps": FrozenList([FrozenList(group) for fly in results for group in fly.swaps]),
            "takes": FrozenList([FrozenList((seat, card)) for seat, card in taken]),
            "discarded": FrozenList([card for card in self.centre if card not in kept]),
            "five_cards": FrozenList(self.five_cards),
            "round_over": self.round_over,
        })


@dataclass(frozen=True, slots=True)
class LastRound:
    """The hands shown at the end of round ``round``, and every seat's Fly Catcher tokens
    after it.  Whose sets were biggest (the token winners) follows from the hands."""

    round: int
    hands: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]

    def __deepcopy__(self, memo: dict[int, object]) -> LastRound:
        return self  # frozen, of whole numbers: a cloned game shares it

    @property
    def sizes(self) -> tuple[int, ...]:
        """The size of each hand's biggest valid set."""
        return tuple(best_set_size(hand) for hand in self.hands)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats whose set was biggest: each won a token."""
        sizes = self.sizes
        top = max(sizes)
        return tuple(s for s, size in enumerate(sizes) if size == top)

    def to_json(self) -> LastRoundView:
        """The round's reveal as view data, frozen as :meth:`LastTurn.to_json` is."""
        sets = [best_set(hand) for hand in self.hands]
        sizes = self.sizes
        top = max(sizes)
        return FrozenDict({  # type: ignore[return-value]
            "round": self.round,
            "hands": FrozenList([FrozenList(hand) for hand in self.hands]),
            "sizes": FrozenList(sizes),
            "sets": FrozenList([FrozenList(cards) for _, cards in sets]),
            "kinds": FrozenList([kind for kind, _ in sets]),
            "winners": FrozenList([s for s, size in enumerate(sizes) if size == top]),
            "tokens": FrozenList(self.tokens),
        })
