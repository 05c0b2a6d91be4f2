"""The floor's last word on a table's ledger, and the start-up check against it.

Every settled round a table publishes carries its ledger's chain heads (the *witness*). A database rolled
back together with its high-water mark verifies on its own and reaches its own mark, but not the floor's
witness: the heads the floor last heard of are missing from it. At start-up, with the floor reachable,
the table reads the last round message it published and the ledger must reach it (the rows and tags the
witness names); a ledger of a later epoch (a RAM clear since) is accepted, an earlier epoch or another
ledger of the same epoch is not. With the floor unreachable the check is skipped and the event log says so.
The floor's last word may instead be an acceptance (``terminal.floor.accept``): two people accepted a
reinstalled table, and the ledger it names opens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from terminal.config.sections import FloorSection
from terminal.floor import connect, names
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
        heads = {str(t): (int(h[0]), str(h[1])) for t, h in body["round"]["witness"].items()}
        return Witness(str(body["ledger"]), int(body["epoch"]), int(body["seq"]), str(body["time"]), heads)
    except (ValueError, KeyError, TypeError, IndexError) as bad:
        raise ValueError(f"the floor's last round message has no readable witness ({bad})") from None


async def fetch(section: FloorSection, table_id: str, timeout_s: float) -> Witness | Acceptance | None:
    """The floor's last word on ``table_id`` (``None`` if it has none); raises if unreachable."""
    nc = await connect.connect(section, f"table {table_id} witness", timeout_s=timeout_s, reconnect=False)
    try:
        return await last_word(nc.jetstream(timeout=timeout_s), table_id)
    finally:
        await nc.close()


async def last_word(js: JetStreamContext, table_id: str) -> Witness | Acceptance | None:
    """The last message on ``table_id``'s round subject: a round's witness, or an acceptance."""
    try:
        last = await js.get_last_msg(names.STREAM, names.round_subject(table_id), direct=True)
    except NotFoundError:  # a new stream, or this table never settled a round on it
        return None
    with contextlib.suppress(ValueError, KeyError, TypeError):
        body = json.loads(last.data or b"")
        if isinstance(body, dict) and body.get("kind") == KIND:
            return Acceptance.of(body)
    return parse(last.data or b"")


def fetch_now(section: FloorSection, table_id: str) -> Witness | Acceptance | None:
    """:func:`fetch` from synchronous code (start-up), within ``[floor] request_ms`` per step; from a thread
    whose event loop is running (the lab's live table boots inside one) on a thread of its own, so the
    check is made there too rather than skipped."""
    timeout = section.request_ms / 1000

    def ask() -> Witness | Acceptance | None:
        return asyncio.run(asyncio.wait_for(fetch(section, table_id, timeout), timeout * 3))

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
