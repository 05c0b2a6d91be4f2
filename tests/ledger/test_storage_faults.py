"""Storage faults, tried as a new user would: ``terminal run``, ``ledger verify`` and ``ledger report`` on a
ledger of garbage bytes, on a read-only file system and on a full disk each say one line naming the file
and the cause and exit non-zero: never a traceback, never a hang. A table running when the disk fills
tilts with that line.

The read-only and full file systems are real: a small tmpfs mounted in a private mount namespace
(``unshare -m``), remounted read-only or filled with a file. Root alone is not enough (chmod does not stop
root); where mounting is not allowed those tests are skipped, and the in-process tests of
``tests/table/test_hardening.py`` (SQLite's ``max_page_count``) still cover the running table. The ledger
on each file system is a copy of one a headless table played once for the module (its folder: database,
key, mark, certificates); the commands run in one interpreter inside the namespace
(``commands_child``). They start tables and interpreters in a namespace: marked slow (``make test``, not
``make check``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.cli import main
from terminal.lab.headless import run_headless

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


CONFIG = "[table]\nport = 0\nseats = 2\n"


def _playing(said: Path) -> str:
    """Shell that waits until the table whose stderr goes to ``said`` is past its boot (it listens) and
    has opened three rounds of its own (the played ledger has three): conditions, not a guess at a time."""
    rounds = "SELECT count(*) FROM rounds"
    count = f"sqlite3.connect('file:var/ledger.sqlite?mode=ro', uri=True).execute('{rounds}').fetchone()[0]"
    opened = f'{sys.executable} -c "import sqlite3, sys; sys.exit({count} < 6)" 2>/dev/null'
    listening = f"grep -q 'controller listening' {said}"
    return f"until {listening}; do sleep 0.05; done\nuntil {opened}; do sleep 0.05; done"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``kiosk.cfg`` and the ``var`` a headless table left after three rounds."""
    folder = tmp_path_factory.mktemp("played")
    (folder / "kiosk.cfg").write_text(CONFIG, encoding="utf-8")
    summary = run_headless(
        configuration.load(folder / "kiosk.cfg"), rounds=3, seats=2, progress=lambda _: None
    )
    assert summary.verified and not summary.audit
    return folder


def _one_line_each(output: str) -> dict[str, tuple[int, str]]:
    """``== COMMAND`` / stderr / ``rc=N`` blocks → command: (exit code, what it said on stderr)."""
    found: dict[str, tuple[int, str]] = {}
    for block in output.split("== ")[1:]:
        command, _, rest = block.partition("\n")
        said, _, code = rest.rpartition("rc=")
        found[command.strip()] = (int(code.split()[0]), said)
    return found


def _in_tmpfs(tmp_path: Path, played: Path, fault: str, size: str = "4m") -> dict[str, tuple[int, str]]:
    """Copy the played ledger to a fresh tmpfs, apply ``fault`` (shell), then run each command."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    commands = " ".join(f"'{c}'" for c in COMMANDS)
    script = f"""set -u
mount -t tmpfs -o size={size} tmpfs {mount}
cp -a {played}/. {mount}/ || echo "setup failed"
{fault}
cd {mount} && {sys.executable} -m tests.ledger.commands_child {commands}
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
def test_a_read_only_file_system(tmp_path: Path, played: Path) -> None:
    """The table cannot run there (one line), but an auditor verifies and reports from read-only media."""
    found = _in_tmpfs(tmp_path, played, f"mount -o remount,ro {tmp_path / 'mnt'}")
    run = "run --headless --rounds 3"
    ledger = str(tmp_path / "mnt" / "var" / "ledger.sqlite")
    _assert_one_line({run: found[run]}, ledger, "read-only", (run,))
    for command in ("ledger verify", "ledger report"):
        assert found[command][0] == 0, (command, found[command])


@pytest.mark.slow
@needs_mount
def test_a_ledger_killed_mid_write_is_verified_from_read_only_media_with_its_log(
    tmp_path: Path, played: Path
) -> None:
    """SIGKILL leaves committed rows in the write-ahead log; read-only media cannot take SQLite's shared
    memory file, and an immutable open would miss them: the read is made on a copy and sees every row."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    python = f"{sys.executable} -m terminal"
    script = f"""set -u
mount -t tmpfs -o size=16m tmpfs {mount}
cp -a {played}/. {mount}/ && cd {mount}
{python} run --headless --rounds 1000000 > /dev/null 2> {tmp_path / "run.txt"} &
{_playing(tmp_path / "run.txt")}
kill -9 $!; wait
echo "wal=$(stat -c %s var/ledger.sqlite-wal)"
mount -o remount,ro {mount}
{sys.executable} -m tests.ledger.commands_child --stdout 'ledger verify' 'ledger report'
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["unshare", "-m", "bash", "-c", script], capture_output=True, text=True, env=env,
                          timeout=240, check=False)  # fmt: skip
    assert "wal=0" not in done.stdout and "wal=" in done.stdout, done.stdout  # rows were waiting in the log
    found = _one_line_each(done.stdout)
    assert found["ledger verify"][0] == 0 and found["ledger report"][0] == 0, done.stdout + done.stderr
    assert "OK: " in found["ledger verify"][1], done.stdout
    assert found["ledger report"][1].startswith("ledger verify OK"), done.stdout


@pytest.mark.slow
@needs_mount
def test_a_full_disk(tmp_path: Path, played: Path) -> None:
    found = _in_tmpfs(tmp_path, played, f"dd if=/dev/zero of={tmp_path / 'mnt' / 'filler'} bs=4k 2>/dev/null")
    _assert_one_line(found, str(tmp_path / "mnt" / "var" / "ledger.sqlite"), "disk is full")


@pytest.mark.slow
@needs_mount
def test_a_disk_that_fills_while_the_table_runs_tilts_it_and_ends_the_run(
    tmp_path: Path, played: Path
) -> None:
    mount = tmp_path / "mnt"
    mount.mkdir()
    script = f"""set -u
mount -t tmpfs -o size=4m tmpfs {mount}
cp -a {played}/. {mount}/ && cd {mount}
({_playing(tmp_path / "err.txt")}
dd if=/dev/zero of=filler bs=4k 2>/dev/null) &
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
