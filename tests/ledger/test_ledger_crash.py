"""Crash test: SIGKILL a process while it commits, many times; no commit lost, nothing partial shown.

Each iteration starts the child on the same ledger file, lets it play for a random moment and kills it
with SIGKILL. Then the ledger is reopened (which runs the start-up verification) and checked: every
commit the child reported is there, every invariant holds, and no transaction is half-written.
``LEDGER_CRASH_ITERATIONS`` raises the number of kills (default 6).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from terminal.ledger import Ledger, highwater, report
from terminal.ledger.schema import CHAINED
from tests.ledger.ledger_scenario import START

ROOT = Path(__file__).resolve().parents[2]
KEY = bytes(range(32))
ITERATIONS = int(os.environ.get("LEDGER_CRASH_ITERATIONS", "6"))


def _run_and_kill(db: Path, delay: float) -> list[tuple[str, int]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.ledger.ledger_crash_child", str(db), KEY.hex(), str(_mark(db))],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, text=True,
    )  # fmt: skip
    assert child.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(child.stdout or []), daemon=True)
    reader.start()
    deadline = time.monotonic() + 120  # an interpreter starting on a busy machine
    while not lines and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)  # wait for "opened": the kill must land while it commits, not while it imports
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait()
    reader.join(5)
    assert lines, f"the child never opened the ledger: {child.stderr.read() if child.stderr else ''}"
    return [(what, int(value)) for what, value in (line.split() for line in lines if line.endswith("\n"))]


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
        for what, value in reported:
            if what == "txn":
                assert led.db.execute("SELECT 1 FROM transactions WHERE id = ?", [value]).fetchone()
            elif what in ("round", "wagers", "outcome", "settled"):
                phase = led.recall(value).phase
                wanted = {"round": ("open", "drawn", "settled"), "wagers": ("open", "drawn", "settled"),
                          "outcome": ("drawn", "settled"), "settled": ("settled",)}[what]  # fmt: skip
                assert phase in wanted, f"{what} {value} was reported committed but the round is {phase}"
                if what == "wagers":
                    assert led.recall(value).wagers, f"round {value} lost its wagers"
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
    for _ in range(ITERATIONS):
        reported = _run_and_kill(db, chooser.uniform(0.05, 0.6))
        total_reported += len(reported)
        behind = _behind(db)
        assert behind >= 0  # the mark never runs ahead of what was committed
        ahead += behind > 0
        _check(db, reported)
        assert _behind(db) == 0  # start-up advanced the mark
    assert total_reported > ITERATIONS * 3  # the kills landed while it was committing
    print(f"{ITERATIONS} kills; {ahead} left the database ahead of its mark, none was a false alarm")
