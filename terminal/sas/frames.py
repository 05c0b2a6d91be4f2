"""The polls a SAS host sends, and how a machine finds them in the characters it reads.

Every poll starts with a character whose wakeup bit is set: the address (1-127), or ``0x80 | address``
for the *general poll* (answered with one exception code, no CRC). A *long poll* is the address, a
command and, for most commands, data and a CRC-16: SAS types R (address and command only), S (fixed
data and a CRC) and M (a length byte, then that many bytes, then a CRC). Address 0 is the broadcast of
7F (date and time), which no machine answers. A poll with a bad CRC, a command this machine does not
know, or another machine's address is ignored: no answer, as SAS prescribes, and the host polls again.

>>> p = Parser(1); p.feed([(0x81, True)])
[GeneralPoll(address=1)]
>>> p.feed([(0x01, True), (0x1A, False)])
[LongPoll(address=1, command=26, data=b'')]
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.sas import crc
from terminal.sas.wire import Char

#: Type R: address and command, nothing else.
TYPE_R = frozenset({0x0F, *range(0x10, 0x1C), 0x1C, 0x1E, 0x1F, 0x48, 0x54, 0x55, 0x56, 0x7E, 0x70})
#: Type S: address, command, this many data bytes, CRC.
TYPE_S = {0x01: 0, 0x02: 0, 0x21: 2, 0x7F: 7, 0x94: 0, 0xA0: 2, 0x74: 8, 0x4C: 6, 0x4D: 1}
#: Type M: address, command, a length byte, that many bytes, CRC.
TYPE_M = frozenset({0x2F, 0x6F, 0xB5, 0x72, 0x73, 0x71, 0x7B})
BROADCAST = 0


@dataclass(frozen=True, slots=True)
class GeneralPoll:
    """``0x80 | address``: the host asks for the oldest exception not yet taken."""

    address: int


@dataclass(frozen=True, slots=True)
class LongPoll:
    """A long poll: ``data`` is what follows the command (a type M poll's length byte excluded), no CRC."""

    address: int
    command: int
    data: bytes


Poll = GeneralPoll | LongPoll


def needed(command: int, sofar: bytes) -> int | None:
    """How many bytes a long poll of ``command`` has in all (address first, CRC included), given the bytes
    ``sofar``; ``None`` for a command this machine does not know."""
    if command in TYPE_R:
        return 2
    if command in TYPE_S:
        return 2 + TYPE_S[command] + 2
    if command in TYPE_M:
        return 3 + sofar[2] + 2 if len(sofar) >= 3 else 3
    return None


class Parser:
    """Characters in, polls for ``address`` out; everything else is ignored and counted."""

    def __init__(self, address: int) -> None:
        self.address = address
        self._frame: bytearray | None = None
        self.ignored = 0  # polls dropped: bad CRC, unknown command, another address, stray characters
        self.others = 0  # polls for other machines (which also acknowledge nothing of ours)
        self.seen_own = False

    def feed(self, chars: list[Char]) -> list[Poll]:
        """The complete polls for this machine that ``chars`` finish."""
        polls: list[Poll] = []
        for byte, wakeup in chars:
            if wakeup:
                if self._frame is not None:
                    self.ignored += 1  # cut short by the next poll
                self._frame = None
                if byte == 0x80 | self.address:
                    polls.append(GeneralPoll(self.address))
                elif byte in (self.address, BROADCAST):
                    self._frame = bytearray((byte,))
                else:
                    self.others += 1
                continue
            if self._frame is None:
                continue  # data of another machine's poll, or of a poll already dropped
            self._frame.append(byte)
            poll = self._complete()
            if poll is not None:
                polls.append(poll)
        return polls

    def _complete(self) -> LongPoll | None:
        frame = self._frame
        assert frame is not None
        total = needed(frame[1], bytes(frame))
        if total is None:
            self.ignored += 1
            self._frame = None
            return None
        if len(frame) < total:
            return None
        self._frame = None
        command = frame[1]
        if command in TYPE_R:
            return LongPoll(frame[0], command, b"") if frame[0] != BROADCAST else None
        if not crc.intact(bytes(frame)):
            self.ignored += 1
            return None
        body = bytes(frame[3:-2]) if command in TYPE_M else bytes(frame[2:-2])
        if frame[0] == BROADCAST and command != 0x7F:
            return None
        return LongPoll(frame[0], command, body)
