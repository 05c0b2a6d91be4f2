"""The ledger's guards: adopting is a logged two-person act, verification reads one snapshot beside a live
table, one table per ledger, a report verifies first, and nothing is left behind by a refusal.

Each case was reproduced against the code before these guards (adopt with no PIN and no record, ``beyond
the sealed chain head`` from a verify beside a live table, two tables on one ledger, a report that
"holds" on a tampered or keyless ledger, an empty ledger left by a refused ``run``, a key complaint about
a file of garbage, an orphan ``ledger.mark.*.tmp`` on a full disk).
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import shutil
import signal
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlite_utils

from terminal import config
from terminal.cli import main
from terminal.ledger import EventCode, Ledger, highwater
from terminal.ledger.errors import StorageError
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.ledger.ledger_scenario import START, scenario
from tests.ledger.two_people import adopt_as_two
from tests.support import forked

KEY = bytes(range(32))
ROOT = Path(__file__).resolve().parents[2]
PLAY = """
bill 1 20.00
round roulette
wager a{n} 1 straight 17 1.00
wager b{n} 1 red red 2.00
outcome {{"pocket": 17}}
settle a{n} win 36.00
settle b{n} lose 0.00
end
"""
_rounds = iter(range(1, 10_000))


def _cfg(folder: Path) -> Path:
    cfg = folder / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 2\n[ledger]\npath = var/ledger.sqlite\nkey_path = var/ledger.key\n")
    key = folder / "var" / "ledger.key"
    key.parent.mkdir(parents=True, exist_ok=True)
    key.write_bytes(KEY)
    key.chmod(0o600)
    return cfg


def _ledger(folder: Path) -> Ledger:
    return Ledger(folder / "var" / "ledger.sqlite", KEY, now=START, bills=(2000,), checkpoint_rows=50,
                  mark_path=folder / "var" / "ledger.mark")  # fmt: skip


def _play(folder: Path, rounds: int = 1) -> None:
    led = _ledger(folder)
    for _ in range(rounds):
        scenario(PLAY.format(n=next(_rounds)), led)
    led.close()


def _events(db: Path, code: EventCode) -> list[tuple[str | None, dict[str, object]]]:
    with sqlite_utils.Database(db) as found:
        rows = found.execute("SELECT user, detail FROM events WHERE code = ? ORDER BY id", [int(code)])
        return [(user, json.loads(detail)) for user, detail in rows]


# -- adopt ---------------------------------------------------------------------------------------------
def test_adopting_needs_an_administrator_and_a_second_person_and_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    _play(tmp_path)
    (tmp_path / "var" / "ledger.mark").unlink()  # a ledger the mark does not follow
    with pytest.raises(SystemExit, match="2"):  # no people named: refused by the parser
        main(["ledger", "adopt", "--config", str(cfg)])
    for admin, second in (("ada", "ada"), ("tom", "ada"), ("ada", "nobody")):
        assert adopt_as_two(cfg, monkeypatch, admin, second) == 1, (admin, second)
        assert not (tmp_path / "var" / "ledger.mark").exists()
    capsys.readouterr()
    assert adopt_as_two(cfg, monkeypatch, "ada", "tom") == 0
    assert "LEDGER_ADOPT by ada and tom" in capsys.readouterr().out
    ((user, detail),) = _events(tmp_path / "var" / "ledger.sqlite", EventCode.LEDGER_ADOPT)
    assert user == "ada" and detail["second_user"] == "tom" and detail["second_role"] == "technician"
    assert detail["rows_given_up"] == 0 and detail["previous_mark"] is None
    _ledger(tmp_path).close()  # the mark follows it, the adoption event included


def test_a_database_behind_its_mark_is_adopted_only_when_the_rows_given_up_are_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    db, mark = tmp_path / "var" / "ledger.sqlite", tmp_path / "var" / "ledger.mark"
    _play(tmp_path)
    shutil.copy(db, tmp_path / "older.sqlite")
    _play(tmp_path, rounds=2)
    before = highwater.load(mark, KEY)
    assert before is not None
    with sqlite_utils.Database(tmp_path / "older.sqlite") as older:
        have = sum(older.execute(f"SELECT count(*) FROM [{t}]").fetchone()[0] for t in before.heads)
        rounds_then = older.execute("SELECT max(id) FROM rounds").fetchone()[0]
    lost = before.rows - have  # counted by plain SQL, not by the code under test
    shutil.copy(tmp_path / "older.sqlite", db)
    for typed in ("", "yes", str(lost + 1)):
        assert adopt_as_two(cfg, monkeypatch, typed=typed) == 1
        assert highwater.load(mark, KEY) == before  # refused: the mark is untouched
    out = capsys.readouterr().out
    reused = [rounds_then + 1, before.heads["rounds"][0]]
    assert f"adopting gives up {lost} rows" in out and f"round ids {reused[0]}-{reused[1]}" in out
    assert adopt_as_two(cfg, monkeypatch, typed=str(lost)) == 0
    ((_, detail),) = _events(db, EventCode.LEDGER_ADOPT)
    assert detail["rows_given_up"] == lost and detail["rounds_reused"] == reused
    previous = {"ledger_id": before.ledger_id, "epoch": before.epoch, "rows": before.rows}
    assert detail["previous_mark"] == previous


def test_adopt_is_refused_while_a_table_runs_on_the_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    table = boot(config.load(cfg), ManualClock(1_800_000_000.0))
    try:
        assert adopt_as_two(cfg, monkeypatch) == 1
        assert f"in use by process {os.getpid()}" in capsys.readouterr().err
    finally:
        table.ledger.close()


# -- one table per ledger ----------------------------------------------------------------------------
def test_a_second_table_on_the_same_ledger_is_refused_naming_the_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The second table runs in this process: ``flock`` locks an open file, not a process, so a second
    open of ``table.lock`` is refused here exactly as in another process (which would print the same)."""
    cfg = _cfg(tmp_path)
    table = boot(config.load(cfg), ManualClock(1_800_000_000.0))
    table.start()
    try:
        capsys.readouterr()
        assert main(["run", "--headless", "--rounds", "1", "--config", str(cfg)]) == 1
        refusal = capsys.readouterr().err.strip().splitlines()[-1]
        assert f"is in use by process {os.getpid()}" in refusal and "one table per ledger" in refusal
        assert main(["ledger", "verify", "--config", str(cfg)]) == 0  # reading needs no lock
    finally:
        table.ledger.close()
    table = boot(config.load(cfg), ManualClock(1_800_000_100.0))  # released: the next start is free
    table.ledger.close()


# -- verify beside a live table --------------------------------------------------------------------------
def test_verify_beside_a_table_that_keeps_writing_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    _play(tmp_path, rounds=30)  # enough rows that each verification spans several of the writer's commits

    def writer() -> None:  # the table: a process of its own, forked (it needs no fresh interpreter)
        var = tmp_path / "var"
        led = Ledger(var / "ledger.sqlite", bytes(range(32)), now=datetime.now(UTC), checkpoint_rows=50,
                     mark_path=var / "ledger.mark")  # fmt: skip
        for n in itertools.count():
            led.log_event(EventCode.COMMS_LOSS, now=datetime.now(UTC), seat=1)
            if n == 20:
                print("writing")

    table = forked.fork(writer)
    try:
        assert table.stdout.readline() == "writing\n"
        results = [main(["ledger", "verify", "--config", str(cfg)]) for _ in range(5)]
        assert table.poll() is None  # it wrote all along
    finally:
        table.kill()
    out = capsys.readouterr().out
    assert results == [0] * 5, out
    assert "beyond the sealed chain head" not in out


# -- report ----------------------------------------------------------------------------------------------
def test_a_report_verifies_first_and_says_so_on_its_first_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    _play(tmp_path)
    assert main(["ledger", "report", "--config", str(cfg)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("ledger verify OK: ") and "rows verified up to the high-water mark" in lines[0]
    identity = next(line for line in lines if line.startswith("identity"))
    # in dollars like every other line: 20.00 in, 3.00 wagered, 36.00 won back = 53.00
    assert identity == (
        "identity: seat credits $53.00 = cash in + vouchers in + won - wagered - cash out - vouchers out - "
        "hand-pays = $53.00: holds"
    )


def test_a_report_on_a_tampered_keyless_or_emptied_ledger_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    db, key = tmp_path / "var" / "ledger.sqlite", tmp_path / "var" / "ledger.key"
    _play(tmp_path)
    with sqlite_utils.Database(db) as found:  # an insider edits a stake past the append-only trigger
        found.execute("DROP TRIGGER wagers_no_update")
        found.execute("UPDATE wagers SET stake = 5000 WHERE id = 1")
        found.execute(
            "CREATE TRIGGER wagers_no_update BEFORE UPDATE ON wagers BEGIN SELECT RAISE(ABORT, 'x'); END"
        )
    assert main(["ledger", "report", "--config", str(cfg)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("ledger verify FAILED") and "wagers row 1" in first
    assert main(["ledger", "report", "--json", "--config", str(cfg)]) == 1
    assert json.loads(capsys.readouterr().out)["verified"] is False
    key.rename(tmp_path / "away.key")
    assert main(["ledger", "report", "--config", str(cfg)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("ledger verify FAILED: cannot verify: no chain key")
    (tmp_path / "away.key").rename(key)
    db.unlink()
    db.write_bytes(b"")  # an empty file where the database was
    assert main(["ledger", "report", "--config", str(cfg)]) == 1
    assert "FAILED" in capsys.readouterr().out.splitlines()[0]


def test_a_deleted_database_is_missing_and_a_refused_run_leaves_no_empty_ledger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    db = tmp_path / "var" / "ledger.sqlite"
    _play(tmp_path)
    db.unlink()
    assert main(["run", "--headless", "--rounds", "1", "--config", str(cfg)]) == 1
    err = capsys.readouterr().err
    assert "is missing" in err and "older copy" not in err, err
    assert not db.exists()  # nothing left behind for the next command to mistake for a ledger
    for command in ("report", "verify"):
        assert main(["ledger", command, "--config", str(cfg)]) == 1
        err = capsys.readouterr().err
        assert f"no ledger at {db}: the database is missing" in err and "older copy" not in err


def test_garbage_with_no_key_is_reported_as_garbage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    db = tmp_path / "var" / "ledger.sqlite"
    (tmp_path / "var" / "ledger.key").unlink()
    db.write_bytes(bytes((n * 73 + 11) % 256 for n in range(40_000)))
    for command in (["run", "--headless", "--rounds", "1"], ["ledger", "verify"], ["ledger", "report"]):
        assert main([*command, "--config", str(cfg)]) == 1
        err = capsys.readouterr().err
        assert "not a ledger database: corrupt or garbage bytes" in err and "chain key" not in err, err
    assert not (tmp_path / "var" / "ledger.key").exists()


def test_a_mark_that_cannot_be_written_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A file-size limit makes the write fail after the temporary file exists, as a full disk does."""
    path = tmp_path / "ledger.mark"

    def limited() -> None:  # a process of its own for the limit (forked: it needs no fresh interpreter)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))
        try:
            mark = highwater.Mark("ab" * 32, 1, {"events": (9, "cd" * 32)})
            highwater.write(path, mark, bytes(32))
        except StorageError as refused:
            print("refused:", refused)

    child = forked.fork(limited)
    child.wait(300)
    printed = child.output()
    assert "refused: high-water mark" in printed, printed
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # neither the mark nor a ledger.mark.*.tmp


def test_reading_commands_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Reading commands write nothing: the database's bytes and the mark stay as they were."""
    cfg = _cfg(tmp_path)
    _play(tmp_path, rounds=2)
    db, mark = tmp_path / "var" / "ledger.sqlite", tmp_path / "var" / "ledger.mark"
    before = (db.read_bytes(), mark.read_bytes(), db.stat().st_mtime_ns)
    for command in (["verify"], ["report"], ["export", "--out", str(tmp_path / "audit")]):
        assert main(["ledger", *command, "--config", str(cfg)]) == 0
    assert (db.read_bytes(), mark.read_bytes(), db.stat().st_mtime_ns) == before
