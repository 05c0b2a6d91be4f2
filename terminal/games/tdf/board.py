"""Three Dice Football's statistics board (docs/statistics.md): what the dice of each throw made of the
down (gain, no gain, penalty, turnover, trips) over the last 100 and 500 throws, and the yards the dice
said (O − D, −4 to 11).

Every throw counts, the extra point roll too: the history holds the dice and nothing of whether a throw
was a down or the extra point roll (that hangs on a wager being in play), so how drives ended is not
worked out from it and the board does not claim it.

>>> from terminal.games.stat_boards import Seen, Window
>>> b = board(Seen(("6-5-1",), (Window(3, (("6-5-1", 1), ("1-2-6", 1), ("4-4-4", 1))),)))
>>> [[(p.label[0], p.count) for p in s.parts] for s in b.panels[0].sections]  # doctest: +NORMALIZE_WHITESPACE
[[('stats.tdf_gain', 1), ('stats.tdf_no_gain', 0), ('stats.tdf_penalty', 0)],
 [('stats.tdf_turnover', 1), ('stats.tdf_trips', 1)]]
"""

from __future__ import annotations

from terminal.games.stat_boards import Bars, Board, Panel, Seen, Share, Split, Window, words
from terminal.games.tdf.rules import Throw, result_of

RESULTS: tuple[str, ...] = ("gain", "no_gain", "penalty", "turnover", "trips")
"""What a down's dice are, in the order the board shows them."""
YARDS = range(-4, 12)  # O − D: 2 − 6 up to 12 − 1 (sixteen bars: what a display panel holds)
_TONES = {"gain": "6-5-1", "no_gain": "2-2-4", "penalty": "1-1-5", "turnover": "1-1-6", "trips": "4-4-4"}


def read(outcome: str) -> tuple[str, int] | None:
    """(result, O − D) of a throw's text; None for anything that is not a throw."""
    try:
        return result_of(Throw.parse(outcome).dice)
    except ValueError:
        return None


def _kind(outcome: str) -> int:
    seen = read(outcome)
    return RESULTS.index(seen[0]) if seen else -1


def _yards(outcome: str) -> int:
    seen = read(outcome)
    return seen[1] - YARDS[0] if seen else -1


def _results(window: Window) -> tuple[Split, Split]:
    """Two rows (a display shows at most four parts to a row): the yards the down made (gain, no gain,
    penalty), then the throws that end the game at once (turnover, trips)."""
    counts = window.sort(_kind, len(RESULTS))
    parts = tuple(Share(words(f"stats.tdf_{r}"), _TONES[r], n) for r, n in zip(RESULTS, counts, strict=True))
    title = words("stats.last_throws", count=window.rounds)
    return Split(title, parts[:3], window.rounds), Split(title, parts[3:], window.rounds)


def _yards_of(window: Window) -> Bars:
    counts = window.sort(_yards, len(YARDS))
    labels = tuple(words("fmt.value", value=y) for y in YARDS)
    return Bars(labels, ("",) * len(YARDS), counts, window.rounds)


def board(seen: Seen) -> Board:
    """Three Dice Football's board: each window's down results, then each window's yards."""
    results = [Panel(words("stats.last_throws", count=w.rounds), _results(w)) for w in seen.counted]
    yards = [Panel(words("stats.tdf_yards", count=w.rounds), (_yards_of(w),)) for w in seen.counted]
    return Board((*results, *yards))
