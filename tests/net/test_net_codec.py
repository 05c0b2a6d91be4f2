"""Canonical JSON and frames: one encoding per value, floats refused, and a fuzzed decoder that only ever
raises the protocol's own decode errors."""

from __future__ import annotations

import asyncio
import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.net.codec import MAX_FRAME, canonical_json, encode_frame, parse_canonical, read_frame
from terminal.net.errors import (
    DecodeError,
    FloatNotAllowedError,
    FrameTooLargeError,
    NotCanonicalError,
)

# Every character Hypothesis's text() draws by default (its alphabet is characters(codec="utf-8"), which is
# every code point but the surrogates): named by category, Hypothesis does not first build the utf-8 codec's
# table by encoding all 1.1 M code points (1.3 s in each test process of a fresh clone).
UNICODE = st.characters(exclude_categories=("Cs",))


def json_of(max_leaves: int) -> st.SearchStrategy[object]:
    """Any JSON value (no floats) of at most ``max_leaves`` scalars, nested in lists and objects."""
    return st.recursive(
        st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(UNICODE, max_size=20),
        lambda inner: (
            st.lists(inner, max_size=5) | st.dictionaries(st.text(UNICODE, max_size=8), inner, max_size=5)
        ),
        max_leaves=max_leaves,
    )


json_values = json_of(30)


@given(json_values)
def test_canonical_json_round_trips_and_any_other_spelling_is_refused(value: object) -> None:
    """Both properties of one value: drawing the 100 values is most of the time, and was done twice."""
    data = canonical_json(value)
    assert parse_canonical(data) == value
    # the same bytes json itself produces with the canonical options: sorted, compact, ASCII
    assert data == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    loose = json.dumps(value, indent=1, ensure_ascii=False).encode("utf-8")
    if loose != data:
        with pytest.raises(NotCanonicalError):
            parse_canonical(loose)


@pytest.mark.parametrize(
    "data, error",
    [
        (b'{"a":1.0}', FloatNotAllowedError),
        (b'{"a":1e3}', FloatNotAllowedError),
        (b'{"a":NaN}', FloatNotAllowedError),
        (b'{"a":-Infinity}', FloatNotAllowedError),
        (b'{"a":1,"a":2}', NotCanonicalError),
        (b'{"b":1,"a":2}', NotCanonicalError),
        (b'{"a":-0}', NotCanonicalError),
        (b'{"a":"\\u00E9"}', NotCanonicalError),
        ('{"a":"é"}'.encode(), NotCanonicalError),
        (b'{"a":1} ', NotCanonicalError),
        (b'{"a":', DecodeError),
        (b"[" * 100_000, DecodeError),
        (b"1" * 5000, DecodeError),  # beyond Python's int-from-text limit
    ],
)
def test_bad_json_is_refused_with_a_specific_error(data: bytes, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_canonical(data, max_size=len(data))


def test_floats_are_refused_when_encoding_too() -> None:
    with pytest.raises(FloatNotAllowedError):
        canonical_json({"amount": [1, 2.5]})


def test_oversized_json_and_frames_are_refused() -> None:
    with pytest.raises(FrameTooLargeError):
        parse_canonical(b"1" * (MAX_FRAME + 1))
    with pytest.raises(FrameTooLargeError):
        encode_frame(b"x" * (MAX_FRAME + 1))

    async def read(data: bytes) -> bytes:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await read_frame(reader)

    assert asyncio.run(read(encode_frame(b"hello"))) == b"hello"
    with pytest.raises(FrameTooLargeError):
        asyncio.run(read((MAX_FRAME + 1).to_bytes(4, "big")))
    with pytest.raises(asyncio.IncompleteReadError):
        asyncio.run(read(b"\x00\x00\x00\x09short"))


@settings(max_examples=300)
@given(st.binary(max_size=300))
def test_fuzz_random_bytes_raise_only_decode_errors(data: bytes) -> None:
    with contextlib.suppress(DecodeError):
        parse_canonical(data)
