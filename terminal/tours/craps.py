"""Craps's seat tour: the come-out, a point with come bets and odds, Lucky Shooter and Hot Roller progress,
the pages."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from terminal.games.craps.hot_roller import completed
from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens import DOLLAR, Shots, has, in_play, live_table, next_window, pages, picker, play
from terminal.lab.screens_job import Job
from terminal.seat import intents as i
from terminal.seat.pages import help_sheets


def tour(job: Job) -> list[Path]:
    """Craps: the come-out, a point with come bets and odds, Lucky Shooter and Hot Roller progress, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "craps") as table:
        table.insert_bills(1, *(100 * DOLLAR,) * 3)
        with LiveSeat(table, 1, size=job.size) as seat:
            _rounds(table, seat, shots)
            picker(seat, shots, "craps")
            pages(seat, shots, "craps")
            _help_page(seat, shots, "wager.hot_roller", "craps_help_hot_roller")
    return shots.written


def _help_page(seat: LiveSeat, shots: Shots, title: str, state: str) -> None:
    """The help screen at the first page titled ``title`` (in each language: pages differ in length)."""
    app = seat.app
    before = app.painter.language
    seat.act(i.SCREEN, "help")
    for language in shots.languages:
        app.painter.set_language(language)
        found = help_sheets(app.painter, app.control, app.frame)
        page = next((n for n, sheet in enumerate(found) if sheet.title == title), len(found) - 1)
        seat.act(i.PAGE, value=page - app.control.ui.page)
        shots.one(seat, state, language)
    app.painter.set_language(before)
    seat.act(i.SCREEN, "game")


def _point(seat: LiveSeat) -> int | None:
    craps = seat.model.craps
    return craps.point if craps is not None else None


def until_come_point(table: LiveTable, seat: LiveSeat, shots: Shots, game: str,
                     point_of: Callable[[LiveSeat], int | None], come: int) -> None:  # fmt: skip
    """Roll until a point is on with a come bet moved to its number and odds behind it (Pass, its odds
    and Come kept up on the way, Come and its odds ``come`` dollars), the first roll shot in play; craps
    and Crapless Craps alike."""
    for n in range(300):
        if n == 0:
            in_play(table, seat, shots, f"{game}_in_play")
        else:
            play(table, seat)
        next_window(table, seat)
        point = point_of(seat)
        if point is None and not has(seat, "pass"):
            seat.place("pass", 10 * DOLLAR)
        if point is not None and not has(seat, "pass_odds") and has(seat, "pass"):
            seat.place("pass_odds", 10 * DOLLAR)
        moved = [w for w in seat.model.me.wagers if w.spot == "come" and w.number] if seat.model.me else []
        if point is not None and moved:
            seat.place(f"come_odds_{moved[0].number}", come * DOLLAR)
            return
        if point is not None and not has(seat, "come"):
            seat.place("come", come * DOLLAR)
    raise LiveTableError("no come point in 300 rolls")


def _rounds(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    firsts = (("pass", 10), ("lucky_shooter", 5), ("fire", 1), ("all_small", 1), ("all_tall", 1),
              ("hot_roller", 5))  # fmt: skip
    for spot, chip in firsts:
        seat.place(spot, chip * DOLLAR)
    seat.place("place_6", 6 * DOLLAR)
    seat.now += 3.0
    shots(seat, "craps_come_out")
    until_come_point(table, seat, shots, "craps", _point, 10)
    seat.place("hard_8", 1 * DOLLAR)
    seat.now += 9.0
    shots(seat, "craps_point_come_odds")
    _lucky(table, seat, shots)


def _lucky(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for _ in range(300):  # until this seat's Lucky Shooter has a point and a number marked
        lucky = [w for w in seat.model.me.wagers if w.spot == "lucky_shooter"] if seat.model.me else []
        if lucky and lucky[0].number and lucky[0].marks:
            break
        if not lucky and _point(seat) is None:
            seat.place("lucky_shooter", 5 * DOLLAR)
        play(table, seat)
        next_window(table, seat)
    else:
        raise LiveTableError("no Lucky Shooter progress in 300 rolls")
    seat.now += 9.0
    shots(seat, "craps_lucky_shooter")
    _hot(table, seat, shots)


def _hot(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for _ in range(600):  # until this seat's Hot Roller has a number complete and more combinations thrown
        hot = [w for w in seat.model.me.wagers if w.spot == "hot_roller"] if seat.model.me else []
        if hot and len(hot[0].marks) >= 5 and completed(hot[0].marks):
            break
        if not hot and _point(seat) is None:
            seat.place("hot_roller", 5 * DOLLAR)
        play(table, seat)
        next_window(table, seat)
    else:
        raise LiveTableError("no Hot Roller number complete in 600 rolls")
    seat.now += 9.0
    shots(seat, "craps_hot_roller")
