"""CRC-16 as SAS uses it: CRC-16/KERMIT (polynomial x^16 + x^12 + x^5 + 1 reflected, 0x8408), sent least
significant byte first. The ROM signature (long poll 21) is the same CRC started at the host's seed.

>>> hex(crc16(b"123456789"))
'0x2189'
>>> append(b"\\x01\\x01").hex()
'01015108'
"""

from __future__ import annotations

import binascii


def _table() -> tuple[int, ...]:
    rows = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
        rows.append(crc)
    return tuple(rows)


_TABLE = _table()


def crc16(data: bytes, seed: int = 0) -> int:
    """The CRC of ``data``, starting from ``seed`` (0 for every message; the host's seed for a signature)."""
    crc = seed & 0xFFFF
    for byte in data:
        crc = (crc >> 8) ^ _TABLE[(crc ^ byte) & 0xFF]
    return crc


_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _reverse16(value: int) -> int:
    return int(f"{value:016b}"[::-1], 2)


def crc16_fast(data: bytes, seed: int = 0) -> int:
    """:func:`crc16` of a large ``data`` (a program image) in C: KERMIT is XMODEM's CRC with every byte and
    the register bit-reversed, and ``binascii.crc_hqx`` computes XMODEM's."""
    return _reverse16(binascii.crc_hqx(data.translate(_REVERSED), _reverse16(seed & 0xFFFF)))


def append(message: bytes) -> bytes:
    """``message`` followed by its CRC, low byte first, as every SAS message with a CRC ends."""
    return message + crc16(message).to_bytes(2, "little")


def intact(message: bytes) -> bool:
    """Whether the last two bytes of ``message`` are the CRC of the rest."""
    return len(message) >= 3 and crc16(message[:-2]).to_bytes(2, "little") == message[-2:]
