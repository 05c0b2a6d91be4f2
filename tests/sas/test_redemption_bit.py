"""7B control bit 5: the casino system turns ticket redemption at a seat off and on.

Off, a ticket not ours goes back at once (never held for the host, never paid); the table keeps the host's
word in the ledger (``SAS_REDEMPTION`` 769, read at every ticket not ours, so a restart keeps it); 7B's
answer says what holds. The other control bits are not applied and the answer says so.
"""

from __future__ import annotations

from pathlib import Path

from terminal.ledger import EventCode
from tests.sas.host_sim import Host
from tests.sas.test_aft import ASSET
from tests.sas.test_table_link import events, sas_table, until
from tests.sas.test_tito import TICKET, insert

OTHER = "004455667788990033"


def seven_b(host: Host, mask: int, states: int, asset: int = 1001) -> int:
    """7B with ``mask``/``states``; the status bits the machine says hold."""
    asked = asset.to_bytes(4, "little") + mask.to_bytes(2, "little") + states.to_bytes(2, "little") + bytes(4)
    body = host.long_m(0x7B, asked)
    return int.from_bytes(body[4:6], "little")


def held(live: object) -> int:
    return len(events(live, EventCode.SAS_TICKET_INSERTED))  # type: ignore[arg-type]


def test_the_host_turns_ticket_redemption_off_and_on(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        assert seven_b(host, 0x0000, 0x0000) & 0x21 == 0x21  # asked nothing: redemption on, printer on
        assert seven_b(host, 0x0021, 0x0000) & 0x21 == 0x01  # off asked for both: bit 5 applied, bit 0 not
        until(lambda: bool(events(live, EventCode.SAS_REDEMPTION)), "the table logs the host's word")
        assert seven_b(host, 0x0000, 0x0000) & 0x21 == 0x01  # still off
        assert seven_b(host, 0x0020, 0x0000, asset=999) & 0x20 == 0  # another asset's word changes nothing
        insert(live, 1, TICKET)
        assert live.call(lambda: live.devices.readers[0].inserted) is None  # back at once
        assert held(live) == 0  # never offered to the host
        assert "redemption off" in live.call(lambda: live.cabinet.returned[1])
        assert seven_b(host, 0x0020, 0x0020) & 0x20 == 0x20  # on again
        until(lambda: len(events(live, EventCode.SAS_REDEMPTION)) == 2, "the table logs it on")
        insert(live, 1, OTHER)
        assert live.call(lambda: live.devices.readers[0].inserted) == OTHER and held(live) == 1
        words = [(s, d["enabled"]) for s, d in events(live, EventCode.SAS_REDEMPTION)]
        assert words == [(1, False), (1, True)]
