"""The floor service vouches for its last word on a table, fresh: a question with a nonce, a signed answer.

The stream's last signed message on a table's round subject can be an old round of the table published
again (a replay: its signature still holds). The floor service cannot be fooled that way: it applies a
table's rows once, in order, so a replayed older round never becomes its last word on the table
(``FloorStore.last_word``). At start-up a table asks it on ``floorwitness.<table>`` with a random nonce;
the service answers with its last word, how far it has read the stream and the nonce, signed with the
floor's key (:func:`answer`). The table takes that answer once the service has read at least as far as the
stream's last signed word (:func:`ask`); with no service answering in time it falls back to the stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.aio.client import Client
from nats.errors import Error as NatsError

from terminal.floor import names, signing
from terminal.ledger.floorstore import FloorStore


@dataclass(frozen=True, slots=True)
class Attested:
    """The floor service's signed answer: its last word on the table (``None``: none) and where it is."""

    seq: int
    word: dict[str, Any] | None
    cursor: int


def answer(store: FloorStore, floor: signing.Signer, table: str, nonce: bytes) -> bytes:
    """The floor's last word on ``table`` (``None``: none yet) with how far the store has read the stream
    and the asking table's nonce, signed with the floor's key: a reply nobody can replay or forge."""
    found = store.last_word(table)
    said = {"table": table, "nonce": nonce.decode("ascii", "replace")[:64], "cursor": store.cursor(),
            "seq": found[0] if found else 0, "word": found[1] if found else None}  # fmt: skip
    return json.dumps(floor.sign_record(said), sort_keys=True).encode()


async def ask(nc: Client, table: str, floor: Ed25519PublicKey, timeout_s: float,
              at_least: int) -> Attested | None:  # fmt: skip
    """The floor service's signed last word on ``table``, once it has read the stream up to ``at_least``;
    ``None`` when no service gave a valid answer that far within ``timeout_s``. Answers that are not the
    floor's (a wrong signature, another nonce) are stepped over: the service's own may follow them."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        heard = await _ask_once(nc, table, floor, deadline)
        if heard is None:
            return None
        if heard.cursor >= at_least:
            return heard
        await asyncio.sleep(0.05)  # the service is still reading what the stream holds: ask again
    return None


async def _ask_once(nc: Client, table: str, floor: Ed25519PublicKey, deadline: float) -> Attested | None:
    nonce = secrets.token_hex(16)
    inbox = nc.new_inbox()
    sub = await nc.subscribe(inbox)
    try:
        await nc.publish(names.witness_subject(table), nonce.encode(), reply=inbox)
        while (left := deadline - time.monotonic()) > 0:
            try:
                msg = await sub.next_msg(timeout=min(left, 1.0))
            except (NatsError, TimeoutError):
                return None
            if (msg.headers or {}).get("Status") == "503":  # no responders: no floor service runs
                return None
            heard = _valid(msg.data, table, nonce, floor)
            if heard is not None:
                return heard
        return None
    finally:
        with contextlib.suppress(Exception):
            await sub.unsubscribe()


def _valid(data: bytes, table: str, nonce: str, floor: Ed25519PublicKey) -> Attested | None:
    try:
        said = json.loads(data)
        if not isinstance(said, dict) or said.get("signer") != signing.FLOOR:
            return None
        if said.get("table") != table or said.get("nonce") != nonce or not signing.check_record(said, floor):
            return None
        word = said.get("word")
        return Attested(int(said["seq"]), word if isinstance(word, dict) else None, int(said["cursor"]))
    except (ValueError, KeyError, TypeError):
        return None


# --- is a reply subject an inbox? ------------------------------------------------------------------------
def inbox_reply(reply: str) -> bool:
    """Whether ``reply`` is a client's inbox: the only subject the floor service answers a question on. A
    table names the reply subject of its question; one naming ``$JS.API.STREAM.DELETE.FLOOR`` or another
    table's ``floor.<t>.round`` would have the floor's own credentials publish there (a confused deputy)."""
    parts = reply.split(".")
    return len(parts) >= 3 and parts[0] == "_INBOX" and all(p and p not in ("*", ">") for p in parts)


async def respond(msg: Any, data: bytes) -> None:
    """Answer ``msg`` with ``data`` when it asks for the answer on an inbox (:func:`inbox_reply`)."""
    if inbox_reply(str(msg.reply or "")):
        await msg.respond(data)


# --- was another table's voucher issued? -----------------------------------------------------------------
#: What a table tells the floor service of the voucher it asks about (and finds again in the answer).
VOUCHER_FIELDS = ("number", "issuer", "amount", "issued_at")
ISSUED = "issued"  # the kind of the answer: nothing else the floor signs reads as one


def voucher_question(record: dict[str, Any], nonce: str) -> bytes:
    """A table's question: was this voucher (number, issuer, amount, time) issued on the stream?"""
    return json.dumps({"nonce": nonce, **{k: record.get(k) for k in VOUCHER_FIELDS}}, sort_keys=True).encode()


def voucher_answer(floor: signing.Signer, table: str, question: dict[str, Any], issued: bool) -> bytes:
    """The floor service's answer to ``table``'s question, signed with the floor's key."""
    said = {"kind": ISSUED, "table": table, "issued": issued,
            **{k: question.get(k) for k in ("nonce", *VOUCHER_FIELDS)}}  # fmt: skip
    return json.dumps(floor.sign_record(said), sort_keys=True).encode()


async def voucher_issued(nc: Client, table: str, floor: Ed25519PublicKey, record: dict[str, Any],
                         timeout_s: float) -> bool | None:  # fmt: skip
    """Whether the floor service finds the issuer's signed ``VOUCHER_ISSUE`` of ``record`` on the stream
    (a table may not read another table's records: they name its voucher numbers); ``None`` when no floor
    service gave a valid answer within ``timeout_s``."""
    nonce = secrets.token_hex(16)
    inbox = nc.new_inbox()
    sub = await nc.subscribe(inbox)
    deadline = time.monotonic() + timeout_s
    try:
        await nc.publish(names.voucher_check_subject(table), voucher_question(record, nonce), reply=inbox)
        while (left := deadline - time.monotonic()) > 0:
            try:
                msg = await sub.next_msg(timeout=min(left, 1.0))
            except TimeoutError:  # nats' own timeout too: no answer yet, ask the subscription again
                continue
            except NatsError:  # the connection closed (the link stops): no answer can come. Asked again,
                return None  # a closed subscription raised at once: the loop spun without yielding
            if (msg.headers or {}).get("Status") == "503":  # no responders: no floor service runs
                return None
            with contextlib.suppress(ValueError, TypeError):
                said = json.loads(msg.data)
                fits = isinstance(said, dict) and said.get("signer") == signing.FLOOR
                fits = fits and said.get("kind") == ISSUED
                fits = fits and said.get("table") == table and said.get("nonce") == nonce
                fits = fits and all(said.get(k) == record.get(k) for k in VOUCHER_FIELDS)
                if fits and signing.check_record(said, floor):
                    return said.get("issued") is True
        return None
    finally:
        with contextlib.suppress(Exception):
            await sub.unsubscribe()
