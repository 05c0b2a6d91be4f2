"""Sic Bo and Big Six on a real table: wagers, draws persisted before settlement, meters per wager,
history, recall, restarts that never redraw, and lab mode's forced outcomes in each game's own text."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from terminal.games.bigsix.rules import SECTIONS
from terminal.net import messages as m
from terminal.net.game_state import read_state
from terminal.net.messages.base import body_to_json
from terminal.table import views
from terminal.table.controller import Controller
from terminal.table.phases import Phase
from terminal.table.refused import Refused
from tests.table.harness import make_config, reopen, scripted_table

SICBO = "[table]\ngame = sicbo\n"
BIGSIX = "[table]\ngame = bigsix\n"


def test_a_sic_bo_roll_settles_every_wager_as_the_paytable_says(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, SICBO), (2, 5, 5))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    for spot in ("small", "big", "two_dice:5-2", "one_of_a_kind:5", "two_of_a_kind:5", "total_12"):
        table.wagers.place(1, spot, 100)
    report = table.play_round()
    # 2-5-5 = 12: Big wins 1 to 1; the combination 5 to 1; two fives 2 to 1; two of a kind 8 to 1;
    # total 12 6 to 1; Small loses. Paid with the stakes: 200 + 600 + 300 + 900 + 700.
    assert report.text == "2-5-5 (12)" and report.outcome["dice"] == [2, 5, 5]
    assert table.cashier.credits(1) == 10_000 - 600 + 200 + 600 + 300 + 900 + 700
    paid = {s.kind: (s.result.value, s.entry) for s in report.settlements}
    assert paid["one_of_a_kind"] == ("win", "one_of_a_kind_2") and paid["small"][0] == "lose"
    meters = table.ledger.meters()
    assert meters["wager:sicbo:total_12:won"] == 700 and meters["wager:sicbo:small:wagered"] == 100


def test_the_b_paytable_pays_twelve_to_one_on_three_of_the_number(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, SICBO + "[sicbo]\npaytable = B\n"), (3, 3, 3))
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "one_of_a_kind:3", 100)
    table.wagers.place(1, "small", 100)  # a triple: Small loses
    table.play_round()
    assert table.cashier.credits(1) == 1_000 - 200 + 1_300


def test_a_big_six_spin_pays_the_symbol_it_rests_on(tmp_path: Path) -> None:
    flag = SECTIONS.index("flag")
    table = scripted_table(make_config(tmp_path, BIGSIX), flag)
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "flag", 100)
    table.wagers.place(1, "joker", 100)
    report = table.play_round()
    assert report.text == f"flag@{flag}" and report.outcome == {"section": flag, "symbol": "flag",
                                                                   "text": f"flag@{flag}"}  # fmt: skip
    assert table.cashier.credits(1) == 1_000 - 200 + 4_600


@pytest.mark.parametrize(("config", "outcome", "spot"), [(SICBO, (1, 1, 4), "small"), (BIGSIX, 0, "joker")])
def test_a_persisted_outcome_is_settled_after_a_restart_never_redrawn(
    tmp_path: Path, config: str, outcome: object, spot: str
) -> None:
    before = scripted_table(make_config(tmp_path, config), outcome)
    before.start()
    before.cashier.bill_stacked(1, 1_000)
    before.wagers.place(1, spot, 100)
    before.phase = Phase.LOCKED
    before._draw()  # the outcome is durable; the process dies before settling
    after = reopen(before)  # no outcome scripted: drawing again would fail the test
    report = after.start()
    assert report is not None and report.settlements[0].result.value == "win"
    assert after.phase is Phase.OPEN and after.ledger.pending() == []


@pytest.mark.parametrize(("config", "spot"), [(SICBO, "total_10"), (BIGSIX, "twenty")])
def test_a_round_without_an_outcome_reopens_with_its_wagers(tmp_path: Path, config: str, spot: str) -> None:
    before = scripted_table(make_config(tmp_path, config))
    before.start()
    before.cashier.bill_stacked(1, 1_000)
    before.wagers.place(1, spot, 300)
    after = reopen(before)
    after.start()
    assert [line.spot for line in after.wagers.wagers_of(1)] == [spot]
    after.wagers.undo(1)  # still this round's: the seat may take it back
    assert after.cashier.credits(1) == 1_000


@pytest.mark.parametrize(
    ("config", "spot", "words"),
    [(SICBO, "total_3", "not a Sic Bo spot"), (SICBO, "straight:17", "not a Sic Bo spot"),
     (BIGSIX, "$5", "not a Big Six symbol"), (BIGSIX, "pass", "not a Big Six symbol")],
)  # fmt: skip
def test_spots_of_another_game_are_refused(tmp_path: Path, config: str, spot: str, words: str) -> None:
    table = scripted_table(make_config(tmp_path, config))
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    with pytest.raises(Refused, match=words):
        table.wagers.place(1, spot, 100)
    assert table.cashier.credits(1) == 1_000


def test_the_screens_are_told_the_game_its_variant_its_view_and_its_history(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, SICBO + "[sicbo]\npaytable = B\n"), (6, 6, 6), (1, 2, 4))
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "any_three_of_a_kind", 100)
    controller = Controller(table)
    table.play_round()
    table.open_round()
    last = table.play_round()
    state = controller.table_state()
    assert (state.game, state.variant) == ("sicbo", "b")  # the protocol's identifiers are lower case
    assert body_to_json(state)["variant"] == "b"  # it travels: the wire's checks accept it
    view = read_state(views.game_view(table, last.outcome))
    assert (view.paytable, view.last_roll) == ("B", "1-2-4")
    board = views.history(table)
    assert [e.outcome for e in board.results] == ["1-2-4", "6-6-6"]
    offer = views.offer(table.config)
    assert {w.wager for w in offer.wagers} >= {"small", "total_4", "two_dice", "one_of_a_kind"}
    assert ("paytable", "B") in {(r.key, r.value) for r in offer.rules}


def test_lab_mode_forces_each_games_outcomes_in_its_own_text(tmp_path: Path) -> None:
    from terminal.table.boot import boot
    from terminal.table.clock import ManualClock
    from tests.table.test_lab_mode import enter_lab_mode

    for config, forced, text in ((SICBO, "2-5-5", "2-5-5 (12)"), (BIGSIX, "flag@27", "flag@27")):
        folder = tmp_path / config.split("= ")[1].strip()
        folder.mkdir()
        table = boot(enter_lab_mode(folder, config), ManualClock(1_800_000_000.0))
        table.start()
        assert table.force_outcome(("outcome", forced)) == 1
        assert table.play_round().text == text
        table.ledger.close()


def test_a_sic_bo_game_view_reaches_every_screen_through_the_controller(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, SICBO), (4, 4, 1))
    table.start()
    controller = Controller(table)
    pushed: list[m.Message] = []

    async def record(message: m.Message) -> None:
        pushed.append(message)

    controller._broadcast = record  # type: ignore[method-assign]
    asyncio.run(controller._announce(table.play_round()))
    results = [p for p in pushed if isinstance(p, m.Result)]
    assert [r.outcome for r in results] == ["4-4-1"]  # the canonical text every screen parses
    views_seen = [read_state(p) for p in pushed if isinstance(p, m.GameView)]
    assert views_seen and views_seen[-1].last_roll == "4-4-1"
