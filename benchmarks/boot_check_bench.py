"""Boot check benchmark: what the isolated launcher's verification costs, program only vs program + runtime.

Signs two manifests of this install with a throwaway key: the program alone (``boot/``, ``rng/``,
``terminal/``, ``assets/``, root loadables) and the program with the virtual environment's whole
site-packages (``@site0/...``). Times the launcher's own check (``boot/launch.py``: Ed25519 in pure Python,
every file read once and hashed) on each, then a whole start of ``launch.py config show`` with
``verify_at_boot = always`` against one with no manifest (development: no check), as fresh processes.
The files are in the page cache after the first run (a warm start); prints medians and the ratios.

    python benchmarks/boot_check_bench.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "boot" / "launch.py"
sys.path.insert(0, str(ROOT))

from terminal.software.manifest import make_manifest, runtime_dirs  # noqa: E402


def _launcher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("boot_launch", LAUNCHER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _median_s(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    launch = _launcher()
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    sites = runtime_dirs()
    program = make_manifest(key, ROOT, ())
    whole = make_manifest(key, ROOT, sites)
    size = sum(p.stat().st_size for folder in sites for p in folder.rglob("*") if p.is_file())
    print(f"runtime        {', '.join(map(str, sites))}: {size / 1e6:,.0f} MB")

    def checked(text: str, folders: tuple[str, ...]) -> Callable[[], object]:
        def run() -> object:
            files, problem, _ = launch.check(text, public, str(ROOT), folders)
            assert problem is None, problem
            return files

        return run

    sites_text = tuple(map(str, sites))
    alone = _median_s(checked(program, ()), args.repeats)
    full = _median_s(checked(whole, sites_text), args.repeats)
    for name, text, took in (("program only", program, alone), ("program + runtime", whole, full)):
        print(f"check {name:<20} {len(text.splitlines()) - 1:>6} files  median {took * 1000:8.1f} ms")
    print(f"ratio program + runtime / program only: {full / alone:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        (base / "MANIFEST.sha256").write_text(whole, encoding="utf-8")
        (base / "maker.pub").write_bytes(key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))  # fmt: skip
        (base / "always.cfg").write_text("[lab]\nverify_at_boot = always\n", encoding="utf-8")
        (base / "dev.cfg").write_text("[lab]\nmanifest_path = none\n", encoding="utf-8")  # auto: unchecked

        def start(cfg: str) -> Callable[[], object]:
            command = [sys.executable, "-I", "-S", "-B", str(LAUNCHER), "config", "show", "--config", cfg]
            return lambda: subprocess.run(command, cwd=ROOT, check=True, capture_output=True)

        verified = _median_s(start(str(base / "always.cfg")), args.repeats)
        unverified = _median_s(start(str(base / "dev.cfg")), args.repeats)
    print(f"start `config show` verified (program + runtime)  median {verified * 1000:8.1f} ms")
    print(f"start `config show` unverified (no manifest)      median {unverified * 1000:8.1f} ms")
    print(f"ratio verified / unverified start: {verified / unverified:.1f}")


if __name__ == "__main__":
    main()
