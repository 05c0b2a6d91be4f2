"""Software verification: a signed manifest of every program file, checked at launch, at boot and on demand.

**What is covered: every file Python can load from the installed tree.** Every file under ``rng/``,
``terminal/`` and ``assets/`` of the install root (the folder holding the ``terminal`` package), byte-code
caches included; at the root itself every file Python could import by name (``*.py``, byte-code,
extension modules ``*.so``/``*.pyd``, ``*.pth``), so a planted ``json.py`` beside the packages is caught;
and, when asked (``site_dirs``), the ``*.pth`` files and ``sitecustomize``/``usercustomize`` modules of
the interpreter's site folders, which run code at every start. The configuration (``kiosk.cfg``), the
ledger and its keys are data, not program: configuration changes are logged as events of their own.

**Byte-code.** The table runs with byte-code writing off (the launcher sets ``sys.dont_write_bytecode``;
``make run`` passes ``-B``), and the manifest lists sources, never byte-code. A ``.pyc`` in the tree is
accepted only when it is the faithful compilation of its verified source (its code object equals a fresh
``compile`` of the source), because Python may load a cached ``.pyc`` instead of the source without looking
at the source's contents (an unchecked-hash ``.pyc``, or a forged timestamp). Any other byte-code, and a
loose ``.pyc`` with no source (Python imports those directly), is *stray byte-code*: a failure.

**The manifest** is ``sha256sum`` text, one ``<hex digest>  <path>`` line per file sorted by path, then
one last line ``# ed25519 <hex signature>``: an Ed25519 signature over every byte before that line. A lab
can check the files with ``sha256sum -c`` (it warns about the signature line) and the signature with any
Ed25519 tool. Files of the site folders are listed as ``@site<N>/<name>`` (``N``: the folder's place in
``site_dirs``).

**The trusted public key** lives outside the tree it checks (``[lab] trusted_key``; ``terminal verify
--key`` for the lab's own copy), and every verification names its :func:`fingerprint`, so a key swapped
together with a re-signed manifest shows as another fingerprint.

**The seeded HMAC** (``terminal verify --seed HEX``) is HMAC-SHA256 keyed by the seed's bytes over, for
each file in manifest order: its path (UTF-8), one NUL byte, its length as 8 bytes big-endian, and its
contents. A lab computes the same over its approved copy with a fresh seed, so a stored answer is useless.

This module imports nothing from the project: it is the bootstrap the launcher runs before any other.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import marshal
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import CodeType

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

ROOT = Path(__file__).resolve().parent.parent.parent
COVERED = ("rng", "terminal", "assets")
SIGNATURE_PREFIX = "# ed25519 "
SITE_PREFIX = "@site"
BYTECODE = (".pyc", ".pyo")
#: What Python can import by name from a folder on its path (besides packages, which are folders).
LOADABLE = (".py", *BYTECODE, ".so", ".pyd", ".pth")
_SITE_MODULES = ("sitecustomize.py", "usercustomize.py")


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


def is_bytecode(path: str) -> bool:
    """Whether ``path`` names a byte-code file (never listed: see the module docstring)."""
    return path.endswith(BYTECODE)


def installed_files(root: Path = ROOT, site_dirs: Sequence[Path] = ()) -> tuple[str, ...]:
    """Every covered file (byte-code included) as a POSIX path relative to ``root``, sorted."""
    found: list[str] = []
    for top in COVERED:
        base = root / top
        if base.is_dir():
            found += (p.relative_to(root).as_posix() for p in _walk(base))
    if root.is_dir():
        found += (e.name for e in root.iterdir() if e.is_file() and e.name.endswith(LOADABLE))
        cache = root / "__pycache__"
        if cache.is_dir():
            found += (f"__pycache__/{e.name}" for e in cache.iterdir() if e.is_file())
    for index, folder in enumerate(site_dirs):
        if folder.is_dir():
            found += (f"{SITE_PREFIX}{index}/{e.name}" for e in sorted(folder.iterdir())
                      if e.is_file() and (e.name.endswith(".pth") or e.name in _SITE_MODULES))  # fmt: skip
    return tuple(sorted(found))


def _walk(folder: Path) -> Iterator[Path]:
    for entry in sorted(folder.iterdir()):
        if entry.is_dir():
            yield from _walk(entry)
        elif entry.is_file():
            yield entry


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


# Answers of faithful_bytecode by (cached file's name, source path, SHA-256 of the byte-code, of the source):
# the answer is a function of those bytes alone, so a table verifying again (the self-test card after the
# boot check) compiles only what changed instead of every source of the install.
_FAITHFUL: dict[tuple[str, str, bytes, bytes], bool] = {}


def faithful_bytecode(cached: Path, source: Path) -> bool:
    """Whether the byte-code file ``cached`` holds exactly the code a compilation of ``source`` gives."""
    try:
        data, text = cached.read_bytes(), source.read_bytes()
    except OSError:
        return False
    key = (cached.name, str(source), hashlib.sha256(data).digest(), hashlib.sha256(text).digest())
    answer = _FAITHFUL.get(key)
    if answer is None:
        answer = _FAITHFUL[key] = _compiles_to(data, text, cached.name, str(source))
    return answer


def _compiles_to(data: bytes, text: bytes, name: str, filename: str) -> bool:
    """Whether byte-code file contents ``data`` (file ``name``) are the compilation of source ``text``."""
    try:
        if data[:4] != importlib.util.MAGIC_NUMBER:
            return False
        loaded = marshal.loads(data[16:])
        optimize = 2 if ".opt-2." in name else 1 if ".opt-1." in name else 0
        fresh = compile(text, filename, "exec", dont_inherit=True, optimize=optimize)
    except (ValueError, EOFError, TypeError, SyntaxError):
        return False
    return isinstance(loaded, CodeType) and _same_code(loaded, fresh)


def _same_code(a: CodeType, b: CodeType) -> bool:
    """Code objects equal as Python compares them, and in the fields that comparison leaves out."""
    if a != b or (a.co_varnames, a.co_cellvars, a.co_freevars, a.co_stacksize, a.co_nlocals) != (
        b.co_varnames, b.co_cellvars, b.co_freevars, b.co_stacksize, b.co_nlocals
    ):  # fmt: skip
        return False
    inner_a = [c for c in a.co_consts if isinstance(c, CodeType)]
    inner_b = [c for c in b.co_consts if isinstance(c, CodeType)]
    return len(inner_a) == len(inner_b) and all(map(_same_code, inner_a, inner_b))


def source_of(path: str) -> str | None:
    """The source a byte-code cache file belongs to (``pkg/__pycache__/m.cpython-311.pyc`` → ``pkg/m.py``);
    ``None`` for a loose ``.pyc`` (which Python imports directly) or another interpreter's cache."""
    folder, _, name = path.rpartition("/")
    parent, _, cache = folder.rpartition("/")
    if cache != "__pycache__" and folder != "__pycache__":
        return None
    stem, _, rest = name.partition(".")
    if not rest.startswith(f"{sys.implementation.cache_tag}."):
        return None
    base = parent if cache == "__pycache__" else ""
    return f"{base}/{stem}.py" if base else f"{stem}.py"


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, hex."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def make_manifest(private_key: Ed25519PrivateKey, root: Path = ROOT, site_dirs: Sequence[Path] = ()) -> str:
    """The signed manifest text of the files installed under ``root`` (byte-code is never listed)."""
    listed = [p for p in installed_files(root, site_dirs) if not is_bytecode(p)]
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
        digest, sep, path = line.rstrip("\n").partition("  ")
        if not sep or len(digest) != 64 or not path:
            raise ManifestError(f"manifest line {number} is not '<sha256>  <path>': {line.strip()!r}")
        entries.append((path, digest))
    return tuple(entries), "".join(lines[:-1]).encode("utf-8"), signature


def verify(
    manifest_text: str, public_key: Ed25519PublicKey, root: Path = ROOT, site_dirs: Sequence[Path] = ()
) -> Finding:
    """Check the signature, then every file; the finding names the first file that differs, in path order."""
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
    for path in sorted(installed | set(listed)):
        problem = _examine(path, listed, installed, root, site_dirs)
        if problem is not None:
            return Finding(len(entries), f"{path}: {problem}")
    return Finding(len(entries), None)


def _examine(
    path: str, listed: dict[str, str], installed: set[str], root: Path, site_dirs: Sequence[Path]
) -> str | None:
    if path not in installed:
        return "missing (listed in the manifest)"
    if path in listed:
        return None if sha256_of(locate(path, root, site_dirs)) == listed[path] else (
            "differs from the manifest (SHA-256)"
        )  # fmt: skip
    if is_bytecode(path):
        source = source_of(path)
        if source is not None and source in listed and faithful_bytecode(root / path, root / source):
            return None  # Python's own cache of a verified source
        return "stray byte-code (Python could load it in place of a verified source)"
    if path.endswith((".so", ".pyd")):
        return "added extension module (not in the manifest)"
    return "added (not in the manifest)"


def seeded_hmac(manifest_text: str, seed: bytes, root: Path = ROOT, site_dirs: Sequence[Path] = ()) -> str:
    """HMAC-SHA256 keyed by ``seed`` over the installed files in manifest order (module docstring)."""
    if not seed:
        raise ManifestError("the seed must be at least one byte")
    entries, _, _ = parse_manifest(manifest_text)
    mac = hmac.new(seed, digestmod=hashlib.sha256)
    for path, _ in entries:
        data = locate(path, root, site_dirs).read_bytes()
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
