"""Three Dice Football (§ 661a, GAMES.md §6.1): the edges of GAMES.md reproduced to the fraction by an
independent calculation (the rules and the paytable retyped here from GAMES.md, a recursion over the drive
written apart from the engine's settlement code), every single-play wager on every one of the 216
throws, the drive's rules, the lifecycle's settlement order, the extra point roll, and the drive carried
across restarts of a real table (ledger, RNG)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from terminal import config
from terminal.config.game_rules import ConfigSettings
from terminal.games.base import IllegalBetError
from terminal.games.registry import game
from terminal.games.tdf.engine import TdfEngine, TdfPlay
from terminal.games.tdf.rules import Throw, make_rules

# --- GAMES.md §6.1, retyped ----------------------------------------------------------------------------

THROWS = list(itertools.product(range(1, 7), repeat=3))  # green, green, red
EDGE_PERCENT = {
    "touchdown": "3.62", "defense": "6.74", "extra_point": "6.07", "quick_strike": "5.48",
    "game_changer": "3.80", "game_length_1": "4.17", "game_length_2": "6.78", "game_length_3": "8.03",
    "game_length_4": "7.44", "game_length_5": "12.43", "game_length_6": "11.39", "trips_td": "13.89",
    "penalty": "7.41", "turnover": "15.28", "cover_three": "3.70", "no_gain": "2.78", "big_play": "5.09",
    "over_four_yards": "4.63", "under_four_yards": "2.78",
}  # fmt: skip
P_TD = Fraction(12235777029059, 25389989167104)  # GAMES.md: P(TD or Trips TD)
BASE = "[table]\ngame = tdf\n"


def _kind(g1: int, g2: int, r: int) -> str:
    if g1 == g2 == r:
        return "trips"
    if r == 6 and g1 + g2 in (2, 3):
        return "turnover"
    o = g1 + g2
    return "gain" if o > r else "penalty" if o < r else "none"


def replay_drive(throws: list[tuple[int, ...]]) -> tuple[str, int]:
    """How a game starting at the 20 on ``throws[0]`` ends (``td``, ``trips``, ``turnover``, ``downs``) and
    after how many plays, by GAMES.md's rules (the kill test replays the ledger's throws with it)."""
    yard, goal, down = 20, False, 1
    for play, t in enumerate(throws, start=1):
        k = _kind(t[0], t[1], t[2])
        if k in ("trips", "turnover"):
            return k, play
        yard -= t[0] + t[1] - t[2] if k == "gain" else (-1 if k == "penalty" else 0)
        if yard <= 0:
            return "td", play
        if not goal and yard <= 10:
            goal, down = True, 1
        elif down == 3:
            return "downs", play
        else:
            down += 1
    raise AssertionError(f"the drive has not ended after {len(throws)} throws")


def test_the_replay_of_the_kill_test_agrees_with_the_recursion() -> None:
    """``replay_drive`` (used on the ledger's throws) and ``_ends`` are two writings of one rule: every
    game of up to six throws replayed ends as often as the recursion says (sampled: 20,000 games)."""
    import random

    rng = random.Random(30)
    counts: dict[tuple[str, int], int] = {}
    for _ in range(20_000):
        throws = [tuple(rng.randint(1, 6) for _ in range(3)) for _ in range(6)]
        key = replay_drive(throws)
        key = ("defense" if key[0] == "downs" else key[0], key[1])
        counts[key] = counts.get(key, 0) + 1
    for key, p in _ends(20, False, 1, 1).items():
        assert abs(counts.get(key, 0) / 20_000 - float(p)) < 0.012, key


def _single_profit(wager: str, t: tuple[int, int, int]) -> Fraction:
    """What one unit on a single-play ``wager`` wins (or -1) on throw ``t``, by GAMES.md's table."""
    k, y = _kind(*t), t[0] + t[1] - t[2]
    wins = {
        "trips_td": (k == "trips", 30),
        "penalty": (k in ("penalty", "turnover"), 9),
        "turnover": (k == "turnover", 60),
        "cover_three": (k in ("trips", "penalty", "turnover"), 7),
        "no_gain": (k != "trips" and y <= 0, 5),
        "big_play": (k == "trips" or y >= 7, 4),
        "under_four_yards": (k != "trips" and y <= 3, 1),
    }
    if wager == "over_four_yards":
        return Fraction(7) if k == "trips" else Fraction(1) if y >= 5 else Fraction(-1)
    won, pays = wins[wager]
    return Fraction(pays) if won else Fraction(-1)


@cache
def _ends(yard: int, goal: bool, down: int, play: int) -> dict[tuple[str, int], Fraction]:
    """From a drive state: the chance of each (how the game ends, plays it lasts). A recursion written
    apart from the engine: a game starts at the 20, TD on reaching the 0, & Goal on the first down on
    the 10 or closer, a penalty backs one yard, three downs a series."""
    out: dict[tuple[str, int], Fraction] = {}

    def add(key: tuple[str, int], p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    for t in THROWS:
        k, p = _kind(*t), Fraction(1, 216)
        if k == "trips":
            add(("trips", play), p)
            continue
        if k == "turnover":
            add(("turnover", play), p)
            continue
        moved = t[0] + t[1] - t[2] if k == "gain" else (-1 if k == "penalty" else 0)
        at = yard - moved
        if at <= 0:
            add(("td", play), p)
            continue
        if not goal and at <= 10:
            nxt = (at, True, 1)
        elif down == 3:
            add(("defense", play), p)
            continue
        else:
            nxt = (at, goal, down + 1)
        for key, q in _ends(nxt[0], nxt[1], nxt[2], play + 1).items():
            add(key, p * q)
    return out


def _full_return(wager: str) -> Fraction:
    """What one unit on a full-game ``wager`` returns, stake included, by GAMES.md's table."""
    ends = _ends(20, False, 1, 1)
    scored = {
        n: sum((p for (e, m), p in ends.items() if e in ("td", "trips") and m == n), Fraction(0))
        for n in range(1, 7)
    }
    td = sum(scored.values(), Fraction(0))
    if wager == "touchdown":
        return 2 * td
    if wager == "defense":
        return (1 - td) * Fraction(9, 5)
    if wager == "extra_point":
        ones = {n: sum(1 for t in THROWS if t.count(1) == n) for n in (1, 2, 3)}
        others = sum(1 for t in THROWS if len(set(t)) == 1 and t[0] != 1)
        per = Fraction(2 * ones[1] + 11 * ones[2] + 51 * ones[3] + 11 * others, 216)
        return td * per
    if wager == "quick_strike":
        return 9 * scored[1] + 6 * scored[2] + 4 * scored[3] + 2 * scored[4]
    if wager == "game_changer":
        return 6 * sum((p for (e, _), p in ends.items() if e in ("trips", "turnover")), Fraction(0))
    n = int(wager[-1])
    pays = {1: 22, 2: 22, 3: Fraction(6, 5), 4: 5, 5: 3, 6: 6}[n]
    lasted = sum((p for (_, m), p in ends.items() if m == n), Fraction(0))
    return (1 + pays) * lasted


def _pct(edge: Fraction) -> str:
    return f"{float(edge * 100):.2f}"


def _rows() -> dict[str, Any]:
    rows = game("tdf").par_rows(ConfigSettings(config.loads(BASE)), all_paytables=True)
    return {r.wager: r for r in rows}


# --- the edges --------------------------------------------------------------------------------------------


def test_the_chance_of_a_touchdown_is_gamesmd_fraction_exactly() -> None:
    ends = _ends(20, False, 1, 1)
    assert sum(ends.values(), Fraction(0)) == 1
    assert sum((p for (e, _), p in ends.items() if e in ("td", "trips")), Fraction(0)) == P_TD
    assert max(m for _, m in ends) == 6 and min(m for _, m in ends) == 1


@pytest.mark.parametrize("wager", list(EDGE_PERCENT))
def test_every_par_edge_is_reproduced_to_the_fraction_and_matches_gamesmd(wager: str) -> None:
    row = _rows()[wager]
    if wager in ("trips_td", "penalty", "turnover", "cover_three", "no_gain", "big_play", "over_four_yards",
                 "under_four_yards"):  # fmt: skip
        edge = -sum((_single_profit(wager, t) for t in THROWS), Fraction(0)) / 216
    else:
        edge = 1 - _full_return(wager)
    assert row.house_edge == edge, (wager, row.house_edge, edge)
    assert _pct(edge) == EDGE_PERCENT[wager], wager
    assert row.game == "tdf" and row.paytable == "standard"


def test_a_par_sheet_names_every_wager_once() -> None:
    assert list(_rows()) == list(game("tdf").wagers) == list(EDGE_PERCENT)


# --- the engine against the retyped rules --------------------------------------------------------------


def _engine() -> TdfEngine:
    return TdfEngine(make_rules())


def _place(engine: TdfEngine, play: TdfPlay, *spots: str, stake: int = 100, seat: int = 1) -> TdfPlay:
    for n, spot in enumerate(spots):
        _, play = engine.place(play, seat, f"{spot}-{seat}-{n}", spot, stake)
    return play


SINGLES = ("trips_td", "penalty", "turnover", "cover_three", "no_gain", "big_play", "over_four_yards",
           "under_four_yards")  # fmt: skip


@pytest.mark.parametrize("throw", THROWS, ids=lambda t: "-".join(map(str, t)))
def test_every_single_play_wager_settles_each_throw_as_gamesmd_says(throw: tuple[int, int, int]) -> None:
    engine = _engine()
    play = _place(engine, engine.start(), *SINGLES, stake=500)
    settled = engine.settle(play, Throw(throw))
    by_kind = {s.kind: s for s in settled.settlements}
    assert set(by_kind) == set(SINGLES)
    for wager in SINGLES:
        assert by_kind[wager].net == 500 * _single_profit(wager, throw), wager


def _run(engine: TdfEngine, play: TdfPlay, *throws: tuple[int, int, int]) -> tuple[TdfPlay, list[Any]]:
    out = []
    for t in throws:
        settled = engine.settle(play, Throw(t))
        out.append(settled.settlements)
        play = settled.play
    return play, out


def test_a_drive_goes_to_first_and_goal_at_the_ten_and_a_penalty_there_does_not_lose_it() -> None:
    engine = _engine()
    play, _ = _run(engine, engine.start(), (5, 6, 1))  # +10 from the 20: 1st & Goal on the 10
    assert (play.drive.yard, play.drive.goal, play.drive.down, play.drive.play) == (10, True, 1, 2)
    play, _ = _run(engine, play, (1, 1, 4))  # penalty: back to the 11, still & Goal, 2nd down
    assert (play.drive.yard, play.drive.goal, play.drive.down, play.drive.play) == (11, True, 2, 3)
    play, _ = _run(engine, play, (2, 2, 4))  # no gain: 3rd & Goal
    assert (play.drive.yard, play.drive.down) == (11, 3)


def test_a_touchdown_is_scored_on_reaching_the_zero_and_quick_strike_pays_by_the_play() -> None:
    engine = _engine()
    play = _place(engine, engine.start(), "touchdown", "defense", "quick_strike", "game_length_2",
                  "game_changer")  # fmt: skip
    play, _ = _run(engine, play, (6, 6, 2))  # +10: 1st & Goal on the 10
    play, (done,) = _run(engine, play, (6, 5, 1))  # +10 exactly: on the 0, a TD on play 2
    got = [(s.kind, s.result.value, s.returned, s.entry) for s in done]
    assert got == [
        ("defense", "lose", 0, "defense"),  # collected first (§ 661a.6(f)(1)(i))
        ("quick_strike", "win", 600, "quick_strike_2"),  # 5 to 1 on play 2
        ("game_changer", "lose", 0, "game_changer"),
        ("game_length_2", "win", 2_300, "game_length_2"),
        ("touchdown", "win", 200, "touchdown"),  # no Extra Point in play: paid at once
    ]
    assert play == TdfPlay(last=play.last) and play.last.end == "td"


def test_the_extra_point_roll_is_its_own_throw_and_pays_touchdown_with_it() -> None:
    engine = _engine()
    play = _place(engine, engine.start(), "touchdown", "extra_point", "trips_td")
    play = _place(engine, play, "extra_point", seat=2)
    play, (done,) = _run(engine, play, (4, 4, 4))  # Trips TD on play 1
    assert [(s.kind, s.result.value) for s in done] == [("trips_td", "win")]  # TD and XP wait
    assert play.extra and play.drive.play == 1
    with pytest.raises(IllegalBetError, match="extra point roll is next"):
        engine.place(play, 1, "x", "trips_td", 100)
    with pytest.raises(IllegalBetError, match="extra point roll is next"):
        engine.place(play, 3, "y", "touchdown", 100)
    play, (roll,) = _run(engine, play, (1, 5, 1))  # exactly two 1s: 10 to 1
    assert [(s.kind, s.result.value, s.returned) for s in roll] == [
        ("touchdown", "win", 200), ("extra_point", "win", 1_100), ("extra_point", "win", 1_100)]  # fmt: skip
    assert not play.extra and play.drive.play == 1 and engine.wagers_of(play, 1) == ()
    # the next game's first down takes full-game wagers again
    assert engine.place(play, 1, "z", "touchdown", 100)[0].kind == "touchdown"


@pytest.mark.parametrize(("roll", "returned"), [((1, 2, 3), 200), ((1, 1, 1), 5_100), ((6, 6, 6), 1_100),
                                                 ((2, 3, 4), 0), ((1, 1, 5), 1_100)])  # fmt: skip
def test_the_extra_point_roll_pays_by_its_ones(roll: tuple[int, int, int], returned: int) -> None:
    engine = _engine()
    play = _place(engine, engine.start(), "extra_point")
    play, _ = _run(engine, play, (2, 2, 2))
    _, (settled,) = _run(engine, play, roll)
    assert [s.returned for s in settled] == [returned]


def test_a_game_not_scored_collects_touchdown_and_extra_point_first_and_pays_defense() -> None:
    engine = _engine()
    play = _place(engine, engine.start(), "touchdown", "extra_point", "defense", "game_changer",
                  "game_length_1", "penalty")  # fmt: skip
    play, (done,) = _run(engine, play, (1, 1, 6))  # a turnover on play 1
    assert [(s.kind, s.result.value, s.returned) for s in done] == [
        ("touchdown", "lose", 0), ("extra_point", "lose", 0), ("defense", "win", 180),
        ("penalty", "win", 1_000), ("game_changer", "win", 600), ("game_length_1", "win", 2_300)]  # fmt: skip
    assert not play.extra


def test_a_series_that_runs_out_of_downs_ends_the_game_for_the_defense() -> None:
    engine = _engine()
    play = _place(engine, engine.start(), "defense", "game_length_3", "quick_strike")
    play, out = _run(engine, play, (1, 2, 3), (2, 2, 5), (3, 1, 4))  # no gain, penalty, no gain
    assert out[0] == () and out[1] == ()
    assert [(s.kind, s.result.value) for s in out[2]] == [
        ("defense", "win"), ("quick_strike", "lose"), ("game_length_3", "win")]  # fmt: skip
    assert play.last.yard == 21 and play.last.end == "downs"


def test_full_game_wagers_are_taken_before_the_first_down_only_and_fixed_from_its_lock() -> None:
    engine = _engine()
    play = _place(engine, engine.start(), "touchdown", "no_gain")
    assert engine.removable(play, 1, None) == ("no_gain-1-1", "touchdown-1-0")
    play, _ = _run(engine, play, (3, 1, 2))  # +2: the game goes on
    with pytest.raises(IllegalBetError, match="wait for the next game"):
        engine.place(play, 2, "late", "touchdown", 100)  # a seat arriving mid-game waits
    play = _place(engine, play, "big_play")  # single-play wagers before any down
    assert engine.removable(play, 1, None) == ("big_play-1-0",)  # the Touchdown wager is fixed
    assert engine.removable(play, 1, "touchdown") == ()
    assert [(w.spot, w.standing) for w in engine.wagers_of(play, 1)] == [
        ("touchdown", True),
        ("big_play", False),
    ]


def test_a_snapshot_restores_the_drive_and_every_wager_exactly() -> None:
    from terminal.games.seam import Placement

    engine = _engine()
    play = _place(engine, engine.start(), "touchdown", "game_length_4")
    play, _ = _run(engine, play, (3, 3, 1), (1, 1, 3))  # +5 to the 15, then a penalty to the 16
    play = _place(engine, play, "over_four_yards")
    pending = [
        Placement(b.ref, b.seat, b.spot, b.spot, b.paytable, b.stake) for b in (*play.full, *play.single)
    ]
    restored = engine.restore(engine.snapshot(play), pending)
    assert restored == play and restored.drive.yard == 16 and restored.drive.down == 3
    assert engine.view(restored, None) == engine.view(play, None)


def test_the_window_before_a_down_after_the_first_is_down_seconds() -> None:
    c = config.loads(BASE + "betting_seconds = 20\n[tdf]\ndown_seconds = 7\n")
    setup = game("tdf").setup(ConfigSettings(c))
    engine, window = setup.engine, setup.window
    assert window is not None
    play = engine.start()
    assert window(play, 20) == 20
    play = engine.settle(play, Throw((2, 2, 1))).play
    assert window(play, 20) == 7


def test_down_seconds_out_of_range_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="down_seconds"):
        config.loads(BASE + "[tdf]\ndown_seconds = 3\n")


# --- a real table: the drive across restarts ---------------------------------------------------------


def test_a_drive_and_its_full_game_wagers_survive_a_restart_at_every_down(tmp_path: Path) -> None:
    from tests.table.harness import make_config, reopen, scripted_table

    throws = ((3, 3, 1), (1, 1, 3), (6, 5, 2), (2, 2, 4), (6, 6, 1))  # 15, 16, 1st & Goal on the 7, 8, TD
    table = scripted_table(make_config(tmp_path, BASE), throws[0])
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "touchdown", 500)
    table.wagers.place(1, "game_length_5", 100)
    table.play_round()
    table.open_round()
    for n, t in enumerate(throws[1:], start=2):
        table = reopen(table, t)  # a new process on the same ledger, between every two downs
        table.start()
        view = table.driver.view(None)
        assert view.play == n and [w.spot for w in table.wagers.wagers_of(1)] == [
            "touchdown",
            "game_length_5",
        ]
        table.wagers.place(1, "no_gain", 100)
        report = table.play_round()
        table.open_round()
    got = {s.kind: (s.result.value, s.returned) for s in report.settlements}
    assert got == {"touchdown": ("win", 1_000), "game_length_5": ("win", 400), "no_gain": ("lose", 0)}
    assert table.ledger.pending() == [] and table.ledger.audit() == []
    assert table.cashier.credits(1) == 10_000 - 600 - 400 + 1_000 + 400 + 2 * 600  # no_gain won twice: 16, 8


def test_a_restart_in_a_window_keeps_the_drive_and_the_wagers_of_that_window(tmp_path: Path) -> None:
    from tests.table.harness import make_config, reopen, scripted_table

    table = scripted_table(make_config(tmp_path, BASE), (6, 6, 2))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "defense", 500)
    table.play_round()  # +10: 1st & Goal on the 10
    table.open_round()
    table.wagers.place(1, "turnover", 100)  # placed in the window, then the power goes
    after = reopen(table, (1, 2, 6))
    after.start()
    view = after.driver.view(None)
    assert (view.yard, view.goal, view.down, view.play) == (10, True, 1, 2)
    report = after.play_round()  # a turnover
    got = {s.kind: (s.result.value, s.returned) for s in report.settlements}
    assert got == {"defense": ("win", 900), "turnover": ("win", 6_100)}


# --- what the screens say --------------------------------------------------------------------------------


def test_the_seat_says_a_down_a_touchdown_and_the_extra_point_roll_in_words() -> None:
    from terminal.i18n import load_catalogue
    from terminal.seat.marks import marks_of

    engine = _engine()
    words = marks_of("tdf").words
    assert words is not None
    play = _place(engine, engine.start(), "extra_point")
    seen = []
    for throw in ((5, 2, 3), (6, 6, 2), (5, 6, 1), (1, 4, 1)):  # +4 to the 16, +10 to the 6 (& Goal), TD, XP
        play = engine.settle(play, Throw(throw)).play
        text = "-".join(map(str, throw))
        seen.append(words(text, engine.view(play, Throw(throw))))
    assert [key for key, _ in seen] == ["outcome.tdf_gain", "outcome.tdf_gain", "outcome.tdf_touchdown",
                                        "outcome.tdf_extra_point"]  # fmt: skip
    assert seen[0][1]["yards"] == "4" and seen[3][1]["ones"] == "2"
    english, spanish = load_catalogue("en"), load_catalogue("es")
    assert english.text(*seen[0][:1], **seen[0][1]) == "5 + 2 against 3: GAIN OF 4"
    assert spanish.text(seen[3][0], **seen[3][1]) == "1 4 1: TIRADA DEL PUNTO EXTRA, 2 × 1"
