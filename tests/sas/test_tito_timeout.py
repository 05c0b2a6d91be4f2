"""A held TITO ticket has a timeout: a host that does not answer 71 in ``[sas] ticket_timeout_ms`` gets the
ticket given back, with the refusal shown at the seat, and a late 71 afterwards redeems nothing.

A real table (:class:`LiveTable`, its clock injected: the tests move it past the timeout), ``terminal sas
run`` on a pty, the tests' host.
"""

from __future__ import annotations

from pathlib import Path

from terminal.lab.live_table import LiveSeat
from terminal.ledger import EventCode
from tests.sas.test_table_link import events, sas_table, until
from tests.sas.test_tito import TICKET, consistent, credits, final, insert, redeem, status

OTHER = "004455667788990022"  # another ticket no table of ours printed
TIMEOUT = "ticket_timeout_ms = 8000\n"


def _refused(live: object) -> list[dict[str, object]]:
    return [d for _, d in events(live, EventCode.SAS_TICKET_REFUSED)]  # type: ignore[arg-type]


def test_a_late_71_after_the_timeout_redeems_nothing(tmp_path: Path) -> None:
    """The attack: the host stays silent past the timeout (the player took the returned ticket, or it is
    still in the reader), then approves it: nothing may be paid."""
    with sas_table(tmp_path, extra=TIMEOUT) as (live, host, _), LiveSeat(live, 1) as seat:
        insert(live, 1, TICKET)
        until(lambda: bool(events(live, EventCode.SAS_TICKET_INSERTED)), "the ticket held")
        assert status(host)["status"] == 0x20  # waiting for the host's 71
        live.call(lambda: live.clock.advance(7.9))
        live.run(live.controller.sync_tilts())
        assert live.call(lambda: live.devices.readers[0].inserted) == TICKET  # not yet: still held
        live.call(lambda: live.clock.advance(0.2))  # past 8 s
        live.run(live.controller.sync_tilts())  # the controller's periodic look
        assert live.call(lambda: live.devices.readers[0].inserted) is None  # given back
        seat.until(lambda s: s.notice is not None and s.notice.key == "error.sas_ticket", "the refusal shown")
        assert [d["code"] for d in _refused(live)] == [0x87]
        assert "no answer" in str(_refused(live)[0]["reason"])
        redeem(host, 0x00, 2500, TICKET)  # the host's word, too late
        assert final(host)["status"] != 0x00
        # the same with no periodic look between the timeout and the late word: the word itself finds it
        insert(live, 1, OTHER)
        until(lambda: len(events(live, EventCode.SAS_TICKET_INSERTED)) == 2, "the second ticket held")
        live.call(lambda: live.clock.advance(8.1))
        redeem(host, 0x00, 4000, OTHER)
        until(lambda: len(_refused(live)) == 2, "the late ticket refused")
        assert final(host)["status"] != 0x00
        assert credits(live) == 0
        assert events(live, EventCode.SAS_TICKET_REDEEM) == []
        assert live.call(lambda: live.devices.readers[0].inserted) is None
        consistent(live)


def test_a_host_that_answers_in_time_still_pays(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=TIMEOUT) as (live, host, _):
        insert(live, 1, TICKET)
        until(lambda: bool(events(live, EventCode.SAS_TICKET_INSERTED)), "the ticket held")
        live.call(lambda: live.clock.advance(7.5))
        redeem(host, 0x00, 2500, TICKET)
        assert final(host)["status"] == 0x00
        assert credits(live) == 2500
