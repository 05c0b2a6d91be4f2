"""``terminal service users``: the first administrator, then add/passwd/remove with an administrator's PIN;
PINs only ever stored as salted scrypt hashes."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.desk.users import ScryptParams, UserError, UserStore, hash_pin
from terminal.table.tilts import Role


def _run(monkeypatch: pytest.MonkeyPatch, cfg: Path, stdin: str, *argv: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["service", "users", *argv, "--config", str(cfg)])


@pytest.fixture
def cfg(tmp_path: Path) -> Path:
    path = tmp_path / "kiosk.cfg"
    path.write_text("[service]\nusers_path = var/users.cfg\n", encoding="utf-8")
    return path


def test_users_are_created_changed_and_removed_with_an_administrators_pin(
    monkeypatch: pytest.MonkeyPatch, cfg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Who may do what, through the command. scrypt is real but at a test's cost (its dozen hashes and checks
    at the production cost were most of this test's time); the production cost is the next test's to check,
    through the same command."""
    from terminal.commands import service_cmd

    monkeypatch.setattr(service_cmd, "ScryptParams", lambda: ScryptParams(n=2**4))
    users = cfg.parent / "var" / "users.cfg"
    assert _run(monkeypatch, cfg, "73519\n", "init", "--user", "root") == 0
    assert stat.S_IMODE(users.stat().st_mode) == 0o600
    assert _run(monkeypatch, cfg, "73519\n", "init", "--user", "other") == 1  # only the first
    assert _run(monkeypatch, cfg, "00000\n86420\n", "add", "--admin", "root", "--user", "ann", "--role",
                "attendant") == 1  # fmt: skip
    assert "wrong user or PIN for root (2 tries left)" in capsys.readouterr().err  # as at the screen
    assert _run(monkeypatch, cfg, "73519\n86420\n", "add", "--admin", "root", "--user", "ann", "--role",
                "attendant") == 0  # fmt: skip
    store = UserStore.load(users)
    ann = store.authenticate("ann", "86420")
    assert ann is not None and ann.role is Role.ATTENDANT
    assert _run(monkeypatch, cfg, "86420\n11111\n", "add", "--admin", "ann", "--user", "bob", "--role",
                "lab") == 1  # an attendant may not manage users  # fmt: skip
    assert _run(monkeypatch, cfg, "73519\n24680\n", "passwd", "--admin", "root", "--user", "ann") == 0
    store = UserStore.load(users)
    assert store.authenticate("ann", "86420") is None and store.authenticate("ann", "24680") is not None
    assert _run(monkeypatch, cfg, "73519\n", "remove", "--admin", "root", "--user", "root") == 1  # last admin
    assert _run(monkeypatch, cfg, "73519\n", "remove", "--admin", "root", "--user", "ann") == 0
    capsys.readouterr()
    assert _run(monkeypatch, cfg, "", "list") == 0
    assert capsys.readouterr().out.split() == ["root", "administrator"]


def test_the_users_file_holds_salted_scrypt_hashes_never_the_pin(
    monkeypatch: pytest.MonkeyPatch, cfg: Path
) -> None:
    users = cfg.parent / "var" / "users.cfg"
    assert _run(monkeypatch, cfg, "975310\n", "init", "--user", "root") == 0
    assert _run(monkeypatch, cfg, "975310\n975310\n", "add", "--admin", "root", "--user", "twin", "--role",
                "technician") == 0  # the same PIN for two users  # fmt: skip
    text = users.read_text(encoding="utf-8")
    assert "975310" not in text and b"975310".hex() not in text
    body = json.loads(text)
    pins = [u["pin"] for u in body["users"]]
    assert all(p["kdf"] == "scrypt" and p["n"] == 2**15 and p["r"] == 8 and p["p"] == 1 for p in pins)
    assert pins[0]["salt"] != pins[1]["salt"] and pins[0]["hash"] != pins[1]["hash"]
    stored = UserStore.load(users)
    assert all(u.pin.verify("975310") for u in stored.users)
    assert not any(u.pin.verify("975311") for u in stored.users)


def test_the_hash_is_scrypt_of_the_pin_with_its_salt() -> None:
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

    made = hash_pin("4321", lambda n: b"s" * n, ScryptParams(n=2**4))
    independent = Scrypt(salt=b"s" * 16, length=32, n=2**4, r=8, p=1).derive(b"4321")
    assert made.digest == independent and made.salt == b"s" * 16


@pytest.mark.parametrize("pin", ["123", "12345678901234", "12a4", ""])
def test_a_pin_is_4_to_12_digits(pin: str) -> None:
    with pytest.raises(UserError, match="4 to 12 digits"):
        hash_pin(pin, lambda n: bytes(n), ScryptParams(n=2**4))
