"""Forged vouchers on the floor, against a real ``nats-server -js``: written into the bucket by a client
with no table's key, they are refused in the player's words and raise the floor's alert.

The attack of issue 28: a client with no credentials wrote a $5,000 voucher of a table that does not
exist into the ``VOUCHERS`` bucket, and table T-02 paid it. Variants: a record naming an accepted table
as its issuer without that table's signature, and one the issuer signed that its ledger never issued
(no signed ``VOUCHER_ISSUE`` on the stream).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
import pytest

from terminal.cli import main
from terminal.floor import signing, vouchers
from terminal.floor.web import alert_text
from terminal.floor.words import Words
from terminal.i18n import load_catalogue
from terminal.ledger import EventCode
from terminal.ledger.floorstore import FloorStore
from terminal.ledger.records import stamp
from terminal.ledger.vouchers import validation_number
from terminal.table import floor_side
from terminal.table.refused import Refused
from terminal.table.table import Table
from tests.floor.servers import Server, as_floor, floor_options
from tests.floor.tables import FloorService, floor_config
from tests.floor.test_vouchers import TableThread, linked, print_voucher, wait_for

FIVE_THOUSAND = 500_000


@pytest.fixture
def pair(tmp_path: Path, server: Server) -> Iterator[tuple[TableThread, TableThread]]:
    """Tables T-01 and T-02 on the floor, both accepted (their keys registered), each on its own thread,
    and the floor service (it reads the stream for a table paying another table's voucher)."""
    a = TableThread(tmp_path / "a", server.url, "T-01")
    b = TableThread(tmp_path / "b", server.url, "T-02")
    service = FloorService(floor_config(tmp_path / "service", server.url, "FLOOR-PC", **as_floor(),
                                        accepted=False))  # fmt: skip
    try:
        with service:
            for table in (a, b):
                wait_for(lambda table=table: table.do(linked), 60)  # type: ignore[misc]
            yield a, b
    finally:
        a.close()
        b.close()


def plant(url: str, record: dict[str, Any]) -> None:
    """What the attacker does: a plain client writes ``record`` into the ``VOUCHERS`` bucket."""

    async def write() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            kv = await nc.jetstream().key_value("VOUCHERS")
            await kv.put(record["number"], json.dumps(record, sort_keys=True).encode())
        finally:
            await nc.close()

    asyncio.run(write())


def forged(number: str, issuer: str, amount: int = FIVE_THOUSAND) -> dict[str, Any]:
    return vouchers.issued(number, issuer, 1, amount, stamp(datetime.now(UTC)), None)


def fresh_number(seed: int) -> str:
    return validation_number(lambda n: (seed * 7_919 + int(time.time() * 1000)) % n)


def refused_at(table: TableThread, seat: int, number: str) -> Refused:
    def job(t: Table) -> Refused:
        with pytest.raises(Refused) as caught:
            t.cashier.redeem(seat, number)
        return caught.value

    return table.do(job)


def forged_events(t: Table) -> list[dict[str, Any]]:
    return [json.loads(e.detail) for e in t.ledger.events(EventCode.VOUCHER_FORGED)]


def test_a_5000_voucher_of_a_table_that_does_not_exist_is_refused_and_alerts_the_floor(
    tmp_path: Path, server: Server, pair: tuple[TableThread, TableThread], capsys: pytest.CaptureFixture[str]
) -> None:
    _, b = pair
    number = fresh_number(1)
    plant(server.url, forged(number, "T-99"))
    # the reader gives the ticket back at once, in the player's words
    assert b.do(lambda t: floor_side.reader_refusal(t, number)) == floor_side.FORGED_LINE
    refused = refused_at(b, 3, number)
    assert str(refused).startswith("voucher_forged: ")
    assert b.do(lambda t: t.ledger.credits(3)) == 0
    assert b.do(lambda t: t.ledger.meters().get("vouchers_in", 0)) == 0
    events = b.do(forged_events)
    assert [(e["number"], e["issuer"], e["amount"]) for e in events] == [(number, "T-99", FIVE_THOUSAND)] * 2
    assert "not an accepted table" in events[-1]["problem"]
    for language in ("en", "es"):  # the seat's line, in both languages
        line = load_catalogue(language).text("error.voucher_forged")
        assert line and "\n" not in line and "voucher_forged" not in line
    # the floor: its report (the store caught up from the stream) and its page say so
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", **as_floor())
    deadline = time.monotonic() + 60
    while True:
        assert main(["floor", "report", "--day", "all", "--config", str(service.path)]) == 0
        out = capsys.readouterr().out
        if "alerts: 2" in out or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert "alerts: 2" in out and "ALERT" in out and "T-02: forged: voucher " + number in out, out
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    try:
        alerts = store.alerts()
    finally:
        store.close()
    shown = {lang: alert_text(Words.of(lang, "USD"), alerts[0]) for lang in ("en", "es")}
    assert shown == {"en": f"forged voucher {number} refused", "es": f"vale falsificado {number} rechazado"}


def test_a_voucher_naming_an_accepted_table_without_its_signature_is_refused(
    pair: tuple[TableThread, TableThread], server: Server
) -> None:
    _, b = pair
    number = fresh_number(2)
    record = forged(number, "T-01") | {"issue_sig": "00" * 64, "signer": "T-01", "sig": "00" * 64}
    plant(server.url, record)
    refused = refused_at(b, 2, number)
    assert str(refused).startswith("voucher_forged: ")
    assert b.do(lambda t: t.ledger.credits(2)) == 0
    assert "signature of its issuer T-01 does not hold" in b.do(forged_events)[-1]["problem"]


def test_a_voucher_its_issuer_signed_but_never_issued_is_refused(
    pair: tuple[TableThread, TableThread], server: Server
) -> None:
    """The issuer's key signed the record (a stolen key, or a link writing the bucket alone) but its ledger
    never issued it: no signed VOUCHER_ISSUE of it on the stream, so no other table pays it."""
    a, b = pair
    print_voucher(a, 1, 2000)  # T-01 has a voucher subject on the stream
    assert a.table.config.floor is not None
    key = signing.table_signer(a.table.config.floor, "T-01")
    number = fresh_number(3)
    plant(server.url, vouchers.signed_issue(key, forged(number, "T-01")))
    refused = refused_at(b, 2, number)
    assert str(refused).startswith("voucher_forged: ")
    assert "VOUCHER_ISSUE of it is not on the floor's stream" in b.do(forged_events)[-1]["problem"]
    assert b.do(lambda t: t.ledger.credits(2)) == 0


def test_a_forged_ticket_at_a_seat_is_refused_in_one_line_of_the_players_language(
    tmp_path: Path, server: Server
) -> None:
    """A real seat screen over the protocol puts the forged ticket in its reader: it comes back with the
    catalogue's line (no engineer detail under it, no English in the Spanish seat)."""
    pygame = pytest.importorskip("pygame")
    assert pygame
    from terminal.lab.live_table import LiveSeat, LiveTable
    from terminal.seat import intents as i

    c = floor_config(tmp_path / "t2", server.url, "T-02")
    number = fresh_number(4)
    with LiveTable(c) as table, LiveSeat(table, 1, language="es") as seat:
        wait_for(lambda: table.call(lambda: bool(table.table.floor and table.table.floor.status().online)))
        plant(server.url, forged(number, "T-99"))
        seat.act(i.VOUCHER, number)
        seat.until(lambda s: s.notice is not None, "the refusal")
        notice = seat.model.notice
        assert notice is not None and notice.key == "error.voucher_forged" and notice.detail == ""
        assert table.call(lambda: table.table.cashier.credits(1)) == 0
