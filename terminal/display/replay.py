"""Screenshots of a real run: a recorder links as the display during a headless run, then the recorded
messages are replayed through the model and painted at the moments that matter.

The shots: the betting window, no more bets, the wheel mid-spin (or the dice mid-tumble), the outcome
with its winners, and, when a Touchdown game was played, the field mid-drive.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from terminal.config import Config
from terminal.display.gl import pyglet
from terminal.display.link import CLIENT_ID
from terminal.display.model import DisplayModel, LinkUp, apply
from terminal.display.painter import Painter
from terminal.display.scene import scene_at, settle_time
from terminal.games.roulette.engine import TouchdownView
from terminal.i18n import load_catalogue
from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.game_state import read_state
from terminal.net.keys import load_keys
from terminal.net.links import client_tls, local_host

Recorded = list[tuple[float, object]]


def recorder(c: Config, into: Recorded) -> Callable[[int, asyncio.Event], Coroutine[Any, Any, None]]:
    """An observer for ``run_headless``: records every push to the display with the loop's time."""

    async def observe(port: int, stop: asyncio.Event) -> None:
        key, tls = load_keys(c.seat.keys_path)[CLIENT_ID], client_tls(c, CLIENT_ID)
        client = TableClient(CLIENT_ID, key, local_host(c.table.host), port, tls=tls)
        await client.connect()
        loop = asyncio.get_running_loop()
        into.append((loop.time(), LinkUp()))
        try:
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    into.append((loop.time(), await client.receive(timeout_s=0.05)))
            # The last round's GameView and History may still be on the way: take them until it is quiet.
            with contextlib.suppress(TimeoutError):
                while True:
                    into.append((loop.time(), await client.receive(timeout_s=0.05)))
        finally:
            await client.close()

    return observe


def _model_until(c: Config, recorded: Recorded, end: int) -> DisplayModel:
    model = DisplayModel(
        game=c.table.game,
        wheel=c.roulette.wheel,
        test_mode=c.lab.mode,
        currency=c.money.currency,
        yards=c.touchdown.yards,
    )
    for at, message in recorded[:end]:
        model = apply(model, message, at)
    return model


@dataclass(frozen=True, slots=True)
class Moment:
    """One shot: paint the model after the first ``end`` messages at ``at`` (``without_result``: as the
    screen is once the last result's presentation is over)."""

    name: str
    end: int
    at: float
    without_result: bool = False


def _moments(c: Config, recorded: Recorded) -> list[Moment]:
    """The shots of a run."""
    results = [k for k, (_, msg) in enumerate(recorded) if isinstance(msg, m.Result)]
    if not results:
        return []
    last = results[-1]
    opened = max((k for k in range(last) if _is_open(recorded[k][1])), default=0)
    state_at = recorded[opened][0]
    state = recorded[opened][1]
    window = state.countdown_ms / 1000 if isinstance(state, m.TableState) else 0.0
    at = recorded[last][0]
    probe = _model_until(c, recorded, last + 1)
    shown = last + 1  # the GameView and History pushed with the Result belong to the outcome shown
    while shown < len(recorded) and isinstance(recorded[shown][1], m.GameView | m.History):
        shown += 1
    # A headless table opens the window the instant the last result is sent; on a real-time table the
    # result has been shown by then: the window's shots are painted as that table shows them.
    moments = [
        Moment("display-run-1-betting", opened + 1, state_at + 0.2, without_result=True),
        Moment("display-run-2-no-more-bets", opened + 1, state_at + window + 0.2, without_result=True),
        Moment("display-run-3-spin", last + 1, at + settle_time(probe) * 0.5),
        Moment("display-run-4-outcome", shown, at + settle_time(probe) + 2.0),
    ]
    drive = [k for k, (_, msg) in enumerate(recorded) if _mid_drive(msg)]
    if drive:
        k = drive[-1]
        moments.append(
            Moment("display-run-5-touchdown-mid-drive", k + 1, recorded[k][0] + settle_time(probe) + 3.0)
        )
    return moments


def _is_open(message: object) -> bool:
    return isinstance(message, m.TableState) and message.phase == "open"


def _mid_drive(message: object) -> bool:
    state = read_state(message) if isinstance(message, m.GameView) else None
    td = getattr(state, "touchdown", None)
    if not isinstance(td, TouchdownView):
        return False
    return td.phase == "game" and 1 <= len(td.gains) <= 3


def render_run_screens(c: Config, recorded: Recorded, out_dir: Path) -> list[Path]:
    """Paint the run's moments into ``out_dir``; returns the files written (none if no round was seen)."""
    moments = _moments(c, recorded)
    if not moments:
        return []
    window = pyglet.window.Window(c.display.width, c.display.height, visible=False)
    try:
        painter = Painter(window, load_catalogue(c.seat.language), c.display.history_length)
        written = []
        for moment in moments:
            model = _model_until(c, recorded, moment.end)
            model = replace(model, result=None) if moment.without_result else model
            painter.paint(scene_at(model, moment.at, c.display.history_length))
            written.append(painter.save(out_dir / f"{moment.name}.png"))
        return written
    finally:
        window.close()
