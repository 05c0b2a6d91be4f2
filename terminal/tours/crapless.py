"""Crapless Craps' seat tour: the come-out with the Fire Bet and Hard Rock'n Dice on (they ship off; the
tour turns them on to show them), a point with come, put and odds bets, the Fire and Hard Rock'n marks,
a point box's picker and the pages."""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens import DOLLAR, Shots, has, next_window, pages, picker, play
from terminal.lab.screens_job import Job
from terminal.tours.craps import _help_page, until_come_point

GAME = "crapless"


def tour(job: Job) -> list[Path]:
    """Crapless: the come-out, a point with come, put and odds, the Fire and Hard Rock'n marks, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, _table(job, Path(tmp)) as table:
        table.insert_bills(1, *(100 * DOLLAR,) * 3)
        with LiveSeat(table, 1, size=job.size) as seat:
            _rounds(table, seat, shots)
            picker(seat, shots, GAME)
            pages(seat, shots, GAME)
            _help_page(seat, shots, "help.family.hard_rockn", "crapless_help_hard_rockn")
    return shots.written


def _table(job: Job, folder: Path) -> LiveTable:
    needs = (
        ("table", "game", GAME), ("table", "seats", "2"), ("table", "betting_seconds", "30"),
        ("money", "handpay_limit", "1000.00"), ("seat", "reality_check_minutes", "30"),
        ("hard_rockn_dice", "offered", "true"),
    )  # fmt: skip
    return LiveTable(job.config(folder, needs), job.entropy(GAME), job.start)


def _point(seat: LiveSeat) -> int | None:
    point = getattr(seat.model.state, "point", None)
    return point if isinstance(point, int) else None


def _marks(seat: LiveSeat, spot: str) -> tuple[int, ...]:
    found = [w for w in seat.model.me.wagers if w.spot == spot] if seat.model.me else []
    return found[0].marks if found else ()


def _rounds(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for spot, chip in (("pass", 10), ("fire_bet", 1), ("six_string", 1), ("fab_four", 1), ("the_tenor", 1),
                       ("place_2", 2), ("field", 1)):  # fmt: skip
        seat.place(spot, chip * DOLLAR)
    seat.now += 3.0
    shots(seat, "crapless_come_out")
    until_come_point(table, seat, shots, "crapless", _point, 5)
    seat.place("put_11", 5 * DOLLAR)
    seat.place("put_odds_11", 10 * DOLLAR)
    seat.place("hard_8", 1 * DOLLAR)
    seat.now += 9.0
    shots(seat, "crapless_point_put_odds")
    _fire(table, seat, shots)


def _fire(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for _ in range(600):  # until the shooter made a point (Fire marked) and Hard Rock'n marks stand
        if _marks(seat, "fire_bet") and len(_marks(seat, "the_tenor")) >= 3:
            break
        if not has(seat, "fire_bet") and getattr(seat.model.state, "new_shooter", False):
            seat.place("fire_bet", 1 * DOLLAR)
        if not has(seat, "the_tenor") and not getattr(seat.model.state, "marks", (1,)):
            seat.place("the_tenor", 1 * DOLLAR)
            seat.place("six_string", 1 * DOLLAR)
        play(table, seat)
        next_window(table, seat)
    else:
        raise LiveTableError("no Fire point made with Hard Rock'n marks in 600 rolls")
    seat.now += 9.0
    shots(seat, "crapless_fire_marks")
