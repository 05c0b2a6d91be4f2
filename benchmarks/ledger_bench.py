"""Ledger benchmark: a round of 8 seats x 25 wagers settled durably, and chain verification speed.

Prints medians and the ratio against a baseline run alongside: plain ``sqlite3`` inserting the same rows
(results, postings, recall, settlement, state) in one transaction with the same durability (WAL,
synchronous=FULL). Targets (TERMINAL.md §8): settlement under 20 ms median; verification at least
200,000 rows per second. The large ledger is built in a temporary folder.

The checks before every game and after every settlement (``terminal.table.integrity``: meter and balance
audit, cache ``integrity_check``, the chain walked from rows verified before) are timed on the large
ledger: whole rounds (open, 200 wagers, outcome, settlement) with and without them, alternately in the
same process; target: under 5 ms added a round (median) on a ledger of 10^6 rows (``--rows 1000000``).

    PYTHONPATH=. python benchmarks/ledger_bench.py [--rows 500000] [--rounds 30]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from terminal.games.base import Result, Settlement
from terminal.ledger import Draw, Ledger, WagerSpec, rounds
from terminal.ledger.audit import mark_now
from terminal.ledger.records import stamp
from terminal.table.clock import ManualClock
from terminal.table.integrity import Auditor
from terminal.table.tilt_board import TiltBoard

KEY = bytes(range(32))
START = datetime(2026, 1, 1, tzinfo=UTC)
SEATS, PER_SEAT = 8, 25


def _specs(round_id: int) -> list[WagerSpec]:
    return [WagerSpec(f"r{round_id}-{seat}-{n}", seat, "straight", str(n), "standard", 100)
            for seat in range(1, SEATS + 1) for n in range(PER_SEAT)]  # fmt: skip


def _settlements(specs: list[WagerSpec]) -> list[Settlement]:
    return [Settlement(s.ref, s.kind, s.paytable, s.stake, 3600 if i % 9 == 0 else 0,
                       Result.WIN if i % 9 == 0 else Result.LOSE) for i, s in enumerate(specs)]  # fmt: skip


def bench_settlement(folder: Path, repeats: int) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds to settle one 200-wager round, to place its wagers in one batch, and to settle it with
    the memory checks the table runs after every settlement (``terminal.table.integrity``)."""
    # with the high-water mark beside the key, as ``Ledger.from_config`` opens it in production
    led = Ledger(folder / "round.sqlite", KEY, now=START, bills=(10_000,), mark_path=folder / "round.mark")
    now = START
    for seat in range(1, SEATS + 1):
        for _ in range(50):
            led.bill_stacked(seat, 10_000, now=now)
    settle_ms, place_ms, checked_ms = [], [], []
    mark = led.audit_since(None)[1]
    for _ in range(repeats):
        now += timedelta(seconds=30)
        round_id = led.open_round("roulette", now=now)
        specs = _specs(round_id)
        began = time.perf_counter()
        led.place_wagers(round_id, specs, now=now)
        place_ms.append((time.perf_counter() - began) * 1000)
        led.record_outcome(round_id, {"pocket": 17}, Draw("ctr_drbg_aes256", round_id, 0), now=now)
        began = time.perf_counter()
        led.settle_round(round_id, _settlements(specs), now=now, state={"round": round_id})
        settle_ms.append((time.perf_counter() - began) * 1000)
        found = led.integrity_check(full=False)
        findings, mark = led.audit_since(mark)
        checked_ms.append((time.perf_counter() - began) * 1000)
        assert found == findings == [], found + findings
    led.close()
    return settle_ms, place_ms, checked_ms


def bench_plain_sqlite(folder: Path, repeats: int) -> list[float]:
    """The baseline: the same rows through plain sqlite3, one durable transaction per round."""
    conn = sqlite3.connect(folder / "plain.sqlite", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.executescript(
        "CREATE TABLE results (id INTEGER PRIMARY KEY, wager TEXT, round INTEGER, result TEXT,"
        " returned INTEGER);"
        "CREATE TABLE postings (id INTEGER PRIMARY KEY, txn INTEGER, account TEXT, amount INTEGER);"
        "CREATE TABLE round_seats (id INTEGER PRIMARY KEY, round INTEGER, seat INTEGER, before INTEGER,"
        " staked INTEGER, returned INTEGER, after INTEGER);"
        "CREATE TABLE settlements (id INTEGER PRIMARY KEY, round INTEGER, time TEXT);"
        "CREATE TABLE states (id INTEGER PRIMARY KEY, round INTEGER, state TEXT);"
    )
    timings = []
    for round_id in range(repeats):
        specs = _specs(round_id)
        settled = _settlements(specs)
        began = time.perf_counter()
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO results (wager, round, result, returned) VALUES (?, ?, ?, ?)",
                         [(s.wager_ref, round_id, s.result.value, s.returned) for s in settled])  # fmt: skip
        conn.executemany("INSERT INTO postings (txn, account, amount) VALUES (?, ?, ?)",
                         [(round_id, f"seat:{n}:credits", 1) for n in range(2 * SEATS + 1)])  # fmt: skip
        conn.executemany("INSERT INTO round_seats (round, seat, before, staked, returned, after) "
                         "VALUES (?, ?, 0, 0, 0, 0)", [(round_id, n) for n in range(SEATS)])  # fmt: skip
        conn.execute("INSERT INTO settlements (round, time) VALUES (?, ?)", [round_id, stamp(START)])
        conn.execute("INSERT INTO states (round, state) VALUES (?, '{}')", [round_id])
        conn.execute("COMMIT")
        timings.append((time.perf_counter() - began) * 1000)
    conn.close()
    return timings


def build_large(path: Path, rows: int, state: str = "{}") -> int:
    """A ledger of about ``rows`` chained rows, written in large transactions (a build, not a benchmark).

    ``state`` is the multi-round state each settlement persists (the table benchmark passes a real one).
    """
    led = Ledger(path, KEY, now=START, bills=(10_000,), checkpoint_rows=10_000)
    now = START
    for seat in range(1, SEATS + 1):
        for _ in range(1000):
            led.bill_stacked(seat, 10_000, now=now)
    total = sum(h.last_id for h in led.chain.heads.values())
    while total < rows:
        with led.chain.transaction(stamp(now)):
            for _ in range(20):
                round_id = rounds.open_round(led.chain, stamp(now), "roulette", "{}")
                specs = _specs(round_id)
                rounds.place_wagers(led.chain, stamp(now), round_id, specs)
                rounds.record_outcome(led.chain, stamp(now), round_id, "{}", Draw("x", round_id, 0))
                rounds.settle_round(led.chain, stamp(now), round_id, _settlements(specs), state)
        total = sum(h.last_id for h in led.chain.heads.values())
        print(f"  built {total:,} rows", end="\r", flush=True)
    led.close()
    print()
    return total


def bench_verify(path: Path) -> tuple[float, int, float, float]:
    """(full rows/s, rows, seconds to open with the incremental start-up check, its rows)."""
    led = Ledger(path, KEY, now=START)  # the open itself runs the incremental verification
    began = time.perf_counter()
    full = led.verify()
    seconds = time.perf_counter() - began
    led.close()
    began = time.perf_counter()
    reopened = Ledger(path, KEY, now=START)
    opening = time.perf_counter() - began
    assert full.ok and reopened.startup is not None and reopened.startup.ok
    quick_rows = reopened.startup.rows
    reopened.close()
    return full.rows / seconds, full.rows, opening, quick_rows


def bench_boot_check(path: Path) -> float:
    """Seconds of the whole-database ``PRAGMA integrity_check`` the table runs at boot and door close."""
    led = Ledger(path, KEY, now=START)
    began = time.perf_counter()
    found = led.integrity_check(full=True)
    seconds = time.perf_counter() - began
    led.close()
    assert found == [], found
    return seconds


def bench_game_checks(path: Path, repeats: int) -> tuple[list[float], list[float], list[float], int]:
    """Milliseconds of whole rounds on the ledger at ``path`` without the per-game checks and with them
    (the table's :class:`~terminal.table.integrity.Auditor`: ``before_game`` then ``after_settlement``),
    alternately; the checks' own milliseconds; and the rows the last walk covered."""
    clock = ManualClock(START.timestamp() + 86_400)
    led = Ledger(path, KEY, now=clock.wall(), bills=(10_000,), checkpoint_rows=10_000)
    auditor = Auditor(led, clock, TiltBoard(led, clock))
    auditor.boot()
    bare, checked, checks = [], [], []
    for n in range(2 * repeats):
        with_checks = n % 2 == 1
        clock.advance(30)
        opened = led.verified_heads()  # where a check before this game would have started its walk
        began = time.perf_counter()
        check_ms = 0.0
        if with_checks:
            assert auditor.before_game(), auditor.findings
            check_ms += (time.perf_counter() - began) * 1000
        round_id = led.open_round("roulette", now=clock.wall())
        specs = _specs(round_id)
        led.place_wagers(round_id, specs, now=clock.wall())
        led.record_outcome(round_id, {"pocket": 17}, Draw("ctr_drbg_aes256", round_id, 0), now=clock.wall())
        led.settle_round(round_id, _settlements(specs), now=clock.wall(), state={"round": round_id})
        if with_checks:
            settled = time.perf_counter()
            auditor.after_settlement()
            check_ms += (time.perf_counter() - settled) * 1000
            assert not auditor.findings, auditor.findings
            checks.append(check_ms)
        (checked if with_checks else bare).append((time.perf_counter() - began) * 1000)
        if not with_checks:  # the next checks start where they would have if this round had been checked
            auditor.mark, auditor.verified, auditor.game_from = mark_now(led.db), led.verified_heads(), opened
    walked = auditor.walked
    led.close()
    return bare, checked, checks, walked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=500_000, help="size of the ledger to verify")
    parser.add_argument("--rounds", type=int, default=30, help="rounds to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        print(f"settling {args.rounds} rounds of {SEATS} seats x {PER_SEAT} wagers, durably ...")
        settle, place, checked = bench_settlement(folder, args.rounds)
        plain = bench_plain_sqlite(folder, args.rounds)
        ledger_ms, plain_ms = statistics.median(settle), statistics.median(plain)
        print(f"settle round (ledger)     median {ledger_ms:8.2f} ms   target < 20 ms")
        print(f"settle + memory checks    median {statistics.median(checked):8.2f} ms   target < 20 ms"
              " (integrity_check of the caches, meter and balance audit since the last round)")
        print(f"place 200 wagers (ledger) median {statistics.median(place):8.2f} ms")
        print(f"same rows, plain sqlite3  median {plain_ms:8.2f} ms")
        print(f"ratio ledger / plain      {ledger_ms / plain_ms:8.2f} x")
        print(f"building a ledger of about {args.rows:,} rows ...")
        rows = build_large(folder / "large.sqlite", args.rows)
        rate, verified, opening, quick = bench_verify(folder / "large.sqlite")
        print(f"full verification         {rate:12,.0f} rows/s over {verified:,} rows   target >= 200,000/s")
        print(f"boot memory check         {bench_boot_check(folder / 'large.sqlite') * 1000:8.1f} ms "
              "(PRAGMA integrity_check of the whole database)")
        print(
            f"open with start-up check  {opening * 1000:8.1f} ms ({quick:,} rows after the last checkpoint"
            f" of {rows:,})"
        )
        print(f"timing {args.rounds} rounds with and {args.rounds} without the per-game checks on it ...")
        bare, checked, checks, walked = bench_game_checks(folder / "large.sqlite", args.rounds)
        bare_ms, checked_ms = statistics.median(bare), statistics.median(checked)
        print(f"round without checks      median {bare_ms:8.2f} ms (open, {SEATS * PER_SEAT} wagers, outcome,"
              " settlement)")  # fmt: skip
        print(f"round with checks         median {checked_ms:8.2f} ms (before the game and after settling)")
        print(f"added a round             median {checked_ms - bare_ms:8.2f} ms   target < 5 ms"
              f" (the checks alone: median {statistics.median(checks):.2f} ms; {walked:,} rows walked"
              f" after the last settlement)")  # fmt: skip
        print(f"ratio with / without      {checked_ms / bare_ms:8.2f} x   on a ledger of {rows:,} rows")


if __name__ == "__main__":
    main()
