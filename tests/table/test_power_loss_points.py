"""Power loss at named points: a child process running the table is SIGKILLed exactly there, then a new
table starts on the same files and the ledger is checked.

Every point must leave: a chain that verifies whole, meters and balances that agree with the journal, the
credit identity holding, the cut logged at boot as an unclean POWER_DOWN, and then what that point owes:
an outcome persisted is settled with that outcome (never redrawn), an outcome not persisted reopens the
window with every wager standing, nothing is half-posted, nothing is paid twice.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from terminal.ledger import EventCode
from terminal.table.clock import ManualClock
from terminal.table.phases import Phase
from terminal.table.table import Table

from .harness import make_config, scripted_table

ROOT = Path(__file__).resolve().parents[2]
START = 10_000
STAKES = 600  # red 5.00 and straight 17 1.00
WON_ON_17 = 3_600  # 17 is black: red loses, the straight pays 35 to 1 with its stake


@pytest.fixture(scope="module")
def children(tmp_path_factory: pytest.TempPathFactory) -> Iterator[subprocess.Popen[str]]:
    """``power_loss_child --fork``: the table imported once, a fresh child forked for each point."""
    log = tmp_path_factory.mktemp("children") / "output.txt"
    with log.open("w", encoding="utf-8") as said:
        server = subprocess.Popen(
            [sys.executable, "-m", "tests.table.power_loss_child", "--fork"], cwd=ROOT,
            env=os.environ | {"PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=said, text=True,
        )  # fmt: skip
        yield server
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=60)


def _cut(children: subprocess.Popen[str], folder: Path, point: str) -> Table:
    """Run a child to ``point`` (it kills itself there), then start a new table on its files."""
    assert children.stdin is not None and children.stdout is not None
    children.stdin.write(f"{folder} {point}\n")
    children.stdin.flush()
    assert children.stdout.readline().strip() == str(-signal.SIGKILL), f"{point}: the power did not go there"
    clock = ManualClock(1_900_000_000.0)
    table = scripted_table(make_config(folder, "[table]\nseats = 2\n"), 5, 5, clock=clock)
    table.start()
    return table


def _consistent(table: Table) -> dict[str, int]:
    """The checks every point owes; returns the meters."""
    ledger = table.ledger
    assert ledger.verify().ok and ledger.audit() == [] and table.auditor.findings == []
    m, balances = ledger.meters(), ledger.balances()
    seats = sum(v for account, v in balances.items() if account.endswith(":credits"))
    identity = (m.get("cash_in", 0) + m.get("vouchers_in", 0) + m.get("won", 0) - m.get("wagered", 0)
                - m.get("cash_out", 0) - m.get("vouchers_out", 0) - m.get("handpays", 0))  # fmt: skip
    assert seats == identity, (seats, m)
    cut = ledger.events(EventCode.POWER_DOWN)
    assert cut and json.loads(cut[-1].detail)["orderly"] is False
    return m


@pytest.mark.slow
def test_before_the_outcome_is_persisted_the_window_reopens_with_the_wagers(
    tmp_path: Path, children: subprocess.Popen[str]
) -> None:
    table = _cut(children, tmp_path, "before_outcome_persisted")
    _consistent(table)
    assert table.phase is Phase.OPEN and table.ledger.outcomes(5) == []
    assert sorted(line.spot for line in table.wagers.wagers_of(1)) == ["red", "straight:17"]
    assert table.cashier.credits(1) == START - STAKES


@pytest.mark.slow
def test_after_the_outcome_is_persisted_it_is_settled_with_that_outcome(
    tmp_path: Path, children: subprocess.Popen[str]
) -> None:
    table = _cut(children, tmp_path, "after_outcome_persisted")  # the new table's generator would say 5
    m = _consistent(table)
    (round_id, outcome), *_ = table.ledger.outcomes(5)
    assert outcome["pocket"] == 17 and m["games_played"] == 1
    assert table.cashier.credits(1) == START - STAKES + WON_ON_17
    assert len(table.ledger.recall(round_id).wagers) == 2


@pytest.mark.slow
def test_mid_settlement_nothing_is_half_posted_and_it_settles_once(
    tmp_path: Path, children: subprocess.Popen[str]
) -> None:
    table = _cut(children, tmp_path, "mid_settlement")
    m = _consistent(table)
    assert m["games_played"] == 1 and m["won"] == WON_ON_17
    assert table.cashier.credits(1) == START - STAKES + WON_ON_17


@pytest.mark.slow
def test_a_bill_stacked_but_not_credited_is_neither_credited_nor_half_recorded(
    tmp_path: Path, children: subprocess.Popen[str]
) -> None:
    table = _cut(children, tmp_path, "bill_stacked_not_credited")
    m = _consistent(table)
    assert table.cashier.credits(2) == 0 and m["cash_in"] == START and m["bills_in_count"] == 1


@pytest.mark.slow
def test_a_voucher_recorded_but_never_printed_stays_outstanding_for_a_reprint(
    tmp_path: Path, children: subprocess.Popen[str]
) -> None:
    table = _cut(children, tmp_path, "voucher_recorded_not_printed")
    m = _consistent(table)
    amount = START - STAKES + WON_ON_17
    assert table.cashier.credits(1) == 0 and m["vouchers_out"] == amount
    (issued,) = table.ledger.events(EventCode.VOUCHER_ISSUE)
    number = json.loads(issued.detail)["number"]
    assert table.ledger.voucher(number, now=table.clock.wall()).state == "outstanding"


@pytest.mark.slow
def test_a_cash_out_cut_before_it_commits_leaves_the_credits_on_the_seat(
    tmp_path: Path, children: subprocess.Popen[str]
) -> None:
    table = _cut(children, tmp_path, "during_cash_out")
    m = _consistent(table)
    assert table.cashier.credits(1) == START - STAKES + WON_ON_17 and m.get("vouchers_out", 0) == 0
    assert table.ledger.events(EventCode.VOUCHER_ISSUE) == []
