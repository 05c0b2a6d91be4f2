"""TITO at a table on the casino floor that also has SAS lines: which system validates a ticket first.

The decision (docs/sas.md): the floor first. Its bucket knows every voucher our tables printed and claims
each once across tables, so a voucher of ours (this table's or another's) is the floor's, never the casino
system's: a host that approved one would pay it a second time beside the floor. Only a ticket the floor
does not know, at a seat with a SAS line, is held for the casino system (70/71). A floor that cannot be
asked refuses a ticket it might know (not sent to the host). A real nats-server, two tables on it and the
floor service (``tests/floor``); each table's cabinet with simulated readers on the table's own thread.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from terminal.devices.simulated import simulated_table
from terminal.ledger import EventCode
from terminal.table.cabinet import Cabinet
from terminal.table.table import Table
from tests.floor.conftest import _serving
from tests.floor.servers import Server, as_floor
from tests.floor.tables import FloorService, floor_config
from tests.floor.test_vouchers import TableThread, linked, print_voucher, wait_for

SAS = "[sas]\nenabled = true\nports = 1=pty:/dev/null, 3=pty:/dev/zero\naddresses = 1=1, 3=3\n"
STRANGER = "004455667788990011"  # 18 digits no table of ours printed


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from _serving(tmp_path)


def with_cabinet(table: TableThread) -> Any:
    def job(t: Table) -> Any:
        cabinet = Cabinet(t)
        devices = simulated_table(t.config.table.seats, t.config.money.bills, cabinet.on_event, t.clock.wall)
        cabinet.attach(devices)
        return cabinet, devices

    return table.do(job)


def insert(table: TableThread, devices: Any, seat: int, number: str) -> str | None:
    """The ticket into ``seat``'s reader; what the reader holds after the table decided."""
    table.do(lambda _: devices.readers[seat - 1].insert_voucher(number))
    return table.do(lambda _: devices.readers[seat - 1].inserted)  # type: ignore[no-any-return]


def held_events(table: TableThread) -> list[int | None]:
    return table.do(lambda t: [e.seat for e in t.ledger.events(EventCode.SAS_TICKET_INSERTED)])


def test_the_floor_validates_first_and_only_a_ticket_it_does_not_know_goes_to_the_host(
    tmp_path: Path, server: Server
) -> None:
    a = TableThread(tmp_path / "a", server.url, "T-01", extra=SAS)  # seats 1 and 3 on the casino system
    b = TableThread(tmp_path / "b", server.url, "T-02")
    service = FloorService(floor_config(tmp_path / "service", server.url, "FLOOR-PC", **as_floor(),
                                        accepted=False))  # fmt: skip
    try:
        with service:
            for table in (a, b):
                wait_for(lambda table=table: table.do(linked), 60)  # type: ignore[misc]
            cabinet, devices = with_cabinet(a)
            ours = print_voucher(b, 2, 2000)  # another table's voucher: the floor's to validate
            insert(a, devices, 1, ours)
            assert a.do(lambda t: t.cashier.credits(1)) == 2000  # paid through the floor
            assert held_events(a) == []  # never offered to the casino system
            assert insert(a, devices, 1, STRANGER) == STRANGER  # unknown on the floor: held for the host
            assert held_events(a) == [1] and cabinet.sas_held == {1: STRANGER}
            assert insert(a, devices, 2, STRANGER[:-1] + "2") is None  # seat 2 has no SAS line: refused
            assert held_events(a) == [1]
            server.kill()  # the floor cannot be asked: a ticket it might know is not sent to the host
            wait_for(lambda: not a.do(linked), 60)
            assert insert(a, devices, 3, STRANGER[:-1] + "3") is None  # seat 3 has a SAS line
            assert held_events(a) == [1]
    finally:
        a.close()
        b.close()
