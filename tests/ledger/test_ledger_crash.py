"""Crash test: SIGKILL a process while it commits, many times; no commit lost, nothing partial shown.

Each iteration starts the child on the same ledger file (forked from one process that imported it once),
lets it play for a random moment after it opened the ledger and kills it with SIGKILL. Then the ledger is
reopened (which runs the start-up verification) and checked: every commit the child reported is there,
every invariant holds, and no transaction is half-written.
``LEDGER_CRASH_ITERATIONS`` raises the number of kills (default 6).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from terminal.ledger import Ledger, highwater, report
from terminal.ledger.recall import RoundRecord
from terminal.ledger.schema import CHAINED
from tests.ledger.ledger_scenario import START

ROOT = Path(__file__).resolve().parents[2]
KEY = bytes(range(32))
ITERATIONS = int(os.environ.get("LEDGER_CRASH_ITERATIONS", "6"))


class Children:
    """``ledger_crash_child --fork``: the child's imports made once, a fresh child forked for each run."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.server = subprocess.Popen(
            [sys.executable, "-m", "tests.ledger.ledger_crash_child", "--fork"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=ROOT, text=True,
        )  # fmt: skip

    def _answer(self, word: str) -> int:
        assert self.server.stdout is not None
        answer = self.server.stdout.readline().split()
        assert answer[:1] == [word], answer
        return int(answer[1])

    def run_and_kill(self, db: Path, delay: float) -> list[tuple[str, int]]:
        assert self.server.stdin is not None
        report = db.with_name("reported.txt")
        report.write_text("", encoding="utf-8")
        self.server.stdin.write(f"{db} {KEY.hex()} {_mark(db)} {report}\n")
        self.server.stdin.flush()
        pid = self._answer("pid")
        deadline = time.monotonic() + 120  # a child on a busy machine
        while not report.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.01)  # wait for "opened": the kill must land while it commits, not while it opens
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        assert self._answer("exit") == -signal.SIGKILL, "the child ended before it was killed"
        lines = report.read_text(encoding="utf-8").splitlines(keepends=True)
        assert lines, "the child never opened the ledger"
        return [(what, int(value)) for what, value in (line.split() for line in lines if line.endswith("\n"))]

    def close(self) -> None:
        assert self.server.stdin is not None
        self.server.stdin.close()
        self.server.wait(timeout=60)


def _mark(db: Path) -> Path:
    return db.with_suffix(".mark")


def _behind(db: Path) -> int:
    """Rows the database holds beyond its high-water mark (a kill between the commit and the mark)."""
    mark = highwater.load(_mark(db), KEY)
    assert mark is not None
    with closing(sqlite3.connect(db)) as conn:
        rows = sum(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in CHAINED)
    return rows - mark.rows


def _check(db: Path, reported: list[tuple[str, int]]) -> None:
    # start-up verification with the mark: never a false alarm, whatever the kill interrupted
    led = Ledger(db, KEY, now=START, bills=(2000,), checkpoint_rows=200, mark_path=_mark(db))
    try:
        assert led.verify().ok
        assert led.audit() == []
        totals = report.summary(led.db)
        assert report.identity(totals)[1]
        assert sum(led.balances().values()) == 0
        rounds: dict[int, RoundRecord] = {}  # a round recalled once, not once a report (five a round)
        for what, value in reported:
            if what == "txn":
                assert led.db.execute("SELECT 1 FROM transactions WHERE id = ?", [value]).fetchone()
            elif what in ("round", "wagers", "outcome", "settled"):
                if value not in rounds:
                    rounds[value] = led.recall(value)
                phase = rounds[value].phase
                wanted = {"round": ("open", "drawn", "settled"), "wagers": ("open", "drawn", "settled"),
                          "outcome": ("drawn", "settled"), "settled": ("settled",)}[what]  # fmt: skip
                assert phase in wanted, f"{what} {value} was reported committed but the round is {phase}"
                if what == "wagers":
                    assert rounds[value].wagers, f"round {value} lost its wagers"
        _no_partial(led)
    finally:
        led.close()


def _no_partial(led: Ledger) -> None:
    db = led.db
    orphan_wager_txns = db.execute(
        "SELECT count(*) FROM transactions t WHERE kind = 'wager' AND NOT EXISTS "
        "(SELECT 1 FROM wagers w WHERE w.txn_id = t.id)"
    ).fetchone()[0]
    orphan_settles = db.execute(
        "SELECT count(*) FROM transactions t WHERE kind = 'settle' AND NOT EXISTS "
        "(SELECT 1 FROM settlements s WHERE s.txn_id = t.id)"
    ).fetchone()[0]
    half_settled = db.execute(
        "SELECT count(*) FROM settlements s "
        "WHERE NOT EXISTS (SELECT 1 FROM states x WHERE x.round_id = s.round_id)"
    ).fetchone()[0]
    assert (orphan_wager_txns, orphan_settles, half_settled) == (0, 0, 0)


@pytest.mark.slow
def test_sigkill_while_committing_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite"
    chooser = random.Random(6)  # fixed seed: the kill moments are reproducible
    total_reported = ahead = 0
    children = Children()
    for _ in range(ITERATIONS):
        reported = children.run_and_kill(db, chooser.uniform(0.05, 0.6))
        total_reported += len(reported)
        behind = _behind(db)
        assert behind >= 0  # the mark never runs ahead of what was committed
        ahead += behind > 0
        _check(db, reported)
        assert _behind(db) == 0  # start-up advanced the mark
    children.close()
    assert total_reported > ITERATIONS * 3  # the kills landed while it was committing
    print(f"{ITERATIONS} kills; {ahead} left the database ahead of its mark, none was a false alarm")
