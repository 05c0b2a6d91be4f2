"""Each seat's SAS machine as a task of its own: a thread per seat, in a process apart from the table.

A seat's thread owns its line, its read-only view of the ledger and its store; it reads characters,
answers polls and watches for a silent host. Nothing it does waits on the table, and nothing the table
does waits on it: the controller writes the ledger, the SAS process reads what was committed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

from terminal.config import Config
from terminal.games.registry import GAMES
from terminal.ledger import LedgerError
from terminal.ledger.seat_view import SeatView
from terminal.net.client import TableClient
from terminal.net.keys import KeyStoreError, load_keys
from terminal.net.links import client_tls, local_host
from terminal.net.messages import Message, Welcome
from terminal.net.pki import PkiError
from terminal.sas import rom, wire
from terminal.sas.frames import Parser
from terminal.sas.machine import COUNTRY_OF_CURRENCY, MachineInfo, SasMachine
from terminal.sas.ports import Port, PortError, open_port
from terminal.sas.state import StateStore
from terminal.sas.table_link import CLIENT, TableLink

TICK = 0.05  # seconds a read waits before the silence check runs again


class SeatServer:
    """One seat's SAS loop on ``port`` (see the module docstring)."""

    def __init__(self, machine: SasMachine, port: Port, *, host_timeout: float,
                 monotonic: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.machine, self.port, self.host_timeout = machine, port, host_timeout
        self.monotonic = monotonic
        self.decoder = wire.Decoder()
        self.parser = Parser(machine.info.address)
        self.last_poll: float | None = None
        self.started = monotonic()

    def step(self, wait: float = TICK) -> int:
        """Read what came within ``wait`` seconds and answer it; returns the polls answered."""
        data = self.port.receive(wait)
        answered = 0
        for poll in self.parser.feed(self.decoder.feed(data)):
            self.last_poll = self.monotonic()
            self.machine.link(True)
            answer = self.machine.handle(poll)
            if answer is not None:
                self.port.send(answer)
                answered += 1
        since = self.last_poll if self.last_poll is not None else self.started
        if self.machine.linked is not False and self.monotonic() - since > self.host_timeout:
            self.machine.link(False)  # the host went silent (or never polled): sas_link, told to the table
        return answered

    def run(self, stop: threading.Event) -> None:
        """Serve until ``stop`` is set (the ledger view is closed by this thread on the way out)."""
        try:
            while not stop.is_set():
                self.step()
        finally:
            self.machine.view.close()


def machine_for(config: Config, seat: int, *, wall: Callable[[], datetime] | None = None,
                tell: Callable[[Message], None] = lambda _: None) -> SasMachine:  # fmt: skip
    """Seat ``seat``'s machine as ``config`` describes it, on a read-only view of its ledger."""
    sas, table = config.sas, config.table
    address = sas.address(seat)
    if address is None:
        raise ValueError(f"seat {seat} has no SAS address in [sas] addresses")
    info = MachineInfo(
        seat=seat, address=address, games=tuple(GAMES), selected=table.game,
        serial=dict(sas.serial_numbers).get(seat, ""), asset=dict(sas.asset_numbers).get(seat, 0),
        max_bet=config.limits.seat_max, credit_limit=config.money.credit_limit,
        country=COUNTRY_OF_CURRENCY[config.money.currency] if sas.country_code is None else sas.country_code,
        expiry_days=config.money.voucher_expiry_days,
    )  # fmt: skip
    view = SeatView(config.ledger.path, seat)
    files = rom.program_files(config.lab.manifest_path)
    return SasMachine(
        info, view, StateStore(sas.state_dir, seat), depth=sas.exception_queue,
        wall=wall or (lambda: datetime.now(UTC)), files=files, tell=tell,
    )  # fmt: skip


def table_client(config: Config) -> Callable[[], TableClient]:
    """A fresh ``sas`` client of the table each time: its key from ``[seat] keys_path``, its certificate
    from ``[links] pki_dir`` (both made by the controller's first start or ``terminal keys init``)."""

    def make() -> TableClient:
        try:
            key = load_keys(config.seat.keys_path)[CLIENT]
        except (KeyStoreError, KeyError) as missing:
            raise OSError(f"no {CLIENT} key in {config.seat.keys_path}: {missing}") from None
        try:
            tls = client_tls(config, CLIENT)
        except PkiError as missing:
            raise OSError(str(missing)) from None
        return TableClient(CLIENT, key, local_host(config.table.host), config.table.port, tls=tls)

    return make


class _Unlinked(TableClient):
    """A client whose every connect fails with ``why`` (no key or certificate yet): tried again later."""

    def __init__(self, why: str) -> None:
        super().__init__(CLIENT, bytes(32), "127.0.0.1", 0)
        self.why = why

    async def connect(self, timeout_s: float = 5.0) -> Welcome:
        raise OSError(self.why)


def serve(config: Config, stop: threading.Event, say: Callable[[str], None] = print) -> None:
    """Every configured seat's machine on its own thread until ``stop`` is set, and the link that tells
    the controller what the hosts said (:mod:`terminal.sas.table_link`)."""
    machines = {seat: machine_for(config, seat) for seat, _ in config.sas.ports}
    make = table_client(config)

    def client() -> TableClient:
        try:
            return make()
        except OSError as missing:
            return _Unlinked(str(missing))

    def resync() -> list[Message]:
        return [said for machine in machines.values() for said in machine.resync()]

    link = TableLink(client, resync, say)
    for machine in machines.values():
        machine.tell = link.tell
    threads = []
    for seat, spec in config.sas.ports:
        args = (machines[seat], seat, spec, config, stop, say)
        threads.append(threading.Thread(target=_seat, args=args, daemon=True))
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    finally:
        link.close()


def _seat(machine: SasMachine, seat: int, spec: str, config: Config, stop: threading.Event,
          say: Callable[[str], None]) -> None:  # fmt: skip
    try:
        _serve_seat(machine, seat, spec, config, stop, say)
    except (OSError, ValueError, LedgerError) as failed:  # the ledger or the store: this seat stops, said
        say(f"seat {seat}: SAS stopped: {failed}")


def _serve_seat(machine: SasMachine, seat: int, spec: str, config: Config, stop: threading.Event,
                say: Callable[[str], None]) -> None:  # fmt: skip
    while not stop.is_set():
        try:
            port = open_port(spec)
        except PortError as failed:
            say(f"seat {seat}: {failed}; trying again")
            stop.wait(2.0)
            continue
        say(f"seat {seat}: SAS address {machine.info.address} on {spec}")
        server = SeatServer(machine, port, host_timeout=config.sas.host_timeout_ms / 1000)
        try:
            server.run(stop)
        except PortError as failed:
            say(f"seat {seat}: {failed}; opening the line again")
        finally:
            port.close()
