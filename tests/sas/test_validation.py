"""Secure-enhanced validation (4C, 4D, 7B): the seat's vouchers carry the numbers the casino system set.

The host's expected numbers come from the tests' own implementation of the SAS 6.02 calculation (below,
from the protocol's description), not from the machine's code.
"""

from __future__ import annotations

from pathlib import Path

from terminal.lab.live_table import LiveTable
from terminal.ledger import EventCode
from tests.sas.host_sim import Host, kermit, unbcd
from tests.sas.test_table_link import events, sas_table, until

ASSET = "asset_numbers = 1=1001\n"


def sas_number(machine_id: int, sequence: int) -> str:
    """SAS 6.02 secure-enhanced validation: sequence then ID (3 bytes each, LSB first); bytes 2-5 XORed
    with bytes 0, 1, 0, 1; the CRC of each pair; the high 3 and low 3 CRC bytes as 8-digit numbers whose
    first digit gains (digit sum mod 5) * 2; system ID 00 in front."""
    a = list(sequence.to_bytes(3, "little") + machine_id.to_bytes(3, "little"))
    b = [a[0], a[1], a[2] ^ a[0], a[3] ^ a[1], a[4] ^ a[0], a[5] ^ a[1]]
    c = b"".join(kermit(bytes(b[i : i + 2])).to_bytes(2, "little") for i in (0, 2, 4))
    halves = []
    for value in (int.from_bytes(c[3:], "little"), int.from_bytes(c[:3], "little")):
        digits = [int(d) for d in f"{value:08d}"]
        digits[0] += (sum(digits) % 5) * 2
        halves.append("".join(map(str, digits)))
    return "00" + "".join(halves)


def set_id(host: Host, machine_id: int, sequence: int) -> tuple[int, int]:
    body = host.long_s(0x4C, machine_id.to_bytes(3, "little") + sequence.to_bytes(3, "little"), 6)
    return int.from_bytes(body[:3], "little"), int.from_bytes(body[3:], "little")


def cash_out(live: LiveTable, seat: int, cents: int) -> str:
    live.insert_bills(seat, cents)
    voucher = live.call(lambda: live.table.cashier.cash_out(seat))
    return str(voucher.number)


def test_the_seats_vouchers_carry_the_numbers_the_host_set(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        assert set_id(host, 0, 0) == (0, 0)  # nothing set yet
        assert set_id(host, 0x654321, 41) == (0x654321, 41)
        until(lambda: bool(events(live, EventCode.SAS_VALIDATION)), "the table logged the host's 4C")
        first, second = cash_out(live, 1, 2000), cash_out(live, 1, 500)
        assert first == sas_number(0x654321, 41) and second == sas_number(0x654321, 42)
        assert set_id(host, 0, 0) == (0x654321, 43)  # the next, as the ledger counts
        read = host.long_s(0x4D, b"\x00", 31)
        assert read[0] == 0x00 and read[1] == 1  # cashable ticket from a cash-out, buffer index 1
        assert read[24:25].hex() + read[9:17].hex() == first  # system ID, then the 16 digits
        assert unbcd(read[17:22]) == 2000 and unbcd(read[22:24]) == 1 and read[29:31] == b"\x00\x00"
        again = host.long_s(0x4D, b"\x00", 31)  # the next one: the first was read
        assert again[24:25].hex() + again[9:17].hex() == second and unbcd(again[17:22]) == 500
        assert host.long_s(0x4D, b"\x00", 31) == bytes(31)  # none left
        assert host.long_s(0x4D, b"\x01", 31)[9:17].hex() == first[2:]  # by buffer index
        # our own voucher with its SAS number comes back to this ledger, never to the host as a stranger's
        live.call(lambda: live.devices.readers[1].insert_voucher(first))
        live.run(live._flush())
        until(lambda: bool(events(live, EventCode.VOUCHER_REDEEM)), "redeemed as ours")
        assert events(live, EventCode.SAS_TICKET_INSERTED) == []
        assert live.call(lambda: live.table.cashier.credits(2)) == 2000


def test_extended_validation_status_says_what_holds(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (_live, host, _):
        asked = (1001).to_bytes(4, "little") + b"\xff\xff" + b"\x00\x00" + b"\x00\x30" + b"\x00\x00"
        body = host.long_m(0x7B, asked)
        assert int.from_bytes(body[:4], "little") == 1001
        bits = int.from_bytes(body[4:6], "little")
        # the printer stays the cash-out device (bit 0 not applied); redemption off (bit 5, the host's to set)
        assert bits & 0x01 and not bits & 0x20
        assert len(body) == 10


def test_the_hosts_4c_is_in_the_ledger_and_said_once(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        set_id(host, 0x000102, 7)
        set_id(host, 0x000102, 7)  # the same again: one entry
        until(lambda: bool(events(live, EventCode.SAS_VALIDATION)), "logged")
        assert set_id(host, 0, 0) == (0x000102, 7)
        detail = [d for _, d in events(live, EventCode.SAS_VALIDATION)]
        assert detail == [{"machine_id": 0x000102, "sequence": 7}]
