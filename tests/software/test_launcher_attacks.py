"""Issue 28 §1: nothing runs before the verifier, byte-code is bytes, and the seeded HMAC covers what loads.

Each attack is played on a copy of the program (``rng/``, ``terminal/``, ``assets/``, the launcher) signed
with a test key, started in a fresh interpreter the way a table is started. The attacker's code would
write a marker file: it must not exist afterwards, and the launcher must refuse naming the planted file.

The interpreter of the refused attacks is a throw-away virtual environment (no pip) whose site-packages
holds only ``link.pth``, a path line to this project's real site-packages: a normal start (``site``
running) reaches the program's dependencies through it, the isolated launcher (``-S``: no ``.pth``) only
hashes it. The cases where the verified program must run use this interpreter's real site-packages,
signed once per test session.
"""

from __future__ import annotations

import dis
import hashlib
import hmac
import importlib.util
import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import CodeType

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.software import boot as software
from terminal.software.manifest import ROOT, make_manifest, parse_manifest, verify

KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
TAG = sys.implementation.cache_tag
PROGRAM = ("rng", "terminal", "assets", "boot")
LAUNCHER = Path("boot") / "launch.py"


def start(
    python: Path, install: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Start a command of the install as a table starts it: the isolated launcher."""
    command = [str(python), "-I", "-S", "-B", str(install / LAUNCHER), *args]
    return subprocess.run(command, cwd=install, capture_output=True, text=True, timeout=300,
                          env=env or _environment())  # fmt: skip


def _environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}


def _public_pem() -> bytes:
    return KEY.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def _copy_program(target: Path) -> Path:
    for top in PROGRAM:
        if (ROOT / top).is_dir():
            shutil.copytree(ROOT / top, target / top, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (target.parent / "maker.pub").write_bytes(_public_pem())
    (target.parent / "kiosk.cfg").write_text("[lab]\nverify_at_boot = always\n", encoding="utf-8")
    return target


def _sign(install: Path, sites: tuple[Path, ...]) -> str:
    text = make_manifest(KEY, install, sites)
    (install.parent / "MANIFEST.sha256").write_text(text, encoding="utf-8")
    return text


class Venv:
    """A throw-away virtual environment reaching the real dependencies through one ``.pth`` path line."""

    def __init__(self, folder: Path, *, made: bool = False) -> None:
        if not made:
            make = [sys.executable, "-m", "venv", "--without-pip", str(folder)]
            subprocess.run(make, check=True, timeout=60)
        self.python = folder / "bin" / "python"
        self.site = folder / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
        if not made:
            real = Path(software.site_dirs()[0])
            (self.site / "link.pth").write_text(f"{real}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the signed copy of the program (``install``), its interpreter (``venv``), the key and
    the configuration: made once, copied for each attack."""
    folder = tmp_path_factory.mktemp("pristine")
    _sign(_copy_program(folder / "install"), (Venv(folder / "venv").site,))
    return folder


@pytest.fixture
def attacked(pristine: Path, tmp_path: Path) -> tuple[Path, Venv, Path]:
    """``(install, venv, marker)``: a signed copy of the program, its interpreter, the attacker's marker
    (a fresh copy of :func:`pristine` each: symbolic links, the venv's interpreter, kept as links)."""
    shutil.copytree(pristine, tmp_path, symlinks=True, dirs_exist_ok=True)
    return tmp_path / "install", Venv(tmp_path / "venv", made=True), tmp_path / "owned"


def _payload(marker: Path) -> str:
    return f"open({str(marker)!r}, 'w').close()  # the attacker's code ran\n"


def _refused(ran: subprocess.CompletedProcess[str], marker: Path, named: str) -> None:
    assert not marker.exists(), "the attacker's code ran"
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert named in ran.stderr, ran.stderr
    assert "Traceback" not in ran.stderr and len(ran.stderr.strip().splitlines()) == 1, ran.stderr


def test_lines_appended_to_the_package_init_never_run(attacked: tuple[Path, Venv, Path]) -> None:
    install, venv, marker = attacked
    init = install / "terminal" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + _payload(marker), encoding="utf-8")
    _refused(start(venv.python, install, "verify", "--config", "../kiosk.cfg"), marker,
             "terminal/__init__.py: differs from the manifest")  # fmt: skip


def test_a_pth_file_in_site_packages_never_runs(attacked: tuple[Path, Venv, Path]) -> None:
    install, venv, marker = attacked
    (venv.site / "zz-evil.pth").write_text(f"import os; {_payload(marker)}", encoding="utf-8")
    _refused(start(venv.python, install, "verify", "--config", "../kiosk.cfg"), marker,
             "@site0/zz-evil.pth: added")  # fmt: skip


@pytest.mark.parametrize("name", ["configparser.py", "json.py"])
def test_a_module_named_like_the_standard_library_at_the_root_never_runs(
    attacked: tuple[Path, Venv, Path], name: str
) -> None:
    """``configparser`` is imported by the old in-package launcher before it verified; ``json`` after."""
    install, venv, marker = attacked
    (install / name).write_text(_payload(marker), encoding="utf-8")
    _refused(start(venv.python, install, "verify", "--config", "../kiosk.cfg"), marker, f"{name}: added")


def _returned(code: CodeType) -> CodeType:
    """The code object of ``Payout.returned`` inside the module's code."""
    for inner in code.co_consts:
        if isinstance(inner, CodeType):
            if inner.co_qualname == "Payout.returned":
                return inner
            found = _returned_or_none(inner)
            if found is not None:
                return found
    raise LookupError("no Payout.returned")


def _returned_or_none(code: CodeType) -> CodeType | None:
    try:
        return _returned(code)
    except LookupError:
        return None


def _opcode_patched(module: bytes) -> bytes:
    """The marshalled module ``module`` with the ``+`` of ``Payout.returned`` turned into CPython 3.11's
    specialised integer multiplication: ``stake * (numerator + denominator) // denominator`` becomes
    ``stake * numerator``. One byte of the marshalled data changes (marshal itself writes specialised
    opcodes back as their base, so the byte is patched in the data, as an attacker does)."""
    honest = _returned(marshal.loads(module)).co_code
    add = (dis.opmap["BINARY_OP"], 0)  # BINARY_OP with NB_ADD
    plus = next(i for i in range(0, len(honest), 2) if (honest[i], honest[i + 1]) == add)
    patched = bytearray(honest)
    patched[plus] = dis._all_opmap["BINARY_OP_MULTIPLY_INT"]  # type: ignore[attr-defined]
    assert module.count(honest) == 1
    return module.replace(honest, bytes(patched))


def _plant_opcode_pyc(install: Path) -> Path:
    """The byte-code of ``terminal/games/base.py`` with one opcode changed, valid for Python's timestamp
    check (the source's modification time and size), where Python looks for it."""
    source = install / "terminal" / "games" / "base.py"
    fresh = compile(source.read_bytes(), str(source), "exec", dont_inherit=True)
    data = _opcode_patched(marshal.dumps(fresh))
    assert marshal.loads(data) == fresh  # CPython compares it equal to the honest compilation: the old flaw
    stat = source.stat()
    header = importlib.util.MAGIC_NUMBER + bytes(4) + (int(stat.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little")
    cache = install / "terminal" / "games" / "__pycache__" / f"base.{TAG}.pyc"
    cache.parent.mkdir(exist_ok=True)
    cache.write_bytes(header + (stat.st_size & 0xFFFFFFFF).to_bytes(4, "little") + data)
    return cache


def test_the_opcode_patched_pyc_pays_less_and_is_refused(attacked: tuple[Path, Venv, Path]) -> None:
    install, venv, _ = attacked
    text = (install.parent / "MANIFEST.sha256").read_text(encoding="utf-8")
    cache = _plant_opcode_pyc(install)
    # The threat is real: Python loads it, and a 1 to 1 win of 100 returns 100 instead of 200.
    probe = "from terminal.games.base import Payout; print(Payout(1).returned(100))"
    paid = subprocess.run([sys.executable, "-B", "-c", probe], cwd=install, capture_output=True, text=True,
                          env=_environment(), check=True, timeout=60)  # fmt: skip
    assert paid.stdout.strip() == "100"
    named = f"terminal/games/__pycache__/base.{TAG}.pyc"
    assert verify(text, KEY.public_key(), install, (venv.site,)).problem == (
        f"{named}: stray byte-code (not in the signed manifest)"
    )
    _refused(start(venv.python, install, "verify", "--config", "../kiosk.cfg"), install / "none", named)
    assert cache.is_file()


def test_byte_code_the_maker_signed_passes_byte_for_byte(attacked: tuple[Path, Venv, Path]) -> None:
    install, venv, _ = attacked
    cache = _plant_opcode_pyc(install)
    honest = compile((install / "terminal/games/base.py").read_bytes(), "base.py", "exec", dont_inherit=True)
    cache.write_bytes(cache.read_bytes()[:16] + marshal.dumps(honest))
    text = _sign(install, (venv.site,))
    assert f"terminal/games/__pycache__/base.{TAG}.pyc" in text
    assert verify(text, KEY.public_key(), install, (venv.site,)).ok
    cache.write_bytes(cache.read_bytes()[:16] + _opcode_patched(marshal.dumps(honest)))
    found = verify(text, KEY.public_key(), install, (venv.site,)).problem
    assert found == f"terminal/games/__pycache__/base.{TAG}.pyc: differs from the manifest (SHA-256)"


# ---- the verified program runs: this interpreter's real site-packages, signed once per session ----------


@pytest.fixture(scope="session")
def real_install(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A copy of the program signed together with this interpreter's whole site-packages."""
    install = _copy_program(tmp_path_factory.mktemp("real") / "install")
    return install, _sign(install, software.site_dirs())


def _independent_hmac(text: str, seed: bytes, install: Path) -> str:
    entries, _, _ = parse_manifest(text)
    sites = software.site_dirs()
    mac = hmac.new(seed, digestmod=hashlib.sha256)
    for path, _ in entries:
        if path.startswith("@site"):
            index, _, name = path[len("@site"):].partition("/")
            data = (sites[int(index)] / name).read_bytes()
        else:
            data = (install / path).read_bytes()
        mac.update(path.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return mac.hexdigest()


SEED = "5eed" * 8


@pytest.fixture(scope="module")
def seeded_run(
    real_install: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``verify --seed`` of the signed copy through the launcher, started with a planted
    ``PYTHONPYCACHEPREFIX`` cache of ``terminal/__init__.py`` whose code would write a marker: one start
    (it hashes the whole runtime) for the two tests below; ``(the run, the marker)``."""
    install, _ = real_install
    folder = tmp_path_factory.mktemp("prefix")
    marker, prefix = folder / "owned", folder / "cache"
    source = install / "terminal" / "__init__.py"
    planted = Path(str(prefix) + str(source.parent)) / f"__init__.{TAG}.pyc"
    planted.parent.mkdir(parents=True)
    code = compile(_payload(marker) + source.read_text(encoding="utf-8"), str(source), "exec")
    # flags 0b01: hash-based and unchecked, so Python never compares it with the source
    unchecked = (1).to_bytes(4, "little")
    planted.write_bytes(importlib.util.MAGIC_NUMBER + unchecked + bytes(8) + marshal.dumps(code))
    env = _environment() | {"PYTHONPYCACHEPREFIX": str(prefix)}
    ran = start(Path(sys.executable), install, "verify", "--seed", SEED, "--config", "../kiosk.cfg", env=env)
    return ran, marker


@pytest.mark.slow
def test_the_verified_program_runs_and_the_seeded_hmac_covers_the_runtime(
    real_install: tuple[Path, str], seeded_run: tuple[subprocess.CompletedProcess[str], Path]
) -> None:
    install, text = real_install
    assert any(line.endswith(".pth\n") and "  @site0/" in line for line in text.splitlines(keepends=True))
    ran, _ = seeded_run
    assert ran.returncode == 0, ran.stderr
    files = len(text.splitlines()) - 1
    assert f"OK {files} files match" in ran.stdout
    assert f"HMAC-SHA256 {_independent_hmac(text, bytes.fromhex(SEED), install)}" in ran.stdout


@pytest.mark.slow
def test_a_planted_pycache_prefix_never_runs(
    seeded_run: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    ran, marker = seeded_run
    assert not marker.exists(), "the planted cache ran"
    assert ran.returncode == 0 and "OK " in ran.stdout, ran.stderr


@pytest.mark.slow
def test_a_table_started_by_the_launcher_logs_the_launchers_check(
    real_install: tuple[Path, str], tmp_path: Path
) -> None:
    """A headless table through the launcher: the program (found at the copy's root, its dependencies in
    the verified site-packages) plays, and its boot logs the launcher's result, not a second check."""
    import sqlite3

    install, text = real_install
    cfg = tmp_path / "kiosk.cfg"
    signed = install.parent
    cfg.write_text(
        f"[table]\nport = 0\n[lab]\nverify_at_boot = always\n"
        f"manifest_path = {signed / 'MANIFEST.sha256'}\ntrusted_key = {signed / 'maker.pub'}\n",
        encoding="utf-8",
    )
    headless = ("--headless", "--rounds", "1", "--seats", "2")  # 2 bots of 8 seats: each one more screenshot
    ran = start(Path(sys.executable), install, "run", *headless, "--config", str(cfg))
    assert ran.returncode == 0, ran.stderr
    assert "ledger verify  OK" in ran.stdout
    with sqlite3.connect(tmp_path / "var" / "ledger.sqlite") as db:
        rows = db.execute("select detail from events where name = 'SOFTWARE_VERIFY_PASS'").fetchall()
    files = len(text.splitlines()) - 1
    assert rows and all(f'"files":{files}' in detail for (detail,) in rows), rows  # each boot of the run
