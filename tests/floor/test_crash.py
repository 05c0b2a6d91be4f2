"""Crashes and rollbacks against a real ``nats-server -js``.

SIGKILL between the journal's commit and the publish: the outbox row committed with the journal, so the
next start sends it, once. SIGKILL at a random instant of a running table: whatever was in flight, the
stream ends up with every ledger event exactly once, in order. A ledger rolled back together with its
high-water mark passes its own checks, but not the floor's witness: the table stays closed.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nats
import pytest

from terminal.cli import main
from terminal.floor import signing, witness
from terminal.ledger import EventCode, IntegrityError
from terminal.ledger.floorstore import FloorStore
from terminal.ledger.highwater import RollbackError
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.floor.page import add_users
from tests.floor.servers import Server, floor_options, held, stream_count, stream_messages
from tests.floor.tables import floor_config, ledger_facts
from tests.floor.test_link import _quiet, _table_messages, check_floor_matches_ledger

from terminal.lab.headless import run_headless  # isort: skip

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # a process killed; in-process, test_link_cut_... sends at the next start what was left
def test_killed_between_commit_and_publish_the_event_still_arrives_once(
    tmp_path: Path, server: Server
) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=2, seats=2, progress=_quiet)
    before = len(_table_messages(server.url, "T-01"))
    # A process commits two bills with the floor on (outbox rows in the same transactions) and is killed
    # before any publisher could send them: exactly the disk a kill between commit and publish leaves.
    child = textwrap.dedent(f"""
        import os, signal
        from datetime import UTC, datetime
        from terminal import config
        from terminal.ledger import Ledger
        c = config.load(__import__("pathlib").Path({str(c.path)!r}))
        ledger = Ledger.from_config(c, now=datetime.now(UTC))
        ledger.bill_stacked(1, 2000, now=datetime.now(UTC))
        ledger.bill_stacked(2, 5000, now=datetime.now(UTC))
        print("committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    command = [sys.executable, "-c", child]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL and "committed" in done.stdout, done.stderr[-2000:]
    assert len(_table_messages(server.url, "T-01")) == before  # nothing was sent
    run_headless(c, rounds=1, seats=2, progress=_quiet)  # the next start sends them first
    messages = _table_messages(server.url, "T-01")
    check_floor_matches_ledger(messages, ledger_facts(c))
    bills = [m["body"]["event"]["detail"]["value"] for m in messages if m["body"].get("event", {}).get("name")
             == "BILL_STACKED"]  # fmt: skip
    assert bills.count(2000) >= 1 and bills.count(5000) >= 1


@pytest.mark.slow
def test_a_table_killed_at_random_moments_sends_every_event_once(tmp_path: Path, server: Server) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    command = [sys.executable, "-m", "terminal", "run", "--headless", "--config", str(c.path),
               "--rounds", "500", "--seats", "3"]  # fmt: skip

    async def kill_thrice() -> None:  # one connection asks every 20 ms (a new one each time competed)
        nc = await nats.connect(server.url, **floor_options())
        try:
            js = nc.jetstream(timeout=10)
            for wanted in (15, 60, 120):
                quiet = subprocess.DEVNULL
                child = subprocess.Popen(command, cwd=ROOT, stdout=quiet, stderr=quiet)
                deadline = time.monotonic() + 120
                while await held(js, "floor.T-01.*") < wanted and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
                child.send_signal(signal.SIGKILL)  # mid-round, mid-publish: wherever it is
                child.wait(30)
        finally:
            await nc.close()

    asyncio.run(kill_thrice())
    run_headless(c, rounds=1, seats=2, progress=_quiet)
    check_floor_matches_ledger(_table_messages(server.url, "T-01"), ledger_facts(c))


def test_a_ledger_rolled_back_with_its_mark_is_refused_when_the_floor_is_reachable(
    tmp_path: Path, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=3, seats=2, progress=_quiet)
    var = c.ledger.path.parent
    snapshot = tmp_path / "snapshot"
    shutil.copytree(var, snapshot)  # the database and its mark (and key), together
    run_headless(c, rounds=3, seats=2, progress=_quiet)  # the floor hears of three more rounds
    shutil.rmtree(var)
    shutil.copytree(snapshot, var)  # rolled back together: the ledger's own checks cannot see it
    with pytest.raises(RollbackError, match="the floor saw this ledger further on"):
        boot(c, ManualClock(time.time()))
    capsys.readouterr()
    assert main(["run", "--headless", "--config", str(c.path), "--rounds", "1"]) == 1  # `terminal run`
    refused = capsys.readouterr().err
    assert "stays closed" in refused and "the floor saw this ledger further on" in refused, refused[-2000:]
    assert re.search(r"\(ledger [0-9a-f]{16}…\)", refused)  # what `terminal floor accept-table` is given
    # Without the floor the same ledger would open (the mark alone cannot catch it): the witness does.
    server.stop()
    table = boot(c, ManualClock(time.time()))
    table.ledger.close()
    assert issubclass(RollbackError, IntegrityError)


def test_the_floor_witness_accepts_the_ledger_it_last_heard_of(tmp_path: Path, server: Server) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=2, seats=2, progress=_quiet)
    run_headless(c, rounds=2, seats=2, progress=_quiet)  # the second start checked the witness and played
    names = [m["body"]["event"]["name"] for m in stream_messages(server.url) if m["body"]["kind"] == "event"]
    assert names.count("FLOOR_WITNESS_PASS") == 2 and "FLOOR_WITNESS_FAIL" not in names


def test_a_reinstalled_table_opens_once_two_people_accept_its_new_ledger_at_the_floor(
    tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """T-01's ledger is replaced (a new disk): the witness refuses it as a swapped database. An acceptance
    naming another ledger does not open it; two people accepting the ledger the refusal named do, once,
    logged in the table's ledger and in the floor store. Wrong PINs count toward the floor's lock-out."""
    c = floor_config(tmp_path / "t1", server.url)
    table = boot(c, ManualClock(time.time()))
    table.start()
    table.play_round()  # the floor's witness of T-01 (the ledger's close sends it)
    table.ledger.close()
    assert stream_count(server.url, "floor.T-01.round") == 1
    shutil.rmtree(c.ledger.path.parent)  # reinstalled
    with pytest.raises(RollbackError, match="a swapped database") as refused:
        boot(c, ManualClock(time.time()))
    found = re.search(r"this one ([0-9a-f]{16})", str(refused.value))
    assert found is not None
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", identity="floor")
    add_users(service)  # ada administrator 1111, fay attendant 2468

    def accept(ledger: str, people: tuple[str, str], *pins: str) -> int:
        monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{pin}\n" for pin in pins)))
        return main(["floor", "accept-table", "T-01", "--ledger", ledger, "--admin", people[0], "--second",
                     people[1], "--reason", "new disk", "--config", str(service.path)])  # fmt: skip

    assert accept(found[1], ("fay", "ada"), "2468") == 1
    assert "fay (attendant) is not an administrator" in capsys.readouterr().err
    assert accept(found[1], ("ada", "fay"), "0000") == 1  # a wrong PIN: counted, nothing published
    assert "wrong PIN" in capsys.readouterr().err
    guard = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    assert guard.failures("ada")[0] == 1
    guard.close()
    assert accept("deadbeefdeadbeef", ("ada", "fay"), "1111", "2468") == 0  # the wrong ledger named
    with pytest.raises(RollbackError, match="accepted ledger deadbeefdeadbeef"):
        boot(c, ManualClock(time.time()))
    assert accept(found[1], ("ada", "fay"), "1111", "2468") == 0  # corrected
    assert "logged as FLOOR_ACCEPTED" in capsys.readouterr().out
    table = boot(c, ManualClock(time.time()))
    try:
        (event,) = table.ledger.events(EventCode.FLOOR_ACCEPTED)
        assert event.user == "ada" and json.loads(event.detail)["second_user"] == "fay"
    finally:
        table.ledger.close()
    assert main(["floor", "report", "--config", str(service.path)]) == 0
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    made = [e for e in store.events() if e["name"] == "FLOOR_ACCEPTED" and "replaces" in e["detail"]]
    store.close()  # the acceptances themselves (the table's own FLOOR_ACCEPTED follows by its outbox)
    assert [(e["table"], e["user"], e["detail"]["ledger"]) for e in made] == [
        ("T-01", "ada", found[1]), ("T-01", "ada", "deadbeefdeadbeef")]


def test_the_witness_is_asked_from_inside_a_running_event_loop_too(
    tmp_path: Path, module_server: Server
) -> None:
    """The lab's live table boots inside an event loop: the floor is asked there too (it used to raise
    RuntimeError there, and the table logged the check as skipped)."""
    section = floor_config(tmp_path, module_server.url, "T-NEW").floor
    assert section is not None

    own, floor = signing.table_signer(section, "T-NEW").public, signing.floor_public(section)

    async def booting() -> witness.Word:
        return witness.fetch_now(section, "T-NEW", own, floor)

    assert asyncio.run(booting()) == witness.Word(None)  # the floor answered: no round of T-NEW yet
