"""The program's side of the launch: the isolated launcher's hand-over, and the development start.

**A table starts through the isolated launcher**, ``python -I -S -B boot/launch.py <command>`` (``make
run``; ``terminal run`` starts its controller, display and seats so): it verifies the program and its
runtime before anything of either is loaded, then calls :func:`verified` here with its result.

**Development starts** (``python -m terminal``, the installed ``terminal`` script) come to :func:`main`.
They are not protected: this module is inside the package and runs after ``site``, so a ``.pth`` file,
lines added to ``terminal/__init__.py``, a module named like the standard library in the current folder or
a ``PYTHONPYCACHEPREFIX`` cache all run before it (``docs/security/launch.md``). It still checks what it
can, the same way, for a development table: before any project module other than this launcher and the
verifier (``terminal.software``: the standard library and ``cryptography`` only) is imported, it

1. turns byte-code writing off (``sys.dont_write_bytecode``), so it leaves no cache Python could later
   load in place of a verified source;
2. reads the three ``[lab]`` keys it needs (``verify_at_boot``, ``manifest_path``, ``trusted_key``) from
   ``--config`` (default ``kiosk.cfg``) with the standard library's INI reader;
3. verifies every covered file (program, byte-code, runtime) against the signed manifest with the
   trusted key (``--key`` for ``terminal verify``), as ``[lab] verify_at_boot`` says; ``terminal verify``
   always needs a manifest.

A failure prints one line naming the first file that differs and the key's fingerprint, and exits 1:
nothing of the program it failed to verify runs. The maker's own tools (``verify keygen``, ``verify
make-manifest``) are not checked: they make what the check needs. The result is kept
(:func:`terminal.software.boot.launched`) for the table's boot to log.
"""

from __future__ import annotations

import sys

sys.dont_write_bytecode = True  # first, before any other import: see the module docstring

import argparse  # noqa: E402  (after the line above on purpose)
import configparser  # noqa: E402
import re  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from terminal.software import boot as software  # noqa: E402
from terminal.software import trust  # noqa: E402
from terminal.software.manifest import ROOT  # noqa: E402

#: ``[lab]`` defaults as ``terminal.config.sections.LabSection`` declares them (a test holds them together).
DEFAULTS = {"verify_at_boot": "auto", "manifest_path": "MANIFEST.sha256", "trusted_key": "maker.pub"}
MAKER_ACTIONS = ("keygen", "make-manifest")
_SEED = re.compile(r"(?:0[xX])?(?P<digits>[0-9a-fA-F]{1,64})")  # terminal.commands.common._HEX


def lab_settings(config: Path) -> tuple[str, Path, Path]:
    """``(verify_at_boot, manifest_path, trusted_key)`` from ``config``'s ``[lab]`` section; defaults for
    what it does not say (an unreadable file too: the real loader refuses it right after)."""
    found = dict(DEFAULTS)
    reader = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",))
    try:
        reader.read_string(config.read_text(encoding="utf-8"), str(config))
        if reader.has_section("lab"):
            found |= {k: v.strip() for k, v in reader["lab"].items() if k in DEFAULTS and v.strip()}
    except (OSError, UnicodeDecodeError, configparser.Error):
        pass
    base = config.resolve().parent

    def where(text: str) -> Path:
        return Path(text) if Path(text).is_absolute() else base / text

    return found["verify_at_boot"], where(found["manifest_path"]), where(found["trusted_key"])


def _options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--config", type=Path, default=Path("kiosk.cfg"))
    parser.add_argument("--data", type=Path)
    parser.add_argument("--key", type=Path)
    parser.add_argument("--root", type=Path)
    parser.add_argument("--seed")
    known, _ = parser.parse_known_args(list(argv))
    return known


def _seed(text: str | None) -> bytes | None:
    """``--seed`` as ``terminal.commands.common.seed_arg`` reads it (None when absent or not hexadecimal:
    the command itself refuses it then)."""
    match = _SEED.fullmatch((text or "").strip())
    if match is None:
        return None
    digits = match["digits"]
    return bytes.fromhex(digits.rjust(len(digits) + len(digits) % 2, "0"))


def launch_check(argv: Sequence[str]) -> software.BootCheck | None:
    """The check this command line needs before the program runs (``None``: a maker's tool, unchecked)."""
    command = argv[0] if argv else ""
    if command == "verify" and any(action in argv for action in MAKER_ACTIONS):
        return None
    options = _options(argv)
    mode, manifest, key = lab_settings(options.config)
    seed = None
    if command == "verify" and options.root is None:  # the lab asked: a manifest is due, --key trusted
        mode = "always" if mode == "auto" else mode
        key = options.key or key
        seed = _seed(options.seed)  # the seeded HMAC in the same read as the check
    acting = trust.ACCEPT if command == "verify" and trust.ACCEPT in argv else command  # the ratchet's gate:
    trusted = trust.trusted_key(trust.ledger_path(options.config, options.data))
    mode, required = trust.gate(mode, trusted, acting)
    return trust.judged(software.check(mode, manifest, key, ROOT, seed=seed), required)


def verified(argv: Sequence[str], result: dict[str, Any] | None) -> int:
    """The isolated launcher's hand-over: keep its check's result (``BootCheck`` fields; ``None`` for a
    maker's tool, unchecked) for the table's boot and ``terminal verify``, then run the command line."""
    sys.dont_write_bytecode = True
    if result is not None:
        software.remember(software.BootCheck(**result))
    from terminal.cli import main as run_command

    return run_command(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Verify, then run the command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    result = launch_check(args)
    if result is not None:
        software.remember(result)
        if result.status == "fail":
            key = f" (trusted key fingerprint {result.key})" if result.key else ""
            line = f"terminal: software verification FAILED: {result.detail}{key}; nothing runs"
            print(line, file=sys.stderr)
            return 1
    from terminal.cli import main as run_command  # only now: the program was verified

    return run_command(args)
