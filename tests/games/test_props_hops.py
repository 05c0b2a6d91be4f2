"""Props & Hops (§ 668a, GAMES.md §6.2): every wager on every one of the 36 ordered rolls, the edges of
GAMES.md reproduced to the fraction by an independent enumeration (the grid and the paytable retyped here
from GAMES.md, never taken from the engine), the hop grid's validation, the six seats, the seat layout at
the three seat sizes, the display's reveal rule, and a headless table of bots playing the game."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from terminal import config
from terminal.config.game_rules import ConfigSettings
from terminal.games.props_hops import rules as ph
from terminal.games.props_hops.engine import PropsHopsEngine
from terminal.games.registry import game
from terminal.net import messages as m
from terminal.seat import layout_port
from terminal.seat.theme import Frame
from tests.support.cli import run_cli

# --- GAMES.md §6.2, retyped ----------------------------------------------------------------------------

GRID = (
    ("1-2", "1-3", "1-4", "1-6", "3-6", "4-6", "5-6"),
    ("1-1", "2-3", "2-2", "2-5", "5-5", "4-5", "6-6"),
    ("1-5", "2-4", "3-3", "3-4", "4-4", "3-5", "2-6"),
)
GROUP_COLUMNS = {"hop_left": (0, 1), "hop_center": (2, 3, 4), "hop_right": (5, 6)}
EDGE_PERCENT = {  # GAMES.md's table, rounded to two places
    "double": "13.89", "any_number": "11.11", "field": "5.56", "hop_top": "2.78", "hop_left": "8.33",
    "hop_right": "8.33", "hop_center": "2.78", "one_six_and_under": "5.56", "three_four_and_over": "5.56",
}  # fmt: skip
WAYS = {"hop_top": 14, "hop_left": 11, "hop_right": 11, "hop_center": 14,
        "one_six_and_under": 17, "three_four_and_over": 17}  # fmt: skip
ROLLS = list(itertools.product(range(1, 7), repeat=2))
BASE = "[table]\ngame = props_hops\nseats = 6\n"  # § 668a.1(a): at most six seats


def _box(dice: tuple[int, int]) -> str:
    return f"{min(dice)}-{max(dice)}"


def _group(hop: str) -> set[str]:
    if hop == "hop_top":
        return set(GRID[0])
    return {row[c] for row in GRID for c in GROUP_COLUMNS[hop]}


def _expected_profit(wager: str, dice: tuple[int, int]) -> Fraction:
    """What one unit on ``wager`` wins (or -1) on ``dice``, by GAMES.md's table."""
    a, b = dice
    total = a + b
    if wager.startswith("double_"):
        n = int(wager[-1])
        return Fraction(30) if a == b == n else Fraction(-1)
    if wager.startswith("any_number_"):
        return Fraction(15) if _box(dice) == f"{wager[11]}-{wager[13]}" and a != b else Fraction(-1)
    if wager == "field":
        return (
            Fraction(2) if total in (2, 12) else Fraction(1) if total in (3, 4, 9, 10, 11) else Fraction(-1)
        )
    if wager in ("hop_top", "hop_center"):
        return Fraction(3, 2) if _box(dice) in _group(wager) else Fraction(-1)
    if wager in ("hop_left", "hop_right"):
        return Fraction(2) if _box(dice) in _group(wager) else Fraction(-1)
    if wager == "one_six_and_under":
        return Fraction(1) if _box(dice) == "1-6" or total < 7 else Fraction(-1)
    assert wager == "three_four_and_over"
    return Fraction(1) if _box(dice) == "3-4" or total > 7 else Fraction(-1)


def _edge(wager: str) -> Fraction:
    return -sum((_expected_profit(wager, d) for d in ROLLS), Fraction(0)) / 36


def _family(wager: str) -> str:
    return wager.rsplit("_", 2)[0] if wager.startswith(("double_", "any_number_")) else wager


# --- rules and PAR ----------------------------------------------------------------------------------------


def test_the_wager_ids_are_gamesmd_s() -> None:
    doubles = [f"double_{n}_{n}" for n in range(1, 7)]
    numbers = [f"any_number_{a}_{b}" for a, b in itertools.combinations(range(1, 7), 2)]
    assert list(ph.WAGERS) == [*doubles, *numbers, "field", "hop_top", "hop_left", "hop_right", "hop_center",
                               "one_six_and_under", "three_four_and_over", "six_eight_shake"]  # fmt: skip
    assert game("props_hops").wagers == ph.WAGERS


def test_the_grid_holds_each_combination_once_and_the_groups_have_gamesmd_s_ways() -> None:
    boxes = [box for row in GRID for box in row]
    assert sorted(boxes) == sorted(f"{a}-{b}" for a in range(1, 7) for b in range(a, 7))
    for hop in ("hop_top", "hop_left", "hop_right", "hop_center"):
        assert sum(1 for d in ROLLS if _box(d) in _group(hop)) == WAYS[hop]
    assert sum(1 for d in ROLLS if d[0] + d[1] < 7 or _box(d) == "1-6") == 17


def test_every_wager_on_every_roll_pays_what_gamesmd_says() -> None:
    rules = ph.make_rules()
    for wager in ph.ONE_ROLL:
        placed = ph.place(rules, "r", wager, 200)
        for dice in ROLLS:
            (s,) = ph.settle((placed,), ph.Roll(dice), rules)
            profit = _expected_profit(wager, dice)
            assert s.returned == (0 if profit < 0 else 200 + 200 * profit), (wager, dice)
            assert s.stake == 200 and s.kind == wager


def test_the_par_sheet_matches_an_independent_enumeration_and_gamesmd_s_figures() -> None:
    settings = ConfigSettings(config.loads(BASE))
    rows = {r.wager: r for r in game("props_hops").par_rows(settings, all_paytables=True)}
    assert set(rows) == set(ph.WAGERS)
    shake = rows.pop("six_eight_shake")  # its figures: the Six Eight Shake tests below
    assert shake.house_edge == Fraction(3721, 17160) and "3721/38610 (9.64 %)" in shake.note
    assert shake.payout == "150 to 1" and shake.true_odds == "17,071 to 89"
    for wager, row in rows.items():
        edge = _edge(wager)
        assert row.house_edge == edge, wager
        assert f"{float(edge * 100):.2f}" == EDGE_PERCENT[_family(wager)], wager
    assert _edge("hop_top") == Fraction(1, 36) and _edge("hop_left") == Fraction(1, 12)
    assert rows["hop_top"].true_odds == "11 to 7" and rows["hop_left"].true_odds == "25 to 11"


def test_the_par_sheet_follows_the_configured_grid() -> None:
    # Mirror the grid left to right: Left and Right swap their boxes and keep their ways (a legal grid).
    mirrored = " / ".join(" ".join(reversed(row)) for row in GRID)
    text = f"{BASE}[props_hops]\nhop_grid = {mirrored}\n"
    settings = ConfigSettings(config.loads(text))
    rows = {r.wager: r for r in game("props_hops").par_rows(settings, all_paytables=False)}
    assert rows["hop_left"].house_edge == Fraction(1, 12)
    engine = game("props_hops").setup(settings).engine
    assert isinstance(engine, PropsHopsEngine)
    assert engine.rules.grid.group("hop_left") == {(5, 6), (4, 6), (6, 6), (4, 5), (2, 6), (3, 5)}


@pytest.mark.parametrize(
    ("grid", "words"),
    [
        # 1-1 and 2-3 swapped into the top row: Top has 13 ways at 3 to 2, 108.33 %
        ("1-2 1-3 1-4 1-6 3-6 4-6 5-6 / 1-1 2-3 2-2 2-5 5-5 4-5 6-6 / 1-5 2-4 3-3 3-4 4-4 3-5 2-6", None),
        ("1-2 1-3 1-4 1-6 3-6 4-6 5-6 / 1-1 2-3 2-2 2-5 5-5 4-5 6-6 / 1-5 2-4 3-3 3-4 4-4 3-5", "three rows"),
        ("1-2 1-2 1-4 1-6 3-6 4-6 5-6 / 1-1 2-3 2-2 2-5 5-5 4-5 6-6 / 1-5 2-4 3-3 3-4 4-4 3-5 2-6", "1-2"),
        ("1-2 1-3 1-4 1-6 3-6 4-6 5-6 / 1-1 2-3 2-2 2-5 5-5 4-5 6-6 / 1-5 2-4 3-3 3-4 4-4 3-5 2-7", "2-7"),
        # pairs moved into columns 3-5: Center 16 ways at 3 to 2, a return of 111 %
        (
            "1-2 1-3 1-4 1-6 3-6 4-6 5-6 / 2-2 2-3 1-1 2-5 6-6 4-5 5-5 / 2-4 1-5 3-5 3-4 2-6 3-3 4-4",
            "hop_center",
        ),
    ],
)
def test_a_bad_hop_grid_is_one_line_naming_the_fault(grid: str, words: str | None) -> None:
    if words is None:
        ph.read_grid(grid)  # a legal grid (1-1 in row 2 is where GAMES.md puts it)
        return
    with pytest.raises(ValueError, match=words) as found:
        ph.read_grid(grid)
    assert "\n" not in str(found.value)


def test_a_grid_returning_100_percent_or_more_is_refused_by_the_configuration(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    # 1-1 (column 1) traded with 2-5 (column 4): a double out of Left and a pair in, Left 12 ways at
    # 2 to 1 returns 100 % exactly, refused.
    bad = "1-2 1-3 1-4 1-6 3-6 4-6 5-6 / 2-5 2-3 2-2 1-1 5-5 4-5 6-6 / 1-5 2-4 3-3 3-4 4-4 3-5 2-6"
    assert sum(1 if a == b else 2 for a, b in ph.parse_grid(bad).group("hop_left")) == 12
    path = tmp_path / "kiosk.cfg"
    path.write_text(f"{BASE}[props_hops]\nhop_grid = {bad}\n", encoding="utf-8")
    with pytest.raises(config.ConfigError) as found:
        config.load(path)
    assert "hop_left" in str(found.value) and "100.00 %" in str(found.value)


def test_a_props_hops_table_has_at_most_six_seats() -> None:
    config.loads("[table]\ngame = props_hops\nseats = 6\n")
    with pytest.raises(config.ConfigError, match="at most 6"):
        config.loads("[table]\ngame = props_hops\nseats = 7\n")
    config.loads("[table]\ngame = sicbo\nseats = 8\n")  # the rule is Props & Hops' alone


def test_spots_off_the_layout_and_bad_stakes_are_refused() -> None:
    rules = ph.make_rules()
    for spot in ("six_eight_shake", "double_1_2", "any_number_2_2", "hop_bottom", ""):  # one-roll spots
        with pytest.raises(ph.UnknownSpotError):
            ph.place(rules, "r", spot, 100)
    engine = PropsHopsEngine(rules)
    play = engine.start()
    placed, play = engine.place(play, 1, "a", "hop_top", 300)
    restored = engine.restore(engine.snapshot(play), (placed,))
    assert engine.settle(restored, ph.Roll((6, 1))).settlements[0].returned == 750


def test_rolls_have_one_text_and_one_json_form() -> None:
    roll = ph.Roll((4, 3))
    assert roll.text == "4-3" and ph.Roll.parse("4-3 (7)") == roll
    assert ph.Roll.from_json(roll.to_json()) == roll and roll.to_json()["total"] == 7
    for bad in ("4-7", "4", "4-3-2", "a-b"):
        with pytest.raises(ValueError):
            ph.Roll.parse(bad)


def test_the_simulation_and_bots_play_every_wager_at_a_stake_paid_exactly() -> None:
    setup = game("props_hops").setup(ConfigSettings(config.loads(BASE)))
    assert {w for w, _ in setup.simulate} == set(ph.WAGERS)
    for wager, stake in setup.simulate:
        if wager == "six_eight_shake":
            assert stake * 150 % 1 == 0
            continue
        for dice in ROLLS:
            profit = _expected_profit(wager, dice)
            assert (stake * profit).denominator == 1, (wager, stake)


# --- the seat and the display ---------------------------------------------------------------------------

SIZES = ((1920, 1080), (1024, 768), (2560, 1080))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_spot_is_a_touch_area_of_its_own(size: tuple[int, int]) -> None:
    frame = Frame.of(*size)
    limits = m.LimitsView(100, 50_000, 250_000, 100)
    state = m.TableState("props_hops", 1, "open", 20_000, limits, (100, 500), "USD", 1, "Keystone Casino",
                         "T-01", 6, "standard", False)  # fmt: skip
    layout = layout_port.make_layout(state, None, frame.layout, frame.touch)
    areas = layout.areas()
    assert {a.spot for a in areas} == set(ph.WAGERS)
    for a in areas:
        assert min(a.rect.size) >= frame.touch and frame.layout.contains(a.rect)
        assert layout.hit(a.rect.center) == a.spot
    for a, b in itertools.combinations(areas, 2):
        assert not a.rect.colliderect(b.rect), (a.spot, b.spot)
    # the grid is drawn as GAMES.md lays it out: row by row, column by column
    for r, row in enumerate(GRID):
        for c, box in enumerate(row):
            x, y = box.split("-")
            spot = f"double_{x}_{y}" if x == y else f"any_number_{x}_{y}"
            rect = layout.area(spot).rect
            assert rect.centerx == sorted({layout.area(s).rect.centerx for s in _row_spots(0)})[c]
            assert rect.centery == sorted({layout.area(s).rect.centery for s in _col_spots(0)})[r]


def _row_spots(r: int) -> list[str]:
    return [_spot(box) for box in GRID[r]]


def _col_spots(c: int) -> list[str]:
    return [_spot(row[c]) for row in GRID]


def _spot(box: str) -> str:
    x, y = box.split("-")
    return f"double_{x}_{y}" if x == y else f"any_number_{x}_{y}"


def test_the_display_shows_nothing_of_the_shake_before_its_reveal_time() -> None:
    from terminal.display import props_hops_stage as stage

    reveal = game("props_hops").reveal_seconds("6-1")
    assert stage.SETTLE_S == reveal <= game("props_hops").show_seconds
    for k in range(int(reveal / 0.05)):
        t = 10.0 + k * 0.05
        seen = [stage.pose_at(_box_text(d), 10.0, None, t) for d in ((6, 1), (5, 5), (2, 3))]
        poses = {(p.faces, p.places, p.lit) for p in seen}
        assert len(poses) == 1, t  # the same picture whatever the outcome
    rest = stage.pose_at("6-1", 10.0, None, 10.0 + reveal)
    assert rest.faces == (6, 1) and set(rest.lit) == {"box_1_6", "hop_top", "hop_center", "one_six_and_under"}


def _box_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


@pytest.mark.slow
def test_a_headless_table_plays_props_and_hops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kiosk.cfg").write_text("[table]\ngame = props_hops\nseats = 6\nport = 0\n", encoding="utf-8")
    ran = run_cli(["run", "--config", "kiosk.cfg", "--headless", "--rounds", "6", "--seed", "5eed"], capsys)
    assert ran.status == 0, ran.err
    assert "ledger verify  OK" in ran.out
    summary = json.loads(next((tmp_path / "var" / "lab").glob("headless-summary.json")).read_text())
    assert summary["rounds"] == 6 and summary["audit"] == [] and summary["rtp"]
    assert set(summary["rtp"]) <= set(ph.WAGERS)  # the meters are the game's own wager ids


def test_a_seat_with_a_wager_in_the_round_cannot_cash_out_until_it_settles(tmp_path: Path) -> None:
    """§ 668a.2(c): a player who has wagered stays until the round ends (GAMES.md §6, seated play)."""
    import asyncio

    from terminal.table.controller import Controller
    from tests.table.harness import make_config, scripted_table

    table = scripted_table(make_config(tmp_path, BASE), (4, 3))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.cashier.bill_stacked(2, 10_000)
    table.wagers.place(1, "field", 100)
    controller = Controller(table)
    with pytest.raises(ValueError, match="until the round settles"):
        asyncio.run(controller.on_message("seat-1", m.CashOut()))
    assert table.cashier.credits(1) == 9_900  # nothing left the seat
    asyncio.run(controller.on_message("seat-2", m.CashOut()))  # a seat with no wager leaves
    assert table.cashier.credits(2) == 0
    report = table.play_round()
    assert report.text == "4-3 (7)"
    asyncio.run(controller.on_message("seat-1", m.CashOut()))  # settled: the seat may leave
    assert table.cashier.credits(1) == 0


# --- the Six Eight Shake's pure rules (not offered yet) -----------------------------------------------


def _all_before_seven(boxes: list[str]) -> Fraction:
    """Inclusion-exclusion over the boxes that fail to come before the first 7: P(none of T before a 7)
    is 6 / (6 + ways(T)), counted on the 36 rolls (an independent route from the engine's Markov chain)."""
    ways = {b: sum(1 for d in ROLLS if _box(d) == b) for b in boxes}
    sevens = sum(1 for d in ROLLS if sum(d) == 7)
    total = Fraction(0)
    for k in range(len(boxes) + 1):
        for missed in itertools.combinations(boxes, k):
            total += (-1) ** k * Fraction(sevens, sevens + sum(ways[b] for b in missed))
    return total


def test_the_six_eight_shake_odds_match_gamesmd_by_inclusion_exclusion() -> None:
    from terminal.games.props_hops import six_eight

    row3 = [box for c, box in enumerate(GRID[2]) if c != 3]  # row 3 but column 4's seven: the six boxes
    assert sorted(row3) == sorted(f"{a}-{b}" for a, b in six_eight.SIX_EIGHT)
    p = _all_before_seven(row3)
    assert p == Fraction(89, 17160) == six_eight.win_probability(frozenset())
    held = 1 - 151 * p
    assert f"{float(held * 100):.2f}" == "21.68" and six_eight.held_edge(150) == held
    # Taken down at best: once one box is marked, holding is worth more than the stake (151 P > 1) for
    # every set of marks, and with none it is worth less; so the player holds after a mark and takes it
    # down after a shake that neither marks nor sevens.
    for k in range(1, 6):
        for marked in itertools.combinations(row3, k):
            assert 151 * _all_before_seven([b for b in row3 if b not in marked]) > 1
    assert 151 * p < 1
    ways = {b: sum(1 for d in ROLLS if _box(d) == b) for b in row3}
    neither = 36 - 6 - sum(ways.values())
    back = Fraction(neither, 36) + sum(
        (Fraction(ways[b], 36) * 151 * _all_before_seven([c for c in row3 if c != b]) for b in row3),
        Fraction(0),
    )
    assert f"{float((1 - back) * 100):.2f}" == "9.64" and six_eight.best_edge(150) == 1 - back


def test_a_six_eight_shake_marks_its_own_throws_wins_on_the_sixth_and_loses_on_any_seven() -> None:
    from terminal.games.props_hops import six_eight

    marks: frozenset[tuple[int, int]] = frozenset()
    for dice in ((5, 1), (6, 6), (4, 2), (3, 3), (2, 4), (6, 2), (5, 3)):
        marks, state = six_eight.shake(marks, dice)
        assert state == "open"
    assert len(marks) == 5  # 1-5, 2-4, 3-3, 2-6, 3-5; 6-6 and the second 2-4 mark nothing new
    assert six_eight.shake(marks, (4, 4)) == (marks | {(4, 4)}, "win")
    assert six_eight.shake(marks, (1, 6))[1] == "lose"


# --- the Six Eight Shake on a real table (ledger, restart) ------------------------------------------------

MARKING = ((5, 1), (2, 4), (3, 3), (6, 2), (3, 5))  # five of the six combinations, in any order of dice


def _shake_table(tmp_path: Path, *rolls: tuple[int, int]) -> Any:
    from tests.table.harness import make_config, scripted_table

    table = scripted_table(make_config(tmp_path, BASE), *rolls)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    return table


def _shake(table: Any) -> Any:
    """One shake, and the next betting window open."""
    report = table.play_round()
    table.open_round()
    return report


def _shake_line(table: Any) -> Any:
    return next(w for w in table.wagers.wagers_of(1) if w.spot == "six_eight_shake")


def test_a_six_eight_shake_is_paid_150_to_1_on_the_throw_completing_its_sixth_mark(tmp_path: Path) -> None:
    table = _shake_table(tmp_path, (6, 6), *MARKING, (4, 4))
    table.wagers.place(1, "six_eight_shake", 100)
    table.wagers.place(1, "field", 100)  # a one-roll wager beside it: settled on the first shake
    first = _shake(table)  # 6-6: the field wins 2 to 1, the shake marks nothing and stands
    assert [(s.kind, s.returned) for s in first.settlements] == [("field", 300)]
    assert _shake_line(table).standing and _shake_line(table).marks == ()
    for n in range(len(MARKING)):
        report = _shake(table)
        assert report.settlements == ()  # nothing settles: the marks grow
        assert len(_shake_line(table).marks) == n + 1
    assert _shake_line(table).marks == (15, 24, 26, 33, 35)
    with pytest.raises(ValueError, match="one Six Eight Shake at a time"):  # never increased
        table.wagers.place(1, "six_eight_shake", 100)
    last = _shake(table)  # 4-4: the sixth mark
    assert [(s.kind, s.result.value, s.returned) for s in last.settlements] == [
        ("six_eight_shake", "win", 15_100)
    ]
    assert table.cashier.credits(1) == 10_000 - 200 + 300 + 15_100
    assert table.ledger.meters()["wager:props_hops:six_eight_shake:won"] == 15_100


def test_a_seven_collects_an_open_six_eight_shake(tmp_path: Path) -> None:
    table = _shake_table(tmp_path, (5, 1), (3, 3), (1, 6))
    table.wagers.place(1, "six_eight_shake", 500)
    _shake(table)
    _shake(table)
    assert _shake_line(table).marks == (15, 33)
    report = _shake(table)  # 1-6: a seven
    assert [(s.kind, s.result.value, s.returned) for s in report.settlements] == [
        ("six_eight_shake", "lose", 0)
    ]
    assert table.wagers.wagers_of(1) == () and table.cashier.credits(1) == 9_500


def test_a_restart_resumes_the_marks_exactly(tmp_path: Path) -> None:
    from tests.table.harness import reopen

    before = _shake_table(tmp_path, *MARKING[:3])
    before.wagers.place(1, "six_eight_shake", 100)
    for _ in range(3):
        _shake(before)
    assert _shake_line(before).marks == (15, 24, 33)
    after = reopen(before, *MARKING[3:], (4, 4))  # a new process on the same ledger
    after.start()
    assert _shake_line(after).marks == (15, 24, 33) and _shake_line(after).standing
    _shake(after)
    _shake(after)
    report = _shake(after)
    assert [(s.kind, s.returned) for s in report.settlements] == [("six_eight_shake", 15_100)]


def test_take_down_returns_the_whole_stake_in_a_later_window_and_the_seat_may_leave(tmp_path: Path) -> None:
    import asyncio

    from terminal.table.controller import Controller

    table = _shake_table(tmp_path, (5, 1), (2, 2))
    table.wagers.place(1, "six_eight_shake", 400)
    _shake(table)  # 1-5 marked; the wager stands
    controller = Controller(table)
    table.wagers.place(1, "hop_top", 200)
    with pytest.raises(ValueError, match="until the round settles"):  # a wager of this round: seated
        asyncio.run(controller.on_message("seat-1", m.CashOut()))
    table.wagers.remove(1, None)  # clear this round's: the standing shake stays
    assert [w.spot for w in table.wagers.wagers_of(1)] == ["six_eight_shake"]
    table.wagers.remove(1, "six_eight_shake")  # Take down: all of it
    assert table.wagers.wagers_of(1) == () and table.cashier.credits(1) == 10_000
    table.wagers.place(1, "six_eight_shake", 400)  # a new one, with no marks
    _shake(table)  # 2-2: marks nothing
    assert _shake_line(table).marks == ()
    asyncio.run(controller.on_message("seat-1", m.CashOut()))  # only a standing wager: the seat may leave
    assert table.cashier.credits(1) == 0 and _shake_line(table).amount == 400
