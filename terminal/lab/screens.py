"""What every screen set is made with: a live table, a seat's shots in every language, the shared states.

A screen set boots a real table (controller, ledger and RNG in a temporary folder, a manual clock),
links real seat screens over the authenticated protocol and drives them with real messages: bills
stacked through the simulated acceptor, wagers placed from the seat, rounds played until the state
wanted comes up, doors opened, the link dropped. Each game's seat tour lives with the other screen sets
in :mod:`terminal.tours`; this module holds what they share (:class:`Shots`, :func:`live_table`,
:func:`play`, the pages every game shows, the stops every table has), the sets that are no game's (the
TEST watermark, the table display, the service screens) and the headless run's seat screenshots. Each
renderer takes a :class:`~terminal.lab.screens_job.Job` (folder, languages, size, seed, the user's
configuration); the table's DRBG is seeded from the job's seed, so every run reaches the same states.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from terminal.config import Config
from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.lab.screens_job import Job
from terminal.seat import care
from terminal.seat import intents as i
from terminal.seat.layouts.layered import LayeredLayout
from terminal.seat.main import init_headless
from terminal.seat.model import SeatModel

Progress = Callable[[str], None]
Renderer = Callable[[Job], list[Path]]
DOLLAR = 100


def live_table(job: Job, folder: Path, game: str, lab: bool = False) -> LiveTable:
    """A live table of ``game`` on the job's configuration, with what the seat sets need to reach."""
    needs = (
        ("table", "game", game), ("table", "seats", "2"), ("table", "betting_seconds", "30"),
        ("limits", "straight_max", "100.00"), ("money", "handpay_limit", "1000.00"),
        ("seat", "reality_check_minutes", "30"), ("lab", "mode", "true" if lab else "false"),
    )  # fmt: skip
    c = job.config(folder, needs)
    return LiveTable(c, job.entropy(game), job.start)


class Shots:
    """Names and writes the PNGs of one screen set, in every language asked for."""

    def __init__(self, job: Job) -> None:
        self.out, self.languages, self.progress = job.out, job.languages, job.progress
        self.size = job.size
        self.written: list[Path] = []

    def __call__(self, seat: LiveSeat, state: str) -> None:
        """Write ``seat``'s screen as ``seat_<state>_<lang>.png`` for each language."""
        before = seat.app.painter.language
        for language in self.languages:
            self.one(seat, state, language)
        seat.app.painter.set_language(before)
        self.progress(f"seat {state}")

    def one(self, seat: LiveSeat, state: str, language: str) -> None:
        """Write ``seat``'s screen in ``language`` as ``seat_<state>_<language>.png``."""
        seat.app.painter.set_language(language)
        self.written.append(seat.shot(self.out / f"seat_{state}_{language}.png"))


def picker(seat: LiveSeat, shots: Shots, game: str) -> None:
    """The layout's picker open (roulette's zeros, a craps point box's wagers: the 6's), then closed."""
    layout = seat.app.game.layout
    names = [p.name for p in layout.pickers()] if isinstance(layout, LayeredLayout) else []
    if not names:
        return
    seat.act(i.PICK, next((n for n in names if n.endswith(":6")), names[0]))
    shots(seat, f"{game}_picker")
    seat.act(i.PICK)


def pages(seat: LiveSeat, shots: Shots, game: str) -> None:
    """The game's help (two pages), history, statistics and session screens, then back to the game."""
    seat.now += 2.0
    for screen in ("help", "history", "stats", "session"):
        seat.act(i.SCREEN, screen)
        shots(seat, f"{game}_{screen}")
        if screen == "help":
            seat.act(i.PAGE, value=1)
            shots(seat, f"{game}_help_page2")
    seat.act(i.SCREEN, "game")


def seat_pages(seat: LiveSeat, shots: Shots) -> None:
    """What every seat shows whatever the game: the reality check, cashing out, the hardware panel."""
    seat.now += seat.app.control.reality_seconds + 1  # the reality check comes due
    seat.pump()
    shots(seat, "reality_check")
    seat.act(i.DISMISS, "reality")
    seat.act(i.SCREEN, "session")
    seat.act(i.LIMIT, "time")  # 30 minutes: the session has lasted that long already
    seat.act(i.LIMIT, "loss")
    shots(seat, "session_limits")
    seat.act(i.SCREEN, "game")
    shots(seat, "limit_reached")  # no wager until Continue or Cash out
    while care.reached(seat.app.control.model, seat.now) is not None:  # each Continue switches one off
        seat.act(i.DISMISS, "limit")
    seat.act(i.SCREEN, "cashout")
    shots(seat, "cashout_confirm")
    seat.act(i.CASH_OUT)
    seat.until(lambda s: s.voucher is not None, "the voucher")
    shots(seat, "cashout_voucher")
    seat.act(i.DISMISS, "voucher")
    seat.act(i.HARDWARE)  # the simulated bill acceptor and ticket reader, the voucher just printed in it
    shots(seat, "hardware_panel")
    printed = seat.app.control.ui.vouchers[-1][0]
    seat.act(i.VOUCHER, printed)  # back in through the reader: redeemed, credits added
    shots(seat, "hardware_voucher_redeemed")
    seat.act(i.CALL, "on")  # the seat's call button: the tower's yellow lamp lights, the alarm beeps
    seat.until(lambda model: model.tower is not None and bool(model.tower.calls), "the tower lit")
    shots(seat, "hardware_service_call")
    seat.act(i.CALL, "off")
    seat.act(i.HARDWARE)


def stops(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    """The seat disabled by the casino system, out of service, tilted by an open door, its link lost."""
    table.insert_bills(1, 20 * DOLLAR)
    seat.settle()
    table.sas_shutdown(1, True)  # SAS long poll 01 from the casino's system
    seat.settle()
    shots(seat, "tilt_sas_disabled")
    table.sas_shutdown(1, False)
    seat.settle()
    table.service_key(True)  # first: a door tilt stays until an attendant clears it, and would show here
    seat.settle()
    shots(seat, "out_of_service")
    table.service_key(False)
    table.door(True)
    seat.settle()
    shots(seat, "tilt_door_open")
    table.drop_links()
    seat.until(lambda s: s.link == "lost", "the lost link")
    shots(seat, "link_lost")


def next_window(table: LiveTable, seat: LiveSeat) -> None:
    """Open the next betting window and wait until ``seat`` sees it open."""
    table.open_next()
    seat.until(lambda s: s.betting_open, "the next window")


def spin(table: LiveTable, seat: LiveSeat) -> None:
    """Play the open round and wait until ``seat`` shows it in play (its outcome held until the reveal)."""
    round_id = table.table.round_id
    table.play()
    seat.until(lambda s: _in_play_or_shown(s, round_id), f"the result of round {round_id}")
    seat.settle()


def reveal(seat: LiveSeat) -> None:
    """Move ``seat``'s clock to the reveal time of the round in play: the outcome shows."""
    rolling = seat.model.rolling
    if rolling is not None:
        seat.now = max(seat.now, rolling.until)
        seat.pump()


def play(table: LiveTable, seat: LiveSeat) -> None:
    """Play the open round and wait until ``seat`` has its result and every message after it (its clock
    moved to the round's reveal time)."""
    spin(table, seat)
    reveal(seat)


def in_play(table: LiveTable, seat: LiveSeat, shots: Shots, state: str) -> None:
    """Play the open round and shoot ``seat`` while it is in play (half-way to the reveal), then reveal it."""
    spin(table, seat)
    rolling = seat.model.rolling
    if rolling is not None:
        seat.now = (rolling.since + rolling.until) / 2
    shots(seat, state)
    reveal(seat)


def _in_play_or_shown(model: SeatModel, round_id: int) -> bool:
    if model.rolling is not None and model.rolling.round_id == round_id:
        return True
    return model.result is not None and model.result.round_id == round_id


def has(seat: LiveSeat, spot: str) -> bool:
    """Whether ``seat`` has a wager on ``spot``."""
    return seat.model.me is not None and any(w.spot == spot for w in seat.model.me.wagers)


def test_mode(job: Job) -> list[Path]:
    """A table in lab mode (the configuration's game): the TEST watermark on the seat."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp:
        game = job.config(Path(tmp)).table.game
    with tempfile.TemporaryDirectory() as tmp, live_table(job, Path(tmp), game, lab=True) as table:
        table.insert_bills(1, 50 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            spot, _ = table.table.driver.setup.showcase[0]
            seat.place(spot, 5 * DOLLAR)
            seat.now += 2.0
            shots(seat, "test_watermark")
    return shots.written


def display(job: Job) -> list[Path]:
    """The table display (wheel, dice, field, banners) in each language, as ``display_<state>_<lang>.png``."""
    import os

    os.environ.setdefault("TERMINAL_DISPLAY_HEADLESS", "1")  # before pyglet is imported
    from terminal.display.screens import render_display_screens

    written: list[Path] = []
    for language in job.languages:
        with tempfile.TemporaryDirectory() as tmp:
            c = job.config(Path(tmp), (("seat", "language", language),))
            shots = render_display_screens(c, Path(tmp) / "display")
            for shot in shots:
                target = job.out / f"display_{shot.stem.removeprefix('display-')}_{language}.png"
                target.parent.mkdir(parents=True, exist_ok=True)
                written.append(Path(shutil.move(shot, target)))  # the temporary folder may be another disk
        job.progress(f"display {language}: {len(shots)} screens")
    return written


def service(job: Job) -> list[Path]:
    """Every service screen against a real controller, as ``service-<lang>-<screen>.png``."""
    from terminal.lab.service_demo import render_service_screens

    written: list[Path] = []
    for language in job.languages:
        with tempfile.TemporaryDirectory() as tmp:
            c, entropy = job.config(Path(tmp)), job.entropy("service")
            written += render_service_screens(c, job.out, language, job.size, entropy)
        job.progress(f"service {language}")
    return written


def seat_screenshots(c: Config, out_dir: Path, seats: int) -> list[Path]:
    """One screenshot per seat of the table in ``c`` as its ledger left it (``terminal run --headless``)."""
    init_headless()
    written = []
    with LiveTable(c) as table:
        for number in range(1, seats + 1):
            size = (c.seat.width, c.seat.height)
            with LiveSeat(table, number, language=c.seat.language, size=size) as seat:
                seat.now += 1.0
                written.append(seat.shot(out_dir / f"seat-{number}.png"))
    return written


def of_language(written: list[Path], language: str) -> list[Path]:
    """The files of one language: ``..._<lang>.png`` and ``service-<lang>-....png``."""
    return [p for p in written if p.stem.endswith(f"_{language}") or p.stem.startswith(f"service-{language}")]
