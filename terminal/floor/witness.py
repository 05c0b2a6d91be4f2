"""The floor's last word on a table's ledger, and the start-up check against it.

Every settled round a table publishes carries its ledger's chain heads (the *witness*). A database rolled
back together with its high-water mark verifies on its own and reaches its own mark, but not the floor's
witness: the heads the floor last heard of are missing from it. At start-up, with the floor reachable,
the table reads the last round message it published and the ledger must reach it (the rows and tags the
witness names); a ledger of a later epoch (a RAM clear since) is accepted, an earlier epoch or another
ledger of the same epoch is not. With the floor unreachable the check is skipped and the event log says so.
The floor's last word may instead be an acceptance (``terminal.floor.accept``): two people accepted a
reinstalled table, and the ledger it names opens.

Only signed words count: a round signed by the table's accepted key (the one the floor registered, or
the table's own key while it is not registered yet), an acceptance signed by the floor's key. Anything
else on the round subject (a witness or acceptance someone else published) is stepped over, and the
check reads the last word before it that is signed; what it stepped over is reported (``FLOOR_FORGED``).
A signed word published again (an older round replayed) is still signed: where the floor service runs,
the table takes its word instead, fresh and signed (``terminal.floor.attest``), which no replay moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.js import JetStreamContext

from terminal.config.sections import FloorSection
from terminal.floor import attest, connect, names, registry, signed
from terminal.ledger import highwater

#: The ``kind`` of an acceptance on a table's round subject (``terminal.floor.accept``).
KIND = "accept"


@dataclass(frozen=True, slots=True)
class Witness:
    """The heads of a table's ledger as its last published round left them."""

    ledger_id: str
    epoch: int
    seq: int
    time: str
    heads: dict[str, tuple[int, str]]

    def mark(self) -> highwater.Mark:
        """The witness in the shape of a high-water mark, to measure a database against."""
        return highwater.Mark(self.ledger_id, self.epoch, dict(self.heads))


@dataclass(frozen=True, slots=True)
class Acceptance:
    """The floor's last word on a table when it is an acceptance, not a round."""

    table: str
    ledger: str  # the accepted ledger identity, or its first characters (at least 8 hex digits)
    time: str
    user: str
    second_user: str
    reason: str

    def admits(self, ledger_id: str) -> bool:
        """Whether the ledger of identity ``ledger_id`` is the one accepted."""
        return ledger_id.startswith(self.ledger)

    @classmethod
    def of(cls, body: dict[str, Any]) -> Acceptance:
        """The acceptance in a round-subject message (``KeyError`` without one of its fields)."""
        return cls(str(body["table"]), str(body["ledger"]), str(body["time"]), str(body["user"]),
                   str(body["second_user"]), str(body["reason"]))  # fmt: skip


def parse(data: bytes) -> Witness:
    """A round message's witness; ``ValueError`` when the message has none."""
    try:
        body = json.loads(data)
    except ValueError as bad:
        raise ValueError(f"the floor's last round message has no readable witness ({bad})") from None
    return parse_body(body)


def parse_body(body: dict[str, Any]) -> Witness:
    """A round message's witness from its parsed body; ``ValueError`` when it has none."""
    try:
        heads = {str(t): (int(h[0]), str(h[1])) for t, h in body["round"]["witness"].items()}
        return Witness(str(body["ledger"]), int(body["epoch"]), int(body["seq"]), str(body["time"]), heads)
    except (ValueError, KeyError, TypeError, IndexError) as bad:
        raise ValueError(f"the floor's last round message has no readable witness ({bad})") from None


@dataclass(frozen=True, slots=True)
class Word:
    """The floor's last signed word on a table (``None``: none yet), what was stepped over for it on the
    stream, its stream sequence and who said it (``stream``, or the ``floor service`` vouching for it)."""

    last: Witness | Acceptance | None
    forged: tuple[signed.Stepped, ...] = ()
    seq: int = 0
    source: str = "stream"


async def fetch(section: FloorSection, table_id: str, timeout_s: float, own: Ed25519PublicKey,
                floor: Ed25519PublicKey | None) -> Word:  # fmt: skip
    """The floor's last signed word on ``table_id``; raises if unreachable. ``own``: the table's own key,
    trusted for its rounds while the floor has not registered one; ``floor``: the floor's key."""
    nc = await connect.connect(section, f"table {table_id} witness", timeout_s=timeout_s, reconnect=False)
    try:
        js = nc.jetstream(timeout=timeout_s)
        keys = registry.Keys(registry.bound(js), floor)  # a table reads its own record, asks nothing else
        table_key = await keys.of(table_id) or own
        word = await last_word(js, table_id, table_key, floor)
        if floor is None:
            return word
        heard = await attest.ask(nc, table_id, floor, timeout_s, word.seq)
        if heard is None:  # no floor service answered (in time): the stream's last signed word
            return word
        return Word(None if heard.word is None else _of(heard.word), word.forged, heard.seq, "floor service")
    finally:
        await connect.close(nc)


async def last_word(js: JetStreamContext, table_id: str, table_key: Ed25519PublicKey,
                    floor: Ed25519PublicKey | None) -> Word:  # fmt: skip
    """The last signed message on ``table_id``'s round subject: a round's witness signed by
    ``table_key``, or an acceptance signed by ``floor``."""

    def trusted(msg: signed.Found) -> bool:
        if _is_acceptance(msg.data):
            return floor is not None and msg.signer == signed.FLOOR and msg.valid(floor)
        return msg.signer == table_id and msg.valid(table_key)

    found, stepped = await signed.last_trusted(js, names.round_subject(table_id), trusted)
    if found is None:  # a new stream, or this table never settled a round on it (none signed)
        return Word(None, stepped)
    if _is_acceptance(found.data):
        return Word(Acceptance.of(json.loads(found.data)), stepped, found.seq)
    return Word(parse(found.data), stepped, found.seq)


def _of(body: dict[str, Any]) -> Witness | Acceptance:
    """A last word the floor service vouched for: an acceptance, or a round's witness."""
    return Acceptance.of(body) if body.get("kind") == KIND else parse_body(body)


def _is_acceptance(data: bytes) -> bool:
    with contextlib.suppress(ValueError):
        body = json.loads(data or b"")
        return isinstance(body, dict) and body.get("kind") == KIND
    return False


def fetch_now(section: FloorSection, table_id: str, own: Ed25519PublicKey,
              floor: Ed25519PublicKey | None) -> Word:  # fmt: skip
    """:func:`fetch` from synchronous code (start-up), within ``[floor] request_ms`` per step; from a thread
    whose event loop is running (the lab's live table boots inside one) on a thread of its own, so the
    check is made there too rather than skipped."""
    timeout = section.request_ms / 1000

    def ask() -> Word:
        return asyncio.run(asyncio.wait_for(fetch(section, table_id, timeout, own, floor), timeout * 3))

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop running here: the usual start-up
        return ask()
    with ThreadPoolExecutor(1, thread_name_prefix="floor witness") as pool:
        return pool.submit(ask).result()


def judge(found: highwater.Mark, witness: Witness, problem: str | None) -> str | None:
    """Why the ledger ``found`` may not open against ``witness`` (``problem``: what the database lacks
    to reach it, from ``highwater.shortfall``), or ``None`` when it may."""
    if found.epoch > witness.epoch:
        return None  # a RAM clear since the floor last heard: a new ledger, its first rows not sent yet
    if found.epoch < witness.epoch:
        heard, have = witness.epoch, found.epoch
        return f"the floor last heard of epoch {heard}; this ledger is epoch {have}: rolled back"
    if found.ledger_id != witness.ledger_id:
        return (
            f"the floor knows another ledger for epoch {witness.epoch} (identity {witness.ledger_id[:16]}…, "
            f"this one {found.ledger_id[:16]}…): a swapped database"
        )
    if problem is not None:
        seen = f"round message {witness.seq} at {witness.time}"
        return f"the floor saw this ledger further on ({seen}): {problem} (ledger {found.ledger_id[:16]}…)"
    return None
