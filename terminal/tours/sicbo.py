"""Sic Bo's seat tour: the layout with wagers across it, a roll that pays this seat with its winners lit,
the last results, and the pages."""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens import DOLLAR, Shots, live_table, next_window, pages, play
from terminal.lab.screens_job import Job
from terminal.seat import intents as i

WAGERS = (
    ("small", 5), ("total_10", 1), ("two_dice:2-5", 1), ("one_of_a_kind:5", 2), ("any_three_of_a_kind", 1),
    ("two_of_a_kind:3", 1),
)  # fmt: skip


def tour(job: Job) -> list[Path]:
    """Sic Bo: betting across the layout, a winning roll lit, the history of rolls, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "sicbo") as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            _rounds(table, seat, shots)
            pages(seat, shots, "sicbo")
    return shots.written


def _rounds(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for spot, chip in WAGERS:
        seat.place(spot, chip * DOLLAR)
    seat.now += 4.0
    shots(seat, "sicbo_betting")
    for _ in range(60):  # until this seat wins something
        play(table, seat)
        if seat.model.winners():
            break
        next_window(table, seat)
        seat.act(i.REPEAT)
    else:
        raise LiveTableError("no Sic Bo win for the seat in 60 rolls (try another --seed)")
    seat.now += 0.5
    shots(seat, "sicbo_result_counting")
    seat.now += 2.0
    shots(seat, "sicbo_result")
    for _ in range(8):  # a few more rolls for the recent results
        next_window(table, seat)
        seat.act(i.REPEAT)
        play(table, seat)
    next_window(table, seat)
    seat.now += 12.0
    shots(seat, "sicbo_next_window")
