"""High Roll Dice (§ 675a, GAMES.md §6.3): every edge of GAMES.md reproduced to the fraction by a calculation
of its own (exponential generating functions for the first throw, a die-by-die chain for the extra roll,
the paytables retyped from GAMES.md), the engine's settlement checked against it over every class of
throw, the seat's one-unit rules, the Extra Roll bought before the lock and the two throws on a real table
with a restart between them and after the extra roll is persisted, and the simulation's two loops.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from math import factorial
from pathlib import Path
from typing import Any

import pytest

from terminal import config
from terminal.config.game_rules import ConfigSettings
from terminal.games.base import IllegalBetError
from terminal.games.high_roll.rules import Throw
from terminal.games.registry import game

# --- GAMES.md §6.3, retyped -----------------------------------------------------------------------------

RANK = (1, 6, 5, 4, 3, 2)  # ace highest, two lowest
PIP = {
    "pip_street_two": (2, 6),
    "pip_street_three": (3, 6),
    "pip_street_four": (4, 5),
    "pip_street_five": (5, 4),
    "pip_street_six": (6, 4),
    "pip_street_ace": (1, 3),
}  # face, pays N to 1
PIP_EDGE = {
    "pip_street_two": "19.42",
    "pip_street_three": "8.91",
    "pip_street_four": "12.42",
    "pip_street_five": "16.80",
    "pip_street_six": "1.49",
    "pip_street_ace": "1.85",
}
FIRST = {
    2: Fraction(12),
    3: Fraction(3, 5),
    4: Fraction(1),
    5: Fraction(4),
    6: Fraction(30),
    7: Fraction(400),
    8: Fraction(5000),
}
AGAIN = {3: 6, 4: 1, 5: 2, 6: 4, 7: 10, 8: 50}
CIRCLE_EDGE = {8: "44.17", 7: "40.31", 6: "59.63", 5: "60.96", 4: "37.90", 3: "15.31", 2: "12.23"}
HELD_EDGE = {8: "3.11", 7: "-6.73", 6: "-8.82", 5: "-15.81", 4: "-6.97", 3: "-2.27", 2: "12.23"}
P_COUNT = {8: "0.000112", 7: "0.00149", 6: "0.0130", 5: "0.0781", 4: "0.3105", 3: "0.5293", 2: "0.0675"}
SIX_PIP = {
    "pip_street_two": (2, 8, "11.15"),
    "pip_street_three": (3, 6, "14.39"),
    "pip_street_four": (4, 5, "11.32"),
    "pip_street_five": (5, 4, "12.38"),
    "pip_street_six": (6, 3, "18.16"),
    "pip_street_ace": (1, 2, "24.60"),
}
SIX_CIRCLE = {6: (Fraction(6000), "22.83"), 5: (Fraction(200), "22.45"), 4: (Fraction(15), "22.84"),
              3: (Fraction(2), "5.48"), 2: (Fraction(1, 2), "7.41")}  # fmt: skip


def pct(value: Fraction) -> str:
    return f"{float(value * 100):.2f}"


# --- the independent calculation: exponential generating functions ------------------------------------------


def _truncated(top: int, n: int) -> list[Fraction]:
    """sum_{j <= top} x^j / j!, as coefficients up to x^n."""
    return [Fraction(1, factorial(j)) if j <= top else Fraction(0) for j in range(n + 1)]


def _times(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    n = len(a) - 1
    return [sum((a[i] * b[k - i] for i in range(k + 1)), Fraction(0)) for k in range(n + 1)]


@cache
def p_face_count(n: int, face: int, count: int) -> Fraction:
    """P(``face`` wins with exactly ``count`` dice) of ``n`` dice: ``face`` shows ``count`` times, every
    higher-ranked face at most ``count - 1`` times, every lower-ranked one at most ``count`` times; the
    number of such sequences is n! [x^n] of the product of the faces' truncated exponentials."""
    if count > n:
        return Fraction(0)
    product_ = [Fraction(1, factorial(count)) if j == count else Fraction(0) for j in range(n + 1)]
    above = RANK[: RANK.index(face)]
    for other in RANK:
        if other != face:
            product_ = _times(product_, _truncated(count - 1 if other in above else count, n))
    return product_[n] * factorial(n) / 6**n


def p_count(n: int, count: int) -> Fraction:
    return sum((p_face_count(n, f, count) for f in RANK), Fraction(0))


def p_face(n: int, face: int) -> Fraction:
    return sum((p_face_count(n, face, c) for c in range(1, n + 1)), Fraction(0))


@cache
def again(c1: int) -> dict[int, Fraction]:
    """P(c2 | c1): the re-thrown dice added one at a time (a chain on the count), not a binomial formula."""
    dist = {c1: Fraction(1)}
    for _ in range(10 - c1):
        nxt: dict[int, Fraction] = {}
        for c, p in dist.items():
            nxt[c + 1] = nxt.get(c + 1, Fraction(0)) + p / 6
            nxt[c] = nxt.get(c, Fraction(0)) + p * 5 / 6
        dist = nxt
    return dist


def held_back(k: int) -> Fraction:
    """Circle ``k``'s return per unit with an Extra Roll held."""
    back = p_count(10, k) * (FIRST[k] + 1)
    if k in AGAIN:
        back += sum((p_count(10, c1) * again(c1).get(k, Fraction(0)) for c1 in range(2, k)), Fraction(0)) * (
            AGAIN[k] + 1
        )
    return back


def test_the_generating_functions_add_up_and_agree_with_brute_force_on_four_dice() -> None:
    assert sum((p_count(10, c) for c in range(1, 11)), Fraction(0)) == 1
    assert sum((p_face(6, f) for f in RANK), Fraction(0)) == 1
    brute: dict[tuple[int, int], int] = {}
    for dice in product(range(1, 7), repeat=4):  # every throw of four dice, the winner found by hand
        best = max(dice.count(f) for f in range(1, 7))
        face = next(f for f in RANK if dice.count(f) == best)
        brute[(face, best)] = brute.get((face, best), 0) + 1
    for (face, count), ways in brute.items():
        assert p_face_count(4, face, count) == Fraction(ways, 6**4)


# --- GAMES.md's edges, and the PAR sheet to the fraction ---------------------------------------------


def _rows(text: str = "") -> dict[str, Any]:
    settings = ConfigSettings(config.loads(text))
    return {r.wager: r for r in game("high_roll").par_rows(settings, all_paytables=False)}


def test_ten_dice_pip_street_and_like_kind_edges_match_games_md_and_the_par_sheet() -> None:
    rows = _rows()
    for wager, (face, pays) in PIP.items():
        edge = 1 - p_face(10, face) * (pays + 1)
        assert pct(edge) == PIP_EDGE[wager] and rows[wager].house_edge == edge, wager
    for k, first in FIRST.items():
        p = p_count(10, k)
        edge = 1 - p * (first + 1)
        assert f"{float(p):.3g}" == f"{float(Fraction(P_COUNT[k])):.3g}", k
        assert pct(edge) == CIRCLE_EDGE[k] and rows[f"like_kind_{k}"].house_edge == edge, k
        held = 1 - held_back(k)
        assert pct(held) == HELD_EDGE[k], k
        beside = f"edge {pct(held)} % = {held.numerator}/{held.denominator}"  # on the PAR sheet, exact
        assert beside in rows[f"like_kind_{k}"].note


def test_the_extra_roll_figures_of_games_md() -> None:
    circles = tuple(FIRST)
    bare = sum((p_count(10, k) * (FIRST[k] + 1) for k in circles), Fraction(0))
    held = sum((held_back(k) for k in circles), Fraction(0))
    assert f"{float(held - bare):.2f}" == "2.96"  # what the Extra Roll returns for its one unit
    assert pct(1 - held / 8) == "9.34" and pct(1 - bare / 7) == "38.65"
    some = (3, 4, 5, 6, 7)
    assert pct(1 - sum((held_back(k) for k in some), Fraction(0)) / 6) == "9.90"
    note = _rows()["extra_roll"].note
    assert "2.96 units" in note and "9.34 %" in note and "38.65 %" in note and "9.90 %" in note
    assert _rows()["extra_roll"].house_edge == 1  # a price: never paid, never returned
    # no choice of circles with the Extra Roll gives the player an edge
    for mask in range(1, 2**7):
        chosen = [k for n, k in enumerate(circles) if mask >> n & 1]
        assert sum((held_back(k) for k in chosen), Fraction(0)) < len(chosen) + 1


def test_millionaire_row_edges() -> None:
    rows = _rows()
    nine, ten = p_count(10, 9), p_count(10, 10)
    assert pct(1 - nine * 50_001) == "75.19" and rows["millionaire_9"].house_edge == 1 - nine * 50_001
    assert pct(1 - ten * 1_000_001) == "90.08" and rows["millionaire_10"].house_edge == 1 - ten * 1_000_001


def test_six_dice_edges_match_games_md_and_the_par_sheet() -> None:
    rows = _rows("[high_roll]\ndice = 6\n")
    assert "extra_roll" not in rows and "millionaire_9" not in rows and "like_kind_7" not in rows
    for wager, (face, pays, text) in SIX_PIP.items():
        edge = 1 - p_face(6, face) * (pays + 1)
        assert pct(edge) == text and rows[wager].house_edge == edge, wager
    for k, (pays, text) in SIX_CIRCLE.items():
        edge = 1 - p_count(6, k) * (pays + 1)
        assert pct(edge) == text and rows[f"like_kind_{k}"].house_edge == edge, k
    no_match = 1 - p_count(6, 1) * 61
    assert pct(no_match) == "5.86" and rows["like_kind_no_match"].house_edge == no_match


# --- the engine's settlement against the calculation, class by class ----------------------------------------


def _throw(face: int, count: int, n: int = 10) -> tuple[int, ...]:
    """A throw of ``n`` dice whose winner is ``face`` with ``count``: the rest spread over faces ranked
    below it (at most ``count`` each) or above (at most ``count - 1``)."""
    dice, left = [face] * count, n - count
    for other in reversed(RANK):  # lowest rank first
        if other == face:
            continue
        room = count if RANK.index(other) > RANK.index(face) else count - 1
        take = min(room, left)
        dice += [other] * take
        left -= take
    assert not left
    return tuple(dice)


def _engine(text: str = "") -> Any:
    return game("high_roll").setup(ConfigSettings(config.loads(text))).engine


def test_the_engine_returns_what_the_calculation_says_for_every_wager_alone() -> None:
    engine = _engine()
    back: dict[str, Fraction] = {}
    for face, count in product(RANK, range(2, 11)):
        p = p_face_count(10, face, count)
        if not p:
            continue
        throw = Throw(_throw(face, count))
        assert (throw.face, throw.count) == (face, count)
        play = engine.start()
        for n, (spot, stake) in enumerate(
            [(s, 500) for s in PIP]
            + [(f"like_kind_{k}", 500) for k in FIRST]
            + [("millionaire_9", 100), ("millionaire_10", 100)]
        ):
            _, play = engine.place(play, 1, f"w{n}", spot, stake)
        for s in engine.settle(play, throw).settlements:
            back[s.kind] = back.get(s.kind, Fraction(0)) + p * Fraction(s.returned, s.stake)
    rows = _rows()
    for wager, value in back.items():
        assert 1 - value == rows[wager].house_edge, wager


def test_the_engine_with_an_extra_roll_held_returns_the_calculations_figure() -> None:
    engine = _engine()
    back = {k: Fraction(0) for k in FIRST}
    for face, c1 in product(RANK, range(2, 11)):
        p = p_face_count(10, face, c1)
        if not p:
            continue
        play = engine.start()
        _, play = engine.place(play, 1, "pip", "pip_street_ace", 500)
        for k in FIRST:
            _, play = engine.place(play, 1, f"k{k}", f"like_kind_{k}", 500)
        _, play = engine.place(play, 1, "er", "extra_roll", 500)
        first = engine.settle(play, Throw(_throw(face, c1)))
        assert engine.continues(first.play)  # drawn whenever bought, even with nothing riding
        for s in first.settlements:
            if s.kind.startswith("like_kind_"):
                back[int(s.kind[10:])] += p * Fraction(s.returned, s.stake)
        other = next(f for f in RANK if f != face)
        for c2, q in again(c1).items():
            rethrown = (face,) * (c2 - c1) + (other,) * (10 - c2)
            values = rethrown + (other,) * c1  # ten dice drawn: the first 10 - c1 are re-thrown
            extra = engine.outcome_in(first.play, values)
            assert extra.count == c2 and Throw.parse(extra.text) == extra
            for s in engine.settle(first.play, extra).settlements:
                back[int(s.kind[10:])] += p * q * Fraction(s.returned, s.stake)
    for k, value in back.items():
        assert value == held_back(k), k


# --- the seat's rules ---------------------------------------------------------------------------------------


def test_one_unit_per_seat_pip_street_first_and_the_extra_roll_needs_like_kind() -> None:
    engine = _engine()
    play = engine.start()
    with pytest.raises(IllegalBetError, match="Pip Street wager is needed"):
        engine.place(play, 1, "a", "like_kind_4", 500)
    _, play = engine.place(play, 1, "a", "pip_street_six", 500)
    with pytest.raises(IllegalBetError, match="unit, 500"):
        engine.place(play, 1, "b", "pip_street_ace", 1000)
    with pytest.raises(IllegalBetError, match="needs a Like Kind"):
        engine.place(play, 1, "b", "extra_roll", 500)
    with pytest.raises(IllegalBetError, match="one wager per spot"):
        engine.place(play, 1, "b", "pip_street_six", 500)
    with pytest.raises(IllegalBetError):
        engine.place(play, 1, "b", "millionaire_9", 500)  # Millionaire Row takes only its $1
    _, play = engine.place(play, 1, "b", "like_kind_5", 500)
    _, play = engine.place(play, 1, "c", "extra_roll", 500)
    _, play = engine.place(play, 1, "d", "millionaire_9", 100)
    _, play = engine.place(play, 2, "e", "pip_street_two", 2500)  # another seat, its own unit
    assert engine.removable(play, 1, "like_kind_5") == ("b", "c")  # the last Like Kind cancels the Extra Roll
    assert engine.removable(play, 1, "pip_street_six") == ("a", "b", "c", "d")  # nothing plays without one
    assert engine.removable(play, 2, None) == ("e",)


def test_six_dice_offer_no_extra_roll_and_no_millionaire_row() -> None:
    engine = _engine("[high_roll]\ndice = 6\n")
    _, play = engine.place(engine.start(), 1, "a", "pip_street_ace", 200)
    for spot in ("extra_roll", "millionaire_9", "like_kind_7"):
        with pytest.raises(IllegalBetError, match="not a spot"):
            engine.place(play, 1, "b", spot, 200)
    _, play = engine.place(play, 1, "b", "like_kind_no_match", 200)
    done = engine.settle(play, Throw((3, 1, 4, 6, 5, 2)))  # no match: Pip Street goes to the ace
    assert [(s.kind, s.returned) for s in done.settlements] == [
        ("pip_street_ace", 600),
        ("like_kind_no_match", 12_200),
    ]
    assert not engine.continues(done.play)


def test_nine_of_a_kind_wins_no_circle_and_the_nine_circle_does_not_win_on_ten() -> None:
    engine = _engine()
    play = engine.start()
    for n, (spot, stake) in enumerate(
        (("pip_street_four", 500), ("like_kind_8", 500), ("millionaire_9", 100), ("millionaire_10", 100))
    ):
        _, play = engine.place(play, 1, f"w{n}", spot, stake)
    nine = {s.kind: s.returned for s in engine.settle(play, Throw((4,) * 9 + (2,))).settlements}
    assert nine == {
        "pip_street_four": 3000,
        "like_kind_8": 0,
        "millionaire_9": 5_000_100,
        "millionaire_10": 0,
    }
    ten = {s.kind: s.returned for s in engine.settle(play, Throw((4,) * 10)).settlements}
    assert ten["millionaire_9"] == 0 and ten["millionaire_10"] == 100_000_100 and ten["like_kind_8"] == 0


# --- a real table: the lock, the two throws, restarts between them ------------------------------------

BASE = "[table]\ngame = high_roll\nseats = 6\n"
FIRST_THROW = (5, 5, 5, 2, 3, 4, 6, 1, 2, 3)  # three 5s (2s and 3s twice)
REST = (5, 5, 1, 2, 3, 6, 4, 4, 4, 4)  # the first seven re-thrown: two more 5s, c2 = 5


def _table(tmp_path: Path, *throws: tuple[int, ...]) -> Any:
    from tests.table.harness import make_config, scripted_table

    table = scripted_table(make_config(tmp_path, BASE), *throws)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.cashier.bill_stacked(2, 10_000)
    for spot in ("pip_street_five", "like_kind_3", "like_kind_5", "like_kind_6", "extra_roll"):
        table.wagers.place(1, spot, 500)
    table.wagers.place(2, "pip_street_ace", 500)
    table.wagers.place(
        2, "like_kind_5", 500
    )  # no Extra Roll at seat 2: its 5 circle loses on the first throw
    return table


def test_the_extra_roll_is_a_round_of_its_own_with_no_window_and_no_wagers(tmp_path: Path) -> None:
    table = _table(tmp_path, FIRST_THROW, REST)
    first = table.play_round()
    assert first.text == "5-5-5-2-3-4-6-1-2-3"
    paid = sorted((s.kind, s.returned) for s in first.settlements)
    assert paid == [("extra_roll", 0), ("like_kind_3", 800), ("like_kind_5", 0), ("pip_street_ace", 0),
                    ("pip_street_five", 2500)]  # fmt: skip
    assert table.cashier.credits(1) == 10_000 - 2500 + 2500 + 800
    table.open_round()
    assert table.deadline <= table.clock.monotonic() and table.window_over()  # no betting window
    with pytest.raises(ValueError, match="extra roll is still to be thrown"):
        table.wagers.place(2, "pip_street_two", 500)
    riding = {line.spot for line in table.wagers.wagers_of(1)}
    assert riding == {"like_kind_5", "like_kind_6"}
    second = table.play_round()
    assert second.text == "5x3:5-5-1-2-3-6-4"
    assert sorted((s.kind, s.returned) for s in second.settlements) == [
        ("like_kind_5", 1500),
        ("like_kind_6", 0),
    ]
    assert table.cashier.credits(1) == 10_000 - 2500 + 2500 + 800 + 1500
    table.open_round()
    assert table.deadline > table.clock.monotonic()  # the next round's window is a whole one again


def test_a_restart_between_the_two_throws_resumes_the_set_aside_dice(tmp_path: Path) -> None:
    from tests.table.harness import reopen

    before = _table(tmp_path, FIRST_THROW)
    before.play_round()  # settled and persisted with the dice set aside; the process dies here
    after = reopen(before, REST)
    assert after.start() is None
    assert after.driver.continues() and after.window_over()
    view = after.driver.view(None)
    assert (view.aside_face, view.aside_count, view.first) == (5, 3, "5-5-5-2-3-4-6-1-2-3")
    assert {line.spot for line in after.wagers.wagers_of(1)} == {"like_kind_5", "like_kind_6"}
    lines = after.driver.wagers_of(1)  # standing, each carrying the dice set aside (the seat shows them)
    assert all(line.standing and line.marks == (5, 5, 5) for line in lines) and len(lines) == 2
    second = after.play_round()
    assert second.text == "5x3:5-5-1-2-3-6-4"
    assert after.cashier.credits(1) == 10_000 - 2500 + 2500 + 800 + 1500


def test_a_restart_after_the_extra_roll_is_persisted_settles_it_never_redraws(tmp_path: Path) -> None:
    from terminal.table.phases import Phase
    from tests.table.harness import reopen

    before = _table(tmp_path, FIRST_THROW, REST)
    before.play_round()
    before.open_round()
    before.phase = Phase.LOCKED
    before._draw()  # the extra roll is durable; the process dies before settling it
    after = reopen(before)  # nothing scripted: a redraw would fail the test
    report = after.start()
    assert report is not None and report.text == "5x3:5-5-1-2-3-6-4"
    assert sorted((s.kind, s.returned) for s in report.settlements) == [
        ("like_kind_5", 1500),
        ("like_kind_6", 0),
    ]
    assert not after.driver.continues() and after.deadline > after.clock.monotonic()


def test_the_extra_roll_bought_with_nothing_riding_is_still_thrown(tmp_path: Path) -> None:
    from tests.table.harness import make_config, scripted_table

    table = scripted_table(make_config(tmp_path, BASE), FIRST_THROW, REST)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    for spot in ("pip_street_two", "like_kind_2", "extra_roll"):
        table.wagers.place(1, spot, 500)
    table.play_round()
    table.open_round()
    assert table.driver.continues()
    assert table.play_round().settlements == ()


# --- the simulation's two loops -----------------------------------------------------------------------------


def test_the_simulations_fast_loop_gives_the_plain_loops_sums() -> None:
    from rng import HealthParameters
    from terminal.lab.simulate_seed import make_rng
    from terminal.sims import simulate_high_roll as sim

    for text in ("", "[high_roll]\ndice = 6\n"):
        plan = sim.high_roll_plan(config.loads(text), "high_roll")
        runs = []
        for play in (sim.play_plain, sim.play_fast):
            rng = make_rng(
                b"\x01", "high_roll", 0, "ctr_drbg_aes256", 100_000, HealthParameters(min_entropy=8)
            )
            runs.append(play(plan, 3_000, rng))
        assert runs[0] == runs[1]
        keys = {key for key, _ in runs[0].tallies}
        riding = {f"{w}:held" for w, _ in plan.held if w.startswith("like_kind_") and w != "like_kind_8"}
        assert keys == {w for w, _ in plan.alone} | ({"extra_roll"} if plan.held else set()) | riding
        assert bool(riding) == bool(plan.held) and (not riding or len(riding) == 6)


def test_the_riding_circles_are_tallied_against_their_edge_with_an_extra_roll_held() -> None:
    """Seat 2's circles, tallied as ``like_kind_k:held``, meet this test's own held figure (``held_back``,
    the die-by-die chain), through the PAR row the report reads; six dice have no such key."""
    from terminal.lab.simulate_report import par_rtps

    par = par_rtps(config.loads(""), "high_roll")
    assert {k: par[f"like_kind_{k}:held"] for k in FIRST} == {k: held_back(k) for k in FIRST}
    assert {k: par[f"like_kind_{k}"] for k in FIRST} != {k: held_back(k) for k in FIRST}
    assert not [k for k in par_rtps(config.loads("[high_roll]\ndice = 6\n"), "high_roll") if ":" in k]


# --- the faces: the seat layout, the display's reveal rule, a headless table --------------------------------

SIZES = ((1920, 1080), (1024, 768), (2560, 1080))


@pytest.mark.parametrize("dice", [10, 6])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_offered_spot_is_a_touch_area_of_its_own(size: tuple[int, int], dice: int) -> None:
    import itertools

    from terminal.net import messages as m
    from terminal.seat import layout_port
    from terminal.seat.theme import Frame

    setup = game("high_roll").setup(ConfigSettings(config.loads(f"[high_roll]\ndice = {dice}\n")))
    wagers = tuple(m.OfferedWager(o.kind, o.paytable, 100, 50_000, 100) for o in setup.offered)
    offer = m.Offer("high_roll", wagers, tuple(m.RuleView(k, v) for k, v in setup.house_rules))
    frame = Frame.of(*size)
    limits = m.LimitsView(100, 50_000, 250_000, 100)
    state = m.TableState("high_roll", 1, "open", 20_000, limits, (100, 500), "USD", 1, "Keystone Casino",
                         "T-01", 6, setup.variant, False)  # fmt: skip
    layout = layout_port.make_layout(state, offer, frame.layout, frame.touch)
    areas = layout.areas()
    assert {a.spot for a in areas} == {o.kind for o in setup.offered}
    for a in areas:
        assert min(a.rect.size) >= frame.touch and frame.layout.contains(a.rect)
        assert layout.hit(a.rect.center) == a.spot
    for a, b in itertools.combinations(areas, 2):
        assert not a.rect.colliderect(b.rect), (a.spot, b.spot)


def _faces(pose: Any) -> list[int]:
    return sorted([d.face for d in pose.tray] + [d.face for d in pose.boxed])


def test_the_display_shows_nothing_of_a_throw_before_its_reveal_time() -> None:
    from terminal.display import high_roll_stage as stage

    firsts = ("5-5-5-2-3-4-6-1-2-3", "1-1-1-1-1-1-1-1-1-1", "2-3-4-5-6-2-3-4-5-6")
    extras = ("5x3:5-5-1-2-3-6-4", "5x3:1-1-1-1-1-1-1", "5x3:5-5-5-5-5-5-5")
    reveal = game("high_roll").reveal_seconds(firsts[0])
    assert (
        stage.SETTLE_S
        == reveal
        == game("high_roll").reveal_seconds(extras[0])
        <= game("high_roll").show_seconds
    )
    for k in range(int(reveal / 0.05)):
        t = 10.0 + k * 0.05
        for outcomes in (firsts, extras):
            poses = {stage.pose_at(o, 10.0, firsts[0], t) for o in outcomes}
            assert len(poses) == 1, (t, outcomes)  # the same picture whatever the throw
    rest = stage.pose_at(firsts[0], 10.0, None, 10.0 + reveal)
    assert _faces(rest) == sorted(Throw.parse(firsts[0]).dice) and rest.lit == ("box_5",)
    moved = stage.pose_at(firsts[0], 10.0, None, 10.0 + reveal + 1.0)
    assert [d.face for d in moved.boxed] == [5, 5, 5] and 5 not in [d.face for d in moved.tray]
    extra = stage.pose_at(extras[0], 10.0, None, 10.0 + reveal + 1.0)
    assert [d.face for d in extra.boxed] == [5] * 5 and sorted(d.face for d in extra.tray) == [1, 2, 3, 4, 6]
    before = stage.pose_at(extras[0], 10.0, None, 10.5)
    assert [d.face for d in before.boxed] == [5, 5, 5] and len(before.tray) == 7  # the set-aside group


@pytest.mark.slow
def test_a_headless_table_plays_high_roll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from terminal.games.high_roll.rules import WAGERS
    from tests.support.cli import run_cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "kiosk.cfg").write_text("[table]\ngame = high_roll\nseats = 6\nport = 0\n", encoding="utf-8")
    ran = run_cli(["run", "--config", "kiosk.cfg", "--headless", "--rounds", "8", "--seed", "5eed"], capsys)
    assert ran.status == 0, ran.err
    assert "ledger verify  OK" in ran.out
    summary = json.loads(next((tmp_path / "var" / "lab").glob("headless-summary.json")).read_text())
    assert summary["rounds"] == 8 and summary["audit"] == [] and summary["rtp"]
    assert set(summary["rtp"]) <= set(WAGERS)


def test_a_high_roll_table_has_at_most_six_seats_and_ten_or_six_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.cli import run_cli

    config.loads("[table]\ngame = high_roll\nseats = 6\n")
    with pytest.raises(config.ConfigError, match="at most 6"):
        config.loads("[table]\ngame = high_roll\nseats = 7\n")
    config.loads("[table]\ngame = sicbo\nseats = 8\n")  # the rule is High Roll's alone
    with pytest.raises(config.ConfigError, match="10 or 6"):
        config.loads("[high_roll]\ndice = 8\n")
    path = tmp_path / "kiosk.cfg"
    path.write_text("[table]\ngame = high_roll\nseats = 6\n[high_roll]\ndice = 7\n", encoding="utf-8")
    ran = run_cli(["par-sheet", "--config", str(path)], capsys)
    assert ran.status != 0 and "10 or 6" in ran.err and "Traceback" not in ran.err
    assert "kiosk.cfg:5: [high_roll] dice = '7': must be 10 or 6" in ran.err  # the line, the key, why
