"""High Roll Dice's statistics board (docs/statistics.md): over the last 100 and 500 first throws, how
often the largest group of like faces was each count (the Like Kind circles: 2 to 10 of ten dice, No
Match and 2 to 6 of six), and how often each face won (Pip Street, Two to Ace).

Extra rolls (``1x3:...``) are not first throws: they are left out of both, and the panels say how many
first throws they count.

>>> from terminal.games.stat_boards import Seen, Window
>>> b = board(Seen((), (Window(2, (("1-1-1-6-6-6-2-3-4-5", 1), ("1x3:1-1-3-4-5-6-2", 1))),)))
>>> b.panels[0].title, b.panels[0].sections[0].counts[1], b.panels[1].sections[0].counts[-1]
(('stats.high_roll_counts', (('count', '1'),)), 1, 1)
"""

from __future__ import annotations

from terminal.games.high_roll.rules import FACE_WORDS, Throw
from terminal.games.stat_boards import Bars, Board, Panel, Seen, Window, words

FACES: tuple[int, ...] = (2, 3, 4, 5, 6, 1)
"""Pip Street's faces in layout order, the ace last."""


def read(outcome: str) -> Throw | None:
    """The first throw whose text is ``outcome``; None for an extra roll or anything else."""
    try:
        throw = Throw.parse(outcome)
    except ValueError:
        return None
    return None if throw.extra else throw


def _dice(window: Window) -> int:
    """How many dice the window's first throws have (ten unless it holds a six-dice throw)."""
    sizes = {len(t.dice) for o, _ in window.counts if (t := read(o)) is not None}
    return 6 if sizes == {6} else 10


def _first(window: Window) -> int:
    return window.count(lambda o: read(o) is not None)


def _counts(window: Window) -> Bars:
    low, high = (1, 6) if _dice(window) == 6 else (2, 10)
    span = range(low, high + 1)
    counts = window.sort(lambda o: (t.count - low) if (t := read(o)) is not None else -1, len(span))
    labels = tuple(words("stats.no_match") if c == 1 else words("fmt.value", value=c) for c in span)
    return Bars(labels, ("",) * len(span), counts, _first(window))


def _faces(window: Window) -> Bars:
    counts = window.sort(lambda o: FACES.index(t.face) if (t := read(o)) is not None else -1, len(FACES))
    labels = tuple(words(f"stats.face_{FACE_WORDS[f]}") for f in FACES)
    return Bars(labels, ("",) * len(FACES), counts, _first(window))


def board(seen: Seen) -> Board:
    """High Roll's board: each window's most-alike counts, then each window's winning faces."""
    panels: list[Panel] = []
    for window in seen.counted:
        first = _first(window)
        panels.append(Panel(words("stats.high_roll_counts", count=first), (_counts(window),)))
        panels.append(Panel(words("stats.high_roll_faces", count=first), (_faces(window),)))
    return Board(tuple(panels))
