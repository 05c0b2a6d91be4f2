"""Software verification: a signed manifest of every program file, checked at boot and on demand.

**What is covered.** Every file under ``rng/``, ``terminal/`` and ``assets/`` (when present) of the install
root (the folder holding the ``terminal`` package), except byte-code caches (``__pycache__``, ``*.pyc``,
``*.pyo``), which Python rewrites on its own. The configuration (``kiosk.cfg``), the ledger and its keys
are data, not program: configuration changes are logged as events of their own.

**The manifest** is ``sha256sum`` text, one ``<hex digest>  <path>`` line per file sorted by path, then
one last line ``# ed25519 <hex signature>``: an Ed25519 signature over every byte before that line. A lab
can check the files with ``sha256sum -c`` (it warns about the signature line) and the signature with any
Ed25519 tool. The maker's public key ships with the program as :data:`PUBLIC_KEY` (PEM).

**The seeded HMAC** (``terminal verify --seed HEX``) is HMAC-SHA256 keyed by the seed's bytes over, for
each file in manifest order: its path (UTF-8), one NUL byte, its length as 8 bytes big-endian, and its
contents. A lab computes the same over its approved copy with a fresh seed, so a stored answer is useless.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

ROOT = Path(__file__).resolve().parent.parent.parent
COVERED = ("rng", "terminal", "assets")
PUBLIC_KEY = ROOT / "terminal" / "verify_key.pub"
SIGNATURE_PREFIX = "# ed25519 "
_SKIPPED_DIRS = frozenset({"__pycache__"})
_SKIPPED_SUFFIXES = (".pyc", ".pyo")


class ManifestError(ValueError):
    """A manifest or key that cannot be read: malformed lines, no signature, a bad key file."""


@dataclass(frozen=True, slots=True)
class Finding:
    """The outcome of a verification: ``problem`` names the first file that differs (None: all match)."""

    files: int
    problem: str | None

    @property
    def ok(self) -> bool:
        """True when the signature verifies and every file matches."""
        return self.problem is None


def installed_files(root: Path = ROOT) -> tuple[str, ...]:
    """Every covered file under ``root`` as a POSIX path relative to it, sorted."""
    found: list[str] = []
    for top in COVERED:
        base = root / top
        if base.is_dir():
            found += (p.relative_to(root).as_posix() for p in _walk(base))
    return tuple(sorted(found))


def _walk(folder: Path) -> Iterator[Path]:
    for entry in sorted(folder.iterdir()):
        if entry.is_dir():
            if entry.name not in _SKIPPED_DIRS:
                yield from _walk(entry)
        elif entry.is_file() and not entry.name.endswith(_SKIPPED_SUFFIXES):
            yield entry


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, hex."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def make_manifest(private_key: Ed25519PrivateKey, root: Path = ROOT) -> str:
    """The signed manifest text of the files installed under ``root``."""
    body = "".join(f"{sha256_of(root / path)}  {path}\n" for path in installed_files(root))
    signature = private_key.sign(body.encode("utf-8"))
    return f"{body}{SIGNATURE_PREFIX}{signature.hex()}\n"


def parse_manifest(text: str) -> tuple[tuple[tuple[str, str], ...], bytes, bytes]:
    """``((path, digest), ...)``, the signed body and the signature; :class:`ManifestError` if malformed."""
    lines = text.splitlines(keepends=True)
    if not lines or not lines[-1].startswith(SIGNATURE_PREFIX):
        raise ManifestError("the manifest has no signature line at its end")
    try:
        signature = bytes.fromhex(lines[-1][len(SIGNATURE_PREFIX) :].strip())
    except ValueError:
        raise ManifestError(f"the signature line is not hex: {lines[-1].strip()!r}") from None
    entries = []
    for number, line in enumerate(lines[:-1], 1):
        digest, sep, path = line.rstrip("\n").partition("  ")
        if not sep or len(digest) != 64 or not path:
            raise ManifestError(f"manifest line {number} is not '<sha256>  <path>': {line.strip()!r}")
        entries.append((path, digest))
    return tuple(entries), "".join(lines[:-1]).encode("utf-8"), signature


def verify(manifest_text: str, public_key: Ed25519PublicKey, root: Path = ROOT) -> Finding:
    """Check the signature, then every file; the finding names the first file that differs, in path order."""
    try:
        entries, body, signature = parse_manifest(manifest_text)
    except ManifestError as bad:
        return Finding(0, f"manifest unreadable: {bad}")
    try:
        public_key.verify(signature, body)
    except InvalidSignature:
        return Finding(len(entries), "manifest signature does not verify with the shipped public key")
    listed = dict(entries)
    installed = set(installed_files(root))
    for path in sorted(installed | set(listed)):
        if path not in installed:
            return Finding(len(entries), f"{path}: missing (listed in the manifest)")
        if path not in listed:
            return Finding(len(entries), f"{path}: added (not in the manifest)")
        if sha256_of(root / path) != listed[path]:
            return Finding(len(entries), f"{path}: differs from the manifest (SHA-256)")
    return Finding(len(entries), None)


def seeded_hmac(manifest_text: str, seed: bytes, root: Path = ROOT) -> str:
    """HMAC-SHA256 keyed by ``seed`` over the installed files in manifest order (module docstring)."""
    if not seed:
        raise ManifestError("the seed must be at least one byte")
    entries, _, _ = parse_manifest(manifest_text)
    mac = hmac.new(seed, digestmod=hashlib.sha256)
    for path, _ in entries:
        data = (root / path).read_bytes()
        mac.update(path.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big"))
        mac.update(data)
    return mac.hexdigest()


def new_key_pair() -> tuple[bytes, bytes]:
    """A fresh Ed25519 key pair as (private PEM, public PEM)."""
    key = Ed25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return private, public


def load_private_key(path: Path) -> Ed25519PrivateKey:
    """The maker's private key from a PEM file (:class:`ManifestError` naming the file otherwise)."""
    data = _read_key(path, "the maker's private key (made by `terminal verify keygen`)")
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        raise ManifestError(f"{path} is not a PEM private key without a password") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ManifestError(f"{path} is not an Ed25519 private key")
    return key


def load_public_key(path: Path = PUBLIC_KEY) -> Ed25519PublicKey:
    """The shipped public key from a PEM file (:class:`ManifestError` naming the file otherwise)."""
    data = _read_key(path, "the maker's public key (`terminal verify keygen` writes it there by default)")
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, UnsupportedAlgorithm):
        raise ManifestError(f"{path} is not a PEM public key") from None
    if not isinstance(key, Ed25519PublicKey):
        raise ManifestError(f"{path} is not an Ed25519 public key")
    return key


def _read_key(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ManifestError(f"no key at {path}: {what}") from None
    except OSError as bad:
        raise ManifestError(f"cannot read {path}: {bad.strerror or bad}") from None
