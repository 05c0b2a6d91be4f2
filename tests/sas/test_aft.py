"""AFT end to end: the host (written from SAS 6.02 section 8) locks a seat and moves credits in and out.

A real table (:class:`LiveTable`: controller, ledger, TLS links), ``terminal sas run`` as its own process
on a pty, the tests' host at the other end. What the host is told is checked against the ledger.
"""

from __future__ import annotations

import asyncio
import json
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.ledger import EventCode, meters, report
from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.links import client_tls
from tests.sas.host_sim import (
    Host,
    aft_answer,
    aft_request,
    bcd,
    lock_answer,
    lock_request,
    unbcd,
    with_crc,
)
from tests.sas.sas_child import Started
from tests.sas.test_table_link import events, sas_table, settled, start_sas, until

ASSET = "asset_numbers = 1=1001\n"


def transfer(host: Host, tid: str, cents: int, **kwargs: int) -> dict[str, object]:
    return aft_answer(host.long_m(0x72, aft_request(tid, cents, **kwargs)))


def interrogate(host: Host, index: int = 0) -> dict[str, object]:
    return aft_answer(host.long_m(0x72, bytes((0xFF, index))))


def final(host: Host, seconds: float = 15.0) -> dict[str, object]:
    """Interrogate until the transfer is no longer pending (40)."""
    deadline = time.monotonic() + seconds
    while True:
        answer = interrogate(host)
        if answer["status"] != 0x40 or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


def credits(live: LiveTable, seat: int = 1) -> int:
    return int(live.call(lambda: live.table.cashier.credits(seat)))


def exceptions(host: Host) -> list[int]:
    found = []
    for _ in range(200):
        code = host.general()
        if code == 0:
            return found
        found.append(code)
    return found


def aft_meters(host: Host) -> dict[int, int]:
    """6F for game 0: A0, A1, B8, B9 (2-byte codes, LSB first; each answered with its size)."""
    codes = (0xA0, 0xA1, 0xB8, 0xB9)
    body = host.long_m(0x6F, bcd(0, 2) + b"".join(c.to_bytes(2, "little") for c in codes))
    found, i = {}, 2
    while i < len(body) - 1:
        code, size = int.from_bytes(body[i : i + 2], "little"), body[i + 2]
        found[code] = unbcd(body[i + 3 : i + 3 + size]) if size else -1
        i += 3 + size
    return found


@contextmanager
def seated(live: LiveTable, seat: int = 1, wager: int = 100) -> Iterator[m.Message]:
    """Seat ``seat``'s own client, linked for the whole block (a seat without its screen is tilted
    ``link_lost``), places ``wager`` on red: the controller's reply."""
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, daemon=True)
    runner.start()
    client = TableClient(f"seat-{seat}", live.keys[f"seat-{seat}"], "127.0.0.1", live.server.port,
                         tls=client_tls(live.config, f"seat-{seat}"))  # fmt: skip

    def run(coro: object) -> m.Message:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(15)  # type: ignore[arg-type]

    run(client.connect())
    try:
        yield run(client.request(m.PlaceWager("red", wager)))
    finally:
        run(client.close())
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)


def consistent(live: LiveTable) -> None:
    """The ledger's double entry and meters hold after the transfers."""

    def check() -> tuple[list[str], bool, dict[str, int]]:
        db = live.table.ledger.db
        totals = report.summary(db)
        return meters.audit(db) + meters.audit_journal(db), report.identity(totals)[1], totals

    found, holds, totals = live.call(check)
    assert found == [] and holds, (found, totals)


def test_the_host_locks_and_moves_credits_in_and_out_once_each(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _), LiveSeat(live, 1) as seat:
        exceptions(host)  # what the table said before (power up ...)
        lock = lock_answer(host.long_s_variable(0x74, lock_request(0x00)))
        assert lock["lock"] == 0x00 and lock["available"] & 0x03 == 0x03 and lock["asset"] == 1001
        first = transfer(host, "IN-0001", 5000, flags=0x40)  # only if locked: it is
        assert first["status"] in (0x40, 0x00) and first["transaction"] == "IN-0001"
        done = final(host)
        assert done["status"] == 0x00 and done["cashable"] == 5000 and done["type"] == 0x00
        assert credits(live) == 5000
        seat.until(lambda s: s.me is not None and s.me.credits == 5000, "the seat shows the credits in")
        assert seat.model.session.money_in == 5000
        assert 0x69 in exceptions(host)  # AFT transfer complete
        assert lock_answer(host.long_s_variable(0x74, lock_request(0xFF)))["cashable"] == 5000
        out = transfer(host, "OUT-0001", 2000, kind=0x80)
        assert out["status"] in (0x40, 0x00)
        done = final(host)
        assert (done["status"], done["type"], done["transaction"]) == (0x00, 0x80, "OUT-0001")
        assert credits(live) == 3000
        seat.until(lambda s: s.me is not None and s.me.credits == 3000, "the seat shows the credits out")
        assert aft_meters(host) == {0xA0: 5000, 0xA1: 1, 0xB8: 2000, 0xB9: 1}
        applied = [(s, d["direction"], d["amount"]) for s, d in events(live, EventCode.AFT_TRANSFER)]
        assert applied == [(1, "in", 5000), (1, "out", 2000)]
        assert interrogate(host, 1)["transaction"] == "IN-0001"  # the history, by buffer position
        consistent(live)


def test_a_replayed_transfer_is_never_applied_twice(tmp_path: Path) -> None:
    """The attack: the host (or anything on the line) sends the same 72 again, before and after it is
    applied, and with another amount under the same id."""
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        transfer(host, "DUP-1", 5000)
        transfer(host, "DUP-1", 5000)  # again at once, while it may be pending
        assert final(host)["status"] == 0x00
        again = transfer(host, "DUP-1", 5000)
        assert again["status"] == 0x00 and again["cashable"] == 5000  # the stored word, nothing moved
        other = transfer(host, "DUP-1", 9000)
        assert other["status"] == 0x00 and other["cashable"] == 5000
        settled(live, host)  # whatever the SAS process made of them reached the table
        assert credits(live) == 5000
        assert len(events(live, EventCode.AFT_TRANSFER)) == 1
        consistent(live)


def test_a_transfer_during_a_round_in_play_is_refused_and_moves_nothing(tmp_path: Path) -> None:
    """The attack: a transfer out while the seat has wagers in play (the player's stake would leave)."""
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        live.insert_bills(1, 10_000)
        with seated(live) as placed:
            assert isinstance(placed, m.Ack)  # 100 on red: in play
            _refused_in_round(live, host)


def _refused_in_round(live: LiveTable, host: Host) -> None:
    assert lock_answer(host.long_s_variable(0x74, lock_request(0x00)))["lock"] == 0xFF  # not locked
    answer = transfer(host, "ROUND-1", 9_900, kind=0x80)
    assert final(host)["status"] == 0x87 if answer["status"] == 0x40 else answer["status"] == 0x87
    assert credits(live) == 9_900
    assert events(live, EventCode.AFT_TRANSFER) == []


def test_the_table_refuses_a_transfer_into_a_round_in_play_itself(tmp_path: Path) -> None:
    """The SAS process's own check passed over: the table (the authority) refuses and logs it once."""
    with sas_table(tmp_path, extra=ASSET) as (live, _host, _):
        live.insert_bills(1, 10_000)
        with seated(live) as placed:
            assert isinstance(placed, m.Ack)
            _table_refuses(live)


def _table_refuses(live: LiveTable) -> None:
    record = live.call(lambda: live.controller.sas.transfer(m.SasTransfer(1, "T-1", "out", 500, False)))
    assert (record.status, record.applied) == (0x87, False)
    again = live.call(lambda: live.controller.sas.transfer(m.SasTransfer(1, "T-1", "out", 500, False)))
    assert again == record
    refused = [d for _, d in events(live, EventCode.AFT_REFUSED)]
    assert len(refused) == 1 and refused[0]["reason"] == "the seat has wagers in play"
    assert credits(live) == 9_900


def test_a_shutdown_seat_neither_locks_nor_transfers(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        host.send(with_crc(bytes((1, 0x01))))
        assert host.read(1) == b"\x01"
        until(lambda: bool(events(live, EventCode.SAS_SHUTDOWN)), "the shutdown logged")
        assert lock_answer(host.long_s_variable(0x74, lock_request(0x00)))["lock"] == 0xFF
        assert transfer(host, "OFF-1", 500)["status"] == 0x87
        assert credits(live) == 0


def test_transfers_the_seat_cannot_take_are_refused_with_their_status(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        assert transfer(host, "A-1", 500, asset=999)["status"] == 0x93  # another machine's asset
        assert transfer(host, "A-2", 500, restricted=100)["status"] == 0x83  # no restricted credits here
        assert transfer(host, "A-3", 500, flags=0x40)["status"] == 0x94  # lock required, not locked
        assert transfer(host, "A-4", 500, key=b"\x01" * 20)["status"] == 0x89  # not the registered key
        assert transfer(host, "A-5", 500, kind=0x10)["status"] == 0x82  # bonus: not taken
        out = transfer(host, "A-6", 500, kind=0x80)  # more than the seat holds (0): the table says 83
        assert (final(host)["status"] if out["status"] == 0x40 else out["status"]) == 0x83
        assert credits(live) == 0 and events(live, EventCode.AFT_TRANSFER) == []


def test_a_host_that_vanishes_mid_transfer_finds_its_final_status(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET, timeout_ms=600) as (live, host, _):
        transfer(host, "GONE-1", 2500)  # and the host says nothing more
        until(lambda: any(d["state"] == "lost" for s, d in events(live, EventCode.SAS_LINK) if s == 1),
              "the host's silence logged")  # fmt: skip
        assert credits(live) == 2500  # the table applied it meanwhile
        back = interrogate(host)  # a host (the same or its standby) asks what became of it
        assert (back["status"], back["transaction"], back["cashable"]) == (0x00, "GONE-1", 2500)
        consistent(live)


def test_registration_is_refused_while_a_round_is_in_play(tmp_path: Path) -> None:
    key, pos = bytes(range(1, 21)), (7).to_bytes(4, "little")
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        live.insert_bills(1, 10_000)
        with seated(live) as placed:
            assert isinstance(placed, m.Ack)
            during = host.long_m(0x73, b"\x01" + (1001).to_bytes(4, "little") + key + pos)
            assert during[0] == 0x80  # not registered
    with sas_table(tmp_path / "again", extra=ASSET) as (live, host, _):
        done = host.long_m(0x73, b"\x01" + (1001).to_bytes(4, "little") + key + pos)
        assert done[0] == 0x01 and done[5:25] == key and done[25:29] == pos
        assert transfer(host, "K-1", 500, key=key)["status"] in (0x40, 0x00)
        assert final(host)["status"] == 0x00


def test_a_transfer_the_sas_process_lost_ends_refused_and_an_edited_store_moves_nothing(
    tmp_path: Path,
) -> None:
    """The SAS process killed with a transfer in its store the table never heard of (planted by editing the
    store while it is stopped, which is also the attack: a file that asks for credits in). Started again,
    it says the transfer abandoned: the table records it refused (9F), the host's interrogation ends."""
    running: list[Started] = []
    with sas_table(tmp_path, running=running, extra=ASSET) as (live, host, cfg):
        running[0].send_signal(signal.SIGKILL)
        running[0].wait(10)
        until(lambda: "sas" not in live.server.linked(), "the SAS process gone")
        store = live.config.sas.state_dir / "seat-1.json"
        edited = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
        edited["aft_pending"] = {"LOST-1": {
            "transaction": "LOST-1", "type": 0, "cashable": 100_000, "restricted": 0, "nonrestricted": 0,
            "flags": 0, "asset": 1001, "key": "00" * 20, "status": 0x40, "position": 1, "time": "",
            "index": 0,
        }}  # fmt: skip
        store.parent.mkdir(parents=True, exist_ok=True)
        store.write_text(json.dumps(edited), encoding="utf-8")
        running.append(start_sas(cfg))
        until(lambda: bool(events(live, EventCode.AFT_REFUSED)), "the abandoned transfer recorded")
        answer = final(host)
        assert (answer["status"], answer["transaction"]) == (0x9F, "LOST-1")
        assert credits(live) == 0 and events(live, EventCode.AFT_TRANSFER) == []
        assert transfer(host, "LOST-1", 100_000)["status"] == 0x9F  # and sent again: still refused
        assert credits(live) == 0
        consistent(live)


def test_a_new_transfer_after_one_the_table_finished_is_not_in_progress(tmp_path: Path) -> None:
    """The host sends the next 72 without interrogating the last: the ledger says it is done, so the new
    one is taken (40/00), not refused as a transfer in progress (C0); a 72 while one is pending is C0."""
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        assert transfer(host, "SEQ-1", 1000)["status"] in (0x40, 0x00)
        until(lambda: len(events(live, EventCode.AFT_TRANSFER)) == 1, "the first applied")
        assert transfer(host, "SEQ-2", 1000)["status"] in (0x40, 0x00)
        until(lambda: len(events(live, EventCode.AFT_TRANSFER)) == 2, "the second applied")
        assert credits(live) == 2000
