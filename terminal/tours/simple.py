"""The seat tour of a game whose screens are its layout and its results alone (Sic Bo, Big Six): wagers
across the layout, a round that pays this seat, a few more rounds for the recent results, and the pages.

A game with more states (a prompt, a drive, a point) writes its own tour beside this one.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens import DOLLAR, Shots, in_play, live_table, next_window, pages, play
from terminal.lab.screens_job import Job
from terminal.seat import intents as i


def tour(job: Job, game: str, wagers: tuple[tuple[str, int], ...]) -> list[Path]:
    """``game``'s seat: ``wagers`` (spot, dollars) placed, a winning round, the history, the pages."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), game) as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            for spot, chip in wagers:
                seat.place(spot, chip * DOLLAR)
            seat.now += 4.0
            shots(seat, f"{game}_betting")
            play_until_a_win(table, seat, game, shots)
            seat.now += 0.5
            shots(seat, f"{game}_result_counting")
            seat.now += 2.0
            shots(seat, f"{game}_result")
            for _ in range(8):  # a few more rounds for the recent results
                next_window(table, seat)
                seat.act(i.REPEAT)
                play(table, seat)
            next_window(table, seat)
            seat.now += 12.0
            shots(seat, f"{game}_next_window")
            pages(seat, shots, game)
    return shots.written


def play_until_a_win(
    table: LiveTable, seat: LiveSeat, game: str, shots: Shots | None = None, tries: int = 60
) -> None:
    """Play rounds, repeating the seat's wagers, until one pays this seat (the result stays on screen); with
    ``shots``, the first round is shot while in play (``<game>_in_play``)."""
    for n in range(tries):
        if n == 0 and shots is not None:
            in_play(table, seat, shots, f"{game}_in_play")
        else:
            play(table, seat)
        if seat.model.winners():
            return
        next_window(table, seat)
        seat.act(i.REPEAT)
    raise LiveTableError(f"no {game} win for the seat in {tries} rounds (try another --seed)")
