"""The version a table shows is the one its signed manifest vouches for, never the package metadata.

Attack reproduced before the fix (the first test failed there): the installed package's ``METADATA`` said
``Version: 2.0.0-certified`` and ``terminal verify``, the self-test card and the end-of-day report all showed
2.0.0-certified as the software version, with no manifest at all.
"""

from __future__ import annotations

import hashlib
import tomllib
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.cli import main
from terminal.desk.report_origin import provenance
from terminal.software import boot as software
from terminal.software.manifest import ROOT, SIGNATURE_PREFIX
from terminal.table import identity
from tests.software.installed import MAKER, public_pem
from tests.table.harness import make_config

FORGED = "2.0.0-certified"


@pytest.fixture
def forged_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The installed package's metadata says 2.0.0-certified (first on the path, as an edited venv)."""
    dist = tmp_path / "site" / f"automated_gaming_table-{FORGED}.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {identity.PACKAGE}\nVersion: {FORGED}\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setattr(software, "launched", lambda: None)
    assert metadata.version(identity.PACKAGE) == FORGED  # the forgery took hold


def _signed(body: str, key: Ed25519PrivateKey = MAKER) -> str:
    return f"{body}{SIGNATURE_PREFIX}{key.sign(body.encode()).hex()}\n"


def _version_line() -> str:
    digest = hashlib.sha256((ROOT / identity.VERSION_FILE).read_bytes()).hexdigest()
    return f"{digest}  {identity.VERSION_FILE}\n"


@pytest.mark.usefixtures("forged_metadata")
def test_edited_metadata_is_never_shown_as_the_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = make_config(tmp_path)  # no manifest: a development build
    assert identity.identity(c).version == identity.UNVERIFIED
    assert provenance(c, "OK", datetime(2026, 11, 29, tzinfo=UTC)).software == identity.UNVERIFIED
    main(["verify", "--config", str(c.path)])
    out = capsys.readouterr().out
    assert FORGED not in out and "unverified development build" in out


@pytest.mark.usefixtures("forged_metadata")
def test_the_version_comes_from_the_file_the_signed_manifest_lists(tmp_path: Path) -> None:
    (tmp_path / "keys").mkdir()
    (tmp_path / "keys" / "maker.pub").write_bytes(public_pem(MAKER))
    c = make_config(tmp_path, "[lab]\ntrusted_key = keys/maker.pub\n")
    c.lab.manifest_path.write_text(_signed(_version_line()), encoding="utf-8")
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert identity.identity(c).version == shipped != FORGED
    # Signed by another key, or the version file's digest not the one signed: not vouched for.
    c.lab.manifest_path.write_text(_signed(_version_line(), Ed25519PrivateKey.generate()), encoding="utf-8")
    assert identity.software_version(c) == identity.UNVERIFIED
    c.lab.manifest_path.write_text(_signed("0" * 64 + f"  {identity.VERSION_FILE}\n"), encoding="utf-8")
    assert identity.software_version(c) == identity.UNVERIFIED


def test_a_launch_whose_check_did_not_pass_shows_no_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "keys").mkdir()
    (tmp_path / "keys" / "maker.pub").write_bytes(public_pem(MAKER))
    c = make_config(tmp_path, "[lab]\ntrusted_key = keys/maker.pub\nverify_at_boot = never\n")
    c.lab.manifest_path.write_text(_signed(_version_line()), encoding="utf-8")
    skipped = software.BootCheck("skipped", "software verification is off")
    monkeypatch.setattr(software, "launched", lambda: skipped)  # the files were never checked
    assert identity.software_version(c) == identity.UNVERIFIED


def test_the_version_file_is_the_projects_version() -> None:
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert (ROOT / identity.VERSION_FILE).read_text(encoding="utf-8").strip() == shipped
