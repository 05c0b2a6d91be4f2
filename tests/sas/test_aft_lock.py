"""The AFT lock holds the seat: while the host holds a 74 lock, the seat takes no wager.

SAS 6.02 section 8: a locked machine keeps its credit meter still until the transfer, the host's cancel
(74 code 80) or the lock's timeout (hundredths of a second). The table (``terminal/table/aft_locks.py``)
hears the lock from the SAS process and refuses the seat's wagers with ``aft_lock`` meanwhile.
"""

from __future__ import annotations

from pathlib import Path

from terminal.lab.live_table import LiveSeat
from terminal.net import messages as m
from tests.sas.host_sim import lock_answer, lock_request
from tests.sas.test_aft import ASSET, final, seated, transfer
from tests.sas.test_table_link import sas_table, until


def _lock(host: object, timeout_cs: int) -> None:
    answer = lock_answer(host.long_s_variable(0x74, lock_request(0x00, timeout_cs=timeout_cs)))  # type: ignore[attr-defined]
    assert answer["lock"] == 0x00, answer


def _held(live: object, seat: int = 1) -> bool:
    return bool(live.call(lambda: live.table.aft_locks.left(seat) > 0))  # type: ignore[attr-defined]


def _refused_aft_lock(placed: m.Message) -> bool:
    return isinstance(placed, m.Error) and placed.message.startswith("aft_lock:")


def test_a_wager_during_a_granted_lock_is_refused_until_the_lock_ends(tmp_path: Path) -> None:
    """The attack: the host locked the seat for a transfer; the player wagers before it comes."""
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        live.insert_bills(1, 10_000)
        _lock(host, 3000)  # 30 s
        until(lambda: _held(live), "the table hears the lock")
        with seated(live) as placed:
            assert _refused_aft_lock(placed), placed
        host.long_s_variable(0x74, lock_request(0x80))  # the host cancels
        until(lambda: not _held(live), "the table hears the cancel")
        with seated(live) as placed:
            assert isinstance(placed, m.Ack), placed


def test_the_lock_ends_on_its_timeout_and_on_the_transfer(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        live.insert_bills(1, 10_000)
        _lock(host, 50)  # 0.5 s
        until(lambda: _held(live), "the table hears the lock")
        live.call(lambda: live.clock.advance(0.45))  # the table's clock (injected): not yet 0.5 s
        assert _held(live)
        with seated(live) as placed:
            assert _refused_aft_lock(placed), placed
        live.call(lambda: live.clock.advance(0.06))  # past the host's 50 hundredths
        assert not _held(live)
        until(lambda: lock_answer(host.long_s_variable(0x74, lock_request(0xFF)))["lock"] == 0xFF,
              "the SAS process's own lock ends on the real clock")  # fmt: skip
        # The SAS side's own expiry on the real clock, not only the table's (the interrogation above says
        # "not locked" as soon as the table let go): a transfer "only if locked" comes to be refused as not
        # locked (0x94). A lock that never expired answers 0x87 (unable) for ever.
        late = iter(range(1, 10**6))
        until(lambda: transfer(host, f"LOCK-LATE-{next(late)}", 5000, flags=0x40)["status"] == 0x94,
              "the SAS process's own lock expires")  # fmt: skip
        with seated(live) as placed:
            assert isinstance(placed, m.Ack), placed  # the timeout released the seat
    with sas_table(tmp_path / "transfer", extra=ASSET) as (live, host, _):
        _lock(host, 3000)
        until(lambda: _held(live), "the table hears the lock")
        with LiveSeat(live, 1) as screen:  # the seat's screen, linking during the lock, says why it waits
            shown = "the notice shown"
            screen.until(lambda s: s.notice is not None and s.notice.key == "error.aft_lock", shown)
            transfer(host, "LOCK-IN-1", 5000, flags=0x40)  # only if locked: it is
            assert final(host)["status"] == 0x00
            until(lambda: not _held(live), "the transfer ends the lock")
            assert lock_answer(host.long_s_variable(0x74, lock_request(0xFF)))["lock"] == 0xFF
        with seated(live) as placed:
            assert isinstance(placed, m.Ack), placed
