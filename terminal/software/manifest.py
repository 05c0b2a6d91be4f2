"""Software verification: a signed manifest of every program file, checked at launch, at boot and on demand.

**What is covered: every file Python can load from the installed tree and its runtime.** Every file under
``boot/`` (the isolated launcher, ``boot/launch.py``), ``rng/``, ``terminal/`` and ``assets/`` of the
install root (the folder holding the ``terminal`` package), byte-code caches included; at the root itself
every file Python could import by name (``*.py``, byte-code, extension modules ``*.so``/``*.pyd``,
``*.pth``), so a planted ``json.py`` beside the packages is caught; and, when asked (``site_dirs``: the
runtime), every file of the interpreter's site-packages (``.pth`` files, byte-code and extension modules
included). The configuration (``kiosk.cfg``), the ledger and its keys are data, not program:
configuration changes are logged as events of their own.

**Byte-code is bytes.** The table writes none (``-B``). A byte-code file in the covered trees passes only
when the signed manifest lists it with its SHA-256, like any file: the maker signs whatever byte-code the
install ships. Any other byte-code file is *stray* and fails, whatever code it holds: code objects are
never compared (CPython 3.11 compares a specialised opcode equal to its base one, so a ``.pyc`` with
``BINARY_OP`` changed to ``BINARY_OP_MULTIPLY_INT`` compared equal to an honest compilation and paid less).

**The manifest** is ``sha256sum`` text, one ``<hex digest>  <path>`` line per file sorted by path, then
one last line ``# ed25519 <hex signature>``: an Ed25519 signature over every byte before that line.
Lines of the body starting with ``# `` are signed header lines (room for a version), skipped by the file
check. A lab can check the files with ``sha256sum -c`` (it warns about the signature line) and the
signature with any Ed25519 tool. Files of the site folders are listed as ``@site<N>/<path>`` (``N``: the
folder's place in ``site_dirs``).

**The trusted public key** lives outside the tree it checks (``[lab] trusted_key``; ``terminal verify
--key`` for the lab's own copy), and every verification names its :func:`fingerprint`, so a key swapped
together with a re-signed manifest shows as another fingerprint.

**The seeded HMAC** (``terminal verify --seed HEX``) is HMAC-SHA256 keyed by the seed's bytes over, for
each file in manifest order (program, byte-code and runtime): its path (UTF-8), one NUL byte, its length as
8 bytes big-endian, and its contents. Each file is read once, for its SHA-256 check and the HMAC together,
so the HMAC covers the very bytes that were checked. A lab computes the same over its approved copy with a
fresh seed, so a stored answer is useless.

The isolated launcher (``boot/launch.py``) checks the same files by the same rules with the standard
library only (and its own Ed25519 verification); this module is the program's side of it: the maker's
tools (sign, keys) and the checks run from inside the program (``terminal verify`` started without the
launcher, the service self-test). It imports nothing from the project.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import site
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

ROOT = Path(__file__).resolve().parent.parent.parent
COVERED = ("boot", "rng", "terminal", "assets")
SIGNATURE_PREFIX = "# ed25519 "
SITE_PREFIX = "@site"
HEADER_PREFIX = "# "  # a body line starting so is a signed header, not a file (the signature line is last)
BYTECODE = (".pyc", ".pyo")
#: What Python can import by name from a folder on its path (besides packages, which are folders).
LOADABLE = (".py", *BYTECODE, ".so", ".pyd", ".pth")


class ManifestError(ValueError):
    """A manifest or key that cannot be read: malformed lines, no signature, a bad key file."""


@dataclass(frozen=True, slots=True)
class Finding:
    """The outcome of a verification: ``problem`` names the first file that differs (None: all match)."""

    files: int
    problem: str | None
    seeded: str = ""  # the seeded HMAC when one was asked for and every file matched

    @property
    def ok(self) -> bool:
        """True when the signature verifies and every file matches."""
        return self.problem is None


def is_bytecode(path: str) -> bool:
    """Whether ``path`` names a byte-code file."""
    return path.endswith(BYTECODE)


def runtime_dirs(executable: str | None = None) -> tuple[Path, ...]:
    """The site-packages folders the interpreter ``executable`` loads: its virtual environment's when it is
    one (``pyvenv.cfg`` beside it or one folder up, as ``site`` finds it), else its own prefix's. The
    launcher's rule (``boot/launch.py``), so both find the same folders with or without ``site``."""
    folder = os.path.dirname(os.path.abspath(executable or sys.executable))
    prefixes = [sys.prefix, sys.exec_prefix]
    for candidate in (folder, os.path.dirname(folder)):
        if os.path.isfile(os.path.join(candidate, "pyvenv.cfg")):
            prefixes = [candidate]
            break
    found = dict.fromkeys(p for p in site.getsitepackages(prefixes) if os.path.isdir(p))
    return tuple(Path(p) for p in found)


def installed_files(root: Path = ROOT, site_dirs: Sequence[Path] = ()) -> tuple[str, ...]:
    """Every covered file (byte-code included) as a POSIX path relative to ``root``, sorted; every file of
    each site folder as ``@site<N>/...``."""
    found: list[str] = []
    for top in COVERED:
        if (root / top).is_dir():
            found += _walk(str(root / top), top, set())
    if root.is_dir():
        found += (e.name for e in root.iterdir() if e.is_file() and e.name.endswith(LOADABLE))
        cache = root / "__pycache__"
        if cache.is_dir():
            found += (f"__pycache__/{e.name}" for e in cache.iterdir() if e.is_file())
    for index, folder in enumerate(site_dirs):
        if folder.is_dir():
            found += _walk(str(folder), f"{SITE_PREFIX}{index}", set())
    return tuple(sorted(found))


def _walk(folder: str, relative: str, seen: set[str]) -> list[str]:
    """Every file under ``folder`` (symbolic links followed, as the importer follows them; each real folder
    once), as ``relative/...`` POSIX paths."""
    real = os.path.realpath(folder)
    if real in seen:
        return []
    seen.add(real)
    found: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            name = f"{relative}/{entry.name}"
            if entry.is_dir():
                found += _walk(entry.path, name, seen)
            elif entry.is_file():
                found.append(name)
    return found


def locate(path: str, root: Path = ROOT, site_dirs: Sequence[Path] = ()) -> Path:
    """The file a manifest path names: under ``root``, or in a site folder (``@site<N>/name``)."""
    if path.startswith(SITE_PREFIX):
        index, _, name = path[len(SITE_PREFIX) :].partition("/")
        if index.isdigit() and int(index) < len(site_dirs):
            return site_dirs[int(index)] / name
    return root / path


def fingerprint(key: Ed25519PublicKey) -> str:
    """The key's SHA-256 fingerprint (over its 32 raw bytes), hex in groups of four, as people compare it."""
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    digest = hashlib.sha256(raw).hexdigest()
    return " ".join(digest[i : i + 4] for i in range(0, len(digest), 4))


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, hex."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def make_manifest(private_key: Ed25519PrivateKey, root: Path = ROOT, site_dirs: Sequence[Path] = ()) -> str:
    """The signed manifest text of every covered file installed now, byte-code included (the maker signs
    whatever the install ships)."""
    listed = installed_files(root, site_dirs)
    body = "".join(f"{sha256_of(locate(p, root, site_dirs))}  {p}\n" for p in listed)
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
        if line.startswith(HEADER_PREFIX):
            continue  # a signed header line (e.g. the version): signed with the rest, no file
        digest, sep, path = line.rstrip("\n").partition("  ")
        if not sep or len(digest) != 64 or not path:
            raise ManifestError(f"manifest line {number} is not '<sha256>  <path>': {line.strip()!r}")
        entries.append((path, digest))
    return tuple(entries), "".join(lines[:-1]).encode("utf-8"), signature


def verify(
    manifest_text: str,
    public_key: Ed25519PublicKey,
    root: Path = ROOT,
    site_dirs: Sequence[Path] = (),
    seed: bytes | None = None,
) -> Finding:
    """Check the signature, then every file, each read once for its SHA-256 and, with ``seed``, the seeded
    HMAC (module docstring); the finding names the first file in path order that is added, missing or
    different."""
    if seed is not None and not seed:
        raise ManifestError("the seed must be at least one byte")
    try:
        entries, body, signature = parse_manifest(manifest_text)
    except ManifestError as bad:
        return Finding(0, f"manifest unreadable: {bad}")
    try:
        public_key.verify(signature, body)
    except InvalidSignature:
        return Finding(len(entries), "manifest signature does not verify with the trusted public key")
    listed = dict(entries)
    installed = set(installed_files(root, site_dirs))
    others = {p: _unlisted(p) for p in installed - listed.keys()}
    others |= dict.fromkeys(listed.keys() - installed, "missing (listed in the manifest)")
    first = min(others, default=None)
    mac = hmac.new(seed, digestmod=hashlib.sha256) if seed else None
    for path, digest in entries:
        if first is not None and path > first:
            break
        if path not in installed:
            continue
        data = locate(path, root, site_dirs).read_bytes()
        if hashlib.sha256(data).hexdigest() != digest:
            return Finding(len(entries), f"{path}: differs from the manifest (SHA-256)")
        if mac is not None:
            mac.update(path.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big"))
            mac.update(data)
    if first is not None:
        return Finding(len(entries), f"{first}: {others[first]}")
    return Finding(len(entries), None, mac.hexdigest() if mac is not None else "")


def _unlisted(path: str) -> str:
    if is_bytecode(path):
        return "stray byte-code (not in the signed manifest)"
    if path.endswith((".so", ".pyd")):
        return "added extension module (not in the manifest)"
    return "added (not in the manifest)"


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


def load_public_key(path: Path) -> Ed25519PublicKey:
    """The trusted public key from a PEM file (:class:`ManifestError` naming the file otherwise)."""
    data = _read_key(path, "the maker's trusted public key ([lab] trusted_key, or --key)")
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
