"""The statistics boards (docs/statistics.md): what each game shows of its past results, as data.

A game registers one pure function under its name in :data:`terminal.games.statistics.BOARDS`: from
what the table told the screens (:class:`Seen`: the last results, the ``Tally`` counts of the last 100
and 500, the wheel, the game's view) to a :class:`Board` of panels, each a few sections of five kinds
(a :class:`Split` of shares, :class:`Bars` of a histogram, a bead road of :class:`Beads`, a wheel's
:class:`Ring` of counts, :class:`Figures` in words). The seat's statistics page draws every panel, the
display shows one panel at a time between rounds; neither knows a game. Words are catalogue keys with
their fields; colours are outcomes (a *tone*) that each face paints in that outcome's colour. A game
with no function registered has no board.

>>> seen = Seen(("17", "0"), (Window(2, (("17", 1), ("0", 1))),))
>>> Window(2, (("17", 1), ("0", 1))).count(lambda o: o != "0")
1
>>> len(Seen((), (Window(2, ()), Window(2, ()))).counted)
1
>>> [round(share(c, 7)) for c in (0, 3, 7)]
[0, 43, 100]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Words = tuple[str, tuple[tuple[str, str], ...]]
"""A catalogue key and its named fields."""


def words(key: str, **fields: object) -> Words:
    """``key`` with ``fields`` as text, in a fixed order."""
    return key, tuple((k, str(v)) for k, v in sorted(fields.items()))


@dataclass(frozen=True, slots=True)
class Window:
    """The last ``rounds`` valid results, each outcome counted (a ``TallyWindow``)."""

    rounds: int
    counts: tuple[tuple[str, int], ...]

    def count(self, test: Callable[[str], bool]) -> int:
        """How many of the window's results pass ``test``."""
        return sum(n for outcome, n in self.counts if test(outcome))

    def sort(self, classify: Callable[[str], int], classes: int) -> tuple[int, ...]:
        """How many results fall in each of ``classes`` classes (``classify`` gives an outcome's; one
        outside ``0..classes-1`` counts in none)."""
        counts = [0] * classes
        for outcome, n in self.counts:
            k = classify(outcome)
            if 0 <= k < classes:
                counts[k] += n
        return tuple(counts)

    def of(self, outcome: str) -> int:
        """How many times ``outcome`` came up."""
        return sum(n for o, n in self.counts if o == outcome)


@dataclass(frozen=True, slots=True)
class Seen:
    """What a board is worked out from, all as the table sent it (so every screen agrees):
    ``recent`` the last valid outcomes, newest first; ``windows`` the counts of the last 100 and 500;
    ``variant`` the game's variant (the roulette wheel); ``view`` the game's view record (or None)."""

    recent: tuple[str, ...]
    windows: tuple[Window, ...]
    variant: str = ""
    view: object = None

    @property
    def counted(self) -> tuple[Window, ...]:
        """The windows worth showing: one that holds no more results than the one before it (a young
        table's 500 are its 100) is left out."""
        out: list[Window] = []
        for window in self.windows:
            if not out or window.rounds > out[-1].rounds:
                out.append(window)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Share:
    """One part of a split: its words, its tone (an outcome whose colour it takes, "" none), its count."""

    label: Words
    tone: str
    count: int


@dataclass(frozen=True, slots=True)
class Split:
    """How ``rounds`` results fell between a few parts (red, black, green)."""

    title: Words
    parts: tuple[Share, ...]
    rounds: int


@dataclass(frozen=True, slots=True)
class Bars:
    """A histogram: one bar per label (its tone colours it), counted over ``rounds`` results."""

    labels: tuple[Words, ...]
    tones: tuple[str, ...]
    counts: tuple[int, ...]
    rounds: int


@dataclass(frozen=True, slots=True)
class Beads:
    """A bead road: ``cells`` (outcomes, oldest first) down each column of ``rows`` beads, then the next."""

    cells: tuple[str, ...]
    rows: int


@dataclass(frozen=True, slots=True)
class Ring:
    """Each pocket (outcome) of a wheel in wheel order with its count over ``rounds`` results: drawn round
    a racetrack, hot pockets bright."""

    pockets: tuple[tuple[str, int], ...]
    rounds: int


@dataclass(frozen=True, slots=True)
class Figures:
    """Lines in words (a shooter's rolls, the hot and cold numbers)."""

    lines: tuple[Words, ...]


Section = Split | Bars | Beads | Ring | Figures


@dataclass(frozen=True, slots=True)
class Panel:
    """One board's panel: its title and sections (the display shows one panel at a time)."""

    title: Words
    sections: tuple[Section, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """A game's statistics: its panels."""

    panels: tuple[Panel, ...]


BoardOf = Callable[[Seen], Board]


def share(count: int, rounds: int) -> float:
    """``count`` of ``rounds`` in per cent (0 of none)."""
    return 100.0 * count / rounds if rounds else 0.0


def percent_text(count: int, rounds: int) -> str:
    """The share as a whole per cent ("48%"): what both faces write beside a count."""
    return f"{round(share(count, rounds))}%"


def heat(count: int, most: int) -> float:
    """How hot a pocket is, 0 (never seen) to 1 (the most seen)."""
    return count / most if most else 0.0


def track(n: int, ends: int = 0) -> tuple[tuple[float, float, float, float], ...]:
    """``n`` cells round a racetrack, clockwise from the top left, as (x, y, w, h) fractions of the
    track's box (y down): a row along the top, a column down the right end, a row back along the bottom,
    a column up the left end (``ends`` cells each; 0: two, one for a short track). A wheel's pockets in wheel
    order lie round it as round the wheel.

    >>> cells = track(38); len(cells), round(cells[0][0] * 19), cells[17][0] == 1 - cells[17][2]
    (38, 1, True)
    """
    ends = ends or (1 if n < 12 else 2)  # cells at each end, between the rows
    top = (n - 2 * ends + 1) // 2
    bottom = n - 2 * ends - top
    w, h = 1.0 / (top + 2), 1.0 / (ends + 2)
    inset = w * (1 + (top - bottom) / 2)  # a shorter bottom row sits in the middle
    out = [(w + k * w, 0.0, w, h) for k in range(top)]
    out += [(1.0 - w, h * (1 + k), w, h) for k in range(ends)]  # the right end, down
    out += [(inset + (bottom - 1 - k) * w, 1.0 - h, w, h) for k in range(bottom)]  # back, right to left
    out += [(0.0, 1.0 - h * (2 + k), w, h) for k in range(ends)]  # the left end, up
    return tuple(out)
