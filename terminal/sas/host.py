"""A small SAS host for technicians (``terminal sas host``): poll one machine and say what it answers.

It checks a SMIB installation on site: the line, the address, the CRC, the meters and the exceptions, as
a casino system would see them. It speaks from the message formats only (a type R poll is two bytes, the
answer's length is the poll's), and reports a silent or garbled machine in one line.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from terminal.sas import bcd, crc, wire
from terminal.sas.meter_codes import NAMES, size_2f
from terminal.sas.ports import Port

#: Type R polls the host reads, with the answer's data length.
R_ANSWERS = {0x0F: 24, 0x1A: 4, 0x1F: 20, 0x55: 2, 0x7E: 7}
EXCEPTIONS = {
    0x11: "slot door opened", 0x12: "slot door closed", 0x15: "card cage opened", 0x16: "card cage closed",
    0x17: "AC power applied", 0x18: "AC power lost", 0x19: "cash box door opened",
    0x1A: "cash box door closed", 0x3D: "cash-out ticket printed", 0x4F: "bill accepted",
    0x51: "hand-pay pending", 0x52: "hand-pay reset", 0x67: "ticket inserted",
    0x68: "ticket transfer complete",
    0x69: "AFT transfer complete",
    0x70: "exception buffer overflow",
    0x7A: "soft meters reset", 0x7E: "game started", 0x7F: "game ended",
}  # fmt: skip


class NoAnswer(Exception):
    """The machine did not answer, or answered something that is not a SAS answer."""


class HostLink:
    """The host end of one SAS line."""

    def __init__(self, port: Port, address: int, timeout: float = 1.0) -> None:
        self.port, self.address, self.timeout = port, address, timeout
        self._decoder = wire.Decoder()
        self._held: list[int] = []

    def _read(self, count: int) -> bytes:
        deadline = time.monotonic() + self.timeout
        while len(self._held) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                got, self._held = bytes(self._held), []
                raise NoAnswer(f"no answer from address {self.address} ({len(got)} of {count} bytes)")
            self._held += [byte for byte, _ in self._decoder.feed(self.port.receive(min(left, 0.1)))]
        got, self._held = bytes(self._held[:count]), self._held[count:]
        return got

    def general(self) -> int:
        """One general poll: the exception code (0: none)."""
        self.port.send(bytes((0x80 | self.address,)), wakeup=True)
        return self._read(1)[0]

    def long(self, command: int, data: bytes = b"", *, variable: bool = False, length: int = 0) -> bytes:
        """A long poll; the answer's data (between command and CRC). ``variable``: a type M answer (its
        length byte read first); otherwise ``length`` data bytes."""
        message = bytes((self.address, command)) + data
        self.port.send(crc.append(message) if data or command in (0x01, 0x02) else message, wakeup=True)
        head = self._read(3 if variable else 2)
        if head[:2] != bytes((self.address, command)):
            expected = f"{self.address:02X}{command:02X}"
            raise NoAnswer(f"answer to {command:02X} starts {head.hex()}, not {expected}")
        body = self._read((head[2] if variable else length) + 2)
        whole = head + body
        if not crc.intact(whole):
            raise NoAnswer(f"answer to {command:02X} has a bad CRC: {whole.hex()}")
        return whole[3:-2] if variable else whole[2:-2]


def report(link: HostLink, say: Callable[[str], None], *, events: int = 20) -> None:
    """Poll the machine once for who it is, its meters, and up to ``events`` exceptions."""
    version = link.long(0x54, variable=True)
    say(f"address {link.address}: SAS {version[:3].decode('ascii', 'replace')}, serial "
        f"{version[3:].decode('ascii', 'replace') or '(none)'}")  # fmt: skip
    info = link.long(0x1F, length=20)
    text = info.decode("ascii", "replace")
    say(f"game id {text[:5]}, denomination code {info[5]:02X}, paytable {text[10:16].strip()}")
    codes = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0B, 0x0C]
    answer = link.long(0x2F, bytes((2 + len(codes),)) + bcd.encode(0, 2) + bytes(codes), variable=True)
    i = 2
    while i < len(answer):
        code, size = answer[i], size_2f(answer[i])
        say(f"meter {code:02X} {NAMES.get(code, '?'):<36} {bcd.decode(answer[i + 1 : i + 1 + size])}")
        i += 1 + size
    for _ in range(events):
        code = link.general()
        if code == 0:
            say("no more exceptions")
            return
        say(f"exception {code:02X} {EXCEPTIONS.get(code, 'other')}")
