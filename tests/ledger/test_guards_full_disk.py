"""A full disk is one line, never a traceback, and leaves nothing half-made behind (issue 28 §3).

Attack: ``terminal run`` on a table whose folder is on a full file system ended in a traceback
(``OSError: [Errno 28] No space left on device`` from the chain key's first write), and left a 0-byte
``ledger.key`` behind, so every later command complained about the key instead of the disk.

The full disk is a real one: a 4 MiB tmpfs this test mounts (root only) and fills with a file; where
mounting is not allowed, only the injected case runs (``fsync`` failing with ENOSPC on the key).
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.ledger import keyfile
from terminal.ledger.errors import StorageError


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    where = tmp_path / "full"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)],
                             capture_output=True, check=False)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (not root): the injected case covers the key file")
    try:
        table = where / "table"
        table.mkdir()
        (table / "kiosk.cfg").write_text("[table]\nport = 0\nseats = 2\n")
        filler = os.open(where / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
        try:  # fill it to the last byte
            for size in (65536, 4096, 1):
                while os.write(filler, b"\0" * size):
                    pass
        except OSError as full:
            assert full.errno == errno.ENOSPC
        finally:
            os.close(filler)
        yield table
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


COMMANDS = (
    ["run", "--headless", "--rounds", "2"],
    ["run", "--headless", "--rounds", "2"],  # again: the first left nothing that changes the answer
    ["ledger", "verify"],
    ["ledger", "report"],
    ["keys", "init"],
)


def test_every_command_on_a_full_disk_says_one_line(
    full_disk: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(full_disk)
    for command in COMMANDS:
        capsys.readouterr()
        status = main([*command, "--config", str(full_disk / "kiosk.cfg")])
        err = capsys.readouterr().err.strip().splitlines()
        assert status != 0, command
        assert len(err) == 1 and "Traceback" not in err[0], (command, err)
        if command[0] != "ledger":  # the others find no ledger, and say so
            assert "disk is full" in err[0], (command, err)
    assert not (full_disk / "var" / "ledger.key").exists()  # no empty key left to complain about


def test_a_key_that_cannot_be_written_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(keyfile.os, "fsync", no_space)
    path = tmp_path / "var" / "ledger.key"
    with pytest.raises(StorageError, match="disk is full"):
        keyfile.load_or_create(path, lambda n: bytes(n))
    assert not path.exists() and list(path.parent.iterdir()) == []
    monkeypatch.undo()
    assert keyfile.load_or_create(path, lambda n: bytes(range(n))) == bytes(range(32))  # room again: made
