"""End to end: the live controller process with bots, a real seat app a person drives over the protocol,
the table display process headless; a bill through DeviceInput, a wager, a round, a cash-out; SIGINT stops
every process and the ledger verifies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.lab.live_table import LiveTableError
from terminal.lab.supervisor import free_port, wait_for_port
from terminal.net.keys import client_ids, provision_keys
from terminal.net.links import client_tls
from terminal.seat import intents as i
from terminal.seat.app import SeatApp
from terminal.seat.link import Link
from terminal.seat.main import init_headless
from terminal.seat.model import SeatModel
from tests.support.cli import run_cli

CONFIG = """
[table]
game = craps
seats = 3
betting_seconds = 5
results_seconds = 1
local_seats = 1
"""


def _until(app: SeatApp, link: Link, ready: object, what: str, timeout_s: float = 40.0) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        now = time.monotonic()
        app.receive(link.drain(), now)
        app.update(now)
        if ready(app.control.model):  # type: ignore[operator]
            return
        if now > deadline:
            raise LiveTableError(f"{what} did not happen in {timeout_s} s")
        time.sleep(0.01)


def _credits(model: SeatModel) -> int:
    return model.me.credits if model.me is not None else -1


def _window_open(model: SeatModel) -> bool:
    now = time.monotonic()
    return model.can_bet(now) and model.countdown_ms(now) > 2000


def _played(model: SeatModel) -> bool:
    """The seat's pass line was settled, or it stands on a point (a craps contract)."""
    result = model.result
    if result is not None and any(x.seat == "seat-1" for x in result.settlements):
        return True
    return model.me is not None and any(w.standing for w in model.me.wagers)


@pytest.mark.slow
def test_a_person_buys_in_plays_a_round_and_cashes_out_at_the_live_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    init_headless()
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(CONFIG, encoding="utf-8")
    c = configuration.load(cfg)
    port = free_port("127.0.0.1")
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "TERMINAL_DISPLAY_HEADLESS": "1",
    }
    py = (sys.executable, "-m", "terminal")
    controller = subprocess.Popen(
        (*py, "controller", "--config", str(cfg), "--port", str(port), "--bot-seats", "2,3"),
        env=env, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    procs = [controller]
    try:
        assert wait_for_port("127.0.0.1", port, 30.0, lambda: controller.poll() is None)
        display = subprocess.Popen(
            (*py, "display", "--config", str(cfg), "--port", str(port)),
            env=env, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
        procs.insert(0, display)
        keys = provision_keys(c.seat.keys_path, client_ids(c.table.seats), os.urandom)
        link = Link("seat-1", keys["seat-1"], "127.0.0.1", port, client_tls(c, "seat-1"))  # TLS, as shipped
        app = SeatApp("seat-1", link, size=(1280, 720))
        link.start()
        try:
            _until(
                app, link, lambda s: s.link == "up" and s.offer is not None and s.me is not None, "link up"
            )
            app.act(i.Intent(i.BILL, value=2_000), time.monotonic())  # a $20 bill into the acceptor
            _until(app, link, lambda s: _credits(s) == 2_000, "the bill's credits")
            _until(app, link, _window_open, "an open window")
            app.act(i.Intent(i.CHIP, value=500), time.monotonic())
            app.act(i.Intent(i.PLACE, "pass"), time.monotonic())
            _until(app, link, lambda s: s.me is not None and s.me.total_bet == 500, "the wager")
            _until(app, link, _played, "the round")
            _until(app, link, lambda s: s.table is not None and s.table.phase == "open", "the next window")
            before = _credits(app.control.model)
            app.act(i.Intent(i.CASH_OUT), time.monotonic())
            # The voucher (CashOut's reply) and the seat's new credits (a SeatState push) are two frames.
            _until(app, link, lambda s: s.voucher is not None and _credits(s) == 0, "the voucher")
            voucher = app.control.model.voucher
            assert voucher is not None and voucher.amount == before > 0 and _credits(app.control.model) == 0
            assert app.control.ui.vouchers[-1][0] == voucher.validation
        finally:
            link.stop()
        assert display.poll() is None, display.communicate()[0]
        assert controller.poll() is None, controller.communicate()[0]  # both still running
        for proc in procs:
            proc.send_signal(signal.SIGINT)
            assert proc.wait(20) == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    verify = run_cli(["ledger", "verify", "--config", str(cfg)], capsys)
    assert verify.status == 0, verify.out + verify.err
