"""``terminal verify``: check the installed program against its signed manifest; make keys and manifests.

- ``terminal verify [--seed HEX]``: exit 0 when the manifest's signature and every file match, 1 naming
  the first file that differs, is added or is missing; with ``--seed`` also print the seeded HMAC.
- ``terminal verify keygen --private PATH [--public PATH]``: the maker's Ed25519 key pair (private key
  0600, kept off the table; the public key goes into the program, ``terminal/verify_key.pub``).
- ``terminal verify make-manifest --key PATH [--out PATH]``: sign the manifest of the files installed now.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from terminal.commands.common import SEED_HELP, add_config_option, load_config, seed_arg
from terminal.software.manifest import (
    PUBLIC_KEY,
    ROOT,
    ManifestError,
    load_private_key,
    load_public_key,
    make_manifest,
    new_key_pair,
    seeded_hmac,
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
    _common(parser)
    parser.set_defaults(func=_verify)
    actions = parser.add_subparsers(dest="action", metavar="[ACTION]", parser_class=type(parser))
    keygen = actions.add_parser("keygen", help="a new Ed25519 key pair for the maker")
    keygen.add_argument("--private", type=Path, required=True, metavar="PATH", help="private key (0600)")
    keygen.add_argument("--public", type=Path, default=PUBLIC_KEY, metavar="PATH", help="public key")
    keygen.set_defaults(func=_keygen)
    maker = actions.add_parser("make-manifest", help="sign the manifest of the installed files")
    maker.add_argument("--key", type=Path, required=True, metavar="PATH", help="the maker's private key")
    maker.add_argument("--out", type=Path, metavar="PATH", help="default: [lab] manifest_path")
    _common(maker)
    maker.set_defaults(func=_make)


def _common(parser: argparse.ArgumentParser) -> None:
    add_config_option(parser)
    parser.add_argument("--root", type=Path, default=ROOT, metavar="DIR", help="install root (default: here)")


def _fail(message: str) -> int:
    print(f"terminal verify: {message}", file=sys.stderr)
    return 1


def _verify(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    manifest = loaded.lab.manifest_path
    seed: bytes | None = args.seed
    if not manifest.is_file():
        return _fail(f"no manifest at {manifest}: a development build (the maker signs one: make-manifest)")
    try:
        text = manifest.read_text(encoding="utf-8")
        key = load_public_key(args.root / "terminal" / "verify_key.pub")
        finding = verify(text, key, args.root)
        if finding.problem is not None:
            return _fail(f"FAIL {finding.problem}")
        print(f"OK {finding.files} files match {manifest} (Ed25519 signature verified)")
        if seed is not None:
            print(f"HMAC-SHA256 {seeded_hmac(text, seed, args.root)}")
    except (OSError, ManifestError, UnicodeDecodeError) as bad:
        return _fail(str(bad))
    return 0


def _keygen(args: argparse.Namespace) -> int:
    if args.private.exists():
        return _fail(f"{args.private} exists; refusing to overwrite a private key")
    private, public = new_key_pair()
    try:
        args.private.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(args.private, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(private)
        args.public.write_bytes(public)
    except OSError as bad:
        return _fail(str(bad))
    print(f"private key {args.private} (keep it off the table); public key {args.public}")
    return 0


def _make(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    out: Path = args.out or loaded.lab.manifest_path
    try:
        text = make_manifest(load_private_key(args.key), args.root)
        out.write_text(text, encoding="utf-8")
    except (OSError, ManifestError, ValueError) as bad:
        return _fail(str(bad))
    print(f"signed manifest of {len(text.splitlines()) - 1} files written to {out}")
    return 0
