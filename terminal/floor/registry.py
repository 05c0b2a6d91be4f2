"""The accepted tables: each table's public key, registered by the floor and signed with the floor's key.

``terminal floor accept-table TABLE --key HEX`` (two people) writes one record per table to the ``TABLES``
bucket: the table, its Ed25519 public key, when, who and why, signed by the floor's key. Whoever reads it
(another table paying a voucher, the floor service applying the stream, the table's own witness) checks
that signature with the floor's public key it holds, so a record someone else wrote into the bucket names
no table. A table that has no valid record is not an accepted table: its messages and vouchers are not
trusted anywhere on the floor.

>>> from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
>>> floor = signing.Signer("floor", Ed25519PrivateKey.from_private_bytes(bytes(32)))
>>> table = signing.Signer("T-01", Ed25519PrivateKey.from_private_bytes(bytes(range(32))))
>>> record = registration(floor, "T-01", table.public, time="t", user="ada", second_user="fay", reason="new")
>>> key_of(record, "T-01", floor.public) is not None, key_of(record, "T-02", floor.public)
(True, None)
"""

from __future__ import annotations

import json
import time as clock
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.errors import NoRespondersError
from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType
from nats.js.errors import BucketNotFoundError, KeyNotFoundError, NotFoundError
from nats.js.kv import KeyValue

from terminal.floor import signing

BUCKET = "TABLES"
STREAM, SUBJECTS = f"KV_{BUCKET}", f"$KV.{BUCKET}"  # as credentials.TABLES_STREAM/_SUBJECTS
#: A key looked up is trusted this long before it is read again (a re-registered key reaches every
#: reader within it); a table never heard of is asked again at once.
CACHE_S = 5.0


def registration(floor: signing.Signer, table: str, public: Ed25519PublicKey, *, time: str, user: str,
                 second_user: str, reason: str) -> dict[str, Any]:  # fmt: skip
    """The record that makes ``table`` an accepted table with key ``public``, signed by the floor."""
    record = {"table": table, "key": signing.public_hex(public), "time": time, "user": user,
              "second_user": second_user, "reason": reason}  # fmt: skip
    return floor.sign_record(record)


def key_of(record: dict[str, Any], table: str, floor: Ed25519PublicKey) -> Ed25519PublicKey | None:
    """The public key ``record`` registers for ``table`` if the floor signed it, else ``None``."""
    if record.get("table") != table or record.get("signer") != signing.FLOOR:
        return None
    if not signing.check_record(record, floor):
        return None
    try:
        return signing.public_of(str(record.get("key", "")))
    except signing.SigningKeyError:
        return None


async def bucket(js: JetStreamContext, replicas: int) -> KeyValue:
    """The ``TABLES`` bucket, created unless it exists (its history keeps the keys a table had): the floor's
    call (the floor service's start, ``accept-table``); a table's credentials only read it (:func:`bound`).
    It answers reads by key directly, which is all a table's credentials may ask of it."""
    try:
        return await js.key_value(BUCKET)
    except (BucketNotFoundError, NotFoundError):
        config = KeyValueConfig(bucket=BUCKET, history=8, replicas=replicas, storage=StorageType.FILE,
                                direct=True)  # fmt: skip
        return await js.create_key_value(config)


def bound(js: JetStreamContext) -> KeyValue:
    """The ``TABLES`` bucket bound without asking the server about it (a table may read one record by its
    table's name, nothing else): reads are direct gets by key."""
    return KeyValue(name=BUCKET, stream=STREAM, pre=f"{SUBJECTS}.", js=js, direct=True)


async def register(kv: KeyValue, record: dict[str, Any]) -> int:
    """Write a registration (it replaces the table's earlier one); its revision."""
    data = json.dumps(record, sort_keys=True, separators=(",", ":")).encode()
    return int(await kv.put(str(record["table"]), data))


async def lookup(kv: KeyValue, table: str, floor: Ed25519PublicKey) -> Ed25519PublicKey | None:
    """``table``'s registered key, or ``None`` (never registered, or the record is not the floor's)."""
    try:
        entry = await kv.get(table)
    except (KeyNotFoundError, NoRespondersError, ValueError):  # no record, or no bucket yet: none registered
        return None
    try:
        record = json.loads(entry.value or b"")
    except ValueError:
        return None
    return key_of(record, table, floor) if isinstance(record, dict) else None


class Keys:
    """The accepted tables' keys as one reader last read them (a short-lived cache over the bucket)."""

    def __init__(self, kv: KeyValue, floor: Ed25519PublicKey | None) -> None:
        self.kv, self.floor = kv, floor
        self._seen: dict[str, tuple[Ed25519PublicKey | None, float]] = {}

    async def of(self, table: str) -> Ed25519PublicKey | None:
        """``table``'s key (``None``: not an accepted table, or no floor key to check registrations)."""
        if table == signing.FLOOR:
            return self.floor
        if self.floor is None:
            return None
        known = self._seen.get(table)
        if known is not None and known[0] is not None and clock.monotonic() - known[1] < CACHE_S:
            return known[0]
        found = await lookup(self.kv, table, self.floor)
        self._seen[table] = (found, clock.monotonic())
        return found
