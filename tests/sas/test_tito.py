"""TITO redemption through the casino system (70/71): a ticket not ours, validated by the host, paid once.

A real table (:class:`LiveTable`, simulated devices: the player's ticket goes into the seat's reader),
``terminal sas run`` on a pty, the tests' host (SAS 6.02 section 15, written from the formats).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.ledger import EventCode, meters, report
from terminal.net import messages as m
from tests.sas.host_sim import Host, bcd, unbcd
from tests.sas.test_table_link import events, sas_table, settled, until

TICKET = "004455667788990011"  # 18 digits no table of ours printed


def insert(live: LiveTable, seat: int, number: str) -> None:
    live.call(lambda: live.devices.readers[seat - 1].insert_voucher(number))
    live.run(live._flush())


def exceptions(host: Host) -> list[int]:
    found = []
    for _ in range(200):
        code = host.general()
        if code == 0:
            return found
        found.append(code)
    return found


def validation_data(host: Host) -> dict[str, object]:
    """70: ticket status, amount (5 BCD), parsing code, validation data (9 BCD)."""
    body = host.long_r_variable(0x70)
    if len(body) == 1:
        return {"status": body[0]}
    return {"status": body[0], "amount": unbcd(body[1:6]), "parsing": body[6], "number": body[7:16].hex()}


def redeem(host: Host, code: int, cents: int, number: str) -> dict[str, object]:
    """71: transfer code, amount (5 BCD), parsing code 00, validation data (9 BCD); the machine's status."""
    body = host.long_m(0x71, bytes((code,)) + bcd(cents, 5) + b"\x00" + bytes.fromhex(number))
    return {"status": body[0], "amount": unbcd(body[1:6]), "number": body[7:16].hex()}


def status(host: Host) -> dict[str, object]:
    body = host.long_m(0x71, b"\xff")
    return {"status": body[0], "amount": unbcd(body[1:6]), "number": body[7:16].hex()}


def final(host: Host) -> dict[str, object]:
    deadline = time.monotonic() + 15
    while True:
        answer = status(host)
        if answer["status"] not in (0x20, 0x40) or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


def credits(live: LiveTable, seat: int = 1) -> int:
    return int(live.call(lambda: live.table.cashier.credits(seat)))


def consistent(live: LiveTable) -> None:
    def check() -> tuple[list[str], bool]:
        db = live.table.ledger.db
        return meters.audit(db) + meters.audit_journal(db), report.identity(report.summary(db))[1]

    found, holds = live.call(check)
    assert found == [] and holds


def test_a_ticket_not_ours_is_validated_by_the_host_and_paid(tmp_path: Path) -> None:
    with sas_table(tmp_path) as (live, host, _), LiveSeat(live, 1) as seat:
        exceptions(host)
        assert validation_data(host) == {"status": 0xFF}  # no ticket yet
        insert(live, 1, TICKET)
        seat.until(lambda s: s.notice is not None and s.notice.key == "error.sas_ticket_wait", "told to wait")
        assert 0x67 in exceptions(host)  # a ticket was inserted
        assert validation_data(host) == {"status": 0x00, "amount": 0, "parsing": 0x00, "number": TICKET}
        assert status(host)["status"] == 0x20  # waiting for the host's 71
        assert credits(live) == 0  # nothing paid before the host's word
        answer = redeem(host, 0x00, 2500, TICKET)
        assert answer["status"] in (0x40, 0x00) and answer["number"] == TICKET
        done = final(host)
        assert (done["status"], done["amount"], done["number"]) == (0x00, 2500, TICKET)
        assert credits(live) == 2500
        seat.until(lambda s: s.me is not None and s.me.credits == 2500, "the seat shows the ticket's credits")
        assert 0x68 in exceptions(host)  # ticket transfer complete
        assert [d["amount"] for _, d in events(live, EventCode.SAS_TICKET_REDEEM)] == [2500]
        assert live.call(lambda: live.table.ledger.meters()["vouchers_in"]) == 2500
        consistent(live)


def test_a_ticket_the_host_refuses_goes_back_with_a_clear_message(tmp_path: Path) -> None:
    with sas_table(tmp_path) as (live, host, _), LiveSeat(live, 1) as seat:
        insert(live, 1, TICKET)
        until(lambda: bool(events(live, EventCode.SAS_TICKET_INSERTED)), "the ticket held")
        assert redeem(host, 0x84, 0, TICKET)["status"] in (0x40, 0x80)  # the host: already redeemed
        assert final(host)["status"] == 0x80  # rejected by the host
        seat.until(lambda s: s.notice is not None and s.notice.key == "error.sas_ticket", "the refusal shown")
        assert live.call(lambda: live.devices.readers[0].inserted) is None  # given back
        assert "returned" in live.call(lambda: live.cabinet.returned[1])
        refused = [d for _, d in events(live, EventCode.SAS_TICKET_REFUSED)]
        assert refused[0]["number"] == TICKET and "71 code 84" in refused[0]["reason"]
        assert credits(live) == 0


def test_a_ticket_is_never_paid_twice(tmp_path: Path) -> None:
    """The attacks: the host's 71 replayed after the ticket was paid, and the same ticket inserted again
    (a copy) with the host approving whatever it is asked."""
    with sas_table(tmp_path) as (live, host, _):
        insert(live, 1, TICKET)
        until(lambda: bool(events(live, EventCode.SAS_TICKET_INSERTED)), "the ticket held")
        redeem(host, 0x00, 2500, TICKET)
        assert final(host)["status"] == 0x00
        replay = redeem(host, 0x00, 2500, TICKET)  # the same 71 again
        assert (replay["status"], replay["amount"]) == (0x00, 2500)  # what happened, nothing more
        settled(live, host)  # whatever the SAS process made of it reached the table
        assert credits(live) == 2500
        insert(live, 1, TICKET)  # the same ticket again
        assert live.call(lambda: live.devices.readers[0].inserted) is None  # given back at once
        assert len(events(live, EventCode.SAS_TICKET_INSERTED)) == 1  # the host never hears of it
        redeem(host, 0x00, 2500, TICKET)  # and a host that approves it anyway
        settled(live, host)  # whatever the SAS process made of it reached the table
        assert credits(live) == 2500
        assert len(events(live, EventCode.SAS_TICKET_REDEEM)) == 1
        consistent(live)


def test_a_71_for_another_number_is_refused_and_the_table_takes_no_word_for_an_absent_ticket(
    tmp_path: Path,
) -> None:
    with sas_table(tmp_path) as (live, host, _):
        insert(live, 1, TICKET)
        until(lambda: bool(events(live, EventCode.SAS_TICKET_INSERTED)), "the ticket held")
        other = "009988776655443322"
        assert redeem(host, 0x00, 10_000, other)["status"] == 0x81  # validation number does not match
        assert credits(live) == 0
        word = m.SasTicket(1, "009988776655443322", 10_000, 0)  # the SAS client's word: no reader holds it
        with pytest.raises(ValueError, match="no ticket 009988776655443322 waits"):
            live.run(live.controller.on_message("sas", word))
        assert credits(live) == 0
        assert live.call(lambda: live.devices.readers[0].inserted) == TICKET  # still held for its own word
