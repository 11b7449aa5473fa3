"""Table consolidation, exactly as the rulebook says, on its turn example and on every
removal pattern of small tables."""

from __future__ import annotations

from itertools import product

import pytest

from gamenight.games.fly.table import apply_moves, consolidate
from tests.games.fly.fly_table import fly_at, laid_out, land, order_with


def rows_of(table: list[int], columns: int) -> list[list[int]]:
    return [table[i:i + columns] for i in range(0, len(table), columns)]


def test_turn_example_two_flies_covered_slide_toward_the_box_then_row_3_fills_rows_1_and_2(
) -> None:
    """A: Player A covers 2 flies (one in row 1, one in row 2); B: he slides cards toward
    the box, then cards from row 3 are added to the end of rows 1 and 2; C: the table after
    the shift."""
    table = list(range(27))
    after, moves = consolidate(table, {3, 13})
    rows = rows_of(after, 9)
    assert rows[0] == [0, 1, 2, 4, 5, 6, 7, 8, 26]
    assert rows[1] == [9, 10, 11, 12, 14, 15, 16, 17, 25]
    assert rows[2] == [18, 19, 20, 21, 22, 23, 24]
    slides = [m for m in moves if m.kind == "slide"]
    ups = [m for m in moves if m.kind == "up"]
    assert moves == slides + ups  # first the slides, then the moves up
    assert [m.card for m in slides] == [4, 5, 6, 7, 8, 14, 15, 16, 17]
    assert all(m.target == (m.source[0], m.source[1] - 1) for m in slides)
    assert [(m.card, m.source, m.target) for m in ups] == [
        (26, (2, 8), (0, 8)), (25, (2, 7), (1, 8))]


def test_turn_example_in_play_collected_cards_go_in_front_of_the_player() -> None:
    # Card 12's fly lies low on its card (y 2.30), card 23's high (y 0.70): placed one
    # above the other in rows 1 and 2, one swatter along the column covers both.
    order = order_with({3: 12, 12: 23})
    state = laid_out(players=2, order=order)
    (x1, y1), (x2, y2) = fly_at(state, 3), fly_at(state, 12)
    assert (state.table[3], state.table[12]) == (12, 23)
    got = land(state, (x1 + x2) / 2, (y1 + y2) / 2, 0.0)
    assert got == [12, 23]  # A: two flies completely covered, collected by player A
    assert state.collected[0] == [12, 23] and state.collected[1] == []
    rows = rows_of(state.table, 9)
    # B and C: slid toward the box; the end of row 3 filled the ends of rows 1 and 2.
    assert rows[0] == [*order[:3], *order[4:9], order[26]]
    assert rows[1] == [*order[9:12], *order[13:18], order[25]]
    assert rows[2] == order[18:25]
    # Then player B may take her turn.
    assert state.acting().seats == (1,)


def test_cards_slide_toward_the_box_within_their_row() -> None:
    after, moves = consolidate(list(range(27)), {0})
    assert after[:9] == [1, 2, 3, 4, 5, 6, 7, 8, 26]
    assert all(m.source[0] == m.target[0] for m in moves if m.kind == "slide")


def test_rows_1_and_2_keep_9_cards_until_row_3_is_gone_then_row_2_supplies_row_1() -> None:
    table = list(range(27))
    after, _ = consolidate(table, set(range(18, 27)))  # row 3 collected whole
    assert after == list(range(18))
    after, moves = consolidate(after, {0, 1})  # now row 2 is the lowest row
    assert rows_of(after, 9) == [[2, 3, 4, 5, 6, 7, 8, 17, 16], list(range(9, 16))]
    assert [m.source[0] for m in moves if m.kind == "up"] == [1, 1]


def test_when_the_lowest_row_runs_out_the_next_row_up_supplies() -> None:
    # Row 3 has one card; rows 1 and 2 lose two each.
    table = list(range(19))
    after, moves = consolidate(table, {0, 1, 9, 10})
    assert len(after) == 15
    assert after[:9] == [2, 3, 4, 5, 6, 7, 8, 18, 17]
    assert after[9:] == [11, 12, 13, 14, 15, 16]
    ups = [(m.card, m.source, m.target) for m in moves if m.kind == "up"]
    assert ups == [(18, (2, 0), (0, 7)), (17, (1, 6), (0, 8))]


def test_flies_move_with_their_cards() -> None:
    state = laid_out(players=2)
    x, y = fly_at(state, 4)
    assert land(state, x, y, 0.0) == [4]
    # Card 5 slid into place 4: its fly now lies one inch nearer the box.
    view = state.view(None)
    moved = next(c for c in view["table"] if c["id"] == 5)
    assert moved["slot"] == 4
    assert moved["fly"] == pytest.approx([4 + moved["place"][0], moved["place"][1]])
    assert state.last is not None and state.last.before == tuple(range(27))


def by_hand(table: list[int], collected: set[int],
            columns: int) -> list[tuple[int, str, tuple[int, int], tuple[int, int]]]:
    """The rulebook's procedure done card by card on the table with its voids, written
    independently of ``consolidate``: first, in each row, the leftmost card with a void
    on its box side slides into the void nearest the box, until no row has a void before
    a card; then, while a void lies before the table's last card, the rightmost card of
    the lowest row moves up into the first void (row 1 before row 2)."""
    places: list[int | None] = [None if s in collected else c for s, c in enumerate(table)]
    moves = []

    def at(slot: int) -> tuple[int, int]:
        return divmod(slot, columns)

    for start in range(0, len(places), columns):
        row = range(start, min(start + columns, len(places)))
        while True:
            voids = [s for s in row if places[s] is None]
            card_slot = next((s for s in row if places[s] is not None and voids
                              and voids[0] < s), None)
            if card_slot is None:
                break
            card = places[card_slot]
            assert card is not None
            moves.append((card, "slide", at(card_slot), at(voids[0])))
            places[voids[0]], places[card_slot] = card, None
    while True:
        filled = [s for s, c in enumerate(places) if c is not None]
        voids = [s for s, c in enumerate(places) if c is None]
        if not filled or not voids or voids[0] > filled[-1]:
            break
        last = filled[-1]  # the right end of the lowest row
        card = places[last]
        assert card is not None
        moves.append((card, "up", at(last), at(voids[0])))
        places[voids[0]], places[last] = card, None
    return moves


def check_consolidation(table: list[int], collected: set[int], columns: int) -> None:
    after, moves = consolidate(table, collected, columns)
    # Move for move what a player does by hand, following the rulebook.
    assert [(m.card, m.kind, m.source, m.target) for m in moves] == by_hand(
        table, collected, columns)
    kept = [c for s, c in enumerate(table) if s not in collected]
    # Cards are conserved: exactly the uncollected cards remain.
    assert sorted(after) == sorted(kept)
    # Gaps only at the end of the lowest row: the table stays packed.
    rows = rows_of(after, columns)
    assert all(len(r) == columns for r in rows[:-1])
    # The moves, replayed one by one on the table with holes, give the new table.
    holes: list[int | None] = [None if s in collected else c for s, c in enumerate(table)]
    assert apply_moves(holes, moves, columns) == after
    # Slides stay in their row and move toward the box; moves up take the rightmost card
    # of the lowest row to the end of a higher row.
    for m in moves:
        if m.kind == "slide":
            assert m.source[0] == m.target[0] and m.target[1] < m.source[1]
        else:
            assert m.target[0] < m.source[0]
    # Within each original row, cards that stay in it keep their order.
    for r in range(0, len(table), columns):
        stay = [c for s, c in enumerate(table[r:r + columns]) if r + s not in collected]
        row = after[r:r + columns]
        assert [c for c in row if c in stay] == [c for c in stay if c in row]
    # Nothing moves when nothing was collected or only the table's end was.
    if not collected or collected == set(range(len(table) - len(collected), len(table))):
        assert moves == []


@pytest.mark.parametrize("columns,rows", [(3, 3), (4, 3), (3, 2), (2, 4)])
def test_every_removal_pattern_of_a_small_table(columns: int, rows: int) -> None:
    size = columns * rows
    table = list(range(100, 100 + size))
    for mask in product((False, True), repeat=size):
        collected = {s for s in range(size) if mask[s]}
        check_consolidation(table, collected, columns)


@pytest.mark.parametrize("size", [11, 7, 5])
def test_every_removal_pattern_of_a_partly_played_small_table(size: int) -> None:
    table = list(range(size))
    for mask in product((False, True), repeat=size):
        check_consolidation(table, {s for s in range(size) if mask[s]}, 3)


def test_random_removals_from_the_full_table_are_done_as_by_hand() -> None:
    import random

    rng = random.Random(27)
    for _ in range(3000):
        size = rng.randint(3, 27)
        table = rng.sample(range(27), size)
        collected = set(rng.sample(range(size), rng.randint(0, min(size, 6))))
        check_consolidation(table, collected, 9)
