"""A table without a display is operable: the headless table listens on ``[table] port`` and says where,
its service key turns from a service client, ``terminal controller`` runs the controller alone and
``terminal service``'s link reaches it from another process, and ``--realtime`` keeps the windows."""

from __future__ import annotations

import asyncio
import io
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.cli import main
from terminal.lab.headless import run_headless
from terminal.lab.supervisor import free_port
from terminal.net.client import TableClient
from terminal.net.keys import load_keys
from terminal.net.links import client_tls
from terminal.net.messages import Ack, DeviceInput, Tilt
from terminal.net.messages import service as sm
from terminal.service.link import NetLink

LISTENING = re.compile(r"controller listening on (?P<host>[0-9.]+):(?P<port>[0-9]+)")


def _tilt(client: TableClient, active: bool) -> Tilt:
    async def wait() -> Tilt:
        while True:
            pushed = await client.receive(60.0)
            if isinstance(pushed, Tilt) and pushed.reason == "service_mode" and pushed.active is active:
                return pushed

    return wait()  # type: ignore[return-value]


def test_a_headless_table_listens_on_its_port_says_so_and_its_service_key_turns(tmp_path: Path) -> None:
    port = free_port("127.0.0.1")
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(f"[table]\nport = {port}\nseats = 2\n", encoding="utf-8")
    c = configuration.load(cfg)
    said: list[str] = []
    seen: dict[str, object] = {}

    async def technician(bound: int, stop: asyncio.Event) -> None:
        seen["port"] = bound
        keys = load_keys(c.seat.keys_path)
        tls = client_tls(c, "service")  # the service terminal's certificate, made at the controller's start
        client = TableClient("service", keys["service"], "127.0.0.1", port, tls=tls)  # the configured port
        await client.connect()
        seen["on"] = await client.request(DeviceInput("service_key", "on", 0, ""))
        seen["tilt"] = await _tilt(client, True)  # the table is out of service: no round can finish
        await asyncio.sleep(0.3)
        seen["off"] = await client.request(DeviceInput("service_key", "off", 0, ""))
        await client.close()

    summary = run_headless(c, rounds=30, seats=2, seed=3, progress=said.append, observer=technician)
    assert seen["port"] == port
    assert f"controller listening on 127.0.0.1:{port}" in said
    assert isinstance(seen["on"], Ack) and isinstance(seen["off"], Ack), seen  # not "no simulated devices"
    assert isinstance(seen["tilt"], Tilt)
    assert summary.rounds == 30 and summary.verified


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        cfg = tmp_path / "kiosk.cfg"
        cfg.write_text(f"[table]\nport = {taken.getsockname()[1]}\nseats = 2\n", encoding="utf-8")
        assert main(["run", "--headless", "--rounds", "2", "--config", str(cfg)]) == 1
    err = capsys.readouterr().err.strip().splitlines()  # progress lines (certificates made) come first
    assert err[-1].startswith("terminal run: cannot listen on 127.0.0.1:") and "in use" in err[-1], err
    assert sum("cannot listen" in line for line in err) == 1


class _Lines:
    """A child's stdout read on a thread, so a test can wait for a line with a deadline."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert proc.stdout is not None
        stream = proc.stdout
        self._thread = threading.Thread(target=lambda: self.lines.extend(iter(stream.readline, "")))
        self._thread.start()

    def wait(self, pattern: re.Pattern[str], timeout_s: float = 60.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for line in list(self.lines):
                found = pattern.search(line)
                if found:
                    return found
            time.sleep(0.05)
        raise AssertionError(f"no line matching {pattern.pattern!r} in {self.lines}")

    def join(self) -> str:
        self._thread.join(10)
        return "".join(self.lines)


@pytest.mark.slow
def test_terminal_controller_runs_alone_and_service_reaches_it_from_another_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 2\n", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("73519\n"))
    assert main(["service", "users", "init", "--user", "root", "--config", str(cfg)]) == 0
    controller = subprocess.Popen(
        [sys.executable, "-m", "terminal", "controller", "--config", str(cfg), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip
    lines = _Lines(controller)
    try:
        where = lines.wait(LISTENING)
        c = configuration.load(cfg)
        keys, tls = load_keys(c.seat.keys_path), client_tls(c, "service")
        link = NetLink(keys["service"], where["host"], int(where["port"]), tls=tls)  # as `terminal service`
        try:
            link.device("service_key", "on")
            session = link.call("login", "root", "73519")
            assert isinstance(session, sm.ServiceSession) and session.role == "administrator"
            assert isinstance(link.call("meters"), sm.MetersReport)
            link.device("service_key", "off")
        finally:
            link.close()
        assert controller.poll() is None
        controller.send_signal(signal.SIGTERM)
        assert controller.wait(30) == 0
    finally:
        if controller.poll() is None:
            os.killpg(controller.pid, signal.SIGKILL)
            controller.wait()
    out = lines.join()
    assert "controller stopped after" in out, out


class FastClock:
    """The machine's clock run ``speed`` times faster: a table in real time kept on it plays its whole
    configured windows and result pauses, a tenth as long in real seconds at ``speed`` 10."""

    def __init__(self, speed: float) -> None:
        self.speed, self.started, self.epoch = speed, time.monotonic(), time.time()

    def _elapsed(self) -> float:
        return (time.monotonic() - self.started) * self.speed

    def monotonic(self) -> float:
        return self.started + self._elapsed()

    def wall(self) -> datetime:
        return datetime.fromtimestamp(self.epoch + self._elapsed(), UTC)


@pytest.mark.slow
def test_realtime_keeps_the_configured_window_and_results_lengths(tmp_path: Path) -> None:
    """Nobody presses ready in real time: each window lasts its betting_seconds and each result stays up
    the dice's roll plus results_seconds, as the ledger's own times (the table's clock) show."""
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(
        "[table]\nport = 0\ngame = craps\nseats = 2\nbetting_seconds = 5\nresults_seconds = 1\n",
        encoding="utf-8",
    )
    c = configuration.load(cfg)
    clock = FastClock(10.0)
    summary = run_headless(c, rounds=2, seats=2, realtime=True, seed=5, progress=lambda _: None, clock=clock)
    assert summary.rounds == 2 and summary.verified
    with closing(sqlite3.connect(f"file:{c.ledger.path}?mode=ro", uri=True)) as db:
        opened, drawn, settled = (
            [datetime.fromisoformat(t) for (t,) in db.execute(f"SELECT time FROM {table} ORDER BY id")]
            for table in ("rounds", "outcomes", "settlements")
        )
    assert len(opened) == len(drawn) == len(settled) == 2
    windows = [(d - o).total_seconds() for o, d in zip(opened, drawn, strict=True)]
    shown = (opened[1] - settled[0]).total_seconds()
    assert min(windows) >= 5 - 0.01, windows  # betting_seconds, every one of them
    assert shown >= 2.5 + 1 - 0.01, shown  # the dice's 2.5 s roll, then results_seconds
