"""The parsers of ``[sas]``'s keys: ``SEAT=VALUE`` pairs separated by commas (``1=/dev/ttyS0, 2=tcp:...``),
the country code and a seat's line spec.

:mod:`~terminal.config.sections` declares the keys with these parsers, so a bad value reads as one line
naming the seat and what is allowed. They live with the configuration, not in ``terminal.sas``, because
the SAS process reads a whole :class:`~terminal.config.Config`: the arrow runs from ``sas`` to ``config``.

>>> addresses("1=1, 3=7")
((1, 1), (3, 7))
>>> addresses("1=128")
Traceback (most recent call last):
ValueError: seat 1: address 128 is not 1 to 127
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from terminal.games.seam import MOST_SEATS as MAX_SEAT

T = TypeVar("T")
SeatMap = tuple[tuple[int, T], ...]


def seat_map(text: str, read: Callable[[int, str], T]) -> tuple[tuple[int, T], ...]:
    """``SEAT=VALUE`` pairs in increasing seat order, each value read by ``read(seat, text)``; ``none``
    for no seat."""
    if text.strip().lower() in ("", "none"):
        return ()
    found: list[tuple[int, T]] = []
    for part in text.split(","):
        match = re.fullmatch(r"\s*([0-9]+)\s*=\s*(\S(?:.*\S)?)\s*", part)
        if match is None:
            raise ValueError(f"cannot read {part.strip()!r}: write SEAT=VALUE")
        seat = int(match[1])
        if not 1 <= seat <= MAX_SEAT:
            raise ValueError(f"seat {seat} is not 1 to {MAX_SEAT}")
        if found and seat <= found[-1][0]:
            raise ValueError("seats must be distinct and in increasing order")
        found.append((seat, read(seat, match[2])))
    return tuple(found)


def _number(what: str, low: int, high: int) -> Callable[[int, str], int]:
    def read(seat: int, text: str) -> int:
        if not text.isdigit() or not low <= int(text) <= high:
            raise ValueError(f"seat {seat}: {what} {text} is not {low} to {high}")
        return int(text)

    return read


def _port(seat: int, text: str) -> str:
    try:
        return check_spec(text)
    except ValueError as bad:
        raise ValueError(f"seat {seat}: {bad}") from None


def _serial(seat: int, text: str) -> str:
    if not re.fullmatch(r"[\x21-\x7e]{1,40}", text):
        raise ValueError(f"seat {seat}: serial number {text!r} is not 1 to 40 printable ASCII characters")
    return text


def ports(text: str) -> SeatMap[str]:
    """Each seat's line: a serial device, ``pty:PATH`` or ``tcp:HOST:PORT``."""
    return seat_map(text, _port)


def addresses(text: str) -> SeatMap[int]:
    """Each seat's SAS address, 1 to 127."""
    found = seat_map(text, _number("address", 1, 127))
    taken = [address for _, address in found]
    if len(set(taken)) != len(taken):
        raise ValueError("two seats have the same address")
    return found


def asset_numbers(text: str) -> SeatMap[int]:
    """Each seat's asset number (32 bits, as SAS carries it)."""
    return seat_map(text, _number("asset number", 0, 0xFFFF_FFFF))


def serial_numbers(text: str) -> SeatMap[str]:
    """Each seat's serial number (long poll 54: up to 40 ASCII characters)."""
    return seat_map(text, _serial)


def country(text: str) -> int | None:
    """``auto`` (``None``: from the currency) or a SAS country code, 0 to 39 (table C-6).

    >>> country("auto"), country("37")
    (None, 37)
    """
    if text.strip().lower() == "auto":
        return None
    if not text.strip().isdigit() or not 0 <= int(text) <= 39:
        raise ValueError(f"country code {text!r} is not auto or 0 to 39 (SAS table C-6)")
    return int(text)


def check_spec(spec: str) -> str:
    """``spec`` if it is well formed (not whether it opens); ``ValueError`` naming what is wrong."""
    if spec.startswith("tcp:"):
        host, _, number = spec[4:].rpartition(":")
        if not host or not number.isdigit() or not 0 < int(number) < 65536:
            raise ValueError(f"{spec!r}: write tcp:HOST:PORT")
    elif spec.startswith("pty:"):
        if not spec[4:]:
            raise ValueError(f"{spec!r}: write pty:PATH")
    elif not spec.startswith("/") and not spec.upper().startswith("COM"):
        raise ValueError(f"{spec!r} is not a serial device path, pty:PATH or tcp:HOST:PORT")
    return spec
