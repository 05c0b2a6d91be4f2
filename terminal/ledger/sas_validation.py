"""SAS secure-enhanced validation numbers: a seat's vouchers numbered as the casino system expects (4C).

The host gives a seat a machine validation ID and a starting sequence number (long poll 4C); each ticket
the seat then prints carries the number SAS 6.02 derives from the two (sequence, then ID, little-endian
bytes; the second pair and third pair XORed with the first two bytes; the CRC-16/KERMIT of each pair; the
high three bytes and the low three bytes as two 8-digit decimals, the first digit of each carrying the sum
of its half modulo 5 in its upper bits), after the validation system ID ``00``: 18 digits. The sequence
advances by one a ticket. The ledger records the host's ID and sequence (``SAS_VALIDATION``) and every
voucher it numbers, so the next number follows from the ledger alone, across restarts.

>>> n = number(0x654321, 1); len(n), n[:2], valid(n)
(18, '00', True)
>>> valid("001234567890123456")
False
"""

from __future__ import annotations

import json

import sqlite_utils

from terminal.ledger.events import EventCode

SEQUENCE = 1 << 24  # ID and sequence are three bytes each


def _crc(data: bytes) -> bytes:
    """CRC-16/KERMIT of ``data`` (SAS's CRC), low byte first."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc.to_bytes(2, "little")


def _half(value: int) -> str:
    """Eight digits of ``value`` (below 2 ** 24), the first carrying the digit sum modulo 5 (times 2)."""
    digits = [int(d) for d in f"{value:08d}"]
    digits[0] |= (sum(digits) % 5) << 1
    return "".join(map(str, digits))


def number(machine_id: int, sequence: int) -> str:
    """The 18-digit number of the ticket ``sequence`` of machine ``machine_id`` (system ID ``00`` first)."""
    if not (0 <= machine_id < SEQUENCE and 0 <= sequence < SEQUENCE):
        raise ValueError(f"validation ID {machine_id} and sequence {sequence} are three bytes each")
    a = sequence.to_bytes(3, "little") + machine_id.to_bytes(3, "little")
    b = bytes((a[0], a[1], a[2] ^ a[0], a[3] ^ a[1], a[4] ^ a[0], a[5] ^ a[1]))
    c = _crc(b[0:2]) + _crc(b[2:4]) + _crc(b[4:6])
    return "00" + _half(int.from_bytes(c[3:6], "little")) + _half(int.from_bytes(c[0:3], "little"))


def valid(text: str) -> bool:
    """Whether ``text`` reads as a secure-enhanced number: ``00``, then two halves whose first digit holds
    the half's top bit and its digit sum modulo 5."""
    if len(text) != 18 or not text.isdigit() or text[:2] != "00":
        return False
    for half in (text[2:10], text[10:18]):
        first, rest = int(half[0]), [int(d) for d in half[1:]]
        if first >> 1 != (sum(rest) + (first & 1)) % 5:
            return False
    return True


def next_for(db: sqlite_utils.Database, seat: int) -> tuple[int, int] | None:
    """The ID and the next sequence number of ``seat``'s tickets, from the ledger: the host's last 4C
    (``SAS_VALIDATION``) and the vouchers the seat printed since; ``None`` before any 4C."""
    row = db.execute(
        "SELECT id, detail FROM events WHERE code = ? AND seat = ? ORDER BY id DESC LIMIT 1",
        [int(EventCode.SAS_VALIDATION), seat],
    ).fetchone()
    if row is None:
        return None
    detail = json.loads(row[1])
    machine_id, sequence = int(detail["machine_id"]), int(detail["sequence"])
    if machine_id == 0:
        return None
    (printed,) = db.execute(
        "SELECT count(*) FROM events WHERE code = ? AND seat = ? AND id > ?",
        [int(EventCode.VOUCHER_ISSUE), seat, row[0]],
    ).fetchone()
    return machine_id, (sequence + int(printed)) % SEQUENCE
