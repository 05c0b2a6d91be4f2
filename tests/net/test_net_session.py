"""Sessions without sockets: key derivation against RFC 5869 computed independently, and every way a
frame can fail authentication; plus the fuzzed decoder: random bytes, mutated valid frames and random
JSON bodies under a valid MAC raise nothing but the protocol's own errors."""

from __future__ import annotations

import contextlib
import hashlib
import hmac

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.net.codec import canonical_json
from terminal.net.errors import (
    AuthError,
    BadMacError,
    DecodeError,
    ProtocolError,
    SeatMismatchError,
    SequenceError,
    UnknownMessageError,
    UnknownSeatError,
    WrongDirectionError,
)
from terminal.net.messages import Ack, Direction, Heartbeat, Hello, PlaceWager
from terminal.net.session import (
    MAC_SIZE,
    Opener,
    Sealer,
    derive_session_keys,
    hello_key,
    open_hello,
    read_envelope,
    seal,
)
from tests.net.test_net_codec import json_of

KEY = bytes(range(32))


def _hkdf(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 written out from the RFC, to check the library-based derivation by another route."""
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        out, counter = out + block, counter + 1
    return out[:length]


def test_session_keys_are_rfc5869_hkdf_bound_to_seat_and_both_nonces() -> None:
    nc, ns = b"\x01" * 32, b"\x02" * 32
    keys = derive_session_keys(KEY, "seat-4", nc, ns)
    expected = _hkdf(KEY, nc + ns, b"terminal-net/1 session seat-4", 64)
    assert (keys.client_to_server, keys.server_to_client) == (expected[:32], expected[32:])
    assert derive_session_keys(KEY, "seat-5", nc, ns) != keys
    assert derive_session_keys(KEY, "seat-4", nc, b"\x03" * 32) != keys
    assert derive_session_keys(KEY, "seat-4", b"\x03" * 32, ns) != keys


def test_rfc5869_helper_matches_the_rfc_test_case_1() -> None:
    okm = _hkdf(bytes([0x0B] * 22), bytes(range(13)), bytes(range(0xF0, 0xFA)), 42)
    assert okm.hex() == (
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
    )


def _pair() -> tuple[Sealer, Opener]:
    keys = derive_session_keys(KEY, "seat-1", b"a" * 32, b"b" * 32)
    return Sealer(keys.client_to_server, "seat-1"), Opener(keys.client_to_server, "seat-1", Direction.CLIENT)


def test_frames_open_in_order_and_carry_an_hmac_over_the_canonical_bytes() -> None:
    sealer, opener = _pair()
    frames = [sealer.seal(PlaceWager("red", n)) for n in (1, 2, 3)]
    assert [opener.open(f).message() for f in frames] == [PlaceWager("red", n) for n in (1, 2, 3)]
    mac, data = frames[0][:MAC_SIZE], frames[0][MAC_SIZE:]
    key = derive_session_keys(KEY, "seat-1", b"a" * 32, b"b" * 32).client_to_server
    assert mac == hmac.new(key, data, hashlib.sha256).digest()
    body = {"amount": 1, "spot": "red"}
    envelope = {"body": body, "proto": 1, "seat": "seat-1", "seq": 1, "type": "PlaceWager", "ver": 1}
    assert data == canonical_json(envelope)


def test_replays_gaps_reflections_and_other_seats_are_refused() -> None:
    sealer, opener = _pair()
    first, second, third = (sealer.seal(Heartbeat()) for _ in range(3))
    opener.open(first)
    with pytest.raises(SequenceError, match="replayed"):
        opener.open(first)
    with pytest.raises(SequenceError, match="out of order"):
        opener.open(third)
    opener.open(second)  # a refused frame does not advance the sequence
    opener.open(third)
    keys = derive_session_keys(KEY, "seat-1", b"a" * 32, b"b" * 32)
    reflected = Sealer(keys.server_to_client, "seat-1", first_seq=4).seal(Heartbeat())
    with pytest.raises(BadMacError):
        opener.open(reflected)  # the other direction's key
    other_seat = seal(keys.client_to_server, "seat-2", 4, Heartbeat())
    with pytest.raises(SeatMismatchError):
        opener.open(other_seat)
    with pytest.raises(WrongDirectionError):
        opener.open(sealer.seal(Ack(1))).message()


def test_a_hello_needs_a_known_seat_the_hello_key_and_sequence_zero() -> None:
    keys = {"seat-1": KEY}
    good = seal(hello_key(KEY), "seat-1", 0, Hello("ab" * 32))
    assert open_hello(good, keys) == ("seat-1", KEY, Hello("ab" * 32))
    with pytest.raises(UnknownSeatError):
        open_hello(seal(hello_key(KEY), "seat-2", 0, Hello("ab" * 32)), keys)
    with pytest.raises(BadMacError):
        open_hello(
            seal(KEY, "seat-1", 0, Hello("ab" * 32)), keys
        )  # the raw long-term key is not the hello key
    with pytest.raises(SequenceError):
        open_hello(seal(hello_key(KEY), "seat-1", 1, Hello("ab" * 32)), keys)
    with pytest.raises(UnknownMessageError, match="first message must be Hello"):
        open_hello(seal(hello_key(KEY), "seat-1", 0, Heartbeat()), keys)


def _mutations() -> st.SearchStrategy[bytes]:
    sealer, _ = _pair()
    valid = [sealer.seal(PlaceWager("straight:17", 500)), sealer.seal(Heartbeat())]

    def mutate(frame: bytes, index: int, byte: int, cut: int, kind: int) -> bytes:
        index %= len(frame)
        if kind == 0:  # flip bits of one byte
            return frame[:index] + bytes([frame[index] ^ (byte or 1)]) + frame[index + 1 :]
        if kind == 1:  # truncate
            return frame[: cut % len(frame)]
        if kind == 2:  # insert a byte
            return frame[:index] + bytes([byte]) + frame[index:]
        return frame[:index] + frame[index + 1 :]  # delete a byte

    return st.builds(
        mutate,
        st.sampled_from(valid),
        st.integers(0, 10_000),
        st.integers(0, 255),
        st.integers(0, 10_000),
        st.integers(0, 3),
    )


@settings(max_examples=300)
@given(_mutations())
def test_fuzz_mutated_frames_are_refused_as_auth_errors(frame: bytes) -> None:
    _, opener = _pair()
    opener.expected_seq = 2  # both sample frames are candidates (seq 1 and 2); only exact matches pass
    try:
        envelope = opener.open(frame)
    except AuthError:
        return
    # only an untouched frame gets through (e.g. a no-op mutation): its content is the original
    assert envelope.message() in (PlaceWager("straight:17", 500), Heartbeat())


@settings(max_examples=300)
@given(st.binary(max_size=400))
def test_fuzz_random_bytes_raise_only_protocol_errors(data: bytes) -> None:
    _, opener = _pair()
    for attempt in (lambda: opener.open(data), lambda: read_envelope(data, Direction.CLIENT)[2].message()):
        with contextlib.suppress(ProtocolError):
            attempt()
    with contextlib.suppress(ProtocolError):
        open_hello(data, {"seat-1": KEY})


# A body is decoded by its shape (an object or not) and then field by field, by name: random keys never name a
# field, so bodies of a few scalars reach every path the 30-scalar values of the codec tests do, in a third of
# the draws (empty and nested objects and lists, every scalar type, strings, a PlaceWager with its spot).
envelope_parts = st.fixed_dictionaries(
    {
        "body": json_of(6),
        "proto": st.sampled_from([1, 1, 1, 2, True, "1"]),
        "seat": st.sampled_from(["seat-1", "seat-1", "SEAT", 1]),
        "seq": st.sampled_from([1, 1, 0, -1, True, 2**64]),
        "type": st.sampled_from(["PlaceWager", "SeatState", "Hello", "ChooseTeam", "Nope", 3]),
        "ver": st.sampled_from([1, 1, 2, None]),
    }
)


@settings(max_examples=400)
@given(envelope_parts, st.booleans())
def test_fuzz_random_json_under_a_valid_mac_raises_only_decode_errors(envelope: dict, fields: bool) -> None:  # type: ignore[type-arg]
    if fields and isinstance(envelope["body"], dict) and envelope["type"] == "PlaceWager":
        envelope["body"] = dict(envelope["body"], spot="red")
    keys = derive_session_keys(KEY, "seat-1", b"a" * 32, b"b" * 32)
    data = canonical_json(envelope)
    frame = hmac.new(keys.client_to_server, data, hashlib.sha256).digest() + data
    opener = Opener(keys.client_to_server, "seat-1", Direction.CLIENT)
    with contextlib.suppress(DecodeError, AuthError):
        opener.open(frame).message()
