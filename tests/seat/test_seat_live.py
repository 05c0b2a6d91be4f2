"""A seat against a real table (controller, ledger, RNG, devices, protocol), driven by posted events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from terminal import config as configuration
from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.lab.screens import play
from terminal.seat.main import init_headless

RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}  # GAMES.md § 1.1


@pytest.fixture
def table(tmp_path: Path) -> LiveTable:
    init_headless()
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\ngame = roulette\nseats = 1\nbetting_seconds = 30\n", encoding="utf-8")
    return LiveTable(configuration.load(cfg))


def tap(seat: LiveSeat, pos: tuple[int, int]) -> None:
    """A finger tap as SDL reports it (with its synthesised mouse copy), through pygame's event queue."""
    w, h = seat.app.frame.width, seat.app.frame.height
    pygame.event.clear()
    for kind, mouse in ((pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN), (pygame.FINGERUP, pygame.MOUSEBUTTONUP)):
        pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=0))
        pygame.event.post(pygame.event.Event(mouse, pos=pos, button=1, touch=True))
    for event in pygame.event.get():
        seat.app.handle_event(event, seat.now)
    seat.settle()


def stakes(seat: LiveSeat) -> list[tuple[str, int]]:
    """The seat's wagers by spot (chips placed apart on one spot are separate wager lines)."""
    totals: dict[str, int] = {}
    for w in seat.model.me.wagers if seat.model.me else ():
        totals[w.spot] = totals.get(w.spot, 0) + w.amount
    return sorted(totals.items())


def button(seat: LiveSeat, key: str) -> tuple[int, int]:
    return next(b.rect.center for b in seat.app.game.buttons() if b.key == key)


def chip(seat: LiveSeat, value: int) -> tuple[int, int]:
    return next(rect.center for rect, _, v in seat.app.game.chips() if v == value)


def test_a_scripted_round_places_locks_settles_and_shows_the_right_credits(table: LiveTable) -> None:
    with table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.until(lambda s: s.me is not None and s.me.credits == 10_000, "the bill's credits")
            tap(seat, chip(seat, 500))
            seat.act("place", "red")  # the layout's tap posts this intent (tested with the layouts below)
            assert stakes(seat) == [("red", 500)]
            tap(seat, button(seat, "button.double"))
            assert stakes(seat) == [("red", 1000)]
            assert seat.model.me.credits == 9_000
            tap(seat, button(seat, "button.ready"))
            seat.now += 31.0  # the window's countdown ran out on the seat: locked
            tap(seat, button(seat, "button.undo"))
            assert seat.model.notice is not None and seat.model.notice.key == "bets.closed"
            assert seat.model.me.total_bet == 1000  # the refused touch changed nothing
            play(table, seat)
            seat.now += 2.0
            outcome = seat.model.result.outcome if seat.model.result else ""
            won = outcome.isdigit() and outcome not in ("0", "00") and int(outcome) in RED
            expected = 9_000 + (2_000 if won else 0)
            assert table.call(lambda: table.table.cashier.credits(1)) == expected
            assert seat.model.me.credits == expected and seat.model.credits_shown(seat.now) == expected
            assert seat.model.winners() == ((("red", 2_000),) if won else ())
            surface = pygame.Surface((seat.app.frame.width, seat.app.frame.height))
            seat.app.draw(surface, seat.now)  # the result screen draws


def test_repeat_places_last_rounds_wagers_again(table: LiveTable) -> None:
    with table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.place("black", 500)
            play(table, seat)
            table.open_next()
            seat.until(lambda s: s.betting_open, "the next window")
            tap(seat, button(seat, "button.repeat"))
            assert stakes(seat) == [("black", 500)]


def test_touches_on_the_layout_place_on_the_spot_touched(table: LiveTable) -> None:
    with table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            layout = seat.app.game.layout
            assert layout is not None
            areas = {a.spot: a for a in layout.areas()}
            tap(seat, chip(seat, 100))
            for spot in ("red", "straight:17", "dozen:2"):
                tap(seat, areas[spot].center)
            assert sorted(w.spot for w in seat.model.me.wagers) == ["dozen:2", "red", "straight:17"]
            seat.now += 1.0
            pygame.event.post(
                pygame.event.Event(
                    pygame.FINGERDOWN,
                    x=areas["red"].center[0] / 1920,
                    y=areas["red"].center[1] / 1080,
                    finger_id=0,
                    touch_id=0,
                )
            )
            for event in pygame.event.get():
                seat.app.handle_event(event, seat.now)
            seat.now += seat.app.pointer.long_press_s + 0.05
            seat.pump()
            seat.settle()
            assert sorted(w.spot for w in seat.model.me.wagers) == ["dozen:2", "straight:17"]
