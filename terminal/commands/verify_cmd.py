"""``terminal verify``: check the installed program against its signed manifest; make keys and manifests.

- ``terminal verify [--seed HEX] [--key PATH]``: exit 0 when the manifest's signature and every file
  (program, byte-code, runtime) match, 1 naming the first file that differs, is added or is missing; with
  ``--seed`` also print the seeded HMAC over the same files, from the same read of each. Started through the
  isolated launcher (``boot/launch.py verify``), the launcher's check is the one printed (it ran before
  anything it checks was loaded); started otherwise, the check runs here. The trusted public key is
  ``[lab] trusted_key`` (or the lab's own copy, ``--key``); its fingerprint is printed on every run, pass
  or fail.
- ``terminal verify keygen --private PATH [--public PATH] [--force]``: the maker's Ed25519 key pair
  (private key 0600, kept off the table; the public key to ``[lab] trusted_key`` by default). An existing
  key is never overwritten without ``--force``.
- ``terminal verify make-manifest --key PATH [--out PATH] [--by WHO]``: sign the manifest of the files
  installed now; every run, done or failed, is a line of the install log (``[lab] install_log``).
- ``terminal verify accept-install --admin ID --second ID``: the install act (an administrator and a
  technician, PINs on the terminal): the ledger trusts the program installed now, which must verify; it
  clears the ratchet's ``software`` tilt (:mod:`terminal.desk.install_act`, :mod:`terminal.table.ratchet`).

``terminal verify`` first prints the program's identity (``terminal.table.identity``): software version,
manifest fingerprint, each game's identifier and paytable ids, and the last install.
"""

from __future__ import annotations

import argparse
import getpass
import hashlib
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from terminal.commands.common import SEED_HELP, add_config_option, load_config, seed_arg
from terminal.software import boot as software
from terminal.software import installs
from terminal.software.manifest import (
    ROOT,
    ManifestError,
    fingerprint,
    load_private_key,
    load_public_key,
    make_manifest,
    new_key_pair,
    verify,
)


def register(commands: Any) -> None:
    """Add the ``verify`` command and its maker actions."""
    parser = commands.add_parser(
        "verify",
        help="software verification against the signed manifest (and the maker's keygen/make-manifest)",
        description="Check every program file against the signed manifest ([lab] manifest_path).",
    )
    parser.add_argument(
        "--seed",
        type=seed_arg,
        metavar="HEX",
        help=f"also print HMAC-SHA256 over the files keyed by HEX: {SEED_HELP}",
    )
    parser.add_argument(
        "--key", type=Path, metavar="PATH", help="trusted public key (default: [lab] trusted_key)"
    )
    _common(parser)
    parser.set_defaults(func=_verify)
    actions = parser.add_subparsers(dest="action", metavar="[ACTION]", parser_class=type(parser))
    keygen = actions.add_parser("keygen", help="a new Ed25519 key pair for the maker")
    keygen.add_argument("--private", type=Path, required=True, metavar="PATH", help="private key (0600)")
    keygen.add_argument("--public", type=Path, metavar="PATH", help="public key (default: [lab] trusted_key)")
    keygen.add_argument("--force", action="store_true", help="replace existing key files")
    add_config_option(keygen)
    keygen.set_defaults(func=_keygen)
    maker = actions.add_parser("make-manifest", help="sign the manifest of the installed files")
    maker.add_argument("--key", type=Path, required=True, metavar="PATH", help="the maker's private key")
    maker.add_argument("--out", type=Path, metavar="PATH", help="default: [lab] manifest_path")
    maker.add_argument("--by", metavar="WHO", help="who installs, for the install log (default: login name)")
    _common(maker)
    maker.set_defaults(func=_make)
    act = actions.add_parser(
        "accept-install", help="the install act: an administrator and a technician accept the verified "
        "program in the ledger (clears the software tilt)",
    )  # fmt: skip
    act.add_argument("--admin", required=True, metavar="ID", help="the administrator")
    act.add_argument("--second", required=True, metavar="ID", help="a technician (or another administrator)")
    _common(act)
    act.set_defaults(func=_accept)


def _common(parser: argparse.ArgumentParser) -> None:
    add_config_option(parser)
    parser.add_argument("--root", type=Path, default=ROOT, metavar="DIR", help="install root (default: here)")


def _fail(message: str) -> int:
    print(f"terminal verify: {message}", file=sys.stderr)
    return 1


def _sites(root: Path) -> tuple[Path, ...]:
    """The interpreter's site folders when checking this install; none for another tree (``--root``)."""
    return software.site_dirs() if root.resolve() == ROOT else ()


def _verify(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    manifest = loaded.lab.manifest_path
    key_path: Path = args.key or loaded.lab.trusted_key
    seed: bytes | None = args.seed
    _print_identity(loaded)
    if not manifest.is_file():
        return _fail(f"no manifest at {manifest}: a development build (the maker signs one: make-manifest)")
    if software.inside_tree(key_path, args.root):
        return _fail(f"the trusted key {key_path} lies inside the tree it verifies: keep it out")
    launched = software.launched()
    if launched is not None and launched.status == "pass" and args.root.resolve() == ROOT and (
        launched.seed == seed
    ):  # the isolated launcher checked this install, with this seed, before it loaded anything
        print(f"trusted key {key_path}  fingerprint {launched.key}")
        return _verdict(launched.files, manifest, launched.seeded if seed is not None else None)
    try:
        text = manifest.read_text(encoding="utf-8")
        key = load_public_key(key_path)
        print(f"trusted key {key_path}  fingerprint {fingerprint(key)}")
        finding = verify(text, key, args.root, _sites(args.root), seed)
    except (OSError, ManifestError, UnicodeDecodeError) as bad:
        return _fail(str(bad))
    if finding.problem is not None:
        return _fail(f"FAIL {finding.problem}")
    return _verdict(finding.files, manifest, finding.seeded if seed is not None else None)


def _verdict(files: int, manifest: Path, seeded: str | None) -> int:
    print(f"OK {files} files match {manifest} (Ed25519 signature verified)")
    if seeded is not None:
        print(f"HMAC-SHA256 {seeded}")
    return 0


def _accept(args: argparse.Namespace) -> int:
    """The install act (:mod:`terminal.desk.install_act`): one line either way."""
    from terminal.commands.service_cmd import read_pin
    from terminal.desk import install_act
    from terminal.desk.auth import LoginError
    from terminal.desk.users import UserError, UsersFileError, UserStore
    from terminal.ledger import LedgerError

    loaded = load_config(args)
    if loaded is None:
        return 1
    lab = loaded.lab
    check = software.check("always", lab.manifest_path, lab.trusted_key, args.root, _sites(args.root))
    try:
        store = UserStore.load(loaded.service.users_path)
        done = install_act.accept(loaded, store, check, args.admin, args.second, read_pin)
    except (install_act.InstallRefused, LoginError, UserError, UsersFileError, LedgerError, OSError) as no:
        return _fail(f"accept-install: {no}")
    cleared = f"; cleared: {', '.join(done.cleared)}" if done.cleared else ""
    print(f"install accepted by {done.admin} and {done.second}: manifest SHA-256 {done.manifest_sha256[:16]}"
          f"…, key fingerprint {done.fingerprint} (logged: SOFTWARE_INSTALL){cleared}")  # fmt: skip
    return 0


def _keygen(args: argparse.Namespace) -> int:
    public: Path | None = args.public
    if public is None:
        loaded = load_config(args)
        if loaded is None:
            return 1
        public = loaded.lab.trusted_key
    existing = [str(p) for p in (args.private, public) if p.exists()]
    if existing and not args.force:
        return _fail(f"{' and '.join(existing)} exist(s); refusing to overwrite a key without --force")
    private_pem, public_pem = new_key_pair()
    try:
        args.private.parent.mkdir(parents=True, exist_ok=True)
        _write_private(args.private, private_pem)
        public.parent.mkdir(parents=True, exist_ok=True)
        public.write_bytes(public_pem)
        printed = fingerprint(load_public_key(public))
    except (OSError, ManifestError) as bad:
        return _fail(str(bad))
    print(f"private key {args.private} (keep it off the table); public key {public}")
    print(f"fingerprint {printed}")
    return 0


def _write_private(path: Path, data: bytes) -> None:
    """Write a private key readable by its owner only (a fresh file, renamed over an old one)."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def _print_identity(loaded: Any) -> None:
    """The program's identity and its last install, before the verification's verdict."""
    from terminal.table.identity import identity

    for label, value in identity(loaded).lines():
        print(f"{label:<28} {value}")
    recent, problem = installs.last(loaded.lab.install_log, 1)
    problem = problem or _log_cut(loaded)
    latest = "none"
    if recent:
        latest = f"{recent[0].time} {recent[0].version} by {recent[0].who}: {recent[0].result}"
    print(f"{'last install':<28} {latest}" + (f" (install log: {problem})" if problem else ""))


def _log_cut(loaded: Any) -> str | None:
    """Whether the install log lost lines the ledger recorded (``terminal.table.ratchet.cut_of``); a
    ledger that cannot be read says nothing here (``terminal ledger verify`` is its check)."""
    from terminal.ledger import LedgerError, events, schema
    from terminal.ledger.errors import storage_errors
    from terminal.table.ratchet import LOG_MARKS, cut_of

    path = loaded.ledger.path
    if not path.is_file():
        return None
    try:
        with storage_errors(path, "read"), schema.open_readonly(path) as db:
            return cut_of(events.newest_detail(db, LOG_MARKS), loaded.lab.install_log)
    except (LedgerError, OSError):
        return None


def _make(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    out: Path = args.out or loaded.lab.manifest_path
    who: str = args.by or getpass.getuser()
    try:
        text = make_manifest(load_private_key(args.key), args.root, _sites(args.root))
        out.write_text(text, encoding="utf-8")
    except (OSError, ManifestError, ValueError) as bad:
        _log_install(loaded, "", f"failed: {bad}", who, 0)
        return _fail(str(bad))
    files = len(text.splitlines()) - 1
    _log_install(loaded, hashlib.sha256(text.encode("utf-8")).hexdigest(), "ok", who, files)
    print(f"signed manifest of {files} files written to {out}; install logged in {loaded.lab.install_log}")
    return 0


def _log_install(loaded: Any, digest: str, result: str, who: str, files: int) -> None:
    """One line of the install log; a log that cannot be written is said, never silently skipped."""
    from terminal.table.identity import package_version

    now = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    entry = installs.Install(now, package_version(), digest, result[:200], who, files)
    try:
        installs.append(loaded.lab.install_log, entry)
    except OSError as failed:
        print(f"terminal verify: the install log {loaded.lab.install_log} could not be written: {failed}",
              file=sys.stderr)  # fmt: skip
