"""Every seat screen in every state, rendered headless against a real table, one PNG per state and language.

Each screen set boots a real table (controller, ledger and RNG in a temporary folder, a manual clock),
links real seat screens over the authenticated protocol and drives them with real messages: bills
stacked through the simulated acceptor, wagers placed from the seat, rounds played until the state
wanted comes up (a Touchdown trigger, a craps point with a come bet), doors opened, the link dropped.
``SCREEN_SETS`` is the registry: the display and the service screens add their own renderers to it.
Each renderer takes a :class:`~terminal.lab.screens_job.Job` (folder, languages, size, seed, the user's
configuration); the table's DRBG is seeded from the job's seed, so every run reaches the same states, and
:func:`render_all` refuses a run in which two states of one language drew identical pictures.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from terminal.config import Config
from terminal.lab.live_table import LiveSeat, LiveTable, LiveTableError
from terminal.lab.screens_job import Job, ScreensError, duplicates
from terminal.seat import intents as i
from terminal.seat.main import init_headless

Progress = Callable[[str], None]
Renderer = Callable[[Job], list[Path]]
DOLLAR = 100


def _table(job: Job, folder: Path, game: str, lab: bool = False) -> LiveTable:
    """A live table of ``game`` on the job's configuration, with what the seat sets need to reach."""
    needs = (
        ("table", "game", game), ("table", "seats", "2"), ("table", "betting_seconds", "30"),
        ("limits", "straight_max", "100.00"), ("money", "handpay_limit", "1000.00"),
        ("seat", "reality_check_minutes", "30"), ("lab", "mode", "true" if lab else "false"),
    )  # fmt: skip
    c = job.config(folder, needs)
    return LiveTable(c, job.entropy(game))


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
            seat.app.painter.set_language(language)
            self.written.append(seat.shot(self.out / f"seat_{state}_{language}.png"))
        seat.app.painter.set_language(before)
        self.progress(f"seat {state}")


def roulette(job: Job) -> list[Path]:
    """Roulette and Touchdown: betting, a limit, the lock, a result, the team prompt, a drive, the pages."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, _table(job, Path(tmp), "roulette") as table:
        table.insert_bills(1, 100 * DOLLAR, 100 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            _roulette_round(table, seat, shots)
            _touchdown(table, seat, shots)
            _pages(table, seat, shots, "roulette")
            _handpay_and_stops(table, seat, shots)
    return shots.written


def _bet_roulette(seat: LiveSeat) -> None:
    for spot, chip in (
        ("red", 5),
        ("dozen:2", 5),
        ("straight:17", 1),
        ("split:17-20", 1),
        ("corner:1-2-4-5", 1),
    ):
        seat.place(spot, chip * DOLLAR)
    seat.place("five_adjacent:17", 5 * DOLLAR)


def _roulette_round(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    _bet_roulette(seat)
    seat.now += 4.0
    shots(seat, "roulette_betting")
    seat.place("straight:17", 500 * DOLLAR)  # over the straight's maximum: refused on the seat, limit named
    shots(seat, "roulette_limit_message")
    seat.now += 30.0  # the countdown ran out: the table is locked
    seat.act(i.PLACE, "straight:5")  # a touch after the lock: refused on screen
    shots(seat, "roulette_locked")
    for _ in range(60):  # until this seat wins something
        play(table, seat)
        if seat.model.winners():
            break
        table.open_next()
        seat.until(lambda s: s.betting_open, "the next window")
        seat.act(i.REPEAT)
    else:
        raise LiveTableError("no win for the seat in 60 spins (try another --seed)")
    seat.now += 0.5
    shots(seat, "roulette_result_counting")
    seat.now += 2.0
    shots(seat, "roulette_result")


def _touchdown(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for _ in range(400):  # until 0 or 00 triggers this seat's Touchdown game
        table.open_next()
        seat.until(lambda s: s.betting_open, "the next window")
        seat.now += 10.0
        if not any(w.spot == "touchdown" for w in (seat.model.me.wagers if seat.model.me else ())):
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
        table.open_next()
        seat.until(lambda s: s.betting_open, "the next window")
        seat.now += 10.0
        seat.place("red", 1 * DOLLAR)
        play(table, seat)
    seat.now += 9.0
    table.open_next()
    seat.settle()
    shots(seat, "touchdown_mid_drive")


def _pages(table: LiveTable, seat: LiveSeat, shots: Shots, game: str) -> None:
    seat.now += 2.0
    for screen in ("help", "history", "session"):
        seat.act(i.SCREEN, screen)
        shots(seat, f"{game}_{screen}")
        if screen == "help":
            seat.act(i.PAGE, value=1)
            shots(seat, f"{game}_help_page2")
    if game != "roulette":
        seat.act(i.SCREEN, "game")
        return
    seat.act(i.SCREEN, "game")
    seat.now += seat.app.control.reality_seconds + 1  # the reality check comes due
    seat.pump()
    shots(seat, "reality_check")
    seat.act(i.DISMISS, "reality")
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
    seat.act(i.HARDWARE)


def _handpay_and_stops(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    table.insert_bills(2, *(100 * DOLLAR,) * 10)
    with LiveSeat(table, 2, size=shots.size) as big:
        for _ in range(60):  # a column or dozen win of $500 nets $1,000: the hand-pay limit
            table.open_next()
            big.until(lambda s: s.betting_open, "the next window")
            big.place("column:1", 500 * DOLLAR)
            big.place("dozen:1", 500 * DOLLAR)
            play(table, big)
            if any(reason == "handpay" for reason, _ in big.model.tilts):
                break
        else:
            raise LiveTableError("no hand-pay in 60 rounds (try another --seed)")
        big.now += 1.0
        shots(big, "handpay")
    table.insert_bills(1, 20 * DOLLAR)
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


def craps(job: Job) -> list[Path]:
    """Craps: the come-out, a point with come bets and odds, Lucky Shooter progress, help."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, _table(job, Path(tmp), "craps") as table:
        table.insert_bills(1, *(100 * DOLLAR,) * 3)
        with LiveSeat(table, 1, size=job.size) as seat:
            _craps_rounds(table, seat, shots)
            _pages(table, seat, shots, "craps")
    return shots.written


def play(table: LiveTable, seat: LiveSeat) -> None:
    """Play the open round and wait until ``seat`` has its result and every message after it."""
    round_id = table.table.round_id
    table.play()
    seat.until(
        lambda s: s.result is not None and s.result.round_id == round_id, f"the result of round {round_id}"
    )
    seat.settle()


def _has(seat: LiveSeat, spot: str) -> bool:
    return seat.model.me is not None and any(w.spot == spot for w in seat.model.me.wagers)


def _point(seat: LiveSeat) -> int | None:
    craps = seat.model.craps
    return craps.point if craps is not None else None


def _craps_rounds(table: LiveTable, seat: LiveSeat, shots: Shots) -> None:
    for spot, chip in (("pass", 10), ("lucky_shooter", 5), ("fire", 1), ("all_small", 1), ("all_tall", 1)):
        seat.place(spot, chip * DOLLAR)
    seat.place("place_6", 6 * DOLLAR)
    seat.now += 3.0
    shots(seat, "craps_come_out")
    come_point = False
    for _ in range(300):  # until a point is on with a come bet moved to its number
        play(table, seat)
        table.open_next()
        seat.until(lambda s: s.betting_open, "the next window")
        point = _point(seat)
        if point is None and not _has(seat, "pass"):
            seat.place("pass", 10 * DOLLAR)
        if point is not None and not _has(seat, "pass_odds") and _has(seat, "pass"):
            seat.place("pass_odds", 10 * DOLLAR)
        moved = [w for w in seat.model.me.wagers if w.spot == "come" and w.number] if seat.model.me else []
        if point is not None and moved:
            seat.place(f"come_odds_{moved[0].number}", 10 * DOLLAR)
            come_point = True
            break
        if point is not None and not _has(seat, "come"):
            seat.place("come", 10 * DOLLAR)
    if not come_point:
        raise LiveTableError("no come point in 300 rolls")
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
        table.open_next()
        seat.until(lambda s: s.betting_open, "the next window")
    else:
        raise LiveTableError("no Lucky Shooter progress in 300 rolls")
    seat.now += 9.0
    shots(seat, "craps_lucky_shooter")


def test_mode(job: Job) -> list[Path]:
    """A table in lab mode: the TEST watermark on the seat."""
    shots = Shots(job)
    with tempfile.TemporaryDirectory() as tmp, _table(job, Path(tmp), "roulette", lab=True) as table:
        table.insert_bills(1, 50 * DOLLAR)
        with LiveSeat(table, 1, size=job.size) as seat:
            seat.place("black", 5 * DOLLAR)
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
                written.append(shot.replace(target))
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


SCREEN_SETS: dict[str, Renderer] = {
    "seat_roulette": roulette,
    "seat_craps": craps,
    "seat_test_mode": test_mode,
    "display": display,
    "service": service,
}


def render_all(job: Job, only: tuple[str, ...] = ()) -> list[Path]:
    """Every registered screen set (or those named in ``only``) into ``job.out``; :class:`ScreensError`
    names any two states of one language that drew the very same picture."""
    init_headless()
    written: list[Path] = []
    for name, renderer in SCREEN_SETS.items():
        if not only or name in only:
            written += renderer(job)
    alike = [pair for language in job.languages for pair in duplicates(_of(written, language))]
    if alike:
        names = "; ".join(f"{a.name} = {b.name}" for a, b in alike)
        raise ScreensError(f"{len(alike)} states drew the same picture as another: {names}")
    return written


def _of(written: list[Path], language: str) -> list[Path]:
    """The files of one language: ``..._<lang>.png`` and ``service-<lang>-....png``."""
    return [p for p in written if p.stem.endswith(f"_{language}") or p.stem.startswith(f"service-{language}")]


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
