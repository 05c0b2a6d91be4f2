"""Rollback and swap: an older copy of the database, or another table's, verifies on its own; the
high-water mark beside the key refuses both, at start-up and in ``terminal ledger verify``, and a crash
between the commit and the mark's write is never a false alarm.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.ledger import IntegrityError, KeyFileError, Ledger, highwater, keyfile, schema
from terminal.ledger.highwater import RollbackError
from terminal.ledger.verify import verify
from tests.ledger.ledger_scenario import ATTENDANT, START, SUPERVISOR, scenario
from tests.ledger.two_people import adopt_as_two

KEY = bytes(range(32))
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
_played_rounds = iter(range(1, 1_000))


def play() -> str:
    """One round's story, its wager refs new every time."""
    return PLAY.format(n=next(_played_rounds))


def _open(folder: Path, **options: object) -> Ledger:
    return Ledger(folder / "var" / "ledger.sqlite", KEY, now=START, bills=(2000,), checkpoint_rows=100,
                  mark_path=folder / "var" / "ledger.mark", **options)  # type: ignore[arg-type]  # fmt: skip


def _rows(db: Path) -> dict[str, int]:
    """Rows of every chained table, counted with plain sqlite3 (not the code under test)."""
    with closing(sqlite3.connect(db)) as conn:  # closed at once: no connection may outlive a file swap
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in schema.CHAINED}


def _played(folder: Path, times: int = 1) -> None:
    led = _open(folder)
    for _ in range(times):
        scenario(play(), led)
    led.close()


def test_an_older_copy_of_the_whole_database_verifies_alone_but_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "var" / "ledger.sqlite"
    _played(tmp_path)
    assert not Path(f"{db}-wal").exists()  # closed cleanly: the file is the whole database
    shutil.copy(db, tmp_path / "older.sqlite")
    before = _rows(db)
    _played(tmp_path, times=2)
    after = _rows(db)
    shutil.copy(tmp_path / "older.sqlite", db)
    alone = schema.open_database(db)
    assert verify(alone, KEY).ok  # every row of the old copy is genuine: the chain alone cannot tell
    alone.close()
    with pytest.raises(RollbackError) as refused:
        _open(tmp_path)
    message = str(refused.value)
    missing = {t: (before[t] + 1, after[t]) for t in after if after[t] > before[t]}
    assert "\n" not in message and "behind its high-water mark" in message
    assert f"{sum(b - a + 1 for a, b in missing.values())} rows missing" in message
    for table, (first, last) in missing.items():
        assert f"{table} {first}-{last}" in message or f"{table} {last}" in message
    assert isinstance(refused.value, IntegrityError)  # the table stays closed on an integrity failure


def test_a_database_of_another_table_is_refused_even_with_the_same_key(tmp_path: Path) -> None:
    _played(tmp_path / "a")
    other = Ledger(tmp_path / "b" / "ledger.sqlite", KEY, now=START + timedelta(days=3), bills=(2000,))
    scenario(play() + play(), other)  # a longer history: "ahead", yet not this table's
    other.close()
    shutil.copy(tmp_path / "b" / "ledger.sqlite", tmp_path / "a" / "var" / "ledger.sqlite")
    with pytest.raises(RollbackError, match=r"another ledger .* a copy from another table"):
        _open(tmp_path / "a")


def test_a_deleted_database_is_not_silently_started_afresh(tmp_path: Path) -> None:
    _played(tmp_path)
    (tmp_path / "var" / "ledger.sqlite").unlink()
    with pytest.raises(RollbackError, match=r"ledger\.sqlite is missing: .* records \d+ rows"):
        _open(tmp_path)
    assert not (tmp_path / "var" / "ledger.sqlite").exists()  # refused before anything made an empty one


def test_a_crash_between_the_commit_and_the_mark_is_no_false_alarm(tmp_path: Path) -> None:
    mark = tmp_path / "var" / "ledger.mark"
    _played(tmp_path)
    shutil.copy(mark, tmp_path / "stale.mark")
    _played(tmp_path)
    shutil.copy(tmp_path / "stale.mark", mark)  # as if killed after the commits, before the mark's write
    stale = highwater.load(mark, KEY)
    assert stale is not None and stale.rows < sum(_rows(tmp_path / "var" / "ledger.sqlite").values())
    led = _open(tmp_path)  # ahead of the mark and verified: accepted, and the mark advanced
    assert led.check_mark() is None
    led.close()
    advanced = highwater.load(mark, KEY)
    assert advanced is not None and advanced.rows == sum(_rows(tmp_path / "var" / "ledger.sqlite").values())


def test_the_mark_is_sealed_and_a_ledger_without_one_must_be_adopted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = tmp_path / "var" / "ledger.mark"
    _played(tmp_path)
    mark.write_bytes(mark.read_bytes().replace(b'"epoch":1', b'"epoch":2'))
    with pytest.raises(IntegrityError, match="HMAC mismatch"):
        _open(tmp_path)
    mark.unlink()
    with pytest.raises(RollbackError, match=r"no high-water mark .* holds"):
        _open(tmp_path)
    cfg = _config(tmp_path)
    assert adopt_as_two(cfg, monkeypatch) == 0
    _open(tmp_path).close()


def _config(folder: Path) -> Path:
    cfg = folder / "kiosk.cfg"
    cfg.write_text(f"[ledger]\npath = {folder}/var/ledger.sqlite\nkey_path = {folder}/var/ledger.key\n")
    key = folder / "var" / "ledger.key"
    if not key.exists():
        key.parent.mkdir(parents=True, exist_ok=True)
        key.write_bytes(KEY)
        key.chmod(0o600)
    return cfg


def test_ledger_verify_refuses_an_older_copy_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _config(tmp_path)
    db = tmp_path / "var" / "ledger.sqlite"
    _played(tmp_path)
    shutil.copy(db, tmp_path / "older.sqlite")
    _played(tmp_path)
    assert main(["ledger", "verify", "--config", str(cfg)]) == 0
    shutil.copy(tmp_path / "older.sqlite", db)
    capsys.readouterr()
    assert main(["ledger", "verify", "--config", str(cfg)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "rows missing" in out and "behind its high-water mark" in out


def test_a_missing_key_beside_an_existing_ledger_says_so_and_makes_no_new_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _config(tmp_path)
    _played(tmp_path)
    key = tmp_path / "var" / "ledger.key"
    key.unlink()
    for command in (["ledger", "verify"], ["run", "--rounds", "1"]):
        assert main([*command, "--config", str(cfg)]) == 1
        err = capsys.readouterr().err
        assert f"no chain key at {key}" in err and "edited" not in err, err
        assert not key.exists()
    with pytest.raises(KeyFileError):
        keyfile.load(key)


def test_a_ram_clear_moves_the_mark_to_the_new_epoch_and_the_old_one_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "var" / "ledger.sqlite"
    led = _open(tmp_path, archive_dir=tmp_path / "archive")
    scenario(play(), led)
    led.cancel_credits(1, ATTENDANT, now=START)
    archived = led.ram_clear(ATTENDANT, SUPERVISOR, now=START + timedelta(hours=1))
    scenario(play(), led)
    led.close()
    _open(tmp_path).close()  # the new epoch reaches its mark: no false alarm after a RAM clear
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    shutil.copy(archived, db)  # the archived epoch put back: genuine, but not what the mark follows
    with pytest.raises(RollbackError, match="another ledger"):
        _open(tmp_path)
