"""A SAS host for the tests, written from the SAS message formats and not from ``terminal.sas``.

It has its own CRC (bit by bit, not the machine's table), its own BCD and its own wakeup marking (the
PARMRK convention docs/sas.md states: ``FF 00 b`` for a character with the wakeup bit, ``FF FF`` for a
data byte FF), and it reads the machine's answers by their documented lengths.
"""

from __future__ import annotations

import os
import select
import time


def kermit(data: bytes, seed: int = 0) -> int:
    crc = seed
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def with_crc(data: bytes) -> bytes:
    value = kermit(data)
    return data + bytes((value & 0xFF, value >> 8))


def bcd(value: int, size: int) -> bytes:
    return bytes.fromhex(f"{value:0{2 * size}d}")


def unbcd(data: bytes) -> int:
    return int(data.hex())


def marked(data: bytes) -> bytes:
    """The first byte with the wakeup bit, the rest with FF doubled."""
    rest = data[1:].replace(b"\xff", b"\xff\xff")
    return b"\xff\x00" + data[:1] + rest


#: Table C-7's 5-byte meters for long poll 2F (amounts in cents); every other meter code is 4 BCD bytes.
CENTS_METERS = {0x0D, 0x0E, 0x0F, 0x10, *range(0x80, 0x94, 2), *range(0xA0, 0xBE, 2)}


def meters_2f(body: bytes) -> dict[int, int]:
    """A 2F answer's meters (after the length byte and the 2-byte game number), each by its table size."""
    found, i = {}, 2
    while i < len(body):
        size = 5 if body[i] in CENTS_METERS else 4
        found[body[i]] = unbcd(body[i + 1 : i + 1 + size])
        i += 1 + size
    assert i == len(body), f"2F answer does not end on a meter: {body.hex()}"
    return found


class Host:
    """The host end of a pty (its file descriptor)."""

    def __init__(self, fd: int, address: int = 1) -> None:
        self.fd, self.address = fd, address
        self._pending = b""

    def send(self, data: bytes) -> None:
        os.write(self.fd, marked(data))

    def read(self, count: int, timeout: float = 5.0) -> bytes:
        """``count`` bytes of the machine's answer (FF FF read as one FF), or what came before ``timeout``."""
        deadline = time.monotonic() + timeout
        out = bytearray()
        while len(out) < count and time.monotonic() < deadline:
            if not self._pending:
                ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
                if not ready:
                    break
                self._pending += os.read(self.fd, 4096)
            while self._pending and len(out) < count:
                if self._pending[:2] == b"\xff\xff":
                    out.append(0xFF)
                    self._pending = self._pending[2:]
                elif self._pending[:1] == b"\xff" and len(self._pending) == 1:
                    break
                else:
                    out.append(self._pending[0])
                    self._pending = self._pending[1:]
        return bytes(out)

    def silent(self, wait: float = 0.3) -> bool:
        """Nothing comes from the machine within ``wait`` seconds (an ignored poll)."""
        ready, _, _ = select.select([self.fd], [], [], wait)
        return not ready and not self._pending

    def ignores(self, poll: bytes, probe: int = 0x1A, length: int = 4) -> bytes:
        """Send ``poll``, which the machine must leave unanswered, and at once the type R poll ``probe``
        (answer ``length`` data bytes): a machine answers its line's polls in order, so the first bytes back
        being the probe's answer (address, command and CRC checked) prove ``poll`` got none, with no wait
        for a silence. ``probe`` must be another command than any answer ``poll`` could get. Returns the
        probe's data."""
        self.send(poll)
        return self.long_r(probe, length)

    def general(self) -> int:
        self.send(bytes((0x80 | self.address,)))
        got = self.read(1)
        assert len(got) == 1, "no answer to the general poll"
        return got[0]

    def long_r(self, command: int, answer_length: int) -> bytes:
        """A type R poll (address, command); the whole answer, its CRC checked and stripped."""
        self.send(bytes((self.address, command)))
        return self._answer(command, answer_length)

    def long_s(self, command: int, data: bytes, answer_length: int | None) -> bytes:
        self.send(with_crc(bytes((self.address, command)) + data))
        if answer_length is None:  # an ACK: the address alone
            return self.read(1)
        return self._answer(command, answer_length)

    def long_m(self, command: int, data: bytes) -> bytes:
        """A type M poll (length byte); the answer's length byte read first."""
        self.send(with_crc(bytes((self.address, command, len(data))) + data))
        return self._variable(command)

    def long_r_variable(self, command: int) -> bytes:
        """A type R poll (address, command) whose answer carries a length byte (70)."""
        self.send(bytes((self.address, command)))
        return self._variable(command)

    def long_s_variable(self, command: int, data: bytes) -> bytes:
        """A type S poll (fixed data, no length byte: 74) whose answer carries a length byte."""
        self.send(with_crc(bytes((self.address, command)) + data))
        return self._variable(command)

    def _variable(self, command: int) -> bytes:
        head = self.read(3)
        assert len(head) == 3 and head[:2] == bytes((self.address, command)), head.hex()
        rest = self.read(head[2] + 2)
        whole = head + rest
        assert kermit(whole[:-2]) == int.from_bytes(whole[-2:], "little"), whole.hex()
        return whole[3:-2]

    def _answer(self, command: int, length: int) -> bytes:
        """``length``: data bytes between command and CRC."""
        whole = self.read(2 + length + 2)
        assert len(whole) == 2 + length + 2, f"short answer {whole.hex()}"
        assert whole[:2] == bytes((self.address, command)), whole.hex()
        assert kermit(whole[:-2]) == int.from_bytes(whole[-2:], "little"), f"bad CRC {whole.hex()}"
        return whole[2:-2]


# -- AFT (72/73/74), from SAS 6.02 section 8 -------------------------------------------------------------
def aft_request(tid: str, cashable: int, *, kind: int = 0x00, asset: int = 1001, flags: int = 0x00,
                code: int = 0x00, restricted: int = 0, key: bytes = bytes(20)) -> bytes:
    """72 transfer request data (after the length byte): transfer code, index 00, transfer type, cashable,
    restricted and non-restricted amounts (5 BCD each), flags, asset (4, LSB first), registration key
    (20), transaction id (length + ASCII), expiration (4 BCD), pool id (2), receipt data (length 0),
    lock timeout (2 BCD)."""
    ident = tid.encode("ascii")
    return (
        bytes((code, 0x00, kind)) + bcd(cashable, 5) + bcd(restricted, 5) + bcd(0, 5) + bytes((flags,))
        + asset.to_bytes(4, "little") + key + bytes((len(ident),)) + ident + bcd(0, 4) + b"\x00\x00"
        + b"\x00" + bcd(0, 2)
    )  # fmt: skip


def aft_answer(body: bytes) -> dict[str, object]:
    """A 72 answer's fields (after the length byte)."""
    if len(body) == 2:
        return {"position": body[0], "status": body[1]}
    length = body[24]
    tid = body[25 : 25 + length].decode("ascii")
    rest = body[25 + length :]
    return {
        "position": body[0], "status": body[1], "receipt": body[2], "type": body[3],
        "cashable": unbcd(body[4:9]), "restricted": unbcd(body[9:14]), "nonrestricted": unbcd(body[14:19]),
        "flags": body[19], "asset": int.from_bytes(body[20:24], "little"), "transaction": tid,
        "date": rest[0:4].hex(), "time": rest[4:7].hex(), "cumulative": unbcd(rest[14:19]),
    }  # fmt: skip


def lock_request(code: int, *, asset: int = 1001, timeout_cs: int = 1000) -> bytes:
    """74 data: asset (4), lock code, transfer condition (to and from the machine), lock timeout (2 BCD)."""
    return asset.to_bytes(4, "little") + bytes((code, 0x03)) + bcd(timeout_cs, 2)


def lock_answer(body: bytes) -> dict[str, int]:
    """A 74 answer's fields (after the length byte)."""
    return {
        "asset": int.from_bytes(body[0:4], "little"), "lock": body[4], "available": body[5],
        "host_cashout": body[6], "aft_status": body[7], "max_index": body[8], "cashable": unbcd(body[9:14]),
        "limit": unbcd(body[24:29]),
    }  # fmt: skip
