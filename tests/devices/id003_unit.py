"""A bill validator with a ticket reader as the far end of a real pseudo-terminal, speaking ID-003.

The test's side of the line: it answers the driver's status requests with the state a person's hands and
the mechanism put it in (a note inserted, stacking, vend valid, a jam), takes STACK-1 and RETURN, and
waits for the host's ACK of VEND VALID before it calls the note stacked, as the real unit does.
"""

from __future__ import annotations

import contextlib
import os

from terminal.devices import id003 as p


class FarEnd:
    """The unit's side of the line ``master`` (the pseudo-terminal's master end)."""

    def __init__(self, master: int) -> None:
        self.master = master
        os.set_blocking(master, False)
        self.state, self.data = p.IDLING, b""
        self.buffer = bytearray()
        self.heard: list[int] = []  # every command the host sent, in order
        self.stacked: list[bytes] = []

    def insert(self, data: bytes) -> None:
        """A person feeds a note (its denomination code) or a ticket (TICKET then its digits)."""
        self.state, self.data = p.ESCROW, data

    def jam(self, code: int) -> None:
        self.state, self.data = code, b""

    def clear(self) -> None:
        self.state, self.data = p.IDLING, b""

    def step(self) -> None:
        """Answer every frame the host sent since the last step."""
        with contextlib.suppress(BlockingIOError):
            while chunk := os.read(self.master, 256):
                self.buffer += chunk
        for command, data in p.take_frames(self.buffer):
            self.heard.append(command)
            self._answer(command, data)

    def _answer(self, command: int, data: bytes) -> None:
        if command == p.STATUS_REQUEST:
            os.write(self.master, p.frame(self.state, self.data))
            if self.state == p.STACKING:
                self.state = p.VEND_VALID  # the note went past the sensor: the host must ACK
            elif self.state == p.RETURNING:
                self.state, self.data = p.IDLING, b""
            return
        if command == p.ACK:  # the host took VEND VALID: the note is in the box
            if self.state == p.VEND_VALID:
                self.stacked.append(self.data)
                self.state, self.data = p.IDLING, b""
            return
        os.write(self.master, p.frame(p.ACK))
        if command == p.STACK_1 and self.state == p.ESCROW:
            self.state = p.STACKING
        elif command == p.RETURN and self.state == p.ESCROW:
            self.state = p.RETURNING
