"""The statistics boards (docs/statistics.md): each game's board counts what the results say, checked
against counts made here from the raw results by other means; the racetrack's cells tile their box."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from terminal.games.craps.engine import CrapsEngine, CrapsView
from terminal.games.craps.rules import CrapsRules
from terminal.games.stat_boards import Bars, Beads, Board, Figures, Ring, Seen, Split, Window, track
from terminal.games.statistics import BOARDS, board_of
from terminal.net import messages as m
from terminal.net.tally import tally

RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}  # the layout's red numbers


def _seen(outcomes: list[str], variant: str = "", view: object = None) -> Seen:
    """Outcomes (newest first) through the table's own Tally, as the screens receive them."""
    board = m.History(tuple(m.HistoryEntry(len(outcomes) - k, o, False) for k, o in enumerate(outcomes)))
    windows = tuple(
        Window(w.rounds, tuple((c.outcome, c.count) for c in w.counts)) for w in tally(board).windows
    )
    return Seen(tuple(outcomes[:100]), windows, variant, view)


def _spins(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice([*(str(p) for p in range(37)), "00"]) for _ in range(n)]


def _parts(board: Board, panel: int, row: int) -> dict[str, int]:
    split = board.panels[panel].sections[row]
    assert isinstance(split, Split)
    return {p.label[0] if p.label[0] != "fmt.value" else "zeros": p.count for p in split.parts}


def test_roulette_splits_count_each_window_as_the_raw_spins_do() -> None:
    spins = _spins(700)
    board = board_of("roulette", _seen(spins, "double_zero"))
    assert board is not None
    for panel, size in ((0, 100), (2, 500)):
        numbers = [int(s) for s in spins[:size] if s not in ("0", "00")]
        zeros = size - len(numbers)
        assert _parts(board, panel, 0) == {
            "stats.red": sum(n in RED for n in numbers),
            "stats.black": sum(n not in RED for n in numbers),
            "zeros": zeros,
        }
        assert _parts(board, panel, 2)["stats.high"] == sum(n > 18 for n in numbers)
        dozens = _parts(board, panel + 1, 0)
        assert [dozens[f"stats.dozen_{k}"] for k in (1, 2, 3)] == [
            sum(12 * (k - 1) < n <= 12 * k for n in numbers) for k in (1, 2, 3)
        ]
        columns = _parts(board, panel + 1, 1)
        assert columns["stats.column_3"] == sum(n % 3 == 0 for n in numbers)
        assert sum(columns.values()) == size


def test_roulette_wheel_ring_is_in_wheel_order_with_every_pocket_counted() -> None:
    spins = _spins(600)
    board = board_of("roulette", _seen(spins, "single_zero"))
    assert board is not None
    ring = board.panels[-2].sections[0]
    assert isinstance(ring, Ring)
    assert [p for p, _ in ring.pockets[:5]] == ["0", "32", "15", "19", "4"]  # the single-zero wheel
    seen = Counter(s for s in spins[:500] if s != "00")
    assert dict(ring.pockets) == {p: seen[p] for p, _ in ring.pockets}


def test_a_young_table_shows_one_window() -> None:
    board = board_of("roulette", _seen(_spins(40)))
    assert board is not None
    split = board.panels[0].sections[0]
    assert isinstance(split, Split) and split.rounds == 40
    assert board.panels[0].title == ("stats.last_spins", (("count", "40"),))
    assert len([p for p in board.panels if p.title[0] == "stats.last_spins"]) == 1


def test_craps_histogram_counts_each_total_and_names_the_shooter() -> None:
    rng = random.Random(3)
    rolls = [f"{rng.randint(1, 6)}-{rng.randint(1, 6)}" for _ in range(300)]  # newest first
    engine = CrapsEngine(CrapsRules(), ())
    play, last, shooters = engine.start(), None, []
    for text in reversed(rolls):  # the real engine, from a new table: who threw each roll
        last = engine.parse(text)
        shooters.append(engine.view(play, last).shooter if shooters else 1)
        play = engine.settle(play, last).play
    view = engine.view(play, last)
    thrown = shooters.count(view.shooter)  # none where the last roll sevened out: a new shooter is up
    board = board_of("craps", _seen(rolls, view=view))
    assert board is not None
    bars, shooter = board.panels[0].sections
    assert isinstance(bars, Bars) and isinstance(shooter, Figures)
    totals = Counter(int(r[0]) + int(r[2]) for r in rolls[:100])
    assert bars.counts == tuple(totals[t] for t in range(2, 13))
    assert shooter.lines == (("stats.shooter", (("rolls", str(thrown)), ("shooter", str(view.shooter)))),)
    longer = board.panels[1].sections[0]
    assert isinstance(longer, Bars) and sum(longer.counts) == 300 and longer.rounds == 300


def test_a_young_craps_table_counts_its_first_shooter_from_the_first_roll() -> None:
    rolls = ["4-4", "2-2", "3-4"]  # newest first: a natural 7, then 4 on, then 8: one shooter, three rolls
    board = board_of("craps", _seen(rolls, view=CrapsView(4, 1, 3, False, (), (), "4-4")))
    assert board is not None
    assert board.panels[0].sections[1] == Figures((("stats.shooter", (("rolls", "3"), ("shooter", "1"))),))


def test_sicbo_road_is_oldest_first_and_sizes_count_triples_apart() -> None:
    rolls = ["6-6-6", "1-2-3", "4-5-6", "2-2-1"]  # newest first
    board = board_of("sicbo", _seen(rolls))
    assert board is not None
    road = board.panels[0].sections[0]
    assert isinstance(road, Beads) and road.cells == tuple(reversed(rolls)) and road.rows == 6
    sizes = board.panels[1].sections[0]
    assert isinstance(sizes, Split)
    assert [(p.label[0], p.count) for p in sizes.parts] == [
        ("stats.small", 2),
        ("stats.big", 1),
        ("stats.triple", 1),
    ]
    totals = board.panels[2].sections[0]
    assert isinstance(totals, Bars) and totals.counts[18 - 3] == 1 and totals.counts[5 - 3] == 1


def test_bigsix_counts_each_symbol() -> None:
    spins = ["flag@27", "one@1", "one@3", "joker@0", "twenty@13"]
    board = board_of("bigsix", _seen(spins))
    assert board is not None
    bars = board.panels[0].sections[0]
    assert isinstance(bars, Bars)
    assert dict(zip((w[0] for w in bars.labels), bars.counts, strict=True)) == {
        "wager.one": 2, "wager.two": 0, "wager.five": 0, "wager.ten": 0, "wager.twenty": 1,
        "wager.joker": 1, "wager.flag": 1,
    }  # fmt: skip


def test_a_game_without_a_board_has_none_and_every_registered_one_copes_with_no_results() -> None:
    assert board_of("props_hops", _seen(["4-3"])) is None
    assert board_of(None, Seen((), ())) is None
    for game in BOARDS:
        assert isinstance(board_of(game, Seen((), ())), Board)


def test_voids_are_left_out_of_the_windows() -> None:
    board = m.History(
        (m.HistoryEntry(3, "00", True), m.HistoryEntry(2, "17", False), m.HistoryEntry(1, "00", False))
    )
    counted = tally(board)
    assert [(w.rounds, [(c.outcome, c.count) for c in w.counts]) for w in counted.windows] == [
        (2, [("17", 1), ("00", 1)]),
        (2, [("17", 1), ("00", 1)]),
    ]


@pytest.mark.parametrize(("n", "ends"), [(37, 0), (38, 0), (38, 1), (54, 0), (7, 0)])
def test_the_racetrack_cells_lie_in_their_box_and_never_overlap(n: int, ends: int) -> None:
    cells = track(n, ends)
    assert len(cells) == n
    for x, y, w, h in cells:
        assert x >= 0 and x + w <= 1 + 1e-9 and y >= 0 and y + h <= 1 + 1e-9
    for k, a in enumerate(cells):
        for b in cells[k + 1 :]:
            apart = a[0] + a[2] <= b[0] + 1e-9 or b[0] + b[2] <= a[0] + 1e-9
            assert apart or a[1] + a[3] <= b[1] + 1e-9 or b[1] + b[3] <= a[1] + 1e-9


def _down(throw: str) -> tuple[str, int]:
    """A Three Dice Football throw read here by GAMES.md §6.1's words, not the rules module: trips
    first, then a turnover (red 6 against green 2 or 3), then gain / penalty / no gain by O − D."""
    a, b, d = (int(p) for p in throw.split("-"))
    if a == b == d:
        return "trips", a + b - d
    if d == 6 and a + b <= 3:
        return "turnover", a + b - d
    return ("gain" if a + b > d else "penalty" if a + b < d else "no_gain"), a + b - d


def test_tdf_counts_each_downs_result_and_the_yards_the_dice_said() -> None:
    rng = random.Random(11)
    throws = [f"{rng.randint(1, 6)}-{rng.randint(1, 6)}-{rng.randint(1, 6)}" for _ in range(650)]
    throws[:4] = ["2-2-2", "1-1-6", "2-1-6", "3-3-6"]  # trips, two turnovers, no gain, each at least once
    board = board_of("tdf", _seen(throws))
    assert board is not None
    assert len(board.panels) == 4
    for panel, size in ((0, 100), (1, 500)):
        assert board.panels[panel].title == ("stats.last_throws", (("count", str(size)),))
        splits = board.panels[panel].sections
        assert all(isinstance(s, Split) and s.rounds == size and len(s.parts) <= 4 for s in splits)
        kinds = Counter(_down(t)[0] for t in throws[:size])
        shown = {p.label[0]: p.count for s in splits if isinstance(s, Split) for p in s.parts}
        assert shown == {
            f"stats.tdf_{k}": kinds[k] for k in ("gain", "no_gain", "penalty", "turnover", "trips")
        }
    for panel, size in ((2, 100), (3, 500)):
        bars = board.panels[panel].sections[0]
        assert isinstance(bars, Bars) and bars.rounds == size
        yards = Counter(_down(t)[1] for t in throws[:size])
        shown = {int(dict(label[1])["value"]): n for label, n in zip(bars.labels, bars.counts, strict=True)}
        assert shown == {y: yards[y] for y in range(-4, 12)} and sum(bars.counts) == size
        assert len(bars.counts) <= 16  # what a display panel holds (display/stats_view.py MAX_BARS)


def _ten(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def test_high_roll_counts_the_most_alike_group_and_the_winning_face_of_first_throws_only() -> None:
    rng = random.Random(5)
    throws: list[str] = []
    for _ in range(600):
        dice = _ten(rng, 10)
        throws.append("-".join(map(str, dice)))
        if rng.random() < 0.2:  # an extra roll after it: 2 of the ace set aside, eight dice re-thrown
            throws.append("1x2:" + "-".join(map(str, _ten(rng, 8))))
    throws.reverse()  # newest first
    board = board_of("high_roll", _seen(throws))
    assert board is not None and len(board.panels) == 4
    rank = {1: 6, 6: 5, 5: 4, 4: 3, 3: 2, 2: 1}  # ace highest: a tie goes to the higher rank
    for k, size in enumerate((100, 500)):
        first = [[int(p) for p in t.split("-")] for t in throws[:size] if ":" not in t]
        most = Counter(max(d.count(f) for f in range(1, 7)) for d in first)
        faces = Counter(max(range(1, 7), key=lambda f, d=d: (d.count(f), rank[f])) for d in first)
        counts, won = board.panels[2 * k].sections[0], board.panels[2 * k + 1].sections[0]
        assert isinstance(counts, Bars) and isinstance(won, Bars)
        assert counts.rounds == won.rounds == len(first) < size
        assert board.panels[2 * k].title == ("stats.high_roll_counts", (("count", str(len(first))),))
        assert counts.counts == tuple(most[c] for c in range(2, 11))
        assert won.counts == tuple(faces[f] for f in (2, 3, 4, 5, 6, 1))
        assert won.labels[-1] == ("stats.face_ace", ())


def test_high_roll_six_dice_shows_no_match_to_six() -> None:
    throws = ["1-2-3-4-5-6", "2-2-3-3-5-5", "6-6-6-6-6-1"]
    board = board_of("high_roll", _seen(throws))
    assert board is not None
    counts = board.panels[0].sections[0]
    assert isinstance(counts, Bars)
    assert counts.labels[0] == ("stats.no_match", ()) and counts.counts == (1, 1, 0, 0, 1, 0)
    won = board.panels[1].sections[0]
    assert isinstance(won, Bars) and won.counts == (0, 0, 0, 1, 1, 1)  # five (ties 2/3/5 go to 5), six, ace
