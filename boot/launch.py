"""The table's launcher: verify every file the program and its runtime load, then run the program.

Started as ``python -I -S -B boot/launch.py <command> [options]`` (``make run`` and ``terminal run`` do):

- ``-I``: isolated. No ``PYTHON*`` variable (``PYTHONPATH``, ``PYTHONPYCACHEPREFIX``, ...), no user
  site-packages, neither the script's folder nor the current folder on ``sys.path``;
- ``-S``: ``site`` does not run, so no ``.pth`` file of site-packages runs and site-packages is not on the
  path; this file puts it there itself once it is verified;
- ``-B``: no byte-code is written.

This file is outside the ``terminal`` package and imports nothing but the standard library (from the
interpreter's own prefix: with ``-I -S`` nothing else is on the path), so nothing the verification checks
runs before it. In order it

1. drops its own folder from ``sys.path`` and refuses to go on unless started with ``-I -S -B``;
2. reads ``[lab] verify_at_boot``, ``manifest_path`` and ``trusted_key`` of ``--config`` (default
   ``kiosk.cfg``) with the standard library's INI reader, as the in-package launcher does;
3. checks the manifest's Ed25519 signature with the verify-only RFC 8032 code below (the standard library
   has no Ed25519, and ``cryptography`` lives in the site-packages being checked);
4. hashes every file of the program (``boot/``, ``rng/``, ``terminal/``, ``assets/``, the loadable files
   at the install root) and of the runtime (every file of the virtual environment's site-packages, ``.pth``
   files and byte-code included, listed as ``@site0/...``) against the manifest: a file added, missing or
   different stops everything with one line naming it; byte-code passes only when the manifest lists its
   own SHA-256;
5. only then appends site-packages to ``sys.path`` after the standard library, lets ``terminal`` and
   ``rng`` (nothing else) be imported from the install root, and runs the command line
   (``terminal.launch.verified``), handing it this check's result for the table's boot to log.

``verify_at_boot = auto`` without a manifest (a development checkout) runs unverified, as the program
says in its log; ``never`` skips the check. ``verify`` (not ``verify keygen``/``make-manifest``) always
needs a manifest and takes ``--key`` and ``--seed``: the seeded HMAC is computed here, in the same read of
each file as its SHA-256. See ``docs/security/launch.md``.
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":  # first: nothing of this folder (nor the current one) may be imported by name
    _HERE = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) not in (_HERE, os.getcwd())]

import argparse  # after the path above on purpose
import base64
import configparser
import hashlib
import hmac
import json
import re
import site  # with -S importing it runs nothing: only getsitepackages is used
import sqlite3
from importlib.machinery import ModuleSpec, PathFinder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COVERED = ("boot", "rng", "terminal", "assets")
PACKAGES = ("terminal", "rng")
SIGNATURE_PREFIX = "# ed25519 "
SITE_PREFIX = "@site"
BYTECODE = (".pyc", ".pyo")
LOADABLE = (".py", *BYTECODE, ".so", ".pyd", ".pth")
MODES = ("auto", "always", "never")
#: The ratchet (``terminal.software.trust``, whose rules this file repeats in the standard library alone:
#: a test holds the two to the same answers): ``SOFTWARE_TRUSTED`` and ``SOFTWARE_INSTALL``, the ledger's
#: default path, and the install act that may pass under a key the ledger does not trust yet.
TRUST_CODES = (450, 451)
LEDGER_DEFAULT = "var/ledger.sqlite"
ACCEPT = "accept-install"
DEFAULTS = {"verify_at_boot": "auto", "manifest_path": "MANIFEST.sha256", "trusted_key": "maker.pub"}
MAKER_ACTIONS = ("keygen", "make-manifest")
_SEED = re.compile(r"(?:0[xX])?(?P<digits>[0-9a-fA-F]{1,64})")
_BLOCK = 1 << 20


class Refused(Exception):
    """A check that did not pass: its message is the one line the launcher prints."""


# ---- Ed25519 verification (RFC 8032 §5.1.7), verify only, from the RFC's own formulas ----------------------

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)
_Point = tuple[int, int, int, int]  # extended coordinates X, Y, Z, T with x = X/Z, y = Y/Z, xy = T/Z


def _add(a: _Point, b: _Point) -> _Point:
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    p, q = (y1 - x1) * (y2 - x2) % _P, (y1 + x1) * (y2 + x2) % _P
    r, s = t1 * 2 * _D * t2 % _P, z1 * 2 * z2 % _P
    e, f, g, h = q - p, s - r, s + r, q + p
    return e * f % _P, g * h % _P, f * g % _P, e * h % _P


def _multiply(scalar: int, point: _Point) -> _Point:
    result: _Point = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _decode(data: bytes) -> _Point | None:
    """The point a 32-byte encoding names, or None (not on the curve, or y not below p)."""
    y = int.from_bytes(data, "little")
    sign, y = y >> 255, y & ((1 << 255) - 1)
    if y >= _P:
        return None
    xx = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(xx, (_P + 3) // 8, _P)
    if (x * x - xx) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - xx) % _P or (x == 0 and sign):
        return None
    if x & 1 != sign:
        x = _P - x
    return x, y, 1, x * y % _P


def _encode(point: _Point) -> bytes:
    x, y, z, _ = point
    inverse = pow(z, _P - 2, _P)
    x, y = x * inverse % _P, y * inverse % _P
    return (y | (x & 1) << 255).to_bytes(32, "little")


_BASE = _decode((4 * pow(5, _P - 2, _P) % _P).to_bytes(32, "little"))


def ed25519_verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s Ed25519 signature of ``message``: [s]B = R + [k]A, checked as
    the encoding of [s]B - [k]A equal to the signature's R (a non-canonical R is refused), s below L."""
    if len(public) != 32 or len(signature) != 64 or _BASE is None:
        return False
    a = _decode(public)
    s = int.from_bytes(signature[32:], "little")
    if a is None or s >= _L or _decode(signature[:32]) is None:
        return False
    k = int.from_bytes(hashlib.sha512(signature[:32] + public + message).digest(), "little") % _L
    minus_a = ((_P - a[0]) % _P, a[1], a[2], (_P - a[3]) % _P)
    return _encode(_add(_multiply(s, _BASE), _multiply(k, minus_a))) == signature[:32]


def public_key_of(pem: bytes, where: str) -> bytes:
    """The 32 raw bytes of an Ed25519 public key in PEM (SubjectPublicKeyInfo), as ``verify keygen``
    writes it; :class:`Refused` naming ``where`` otherwise."""
    text = pem.decode("ascii", "replace")
    begin, end = "-----BEGIN PUBLIC KEY-----", "-----END PUBLIC KEY-----"
    if begin not in text or end not in text:
        raise Refused(f"{where} is not a PEM public key")
    try:
        der = base64.b64decode(text.split(begin, 1)[1].split(end, 1)[0], validate=False)
    except ValueError:
        raise Refused(f"{where} is not a PEM public key") from None
    prefix = bytes.fromhex("302a300506032b6570032100")  # SEQUENCE {SEQUENCE {OID 1.3.101.112}, BIT STRING}
    if len(der) != 44 or not der.startswith(prefix):
        raise Refused(f"{where} is not an Ed25519 public key")
    return der[12:]


def fingerprint(public: bytes) -> str:
    """The key's SHA-256 fingerprint over its raw bytes, hex in groups of four (as the program prints it)."""
    digest = hashlib.sha256(public).hexdigest()
    return " ".join(digest[i : i + 4] for i in range(0, len(digest), 4))


# ---- what is covered -----------------------------------------------------------------------------------


def runtime_dirs(executable: str | None = None) -> tuple[str, ...]:
    """The site-packages folders the interpreter ``executable`` loads: its virtual environment's when it is
    one (``pyvenv.cfg`` beside it or one folder up, as ``site`` finds it), else its own prefix's."""
    folder = os.path.dirname(os.path.abspath(executable or sys.executable))
    prefixes = [sys.prefix, sys.exec_prefix]
    for candidate in (folder, os.path.dirname(folder)):
        if os.path.isfile(os.path.join(candidate, "pyvenv.cfg")):
            prefixes = [candidate]
            break
    found = dict.fromkeys(p for p in site.getsitepackages(prefixes) if os.path.isdir(p))
    return tuple(found)


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


def listing(root: str, sites: tuple[str, ...]) -> list[str]:
    """Every covered file, sorted: the program's trees, the root's loadable files and byte-code cache, and
    every file of each site folder (``@site<N>/...``)."""
    found: list[str] = []
    for top in COVERED:
        if os.path.isdir(os.path.join(root, top)):
            found += _walk(os.path.join(root, top), top, set())
    if os.path.isdir(root):
        with os.scandir(root) as entries:
            found += [e.name for e in entries if e.is_file() and e.name.endswith(LOADABLE)]
        cache = os.path.join(root, "__pycache__")
        if os.path.isdir(cache):
            with os.scandir(cache) as entries:
                found += [f"__pycache__/{e.name}" for e in entries if e.is_file()]
    for index, folder in enumerate(sites):
        if os.path.isdir(folder):
            found += _walk(folder, f"{SITE_PREFIX}{index}", set())
    return sorted(found)


def locate(path: str, root: str, sites: tuple[str, ...]) -> str:
    """The file a manifest path names: under ``root``, or in a site folder (``@site<N>/...``)."""
    if path.startswith(SITE_PREFIX):
        index, _, name = path[len(SITE_PREFIX) :].partition("/")
        if index.isdigit() and int(index) < len(sites):
            return os.path.join(sites[int(index)], name)
    return os.path.join(root, path)


def parse(text: str) -> tuple[list[tuple[str, str]], bytes, bytes]:
    """``([(path, digest), ...], signed body, signature)``; :class:`Refused` when malformed."""
    lines = text.splitlines(keepends=True)
    if not lines or not lines[-1].startswith(SIGNATURE_PREFIX):
        raise Refused("manifest unreadable: the manifest has no signature line at its end")
    try:
        signature = bytes.fromhex(lines[-1][len(SIGNATURE_PREFIX) :].strip())
    except ValueError:
        raise Refused("manifest unreadable: the signature line is not hex") from None
    entries = []
    for number, line in enumerate(lines[:-1], 1):
        if line.startswith("# "):
            continue  # a signed header line (e.g. the version): signed with the rest, no file
        digest, sep, path = line.rstrip("\n").partition("  ")
        if not sep or len(digest) != 64 or not path:
            raise Refused(f"manifest unreadable: manifest line {number} is not '<sha256>  <path>'")
        entries.append((path, digest))
    return entries, "".join(lines[:-1]).encode("utf-8"), signature


def _unlisted(path: str) -> str:
    if path.endswith(BYTECODE):
        return "stray byte-code (not in the signed manifest)"
    if path.endswith((".so", ".pyd")):
        return "added extension module (not in the manifest)"
    return "added (not in the manifest)"


def check(
    text: str, public: bytes, root: str, sites: tuple[str, ...], seed: bytes | None = None
) -> tuple[int, str | None, str]:
    """``(files, problem, seeded HMAC)``: the signature, then every file, each read once for its SHA-256
    and the seeded HMAC (``seed``; "" without one). ``problem`` names the first file in path order that is
    added, missing or different (None: every file matches)."""
    entries, body, signature = parse(text)
    if not ed25519_verify(public, body, signature):
        return len(entries), "manifest signature does not verify with the trusted public key", ""
    listed = dict(entries)
    installed = set(listing(root, sites))
    others = {p: _unlisted(p) for p in installed - listed.keys()}
    others |= dict.fromkeys(listed.keys() - installed, "missing (listed in the manifest)")
    first = min(others, default=None)
    mac = hmac.new(seed, digestmod=hashlib.sha256) if seed else None
    for path, digest in entries:
        if first is not None and path > first:
            break
        if path not in installed:
            continue
        with open(locate(path, root, sites), "rb") as f:
            data = f.read()
        if hashlib.sha256(data).hexdigest() != digest:
            return len(entries), f"{path}: differs from the manifest (SHA-256)", ""
        if mac is not None:
            mac.update(path.encode("utf-8") + b"\0" + len(data).to_bytes(8, "big"))
            mac.update(data)
    if first is not None:
        return len(entries), f"{first}: {others[first]}", ""
    return len(entries), None, mac.hexdigest() if mac is not None else ""


# ---- the command line ------------------------------------------------------------------------------------


def lab_settings(config: str) -> tuple[str, str, str]:
    """``(verify_at_boot, manifest_path, trusted_key)`` from ``config``'s ``[lab]`` section, paths relative
    to the configuration's folder; defaults for what it does not say (or cannot be read)."""
    found = dict(DEFAULTS)
    reader = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",))
    try:
        with open(config, encoding="utf-8") as f:
            reader.read_string(f.read(), config)
        if reader.has_section("lab"):
            found |= {k: v.strip() for k, v in reader["lab"].items() if k in DEFAULTS and v.strip()}
    except (OSError, UnicodeDecodeError, configparser.Error):
        pass
    base = os.path.dirname(os.path.realpath(config))

    def where(text: str) -> str:
        return text if os.path.isabs(text) else os.path.join(base, text)

    return found["verify_at_boot"], where(found["manifest_path"]), where(found["trusted_key"])


def trusted_fingerprint(config: str, data: str | None = None) -> str | None:
    """The key fingerprint the ledger of ``config`` (``[ledger] path``, a relative one under ``--data`` or
    ``[table] data_dir``) last trusted, read-only; ``None`` for a development ledger that never ran a
    verified program, or no readable ledger (the gate then only ever leaves the check as ``[lab]`` asks:
    it never makes it weaker)."""
    reader = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",))
    text, folder = LEDGER_DEFAULT, ""
    try:
        with open(config, encoding="utf-8") as f:
            reader.read_string(f.read(), config)
        text = reader.get("ledger", "path", fallback=LEDGER_DEFAULT).strip() or LEDGER_DEFAULT
        folder = reader.get("table", "data_dir", fallback="").strip()
    except (OSError, UnicodeDecodeError, configparser.Error):
        pass
    base = os.path.dirname(os.path.realpath(config))
    home = os.path.realpath(data) if data is not None else os.path.join(base, folder) if folder else base
    ledger = text if os.path.isabs(text) else os.path.join(home, text)
    if not os.path.isfile(ledger):
        return None
    try:
        db = sqlite3.connect(f"file:{os.path.realpath(ledger)}?mode=ro", uri=True, timeout=5)
        try:
            row = db.execute(
                "SELECT detail FROM events WHERE code IN (?, ?) ORDER BY id DESC LIMIT 1", TRUST_CODES
            ).fetchone()
        finally:
            db.close()
        found = None if row is None else json.loads(row[0]).get("fingerprint")
    except (sqlite3.Error, ValueError, AttributeError, TypeError):
        return None
    return str(found) if found else None


def _options(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--config", default="kiosk.cfg")
    parser.add_argument("--data")
    parser.add_argument("--key")
    parser.add_argument("--root")
    parser.add_argument("--seed")
    known, _ = parser.parse_known_args(argv)
    return known


def _inside_tree(path: str, root: str) -> bool:
    real = os.path.realpath(path)
    return any(os.path.commonpath([real, os.path.realpath(os.path.join(root, top))])
               == os.path.realpath(os.path.join(root, top)) for top in COVERED)  # fmt: skip


def boot_check(
    argv: list[str], root: str = ROOT, sites: tuple[str, ...] | None = None
) -> dict[str, object] | None:
    """The check this command line needs, as the program's ``BootCheck`` fields (``None``: a maker's tool,
    unchecked); :class:`Refused` when it fails."""
    command = argv[0] if argv else ""
    if command == "verify" and any(action in argv for action in MAKER_ACTIONS):
        return None
    options = _options(argv)
    mode, manifest, key_path = lab_settings(options.config)
    seed: bytes | None = None
    if command == "verify" and options.root is None:  # the lab asked: a manifest is due, --key trusted
        mode = "always" if mode == "auto" else mode
        key_path = options.key or key_path
        match = _SEED.fullmatch((options.seed or "").strip())
        if match is not None:
            digits = match["digits"]
            seed = bytes.fromhex(digits.rjust(len(digits) + len(digits) % 2, "0"))
    if mode not in MODES:
        raise Refused(f"verify_at_boot must be one of {', '.join(MODES)}, got {mode!r}")
    required = None  # the ratchet: a ledger that ran verified software runs nothing less, under no other key
    trusted = trusted_fingerprint(options.config, options.data)
    if trusted is not None:
        mode = "always"
        required = None if command == "verify" and ACCEPT in argv else trusted
    if mode == "never":
        return {"status": "skipped", "detail": "software verification is off ([lab] verify_at_boot = never)"}
    if not os.path.isfile(manifest):
        if mode == "auto":
            detail = f"no manifest at {manifest}: development build, not verified"
            return {"status": "skipped", "detail": detail}
        raise Refused(f"no manifest at {manifest}")
    if _inside_tree(key_path, root):
        raise Refused(f"the trusted key {key_path} lies inside the tree it verifies")
    try:
        with open(key_path, "rb") as f:
            public = public_key_of(f.read(), key_path)
        with open(manifest, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError as missing:
        raise Refused(f"cannot verify: no such file {missing.filename}") from None
    except (OSError, UnicodeDecodeError) as bad:
        raise Refused(f"cannot verify: {bad}") from None
    printed = fingerprint(public)
    files, problem, seeded = check(text, public, root, runtime_dirs() if sites is None else sites, seed)
    if problem is not None:
        raise Refused(f"{problem} (trusted key fingerprint {printed})")
    if required is not None and printed != required:
        raise Refused(f"[lab] trusted_key holds another key than the one this table's ledger trusts "
                      f"({required}); two people accept an install: "
                      "`terminal verify accept-install --admin ID --second ID`")
    return {"status": "pass", "detail": f"{files} files match the signed manifest", "files": files,
            "key": printed, "seed": seed, "seeded": seeded}  # fmt: skip


class _Program:
    """Finds ``terminal`` and ``rng`` at the install root, and nothing else there."""

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        return PathFinder.find_spec(name, [self.root]) if name in PACKAGES else None


def _run(argv: list[str], result: dict[str, object] | None, sites: tuple[str, ...]) -> int:
    """Site-packages (the folders just checked) after the standard library, the program's packages from
    the root, then the command."""
    sys.path.extend(sites)
    finders = sys.meta_path
    finders.insert(finders.index(PathFinder) if PathFinder in finders else len(finders), _Program(ROOT))
    try:
        from terminal.launch import verified
    except ImportError as broken:
        print(f"terminal: cannot start the verified program: {broken}", file=sys.stderr)
        return 1
    return verified(argv, result)


def main(argv: list[str]) -> int:
    """Check, then run; the exit status."""
    flags = sys.flags
    if not (flags.isolated and flags.no_site and flags.dont_write_bytecode):
        python = os.path.basename(sys.executable)
        print(f"terminal: start the table as `{python} -I -S -B {sys.argv[0]} ...`: isolated, without site, "
              "without byte-code; nothing runs", file=sys.stderr)  # fmt: skip
        return 2
    sites = runtime_dirs()
    try:
        result = boot_check(argv, ROOT, sites)
    except Refused as refused:
        print(f"terminal: software verification FAILED: {refused}; nothing runs", file=sys.stderr)
        return 1
    except OSError as failed:
        print(f"terminal: software verification FAILED: {failed}; nothing runs", file=sys.stderr)
        return 1
    return _run(argv, result, sites)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
