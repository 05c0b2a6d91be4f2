"""Program storage read-only, data apart (GLI-11 item 56).

The data lives under ``[table] data_dir`` (``--data DIR``); the table refuses to start when its user can
write its own program (the install root's folders, the venv, the manifest, the trusted key), in one line
naming the path, and only warns on a demo table or in a development checkout.

Writability is judged from mode bits and ownership (``terminal.software.storage``), because the tests run
as root and root writes whatever the modes say. Each verdict on a copied tree is held against the kernel's
own answer: a forked child drops to an unprivileged user and really tries to write every path.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.cli import main
from terminal.ledger import EventCode
from terminal.software import storage, trust
from terminal.table.boot import ProgramStorageError, boot
from terminal.table.clock import ManualClock
from tests.support.forked import fork

NOBODY = 65534
CLOCK = 1_800_000_000.0


# -- the data folder -----------------------------------------------------------------------------------
def test_relative_data_paths_resolve_under_data_dir_and_program_paths_do_not(tmp_path: Path) -> None:
    cfg = tmp_path / "etc" / "kiosk.cfg"
    cfg.parent.mkdir()
    cfg.write_text("[table]\ndata_dir = ../data\n[ledger]\narchive_dir = /srv/archive\n", encoding="utf-8")
    c = configuration.load(cfg)
    data = (tmp_path / "data").resolve()
    assert c.table.data_dir.resolve() == data
    for found in (c.ledger.path, c.ledger.key_path, c.service.users_path, c.seat.keys_path,
                  c.lab.install_log, c.lab.output_dir, c.lab.test_ledger_path, c.links.pki_dir):  # fmt: skip
        assert found.resolve().is_relative_to(data), found
    assert c.ledger.archive_dir == Path("/srv/archive")  # an absolute path stays where it is
    assert c.lab.manifest_path.parent == cfg.parent and c.lab.trusted_key.parent == cfg.parent  # program
    other = configuration.load(cfg, tmp_path / "elsewhere")  # --data overrides the file
    assert other.table.data_dir == (tmp_path / "elsewhere").resolve()
    assert other.ledger.path == (tmp_path / "elsewhere" / "var" / "ledger.sqlite").resolve()
    plain = configuration.load(_write(tmp_path / "plain", ""))  # unset: the config file's folder, as before
    assert plain.ledger.path == (tmp_path / "plain" / "var" / "ledger.sqlite").resolve()


def _write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kiosk.cfg").write_text(text, encoding="utf-8")
    return folder / "kiosk.cfg"


def test_a_headless_run_with_data_keeps_everything_it_writes_in_data(tmp_path: Path) -> None:
    cfg = _write(tmp_path / "conf", "[table]\nseats = 2\n")
    data = tmp_path / "data"
    assert main(["run", "--headless", "--rounds", "2", "--config", str(cfg), "--data", str(data)]) == 0
    assert (data / "var" / "ledger.sqlite").is_file() and (data / "var" / "ledger.key").is_file()
    assert sorted(p.name for p in cfg.parent.iterdir()) == ["kiosk.cfg"]  # nothing written beside it


def _trusting_ledger(path: Path, fingerprint: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, code INTEGER, detail TEXT)")
    db.execute("INSERT INTO events (code, detail) VALUES (?, ?)",
               [int(EventCode.SOFTWARE_TRUSTED), json.dumps({"fingerprint": fingerprint})])  # fmt: skip
    db.commit()
    db.close()


def test_a_ledger_moved_to_data_dir_still_ratchets_both_launchers(tmp_path: Path) -> None:
    """The attack: move the data (``data_dir`` or ``--data``) and the launchers, looking for the ledger
    beside the config, would find none, take the table for a development one and run unverified code."""
    cfg = _write(tmp_path / "conf", "[table]\ndata_dir = ../data\n")
    _trusting_ledger(tmp_path / "data" / "var" / "ledger.sqlite", "ab" * 16)
    _trusting_ledger(tmp_path / "flag" / "var" / "ledger.sqlite", "cd" * 16)
    spec = importlib.util.spec_from_file_location("boot_launch_data", storage.ROOT / "boot" / "launch.py")
    assert spec is not None and spec.loader is not None
    isolated = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(isolated)
    assert trust.trusted_key(trust.ledger_path(cfg)) == "ab" * 16
    assert isolated.trusted_fingerprint(str(cfg)) == "ab" * 16
    assert trust.trusted_key(trust.ledger_path(cfg, tmp_path / "flag")) == "cd" * 16
    assert isolated.trusted_fingerprint(str(cfg), str(tmp_path / "flag")) == "cd" * 16


# -- the program, read-only ---------------------------------------------------------------------------------
def _tree(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """A copied install: root (boot, rng, terminal, assets: a few files each), venv, manifest, key."""
    root = tmp_path / "opt"
    for name in storage.PROGRAM_FOLDERS:
        (root / name / "sub").mkdir(parents=True)
        (root / name / "a.py").write_text("x = 1\n")
        (root / name / "sub" / "b.py").write_text("y = 2\n")
    venv = root / ".venv"
    (venv / "lib").mkdir(parents=True)
    (venv / "lib" / "site.py").write_text("")
    manifest, key = root / "MANIFEST.sha256", root / "maker.pub"
    manifest.write_text("m\n")
    key.write_text("k\n")
    return root, venv, manifest, key


def _read_only(root: Path) -> None:
    """The production layout: owned by root, nothing writable but by root."""
    for folder, _, files in os.walk(root):
        os.chown(folder, 0, 0)
        os.chmod(folder, 0o755)
        for name in files:
            os.chown(Path(folder) / name, 0, 0)
            os.chmod(Path(folder) / name, 0o644)


def _as_nobody(
    job_paths: list[Path], root: Path, venv: Path, manifest: Path, key: Path
) -> dict[str, object]:
    """In a child as ``nobody``: the check's verdict, and which paths the kernel really lets it write."""

    def child() -> None:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        found = storage.check("hardware", "always", manifest, key, root=root, prefix=venv)
        really = []
        for path in job_paths:
            try:
                if path.is_dir():
                    (path / ".probe").touch()
                    (path / ".probe").unlink()
                else:
                    with path.open("a"):
                        pass
                really.append(str(path))
            except OSError:
                pass
        print(json.dumps({"path": None if found.path is None else str(found.path), "line": found.line(),
                          "refused": found.refused, "really": really}))  # fmt: skip

    forked = fork(child)
    assert forked.wait(60) == 0, forked.output()
    said: dict[str, object] = json.loads(forked.output().strip().splitlines()[-1])
    return said


def _every_path(root: Path) -> list[Path]:
    found = (Path(folder) / name for folder, dirs, files in os.walk(root) for name in ("", *dirs, *files))
    return list(dict.fromkeys(found))


@pytest.fixture
def opt(tmp_path: Path) -> Iterator[Path]:
    """A folder an unprivileged user can reach (pytest's own are root's alone, 0700)."""
    base = Path(tempfile.mkdtemp(prefix="program-storage-"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("planted", ["terminal/sub/b.py", "rng", "assets/a.py", ".venv/lib/site.py",
                                     "MANIFEST.sha256", "maker.pub", "boot/sub"])  # fmt: skip
def test_a_writable_program_path_is_found_and_named_as_the_kernel_sees_it(opt: Path, planted: str) -> None:
    root, venv, manifest, key = _tree(opt)
    _read_only(root)
    clean = _as_nobody(_every_path(root), root, venv, manifest, key)
    assert clean["really"] == [] and clean["path"] is None and not clean["refused"], clean
    target = root / planted
    os.chown(target, NOBODY, NOBODY)  # one file or folder given to the table's user
    found = _as_nobody(_every_path(root), root, venv, manifest, key)
    assert found["really"] == [str(target)], found  # the kernel agrees: that path and no other
    assert found["path"] == str(target) and found["refused"], found
    line = str(found["line"])
    assert "\n" not in line and str(target) in line and "the table stays closed" in line


def test_group_and_other_write_bits_are_writable_too(opt: Path) -> None:
    root, venv, manifest, key = _tree(opt)
    _read_only(root)
    os.chmod(root / "rng" / "a.py", 0o666)
    found = _as_nobody(_every_path(root), root, venv, manifest, key)
    assert found["really"] == [str(root / "rng" / "a.py")] and found["path"] == str(root / "rng" / "a.py")
    os.chown(root / "rng" / "a.py", 0, NOBODY)
    os.chmod(root / "rng" / "a.py", 0o664)  # the child's own group may write
    found = _as_nobody(_every_path(root), root, venv, manifest, key)
    assert found["really"] == [str(root / "rng" / "a.py")] and found["path"] == str(root / "rng" / "a.py")
    os.chown(root / "rng" / "a.py", 0, 12345)  # a group the child is not in
    found = _as_nobody(_every_path(root), root, venv, manifest, key)
    assert found["really"] == [] and found["path"] is None, found


def test_root_is_refused_outside_a_demo_table_or_a_checkout(opt: Path) -> None:
    root, venv, manifest, key = _tree(opt)
    _read_only(root)
    who = storage.Identity(0, frozenset({0}))
    production = storage.check("hardware", "always", manifest, key, who=who, root=root, prefix=venv)
    assert production.refused and "the table runs as root" in production.line()
    demo = storage.check("simulated", "always", manifest, key, who=who, root=root, prefix=venv)
    assert not demo.refused and "allowed on a demo table only" in demo.line()
    manifest.unlink()
    checkout = storage.check("hardware", "auto", manifest, key, who=who, root=root, prefix=venv)
    assert not checkout.refused and "allowed on a development checkout only" in checkout.line()


def _hardware(folder: Path, extra: str = "") -> configuration.Config:
    gpio = folder / "gpio"
    gpio.mkdir(parents=True)
    for line in ("main", "key"):
        (gpio / line).write_text("0\n")
    text = f"[devices]\nkind = hardware\nmain_door = {gpio / 'main'}\nservice_key = {gpio / 'key'}\n{extra}"
    return configuration.load(_write(folder, text))


def test_the_table_refuses_to_boot_on_a_writable_program_and_writes_nothing(tmp_path: Path) -> None:
    c = _hardware(tmp_path, "[lab]\nverify_at_boot = always\n")  # an installed table, run here as root
    with pytest.raises(ProgramStorageError, match=r"program storage is writable: .* the table stays closed"):
        boot(c, ManualClock(CLOCK))
    assert not c.ledger.path.exists() and not c.ledger.key_path.exists()


def test_a_demo_table_and_a_checkout_boot_with_the_warning_on_the_record(tmp_path: Path) -> None:
    for folder, c in ((tmp_path / "demo", configuration.load(_write(tmp_path / "demo", ""))),
                      (tmp_path / "checkout", _hardware(tmp_path / "checkout"))):  # fmt: skip
        table = boot(c, ManualClock(CLOCK))
        (event,) = table.ledger.events(EventCode.PROGRAM_WRITABLE)
        allowed = "a demo table" if folder.name == "demo" else "a development checkout"
        detail = json.loads(event.detail)
        assert detail["allowed_on"] == allowed and detail["path"].startswith(str(storage.ROOT)), detail
        assert table.program_warning.startswith("program storage is writable: ")
        table.ledger.close()
