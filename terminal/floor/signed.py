"""The last message on a subject that its signer really signed, stepping over any that are not.

The witness (a table's round subject) and the floor's commands (a table's command subject) read the
floor's *last word*; someone with access to the servers can publish after it. Such messages are stepped
over, backwards, until one that ``trusted`` accepts, and returned with the answer so the reader reports
them. The walk reads the subject in windows of stream sequences, each four times the last, so a few
forgeries cost one look and a flood of them a few more.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.errors import Error as NatsError
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError

from terminal.floor import names, signing

FLOOR = signing.FLOOR
#: The first window read back (stream sequences); at most this many stepped-over messages are reported.
WINDOW, REPORTED = 1000, 20


@dataclass(frozen=True, slots=True)
class Found:
    """One message of the stream as read back."""

    seq: int
    subject: str
    data: bytes
    headers: dict[str, str] | None

    @property
    def signer(self) -> str:
        """Who the message says signed it."""
        return signing.signer_of(self.headers)

    def valid(self, key: Ed25519PublicKey) -> bool:
        """Whether ``key`` signed it."""
        return signing.check_message(self.subject, self.data, self.headers, key)


@dataclass(frozen=True, slots=True)
class Stepped:
    """A message stepped over: where it is and whom it named as its signer."""

    seq: int
    subject: str
    signer: str

    def detail(self) -> dict[str, Any]:
        """As an event's detail."""
        return {"seq": self.seq, "subject": self.subject, "signer": self.signer[:32] or "none"}


async def last_trusted(js: JetStreamContext, subject: str, trusted: Callable[[Found], bool],
                       window: int = WINDOW) -> tuple[Found | None, tuple[Stepped, ...]]:  # fmt: skip
    """The last message on ``subject`` that ``trusted`` accepts (``None``: none), and those after it."""
    try:
        last = await js.get_last_msg(names.STREAM, subject, direct=True)
    except NotFoundError:
        return None, ()
    found = Found(int(last.seq or 0), str(last.subject or subject), last.data or b"", last.headers)
    stepped: list[Stepped] = []
    if trusted(found):
        return found, ()
    stepped.append(Stepped(found.seq, found.subject, found.signer))
    upto = found.seq
    while upto > 1:
        start = max(1, upto - window)
        for msg in reversed(await between(js, subject, start, upto)):
            if trusted(msg):
                return msg, tuple(stepped[:REPORTED])
            stepped.append(Stepped(msg.seq, msg.subject, msg.signer))
        upto, window = start, window * 4
    return None, tuple(stepped[:REPORTED])


async def between(js: JetStreamContext, subject: str, start: int, upto: int) -> list[Found]:
    """The messages on ``subject`` with stream sequences from ``start`` up to (not including) ``upto``.

    Read with a consumer filtered to ``subject`` and nothing else (a table's credentials may not ask a
    consumer's state): until a message at ``upto`` or after, or the last the consumer had to deliver."""
    config = ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=start,
                            ack_policy=AckPolicy.NONE, inactive_threshold=30.0)  # fmt: skip
    sub = await js.pull_subscribe(subject, stream=names.STREAM, config=config)
    found: list[Found] = []
    try:
        while True:
            try:
                batch = await sub.fetch(500, timeout=2.0)
            except (NatsError, TimeoutError):
                return found
            for msg in batch:
                seq = msg.metadata.sequence.stream
                if seq >= upto:
                    return found
                found.append(Found(seq, msg.subject, msg.data, msg.headers))
            if not batch or batch[-1].metadata.num_pending == 0:
                return found
    finally:
        with contextlib.suppress(Exception):
            await sub.unsubscribe()
