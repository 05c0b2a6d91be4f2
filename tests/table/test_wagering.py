"""The wager book on its own: it knows the round only through the two properties of ``Round``.

The book here is driven by a plain record of the round (not the round engine), on a real table's ledger,
tilt board and game driver: what it writes goes into the round the record names, it refuses once the
record says the round is locked, and a settlement sets each seat's last win and what repeat places.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from terminal.games.base import Result, Settlement
from terminal.table.phases import Phase
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.wagering import Wagering
from tests.table.harness import make_config, make_table


@dataclass
class _Round:
    """The round as the book sees it."""

    round_id: int
    phase: Phase


def _book(tmp_path: Path) -> tuple[Table, Wagering, _Round]:
    table = make_table(make_config(tmp_path))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    now = _Round(table.ledger.open_round(table.driver.game, now=table.clock.wall()), Phase.OPEN)
    book = Wagering(table.config, table.ledger, table.clock, table.driver, table.tilts, now)
    return table, book, now


def test_a_wager_goes_into_the_round_the_record_names_and_a_locked_round_takes_none(tmp_path: Path) -> None:
    table, book, now = _book(tmp_path)
    assert now.round_id != table.round_id  # not the engine's own round: the book asks the record
    ref = book.place(1, "red", 100)
    assert ref.startswith(f"{now.round_id}-1-")
    assert [(w.ref, w.round_id, w.stake) for w in table.ledger.pending(1)] == [(ref, now.round_id, 100)]
    now.phase = Phase.LOCKED
    with pytest.raises(Refused) as refused:
        book.place(1, "black", 100)
    assert refused.value.code == "locked"
    assert table.cashier.credits(1) == 10_000 - 100  # the refused chip wrote nothing
    assert len(table.ledger.pending(1)) == 1


def test_a_settlement_sets_the_last_win_and_what_repeat_places(tmp_path: Path) -> None:
    table, book, _ = _book(tmp_path)
    red, seventeen = book.place(1, "red", 100), book.place(1, "straight:17", 200)
    book.bets_done(1)
    book.settled((
        Settlement(red, "red", "standard", 100, 200, Result.WIN),
        Settlement(seventeen, "straight", "standard", 200, 0, Result.LOSE),
    ))  # fmt: skip
    assert book.last_win[1] == 200  # what came back to the seat, stake included
    assert book.previous[1] == (("red", 100), ("straight:17", 200))
    book.opened()
    assert not book.ready and not book.seats  # a new window: no chip in it, nobody ready
    assert book.repeat(1) == 2
    assert [p[1:] for p in book.seats[1].placed] == [("red", 100), ("straight:17", 200)]
    assert table.cashier.credits(1) == 10_000 - 300 - 300


def _single_zero_book(tmp_path: Path, credits: int = 10_000) -> tuple[Table, Wagering]:
    text = (
        "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n"
        "[limits]\nstraight_max = 5.00\nwager_max = 50.00\nseat_max = 50.00\n"
    )
    table = make_table(make_config(tmp_path, text))
    table.start()
    table.cashier.bill_stacked(1, credits)
    now = _Round(table.ledger.open_round(table.driver.game, now=table.clock.wall()), Phase.OPEN)
    return table, Wagering(table.config, table.ledger, table.clock, table.driver, table.tilts, now)


def test_a_set_of_wagers_is_placed_whole(tmp_path: Path) -> None:
    table, book = _single_zero_book(tmp_path)
    refs = book.place_set(
        1, (("split:0-3", 100), ("split:12-15", 100), ("split:32-35", 100), ("straight:26", 100))
    )
    assert len(refs) == 4
    assert sorted(w.spot for w in table.ledger.pending(1)) == ["split:0-3", "split:12-15", "split:32-35",
                                                               "straight:26"]  # fmt: skip
    assert table.cashier.credits(1) == 10_000 - 400


@pytest.mark.parametrize(
    ("stakes", "code", "credits"),
    [
        # the third wager passes the straight's own maximum ($5): the two before it are taken back
        ((("split:0-3", 100), ("red", 100), ("straight:26", 600)), "rules", 10_000),
        ((("split:0-3", 3000), ("straight:26", 500), ("red", 2000)), "limit", 10_000),  # $55 > seat_max $50
        ((("split:0-3", 100), ("straight:26", 500)), "credits", 500),  # $6.00 against the $4.00 left
        ((("split:0-3", 100), ("split:0-2-3", 100)), "rules", 10_000),  # no 0/2/3 trio on this layout
    ],
)
def test_a_refused_set_leaves_nothing_on_the_layout_and_the_credits_whole(
    tmp_path: Path, stakes: tuple[tuple[str, int], ...], code: str, credits: int
) -> None:
    table, book = _single_zero_book(tmp_path, credits)
    book.place(1, "black", 100)  # a chip placed before the set stays
    with pytest.raises(Refused) as refused:
        book.place_set(1, stakes)
    assert refused.value.code == code
    assert [w.spot for w in table.ledger.pending(1)] == ["black"]
    assert [p[1] for p in book.seats[1].placed] == ["black"]
    assert table.cashier.credits(1) == credits - 100
