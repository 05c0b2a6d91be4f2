"""Vouchers on the floor: one key per validation number in the ``VOUCHERS`` bucket, changed only by CAS.

A record moves ``issued`` → ``redeemed`` or ``issued`` → ``voided``, each step an update that names the
revision it read (``last=``): of two tables racing for one voucher, the server accepts the first update
and refuses the second, so a voucher is paid once however many readers hold it at the same instant.

>>> record = issued("123456789012345671", "T-01", 3, 2500, "2026-03-01T12:00:00.000000Z", None)
>>> record["state"], record["amount"]
('issued', 2500)
>>> refusal(record | {"state": "redeemed", "by": {"table": "T-02", "seat": 1, "time": "x"}}, "x")
'voucher 123456789012345671 was redeemed at T-02 seat 1 (x)'
"""

from __future__ import annotations

import json
from typing import Any

from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError
from nats.js.kv import KeyValue

Record = dict[str, Any]


class FloorVoucherError(ValueError):
    """The floor refuses a voucher action: unknown, already redeemed or voided, expired, or lost a race."""


class UnknownVoucherError(FloorVoucherError):
    """The floor has never heard of the voucher (a mistyped number, or its issue is still on its way)."""


def issued(number: str, table: str, seat: int, amount: int, time: str, expires_at: str | None) -> Record:
    """The record a table writes when it prints a voucher."""
    return {"number": number, "issuer": table, "seat": seat, "amount": amount, "issued_at": time,
            "expires_at": expires_at, "state": "issued", "by": None, "reason": ""}  # fmt: skip


def refusal(record: Record, time: str) -> str | None:
    """Why ``record`` cannot be redeemed or voided at ``time`` (one line), or ``None`` when it can."""
    number, state = record["number"], record["state"]
    if state != "issued":
        by = record.get("by") or {}
        where = by.get("table", "?") + (f" seat {by['seat']}" if by.get("seat") else "")
        return f"voucher {number} was {state} at {where} ({by.get('time', '?')})"
    expires = record.get("expires_at")
    if expires and time >= expires:
        return f"voucher {number} expired at {expires}"
    return None


async def read(kv: KeyValue, number: str) -> tuple[Record, int] | None:
    """The voucher's record and revision, or ``None`` when the floor has never heard of it."""
    try:
        entry = await kv.get(number)
    except KeyNotFoundError:
        return None
    if entry.value is None:
        return None
    record: Record = json.loads(entry.value)
    return record, int(entry.revision or 0)


async def publish_issue(kv: KeyValue, record: Record) -> None:
    """Write a newly printed voucher (a resend after a crash finds it there and changes nothing)."""
    try:
        await kv.create(record["number"], _encode(record))
    except KeyWrongLastSequenceError:
        return


async def close(
    kv: KeyValue, number: str, state: str, by: Record, *, time: str, reason: str = ""
) -> tuple[Record, int]:
    """Move the voucher from ``issued`` to ``state`` (``redeemed`` or ``voided``) by compare-and-set.

    Returns the new record and revision; :class:`FloorVoucherError` when the floor refuses it.
    """
    found = await read(kv, number)
    if found is None:
        raise UnknownVoucherError(f"voucher {number} is unknown on the floor")
    record, revision = found
    problem = refusal(record, time)
    if problem is not None:
        raise FloorVoucherError(problem)
    changed = record | {"state": state, "by": by, "reason": reason}
    try:
        new_revision = await kv.update(number, _encode(changed), last=revision)
    except KeyWrongLastSequenceError:  # someone else changed it between our read and our write
        again = await read(kv, number)
        why = refusal(again[0], time) if again else None
        raise FloorVoucherError(why or f"voucher {number} changed on the floor a moment ago") from None
    return changed, int(new_revision)


async def release(kv: KeyValue, number: str, record: Record, revision: int) -> None:
    """Undo our own claim (the ledger refused to post it): back to ``issued`` if nobody moved it since."""
    back = record | {"state": "issued", "by": None, "reason": ""}
    try:
        await kv.update(number, _encode(back), last=revision)
    except KeyWrongLastSequenceError:
        return


def _encode(record: Record) -> bytes:
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode()
