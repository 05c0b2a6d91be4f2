"""Vouchers on the floor: one key per validation number in the ``VOUCHERS`` bucket, changed only by CAS.

A record moves ``issued`` → ``redeemed`` or ``issued`` → ``voided``, each step an update that names the
revision it read (``last=``): of two tables racing for one voucher, the server accepts the first update
and refuses the second, so a voucher is paid once however many readers hold it at the same instant.

Every record is signed (``terminal.floor.signing``): ``issue_sig`` is the issuing table's signature of
what it printed (number, issuer, seat, amount, times), kept through every later step; ``signer`` and
``sig`` name whoever wrote the record last and sign all of it. A table pays another table's voucher only
when :func:`forgery` finds nothing: the issuer is an accepted table, its ``issue_sig`` holds, and the
issuer's own signed ``VOUCHER_ISSUE`` of that number and amount is on the stream. That last part is read by
the floor's credentials only (a table's may not read another table's records, which name its voucher
numbers): a table asks the floor service (``attest.voucher_issued``), which answers signed.

>>> record = issued("123456789012345671", "T-01", 3, 2500, "2026-03-01T12:00:00.000000Z", None)
>>> record["state"], record["amount"]
('issued', 2500)
>>> refusal(record | {"state": "redeemed", "by": {"table": "T-02", "seat": 1, "time": "x"}}, "x")
'voucher 123456789012345671 was redeemed at T-02 seat 1 (x)'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError
from nats.js.kv import KeyValue

from terminal.floor import names, registry, signing

Record = dict[str, Any]

#: What the issuing table's ``issue_sig`` covers: what it printed.
ISSUE_FIELDS = ("number", "issuer", "seat", "amount", "issued_at", "expires_at")
#: The issuer's ``VOUCHER_ISSUE`` is looked for on the stream from this long before the time it names.
ISSUE_SLACK = timedelta(hours=1)
VOUCHER_ISSUE = 610


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


def issue_part(record: Record) -> bytes:
    """The bytes the issuer's ``issue_sig`` signs."""
    return signing.canonical({k: record.get(k) for k in ISSUE_FIELDS})


def signed_issue(issuer: signing.Signer, record: Record) -> Record:
    """A newly printed voucher's record signed by its issuer: ``issue_sig``, then the whole record."""
    return issuer.sign_record(record | {"issue_sig": issuer.sign(issue_part(record))})


async def publish_issue(kv: KeyValue, record: Record, issuer: signing.Signer) -> None:
    """Write a newly printed voucher, signed (a resend after a crash finds it there and changes nothing)."""
    try:
        await kv.create(record["number"], _encode(signed_issue(issuer, record)))
    except KeyWrongLastSequenceError:
        return


async def close(
    kv: KeyValue, number: str, state: str, by: Record, *, signer: signing.Signer, time: str, reason: str = "",
    checked: int | None = None,
) -> tuple[Record, int]:  # fmt: skip
    """Move the voucher from ``issued`` to ``state`` (``redeemed`` or ``voided``) by compare-and-set,
    the record signed by ``signer``; ``checked``: the revision the caller checked (any other is refused).

    Returns the new record and revision; :class:`FloorVoucherError` when the floor refuses it.
    """
    found = await read(kv, number)
    if found is None:
        raise UnknownVoucherError(f"voucher {number} is unknown on the floor")
    record, revision = found
    if checked is not None and revision != checked:
        raise FloorVoucherError(f"voucher {number} changed on the floor a moment ago")
    problem = refusal(record, time)
    if problem is not None:
        raise FloorVoucherError(problem)
    changed = signer.sign_record(record | {"state": state, "by": by, "reason": reason})
    try:
        new_revision = await kv.update(number, _encode(changed), last=revision)
    except KeyWrongLastSequenceError:  # someone else changed it between our read and our write
        again = await read(kv, number)
        why = refusal(again[0], time) if again else None
        raise FloorVoucherError(why or f"voucher {number} changed on the floor a moment ago") from None
    return changed, int(new_revision)


async def release(kv: KeyValue, number: str, record: Record, revision: int, signer: signing.Signer) -> None:
    """Undo our own claim (the ledger refused to post it): back to ``issued`` if nobody moved it since."""
    back = signer.sign_record(record | {"state": "issued", "by": None, "reason": ""})
    try:
        await kv.update(number, _encode(back), last=revision)
    except KeyWrongLastSequenceError:
        return


def _encode(record: Record) -> bytes:
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode()


async def forgery(js: JetStreamContext, keys: registry.Keys, record: Record) -> str | None:
    """Why another table's voucher record is not to be paid (one line), or ``None`` when it holds: the
    issuer is an accepted table, its signature of the voucher holds, its ``VOUCHER_ISSUE`` is on the
    stream signed by it. The floor's own check (the cage, the floor service): it reads the stream."""
    return await judged(keys, record, lambda key, found: issued_on_stream(js, key, found))


async def judged(keys: registry.Keys, record: Record,
                 on_stream: Callable[[Ed25519PublicKey, Record], Awaitable[bool]]) -> str | None:  # fmt: skip
    """:func:`forgery` with the stream's part asked of ``on_stream`` (a table asks the floor service: its
    credentials may not read another table's records)."""
    number, issuer = str(record.get("number", "")), str(record.get("issuer", ""))
    key = await keys.of(issuer) if issuer and issuer != signing.FLOOR else None
    if key is None:
        return f"voucher {number}: its issuer {issuer!r} is not an accepted table"
    if not signing.valid(key, issue_part(record), record.get("issue_sig", "")):
        return f"voucher {number}: the signature of its issuer {issuer} does not hold"
    if not await on_stream(key, record):
        return f"voucher {number}: {issuer}'s signed VOUCHER_ISSUE of it is not on the floor's stream"
    return None


async def issued_on_stream(js: JetStreamContext, key: Ed25519PublicKey, record: Record) -> bool:
    """Whether the issuer's ``VOUCHER_ISSUE`` of ``record`` (number and amount) is on its voucher subject,
    signed by ``key``; read from a little before the time the record says it was printed.

    "Not issued" brands the voucher a forgery, so it is said only after a second read on a fresh consumer
    finds nothing either: a cluster that has just lost a node can show a new consumer nothing pending for
    a moment (a good voucher was once refused as forged that way)."""
    if await _scan(js, key, record):
        return True
    await asyncio.sleep(RESCAN_S)
    return await _scan(js, key, record)


async def _scan(js: JetStreamContext, key: Ed25519PublicKey, record: Record) -> bool:
    subject = names.voucher_subject(str(record["issuer"]))
    try:
        since = datetime.fromisoformat(str(record["issued_at"]).replace("Z", "+00:00")) - ISSUE_SLACK
    except ValueError:
        return False
    config = ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_TIME, opt_start_time=since,
                            ack_policy=AckPolicy.NONE, inactive_threshold=30.0)  # fmt: skip
    sub = await js.pull_subscribe(subject, stream=names.STREAM, config=config)
    try:
        if (await sub.consumer_info()).num_pending == 0:
            return False
        while True:
            # A fetch that fails or times out with messages still pending is no answer (raised: the floor
            # service then signs nothing and the paying table refuses the voucher as the floor unreachable,
            # to be tried again), never a "not issued" that would brand a good voucher a forgery.
            batch = await sub.fetch(200, timeout=2.0)
            if any(_is_issue(msg.subject, msg.data, msg.headers, key, record) for msg in batch):
                return True
            if not batch or batch[-1].metadata.num_pending == 0:
                return False
    finally:
        with contextlib.suppress(Exception):
            await sub.unsubscribe()


RESCAN_S = 0.5  # the pause before the second read of issued_on_stream


def _is_issue(subject: str, data: bytes, headers: dict[str, str] | None, key: Ed25519PublicKey,
              record: Record) -> bool:  # fmt: skip
    try:
        event = json.loads(data)["event"]
        detail = event["detail"]
        ours = int(event["code"]) == VOUCHER_ISSUE and str(detail["number"]) == str(record["number"])
        ours = ours and int(detail["amount"]) == int(record["amount"])
    except (ValueError, KeyError, TypeError):
        return False
    return ours and signing.check_message(subject, data, headers, key)

