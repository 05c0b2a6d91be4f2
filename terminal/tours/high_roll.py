"""High Roll Dice's seat tour: Pip Street, the Like Kind circles and the Extra Roll bought in the window,
the first throw with the winning face's dice set aside and the circles riding, the extra roll, a round
that pays this seat, the last results, and the pages."""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat
from terminal.lab.screens import DOLLAR, Shots, in_play, live_table, next_window, pages, play
from terminal.lab.screens_job import Job
from terminal.seat import intents as i
from terminal.tours.simple import play_until_a_win

GAME = "high_roll"
WAGERS = ("pip_street_ace", "pip_street_six", "like_kind_3", "like_kind_4", "like_kind_5", "like_kind_6",
          "extra_roll", "millionaire_9")  # fmt: skip
PLAIN = ("pip_street_ace", "pip_street_six", "pip_street_five", "like_kind_3", "like_kind_4")


def tour(job: Job) -> list[Path]:
    """High Roll: betting with the Extra Roll, the set-aside dice, the extra roll, a win, history, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), GAME) as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            for spot in WAGERS:
                seat.place(spot, (1 if spot == "millionaire_9" else 5) * DOLLAR)
            seat.now += 4.0
            shots(seat, f"{GAME}_betting")
            in_play(table, seat, shots, f"{GAME}_in_play")
            seat.now += 0.5
            shots(seat, f"{GAME}_first_throw")
            next_window(table, seat)  # the extra roll: no window, the riding circles standing
            seat.now += 12.0
            shots(seat, f"{GAME}_set_aside")
            in_play(table, seat, shots, f"{GAME}_extra_in_play")
            seat.now += 2.0
            shots(seat, f"{GAME}_extra_roll")
            next_window(table, seat)
            for spot in PLAIN:  # no Extra Roll: a round is one throw, and Repeat plays it again
                seat.place(spot, 5 * DOLLAR)
            play_until_a_win(table, seat, GAME)
            seat.now += 2.0
            shots(seat, f"{GAME}_result")
            for _ in range(6):  # a few more rounds for the recent results
                next_window(table, seat)
                seat.act(i.REPEAT)
                play(table, seat)
            next_window(table, seat)
            seat.now += 12.0
            shots(seat, f"{GAME}_next_window")
            pages(seat, shots, GAME)
            seat.act(i.SCREEN, "help")  # the Like Kind Boulevard, and the Extra Roll and Millionaire Row
            seat.act(i.PAGE, value=2)  # a page forward is 1: from the first, two on
            shots(seat, f"{GAME}_help_page3")
            seat.act(i.PAGE, value=1)
            shots(seat, f"{GAME}_help_page4")
            seat.act(i.SCREEN, "game")
    return shots.written
