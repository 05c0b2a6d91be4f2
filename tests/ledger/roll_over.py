"""A craps shooter across the gaming day's roll-over (06:00 UTC) on a real table with a manual clock.

The pass line is placed at 05:59:05, on gaming day 2026-11-24; the come-out sets the point at 05:59:15
and the point is made at 06:00:45, on gaming day 2026-11-25. The figures each gaming day should show are
worked out by hand below, from the craps rules (the field pays even money on 11 and loses on 6, a pass
line made returns twice its stake), not read from the code under test.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from terminal.table.clock import ManualClock
from terminal.table.table import Table

#: The table's clock when it starts: a minute before the roll-over.
START = datetime(2026, 11, 25, 5, 59, 0, tzinfo=UTC)
#: The dice, in order: 3-3 (the point is 6), 5-6 (the field wins on 11), 4-2 (the point is made).
ROLLS = ((3, 3), (5, 6), (4, 2))
OLD, NEW = date(2026, 11, 24), date(2026, 11, 25)

#: Coin-in, coin-out, games and bills of each gaming day, counted by settlement.
EXPECTED = {
    OLD: {"cash_in": 10_000, "wagered": 500, "won": 0, "games": 1},  # the field lost on the come-out
    NEW: {"cash_in": 0, "wagered": 1_000 + 500, "won": 2_000 + 1_000, "games": 2},  # pass made, field won
}
#: What the report said before (stakes when placed, UTC days): everything on 2026-11-25.
BY_PLACEMENT_UTC = {"cash_in": 10_000, "wagered": 2_000, "won": 3_000, "games": 3}


def play(table: Table, clock: ManualClock) -> None:
    """The shooter's three rolls, with the clock moved across 06:00 between the first and the second."""
    table.start()  # 05:59:00, power-up, the first round open
    table.cashier.bill_stacked(1, 10_000)  # the old gaming day's cash
    clock.advance(5)
    table.wagers.place(1, "pass", 1_000)  # 05:59:05: placed on the old gaming day
    table.wagers.place(1, "field", 500)
    clock.advance(10)
    table.play_round()  # 05:59:15, 3-3: the point is 6, the pass line rides on; the field loses
    clock.advance(60)
    table.open_round()  # 06:00:15: the new gaming day
    table.wagers.place(1, "field", 500)
    clock.advance(10)
    table.play_round()  # 06:00:25, 5-6: the field returns 10.00
    clock.advance(10)
    table.open_round()
    clock.advance(10)
    table.play_round()  # 06:00:45, 4-2: the point is made, the pass line returns 20.00
