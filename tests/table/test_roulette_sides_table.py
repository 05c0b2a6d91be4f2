"""B2B and Blazing 7's at a real table: a real ledger, the draws persisted with the spin, restarts.

The spin, the B2B odds draw and the bonus draw are scripted (each is a ``randbelow`` of its own bound, as
the table draws them); everything else is the production table: ledger, settlement, restart from disk.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rng import Draw
from terminal.desk.views import recall_list, round_recall
from terminal.games.roulette.blazing7s import ball_space, balls_drawn
from terminal.games.roulette.wheels import DOUBLE_ZERO, WHEELS
from terminal.table.clock import ManualClock
from terminal.table.refused import Refused
from terminal.table.table import Table
from tests.table.harness import ScriptedRng, make_config, make_table

ON = "[b2b]\noffered = true\n[blazing7s]\noffered = true\n"
SPACE = ball_space(WHEELS["double_zero"])


class SideRng(ScriptedRng):
    """Pockets as the harness scripts them; the B2B odds draw (below 1000) and the bonus draw (below the
    ball space) from their own scripts, the real generator when those run out."""

    def __init__(self, real: object, pockets: list[int], odds: list[int], balls: list[int]) -> None:
        super().__init__(real, *pockets)  # type: ignore[arg-type]
        self.odds, self.balls = odds, balls

    def randbelow(self, n: int) -> Draw[object]:
        queue = (
            self.odds
            if n == 1000
            else self.balls
            if n in (SPACE, ball_space(WHEELS["single_zero"]))
            else None
        )
        if queue:
            self.counter += 1
            return Draw(queue.pop(0), "scripted", self.counter, 0)
        return super().randbelow(n)


def _table(c, pockets=(), odds=(), balls=(), clock=None) -> Table:  # type: ignore[no-untyped-def]
    table = make_table(c, clock)
    table.rng = SideRng(table.rng, list(pockets), list(odds), list(balls))  # type: ignore[assignment]
    return table


def _outcomes(table: Table) -> list[dict[str, object]]:
    rows = table.ledger.db.execute("SELECT outcome FROM outcomes ORDER BY round_id").fetchall()
    return [json.loads(r[0]) for r in rows]


def test_a_new_ledger_keeps_b2b_closed_until_a_spin_settles_and_a_restart_remembers_it(
    tmp_path: Path,
) -> None:
    c = make_config(tmp_path, ON)
    table = _table(c, pockets=[23], odds=[0])
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    with pytest.raises(Refused, match="closed until one spin has settled"):
        table.wagers.place(1, "b2b", 100)
    assert table.cashier.credits(1) == 10_000
    table.play_round()  # 23: nothing on the layout
    clock = table.clock
    assert isinstance(clock, ManualClock)
    again = _table(c, pockets=[23], odds=[6], clock=clock)  # a restart: a new process on the same files
    again.start()
    again.wagers.place(1, "b2b", 100)
    report = again.play_round()  # 23 repeats 23; draw 6 is past 1000:5 and in 500:10 -> 500 to 1
    (settled,) = report.settlements
    assert settled.entry == "odds_500" and settled.returned == 100 * 501
    assert again.cashier.credits(1) == 10_000 - 100 + 50_100
    assert _outcomes(again)[-1]["b2b"] == 500  # persisted with the spin
    assert again.ledger.audit() == [] and again.ledger.verify().ok


def test_a_void_spin_does_not_become_the_previous_spin(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n" + ON)
    table = _table(c, pockets=[12, DOUBLE_ZERO, 12], odds=[999, 999, 999])
    table.start()
    table.cashier.bill_stacked(2, 10_000)
    table.play_round()  # 12
    table.open_round()
    table.wagers.place(2, "b2b", 200)
    report = table.play_round()  # 00: void, re-spun with the wager standing: 12 repeats the last valid spin
    assert [o["text"] for o in _outcomes(table)] == ["12", "00", "12"]
    assert [(s.entry, s.returned) for s in report.settlements] == [("odds_10", 200 * 11)]


def test_blazing_bonus_balls_are_drawn_once_persisted_and_settle_after_the_base_wagers(
    tmp_path: Path,
) -> None:
    c = make_config(tmp_path, ON)
    wheel = WHEELS["double_zero"]
    value = next(v for v in range(SPACE) if balls_drawn(wheel, v) == (7, 17, 27))
    table = _table(c, pockets=[27], odds=[0], balls=[value])
    table.start()
    table.cashier.bill_stacked(3, 10_000)
    with pytest.raises(Refused, match="beside another roulette wager"):
        table.wagers.place(3, "blazing7s", 100)
    table.wagers.place(3, "straight:27", 100)
    table.wagers.place(3, "blazing7s", 100)
    report = table.play_round()
    assert [s.kind for s in report.settlements] == ["straight", "blazing7s"]
    assert report.settlements[1].entry == "all_three" and report.settlements[1].returned == 100 * 1001
    assert _outcomes(table)[-1]["balls"] == [7, 17, 27]
    assert "blazing7s bonus" in report.notes


def test_a_lab_forces_the_spin_the_b2b_odds_and_the_bonus_balls(tmp_path: Path) -> None:
    from terminal.table.lab_mode import ForcedRng, ForceError, parse_force  # lab mode's own queue

    c = make_config(tmp_path, ON)
    table = make_table(c)
    forced = ForcedRng(table.rng, table.driver.setup.draw, 2)
    table.rng = forced  # type: ignore[assignment]
    queue = parse_force(("outcome", "27", "27,b2b=1000,balls=7-17-27"), table.driver)
    forced.force(queue)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.play_round()  # 27: the previous spin; its side draws come from the generator
    table.open_round()
    table.wagers.place(1, "b2b", 100)
    table.wagers.place(1, "red", 100)
    table.wagers.place(1, "blazing7s", 100)
    report = table.play_round()
    by_kind = {s.kind: s for s in report.settlements}
    assert by_kind["b2b"].entry == "odds_1000" and by_kind["b2b"].returned == 100 * 1001
    assert by_kind["blazing7s"].entry == "all_three" and by_kind["blazing7s"].returned == 100 * 1001
    recorded = _outcomes(table)[-1]
    assert (recorded["b2b"], recorded["balls"]) == (1000, [7, 17, 27])
    recall = round_recall(table.ledger.recall(report.round_id))  # the service recall: the draws beside it
    assert recall.outcome == "27"
    assert [(d.name, d.value) for d in recall.details] == [("b2b", "1000"), ("blazing", "7 17 27")]
    listed = recall_list(1, [table.ledger.recall(report.round_id)]).rounds[0]  # a seat's list: one line
    assert listed.outcome == "27 · B2B 1000:1 · Blazing 7-17-27"
    assert {(w.spot, w.result, w.returned) for w in recall.wagers} >= {("b2b", "win", 100_100)}
    for bad, words in (
        ("27,b2b=7", "not one of"),
        ("27,balls=7-7-27", "three different"),
        ("27,x=1", "b2b="),
    ):
        with pytest.raises(ForceError, match=words):
            parse_force(("outcome", bad), table.driver)
