"""Long listings are paged, and a page is what the table shows: every row of every listing can be reached
by touch (a seat's 100 rounds, a round's wagers, every setting, every meter). Views are functions of the
state, so each is drawn from a state holding a long reply, touched, and drawn again on the next page."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from terminal.i18n import load_catalogue
from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service.layout.frame import Frame, pager
from terminal.service.state import Replies, ServiceState, Station
from terminal.service.ui import Ui
from terminal.service.views import config, meters, recall, report
from terminal.service.views.scene import Scene

SESSION = sm.ServiceSession("tech", "technician", ("meters", "recall", "config_view"), 600_000)
TIME = "2026-11-23T14:00:00.000000Z"


class Recording(Ui):
    """The real toolkit, noting every line of text it draws."""

    drawn: list[str]

    def text(self, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        self.drawn.append(text)
        return super().text(text, *args, **kw)


def every_page(
    state: ServiceState, screen: str, draw: Callable[[Ui, Scene], None]
) -> tuple[list[i.Intent], list[str]]:
    """Draw ``state``, then touch "next" until it is off: the row intents and the text of every page."""
    pygame.init()
    frame = Frame.of(1920, 1080)
    intents: list[i.Intent] = []
    drawn: list[str] = []
    for _ in range(200):
        ui = Recording(pygame.Surface((1920, 1080)))
        ui.drawn = []
        draw(ui, Scene(state, Station("T-01", 8), load_catalogue("en"), frame, 0.0))
        intents += [intent for _, intent in ui.hits if intent.kind in (i.OPEN_ROUND, i.EDIT)]
        drawn += ui.drawn
        following = ui.click(pager(frame).next.center)
        if following is None:
            return intents, drawn
        assert following == i.Intent(i.PAGE, screen, value=state.pages.of(screen) + 1)
        state = replace(state, pages=state.pages.at(screen, following.value))
    raise AssertionError("the pager never ends")


def test_every_round_of_a_seat_is_reachable() -> None:
    rounds = tuple(sm.RoundLine(n, TIME, "roulette", str(n % 37), 100, 0) for n in range(100, 0, -1))
    state = ServiceState(screen="recall", session=SESSION, replies=Replies(recall=sm.RecallList(1, rounds)))
    intents, _ = every_page(state, "recall", recall.draw)
    assert sorted(int(x.name) for x in intents) == list(range(1, 101))


def test_every_wager_of_a_recalled_round_is_reachable() -> None:
    wagers = tuple(sm.RecallWager(1 + n % 8, "red", f"table-{n}", 100, "lose", 0) for n in range(20))
    seats = tuple(sm.RecallSeat(s, 1_000, 300, 0, 700) for s in range(1, 9))
    detail = sm.RoundRecall(7, TIME, "roulette", "settled", "17", wagers, seats)
    state = ServiceState(screen="recall", session=SESSION, replies=Replies(round=detail))
    _, drawn = every_page(state, "round", recall.draw)
    assert {f"table-{n}" for n in range(20)} <= set(drawn)


def test_every_setting_is_reachable() -> None:
    """A page held 14 settings and the table showed 13: the 14th of each page was out of reach."""
    entries = tuple(sm.ConfigEntry("table", f"key_{n}", str(n), False) for n in range(40))
    state = ServiceState(
        screen="config", session=SESSION, replies=Replies(config=sm.ConfigListing("k", entries))
    )
    intents, _ = every_page(state, "config", config.draw)
    assert sorted(x.args[1] for x in intents) == sorted(f"key_{n}" for n in range(40))


@pytest.mark.parametrize("count", [18, 40])
def test_every_meter_is_reachable(count: int) -> None:
    """A table with many bill values has more meters than the table shows: they page with the wagers."""
    names = tuple(f"bill:{100 * (n + 1)}:count" for n in range(count))
    report = sm.MetersReport(tuple(sm.MeterView(name, 1) for name in names), ())
    state = ServiceState(screen="meters", session=SESSION, replies=Replies(meters=report))
    _, drawn = every_page(state, "meters", meters.draw)
    cat = load_catalogue("en")
    wanted = {
        cat.text("service.meter.bill_count", bill=cat.money(100 * (n + 1), "USD")) for n in range(count)
    }
    assert wanted <= set(drawn)


def test_every_figure_and_event_of_the_day_is_reachable() -> None:
    figures = tuple(sm.MeterView(f"meter figure_{n}_count", n) for n in range(50))
    kinds = tuple(sm.MeterView(f"kind_{n}", n) for n in range(30))
    state = ServiceState(
        screen="report", session=SESSION, replies=Replies(report=sm.DayReport("d", figures, kinds))
    )
    _, drawn = every_page(state, "report", report.draw)
    assert {f"meter figure_{n}_count" for n in range(50)} | {f"kind {n}" for n in range(30)} <= set(drawn)
