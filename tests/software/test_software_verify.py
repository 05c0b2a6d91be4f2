"""Software verification: every change to the installed program is caught by name, at boot and on demand."""

from __future__ import annotations

import functools
import hashlib
import hmac
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.cli import main
from terminal.ledger import EventCode
from terminal.software import boot as software
from terminal.software import manifest as signing
from terminal.software.manifest import installed_files, make_manifest, parse_manifest, verify
from terminal.table import boot as table_boot
from terminal.table.tilts import TiltKind
from tests.table.harness import make_config, make_table

FILES = {
    "rng/__init__.py": b'"""rng"""\n',
    "rng/drbg.py": b"def generate():\n    return 1\n",
    "terminal/__init__.py": b"",
    "terminal/table/table.py": b"class Table:\n    pass\n",
    "assets/font.ttf": bytes(range(256)),
    "README.md": b"not covered: a document, not a module",
}
KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    base = tmp_path / "install"
    for name, data in FILES.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_bytes(data)
    return base


def test_the_manifest_lists_every_program_and_asset_file_with_its_sha256(root: Path) -> None:
    assert installed_files(root) == (
        "assets/font.ttf", "rng/__init__.py", "rng/drbg.py", "terminal/__init__.py",
        "terminal/table/table.py",
    )  # fmt: skip
    text = make_manifest(KEY, root)
    entries, body, signature = parse_manifest(text)
    assert dict(entries)["rng/drbg.py"] == hashlib.sha256(FILES["rng/drbg.py"]).hexdigest()
    KEY.public_key().verify(signature, body)  # raises if the signature were wrong
    font = hashlib.sha256(bytes(range(256))).hexdigest()
    assert body.decode().splitlines()[0] == f"{font}  assets/font.ttf"
    assert verify(text, KEY.public_key(), root).ok


def test_one_changed_byte_an_added_file_and_a_removed_file_are_named(root: Path) -> None:
    text = make_manifest(KEY, root)
    drbg = root / "rng" / "drbg.py"
    drbg.write_bytes(drbg.read_bytes().replace(b"1", b"2"))
    assert verify(text, KEY.public_key(), root).problem == "rng/drbg.py: differs from the manifest (SHA-256)"
    drbg.write_bytes(FILES["rng/drbg.py"])
    (root / "terminal" / "table" / "extra.py").write_bytes(b"")
    added = "terminal/table/extra.py: added (not in the manifest)"
    assert verify(text, KEY.public_key(), root).problem == added
    (root / "terminal" / "table" / "extra.py").unlink()
    (root / "assets" / "font.ttf").unlink()
    assert verify(text, KEY.public_key(), root).problem == "assets/font.ttf: missing (listed in the manifest)"


def test_a_forged_manifest_or_signature_is_caught(root: Path) -> None:
    text = make_manifest(KEY, root)
    (root / "rng" / "drbg.py").write_bytes(b"def generate():\n    return 4  # chosen by a fair dice roll\n")
    # The forger rewrites the digest line to match the tampered file but cannot sign it.
    digest = hashlib.sha256((root / "rng" / "drbg.py").read_bytes()).hexdigest()
    lines = text.splitlines(keepends=True)
    forged = "".join(f"{digest}  rng/drbg.py\n" if "rng/drbg.py" in line else line for line in lines)
    problem = "manifest signature does not verify with the trusted public key"
    assert verify(forged, KEY.public_key(), root).problem == problem
    # Signed with another key: the same.
    other = make_manifest(Ed25519PrivateKey.generate(), root)
    assert verify(other, KEY.public_key(), root).problem == problem
    assert "no signature line" in str(verify(text.rsplit("#", 1)[0], KEY.public_key(), root).problem)


def test_seeded_hmac_matches_an_independent_computation(root: Path) -> None:
    text = make_manifest(KEY, root)
    seed = bytes.fromhex("00112233445566778899aabbccddeeff")
    message = b""
    for path in sorted(p for p in FILES if p != "README.md"):
        data = FILES[path]
        message += path.encode() + b"\0" + len(data).to_bytes(8, "big") + data
    expected = hmac.new(seed, message, hashlib.sha256).hexdigest()
    assert verify(text, KEY.public_key(), root, (), seed).seeded == expected
    assert verify(text, KEY.public_key(), root, (), b"\x01" + seed[1:]).seeded != verify(
        text, KEY.public_key(), root, (), seed
    ).seeded
    assert verify(text, KEY.public_key(), root).seeded == ""  # no seed, no HMAC


def test_boot_policy_in_development_and_in_a_certified_install(root: Path, tmp_path: Path) -> None:
    manifest, public = tmp_path / "MANIFEST.sha256", tmp_path / "key.pub"
    public.write_bytes(_public_pem())
    check = functools.partial(software.check, public_key=public, root=root, sites=())
    assert check("auto", manifest).status == "skipped"  # a development build has no manifest
    assert check("always", manifest).status == "fail"
    assert check("never", manifest).status == "skipped"
    manifest.write_text(make_manifest(KEY, root), encoding="utf-8")
    printed = signing.fingerprint(KEY.public_key())
    passed = software.BootCheck("pass", "5 files match the signed manifest", 5, printed)
    assert check("auto", manifest) == passed
    (root / "rng" / "drbg.py").write_bytes(b"")
    assert check("auto", manifest).detail == "rng/drbg.py: differs from the manifest (SHA-256)"


def test_the_table_tilts_at_boot_naming_the_file(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    public = tmp_path / "key.pub"
    public.write_bytes(_public_pem())
    c = make_config(tmp_path, "[lab]\nmanifest_path = MANIFEST.sha256\nverify_at_boot = always\n")
    c.lab.manifest_path.write_text(make_manifest(KEY, root), encoding="utf-8")
    (root / "terminal" / "__init__.py").write_bytes(b"# patched\n")
    real = software.check
    monkeypatch.setattr(
        table_boot.software, "check", lambda mode, manifest, _key: real(mode, manifest, public, root, ())
    )
    table = make_table(c)
    table_boot.verify_software(c, table.clock, table)
    table.start()
    assert [t.kind for t in table.tilts.active] == [TiltKind.SOFTWARE_VERIFY]
    assert "terminal/__init__.py: differs" in table.tilts.active[0].detail
    with pytest.raises(Exception, match="takes no wagers"):
        table.wagers.place(1, "red", 100)
    codes = [e.code for e in table.ledger.events()]
    assert EventCode.SOFTWARE_VERIFY_FAIL in codes and EventCode.TILT in codes


def test_cli_keygen_make_manifest_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    install = tmp_path / "install"
    for name, data in FILES.items():
        (install / name).parent.mkdir(parents=True, exist_ok=True)
        (install / name).write_bytes(data)
    common = ["--config", str(cfg), "--root", str(install)]
    private = tmp_path / "maker" / "maker.key"
    public = tmp_path / "maker.pub"  # [lab] trusted_key: outside the tree it checks
    assert main(["verify", "keygen", "--private", str(private), "--public", str(public)]) == 0
    assert private.stat().st_mode & 0o777 == 0o600
    assert main(["verify", *common]) == 1  # no manifest yet
    assert "no manifest" in capsys.readouterr().err
    assert main(["verify", "make-manifest", "--key", str(private), *common]) == 0
    assert main(["verify", "--seed", "abcd", *common]) == 0
    out = capsys.readouterr().out
    assert "OK 5 files match" in out and "HMAC-SHA256 " in out and "fingerprint " in out
    (install / "rng" / "drbg.py").write_bytes(b"x")
    assert main(["verify", *common]) == 1
    assert "FAIL rng/drbg.py: differs" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:  # a command line mistake: exit 2, as in every command
        main(["verify", "--seed", "zz", *common])
    assert exited.value.code == 2


def _public_pem() -> bytes:
    from cryptography.hazmat.primitives import serialization

    return KEY.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def test_missing_or_wrong_key_files_get_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    install = tmp_path / "install"
    (install / "terminal").mkdir(parents=True)
    common = ["--config", str(cfg), "--root", str(install)]
    missing = tmp_path / "nokey.pem"
    assert main(["verify", "make-manifest", "--key", str(missing), *common]) == 1
    err = capsys.readouterr().err
    assert f"no key at {missing}" in err and "Errno" not in err and len(err.splitlines()) == 1
    assert main(["verify", "make-manifest", "--key", str(cfg), *common]) == 1
    err = capsys.readouterr().err
    assert f"{cfg} is not a PEM private key" in err and "cryptography.io" not in err
    # a manifest but no trusted public key at [lab] trusted_key (keygen was told --public elsewhere)
    private, public = tmp_path / "maker.key", tmp_path / "elsewhere.pub"
    assert main(["verify", "keygen", "--private", str(private), "--public", str(public)]) == 0
    assert main(["verify", "make-manifest", "--key", str(private), *common]) == 0
    capsys.readouterr()
    assert main(["verify", *common]) == 1
    err = capsys.readouterr().err
    assert f"no key at {tmp_path / 'maker.pub'}" in err and "Errno" not in err
    check = software.check("auto", tmp_path / "MANIFEST.sha256", tmp_path / "maker.pub", install)
    assert check.status == "fail" and "no key at" in check.detail and "Errno" not in check.detail
