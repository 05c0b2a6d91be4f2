"""What the last round left: an RNG failure mid-run is a no-spin tilt a technician clears after a self-test;
a voided 00 spin is no game played; a ledger that cannot be written (disk full) tilts the running table.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from rng import Draw, RngFailure
from terminal.ledger import EventCode, StorageError, highwater
from terminal.table.controller import Controller
from terminal.table.phases import Phase
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tilts import Role, TiltClearError, TiltKind
from tests.net.net_helpers import until
from tests.table.harness import KEY, ScriptedRng, make_config, scripted_table


class BrokenRng(ScriptedRng):
    """A generator whose outcome draws fail (a health test tripped) until ``fixed`` is set."""

    fixed = False

    def _next(self) -> Draw[object]:
        if not self.fixed:
            raise RngFailure("repetition count test failed on the entropy source")
        return super()._next()

    def reseed(self) -> None:
        """What the technician's clear asks of the generator after its self-test passed."""


def _broken(tmp_path: Path, *values: object) -> tuple[Table, BrokenRng]:
    table = scripted_table(make_config(tmp_path, "[touchdown]\noffered = false\n"))
    rng = BrokenRng(table.rng.real, *values)  # type: ignore[attr-defined]
    table.rng = rng  # type: ignore[assignment]
    table.start()
    return table, rng


def test_an_rng_failure_mid_run_tilts_as_a_no_spin_and_every_wager_stands(tmp_path: Path) -> None:
    table, _ = _broken(tmp_path, 17)
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "black", 100)
    round_id = table.round_id
    report = table.play_round()  # no exception: the table stays up, tilted
    assert report.no_spin and report.settlements == ()
    assert [t.kind for t in table.tilts.active] == [TiltKind.RNG_FAILURE]
    assert table.phase is Phase.OPEN and table.round_id == round_id  # the window reopens, same round
    assert table.cashier.credits(1) == 900 and [w.amount for w in table.wagers.wagers_of(1)] == [100]
    with pytest.raises(Refused, match="rng_failure"):
        table.wagers.place(1, "red", 100)
    assert not table.window_over()  # the round waits for a technician
    assert [e.code for e in table.ledger.events(EventCode.RNG_SELFTEST_FAIL)] == [EventCode.RNG_SELFTEST_FAIL]


def test_only_a_technician_clears_it_and_only_after_a_passing_self_test(tmp_path: Path) -> None:
    table, rng = _broken(tmp_path, 17)
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "black", 100)
    table.play_round()
    with pytest.raises(TiltClearError, match="technician"):
        table.health.clear_rng_failure(Role.ATTENDANT, selftest=lambda: None)

    def failing() -> None:
        raise RngFailure("known-answer test of ctr_drbg_aes256 failed")

    with pytest.raises(RngFailure, match="known-answer"):
        table.health.clear_rng_failure(Role.TECHNICIAN, selftest=failing)
    assert table.tilts.blocks_table()  # still tilted
    rng.fixed = True
    table.health.clear_rng_failure(Role.TECHNICIAN)  # the real power-up self-test of the configured generator
    assert not table.tilts.active
    report = table.play_round()  # the standing wager is settled by the next draw: 17 is black
    assert report.text == "17" and table.cashier.credits(1) == 1_000 + 100
    fails = table.ledger.events(EventCode.RNG_SELFTEST_FAIL)
    passes = table.ledger.events(EventCode.RNG_SELFTEST_PASS)
    assert len(fails) == 2 and any('"tilt clear"' in e.detail for e in passes)


def test_the_round_loop_waits_tilted_instead_of_ending(tmp_path: Path) -> None:
    table, rng = _broken(tmp_path, 17)
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "black", 100)
    controller = Controller(table, stall_seconds=0.01)
    ticks, tick = [0], table.tick

    def counted_tick() -> tuple[int, ...]:  # the real tick, counted: how often the round loop went round
        ticks[0] += 1
        return tick()

    table.tick = counted_tick  # type: ignore[method-assign]

    async def scene() -> int:
        play = asyncio.create_task(controller.play(1))
        await until(lambda: table.tilts.blocks_table(), "the RNG failure's tilt")
        # A while tilted, the round waits, it does not end: its loop goes round 20 more times, for at least
        # 5 stall periods (the loop's own pace, not a fixed sleep a busy machine might spend elsewhere).
        since, start = ticks[0], asyncio.get_running_loop().time()
        await until(
            lambda: (
                play.done() or (ticks[0] >= since + 20 and asyncio.get_running_loop().time() - start > 0.05)
            ),
            "the tilted round's loop going round",
        )
        assert not play.done() and table.tilts.blocks_table()  # up, tilted, waiting
        assert table.cashier.credits(1) == 900
        rng.fixed = True
        table.health.clear_rng_failure(Role.TECHNICIAN, selftest=lambda: None)
        reports = await asyncio.wait_for(play, 60)
        return len(reports)

    assert asyncio.run(scene()) == 1
    assert table.cashier.credits(1) == 1_100


def test_a_voided_00_is_not_a_game_played(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n")
    table = scripted_table(c, 37, 17, 37, 37, 5)  # 00 then 17; 00, 00 then 5: two games, three voids
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "black", 100)
    assert table.play_round().text == "17"
    table.open_round()
    assert table.play_round().text == "5"
    metered = table.ledger.meters()
    assert metered["games_played"] == 2 and metered["void_spins"] == 3
    assert table.ledger.games_since(EventCode.POWER_UP) == 2
    assert table.ledger.audit() == []  # the journal gives the same counts, independently


def test_a_full_disk_tilts_the_running_table_with_the_file_and_the_cause(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, "[touchdown]\noffered = false\n"), 17)
    table.start()
    for _ in range(5):
        table.cashier.bill_stacked(1, 10_000)
    db = table.ledger.db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(StorageError):
        for _ in range(200):
            table.wagers.place(1, "red", 100)
    (tilt,) = table.tilts.active
    assert tilt.kind is TiltKind.LEDGER_STORAGE
    assert str(table.config.ledger.path) in tilt.detail and "disk is full" in tilt.detail
    with pytest.raises(Refused, match="ledger_storage"):
        table.wagers.place(1, "red", 100)


def test_a_mark_that_cannot_be_written_tilts_the_table(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 17)
    table.start()
    marks = table.ledger.marks
    assert marks is not None
    marks.path = tmp_path / "gone" / "ledger.mark"  # its folder vanished under the running table
    table.cashier.bill_stacked(1, 1_000)
    marks.flush()
    table.cashier.bill_stacked(1, 1_000)  # the next write sees the refusal
    (tilt,) = table.tilts.active
    assert tilt.kind is TiltKind.LEDGER_STORAGE and "gone/ledger.mark could not be written" in tilt.detail


def test_a_ledger_self_test_that_finds_the_database_behind_its_mark_tilts_the_table(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 17)
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    assert table.health.self_test_ledger() is None and not table.tilts.active
    ledger = table.ledger
    assert ledger.mark_path is not None and ledger.marks is not None
    ledger.marks.flush()
    mark = highwater.load(ledger.mark_path, KEY)
    assert mark is not None
    last, tag = mark.heads["events"]
    ahead = highwater.Mark(mark.ledger_id, mark.epoch, {**mark.heads, "events": (last + 3, tag)})
    highwater.write(ledger.mark_path, ahead, KEY)  # the mark has seen 3 events the database has lost
    finding = table.health.self_test_ledger()
    assert finding is not None and f"3 rows missing (events {last + 1}-{last + 3})" in finding
    (tilt,) = table.tilts.active
    assert tilt.kind is TiltKind.LEDGER_INTEGRITY and "rows missing" in tilt.detail
    with pytest.raises(TiltClearError):
        table.tilts.clear_tilt(TiltKind.LEDGER_INTEGRITY, None, Role.TECHNICIAN, condition_over=True)
