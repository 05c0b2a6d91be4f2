"""The ratchet: once a table's ledger has run a verified program, nothing less runs on it without two people.

Attacks reproduced on the code before the ratchet (each test below failed there):

- the manifest deleted under the shipped ``verify_at_boot = auto``: the tampered program played, the event
  log said ``SOFTWARE_VERIFY_SKIPPED`` and nothing stopped;
- the trusted key replaced by the attacker's and the tampered tree re-signed with it: the boot logged
  ``SOFTWARE_VERIFY_PASS`` and no tilt;
- ``verify_at_boot = never`` written into kiosk.cfg: the same skip.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.cli import main
from terminal.desk import desk as service_desk
from terminal.ledger import EventCode
from terminal.software.manifest import fingerprint
from terminal.table.refused import Refused
from terminal.table.tilts import Role, TiltClearError, TiltKind
from tests.ledger.two_people import PINS, make_users
from tests.software.installed import MAKER, Install, public_pem
from tests.table.harness import make_config

LESS = b"def returned(stake, won):\n    return won  # the stake is kept\n"


def _kinds(table: object) -> list[str]:
    return [t.kind.value for t in table.tilts.active]  # type: ignore[attr-defined]


def _codes(table: object) -> list[int]:
    return [int(e.code) for e in table.ledger.events()]  # type: ignore[attr-defined]


def _verified_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str = "auto") -> Install:
    """A table whose ledger has run the maker's signed program once."""
    install = Install(tmp_path, monkeypatch, mode)
    install.sign()
    table = install.boot()
    assert _kinds(table) == [] and int(EventCode.SOFTWARE_VERIFY_PASS) in _codes(table)
    table.ledger.close()
    return install


def test_a_deleted_manifest_after_a_verified_boot_is_a_software_tilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _verified_once(tmp_path, monkeypatch, "auto")
    (install.root / "terminal" / "games" / "base.py").write_bytes(LESS)
    install.manifest.unlink()  # under auto: "a development build"
    table = install.boot()
    assert _kinds(table) == ["software"]
    assert "not verified" in table.tilts.active[0].detail
    with pytest.raises(Refused, match=r"takes no wagers|tilt"):
        table.wagers.place(1, "red", 100)
    table.ledger.close()


def test_a_replaced_key_and_a_re_signed_manifest_are_a_software_tilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _verified_once(tmp_path, monkeypatch)
    attacker = Ed25519PrivateKey.generate()
    (install.root / "terminal" / "games" / "base.py").write_bytes(LESS)
    install.public.write_bytes(public_pem(attacker))
    install.sign(attacker)  # every file matches, under the attacker's key
    table = install.boot()
    assert int(EventCode.SOFTWARE_VERIFY_PASS) in _codes(table)  # the check itself passes
    assert _kinds(table) == ["software"]
    assert fingerprint(attacker.public_key()) in table.tilts.active[0].detail
    table.ledger.close()


def test_verify_at_boot_never_and_a_failed_check_are_software_tilts_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _verified_once(tmp_path, monkeypatch)
    never = make_config(tmp_path, "[lab]\ntrusted_key = keys/maker.pub\nverify_at_boot = never\n")
    table = install.boot(never)
    assert _kinds(table) == ["software"]
    table.ledger.close()
    install.boot(install.config).ledger.close()  # back to auto: the tilt stays (a restart clears nothing)
    (install.root / "terminal" / "games" / "base.py").write_bytes(LESS)  # and the manifest is there
    table = install.boot()
    assert _kinds(table) == ["software"]
    assert "terminal/games/base.py: differs" in table.ledger.events(EventCode.SOFTWARE_VERIFY_FAIL)[-1].detail
    table.ledger.close()


def test_one_administrator_cannot_clear_it_and_a_good_boot_does_not_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _verified_once(tmp_path, monkeypatch)
    install.manifest.unlink()
    table = install.boot()
    with pytest.raises(TiltClearError, match="accept-install"):
        table.tilts.clear_tilt(TiltKind("software"), None, Role.ADMINISTRATOR, condition_over=True)
    table.ledger.close()
    install.sign()  # the maker's manifest back in place: still tilted until two people accept it
    table = install.boot()
    assert _kinds(table) == ["software"]
    table.ledger.close()


def _accept(install: Install, monkeypatch: pytest.MonkeyPatch, admin: str = "ada", second: str = "tom",
            ) -> int:  # fmt: skip
    if not install.config.service.users_path.exists():
        make_users(install.config.path)
    pins = f"{PINS.get(admin, '0000')}\n{PINS.get(second, '0000')}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(pins))
    where = ["--config", str(install.config.path), "--root", str(install.root)]
    return main(["verify", "accept-install", *where, "--admin", admin, "--second", second])


def test_the_two_person_install_act_clears_it_and_is_logged_with_both_and_the_new_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install = _verified_once(tmp_path, monkeypatch)
    new_key = Ed25519PrivateKey.generate()  # the maker's new key, a real re-install
    install.public.write_bytes(public_pem(new_key))
    sha = install.sign(new_key)
    install.boot().ledger.close()  # tilted
    assert _accept(install, monkeypatch, "ada", "ada") == 1
    assert "two different people" in capsys.readouterr().err
    assert _accept(install, monkeypatch, "tom", "ada") == 1  # the first must be the administrator
    assert "not an administrator" in capsys.readouterr().err
    assert _accept(install, monkeypatch) == 0
    assert sha[:16] in capsys.readouterr().out
    table = install.boot()
    assert _kinds(table) == []
    act = table.ledger.events(EventCode(451))[-1]
    detail = json.loads(act.detail)
    assert (act.user, detail["second_user"]) == ("ada", "tom")
    assert detail["manifest_sha256"] == sha and detail["fingerprint"] == fingerprint(new_key.public_key())
    cleared = [json.loads(e.detail)["tilt"] for e in table.ledger.events(EventCode.TILT_CLEARED)]
    assert cleared == ["software"]
    table.ledger.close()


def test_the_install_act_refuses_a_program_that_does_not_verify(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install = _verified_once(tmp_path, monkeypatch)
    (install.root / "terminal" / "games" / "base.py").write_bytes(LESS)
    install.boot().ledger.close()
    assert _accept(install, monkeypatch) == 1
    err = capsys.readouterr().err
    assert "terminal/games/base.py: differs" in err and len(err.strip().splitlines()) == 1
    table = install.boot()
    assert _kinds(table) == ["software"] and not table.ledger.events(EventCode(451))
    table.ledger.close()


def test_a_development_ledger_that_never_saw_a_verified_manifest_keeps_todays_behaviour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = Install(tmp_path, monkeypatch, "auto")
    for _ in range(2):  # no manifest: a development build, played, the event log says so
        table = install.boot()
        assert _kinds(table) == [] and int(EventCode.SOFTWARE_VERIFY_SKIPPED) in _codes(table)
        table.ledger.close()
    install.sign()  # the first verified boot engages the ratchet, and says so
    table = install.boot()
    assert _kinds(table) == []
    trusted = json.loads(table.ledger.events(EventCode(450))[-1].detail)
    assert trusted["fingerprint"] == fingerprint(MAKER.public_key()) and trusted["accepted_by"]
    table.ledger.close()
    install.manifest.unlink()
    table = install.boot()
    assert _kinds(table) == ["software"]
    assert service_desk._verify_software(table)[0] == "fail"  # the self-test card: not "not installed"
    table.ledger.close()
