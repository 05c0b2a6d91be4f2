"""Storage faults, tried as a new user would: ``terminal run``, ``ledger verify`` and ``ledger report`` on a
ledger of garbage bytes, on a read-only file system and on a full disk each say one line naming the file
and the cause and exit non-zero: never a traceback, never a hang. A table running when the disk fills
tilts with that line.

The read-only and full file systems are real: a small tmpfs mounted in a private mount namespace
(``unshare -m``), remounted read-only or filled with a file. Root alone is not enough (chmod does not stop
root); where mounting is not allowed those tests are skipped, and the in-process tests of
``tests/table/test_hardening.py`` (SQLite's ``max_page_count``) still cover the running table. Each starts
a table and four interpreters on its file system: they are marked slow (``make test``, not ``make check``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from terminal.cli import main

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ("run --headless --rounds 3", "ledger verify", "ledger report")


def _can_mount() -> bool:
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return False
    with tempfile.TemporaryDirectory() as folder:
        probe = subprocess.run(
            ["unshare", "-m", "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs {folder}"],
            capture_output=True, check=False,
        )  # fmt: skip
    return probe.returncode == 0


needs_mount = pytest.mark.skipif(not _can_mount(), reason="needs a private mount namespace (unshare -m)")


def _one_line_each(output: str) -> dict[str, tuple[int, str]]:
    """``== COMMAND`` / stderr / ``rc=N`` blocks → command: (exit code, what it said on stderr)."""
    found: dict[str, tuple[int, str]] = {}
    for block in output.split("== ")[1:]:
        command, _, rest = block.partition("\n")
        said, _, code = rest.rpartition("rc=")
        found[command.strip()] = (int(code.split()[0]), said)
    return found


def _in_tmpfs(tmp_path: Path, fault: str, size: str = "4m") -> dict[str, tuple[int, str]]:
    """Make a ledger on a fresh tmpfs, apply ``fault`` (shell), then run each command as a user would."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    python = f"{sys.executable} -m terminal"
    runs = "\n".join(
        f'echo "== {c}"; {python} {c} 2>&1 >/dev/null | tail -n 5; echo "rc=${{PIPESTATUS[0]}}"'
        for c in COMMANDS
    )
    script = f"""set -u
mount -t tmpfs -o size={size} tmpfs {mount}
cd {mount} && printf '[table]\\nport = 0\\nseats = 2\\n' > kiosk.cfg
{sys.executable} -m terminal run --headless --rounds 3 > /dev/null 2>&1 || echo "setup failed"
{fault}
{runs}
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["unshare", "-m", "bash", "-c", script], capture_output=True, text=True, env=env,
                          timeout=240, check=False)  # fmt: skip
    assert "setup failed" not in done.stdout, done.stdout + done.stderr
    return _one_line_each(done.stdout)


def _assert_one_line(
    found: dict[str, tuple[int, str]], path: str, cause: str, commands: tuple[str, ...] = COMMANDS
) -> None:
    assert set(found) == set(commands), found
    for command, (code, said) in found.items():
        assert code == 1, (command, said)
        said = "".join(line for line in said.splitlines(True) if not line.startswith("verifying"))  # progress
        assert said.count("\n") == 1 and "Traceback" not in said, (command, said)
        assert path in said and cause in said, (command, said)


@pytest.mark.slow
@needs_mount
def test_a_read_only_file_system(tmp_path: Path) -> None:
    """The table cannot run there (one line), but an auditor verifies and reports from read-only media."""
    found = _in_tmpfs(tmp_path, f"mount -o remount,ro {tmp_path / 'mnt'}")
    run = "run --headless --rounds 3"
    ledger = str(tmp_path / "mnt" / "var" / "ledger.sqlite")
    _assert_one_line({run: found[run]}, ledger, "read-only", (run,))
    for command in ("ledger verify", "ledger report"):
        assert found[command][0] == 0, (command, found[command])


@pytest.mark.slow
@needs_mount
def test_a_ledger_killed_mid_write_is_verified_from_read_only_media_with_its_log(tmp_path: Path) -> None:
    """SIGKILL leaves committed rows in the write-ahead log; read-only media cannot take SQLite's shared
    memory file, and an immutable open would miss them: the read is made on a copy and sees every row."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    python = f"{sys.executable} -m terminal"
    script = f"""set -u
mount -t tmpfs -o size=16m tmpfs {mount}
cd {mount} && printf '[table]\\nseats = 2\\n' > kiosk.cfg
{python} run --headless --rounds 1000000 > /dev/null 2>&1 &
while [ ! -s var/ledger.sqlite-wal ]; do sleep 0.1; done; sleep 2; kill -9 $!; wait
echo "wal=$(stat -c %s var/ledger.sqlite-wal)"
mount -o remount,ro {mount}
{python} ledger verify; echo "rc=$?"
{python} ledger report | head -n 1
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["unshare", "-m", "bash", "-c", script], capture_output=True, text=True, env=env,
                          timeout=240, check=False)  # fmt: skip
    assert "wal=0" not in done.stdout and "wal=" in done.stdout, done.stdout  # rows were waiting in the log
    assert "rc=0" in done.stdout, done.stdout + done.stderr
    assert "OK: " in done.stdout and "ledger verify OK" in done.stdout, done.stdout


@pytest.mark.slow
@needs_mount
def test_a_full_disk(tmp_path: Path) -> None:
    found = _in_tmpfs(tmp_path, f"dd if=/dev/zero of={tmp_path / 'mnt' / 'filler'} bs=4k 2>/dev/null")
    _assert_one_line(found, str(tmp_path / "mnt" / "var" / "ledger.sqlite"), "disk is full")


@pytest.mark.slow
@needs_mount
def test_a_disk_that_fills_while_the_table_runs_tilts_it_and_ends_the_run(tmp_path: Path) -> None:
    mount = tmp_path / "mnt"
    mount.mkdir()
    script = f"""set -u
mount -t tmpfs -o size=4m tmpfs {mount}
cd {mount} && printf '[table]\\nport = 0\\nseats = 2\\n' > kiosk.cfg
(while [ ! -s var/ledger.sqlite ]; do sleep 0.1; done; sleep 1; dd if=/dev/zero of=filler bs=4k 2>/dev/null) &
{sys.executable} -m terminal run --headless --rounds 1000000 > /dev/null 2> {tmp_path / "err.txt"}
echo "rc=$?"; tail -n 3 {tmp_path / "err.txt"}
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["unshare", "-m", "bash", "-c", script], capture_output=True, text=True, env=env,
                          timeout=240, check=False)  # fmt: skip
    assert done.stdout.startswith("rc=1"), done.stdout
    last = done.stdout.strip().splitlines()[-1]
    assert "the table tilted (ledger_storage)" in last and "disk is full" in last, done.stdout
    assert str(mount / "var") in last


def test_a_ledger_of_garbage_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "kiosk.cfg"
    db, key = tmp_path / "var" / "ledger.sqlite", tmp_path / "var" / "ledger.key"
    cfg.write_text(f"[table]\nseats = 2\n[ledger]\npath = {db}\nkey_path = {key}\n", encoding="utf-8")
    db.parent.mkdir()
    db.write_bytes(bytes((n * 73 + 11) % 256 for n in range(40_000)))
    key.write_bytes(bytes(range(32)))
    key.chmod(0o600)
    before = db.read_bytes()
    for command in (["run", "--rounds", "1"], ["ledger", "verify"], ["ledger", "report"]):
        assert main([*command, "--config", str(cfg)]) == 1
        err = capsys.readouterr().err
        lines = [line for line in err.splitlines() if not line.startswith("verifying")]
        assert len(lines) == 1 and str(db) in lines[0] and "not a ledger database" in lines[0], err
    assert db.read_bytes() == before  # refused, never "repaired" or overwritten
