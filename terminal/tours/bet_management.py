"""Bet management's seat tour: favourites saved and replayed, a long-pressed spot's card, the racetrack's
call bets on both wheels, and B2B and Blazing 7's (shipped off) switched on for their states.

Two real tables: the job's roulette table (the double-zero wheel by default: neighbours on the American
wheel) and a single-zero table with B2B and Blazing 7's offered (the French sectors, a Voisins placed;
the side wagers' betting, result and help pages). A craps table shows a spot's card and favourites there.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.lab.screens import DOLLAR, Shots, live_table, next_window, play
from terminal.lab.screens_job import Job
from terminal.seat import intents as i
from terminal.seat.pointer import Gesture
from terminal.tours import roulette


def tour(job: Job) -> list[Path]:
    """Every bet-management state, on the tables that show it."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "roulette") as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            _favourites(table, seat, shots, "roulette")
            _spot_card(seat, shots, "roulette", "dozen:3")
            _calls(seat, shots, "roulette_calls_american")
    with tempfile.TemporaryDirectory() as tmp, _single_zero(job, Path(tmp)) as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            seat.act(i.CHIP, value=1 * DOLLAR)
            _calls(seat, shots, "roulette_calls_french")
            seat.act(i.CALL_BET, "voisins")  # the card closes; its nine chips on the felt
            seat.act(i.CALL_BET, "neighbours:26")
            seat.now += 1.0
            shots(seat, "roulette_calls_placed")
            roulette._sides(table, seat, shots)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "craps") as table:
        table.insert_bills(1, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            _favourites(table, seat, shots, "craps")
            _spot_card(seat, shots, "craps", "dont_pass")
    return shots.written


def _single_zero(job: Job, folder: Path) -> LiveTable:
    needs = (
        ("table", "game", "roulette"), ("table", "seats", "2"), ("table", "betting_seconds", "30"),
        ("roulette", "wheel", "single_zero"), ("touchdown", "offered", "false"), ("b2b", "offered", "true"),
        ("blazing7s", "offered", "true"), ("limits", "straight_max", "100.00"), ("lab", "mode", "false"),
    )  # fmt: skip
    return LiveTable(job.config(folder, needs), job.entropy("roulette"), job.start)


def _favourites(table: LiveTable, seat: LiveSeat, shots: Shots, game: str) -> None:
    """Bets saved in a favourite, the card showing it, and the favourite placed in the next round."""
    one_roll = ("field", "any_craps", "any_seven")  # craps: none left standing to refuse the replay
    spots = ("red", "dozen:2", "straight:17") if game == "roulette" else one_roll
    for spot in spots:
        seat.place(spot, 5 * DOLLAR)
    seat.act(i.FAVOURITE_SAVE, value=0)
    seat.act(i.CARD, "favourites")
    seat.now += 1.0
    shots(seat, f"{game}_favourites")
    seat.act(i.CARD)
    play(table, seat)
    next_window(table, seat)
    seat.now += 4.0
    seat.act(i.FAVOURITE_PLAY, value=0)
    seat.now += 1.0
    shots(seat, f"{game}_favourite_placed")


def _spot_card(seat: LiveSeat, shots: Shots, game: str, spot: str) -> None:
    """A long press on ``spot``: its card (name, pays, minimum, maximum, the seat's stake)."""
    layout = seat.app.game.layout
    found = next(a for a in layout.areas() if a.spot == spot) if layout is not None else None
    if found is None:
        return
    seat.app.gesture(Gesture("long_press", found.center), seat.now)
    seat.settle()
    shots(seat, f"{game}_spot_card")
    seat.act(i.CARD)


def _calls(seat: LiveSeat, shots: Shots, state: str) -> None:
    seat.act(i.CARD, "calls")
    seat.now += 1.0
    shots(seat, state)
    seat.act(i.CARD, "calls")  # closes it
