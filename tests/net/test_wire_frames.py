"""The bytes on the wire do not drift: every message encodes to the frame recorded in wire_frames.json.

The golden frames were recorded from the protocol before it was split into message families and checked
there by independent means (see ``tests/net/record_wire_frames.py``). Whatever moves in the code, a seat of
yesterday and a controller of today must exchange the same bytes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from terminal.net.messages import MESSAGES
from tests.net.record_wire_frames import GOLDEN, check_independently, decode, frame_of, sender
from tests.net.test_net_messages import SAMPLES

FRAMES: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["frames"]
BY_REPR = {repr(sample): sample for sample in SAMPLES}
_HOW = "a deliberate wire change takes a new version (or: python -m tests.net.record_wire_frames --replace T)"


def test_every_registered_message_type_has_a_golden_frame() -> None:
    recorded = {(entry["type"], entry["version"]) for entry in FRAMES}
    missing = sorted(set(MESSAGES) - recorded)
    assert not missing, f"no golden frame for {missing}: python -m tests.net.record_wire_frames adds them"


@pytest.mark.parametrize("entry", FRAMES, ids=lambda entry: f"{entry['type']}-v{entry['version']}")
def test_each_sample_encodes_to_its_golden_frame_and_back(entry: dict[str, Any]) -> None:
    sample = BY_REPR.get(entry["message"])
    assert sample is not None, f"no sample is {entry['message']} any more (a field changed?); {_HOW}"
    golden = bytes.fromhex(entry["frame"])
    assert frame_of(sample) == golden, f"{entry['type']} v{entry['version']} changed on the wire; {_HOW}"
    assert decode(golden, sender(sample)) == sample
    check_independently(golden, sample)


def test_a_changed_byte_is_noticed() -> None:
    # The comparison is of whole frames: one field's value changed gives other bytes (and another MAC).
    entry = next(e for e in FRAMES if e["type"] == "PlaceWager")
    sample = BY_REPR[entry["message"]]
    changed = type(sample)(sample.spot, sample.amount + 1)  # type: ignore[attr-defined]
    assert frame_of(changed) != bytes.fromhex(entry["frame"])
    with pytest.raises(ValueError, match="MAC"):
        check_independently(bytes.fromhex(entry["frame"])[:-3] + b"9}}", sample)
