"""Record the golden wire frames of ``tests/net/wire_frames.json``: the exact bytes of every sample message.

``python -m tests.net.record_wire_frames`` seals each sample of ``tests/net/test_net_messages.py`` (every
registered message type, service replies included) as a seat would on a fixed key and sequence number, and
writes the whole frame (length prefix, MAC, canonical envelope) as hex. Before writing, each frame is
checked by means that do not share the encoder's code: the length prefix is counted, the MAC recomputed
with :mod:`hmac`, the envelope parsed with :func:`json.loads` and its type, version and body fields compared
with the sample; then it is read back with the protocol's own reader and decoder and must equal the sample.

Frames already in the file are never rewritten: the file is the record of what the wire carried, and
``tests/net/test_wire_frames.py`` fails the moment the code would send other bytes. A sample with no frame
yet (a new message type) is added. A deliberate change to a message's wire form should get a new version
number; if it must keep its version, ``--replace TYPE`` re-records that type's frames, and the commit says
why.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import json
import struct
from pathlib import Path
from typing import Any

from terminal.net.codec import read_frame
from terminal.net.messages import Direction, Message
from terminal.net.session import Opener, Sealer

GOLDEN = Path(__file__).with_name("wire_frames.json")
KEY = bytes(range(32))
SEAT = "seat-3"
SEQ = 7
_ABOUT = (
    "Golden frames: each sample message of tests/net/test_net_messages.py sealed by seat-3 under key "
    "00 01 .. 1f with sequence 7, as sent on the wire (4-byte length, HMAC-SHA256, canonical JSON). "
    "First recorded from the code before the protocol was split into families (commit c98590c), each "
    "frame checked by an independent length count, hmac and json.loads, and decoded by that code's own "
    "decoder. Written by python -m tests.net.record_wire_frames; existing frames are never rewritten."
)


def sender(msg: Message) -> Direction:
    """The side that sends ``msg`` (a message both sides send is sealed here as a client's)."""
    return Direction.SERVER if msg.DIRECTION is Direction.SERVER else Direction.CLIENT


def frame_of(msg: Message) -> bytes:
    """The whole frame of ``msg`` as seat-3 sends it with sequence 7."""
    from terminal.net.codec import encode_frame

    return encode_frame(Sealer(KEY, SEAT, first_seq=SEQ).seal(msg))


def decode(frame: bytes, direction: Direction) -> Message:
    """Read ``frame`` back with the protocol's own frame reader, MAC check and decoder."""

    async def read() -> bytes:
        reader = asyncio.StreamReader()
        reader.feed_data(frame)
        reader.feed_eof()
        return await read_frame(reader)

    payload = asyncio.run(read())
    return Opener(KEY, SEAT, direction, first_seq=SEQ).open(payload).message()


def check_independently(frame: bytes, msg: Message) -> None:
    """Check ``frame`` without the protocol's code: length, MAC, envelope and body field names."""
    (length,) = struct.unpack(">I", frame[:4])
    if length != len(frame) - 4:
        raise ValueError(f"{msg!r}: length prefix {length} for {len(frame) - 4} bytes")
    mac, data = frame[4:36], frame[36:]
    if not hmac.compare_digest(mac, hmac.new(KEY, data, hashlib.sha256).digest()):
        raise ValueError(f"{msg!r}: MAC does not match")
    envelope: dict[str, Any] = json.loads(data)
    expected = {"proto": 1, "seat": SEAT, "seq": SEQ, "type": msg.TYPE, "ver": msg.VERSION}
    if {k: v for k, v in envelope.items() if k != "body"} != expected:
        raise ValueError(f"{msg!r}: envelope {envelope!r}")
    if sorted(envelope["body"]) != sorted(msg.__dataclass_fields__):  # type: ignore[attr-defined]
        raise ValueError(f"{msg!r}: body fields {sorted(envelope['body'])}")
    if json.dumps(envelope, sort_keys=True, separators=(",", ":")).encode("ascii") != data:
        raise ValueError(f"{msg!r}: not canonical JSON")


def record(samples: list[Message], existing: list[dict[str, Any]], replace: set[str]) -> list[dict[str, Any]]:
    """``existing`` frames kept (except types in ``replace``), and a new frame for each unrecorded sample."""
    kept = [entry for entry in existing if entry["type"] not in replace]
    known = {entry["message"] for entry in kept}
    for msg in samples:
        if repr(msg) in known:
            continue
        frame = frame_of(msg)
        check_independently(frame, msg)
        if decode(frame, sender(msg)) != msg:
            raise ValueError(f"{msg!r}: does not decode to itself")
        kept.append({"type": msg.TYPE, "version": msg.VERSION, "message": repr(msg), "frame": frame.hex()})
        known.add(repr(msg))
    return kept


def main(argv: list[str] | None = None) -> None:
    from tests.net.test_net_messages import SAMPLES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replace", action="append", default=[], metavar="TYPE")
    args = parser.parse_args(argv)
    existing = json.loads(GOLDEN.read_text())["frames"] if GOLDEN.exists() else []
    frames = record(SAMPLES, existing, set(args.replace))
    GOLDEN.write_text(json.dumps({"about": _ABOUT, "frames": frames}, indent=1) + "\n")
    print(f"{len(frames)} frames in {GOLDEN} ({len(frames) - len(existing)} added)")


if __name__ == "__main__":
    main()
