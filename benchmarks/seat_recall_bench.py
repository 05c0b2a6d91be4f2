"""A seat's round recall and a round's record (``terminal.ledger.recall``) on a large ledger: before/after.

Every settled round pushes each linked seat its last rounds (``views.seat_rounds``: ten rounds, each with
its wagers read by ``recall._SEAT_WAGERS``). The query it replaced found a round's wagers by scanning every
wager the seat ever placed (an ``OR`` across the wager's and its result's round, which no index serves);
the new one is two index searches (results by round, wagers by round) in a ``UNION ALL``. Both run here,
back to back in this process, on one ledger of ``--rounds`` rounds (four seats, five wagers each, every
tenth wager carried past its round, as a craps point or a Touchdown drive is), written straight into the
ledger's schema (the query reads no chain tag). The rows of both are checked equal first; then the median
time of a seat's whole recall (the newest ten rounds) with each, and the ratio. The same for the record of
a round (``recall.recall``: the table's resume at every start, the service desk's recall, its list of a
seat's last 100 rounds), whose wagers were found the same way: ``w.round_id = ? OR r.round_id = ?``.

Run: PYTHONPATH=. python benchmarks/seat_recall_bench.py [--rounds N] [--repeats N]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from terminal.ledger import recall, schema

#: The query before (what the ledger ran until the suite-speed work of issue 33): the baseline.
BEFORE = (
    "SELECT w.spot, w.stake, CASE WHEN r.round_id = :round THEN r.returned ELSE 0 END, "
    "CASE WHEN r.round_id = :round THEN r.result ELSE 'carried' END "
    "FROM wagers w LEFT JOIN results r ON r.wager_id = w.id WHERE w.seat = :seat "
    "AND (r.round_id = :round OR (w.round_id = :round AND (r.round_id IS NULL OR r.round_id != :round))) "
    "AND coalesce(r.result, '') != 'withdrawn' ORDER BY w.id"
)
#: A round's record before (``recall.recall``: the wagers placed in the round or settled by it): the baseline.
ROUND_BEFORE = recall._WAGERS + "WHERE w.round_id = :round OR r.round_id = :round ORDER BY w.id"
SEATS, WAGERS = 4, 5


def _fill(path: Path, rounds: int) -> None:
    schema.open_database(path).conn.close()  # the ledger's own tables and indexes
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys = OFF")  # rows only: no transactions, postings or chain tags
    tag = b"\0" * 32
    wager = result = 0
    for n in range(1, rounds + 1):
        db.execute("INSERT INTO rounds VALUES (?, 't', 'craps', '{}', ?)", (n, tag))
        db.execute("INSERT INTO outcomes VALUES (?, ?, 't', '{\"dice\": [3, 4]}', 'g', 0, 0, ?)", (n, n, tag))
        for seat in range(1, SEATS + 1):
            db.execute("INSERT INTO round_seats VALUES (NULL, ?, ?, 0, 500, 0, 0, ?)", (n, seat, tag))
            for k in range(WAGERS):
                wager += 1
                row = (wager, f"w{wager}", n, seat, "craps", "pass", "pass", "standard", 100, 0, 0, tag)
                db.execute("INSERT INTO wagers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
                settled = n + 3 if wager % 10 == 0 else n  # every tenth carried three rounds on
                if k == WAGERS - 1 and wager % 7 == 0:
                    outcome = "withdrawn"
                else:
                    outcome = "win" if wager % 3 == 0 else "lose"
                if settled <= rounds:
                    result += 1
                    returned = 200 if outcome == "win" else 100 if outcome == "withdrawn" else 0
                    db.execute(
                        "INSERT INTO results VALUES (?, ?, ?, ?, ?, '', 0, ?)",
                        (result, wager, settled, outcome, returned, tag),
                    )
    db.commit()
    db.close()


def _recall(db: sqlite3.Connection, query: str, seat: int, newest: list[int]) -> list[object]:
    return [db.execute(query, {"round": n, "seat": seat}).fetchall() for n in newest]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ledger.sqlite"
        started = time.perf_counter()
        _fill(path, args.rounds)
        print(f"ledger: {args.rounds:,} rounds, {args.rounds * SEATS * WAGERS:,} wagers "
              f"(written in {time.perf_counter() - started:.1f} s)")  # fmt: skip
        db = sqlite3.connect(path)
        newest = list(range(args.rounds - 9, args.rounds + 1))  # a recall: the seat's ten newest rounds
        for seat in range(1, SEATS + 1):
            for probe in (newest, list(range(1, 11)), list(range(args.rounds // 2, args.rounds // 2 + 10))):
                assert _recall(db, BEFORE, seat, probe) == _recall(db, recall._SEAT_WAGERS, seat, probe)
            probe = [*newest, 1, 2, args.rounds // 2]
            assert _recall(db, ROUND_BEFORE, seat, probe) == _recall(db, recall._ROUND_WAGERS, seat, probe)
        print("rows: the same from both queries of each pair (4 seats, the newest, oldest and middle rounds)")
        times: dict[str, list[float]] = {"before": [], "after": [], "round before": [], "round after": []}
        pairs = (("", BEFORE, recall._SEAT_WAGERS), ("round ", ROUND_BEFORE, recall._ROUND_WAGERS))
        for _ in range(args.repeats):
            for prefix, old, new in pairs:
                for name, query in ((f"{prefix}before", old), (f"{prefix}after", new)):
                    started = time.perf_counter()
                    _recall(db, query, 2, newest)
                    times[name].append(time.perf_counter() - started)
        db.close()
    for prefix, what in (("", "a seat's recall (10 rounds)"), ("round ", "10 rounds' records (recall)")):
        before, after = (statistics.median(times[prefix + k]) * 1000 for k in ("before", "after"))
        print(f"{what}, before: median {before:.3f} ms over {args.repeats}")
        print(f"{what}, after:  median {after:.3f} ms over {args.repeats}")
        print(f"ratio: {before / after:,.0f}x")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
