"""The ratchet's gate in the launcher: on a ledger that ran verified software, an unverified program or one
signed with another key does not start at all (before any of its code runs, so it cannot leave the
boot's own judgement out).

Attacks reproduced before the gate (each failed there): with the manifest deleted under ``auto`` the
launcher said ``skipped`` and started the program; with the key swapped and the tree re-signed it said
``pass``; with ``verify_at_boot = never`` it said ``skipped``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal import launch
from terminal.config.keys import settings_of
from terminal.config.sections import LedgerSection
from terminal.ledger import EventCode
from terminal.software import boot as software
from terminal.software import trust
from terminal.software.manifest import ROOT, fingerprint
from tests.software.installed import MAKER, Install, public_pem


def _ratcheted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Install:
    install = Install(tmp_path, monkeypatch)
    install.sign()
    install.boot().ledger.close()
    assert trust.trusted_key(install.config.ledger.path) == fingerprint(MAKER.public_key())
    return install


def _run(install: Install) -> str:
    return launch.launch_check(["run", "--config", str(install.config.path)]).status  # type: ignore[union-attr]


def test_a_deleted_manifest_stops_the_launch_on_a_ratcheted_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install = _ratcheted(tmp_path, monkeypatch)
    assert _run(install) == "pass"
    install.manifest.unlink()
    assert _run(install) == "fail"
    monkeypatch.setattr(software, "_launched", [])  # what main remembers stays in this test
    assert launch.main(["run", "--config", str(install.config.path)]) == 1
    err = capsys.readouterr().err
    assert "no manifest" in err and "nothing runs" in err and len(err.strip().splitlines()) == 1


def test_verify_at_boot_never_is_always_on_a_ratcheted_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _ratcheted(tmp_path, monkeypatch)
    text = install.config.path.read_text(encoding="utf-8").replace("= auto", "= never")
    install.config.path.write_text(text, encoding="utf-8")
    install.manifest.unlink()
    assert _run(install) == "fail"


def test_another_key_stops_the_launch_except_the_install_act_which_still_verifies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _ratcheted(tmp_path, monkeypatch)
    other = Ed25519PrivateKey.generate()
    install.public.write_bytes(public_pem(other))
    install.sign(other)
    found = launch.launch_check(["run", "--config", str(install.config.path)])
    assert found is not None and found.status == "fail"
    assert fingerprint(MAKER.public_key()) in found.detail and "accept-install" in found.detail
    act = ["verify", "accept-install", "--config", str(install.config.path), "--admin", "a", "--second", "b"]
    assert launch.launch_check(act).status == "pass"  # type: ignore[union-attr]
    (install.root / "terminal" / "__init__.py").write_bytes(b"# planted\n")
    assert launch.launch_check(act).status == "fail"  # type: ignore[union-attr]


def test_a_development_ledger_launches_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install = Install(tmp_path, monkeypatch)
    assert _run(install) == "skipped"  # no ledger yet
    install.boot().ledger.close()
    assert trust.trusted_key(install.config.ledger.path) is None
    assert _run(install) == "skipped"  # a ledger that never ran a verified program


def test_the_gate_reads_the_ledgers_codes_and_default_path() -> None:
    assert trust.TRUST_CODES == (EventCode.SOFTWARE_TRUSTED, EventCode.SOFTWARE_INSTALL)
    assert settings_of(LedgerSection)["path"].default == trust.LEDGER_DEFAULT


# ---- the isolated launcher (boot/launch.py) repeats the gate in the standard library alone --------------


def _isolated() -> ModuleType:
    spec = importlib.util.spec_from_file_location("boot_launch_ratchet", ROOT / "boot" / "launch.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _isolated_status(install: Install, *argv: str) -> str:
    """What ``boot/launch.py`` decides for this command line on ``install``: its status, or ``fail``."""
    module = _isolated()
    try:
        found = module.boot_check([*argv, "--config", str(install.config.path)], str(install.root), ())
    except module.Refused:
        return "fail"
    return "maker" if found is None else str(found["status"])


def test_the_isolated_launcher_gates_as_the_program_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same four cases, decided by ``boot/launch.py`` (which cannot import the program's gate) and by
    ``terminal.software.trust``: a ledger that ran verified software runs nothing unverified (manifest
    deleted, ``never``) nor under another key, but for the install act, which must still verify."""
    module = _isolated()
    assert (module.TRUST_CODES, module.LEDGER_DEFAULT, module.ACCEPT) == (
        trust.TRUST_CODES, trust.LEDGER_DEFAULT, trust.ACCEPT
    )  # fmt: skip
    development = Install(tmp_path / "dev", monkeypatch)
    development.boot().ledger.close()
    assert module.trusted_fingerprint(str(development.config.path)) is None
    assert _isolated_status(development, "run") == _run(development) == "skipped"

    install = _ratcheted(tmp_path / "ratcheted", monkeypatch)
    assert module.trusted_fingerprint(str(install.config.path)) == fingerprint(MAKER.public_key())
    assert _isolated_status(install, "run") == _run(install) == "pass"
    other = Ed25519PrivateKey.generate()
    install.public.write_bytes(public_pem(other))
    install.sign(other)
    assert _isolated_status(install, "run") == _run(install) == "fail"  # another key
    act = ("verify", "accept-install", "--admin", "a", "--second", "b")
    assert _isolated_status(install, *act) == "pass"
    text = install.config.path.read_text(encoding="utf-8").replace("= auto", "= never")
    install.config.path.write_text(text, encoding="utf-8")
    install.manifest.unlink()
    assert _isolated_status(install, "run") == _run(install) == "fail"  # never + no manifest: still checked
