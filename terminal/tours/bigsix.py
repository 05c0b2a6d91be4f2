"""Big Six's seat tour: the seven symbols with their odds, a spin that pays this seat, the last symbols,
and the pages."""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens import DOLLAR, Shots, live_table, next_window, pages, play
from terminal.lab.screens_job import Job
from terminal.seat import intents as i

WAGERS = (("one", 5), ("two", 2), ("five", 1), ("twenty", 1), ("flag", 1))


def tour(job: Job) -> list[Path]:
    """Big Six: betting on the symbols, a winning spin, the history of symbols, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "bigsix") as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            _rounds(table, seat, shots)
            pages(seat, shots, "bigsix")
    return shots.written


def _rounds(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for spot, chip in WAGERS:
        seat.place(spot, chip * DOLLAR)
    seat.now += 4.0
    shots(seat, "bigsix_betting")
    for _ in range(60):  # until this seat wins something
        play(table, seat)
        if seat.model.winners():
            break
        next_window(table, seat)
        seat.act(i.REPEAT)
    else:
        raise LiveTableError("no Big Six win for the seat in 60 spins (try another --seed)")
    seat.now += 0.5
    shots(seat, "bigsix_result_counting")
    seat.now += 2.0
    shots(seat, "bigsix_result")
    for _ in range(8):  # a few more spins for the recent results
        next_window(table, seat)
        seat.act(i.REPEAT)
        play(table, seat)
    next_window(table, seat)
    seat.now += 12.0
    shots(seat, "bigsix_next_window")
