"""Roulette's seat tour: betting, a limit, the lock, a result, the Touchdown prompt and drive, the pages,
a hand-pay, and the stops every table has."""

from __future__ import annotations

import tempfile
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens import (
    DOLLAR,
    Shots,
    has,
    live_table,
    next_window,
    pages,
    picker,
    play,
    seat_pages,
    stops,
)
from terminal.lab.screens_job import Job
from terminal.seat import intents as i
from terminal.seat.pages import help_sheets
from terminal.seat.win_banner import seat_round
from terminal.tours.simple import play_until_a_win


def tour(job: Job) -> list[Path]:
    """Roulette and Touchdown: betting, a limit, the lock, a result, the team prompt, a drive, the pages."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), "roulette") as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            _round(table, seat, shots)
            _paid_net(table, seat, shots)
            _big_win(table, seat, shots)
            _sides(table, seat, shots)
            _touchdown(table, seat, shots)
            picker(seat, shots, "roulette")
            pages(seat, shots, "roulette")
            seat_pages(seat, shots)
            _handpay(table, shots)
            stops(table, seat, shots)
    return shots.written


def _bet(seat: LiveSeat) -> None:
    chips = (("red", 5), ("dozen:2", 5), ("straight:17", 1), ("split:17-20", 1), ("corner:1-2-4-5", 1))
    for spot, chip in chips:
        seat.place(spot, chip * DOLLAR)
    seat.place("five_adjacent:17", 5 * DOLLAR)


def _round(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    _bet(seat)
    seat.now += 4.0
    shots(seat, "roulette_betting")
    seat.place("straight:17", 500 * DOLLAR)  # over the straight's maximum: refused on the seat, limit named
    shots(seat, "roulette_limit_message")
    seat.now += 30.0  # the countdown ran out: the table is locked
    seat.act(i.PLACE, "straight:5")  # a touch after the lock: refused on screen
    shots(seat, "roulette_locked")
    play_until_a_win(table, seat, "roulette", shots)
    seat.now += 0.5
    shots(seat, "roulette_result_counting")
    seat.now += 2.0
    shots(seat, "roulette_result")


def _paid_net(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    """A round that pays back less than it staked (a column of three and a straight on 0): "Paid $3.00 ·
    net -$1.00", never "You win"."""
    for n in range(40):
        next_window(table, seat)
        seat.now += 10.0
        for spot in ("column:1", "column:2", "column:3", "straight:0"):
            seat.place(spot, 1 * DOLLAR)
        if n == 0:
            seat.act(i.READY)  # the controller takes the seat's Ready: "Bets accepted"
            shots(seat, "roulette_bets_accepted")
        play(table, seat)
        mine = seat_round(seat.app.control)
        if mine is not None and 0 < mine.paid < mine.staked:
            break
    else:
        raise LiveTableError("no round that paid less than it staked in 40 spins")
    seat.now += 1.0
    shots(seat, "roulette_paid_less_than_staked")


def _big_win(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    """A street alone (11 to 1: twelve times its stake back) until it hits: the big win's banner while
    its amount counts up, and once counted."""
    for _ in range(200):
        next_window(table, seat)
        seat.now += 10.0
        seat.place("street:16-17-18", 1 * DOLLAR)
        play(table, seat)
        mine = seat_round(seat.app.control)
        if mine is not None and mine.tier in ("big", "huge"):
            break
    else:
        raise LiveTableError("no big win in 200 spins")
    seat.now += 0.6
    shots(seat, "roulette_big_win_counting")
    seat.now += 1.5
    shots(seat, "roulette_big_win")


def _offered(seat: LiveSeat, kind: str) -> bool:
    offer = seat.model.offer
    return offer is not None and any(w.wager == kind for w in offer.wagers)


def _sides(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    """B2B and Blazing 7's where offered: their chips beside a red, then spins until 7, 17 or 27 starts
    a Blazing 7's bonus (its three balls on the seat)."""
    b2b, blazing = _offered(seat, "b2b"), _offered(seat, "blazing7s")
    if not (b2b or blazing):
        return
    for n in range(400):
        next_window(table, seat)
        seat.now += 10.0
        seat.place("red", 1 * DOLLAR)
        for kind, on in (("b2b", b2b), ("blazing7s", blazing)):
            if on:
                seat.place(kind, 1 * DOLLAR)
        if n == 0:
            shots(seat, "roulette_sides_betting")
        play(table, seat)
        if not blazing or (seat.model.blazing is not None and seat.model.blazing.balls):
            break
    else:
        raise LiveTableError("no Blazing 7's bonus in 400 spins")
    seat.now += 2.0
    shots(seat, "roulette_sides_result")
    _side_help(seat, shots)


def _side_help(seat: LiveSeat, shots: Shots) -> None:
    """The help pages of B2B and Blazing 7's, turned to from the first page as a player would (the pages
    as this screen lays them out: a small screen splits a family over several)."""
    app = seat.app
    seat.act(i.SCREEN, "help")
    titles = [sheet.title for sheet in help_sheets(app.painter, app.control, app.frame)]
    at = 0
    for title in ("wager.b2b", "wager.blazing7s"):
        if title not in titles:
            continue
        for _ in range(titles.index(title) - at):
            seat.act(i.PAGE, value=1)
        at = titles.index(title)
        shots(seat, f"roulette_help_{title.removeprefix('wager.')}")
    seat.act(i.SCREEN, "game")


def _touchdown(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for _ in range(400):  # until 0 or 00 triggers this seat's Touchdown game
        next_window(table, seat)
        seat.now += 10.0
        if not has(seat, "touchdown"):
            seat.place("touchdown", 1 * DOLLAR)
        play(table, seat)
        if seat.model.prompt is not None:
            break
    else:
        raise LiveTableError("no Touchdown trigger in 400 spins")
    seat.now += 3.0
    shots(seat, "touchdown_team_prompt")
    seat.act(i.TEAM, "red")
    for _ in range(2):  # two downs of the drive
        next_window(table, seat)
        seat.now += 10.0
        seat.place("red", 1 * DOLLAR)
        play(table, seat)
    seat.now += 9.0
    table.open_next()
    seat.settle()
    shots(seat, "touchdown_mid_drive")


def _attract(idle: LiveSeat, shots: Shots) -> None:
    """A seat with no credits, untouched for ``[seat] attract_seconds``: its attract loop."""
    idle.now += idle.app.control.attract_seconds + 1.0
    idle.pump()
    shots(idle, "attract")


def _handpay(table: LiveTable, shots: Shots) -> None:
    with LiveSeat(table, 2, size=shots.size) as big:
        _attract(big, shots)  # no credits yet
        table.insert_bills(2, *(100 * DOLLAR,) * 10)
        big.until(lambda s: s.me is not None and s.me.credits > 0, "the bills")
        for _ in range(60):  # a column or dozen win of $500 nets $1,000: the hand-pay limit
            next_window(table, big)
            big.place("column:1", 500 * DOLLAR)
            big.place("dozen:1", 500 * DOLLAR)
            play(table, big)
            if any(reason == "handpay" for reason, _ in big.model.tilts):
                break
        else:
            raise LiveTableError("no hand-pay in 60 rounds (try another --seed)")
        big.now += 1.0
        shots(big, "handpay")
