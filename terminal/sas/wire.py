"""The 9-bit characters of SAS on a byte stream.

SAS sends each character as 8 data bits and a ninth, the *wakeup* bit, set only on the first byte of a
poll (the address). A real port carries it as parity: the host sends the address with *mark* parity and
the rest with *space*; the machine reads with space parity and Linux's ``PARMRK`` (``INPCK``, not
``IGNPAR``), so a byte whose ninth bit is set arrives marked as a parity error, ``FF 00 b``, and a data
byte ``FF`` arrives doubled, ``FF FF``.

A pty or a TCP bridge carries no ninth bit, so on them this package uses **the very bytes PARMRK
yields**: ``FF 00 b`` for a character with the wakeup bit, ``FF FF`` for a data byte ``FF``, any other
byte as itself. The machine reads a real port and a pty or socket with one decoder, and a bridge only has
to do what the kernel does. A stray ``FF`` followed by anything else is a framing error: the decoder drops
it and waits for the next wakeup.

>>> encode(bytes([0x81]), wakeup=True).hex(), encode(b"\\xff\\x01").hex()
('ff0081', 'ffff01')
>>> d = Decoder(); d.feed(bytes.fromhex("ff0081ffff01"))
[(129, True), (255, False), (1, False)]
"""

from __future__ import annotations

MARK = 0xFF

#: One character: (byte, wakeup bit).
Char = tuple[int, bool]


def encode(data: bytes, *, wakeup: bool = False) -> bytes:
    """``data`` on the stream; with ``wakeup`` its first byte carries the wakeup bit."""
    out = bytearray()
    for index, byte in enumerate(data):
        if wakeup and index == 0:
            out += bytes((MARK, 0x00, byte))
        elif byte == MARK:
            out += bytes((MARK, MARK))
        else:
            out.append(byte)
    return bytes(out)


class Decoder:
    """Stream bytes in, characters out; keeps an incomplete escape for the next :meth:`feed`."""

    def __init__(self) -> None:
        self._held = bytearray()
        self.errors = 0  # framing errors seen (an ``FF`` followed by neither ``00`` nor ``FF``)

    def feed(self, data: bytes) -> list[Char]:
        """The characters ``data`` completes."""
        buffer = self._held + data
        chars: list[Char] = []
        i = 0
        while i < len(buffer):
            byte = buffer[i]
            if byte != MARK:
                chars.append((byte, False))
                i += 1
                continue
            if i + 1 >= len(buffer):
                break
            follower = buffer[i + 1]
            if follower == MARK:
                chars.append((MARK, False))
                i += 2
            elif follower == 0x00:
                if i + 2 >= len(buffer):
                    break
                chars.append((buffer[i + 2], True))
                i += 3
            else:
                self.errors += 1
                i += 1
        self._held = bytearray(buffer[i:])
        return chars
