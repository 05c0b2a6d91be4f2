"""Three Dice Football's seat tour: the full-game and single-play wagers placed before a game's first down,
a down in play and its result, the drive under way (the full-game areas closed, the ball on its yard line,
single-play wagers before each down), the game's end, and the pages."""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.games.tdf.engine import TdfView
from terminal.lab.live_table import LiveSeat
from terminal.lab.screens import DOLLAR, Shots, in_play, live_table, next_window, pages, play
from terminal.lab.screens_job import Job

FIRST = (("touchdown", 2), ("extra_point", 1), ("game_length_3", 1), ("over_four_yards", 1), ("no_gain", 1))
DOWNS = 14  # downs played after the first: a game ends within six, so the tour sees one end at least


def _drive(seat: LiveSeat) -> TdfView | None:
    state = seat.model.state
    return state if isinstance(state, TdfView) else None


def tour(job: Job) -> list[Path]:
    """Three Dice Football: betting before a game, a down in play and its result, the drive, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "tdf") as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            for spot, chip in FIRST:
                seat.place(spot, chip * DOLLAR)
            seat.now += 4.0
            shots(seat, "tdf_betting")
            in_play(table, seat, shots, "tdf_in_play")
            seat.now += 2.5
            shots(seat, "tdf_result")
            taken = {"mid": False, "ended": False}
            for _ in range(DOWNS):
                next_window(table, seat)
                drive = _drive(seat)
                if drive is not None and drive.play > 1 and not taken["mid"]:
                    seat.place("big_play", DOLLAR)
                    seat.now += 1.0
                    shots(seat, "tdf_mid_drive")
                    taken["mid"] = True
                elif drive is not None and not drive.extra_point:
                    seat.place("under_four_yards", DOLLAR)
                play(table, seat)
                after = _drive(seat)
                if after is not None and after.play == 1 and after.last_end and not taken["ended"]:
                    seat.now += 2.5
                    shots(seat, "tdf_game_over")
                    taken["ended"] = True
                if all(taken.values()):
                    break
            next_window(table, seat)
            seat.now += 12.0
            shots(seat, "tdf_next_window")
            pages(seat, shots, "tdf")
    return shots.written
