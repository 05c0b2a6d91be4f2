"""Packed BCD, as SAS carries meters, dates and game numbers: two decimal digits a byte, most significant
first. A meter wider than its field rolls over as the field's digits set.

>>> encode(1234, 4).hex(), decode(bytes.fromhex("00001234"))
('00001234', 1234)
>>> encode(123456789, 4).hex()
'23456789'
"""

from __future__ import annotations


def encode(value: int, size: int) -> bytes:
    """``value`` as ``size`` bytes of BCD, rolled over at ``10 ** (2 * size)``; negative values refused."""
    if value < 0:
        raise ValueError(f"a BCD field holds no negative value ({value})")
    digits = str(value % 10 ** (2 * size)).rjust(2 * size, "0")
    return bytes.fromhex(digits)


def decode(data: bytes) -> int:
    """The value of BCD ``data``; ``ValueError`` for a nibble above 9."""
    text = data.hex()
    if not text.isdigit():
        raise ValueError(f"not BCD: {text}")
    return int(text or "0")
