"""The child of the crash test: plays rounds on a ledger forever, reporting each commit after it returns.

Run as ``python -m tests.ledger.ledger_crash_child DB KEYHEX [MARK]``. After every committed transaction it
prints ``<what> <id>`` and flushes, so whatever the parent has read was committed. It resumes from the ledger
the way the table does: a drawn round is settled with its persisted outcome, never drawn again.

``python -m tests.ledger.ledger_crash_child --fork`` imports all that once, then for each line it reads
(``DB KEYHEX MARK REPORT``) forks a child that does the same with its reports written to the file REPORT
(each line written before the next commit begins, as to a pipe), answers ``pid N``, and once the child
has ended (the test kills it) ``exit S``: one interpreter's start-up for all the kills instead of one each.
"""

from __future__ import annotations

import gc
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

from terminal.games.base import Result, Settlement
from terminal.ledger import Draw, Ledger, WagerSpec

SEATS = (1, 2, 3, 4)


def _say(what: str, value: int) -> None:
    sys.stdout.write(f"{what} {value}\n")
    sys.stdout.flush()


def _step(led: Ledger, now: datetime) -> None:
    last = led.resume()
    if last is None or last.phase == "settled":
        _say("round", led.open_round("roulette", now=now))
    elif last.phase == "open" and not last.wagers:
        for seat in SEATS:
            if led.credits(seat) < 800:
                _say("txn", led.bill_stacked(seat, 2000, now=now))
        specs = [WagerSpec(f"r{last.id}-s{seat}-{n}", seat, "straight", str(n), "standard", 100)
                 for seat in SEATS for n in range(5)]  # fmt: skip
        led.place_wagers(last.id, specs, now=now)
        _say("wagers", last.id)
    elif last.phase == "open":
        led.record_outcome(last.id, {"pocket": last.id % 38}, Draw("test", last.id, 0), now=now)
        _say("outcome", last.id)
    else:
        settled = [
            Settlement(w.ref, w.kind, w.paytable, w.stake, w.stake * 36 if i % 7 == 0 else 0,
                       Result.WIN if i % 7 == 0 else Result.LOSE)
            for i, w in enumerate(last.wagers)
        ]  # fmt: skip
        led.settle_round(last.id, settled, now=now, state={"round": last.id})
        _say("settled", last.id)


def main(path: str, key: bytes, mark: Path | None) -> None:
    led = Ledger(path, key, now=datetime.now(UTC), bills=(2000,), checkpoint_rows=200, mark_path=mark)
    _say("opened", 0)
    while True:
        _step(led, datetime.now(UTC))


def serve() -> None:
    """Fork a child for each request line; say its pid, then how it ended (a signal as its negative)."""
    for line in sys.stdin:
        path, key, mark, report = line.split()
        gc.freeze()  # the imported objects out of the collector's reach: a child does not copy their pages
        pid = os.fork()
        if pid == 0:  # the child: its reports to the file, and never back into this loop
            try:
                sys.stdout = open(report, "w", encoding="utf-8")  # noqa: SIM115  (it ends with the process)
                main(path, bytes.fromhex(key), Path(mark))
            finally:
                os._exit(1)
        print(f"pid {pid}", flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"exit {os.waitstatus_to_exitcode(status)}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--fork"]:
        serve()
    else:  # the high-water mark, as in production, when given
        main(sys.argv[1], bytes.fromhex(sys.argv[2]), Path(sys.argv[3]) if len(sys.argv) > 3 else None)
