"""Software verification benchmark: the program's own check (``terminal verify`` started without the
launcher, the service self-test) on the program's files, against plain hashing.

Signs a manifest of a copy of the program with a throwaway key, then times
:func:`terminal.software.boot.check` (signature, every covered file hashed) against a baseline run
alongside: plain ``hashlib.sha256`` over the same files. A second case signs Python's byte-code cache of
every source too (byte-code is bytes: hashed like any file). The runtime (site-packages) is left out here:
``benchmarks/boot_check_bench.py`` times the isolated launcher's check with and without it.

    PYTHONPATH=. python benchmarks/verify_bench.py [--repeats 15]
"""

from __future__ import annotations

import argparse
import hashlib
import py_compile
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.software import boot as software
from terminal.software.manifest import COVERED, ROOT, installed_files, make_manifest


def _median_ms(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _setup(folder: Path, root: Path, sites: tuple[Path, ...]) -> tuple[Path, Path]:
    key = Ed25519PrivateKey.generate()
    manifest, public = folder / "MANIFEST.sha256", folder / "maker.pub"
    manifest.write_text(make_manifest(key, root, sites), encoding="utf-8")
    public.write_bytes(key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))  # fmt: skip
    return manifest, public


def _case(name: str, root: Path, sites: tuple[Path, ...], repeats: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        manifest, public = _setup(Path(folder), root, sites)
        files = [root / p for p in installed_files(root) if not p.startswith("@")]

        def baseline() -> None:
            for path in files:
                hashlib.sha256(path.read_bytes()).hexdigest()

        def check() -> None:
            found = software.check("always", manifest, public, root, sites)
            assert found.status == "pass", found.detail

        base, full = _median_ms(baseline, repeats), _median_ms(check, repeats)
        print(f"{name:<34} {len(files):>4} files  check {full:7.1f} ms  plain hashing {base:6.1f} ms  "
              f"ratio {full / base:5.1f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "install"
        for top in COVERED:
            if (ROOT / top).is_dir():
                shutil.copytree(ROOT / top, copy / top, ignore=shutil.ignore_patterns("__pycache__"))
        _case("sources only (run with -B)", copy, (), args.repeats)
        for source in copy.rglob("*.py"):
            py_compile.compile(str(source), doraise=True)
        _case("with every byte-code cache, signed", copy, (), args.repeats)


if __name__ == "__main__":
    main()
