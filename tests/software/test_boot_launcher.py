"""The isolated launcher (``boot/launch.py``) on its own: its Ed25519 against RFC 8032 and ``cryptography``,
its file rules against the program's verifier, its one-line refusals, and how the table is started with it.
The attacks it stops are in ``test_launcher_attacks.py``."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from terminal import launch as program_launch
from terminal.commands import run_cmd
from terminal.software import boot as software
from terminal.software import manifest as signing

ROOT = signing.ROOT
LAUNCHER = ROOT / "boot" / "launch.py"
KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
TAG = sys.implementation.cache_tag


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("boot_launch_under_test", LAUNCHER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


boot = _load()

# RFC 8032 §7.1, "Test Vectors for Ed25519": TEST 1, TEST 2, TEST 3 and TEST SHA(abc) (secret key, public
# key, message, signature; the last message is SHA-512 of "abc", computed below rather than copied).
RFC8032 = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5"
     "f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2e"
     "aeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15"
     "e9716ed28dc027beceea1ec40a"),
    ("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", hashlib.sha512(b"abc").hexdigest(),
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca17"
     "9c138ac17ad9bef1177331a704"),
]  # fmt: skip
L = 2**252 + 27742317777372353535851937790883648493


def _raw(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def _pem(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def _flip(data: bytes, bit: int) -> bytes:
    out = bytearray(data)
    out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


@pytest.mark.parametrize(("secret", "public", "message", "signature"), RFC8032)
def test_rfc8032_vectors_verify_and_any_changed_bit_does_not(
    secret: str, public: str, message: str, signature: str
) -> None:
    pk, msg, sig = bytes.fromhex(public), bytes.fromhex(message), bytes.fromhex(signature)
    signer = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))  # the vector itself, checked apart
    assert _raw(signer.public_key()) == pk and signer.sign(msg) == sig
    assert boot.ed25519_verify(pk, msg, sig)
    for bit in (0, 7, 255, 256, 300, 511):
        assert not boot.ed25519_verify(pk, msg, _flip(sig, bit))
    assert not boot.ed25519_verify(_flip(pk, 3), msg, sig)
    assert not boot.ed25519_verify(pk, msg + b"\0", sig)


def test_random_keys_and_messages_agree_with_cryptography() -> None:
    rng = random.Random(8032)
    for _ in range(12):
        key = Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        message = rng.randbytes(rng.randrange(0, 300))
        signature = key.sign(message)
        public = key.public_key()
        assert boot.ed25519_verify(_raw(public), message, signature)
        forged = _flip(signature, rng.randrange(512)) if rng.random() < 0.5 else signature
        changed = bool(message) and forged == signature
        altered = _flip(message, rng.randrange(len(message) * 8)) if changed else message
        try:
            public.verify(forged, altered)
            expected = True
        except InvalidSignature:
            expected = False
        assert boot.ed25519_verify(_raw(public), altered, forged) is expected


def test_a_malleable_s_and_malformed_inputs_are_refused() -> None:
    message = b"manifest body"
    signature = KEY.sign(message)
    s = int.from_bytes(signature[32:], "little")
    malleable = signature[:32] + (s + L).to_bytes(32, "little")  # the same point, s not reduced
    with pytest.raises(InvalidSignature):
        KEY.public_key().verify(malleable, message)
    assert not boot.ed25519_verify(_raw(KEY.public_key()), message, malleable)
    assert not boot.ed25519_verify(_raw(KEY.public_key())[:31], message, signature)
    assert not boot.ed25519_verify(_raw(KEY.public_key()), message, signature[:63])
    not_a_point = (2).to_bytes(32, "little")  # y = 2: x² has no square root mod p
    assert not boot.ed25519_verify(not_a_point, message, signature)


def test_the_launcher_reads_the_keys_keygen_writes_with_the_same_fingerprint() -> None:
    pem = _pem(KEY.public_key())
    assert boot.public_key_of(pem, "maker.pub") == _raw(KEY.public_key())
    assert boot.fingerprint(_raw(KEY.public_key())) == signing.fingerprint(KEY.public_key())
    with pytest.raises(boot.Refused, match=r"^maker\.pub is not a PEM public key$"):
        boot.public_key_of(b"hello", "maker.pub")
    rsa_like = b"-----BEGIN PUBLIC KEY-----\nMAA=\n-----END PUBLIC KEY-----\n"
    with pytest.raises(boot.Refused, match=r"^maker\.pub is not an Ed25519 public key$"):
        boot.public_key_of(rsa_like, "maker.pub")


def test_the_launcher_and_the_program_cover_the_same_files() -> None:
    sites = software.site_dirs()
    assert boot.runtime_dirs() == tuple(map(str, sites)) and sites  # this venv's site-packages
    assert boot.runtime_dirs(sys.executable) == tuple(map(str, signing.runtime_dirs(sys.executable)))
    listed = boot.listing(str(ROOT), tuple(map(str, sites)))
    assert tuple(listed) == signing.installed_files(ROOT, sites)
    assert "boot/launch.py" in listed and any(p.startswith("@site0/") and p.endswith(".pth") for p in listed)


def _tree(base: Path) -> Path:
    root = base / "install"
    for name, data in {"boot/launch.py": b"#", "terminal/__init__.py": b"", "terminal/m.py": b"A = 1\n",
                       "rng/__init__.py": b"", "assets/a.bin": bytes(range(256))}.items():  # fmt: skip
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_the_launcher_and_the_program_find_the_same_problems_and_hmac(tmp_path: Path) -> None:
    root, site = _tree(tmp_path), tmp_path / "site"
    (site / "pkg" / "__pycache__").mkdir(parents=True)
    (site / "a.pth").write_text("/x\n")
    (site / "pkg" / "__pycache__" / f"m.{TAG}.pyc").write_bytes(b"code")
    text = signing.make_manifest(KEY, root, (site,))
    assert f"@site0/pkg/__pycache__/m.{TAG}.pyc" in text
    public = _raw(KEY.public_key())

    def both(seed: bytes | None = None) -> tuple[str | None, str]:
        files, problem, seeded = boot.check(text, public, str(root), (str(site),), seed)
        found = signing.verify(text, KEY.public_key(), root, (site,), seed)
        assert (files, problem, seeded) == (found.files, found.problem, found.seeded)
        return problem, seeded

    assert both(b"\x01")[0] is None and len(both(b"\x01")[1]) == 64 and both() == (None, "")
    steps: list[tuple[Path, bytes | None, str]] = [
        (root / "terminal" / "__pycache__" / f"m.{TAG}.pyc", b"x", "stray byte-code (not in the signed "
         "manifest)"),
        (root / "json.py", b"", "added (not in the manifest)"),
        (site / "evil.pth", b"import os", "added (not in the manifest)"),
        (root / "assets" / "a.bin", b"!", "differs from the manifest (SHA-256)"),
        (root / "terminal" / "m.py", None, "missing (listed in the manifest)"),
        (site / "pkg" / "_x.so", b"", "added extension module (not in the manifest)"),
    ]
    for path, data, problem in steps:
        before = path.read_bytes() if path.exists() else None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink() if data is None else path.write_bytes(data)
        found, seeded = both(b"\x01")
        assert found is not None and found.endswith(problem) and seeded == "", found
        path.unlink(missing_ok=True)
        if before is not None:
            path.write_bytes(before)
    assert both() == (None, "")
    header = text.replace("\n", "\n# version 1.0\n", 1)  # a signed header line, once signed, is no file
    signed_body = header.rsplit("# ed25519 ", 1)[0]
    resigned = f"{signed_body}# ed25519 {KEY.sign(signed_body.encode()).hex()}\n"
    assert boot.check(resigned, public, str(root), (str(site),))[1] is None
    assert signing.verify(resigned, KEY.public_key(), root, (site,)).ok
    assert boot.check(header, public, str(root), (str(site),))[1] == (
        "manifest signature does not verify with the trusted public key"
    )


def _launch(*args: str, cwd: Path, flags: tuple[str, ...] = ("-I", "-S", "-B"), launcher: Path = LAUNCHER,
            ) -> subprocess.CompletedProcess[str]:  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run([sys.executable, *flags, str(launcher), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def _one_line(ran: subprocess.CompletedProcess[str], code: int, *words: str) -> None:
    assert ran.returncode == code, ran.stdout + ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1 and "Traceback" not in ran.stderr, ran.stderr
    assert all(word in ran.stderr for word in words), ran.stderr


def test_missing_or_bad_files_get_one_line_never_a_traceback(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[lab]\nverify_at_boot = always\n", encoding="utf-8")
    config = ("--config", str(cfg))
    manifest = tmp_path / "MANIFEST.sha256"
    _one_line(_launch("config", "show", *config, cwd=tmp_path), 1, f"no manifest at {manifest}")
    manifest.write_text("garbage\n", encoding="utf-8")
    key = str(tmp_path / "maker.pub")
    _one_line(_launch("config", "show", *config, cwd=tmp_path), 1, "no such file", key)
    (tmp_path / "maker.pub").write_text("not a key", encoding="utf-8")
    _one_line(_launch("config", "show", *config, cwd=tmp_path), 1, "maker.pub is not a PEM public key")
    (tmp_path / "maker.pub").write_bytes(_pem(KEY.public_key()))
    _one_line(_launch("config", "show", *config, cwd=tmp_path), 1, "manifest unreadable")
    cfg.write_text("[lab]\nverify_at_boot = sometimes\n", encoding="utf-8")
    _one_line(_launch("config", "show", *config, cwd=tmp_path), 1, "verify_at_boot must be one of")
    # Started without -I -S -B: refused (site and the environment already had their turn).
    _one_line(_launch("config", "show", *config, cwd=tmp_path, flags=("-B",)), 2, "-I -S -B")
    # The launcher itself missing: the interpreter's own single line.
    gone = _launch("config", "show", cwd=tmp_path, launcher=tmp_path / "boot" / "launch.py")
    assert gone.returncode == 2 and "can't open file" in gone.stderr and "Traceback" not in gone.stderr


def test_a_development_checkout_without_a_manifest_still_runs(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    shutil.copy(ROOT / "kiosk.cfg", cfg)  # verify_at_boot = auto, and no manifest beside it
    assert not (tmp_path / "MANIFEST.sha256").exists()
    ran = _launch("config", "show", "--config", str(cfg), cwd=tmp_path)
    assert ran.returncode == 0 and "T-01" in ran.stdout, ran.stderr


def test_only_the_programs_packages_are_found_at_the_install_root() -> None:
    finder = boot._Program(str(ROOT))
    spec = finder.find_spec("terminal")
    assert spec is not None and spec.origin == str(ROOT / "terminal" / "__init__.py")
    assert finder.find_spec("rng") is not None
    for name in ("json", "tests", "tools", "benchmarks", "boot"):  # folders and names beside the packages
        assert finder.find_spec(name) is None


def test_the_hand_over_keeps_the_launchers_result_for_the_boot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(software, "_launched", [])
    monkeypatch.setattr(sys, "dont_write_bytecode", sys.dont_write_bytecode)
    result = {"status": "pass", "detail": "3 files match the signed manifest", "files": 3, "key": "ab12",
              "seed": None, "seeded": ""}  # fmt: skip
    assert program_launch.verified(["config", "show", "--config", str(ROOT / "kiosk.cfg")], result) == 0
    assert "T-01" in capsys.readouterr().out
    assert software.launched() == software.BootCheck("pass", "3 files match the signed manifest", 3, "ab12")


def test_terminal_run_starts_each_process_through_the_launcher(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from terminal import config as configuration
    from terminal.lab import supervisor

    started: list[tuple[str, ...]] = []

    class Recorder:
        def __init__(self, controller: Any, screens: Any, **_: Any) -> None:
            started.extend(child.argv for child in (controller, *screens))

        def run(self) -> SimpleNamespace:
            return SimpleNamespace(codes=(), clean=True)

    monkeypatch.setattr(supervisor, "Supervisor", Recorder)
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nlocal_seats = 1,2\nport = 45123\n", encoding="utf-8")
    args = SimpleNamespace(config=cfg, bots=None)
    assert run_cmd.run_table(configuration.load(cfg), args) == 0  # type: ignore[arg-type]
    isolated = (sys.executable, "-I", "-S", "-B", str(LAUNCHER))
    assert [argv[:5] for argv in started] == [isolated] * 4
    assert [argv[5] for argv in started] == ["controller", "display", "seat", "seat"]
    assert "-I -S -B boot/launch.py run" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_each_file_is_read_once_for_its_sha256_and_the_seeded_hmac(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No second read an attacker could race: the bytes hashed are the bytes in the HMAC (launcher and
    program alike)."""
    root = _tree(tmp_path)
    text = signing.make_manifest(KEY, root)
    listed = [path for path, _ in signing.parse_manifest(text)[0]]
    opened: list[str] = []
    real_open = open

    def counting_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(Path(file).relative_to(root).as_posix())
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(boot, "open", counting_open, raising=False)
    assert len(boot.check(text, _raw(KEY.public_key()), str(root), (), b"\x07")[2]) == 64
    assert sorted(opened) == sorted(listed)
    read: list[str] = []
    real_read = Path.read_bytes

    def counting_read(self: Path) -> bytes:
        read.append(self.relative_to(root).as_posix())
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", counting_read)
    assert len(signing.verify(text, KEY.public_key(), root, (), b"\x07").seeded) == 64
    assert sorted(read) == sorted(listed)
