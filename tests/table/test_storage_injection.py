"""Storage failures injected at chosen points (GLI-11 item 44): each tilts the table, loses nothing committed
and never double-applies on restart.

The faults are real failures of the calls the ledger's storage makes, not exceptions raised in its place:
SQLite's own write and sync fail inside SQLite (``tests.support.faulty_vfs``: a VFS shim made the default,
so SQLite runs its own error path), and the files the ledger writes itself (the high-water mark, the chain
key) see ``os.write`` / ``os.fsync`` fail with the errno a failing disk gives.

Each point runs in a forked child: it plays a round (committed and acknowledged), arms the fault, plays on
until the fault strikes, reports what the table did and leaves with ``os._exit`` (no close, no checkpoint:
a crash; the write-ahead log keeps whatever the failed commit left in it). The parent then starts a new
table on the same files, settles what is left and checks the ledger (the whole chain, the high-water mark,
meters and balances against the journal) and compares credits and meters with a count made here by hand:
every round wagers red 1.00 and straight 17 1.00 and 17 comes up, so a round returns 36.00 for 2.00
staked, once.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from terminal.ledger import EventCode, StorageError, highwater
from terminal.table.phases import Phase
from terminal.table.table import Table
from terminal.table.tilts import TiltKind
from tests.support.faulty_vfs import SQLITE_FULL, SQLITE_IOERR_FSYNC, SQLITE_IOERR_WRITE, FaultyVfs
from tests.support.forked import fork
from tests.table.harness import make_config, scripted_table

CONFIG = "[table]\nseats = 2\n"
BILL = 10_000
STAKED, RETURNED = 200, 3_600  # red 100 loses on 17, straight 17 100 returns 36 times


def _wager(table: Table) -> None:
    table.wagers.place(1, "red", 100)
    table.wagers.place(1, "straight:17", 100)


def _report(table: Table, rounds: int, failed: BaseException | None, struck: bool) -> None:
    said = {
        "rounds": rounds,
        "error": None if failed is None else f"{type(failed).__name__}: {failed}",
        "tilts": [[t.kind.value, t.detail] for t in table.tilts.active],
        "struck": struck,
    }
    print(json.dumps(said))


def _run_child(job: Callable[[], None]) -> dict[str, object]:
    child = fork(job, watchdog_s=100)  # a hung child prints its stack before the wait gives up
    assert child.wait(120) == 0, child.output()
    said: dict[str, object] = json.loads(child.output().strip().splitlines()[-1])
    return said


NET = {"red": (100, 0), "straight:17": (100, 3_600)}  # spot → (stake, returned on 17)


def _restart_and_count(folder: Path, said: dict[str, object]) -> Table:
    """A new table on the child's files; every round is settled once and agrees with the count: the
    rounds the child finished, then the wagers it had placed (acknowledged) in the round left open or
    failed, settled now (the persisted outcome, or a new draw: 17 either way)."""
    table = scripted_table(make_config(folder, CONFIG), *([17] * 3))
    table.start()
    assert table.tilts.find(TiltKind.LEDGER_STORAGE, None) is not None, "the storage tilt was not kept"
    if table.ledger.pending():  # the failed round reopened with its wagers standing: it is played now
        assert table.phase is Phase.OPEN
        table.play_round()
    rounds = int(str(said["rounds"]))
    standing = list(said.get("standing", ["red", "straight:17"]))  # type: ignore[call-overload]
    staked = STAKED * rounds + sum(NET[spot][0] for spot in standing)
    returned = RETURNED * rounds + sum(NET[spot][1] for spot in standing)
    played = rounds + (1 if standing else 0)
    ledger = table.ledger
    assert ledger.verify().ok and ledger.audit() == [] and ledger.check_mark() is None
    assert ledger.pending() == []
    assert table.cashier.credits(1) == BILL - staked + returned
    meters = ledger.meters()
    assert meters["games_played"] == played and meters["cash_in"] == BILL
    assert meters["wagered"] == staked and meters.get("won", 0) == returned
    assert ledger.balances()["house"] == staked - returned
    return table


def _first_round(table: Table) -> None:
    table.start()
    table.cashier.bill_stacked(1, BILL)
    _wager(table)
    table.play_round()
    table.open_round()
    _wager(table)


# -- SQLite's own writes and syncs --------------------------------------------------------------------------
def test_the_shim_passes_everything_through_until_a_fault_strikes(tmp_path: Path) -> None:
    """Unarmed, the shim is the unix VFS: the log and shared memory beside the database, every write and
    sync seen; armed, exactly the chosen call fails with SQLite's own error and nothing else does."""

    def child() -> None:
        vfs = FaultyVfs()
        vfs.install()
        db = sqlite3.connect(tmp_path / "x.db", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (1)")
        seen = sorted(set(vfs.calls))
        vfs.arm("wal", "sync", SQLITE_IOERR_FSYNC)
        try:
            db.execute("INSERT INTO t VALUES (2)")
            error = ""
        except sqlite3.Error as failed:
            error = failed.sqlite_errorname
        db.execute("INSERT INTO t VALUES (3)")
        rows = [x for (x,) in db.execute("SELECT x FROM t")]
        print(json.dumps({"seen": seen, "error": error, "rows": rows, "files": sorted(os.listdir(tmp_path))}))

    said = _run_child(child)
    assert ["wal", "sync"] in said["seen"] and ["wal", "write"] in said["seen"], said  # type: ignore[operator]
    assert said["error"] == "SQLITE_IOERR_FSYNC" and said["rows"] == [1, 3], said
    assert said["files"] == ["x.db", "x.db-shm", "x.db-wal"], said  # nothing strayed elsewhere


SQLITE_POINTS = {
    # (the transaction, the file, the call, the error SQLite is given)
    "outcome: log sync fails": ("outcome", "wal", "sync", SQLITE_IOERR_FSYNC),
    "outcome: log write fails": ("outcome", "wal", "write", SQLITE_IOERR_WRITE),
    "settlement: log sync fails": ("settle", "wal", "sync", SQLITE_IOERR_FSYNC),
    "settlement: log write fails": ("settle", "wal", "write", SQLITE_IOERR_WRITE),
    "settlement: disk full": ("settle", "wal", "write", SQLITE_FULL),
}


@pytest.mark.parametrize("point", sorted(SQLITE_POINTS))
def test_a_failed_sqlite_write_or_sync_tilts_and_restarts_exactly(tmp_path: Path, point: str) -> None:
    where, kind, op, code = SQLITE_POINTS[point]

    def child() -> None:
        vfs = FaultyVfs()
        vfs.install()
        table = scripted_table(make_config(tmp_path, CONFIG), 17, 17)
        _first_round(table)
        table.phase = Phase.LOCKED
        failed: BaseException | None = None
        if where == "outcome":
            fault = vfs.arm(kind, op, code)
            try:
                table._draw()
            except StorageError as refused:
                failed = refused
        else:
            drawn = table._draw()  # the outcome is committed; the settlement's commit fails
            fault = vfs.arm(kind, op, code)
            try:
                table._settle_and_show(drawn.outcome, drawn.text)
            except StorageError as refused:
                failed = refused
        _report(table, 1, failed, fault.failed > 0)

    said = _run_child(child)
    assert said["struck"], f"{point}: the fault never struck"
    assert said["error"] is not None and str(tmp_path / "var" / "ledger.sqlite") in str(said["error"])
    assert [kind for kind, _ in said["tilts"]] == ["ledger_storage"], said  # type: ignore[union-attr]
    _restart_and_count(tmp_path, said)


def test_a_database_whose_fsync_fails_at_each_checkpoint_tilts_the_table(tmp_path: Path) -> None:
    """The write-ahead log syncs, the main database's sync fails from now on: each checkpoint fails. SQLite
    ignores a failed automatic checkpoint (the log still holds the rows), so the table must notice."""

    def child() -> None:
        vfs = FaultyVfs()
        vfs.install()
        table = scripted_table(make_config(tmp_path, CONFIG), *([17] * 400))
        _first_round(table)  # round 2 is open with both wagers
        fault = vfs.arm("db", "sync", SQLITE_IOERR_FSYNC, times=0)
        rounds, standing = 1, ["red", "straight:17"]
        while rounds < 300 and not table.tilts.active:  # enough rounds for several checkpoints
            table.play_round()
            rounds, standing = rounds + 1, []
            for step in (table.open_round, *(lambda s=s: table.wagers.place(1, s, 100) for s in NET)):
                if table.tilts.active:
                    break
                step()
                standing += [spot for spot in NET if any(w.spot == spot for w in table.wagers.wagers_of(1))
                             and spot not in standing]  # fmt: skip
        print(json.dumps({"rounds": rounds, "standing": standing, "struck": fault.failed > 0,
                          "tilts": [[t.kind.value, t.detail] for t in table.tilts.active]}))  # fmt: skip

    said = _run_child(child)
    assert said["struck"], "no checkpoint was attempted"
    tilts = said["tilts"]
    assert [kind for kind, _ in tilts] == ["ledger_storage"], said  # type: ignore[union-attr]
    assert "could not be checkpointed" in tilts[0][1] and "disk I/O error" in tilts[0][1], tilts  # type: ignore[index]
    _restart_and_count(tmp_path, said)


# -- the files the ledger writes itself ---------------------------------------------------------------------
def _failing_os(target: Callable[[str], bool], call: str, code: int) -> list[str]:
    """Make ``os.<call>`` fail with ``code`` on descriptors whose path ``target`` accepts (once)."""
    struck: list[str] = []
    real = getattr(os, call)

    def wrapped(fd: int, *args: object) -> object:
        path = os.readlink(f"/proc/self/fd/{fd}")
        if not struck and target(path):
            struck.append(path)
            raise OSError(code, os.strerror(code))
        return real(fd, *args)

    setattr(os, call, wrapped)  # in the forked child only
    return struck


MARK_POINTS = {
    "mark: write fails (disk full)": ("write", errno.ENOSPC, lambda p: ".mark." in p and p.endswith(".tmp")),
    "mark: fsync fails": ("fsync", errno.EIO, lambda p: ".mark." in p and p.endswith(".tmp")),
    "mark: folder fsync fails": ("fsync", errno.EIO, lambda p: p.endswith("/var")),
}


@pytest.mark.parametrize("point", sorted(MARK_POINTS))
def test_a_failed_mark_write_tilts_even_when_the_next_mark_is_written(tmp_path: Path, point: str) -> None:
    """The mark is written off the transaction's path; its failure must reach the tilt board even when the
    marks written after it (an event logged, the next round) succeed before anyone looks."""
    call, code, target = MARK_POINTS[point]

    def child() -> None:
        table = scripted_table(make_config(tmp_path, CONFIG), 17, 17)
        _first_round(table)
        marks = table.ledger.marks
        assert marks is not None
        marks.flush()
        struck = _failing_os(target, call, code)
        table.phase = Phase.LOCKED
        drawn = table._draw()  # committed; its mark fails (once)
        marks.flush()
        probe = {"probe": "after the failed mark"}
        table.tilts.log_event(EventCode.LEDGER_VERIFY_PASS, detail=probe)  # unguarded; its mark succeeds
        marks.flush()
        failed: BaseException | None = None
        try:
            table._settle_and_show(drawn.outcome, drawn.text)  # committed; the board looks now
        except StorageError as refused:
            failed = refused
        _report(table, 1, failed, bool(struck))

    said = _run_child(child)
    assert said["struck"], f"{point}: the fault never struck"
    tilts = said["tilts"]
    assert [kind for kind, _ in tilts] == ["ledger_storage"], said  # type: ignore[union-attr]
    assert "high-water mark" in tilts[0][1], tilts  # type: ignore[index]
    # The settlement itself committed: the count is of 2 rounds, the restart settles nothing again.
    _restart_and_count(tmp_path, {**said, "rounds": 2, "standing": []})
    mark = highwater.load(tmp_path / "var" / "ledger.mark", bytes(range(32)))
    assert mark is not None and mark.rows > 0


def test_a_chain_key_whose_fsync_fails_leaves_no_key_behind(tmp_path: Path) -> None:
    """The first start makes the chain key; if its fsync fails the key may never reach the disk, so the
    start is refused in one line and no key file is left to be trusted by the next start."""
    from terminal.ledger import keyfile
    from terminal.ledger.errors import LedgerError

    key_path = tmp_path / "var" / "ledger.key"

    def child() -> None:
        struck = _failing_os(lambda p: "ledger.key" in p, "fsync", errno.EIO)
        try:
            keyfile.load_or_create(key_path, lambda n: bytes(range(n)))
            said = "made"
        except LedgerError as refused:
            said = f"refused: {refused}"
        except OSError as raw:
            said = f"raw: {raw!r}"
        print(json.dumps({"said": said, "struck": bool(struck), "left": sorted(os.listdir(key_path.parent))}))

    child_said = _run_child(child)
    assert child_said["struck"]
    said = str(child_said["said"])
    assert said.startswith("refused: ") and str(key_path) in said and "\n" not in said, said
    assert child_said["left"] == [], child_said  # neither the key nor a temporary copy
    assert keyfile.load_or_create(key_path, lambda n: bytes(range(n))) == bytes(range(32))  # a clean retry
