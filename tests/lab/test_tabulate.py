"""The memo under the fast engine, and the craps parts against the whole seat at any state.

Property tests: from any state the plain loop reaches (every field of the table state set: shooter, roll
count, points made, totals marked), each craps part's step, from its projected state, settles exactly the
seat's settlements of the part's wagers and leads to the projection of the seat's next state; and every
roll of a part's class steps alike. That is what makes a part's memo the seat's real code.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Hashable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal import config
from terminal.games.craps.records import TableState, Wager
from terminal.games.craps.settle import settle
from terminal.sims import tabulate
from terminal.sims.simulate_craps import CrapsPlan, entries, place_wanted, stat_key
from terminal.sims.simulate_craps_fast import FAMILY, ROLLS, CrapsPart, parts
from terminal.sims.simulate_plan import craps_plan
from terminal.sims.tabulate import Chain, Step, table_for

CRAPS = craps_plan(config.load(Path(__file__).resolve().parents[2] / "kiosk.cfg"))
PARTS = parts(CRAPS)


def _family(part: CrapsPart) -> str:
    return FAMILY[part.plan.entries[0].spot.kind]


def _of(part: CrapsPart, wagers: tuple[Wager, ...]) -> tuple[Wager, ...]:
    return tuple(w for w in wagers if FAMILY[w.spot.kind] == _family(part))


def test_the_parts_cover_the_plan_once() -> None:
    covered = [e for p in PARTS for e in p.plan.entries]
    assert sorted(covered, key=str) == sorted(CRAPS.entries, key=str)
    assert len({_family(p) for p in PARTS}) == len(PARTS) == 10  # Hot Roller is its own part


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 35), min_size=1, max_size=160), st.booleans())
def test_each_part_steps_as_the_whole_seat(outcomes: list[int], placing: bool) -> None:
    plan, state, wagers, serial = CRAPS, TableState(), (), 0
    for outcome in outcomes:
        wagers, serial, _ = place_wanted(plan, state, wagers, serial)
        done, left, after = settle(state, wagers, ROLLS[outcome], plan.rules)
        after_placing = place_wanted(plan, after, left, serial)[0] if placing else left
        family_of = {w.ref: FAMILY[w.spot.kind] for w in wagers}
        for part in PARTS:
            step = part.step(part.project(state, _of(part, wagers)), outcome, placing)
            seat = [s for s in done if family_of[s.wager_ref] == _family(part)]
            assert sorted(step.settled) == sorted(
                (stat_key(s.wager_ref, s.kind), s.stake, s.returned - s.stake) for s in seat
            )
            assert step.state == part.project(after, _of(part, after_placing))
        state, wagers = after, left


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 35), max_size=120), st.booleans())
def test_rolls_of_a_class_step_alike(outcomes: list[int], placing: bool) -> None:
    for part in PARTS:
        state = part.start().state
        for outcome in outcomes:
            step = part.step(state, outcome, placing=True)
            cls, alike = part.classes[outcome], part.step(state, outcome, placing)
            for other in (o for o in range(36) if part.classes[o] == cls and o != outcome):
                assert part.step(state, other, placing) == alike
            state = step.state


class _Spy:
    """A part that counts how often the 'real code' is asked: a wager on a die's parity, paid 1 to 1."""

    classes, paced = (0, 1, 0, 1, 0, 1), False

    def __init__(self, name: str) -> None:
        self.key: Hashable = name
        self.asked = 0

    def start(self) -> Step[int]:
        return Step(0, (), refused=1)

    def step(self, state: int, outcome: int, placing: bool) -> Step[int]:
        self.asked += 1
        net = 100 if outcome % 2 == state % 2 else -100
        return Step((state + 1) % 3 if placing else -1, (("even", 100, net),))

    def idle(self, state: int) -> bool:
        return state < 0

    def extra(self, state: int) -> int:
        return 0


def _direct(outcomes: list[int]) -> tuple[int, int]:
    """(settlements, net) of the spy's strategy played round by round."""
    state, net = 0, 0
    for outcome in outcomes:
        net += 100 if outcome % 2 == state % 2 else -100
        state = (state + 1) % 3
    return len(outcomes), net


def test_the_real_code_is_asked_once_per_state_and_class() -> None:
    spy = _Spy("spy-once")
    outcomes = [(k * 7 + k // 5) % 6 for k in range(5000)]
    for _ in range(2):  # a second chunk on the same thread reuses the memo
        chain = Chain(spy)
        chain.walk(outcomes, placing=True)
        tally = chain.tallies()["even"]
        assert (tally.count, tally.net) == _direct(outcomes)
        assert chain.refused() == 1
    assert spy.asked == 3 * 2  # three states, two classes, never asked again
    assert table_for(spy).size == 3


def test_each_thread_keeps_its_own_memo() -> None:
    spy = _Spy("spy-threads")
    tables: list[object] = [table_for(spy)]
    worker = threading.Thread(target=lambda: tables.append(table_for(spy)))
    worker.start()
    worker.join()
    assert tables[0] is not tables[1] and tables[0] is table_for(spy)


def test_the_memos_kept_are_bounded() -> None:
    first = table_for(_Spy("spy-bound-0"))
    for k in range(1, tabulate.TABLES_MAX + 1):
        table_for(_Spy(f"spy-bound-{k}"))
    assert table_for(_Spy("spy-bound-0")) is not first  # forgotten, built again when asked


def test_finish_stops_when_the_part_is_idle() -> None:
    chain = Chain(_Spy("spy-finish"))
    chain.walk([0, 1], placing=True)
    assert chain.finish([1, 1, 1]) == 1 and chain.idle


def test_come_bets_are_named_by_their_come_point() -> None:
    plan = CrapsPlan(CRAPS.rules, entries((("come", 100), ("come_odds_6", 500))))
    (part,) = parts(plan)
    state = part.start().state
    for outcome in (7, 14, 8):  # 2-2 sets point 4; 3-3 moves a come bet to 6; 2-3 moves one to 5
        state = part.step(state, outcome, placing=True).state
    assert [w.ref for w in state[1]] == ["come#5", "come#6", "come#None", "come_odds_6"]


def test_a_chunk_counts_the_same_whether_its_path_is_folded_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long chunk's recorded transitions are counted as it goes (memory stays flat): the tallies and
    refusals are those of the whole path counted at the end."""
    draw = random.Random(7)
    outcomes = [draw.randrange(36) for _ in range(20_000)]
    results = []
    for fold in (10**9, 97):
        monkeypatch.setattr(tabulate, "FOLD", fold)
        got = []
        for part in PARTS:
            chain = Chain(part, tabulate.Table.of(part))
            for start in range(0, len(outcomes), 1000):
                chain.walk(outcomes[start : start + 1000], placing=True)
            got.append((chain.tallies(), chain.refused()))
        results.append(got)
    assert results[0] == results[1]
    assert any(tallies for tallies, _ in results[0])
