"""A played table for the SAS tests, and a seat's SAS machine on a pty with the tests' own host."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.config import Config
from terminal.lab.headless import run_headless
from terminal.sas.machine import SasMachine
from terminal.sas.ports import FdPort
from terminal.sas.serve import SeatServer, machine_for
from tests.sas.host_sim import Host

SAS = "[sas]\nenabled = true\nports = 1=pty:/dev/null, 2=pty:/dev/null\naddresses = 1=1, 2=2\n"
SAS += "asset_numbers = 1=1001, 2=1002\nserial_numbers = 1=TBL-0001, 2=TBL-0002\nhost_timeout_ms = 500\n"


@pytest.fixture(scope="session")
def played_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of a table that played 40 rounds with two bot seats (bills, wagers, wins, vouchers) and
    stopped: played once for the session, copied for each module (:func:`played`)."""
    folder = tmp_path_factory.mktemp("sas-table")
    cfg = folder / "kiosk.cfg"
    cfg.write_text("[table]\nport = 0\nseats = 2\n" + SAS, encoding="utf-8")
    summary = run_headless(configuration.load(cfg), rounds=40, seats=2, seed=7, progress=lambda _: None)
    assert summary.rounds == 40 and summary.verified
    return folder


@pytest.fixture(scope="module")
def played(played_once: Path, tmp_path_factory: pytest.TempPathFactory) -> Config:
    """A copy of :func:`played_once`'s table (its configuration, ledger, keys), the module's own: what the
    SAS machines of one module's tests write (their stores, the exceptions taken) no other module sees."""
    folder = tmp_path_factory.mktemp("sas-played")
    shutil.copytree(played_once, folder, dirs_exist_ok=True)
    return configuration.load(folder / "kiosk.cfg")


@dataclass
class Line:
    host: Host
    machine: SasMachine
    server: SeatServer
    stop: threading.Event


@contextmanager
def on_pty(config: Config, seat: int, *, wall: Callable[[], datetime] | None = None,
           timeout: float | None = None) -> Iterator[Line]:  # fmt: skip
    """Seat ``seat``'s SAS machine serving a pty on its own thread; the tests' host at the other end."""
    host_fd, machine_fd = os.openpty()
    port = FdPort.open(os.ttyname(machine_fd))
    machine = machine_for(config, seat, wall=wall or (lambda: datetime.now(UTC)))
    limit = config.sas.host_timeout_ms / 1000 if timeout is None else timeout
    server = SeatServer(machine, port, host_timeout=limit)
    stop = threading.Event()
    thread = threading.Thread(target=server.run, args=(stop,), daemon=True)
    thread.start()
    try:
        yield Line(Host(host_fd, machine.info.address), machine, server, stop)
    finally:
        stop.set()
        thread.join(5)
        port.close()
        os.close(host_fd)
        os.close(machine_fd)


def state_dir(config: Config) -> Path:
    return config.sas.state_dir
