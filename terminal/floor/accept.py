"""A reinstalled table accepted at the floor: the witness steps aside for one named ledger.

A table whose ledger was replaced (a new database after a repair, or a backup restored on purpose) is
refused by the floor's witness at start-up, rightly: from the outside it looks like a rollback. Two
people (an administrator and a second user) accept it with ``terminal floor accept-table``: an
*acceptance* goes on the table's round subject, where the witness reads the floor's last word, naming the
ledger identity it accepts (the prefix the refusal printed), who, why and the witness it replaces. The
table's next start then passes with that ledger only (``FLOOR_ACCEPTED`` in its event log); its next round
is the witness again. The floor store keeps the acceptance as an event of that table.

The same command registers a table's signing key (``--key``, the 64 hex digits ``terminal floor
table-key`` printed at the table): a new table, or a reinstalled one whose key was made again. The
registration goes to the ``TABLES`` bucket (``terminal.floor.registry``); acceptance and registration are
both signed with the floor's key, so nothing anybody else publishes is either.

>>> acceptance_id("T-01", "abcdef0123456789", "2026-03-02T06:00:00.000000Z")
'accept:T-01:abcdef0123456789:2026-03-02T06:00:00.000000Z'
"""

from __future__ import annotations

import json
import re
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from terminal.config.sections import FloorSection
from terminal.floor import connect, names, registry, signing, witness
from terminal.floor.witness import KIND, Acceptance

_PREFIX = re.compile(r"[0-9a-f]{8,64}")
_TABLE = re.compile(r"[A-Za-z0-9-]{1,16}")  # as ``[table] table_id`` allows


class AcceptError(ValueError):
    """An acceptance that cannot be made; the message is its one line."""


def check_prefix(ledger: str) -> str:
    """The ledger identity (or its first 8+ hex digits) as typed, lower-case; ``AcceptError`` otherwise."""
    typed = ledger.strip().rstrip("…").lower()
    if not _PREFIX.fullmatch(typed):
        raise AcceptError(f"--ledger {ledger!r}: give the identity the refusal printed (8 to 64 hex digits)")
    return typed


def check_table(table: str) -> str:
    """A table id as ``[table] table_id`` allows it; ``AcceptError`` otherwise."""
    if not _TABLE.fullmatch(table):
        raise AcceptError(f"{table!r} is not a table id (letters, digits, dashes; at most 16)")
    return table


def acceptance_id(table: str, ledger: str, time: str) -> str:
    """The message id of an acceptance: one per table, ledger and moment it was made."""
    return f"accept:{table}:{ledger[:16]}:{time}"


async def publish(section: FloorSection, table: str, ledger: str | None, key: Ed25519PublicKey | None = None,
                  *, time: str, user: str, second_user: str,
                  reason: str) -> witness.Witness | Acceptance | None:  # fmt: skip
    """Register ``key`` as ``table``'s signing key (if given), then put the acceptance of ``ledger`` (if
    given) on ``table``'s round subject; returns the floor's last word it replaces (a round's witness, or
    an earlier acceptance: one naming the wrong ledger is corrected by another), ``None`` without one.

    ``AcceptError`` when a ledger is named and the floor has no round of that table (nothing refuses
    it); nothing is registered then. The ledger named may be the one the floor knows: a backup of it
    restored on purpose (rolled back) is accepted the same way."""
    timeout = section.request_ms / 1000
    floor = signing.floor_signer(section)
    nc = await connect.connect(section, "floor accept-table", timeout_s=timeout, reconnect=False)
    try:
        js = nc.jetstream(timeout=timeout)
        await connect.ensure_stream(js, section.replicas)
        tables = await registry.bucket(js, section.replicas)
        known = await registry.lookup(tables, table, floor.public) or key  # the key its rounds were signed by
        last = None
        if ledger is not None:
            if known is None:
                raise AcceptError(f"{table} is not an accepted table: give its signing key too (--key, "
                                  "from `terminal floor table-key` at the table)")  # fmt: skip
            last = (await witness.last_word(js, table, known, floor.public)).last
            if last is None:
                raise AcceptError(f"the floor has no signed round of {table}: its witness refuses nothing")
        who = {"time": time, "user": user, "second_user": second_user, "reason": reason}
        if key is not None:
            await registry.register(tables, registry.registration(floor, table, key, **who))
        if ledger is not None and last is not None:
            body = {"kind": KIND, "table": table, "ledger": ledger, **who, "replaces": _described(last)}
            data = json.dumps(body, sort_keys=True).encode()
            subject = names.round_subject(table)
            once = {"Nats-Msg-Id": acceptance_id(table, ledger, time)}
            await js.publish(subject, data, headers=once | floor.headers(subject, data))
        return last
    finally:
        await connect.close(nc)


def _described(last: witness.Witness | Acceptance) -> dict[str, Any]:
    if isinstance(last, Acceptance):
        return {"accepted": last.ledger, "by": last.user, "time": last.time}
    return {"ledger": last.ledger_id, "epoch": last.epoch, "seq": last.seq}


def replaced(last: witness.Witness | Acceptance | None) -> str:
    """What an acceptance replaced, in a few words."""
    if last is None:
        return "nothing"
    if isinstance(last, Acceptance):
        return f"the acceptance of ledger {last.ledger} by {last.user}"
    return f"ledger {last.ledger_id[:16]}…, epoch {last.epoch}, round message {last.seq}"
