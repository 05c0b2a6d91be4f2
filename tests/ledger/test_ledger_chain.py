"""The chain: append-only triggers, and verification naming every kind of tampering.

Each tamper test drops the triggers (as an attacker with the file would), changes rows, puts the
triggers back, and checks that verification names the first bad row.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlite_utils
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.ledger import IntegrityError, KeyFileError, Ledger, SchemaError, chain, keyfile, schema
from tests.ledger.ledger_scenario import START, open_ledger, scenario

STORY = """
    bill 1 20.00
    bill 2 10.00
    round roulette
    wager a 1 red red 5.00
    wager b 2 black black 2.00
    outcome {"pocket": 3}
    settle a win 10.00
    settle b lose 0
    end
    voucher 2 v
    redeem v 1
"""


def _tampered(change: Callable[[sqlite_utils.Database], None], **options: object) -> Ledger:
    led = scenario(STORY, open_ledger(**options))
    assert led.verify().ok
    for table in schema.CHAINED:
        led.db.execute(f"DROP TRIGGER {table}_no_update")
        led.db.execute(f"DROP TRIGGER {table}_no_delete")
    led.db.execute("PRAGMA foreign_keys=OFF")
    change(led.db)
    led.db.execute("PRAGMA foreign_keys=ON")
    schema.create(led.db)  # triggers back: only the rows tell the story
    return led


def _bad(led: Ledger) -> str:
    found = led.verify()
    assert not found.ok
    assert found.first_bad is not None
    return found.first_bad


def test_the_triggers_refuse_update_and_delete() -> None:
    led = scenario(STORY)
    refused = (
        "UPDATE postings SET amount = 0 WHERE id = 1",
        "DELETE FROM events WHERE id = 1",
        "UPDATE vouchers SET amount = 1",
        "DELETE FROM outcomes",
        "UPDATE rounds SET game = 'craps'",
    )
    for sql in refused:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            led.db.execute(sql)
    assert led.verify().ok


def test_an_edited_row_is_named() -> None:
    led = _tampered(lambda db: db.execute("UPDATE postings SET amount = amount + 100 WHERE id = 3"))
    assert _bad(led).startswith("postings row 3: HMAC mismatch")


def test_a_deleted_row_is_named() -> None:
    led = _tampered(lambda db: db.execute("DELETE FROM events WHERE id = 2"))
    assert _bad(led) == "events row 2 missing (deleted), next row is 3"


def test_a_row_cut_from_the_end_is_found() -> None:
    led = _tampered(lambda db: db.execute("DELETE FROM postings WHERE id = (SELECT max(id) FROM postings)"))
    last = led.chain.heads["postings"].last_id
    assert _bad(led) == f"postings row {last} missing (deleted): the sealed chain head is row {last}"


def test_a_row_appended_without_the_key_is_found() -> None:
    def add(db: sqlite_utils.Database) -> None:
        db.execute(
            "INSERT INTO events (time, code, name, detail, tag) VALUES ('x', 100, 'POWER_UP', '{}', x'00')"
        )

    led = _tampered(add)
    last = led.chain.heads["events"].last_id
    assert _bad(led) == f"events row {last + 1}: HMAC mismatch (row edited, inserted or moved here)"


def test_a_row_inserted_in_the_middle_is_found() -> None:
    def insert(db: sqlite_utils.Database) -> None:
        top = db.execute("SELECT max(id) FROM events").fetchone()[0]
        for row_id in range(top, 1, -1):  # make room at id 2, as an attacker renumbering would
            db.execute("UPDATE events SET id = id + 1 WHERE id = ?", [row_id])
        db.execute("INSERT INTO events (id, time, code, name, detail, tag) "
                   "SELECT 2, time, 201, 'DOOR_CLOSE', "
                   "detail, tag FROM events WHERE id = 1")  # fmt: skip

    assert _bad(_tampered(insert)).startswith("events row 2: HMAC mismatch")


def test_reordered_rows_are_found() -> None:
    def swap(db: sqlite_utils.Database) -> None:
        db.execute("UPDATE transactions SET id = -1 WHERE id = 2")
        db.execute("UPDATE transactions SET id = 2 WHERE id = 3")
        db.execute("UPDATE transactions SET id = 3 WHERE id = -1")

    assert _bad(_tampered(swap)).startswith("transactions row 2: HMAC mismatch")


def test_a_rolled_back_chain_head_is_found() -> None:
    led = _tampered(lambda db: db.execute("UPDATE heads SET last_id = last_id - 1 WHERE tbl = 'events'"))
    assert _bad(led) == "heads row 'events': MAC mismatch (chain head edited)"


def test_a_missing_trigger_is_found() -> None:
    led = scenario(STORY)
    led.db.execute("DROP TRIGGER vouchers_no_update")
    assert _bad(led) == "append-only trigger vouchers_no_update is missing"


def test_a_different_key_does_not_verify() -> None:
    led = scenario(STORY)
    led.key = bytes(32)
    assert not led.verify().ok


def test_incremental_verification_starts_at_the_last_checkpoint() -> None:
    led = open_ledger(checkpoint_rows=100)
    for _ in range(12):
        led.bill_stacked(1, 2000, now=START)
    scenario("round craps\noutcome [1, 1]\nend", led)
    for _ in range(30):
        led.bill_stacked(2, 100, now=START)
    full, quick = led.verify(), led.verify(incremental=True)
    assert full.ok and quick.ok
    total = sum(h.last_id for h in led.chain.heads.values())
    assert full.rows == total
    assert quick.rows < 100 + led.chain.heads["checkpoints"].last_id  # after the checkpoint, plus checkpoints
    assert led.chain.heads["checkpoints"].last_id >= 1


def test_incremental_verification_finds_a_change_after_the_checkpoint(tmp_path: Path) -> None:
    path, key = tmp_path / "l.sqlite", bytes(range(32))
    led = Ledger(path, key, now=START, bills=(100,), checkpoint_rows=100)
    for _ in range(60):
        led.bill_stacked(1, 100, now=START)
    led.close()
    with sqlite_utils.Database(path) as db:
        db.execute("DROP TRIGGER events_no_update")
        db.execute("UPDATE events SET seat = 2 WHERE id = (SELECT max(id) FROM events)")
    with pytest.raises(IntegrityError, match=r"events row \d+: HMAC mismatch"):
        Ledger(path, key, now=START, bills=(100,), checkpoint_rows=100)


def test_the_database_is_opened_safely(tmp_path: Path) -> None:
    db = schema.open_database(tmp_path / "x.sqlite")
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    db.execute("PRAGMA synchronous=NORMAL")
    with pytest.raises(SchemaError, match="synchronous=1"):
        schema.check_settings(db)


def test_the_key_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "ledger.key"
    key = keyfile.load_or_create(path, lambda n: b"\x07" * n)
    assert key == b"\x07" * 32
    assert path.stat().st_mode & 0o777 == 0o600
    assert keyfile.load_or_create(path, lambda n: b"\x09" * n) == key  # created once, then read
    path.chmod(0o644)
    with pytest.raises(KeyFileError, match="mode 644"):
        keyfile.load(path)
    path.chmod(0o600)
    path.write_bytes(b"short")
    with pytest.raises(KeyFileError, match="5 bytes"):
        keyfile.load(path)
    with pytest.raises(KeyFileError, match="no chain key"):
        keyfile.load(tmp_path / "missing.key")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1),
                          st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"))),
                min_size=3, max_size=3))  # fmt: skip
def test_python_and_sqlite_write_the_same_canonical_form(values: list[int | str | None]) -> None:
    db = sqlite_utils.Database(memory=True)
    db.execute("CREATE TABLE t (a, b, c)")
    db.execute("INSERT INTO t VALUES (?, ?, ?)", values)
    from_sql = db.execute(f"SELECT {chain.canonical_sql(('a', 'b', 'c'))} FROM t").fetchone()[0]
    assert from_sql == chain.canonical(tuple(values))
