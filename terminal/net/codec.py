"""Canonical JSON and length-prefixed frames: the bytes on the wire, and nothing else.

A frame is a 4-byte big-endian length followed by that many bytes. The JSON inside is *canonical*: keys
sorted, no spaces, ASCII only with lowercase ``\\u`` escapes, no duplicate keys, integers but never
floats, NaN or Infinity. Exactly one byte string encodes a value, so the MAC over the bytes is a MAC over
the value, and a decoder that re-encodes what it parsed can refuse anything else.

>>> canonical_json({"b": 1, "a": [True, None, "x"]})
b'{"a":[true,null,"x"],"b":1}'
>>> parse_canonical(b'{"a": 1}')
Traceback (most recent call last):
...
terminal.net.errors.NotCanonicalError: JSON is not in canonical form: b'{"a": 1}'
>>> parse_canonical(b'{"amount":1.5}')
Traceback (most recent call last):
...
terminal.net.errors.FloatNotAllowedError: floats are not allowed: '1.5'
"""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Any, NoReturn, TypeAlias

from terminal.net.errors import (
    DecodeError,
    FloatNotAllowedError,
    FrameTooLargeError,
    NotCanonicalError,
    ProtocolError,
)

JSONValue: TypeAlias = bool | int | str | list["JSONValue"] | dict[str, "JSONValue"] | None

#: The largest frame either side accepts: far above any real message, small enough to refuse floods.
MAX_FRAME = 64 * 1024
_LENGTH = struct.Struct(">I")


def canonical_json(value: Any, *, checked: bool = False) -> bytes:
    """The canonical bytes of ``value``; refuses floats (a programming error on the sending side).

    ``checked=True`` skips the float scan for values already known to hold none (typed messages,
    parsed JSON whose floats were refused on the way in).
    """
    if not checked:
        _refuse_floats(value)
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return text.encode("ascii")


def _refuse_floats(value: Any) -> None:
    if isinstance(value, float):
        raise FloatNotAllowedError(f"floats are not allowed: {value!r}")
    if isinstance(value, list | tuple):
        for item in value:
            _refuse_floats(item)
    elif isinstance(value, dict):
        for item in value.values():
            _refuse_floats(item)


def _float(text: str) -> NoReturn:
    raise FloatNotAllowedError(f"floats are not allowed: {text!r}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise NotCanonicalError(f"duplicate keys in object: {sorted(k for k, _ in pairs)!r}")
    return result


def parse_canonical(data: bytes, max_size: int = MAX_FRAME) -> JSONValue:
    """Parse canonical JSON bytes; any other input raises a :class:`DecodeError` subclass."""
    if len(data) > max_size:
        raise FrameTooLargeError(f"{len(data)} bytes of JSON exceed the limit of {max_size}")
    try:
        value: JSONValue = json.loads(
            data.decode("ascii"),
            parse_float=_float,
            parse_constant=_float,
            object_pairs_hook=_no_duplicates,
        )
        again = canonical_json(value, checked=True)  # parse_float already refused every float
    except ProtocolError:
        raise
    except UnicodeDecodeError as exc:
        raise NotCanonicalError(f"JSON must be ASCII: {exc}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, giant integers, absurd nesting
        raise DecodeError(f"not JSON: {exc}") from None
    if again != data:
        raise NotCanonicalError(f"JSON is not in canonical form: {data[:80]!r}")
    return value


def encode_frame(payload: bytes, max_size: int = MAX_FRAME) -> bytes:
    """Prefix ``payload`` with its length.

    >>> encode_frame(b"hi")
    b'\\x00\\x00\\x00\\x02hi'
    """
    if len(payload) > max_size:
        raise FrameTooLargeError(f"frame of {len(payload)} bytes exceeds the limit of {max_size}")
    return _LENGTH.pack(len(payload)) + payload


async def read_frame(reader: asyncio.StreamReader, max_size: int = MAX_FRAME) -> bytes:
    """Read one frame's payload; raises :class:`FrameTooLargeError` before reading an oversized body.

    A closed connection raises :class:`asyncio.IncompleteReadError` (the link is gone, not a bad frame).
    """
    (length,) = _LENGTH.unpack(await reader.readexactly(_LENGTH.size))
    if length > max_size:
        raise FrameTooLargeError(f"frame length {length} exceeds the limit of {max_size}")
    return await reader.readexactly(length)
