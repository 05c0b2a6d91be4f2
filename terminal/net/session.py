"""Sessions: the handshake's key derivation, and sealing and opening frames with a MAC and a sequence.

The payload of every frame is ``HMAC-SHA256(key, json) || json`` where ``json`` is the canonical
envelope ``{"body": {...}, "proto": 1, "seat": "seat-3", "seq": 7, "type": "PlaceWager", "ver": 1}``.

Handshake (nonces are 32 fresh random bytes from each side):

1. client → ``Hello(nonce_c)``, seq 0, MAC'd with the *hello key* derived from the seat's long-term key;
2. server → ``Welcome(nonce_s)``, seq 1 of the server→client direction, MAC'd with the session key;
3. client → ``Ready``, seq 1 of the client→server direction, MAC'd with the session key.

Session keys are HKDF-SHA256 of the seat key, salted with both nonces and bound to the seat id, one key
per direction (so a frame cannot be reflected back to its sender). A recorded session is useless on a
new connection: the server's fresh nonce changes every key. Within a session each direction's sequence
numbers must go up by exactly one, so a replayed, dropped or reordered frame is refused.

>>> from terminal.net.messages import Heartbeat
>>> keys = derive_session_keys(bytes(32), "seat-1", bytes(32), bytes(32))
>>> keys.client_to_server != keys.server_to_client
True
>>> sealer = Sealer(keys.client_to_server, "seat-1")
>>> opener = Opener(keys.client_to_server, "seat-1", Direction.CLIENT)
>>> frame = sealer.seal(Heartbeat())
>>> opener.open(frame).message()
Heartbeat()
>>> opener.open(frame)
Traceback (most recent call last):
...
terminal.net.errors.SequenceError: seat-1: sequence 1 replayed (expected 2)
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from terminal.net.codec import JSONValue, canonical_json, parse_canonical
from terminal.net.errors import (
    BadMacError,
    DecodeError,
    FieldError,
    SeatMismatchError,
    SequenceError,
    UnknownMessageError,
    UnknownSeatError,
    WrongDirectionError,
)
from terminal.net.messages import Direction, Hello, Message, body_from_json, body_to_json

PROTOCOL_VERSION = 1
MAC_SIZE = 32
KEY_SIZE = 32
NONCE_SIZE = 32
_LABEL = b"terminal-net/1 "
_ENVELOPE_KEYS = frozenset({"body", "proto", "seat", "seq", "type", "ver"})
_SEAT = re.compile(r"[a-z0-9][a-z0-9_\-]{0,31}")
_MAX_SEQ = 2**63 - 1


@dataclass(frozen=True, slots=True)
class SessionKeys:
    """The two directional MAC keys of one connection."""

    client_to_server: bytes
    server_to_client: bytes


def hello_key(seat_key: bytes) -> bytes:
    """The key that MACs a client's Hello: derived, so the long-term key itself never MACs traffic."""
    return hmac.digest(seat_key, _LABEL + b"hello", hashlib.sha256)


def derive_session_keys(seat_key: bytes, seat: str, client_nonce: bytes, server_nonce: bytes) -> SessionKeys:
    """HKDF-SHA256(seat key, salt = both nonces, info = seat id) split into one key per direction."""
    okm = HKDF(
        algorithm=hashes.SHA256(),
        length=2 * KEY_SIZE,
        salt=client_nonce + server_nonce,
        info=_LABEL + b"session " + seat.encode("ascii"),
    ).derive(seat_key)
    return SessionKeys(okm[:KEY_SIZE], okm[KEY_SIZE:])


@dataclass(frozen=True, slots=True)
class Envelope:
    """An authentic, fresh frame whose body is not decoded yet (see :meth:`message`)."""

    seat: str
    seq: int
    type: str
    version: int
    body: JSONValue
    sender: Direction

    def message(self) -> Message:
        """Decode the body; raises :class:`UnknownMessageError`, :class:`FieldError` or a direction error."""
        msg = body_from_json(self.type, self.version, self.body)
        if msg.DIRECTION not in (self.sender, Direction.BOTH):
            raise WrongDirectionError(f"{self.type} may not be sent by a {self.sender.value}")
        return msg


def seal(key: bytes, seat: str, seq: int, msg: Message, body: dict[str, JSONValue] | None = None) -> bytes:
    """The payload of one frame: MAC then canonical envelope.

    ``body``, if given, must be ``body_to_json(msg)``: a broadcast encodes its message once for every link.
    """
    envelope = {
        "body": body_to_json(msg) if body is None else body,
        "proto": PROTOCOL_VERSION,
        "seat": seat,
        "seq": seq,
        "type": msg.TYPE,
        "ver": msg.VERSION,
    }
    data = canonical_json(envelope, checked=True)  # body_to_json type-checked every field
    return hmac.digest(key, data, hashlib.sha256) + data


def read_envelope(payload: bytes, sender: Direction) -> tuple[bytes, bytes, Envelope]:
    """Split a payload into (mac, json, envelope) *without* checking the MAC (the server needs the seat id
    of a Hello to find its key). Raises a :class:`DecodeError` subclass for anything malformed."""
    if len(payload) <= MAC_SIZE:
        raise DecodeError(f"frame of {len(payload)} bytes is too short to carry a MAC and a message")
    mac, data = payload[:MAC_SIZE], payload[MAC_SIZE:]
    raw = parse_canonical(data)
    if not isinstance(raw, dict) or set(raw) != _ENVELOPE_KEYS:
        raise FieldError(f"envelope must be an object with exactly {sorted(_ENVELOPE_KEYS)}")
    proto, seat, seq, kind, version = raw["proto"], raw["seat"], raw["seq"], raw["type"], raw["ver"]
    if type(proto) is not int or proto != PROTOCOL_VERSION:
        raise UnknownMessageError(f"unsupported protocol version {proto!r} (this build speaks 1)")
    if not isinstance(seat, str) or _SEAT.fullmatch(seat) is None:
        raise FieldError(f"envelope.seat: {seat!r} is not a seat id")
    if type(seq) is not int or not 0 <= seq <= _MAX_SEQ:
        raise FieldError(f"envelope.seq: {seq!r} is not a sequence number")
    if not isinstance(kind, str) or type(version) is not int:
        raise UnknownMessageError(f"unknown message type {kind!r} version {version!r}")
    return mac, data, Envelope(seat, seq, kind, version, raw["body"], sender)


def check_mac(key: bytes, mac: bytes, data: bytes, seat: str) -> None:
    """Raise :class:`BadMacError` unless ``mac`` is the HMAC of ``data`` under ``key`` (constant time)."""
    if not hmac.compare_digest(mac, hmac.digest(key, data, hashlib.sha256)):
        raise BadMacError(f"{seat}: MAC does not match (tampered, forged, or the wrong key)")


def open_hello(payload: bytes, find_key: dict[str, bytes]) -> tuple[str, bytes, Hello]:
    """Check a connection's first frame: a Hello, seq 0, MAC'd with its seat's hello key.

    Returns (seat, seat key, hello). Raises :class:`UnknownSeatError`, :class:`BadMacError`,
    :class:`SequenceError` or a :class:`DecodeError` subclass.
    """
    mac, data, envelope = read_envelope(payload, Direction.CLIENT)
    seat_key = find_key.get(envelope.seat)
    if seat_key is None:
        raise UnknownSeatError(f"no key for seat {envelope.seat!r}")
    check_mac(hello_key(seat_key), mac, data, envelope.seat)
    if envelope.seq != 0:
        raise SequenceError(f"{envelope.seat}: Hello must have sequence 0, got {envelope.seq}")
    msg = envelope.message()
    if not isinstance(msg, Hello):
        raise UnknownMessageError(f"{envelope.seat}: first message must be Hello, got {envelope.type}")
    return envelope.seat, seat_key, msg


NOTICE_KEY = bytes(KEY_SIZE)
"""The MAC key of a notice: public on purpose, so a notice is readable by anyone and trusted by no one."""


def notice(error: Message) -> bytes:
    """The payload of an ``Error`` sent before any session key exists (a refused ``Hello``).

    It has the frame's usual form, MAC'd under the public :data:`NOTICE_KEY` with sequence 1, so a client
    can read why it was refused; the MAC proves nothing, and the connection is closed right after it.
    """
    return seal(NOTICE_KEY, "unknown", 1, error)


class Sealer:
    """The sending half of one direction of a session: seals messages with consecutive sequence numbers."""

    __slots__ = ("_key", "_seat", "next_seq")

    def __init__(self, key: bytes, seat: str, first_seq: int = 1) -> None:
        self._key, self._seat, self.next_seq = key, seat, first_seq

    def seal(self, msg: Message, body: dict[str, JSONValue] | None = None) -> bytes:
        """The payload of ``msg`` with the next sequence number (``body``: its JSON, if already made)."""
        payload = seal(self._key, self._seat, self.next_seq, msg, body)
        self.next_seq += 1
        return payload


class Opener:
    """The receiving half: refuses any frame that is not authentic, for this seat, and the next in order."""

    __slots__ = ("_key", "_seat", "_sender", "expected_seq")

    def __init__(self, key: bytes, seat: str, sender: Direction, first_seq: int = 1) -> None:
        self._key, self._seat, self._sender, self.expected_seq = key, seat, sender, first_seq

    def open(self, payload: bytes) -> Envelope:
        """Verify MAC, seat and sequence; the body is decoded later by :meth:`Envelope.message`."""
        if len(payload) <= MAC_SIZE:
            raise BadMacError(f"{self._seat}: frame of {len(payload)} bytes cannot carry a MAC")
        check_mac(self._key, payload[:MAC_SIZE], payload[MAC_SIZE:], self._seat)
        _, _, envelope = read_envelope(payload, self._sender)
        if envelope.seat != self._seat:
            raise SeatMismatchError(f"frame for {envelope.seat!r} on the session of {self._seat!r}")
        if envelope.seq != self.expected_seq:
            what = "replayed" if envelope.seq < self.expected_seq else "out of order"
            expected = self.expected_seq
            raise SequenceError(f"{self._seat}: sequence {envelope.seq} {what} (expected {expected})")
        self.expected_seq += 1
        return envelope
