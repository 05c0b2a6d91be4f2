"""Interleaved 2 of 5, the barcode of TITO vouchers: 18 digits as alternating bar and space widths.

Each digit is five elements, two of them wide. Digits are taken in pairs: the first digit of a pair is
drawn in the bars, the second in the spaces between them. A start pattern (narrow bar, narrow space,
narrow bar, narrow space) and a stop pattern (wide bar, narrow space, narrow bar) frame the symbol.

>>> code = interleaved_2_of_5("12")
>>> code.widths
(1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1)
>>> interleaved_2_of_5("123")
Traceback (most recent call last):
...
terminal.devices.barcode.BarcodeError: Interleaved 2 of 5 needs an even number of digits, got '123'
"""

from __future__ import annotations

from dataclasses import dataclass

# Element widths per digit (n = narrow, w = wide), from the symbology's definition.
_PATTERNS = {
    "0": "nnwwn",
    "1": "wnnnw",
    "2": "nwnnw",
    "3": "wwnnn",
    "4": "nnwnw",
    "5": "wnwnn",
    "6": "nwwnn",
    "7": "nnnww",
    "8": "wnnwn",
    "9": "nwnwn",
}
_START, _STOP = "nnnn", "wnn"


class BarcodeError(ValueError):
    """Digits that Interleaved 2 of 5 cannot encode."""


@dataclass(frozen=True, slots=True)
class Barcode:
    """A barcode as element widths in modules, alternating bar, space, bar..., starting with a bar."""

    digits: str
    widths: tuple[int, ...]

    @property
    def modules(self) -> int:
        """Total width in modules (without quiet zones)."""
        return sum(self.widths)

    def render(self, bar: str = "█", space: str = " ") -> str:
        """One text row of the symbol, one character per module (a printer draws it taller)."""
        return "".join((bar if i % 2 == 0 else space) * w for i, w in enumerate(self.widths))


def interleaved_2_of_5(digits: str, narrow: int = 1, wide: int = 3) -> Barcode:
    """Encode an even number of decimal digits; ``wide`` must be 2 to 3 times ``narrow``."""
    if not digits.isascii() or not digits.isdigit() or len(digits) % 2:
        raise BarcodeError(f"Interleaved 2 of 5 needs an even number of digits, got {digits!r}")
    if not (narrow >= 1 and 2 * narrow <= wide <= 3 * narrow):
        raise BarcodeError(f"wide ({wide}) must be 2 to 3 times narrow ({narrow})")
    elements = _START
    for first, second in zip(digits[::2], digits[1::2], strict=True):
        elements += "".join(b + s for b, s in zip(_PATTERNS[first], _PATTERNS[second], strict=True))
    elements += _STOP
    return Barcode(digits, tuple(wide if e == "w" else narrow for e in elements))
