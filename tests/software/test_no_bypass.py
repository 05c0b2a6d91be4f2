"""Software verification has no way around it: byte-code, loose modules, extension modules and ``.pth``
files are checked, the check runs before the program it checks, and the trusted key is the lab's to hold.

Each attack here was reproduced against an old verifier (which skipped ``__pycache__`` and ``*.pyc`` and
trusted a key shipped inside the tree) and printed ``OK``. The isolated launcher's attacks (code that ran
before the verifier, byte-code that compared equal) are in ``test_launcher_attacks.py``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import py_compile
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal import launch
from terminal.cli import main
from terminal.config.keys import settings_of
from terminal.config.sections import LabSection
from terminal.software import boot as software
from terminal.software.manifest import ROOT, fingerprint, make_manifest, verify
from tests.software.test_launcher_attacks import Venv

KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
TAG = sys.implementation.cache_tag
MONEY = b'"""money"""\nSCALE = 100\n'


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "install"
    files = {"terminal/__init__.py": b"", "terminal/money.py": MONEY, "rng/__init__.py": b""}
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def _evil_pyc(code_text: str, unchecked: bool = True) -> bytes:
    """A byte-code file as an attacker writes it: flags 0b01 = hash-based, unchecked (Python never looks at
    the source), then any 8 bytes, then the attacker's code."""
    code = compile(code_text, "money.py", "exec")
    flags = 0b01 if unchecked else 0
    return importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little") + bytes(8) + marshal.dumps(code)


def test_a_planted_unchecked_pyc_is_loaded_by_python_and_caught_by_verify(tree: Path) -> None:
    text = make_manifest(KEY, tree)
    cache = tree / "terminal" / "__pycache__" / f"money.{TAG}.pyc"
    cache.parent.mkdir()
    cache.write_bytes(_evil_pyc("SCALE = 1  # every amount a hundred times too big\n"))
    # The threat is real: Python imports the planted code although money.py is untouched.
    ran = subprocess.run(
        [sys.executable, "-B", "-c", "import terminal.money as m; print(m.SCALE)"],
        cwd=tree, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert ran.stdout.strip() == "1"
    found = verify(text, KEY.public_key(), tree)
    stray = "stray byte-code (not in the signed manifest)"
    assert found.problem == f"terminal/__pycache__/money.{TAG}.pyc: {stray}"


def test_a_loose_pyc_imports_and_is_caught(tree: Path) -> None:
    text = make_manifest(KEY, tree)
    (tree / "terminal" / "evilmod.pyc").write_bytes(_evil_pyc("OWNED = True\n"))
    ran = subprocess.run(
        [sys.executable, "-B", "-c", "import terminal.evilmod as m; print(m.OWNED)"],
        cwd=tree, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert ran.stdout.strip() == "True"
    assert verify(text, KEY.public_key(), tree).problem == (
        "terminal/evilmod.pyc: stray byte-code (not in the signed manifest)"
    )


def test_byte_code_passes_only_as_the_bytes_the_maker_signed(tree: Path) -> None:
    text = make_manifest(KEY, tree)
    cache = tree / "terminal" / "__pycache__" / f"money.{TAG}.pyc"
    modes = py_compile.PycInvalidationMode
    for invalidation in (modes.TIMESTAMP, modes.UNCHECKED_HASH):
        # Python's own faithful cache of a verified source: not signed, so stray all the same.
        py_compile.compile(str(tree / "terminal" / "money.py"), invalidation_mode=invalidation, doraise=True)
        assert "stray byte-code" in str(verify(text, KEY.public_key(), tree).problem)
    signed = make_manifest(KEY, tree)  # the maker ships it: listed with its SHA-256
    digest = hashlib.sha256(cache.read_bytes()).hexdigest()
    assert f"{digest}  terminal/__pycache__/money.{TAG}.pyc\n" in signed
    assert verify(signed, KEY.public_key(), tree).ok
    honest = cache.read_bytes()
    cache.write_bytes(_evil_pyc("SCALE = 1\n"))
    assert verify(signed, KEY.public_key(), tree).problem == (
        f"terminal/__pycache__/money.{TAG}.pyc: differs from the manifest (SHA-256)"
    )
    cache.write_bytes(honest[:8] + bytes(8) + honest[16:])  # the same code, another header: other bytes
    assert "differs from the manifest" in str(verify(signed, KEY.public_key(), tree).problem)
    cache.unlink()
    assert verify(signed, KEY.public_key(), tree).problem == (
        f"terminal/__pycache__/money.{TAG}.pyc: missing (listed in the manifest)"
    )


def test_modules_beside_the_packages_extension_modules_and_site_pth_files_are_caught(
    tree: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"
    site.mkdir()
    (site / "keep.pth").write_text("/somewhere\n")
    text = make_manifest(KEY, tree, (site,))
    assert "@site0/keep.pth" in text
    assert verify(text, KEY.public_key(), tree, (site,)).ok
    (tree / "json.py").write_text("raise SystemExit('shadowed the standard library')\n")
    assert verify(text, KEY.public_key(), tree, (site,)).problem == "json.py: added (not in the manifest)"
    (tree / "json.py").unlink()
    (tree / "rng" / "_fast.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    assert verify(text, KEY.public_key(), tree, (site,)).problem == (
        "rng/_fast.cpython-311-x86_64-linux-gnu.so: added extension module (not in the manifest)"
    )
    (tree / "rng" / "_fast.cpython-311-x86_64-linux-gnu.so").unlink()
    (site / "zz-hook.pth").write_text("import os; os.system('true')\n")
    hook = verify(text, KEY.public_key(), tree, (site,)).problem
    assert hook == "@site0/zz-hook.pth: added (not in the manifest)"
    (site / "zz-hook.pth").unlink()
    (site / "keep.pth").write_text("import os\n")
    assert verify(text, KEY.public_key(), tree, (site,)).problem == (
        "@site0/keep.pth: differs from the manifest (SHA-256)"
    )


def _public_pem(key: Ed25519PrivateKey = KEY) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def test_a_trusted_key_inside_the_tree_it_checks_is_refused(tree: Path, tmp_path: Path) -> None:
    manifest = tmp_path / "MANIFEST.sha256"
    manifest.write_text(make_manifest(KEY, tree), encoding="utf-8")
    inside = tree / "terminal" / "verify_key.pub"
    inside.write_bytes(_public_pem())
    found = software.check("always", manifest, inside, tree, ())
    assert found.status == "fail" and "lies inside the tree it verifies" in found.detail
    outside = tmp_path / "maker.pub"
    outside.write_bytes(_public_pem())
    assert software.check("always", manifest, outside, tree, ()).status == "fail"  # the key is now a file
    (tree / "terminal" / "verify_key.pub").unlink()
    passed = software.check("always", manifest, outside, tree, ())
    assert passed.status == "pass" and passed.key == fingerprint(KEY.public_key())


def test_an_attacker_who_re_signs_with_a_new_key_fails_against_the_labs_key(
    tree: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[lab]\ntrusted_key = lab/maker.pub\n", encoding="utf-8")
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "maker.pub").write_bytes(_public_pem())
    common = ["--config", str(cfg), "--root", str(tree)]
    (tmp_path / "MANIFEST.sha256").write_text(make_manifest(KEY, tree), encoding="utf-8")
    assert main(["verify", *common]) == 0
    out = capsys.readouterr().out
    printed = fingerprint(KEY.public_key())
    assert f"fingerprint {printed}" in out and "OK 3 files" in out
    # The attacker edits a file, makes a key pair of their own and signs a new manifest with it.
    (tree / "terminal" / "money.py").write_bytes(MONEY.replace(b"100", b"1"))
    rogue = tmp_path / "rogue.key"
    assert main(["verify", "keygen", "--private", str(rogue), "--public", str(tmp_path / "rogue.pub")]) == 0
    assert main(["verify", "make-manifest", "--key", str(rogue), *common]) == 0
    capsys.readouterr()
    assert main(["verify", *common]) == 1  # the configured key is the maker's, not theirs
    captured = capsys.readouterr()
    assert f"fingerprint {printed}" in captured.out
    assert "manifest signature does not verify with the trusted public key" in captured.err
    # With their key (--key) it passes: but the fingerprint printed is not the maker's published one.
    assert main(["verify", "--key", str(tmp_path / "rogue.pub"), *common]) == 0
    assert printed not in capsys.readouterr().out


def test_keygen_never_overwrites_a_key_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    private = tmp_path / "maker.key"
    assert main(["verify", "keygen", "--config", str(cfg), "--private", str(private)]) == 0
    public = tmp_path / "maker.pub"  # [lab] trusted_key's default, beside the configuration
    first = public.read_bytes()
    assert "fingerprint " in capsys.readouterr().out
    private.unlink()
    assert main(["verify", "keygen", "--config", str(cfg), "--private", str(private)]) == 1
    assert "refusing to overwrite a key without --force" in capsys.readouterr().err
    assert public.read_bytes() == first and not private.exists()
    assert main(["verify", "keygen", "--config", str(cfg), "--private", str(private), "--force"]) == 0
    assert public.read_bytes() != first and private.stat().st_mode & 0o777 == 0o600


def test_the_launcher_reads_the_same_lab_defaults_as_the_loader() -> None:
    declared = {name: s.default for name, s in settings_of(LabSection).items() if name in launch.DEFAULTS}
    assert declared == launch.DEFAULTS


def test_the_launcher_reads_lab_keys_as_the_loader_does(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(
        "[table]\nseats = 4\n[lab]\n# a comment\n"
        "verify_at_boot = always\ntrusted_key = /k/m.pub\n"
    )
    assert launch.lab_settings(cfg) == ("always", tmp_path / "MANIFEST.sha256", Path("/k/m.pub"))


def _install_copy(tmp_path: Path) -> Path:
    """The program copied to ``tmp_path/install`` (sources only), as an install a test may tamper with."""
    copy = tmp_path / "install"
    for top in ("rng", "terminal", "assets"):
        shutil.copytree(ROOT / top, copy / top, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return copy


def test_the_launcher_refuses_a_tampered_install_and_runs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``launch.main`` in this process against a signed copy: a stray byte-code file stops every command
    before it runs; the clean copy runs it. The same path, from a fresh interpreter with Python's own
    byte-code cache, is the slow test below."""
    copy = _install_copy(tmp_path)
    (tmp_path / "maker.pub").write_bytes(_public_pem())
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[lab]\nverify_at_boot = always\n", encoding="utf-8")
    (tmp_path / "MANIFEST.sha256").write_text(make_manifest(KEY, copy), encoding="utf-8")
    cache = copy / "terminal" / "__pycache__" / f"money.{TAG}.pyc"
    cache.parent.mkdir(exist_ok=True)
    cache.write_bytes(_evil_pyc("SCALE = 100\n"))
    monkeypatch.setattr(launch, "ROOT", copy)
    monkeypatch.setattr(software, "_launched", [])  # the launcher's result is the process's: keep ours apart
    for args in (["config", "show"], ["ledger", "report"]):
        capsys.readouterr()
        assert launch.main([*args, "--config", str(cfg)]) == 1
        out, err = capsys.readouterr()
        assert out == ""  # nothing of the command ran
        assert f"terminal/__pycache__/money.{TAG}.pyc: stray byte-code" in err
        assert "nothing runs" in err and fingerprint(KEY.public_key()) in err
        assert software.launched() is not None and software.launched().status == "fail"  # type: ignore[union-attr]
    cache.unlink()
    assert launch.main(["config", "show", "--config", str(cfg)]) == 0
    out, err = capsys.readouterr()
    assert out and "FAILED" not in err
    assert software.launched() is not None and software.launched().status == "pass"  # type: ignore[union-attr]


# Four fresh interpreters: slow; test_the_launcher_refuses_a_tampered_install_and_runs_nothing: the fast case.
@pytest.mark.slow
def test_the_development_start_verifies_before_any_program_module_runs(tmp_path: Path) -> None:
    """``python -B -m terminal`` (a development start, not protected against code that runs before it:
    see test_launcher_attacks.py) still refuses a planted byte-code file before the program loads it.

    The interpreter is a throw-away virtual environment whose site-packages holds only ``link.pth``, a
    path line to the real dependencies (``test_launcher_attacks.Venv``): each start checks that folder as
    its runtime, not the 650 MB of this interpreter's (``test_launcher_attacks`` runs a verified program
    on those)."""
    copy = _install_copy(tmp_path)
    (tmp_path / "maker.pub").write_bytes(_public_pem())
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[lab]\nverify_at_boot = always\n", encoding="utf-8")
    venv = Venv(tmp_path / "venv")
    signed = make_manifest(KEY, copy, (venv.site,))  # the interpreter's .pth file too
    assert "  @site0/link.pth\n" in signed
    (tmp_path / "MANIFEST.sha256").write_text(signed, encoding="utf-8")
    marker = tmp_path / "owned"
    cache = copy / "terminal" / "__pycache__" / f"money.{TAG}.pyc"
    cache.parent.mkdir(exist_ok=True)
    original = (copy / "terminal" / "money.py").read_text(encoding="utf-8")
    evil = original.replace("from __future__ import annotations\n", "", 1)
    cache.write_bytes(_evil_pyc(f"open({str(marker)!r}, 'w').close()\n" + evil))

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def terminal(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(venv.python), "-B", "-m", "terminal", *args, "--config", str(cfg)],
            cwd=copy, capture_output=True, text=True, timeout=120, env=env,
        )  # fmt: skip

    for args in (("config", "show"), ("verify",)):
        ran = terminal(*args)
        assert ran.returncode == 1, ran.stdout + ran.stderr
        assert f"terminal/__pycache__/money.{TAG}.pyc: stray byte-code" in ran.stderr
        assert fingerprint(KEY.public_key()) in ran.stderr
        assert not marker.exists()  # the planted code never ran
    cache.unlink()
    ran = terminal("verify")
    assert ran.returncode == 0, ran.stderr
    assert "OK " in ran.stdout and fingerprint(KEY.public_key()) in ran.stdout
    # -B: no byte-code was written (a cache the check would refuse as stray at the next start).
    assert not list(copy.rglob("*.pyc"))
    assert terminal("verify").returncode == 0


def test_service_mode_shows_the_trusted_key_with_its_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terminal.desk import desk as service_desk
    from tests.table.harness import make_config, make_table

    (tmp_path / "keys").mkdir()
    (tmp_path / "keys" / "maker.pub").write_bytes(_public_pem())
    c = make_config(tmp_path, "[lab]\ntrusted_key = keys/maker.pub\nverify_at_boot = always\n")
    copy = _install_copy(tmp_path)  # the self-test's check, on a copy no other test writes byte-code into
    c.lab.manifest_path.write_text(make_manifest(KEY, copy), encoding="utf-8")
    real = software.check
    monkeypatch.setattr(service_desk.software, "check", lambda *a: real(*a, root=copy, sites=()))
    table = make_table(c)
    passed, detail = service_desk._verify_software(table)  # what the self-test card shows
    printed = fingerprint(KEY.public_key())
    assert passed and detail.endswith(f"; key maker.pub {printed[:39]} …"), detail
    table.ledger.close()
