"""The casino system's word reaches the table: 01/02 and a silent host, end to end.

A real table (controller, ledger, TLS links: :class:`LiveTable`) on loopback; ``terminal sas run`` as its
own process, the ``sas`` client of the table with its own key and certificate; the tests' host (written
from the SAS formats) on a pty; a seat as a real protocol client that places wagers.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from terminal import config as configuration
from terminal.lab.live_table import LiveTable
from terminal.ledger import EventCode
from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.links import client_tls
from terminal.table.tilts import Tilt, TiltKind
from tests.sas.host_sim import Host, unbcd, with_crc
from tests.sas.sas_child import Started, sas_process

BASE = "[table]\ngame = roulette\nseats = 2\nbetting_seconds = 30\nport = {port}\n"
SAS = "[sas]\nenabled = true\nports = 1=pty:{pty}\naddresses = 1=1\n"
SAS += "host_timeout_ms = {timeout}\nrequired = {required}\n"


@contextmanager
def sas_table(
    tmp_path: Path, *, required: bool = False, timeout_ms: int = 5000,
    running: list[Started] | None = None, extra: str = "",
) -> Iterator[tuple[LiveTable, Host, Path]]:  # fmt: skip
    """The table, the SAS process beside it on a pty, and the host at the pty's other end."""
    host_fd, machine_fd = os.openpty()
    sas = SAS.format(pty=os.ttyname(machine_fd), timeout=timeout_ms, required=str(required).lower()) + extra
    tmp_path.mkdir(parents=True, exist_ok=True)
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(BASE.format(port=0) + sas, encoding="utf-8")
    live = LiveTable(configuration.load(cfg))
    running = [] if running is None else running  # the SAS processes started (a test may add its own)
    try:
        with live:
            cfg.write_text(BASE.format(port=live.server.port) + sas, encoding="utf-8")  # where it listens
            running.append(start_sas(cfg))
            until(lambda: "sas" in live.server.linked(), "the SAS process links to the table")
            yield live, Host(host_fd, 1), cfg
    finally:
        for process in running:
            if process.poll() is None:
                stop_sas(process)
        os.close(host_fd)
        os.close(machine_fd)


def start_sas(cfg: Path) -> Started:
    """``terminal sas run`` as its own process (forked from one that imported the program: sas_child)."""
    return sas_process(cfg)


def stop_sas(process: Started) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        out, _ = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    print(out)


def until(condition: Callable[[], bool], what: str, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds} s: {what}")
        time.sleep(0.05)


@contextmanager
def polling(host: Host, every: float = 0.05) -> Iterator[None]:
    """The host polls (general polls, ``every`` seconds) on a thread of its own for the block: its link
    stays up however long the block takes, so a test can keep ``host_timeout_ms`` short."""
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            assert host.general() >= 0
            stop.wait(every)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    try:
        yield
    finally:
        stop.set()
        poller.join(10)


def settled(live: LiveTable, host: Host) -> None:
    """Wait until the table has acted on everything the SAS process said to it before now (instead of a
    fixed wait for something that must not happen). The process says what its hosts asked in order, each
    once the table answered the last (its reconnect's resync first): so once the table has logged a new
    validation ID the host sets now (4C, told to the table as ``SasValidation``), all before it is in. The
    ID numbers only vouchers printed after it."""
    before = len(events(live, EventCode.SAS_VALIDATION))
    ident = (0x5E7700 + before + 1).to_bytes(3, "little") + (1).to_bytes(3, "little")
    assert host.long_s(0x4C, ident, 6) == ident
    until(lambda: len(events(live, EventCode.SAS_VALIDATION)) > before, "the table heard the SAS process out")


def tilt(live: LiveTable, kind: TiltKind, seat: int) -> bool:
    return live.call(lambda: live.table.tilts.find(kind, seat) is not None)


def events(live: LiveTable, code: EventCode) -> list[tuple[int | None, dict[str, object]]]:
    found = live.call(lambda: live.table.ledger.events(code))
    return [(e.seat, json.loads(e.detail)) for e in found]


async def wager(live: LiveTable, seat: int, amount: int = 100) -> m.Message:
    """A seat's own client places ``amount`` on red: the controller's reply (Ack or Error)."""
    c = live.config
    client = TableClient(f"seat-{seat}", live.keys[f"seat-{seat}"], "127.0.0.1", live.server.port,
                         tls=client_tls(c, f"seat-{seat}"))  # fmt: skip
    await client.connect()
    try:
        return await client.request(m.PlaceWager("red", amount))
    finally:
        await client.close()


def place(live: LiveTable, seat: int) -> m.Message:
    return asyncio.run(wager(live, seat))


def test_shutdown_refuses_the_seats_wagers_and_startup_takes_them_again(tmp_path: Path) -> None:
    with sas_table(tmp_path) as (live, host, _):
        live.insert_bills(1, 10_000)
        live.insert_bills(2, 10_000)
        assert isinstance(place(live, 1), m.Ack)  # enabled: the seat plays
        host.send(with_crc(bytes((1, 0x01))))  # long poll 01: shutdown
        assert host.read(1) == b"\x01"  # acknowledged: the address alone
        until(lambda: tilt(live, TiltKind.SAS_DISABLED, 1), "seat 1 tilted sas_disabled")
        refused = place(live, 1)
        assert isinstance(refused, m.Error) and "sas_disabled" in refused.message
        assert isinstance(place(live, 2), m.Ack)  # another seat plays on
        assert [(s, d["address"]) for s, d in events(live, EventCode.SAS_SHUTDOWN)] == [(1, 1)]
        tilts = [d for s, d in events(live, EventCode.TILT) if s == 1]
        assert {"tilt": "sas_disabled", "detail": "SAS address 1: shutdown (long poll 01)"} in tilts
        host.send(with_crc(bytes((1, 0x02))))  # long poll 02: startup
        assert host.read(1) == b"\x01"
        until(lambda: not tilt(live, TiltKind.SAS_DISABLED, 1), "seat 1 enabled again")
        assert isinstance(place(live, 1), m.Ack)
        assert [s for s, _ in events(live, EventCode.SAS_STARTUP)] == [1]
        cleared = [d["tilt"] for s, d in events(live, EventCode.TILT_CLEARED) if s == 1]
        assert cleared.count("sas_disabled") == 1  # (and link_lost: each wager above is a fresh link)


def test_a_seat_cannot_speak_for_the_casino_system(tmp_path: Path) -> None:
    """The attack: seat 1's own client sends SasEnable(1, enabled) to lift the casino's shutdown."""
    with sas_table(tmp_path) as (live, host, _):
        live.insert_bills(1, 10_000)
        host.send(with_crc(bytes((1, 0x01))))
        assert host.read(1) == b"\x01"
        until(lambda: tilt(live, TiltKind.SAS_DISABLED, 1), "seat 1 tilted sas_disabled")

        async def forge() -> m.Message:
            client = TableClient("seat-1", live.keys["seat-1"], "127.0.0.1", live.server.port,
                                 tls=client_tls(live.config, "seat-1"))  # fmt: skip
            await client.connect()
            try:
                return await client.request(m.SasEnable(1, True, 1))
            finally:
                await client.close()

        reply = asyncio.run(forge())
        assert isinstance(reply, m.Error) and "seat-1 may not send SasEnable" in reply.message
        assert tilt(live, TiltKind.SAS_DISABLED, 1)
        assert isinstance(place(live, 1), m.Error)
        assert events(live, EventCode.SAS_STARTUP) == []


def test_a_silent_host_is_logged_and_where_required_tilts_the_seat_until_it_polls(tmp_path: Path) -> None:
    with sas_table(tmp_path, required=True, timeout_ms=500) as (live, host, _):
        raised = [d["detail"] for s, d in events(live, EventCode.TILT) if d["tilt"] == "sas_link"]
        assert raised[0] == "no word from the casino system since the table started"  # required: waits
        assert tilt(live, TiltKind.SAS_LINK, 1)  # not yet polled: seat 1 waits for its host
        live.insert_bills(1, 10_000)  # and takes no money meanwhile: the bill goes back
        assert live.call(lambda: live.table.cashier.credits(1)) == 0
        with polling(host):  # the host is there (general polls)
            until(lambda: not tilt(live, TiltKind.SAS_LINK, 1), "no sas_link tilt while the host polls")
            live.insert_bills(1, 10_000)
            assert live.call(lambda: live.table.cashier.credits(1)) == 10_000
            assert isinstance(place(live, 1), m.Ack)
        # the host stops polling: past host_timeout_ms the seat is tilted and its wagers refused
        until(lambda: tilt(live, TiltKind.SAS_LINK, 1), "seat 1 tilted sas_link")
        refused = place(live, 1)
        assert isinstance(refused, m.Error) and "sas_link" in refused.message
        assert [d["state"] for s, d in events(live, EventCode.SAS_LINK) if s == 1][-1] == "lost"
        # it polls again: the tilt clears itself and the return is logged
        with polling(host):
            until(lambda: not tilt(live, TiltKind.SAS_LINK, 1), "seat 1's sas_link cleared")
            assert isinstance(place(live, 1), m.Ack)
        states = [d["state"] for s, d in events(live, EventCode.SAS_LINK) if s == 1]
        assert states[-2:] == ["lost", "restored"]


def test_not_required_a_silent_host_is_logged_and_the_seat_plays_on(tmp_path: Path) -> None:
    with sas_table(tmp_path, required=False, timeout_ms=500) as (live, host, _):
        live.insert_bills(1, 10_000)
        host.send(bytes((0x81,)))
        assert len(host.read(1)) == 1
        until(lambda: any(d["state"] == "lost" for s, d in events(live, EventCode.SAS_LINK) if s == 1),
              "the silence logged")  # fmt: skip
        assert not tilt(live, TiltKind.SAS_LINK, 1)
        assert isinstance(place(live, 1), m.Ack)


def handpay_info(host: Host) -> tuple[int, int, int, int, int]:
    """1B as SAS lays it out: group, level, amount (5 BCD), partial pay (2 BCD), reset id; 10 unused."""
    body = host.long_r(0x1B, 20)
    assert body[10:] == bytes(10)
    return body[0], body[1], unbcd(body[2:7]), unbcd(body[7:9]), body[9]


def test_hand_pay_information_and_the_hosts_remote_reset_pay_the_seat_by_hand(tmp_path: Path) -> None:
    with sas_table(tmp_path) as (live, host, _):
        live.insert_bills(1, 10_000)
        assert handpay_info(host) == (0, 0, 0, 0, 0)  # no hand-pay: every field zero
        assert host.long_s(0x94, b"", 1) == b"\x02"  # 94: not in a hand-pay
        award = json.dumps({"award": 250_000, "wager": "straight"})
        live.call(lambda: live.table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 1, award)))  # a big win locks it
        until(lambda: handpay_info(host)[2] != 0, "1B shows the hand-pay")
        assert handpay_info(host) == (0, 0x00, 10_000, 0, 0)  # the seat's credits, paid by the attendant
        assert host.long_s(0x94, b"", 1) == b"\x00"  # reset
        until(lambda: not tilt(live, TiltKind.HANDPAY, 1), "the hand-pay lock cleared by the host's reset")
        paid = live.call(lambda: live.table.ledger.events(EventCode.HANDPAY))
        assert [(e.seat, e.user) for e in paid] == [(1, "casino system (SAS 94)")]
        assert live.call(lambda: live.table.cashier.credits(1)) == 0  # paid out by hand, in the ledger
        until(lambda: handpay_info(host) == (0, 0, 0, 0, 0), "1B clear again")
        assert host.long_s(0x94, b"", 1) == b"\x02"
        over = json.dumps({"award": 5_000, "wager": "credit_limit"})
        live.insert_bills(1, 5_000)
        live.call(lambda: live.table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 1, over)))
        until(lambda: handpay_info(host)[2] != 0, "1B shows the second hand-pay")
        assert handpay_info(host)[1] == 0x80  # cancelled credits over the credit limit


def test_an_edited_store_cannot_enable_a_seat_the_casino_system_disabled(tmp_path: Path) -> None:
    """The attack: with the SAS process stopped, its store is edited to say the seat is enabled, and the
    process started again; the table must keep the seat disabled until the host itself sends 02."""
    running: list[Started] = []
    with sas_table(tmp_path, running=running) as (live, host, cfg):
        live.insert_bills(1, 10_000)
        host.send(with_crc(bytes((1, 0x01))))
        assert host.read(1) == b"\x01"
        until(lambda: tilt(live, TiltKind.SAS_DISABLED, 1), "seat 1 tilted sas_disabled")
        stop_sas(running[0])
        until(lambda: "sas" not in live.server.linked(), "the SAS process gone")
        store = live.config.sas.state_dir / "seat-1.json"
        edited = json.loads(store.read_text(encoding="utf-8"))
        assert edited["disabled"] is True
        edited["disabled"] = False
        store.write_text(json.dumps(edited), encoding="utf-8")
        running.append(start_sas(cfg))
        until(lambda: "sas" in live.server.linked(), "the SAS process back")
        host.send(bytes((0x81,)))  # the host polls: the machine runs, the link resyncs
        assert len(host.read(1)) == 1
        settled(live, host)  # anything the process would say on its reconnect was heard
        assert tilt(live, TiltKind.SAS_DISABLED, 1)
        assert isinstance(place(live, 1), m.Error)
        assert events(live, EventCode.SAS_STARTUP) == []
        host.send(with_crc(bytes((1, 0x02))))  # the host's own startup does enable it
        assert host.read(1) == b"\x01"
        until(lambda: not tilt(live, TiltKind.SAS_DISABLED, 1), "seat 1 enabled by the host's 02")


def test_required_seats_stop_when_the_sas_process_itself_is_gone(tmp_path: Path) -> None:
    running: list[Started] = []
    with sas_table(tmp_path, required=True, timeout_ms=2000, running=running) as (live, host, cfg):
        host.send(bytes((0x81,)))
        assert len(host.read(1)) == 1
        until(lambda: not tilt(live, TiltKind.SAS_LINK, 1), "seat 1 plays while its host polls")
        stop_sas(running[0])  # the SAS process ends: the casino system no longer sees the seat
        until(lambda: tilt(live, TiltKind.SAS_LINK, 1), "seat 1 tilted without the SAS process")
        found = live.call(lambda: live.table.tilts.find(TiltKind.SAS_LINK, 1))
        assert found is not None and found.detail == "the SAS process has no link to the table"
        process = [d for s, d in events(live, EventCode.SAS_LINK) if s is None]
        assert process[-1] == {"state": "lost", "detail": "the SAS process"}
        running.append(start_sas(cfg))
        until(lambda: "sas" in live.server.linked(), "the SAS process back")
        host.send(bytes((0x81,)))  # its host polls the new process: the seat plays again
        assert len(host.read(1)) == 1
        until(lambda: not tilt(live, TiltKind.SAS_LINK, 1), "seat 1 back once its host is heard")
