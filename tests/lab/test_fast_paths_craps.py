"""Differential checks of the craps hot-path rewrites against the obvious code they replaced."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from terminal import config
from terminal.games.base import IllegalBetError, Result, Settlement
from terminal.games.craps.actions import (
    _OPTIONAL,
    _STEPPED,
    _TIMED,
    _check_amount,
    _check_offered,
    _check_time,
    place,
)
from terminal.games.craps.records import (
    _NUMBERED,
    _PLAIN,
    HOPS,
    HORN_NUMBERS,
    POINTS,
    Roll,
    Spot,
    TableState,
    Wager,
)
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import _record, settle
from terminal.sims.simulate_craps import CrapsEntry, CrapsPlan, entries, place_wanted
from terminal.sims.simulate_plan import craps_plan

ALL_SPOTS = (
    *_PLAIN,
    *(f"{kind}_{n}" for kind, numbers in _NUMBERED.items() for n in numbers),
    *(f"hop_{a}_{b}" for a, b in HOPS),
    *(f"horn_high:{n}" for n in HORN_NUMBERS),
)
PLAN = craps_plan(config.load(Path(__file__).resolve().parents[2] / "kiosk.cfg"))
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))
STRATEGY = (
    ("pass", 1000), ("pass_odds", 3000), ("come", 1000), ("come_odds_6", 2000), ("come_odds_4", 2000),
    ("place_8", 1200), ("field", 500), ("hard_6", 100), ("horn", 400), ("fire", 100), ("all_small", 100),
    ("lucky_shooter", 100), ("dont_pass", 1000), ("dont_pass_odds", 2000), ("lay_4", 4000), ("buy_10", 2500),
)  # fmt: skip


def _old_next_state(state: TableState, roll: Roll) -> TableState:
    total = roll.total
    marks = () if total == 7 else tuple(sorted({*state.bonus_marks, total}))
    rolls = state.rolls + 1
    if state.point is None:
        point = total if total in POINTS else None
        return replace(state, point=point, new_shooter=False, bonus_marks=marks, rolls=rolls)
    if total == state.point:
        made = tuple(sorted({*state.fire_points, total}))
        return replace(state, point=None, fire_points=made, bonus_marks=marks, rolls=rolls)
    if total == 7:
        return TableState(shooter=state.shooter + 1, rolls=rolls)
    return replace(state, bonus_marks=marks, rolls=rolls)


def _old_wanted(entry: CrapsEntry, state: TableState, flats: set[tuple[str, int | None]], held: set[str],
                serial: int) -> Wager | None:  # fmt: skip
    when, kind = entry.when, entry.spot.kind
    if when == "point":
        return None if state.point is None else Wager(f"{entry.ref}#{serial}", 1, entry.spot, entry.amount)
    if entry.ref in held:
        return None
    if when == "always":
        return Wager(entry.ref, 1, entry.spot, entry.amount)
    if when == "come_out":
        return Wager(entry.ref, 1, entry.spot, entry.amount) if state.point is None else None
    if when == "new_shooter":
        return Wager(entry.ref, 1, entry.spot, entry.amount) if state.new_shooter else None
    flat = kind.removesuffix("_odds")
    number = state.point if kind in ("pass_odds", "dont_pass_odds") else entry.spot.number
    wanted = (flat, None) if kind in ("pass_odds", "dont_pass_odds") else (flat, number)
    if number is None or wanted not in flats:
        return None
    amount = dict(entry.amounts).get(number, 0)
    return Wager(entry.ref, 1, entry.spot, amount) if amount else None


def _old_place_wanted(plan: CrapsPlan, state: TableState, wagers: tuple[Wager, ...],
                      serial: int) -> tuple[tuple[Wager, ...], int, int]:  # fmt: skip
    held = {w.ref for w in wagers}
    flats = {(w.spot.kind, w.number) for w in wagers}
    refused = 0
    for entry in plan.entries:
        wager = _old_wanted(entry, state, flats, held, serial)
        if wager is None:
            continue
        serial += 1
        try:
            wagers = (*wagers, place(state, wagers, wager, plan.rules))
        except IllegalBetError:
            refused += 1
    return wagers, serial, refused


def _old_order(settled: list[Settlement]) -> tuple[Settlement, ...]:
    rank = {Result.LOSE: 0, Result.PUSH: 1, Result.WIN: 2}
    return tuple(sorted(settled, key=lambda s: rank[s.result]))  # a stable sort


@given(st.lists(DICE, max_size=120), st.booleans())
def test_strategy_loop_is_the_obvious_one(dice: list[tuple[int, int]], from_config: bool) -> None:
    plan = PLAN if from_config else CrapsPlan(CrapsRules(bonus_paytable="2"), entries(STRATEGY))
    state, wagers, serial = TableState(), (), 0
    old_state, old_wagers, old_serial = TableState(), (), 0
    for a, b in dice:
        wagers, serial, refused = place_wanted(plan, state, wagers, serial)
        old_wagers, old_serial, old_refused = _old_place_wanted(plan, old_state, old_wagers, old_serial)
        assert (wagers, serial, refused) == (old_wagers, old_serial, old_refused)
        roll = Roll(a, b)
        done, wagers, state = settle(state, wagers, roll, plan.rules)
        settled = [settle(old_state, (w,), roll, plan.rules)[0] for w in old_wagers]
        assert done == _old_order([s for one in settled for s in one])
        old_state = _old_next_state(old_state, roll)
        old_wagers = tuple(w for w in wagers)  # carried wagers are checked through the next roll's settle
        assert state == old_state


@given(st.sampled_from(ALL_SPOTS), st.booleans(), st.sampled_from((None, *POINTS)), st.booleans())
def test_skipped_checks_never_refuse(text: str, new_shooter: bool, point: int | None, held: bool) -> None:
    spot = Spot.parse(text)
    state = TableState(point=point, new_shooter=new_shooter)
    off = CrapsRules(buy_offered=False, lay_offered=False, fire_paytable=None, bonus_paytable=None,
                     lucky_shooter_paytable=None)  # fmt: skip
    wager = Wager("x", 1, spot, 100)
    others = (Wager("y", 1, Spot("lucky_shooter"), 100),) if held else ()
    if spot.kind not in _OPTIONAL:
        _check_offered(state, wager, off)
    if spot.kind not in _TIMED:
        _check_time(state, others, wager)
    if spot.kind not in _STEPPED:
        for amount in (1, 7, 101, 12345):
            _check_amount(state, wager, amount, CrapsRules(unit=1000))


def test_record_is_the_constructor() -> None:
    args = ("r", "pass", "standard", 1000, 2000, Result.WIN, "point 6 made")
    built, made = _record(*args), Settlement(*args)
    assert built == made and repr(built) == repr(made) and hash(built) == hash(made)


@given(st.lists(DICE, max_size=150), st.booleans())
def test_placing_again_what_was_placed_is_placing_it(dice: list[tuple[int, int]], config: bool) -> None:
    # place_wanted's memo hands place the wager a request was last placed as: the same wagers result
    plan = PLAN if config else CrapsPlan(CrapsRules(bonus_paytable="2"), entries(STRATEGY))
    state, wagers, serial, placed = TableState(), (), 0, {}
    for a, b in dice:
        fresh = place_wanted(plan, state, wagers, serial)
        wagers, serial, refused = place_wanted(plan, state, wagers, serial, placed)
        assert (wagers, serial, refused) == fresh
        _, wagers, state = settle(state, wagers, Roll(a, b), plan.rules)
