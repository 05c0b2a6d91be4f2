"""The roulette wheels (§ 617a.1): pockets, clockwise order, colours, and which pocket voids a spin.

Pockets are small ints: 0 to 36 are the numbers, ``DOUBLE_ZERO`` (37) is 00, so a set of pockets fits a
38-bit mask. ``double_as_single`` spins the double-zero wheel with the 00 area closed: 00 voids the spin.

>>> WHEELS["double_zero"].size, WHEELS["single_zero"].size, WHEELS["double_as_single"].size
(38, 37, 38)
>>> pocket_text(DOUBLE_ZERO), parse_pocket("00"), is_red(1), is_red(2)
('00', 37, True, False)
>>> WHEELS["double_as_single"].voids(DOUBLE_ZERO), WHEELS["double_zero"].voids(DOUBLE_ZERO)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

DOUBLE_ZERO = 37
RED: frozenset[int] = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})

_SINGLE_ORDER = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)  # fmt: skip
_DOUBLE_ORDER = (
    0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1,
    DOUBLE_ZERO, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2,
)  # fmt: skip


class UnknownWheelError(ValueError):
    """A wheel name that is not one of the three configurations."""


@dataclass(frozen=True, slots=True)
class Wheel:
    """One wheel configuration: its pockets in clockwise order and the pocket (if any) that voids a spin."""

    name: str
    order: tuple[int, ...]
    void_pocket: int | None = None
    # worked out once: every spin's settlement and every Blazing 7's ball draw reads it
    _live: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_live", tuple(p for p in self.order if p != self.void_pocket))

    @property
    def size(self) -> int:
        """Pockets the ball can land in (a voiding pocket included: the RNG draws over all of them)."""
        return len(self.order)

    @property
    def has_double_zero(self) -> bool:
        """Whether 00 is open for wagers (it is on the wheel but closed on ``double_as_single``)."""
        return DOUBLE_ZERO in self.order and self.void_pocket != DOUBLE_ZERO

    @property
    def live_pockets(self) -> tuple[int, ...]:
        """Pockets that settle a spin, in clockwise order."""
        return self._live

    def voids(self, pocket: int) -> bool:
        """True if ``pocket`` makes the spin void (re-spun, every wager standing)."""
        return pocket == self.void_pocket

    def check_pocket(self, pocket: int) -> int:
        """Return ``pocket`` if it is on this wheel, else raise ``ValueError``."""
        if pocket not in self.order:
            raise ValueError(f"pocket {pocket_text(pocket)} is not on the {self.name} wheel")
        return pocket

    def neighbours(self, centre: int, each_side: int = 2) -> tuple[int, ...]:
        """``centre`` and ``each_side`` pockets on each side of it on the wheel, wrapping round."""
        at = self.order.index(self.check_pocket(centre))
        n = len(self.order)
        return tuple(self.order[(at + k) % n] for k in range(-each_side, each_side + 1))


WHEELS: dict[str, Wheel] = {
    "double_zero": Wheel("double_zero", _DOUBLE_ORDER),
    "single_zero": Wheel("single_zero", _SINGLE_ORDER),
    "double_as_single": Wheel("double_as_single", _DOUBLE_ORDER, void_pocket=DOUBLE_ZERO),
}


def wheel(name: str) -> Wheel:
    """The wheel configuration called ``name``."""
    try:
        return WHEELS[name]
    except KeyError:
        raise UnknownWheelError(f"unknown wheel {name!r}: choose one of {', '.join(WHEELS)}") from None


def is_red(pocket: int) -> bool:
    """Red pocket (0 and 00 are green)."""
    return pocket in RED


def is_black(pocket: int) -> bool:
    """Black pocket: a number 1 to 36 that is not red."""
    return 1 <= pocket <= 36 and pocket not in RED


def pocket_text(pocket: int) -> str:
    """``"00"`` for double zero, else the number."""
    return "00" if pocket == DOUBLE_ZERO else str(pocket)


def parse_pocket(text: str) -> int:
    """The pocket written ``text`` (``"0"`` … ``"36"``, ``"00"``); ``ValueError`` otherwise."""
    text = text.strip()
    if text == "00":
        return DOUBLE_ZERO
    if not text.isdigit() or len(text) > 2 or (len(text) == 2 and text[0] == "0") or int(text) > 36:
        raise ValueError(f"{text!r} is not a roulette pocket (0-36 or 00)")
    return int(text)


def pocket_sort_key(pocket: int) -> int:
    """Layout order: 0, 00, then 1 to 36."""
    return {0: -2, DOUBLE_ZERO: -1}.get(pocket, pocket)
