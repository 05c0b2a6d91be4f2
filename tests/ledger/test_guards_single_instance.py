"""One table per ledger *file*: a second controller that reaches the same database through another path
(a symlink or a hard link in another folder) is refused in one line naming the first one's process.

Attack (issue 28 §3): a second configuration in another folder whose ``[ledger] path`` is a symlink to the
first table's database started, because the lock was taken on ``table.lock`` beside the path as written;
the first table then died with ``UNIQUE constraint failed: events.id``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from terminal import config
from terminal.cli import main
from terminal.ledger.lock import FolderLock, LedgerBusyError
from terminal.table.boot import boot
from terminal.table.clock import ManualClock

KEY = bytes(range(32))
ROOT = Path(__file__).resolve().parents[2]


def _cfg(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    cfg = folder / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 2\n[ledger]\npath = var/ledger.sqlite\nkey_path = var/ledger.key\n")
    key = folder / "var" / "ledger.key"
    key.parent.mkdir(parents=True, exist_ok=True)
    key.write_bytes(KEY)
    key.chmod(0o600)
    return cfg


def _second(tmp_path: Path, first: Path, link: str) -> Path:
    """A second install in another folder whose ledger path reaches the first one's database (and whose
    key path is the first one's key, so its chain and high-water mark are the first one's)."""
    other = tmp_path / "elsewhere"
    (other / "var").mkdir(parents=True)
    cfg = other / "kiosk.cfg"
    key = first / "var" / "ledger.key"
    cfg.write_text(f"[table]\nseats = 2\n[ledger]\npath = var/ledger.sqlite\nkey_path = {key}\n")
    target = first / "var" / "ledger.sqlite"
    if link == "symlink":
        (other / "var" / "ledger.sqlite").symlink_to(target)
    else:
        os.link(target, other / "var" / "ledger.sqlite")
    return cfg


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_a_second_table_reaching_the_ledger_through_another_path_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], link: str
) -> None:
    first = tmp_path / "table"
    cfg = _cfg(first)
    table = boot(config.load(cfg), ManualClock(1_800_000_000.0))
    table.start()
    try:
        second = _second(tmp_path, first, link)
        capsys.readouterr()
        assert main(["run", "--headless", "--rounds", "1", "--config", str(second)]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1, err
        assert f"in use by process {os.getpid()}" in err[0] and "one table per ledger" in err[0]
        table.power_down("test")  # the first table still writes, and its chain holds
        assert main(["ledger", "verify", "--config", str(cfg)]) == 0
    finally:
        table.ledger.close()


def test_the_refusal_names_the_pid_of_another_process_holding_the_file(tmp_path: Path) -> None:
    """The holder is a separate process that locked the database through a symlinked folder."""
    real = tmp_path / "real"
    real.mkdir()
    (real / "ledger.sqlite").write_bytes(b"")
    linked = tmp_path / "linked"
    linked.symlink_to(real, target_is_directory=True)
    code = (
        "import sys, time; from pathlib import Path; from terminal.ledger.lock import FolderLock;"
        f"FolderLock.acquire(Path({str(linked / 'ledger.sqlite')!r})); print('held', flush=True);"
        "time.sleep(60)"
    )
    holder = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(LedgerBusyError, match=f"in use by process {holder.pid}\\b"):
            FolderLock.acquire(real / "ledger.sqlite")
        other = tmp_path / "other"
        other.mkdir()
        os.link(real / "ledger.sqlite", other / "ledger.sqlite")
        with pytest.raises(LedgerBusyError, match=f"in use by process {holder.pid}\\b"):
            FolderLock.acquire(other / "ledger.sqlite")
    finally:
        holder.kill()
        holder.wait()
    FolderLock.acquire(other / "ledger.sqlite").release()  # its holder gone, the file is free again
