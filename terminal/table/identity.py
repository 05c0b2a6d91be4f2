"""What program a table runs and which games: the identity a technician, a lab and an auditor compare.

Shown on service mode's self-test screen, printed by ``terminal verify`` and carried by the end-of-day
report. It names:

- the software version and the fingerprint of the signed manifest. The version is the one the signed
  manifest vouches for (``terminal/VERSION``, listed in it with its SHA-256, the signature checked with the
  trusted key), and only when the launcher's check of the program passed: otherwise "unverified
  development build". Never the package metadata, which nobody signs (``pip`` writes it in the venv);
- each game the program holds, by an identifier that changes whenever its rules do: ``game/variant/digest``,
  the digest the SHA-256 of its rule modules' sources (its package under ``terminal/games`` and the
  modules every game shares), first 12 hex digits;
- the paytable ids the configuration sets for each game (``family:name``, as the meters key them).

>>> ident = game_identity(__import__("terminal.config", fromlist=["defaults"]).defaults(), "craps")
>>> ident.identifier.startswith("craps/standard/"), ident.paytables
(True, ('craps:standard', 'lucky_shooter:A', 'fire_bet:A', 'bonus_craps:1', 'hot_roller:A'))
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from cryptography.exceptions import InvalidSignature

from terminal.config import Config
from terminal.config.game_rules import ConfigSettings
from terminal.games.registry import GAMES, game
from terminal.software import boot as software
from terminal.software.manifest import ROOT, ManifestError, load_public_key, parse_manifest

PACKAGE = "automated-gaming-table"
#: The program's version, a file of the tree the manifest signs (a test holds it to pyproject.toml's).
VERSION_FILE = "terminal/VERSION"
UNVERIFIED = "unverified development build"


def package_version() -> str:
    """The version pip installed (package metadata): the maker's, for the install log; never shown as the
    table's version, which only the signature vouches for (:func:`software_version`)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown (not installed as a package)"


def signed_version(manifest: Path, trusted_key: Path, root: Path = ROOT) -> str | None:
    """``terminal/VERSION`` under ``root`` when the manifest's signature verifies with the trusted key and
    lists that file with the SHA-256 it has; ``None`` otherwise."""
    try:
        entries, body, signature = parse_manifest(manifest.read_text(encoding="utf-8"))
        load_public_key(trusted_key).verify(signature, body)
        data = (root / VERSION_FILE).read_bytes()
        stated = data.decode("utf-8").strip()
    except (OSError, ManifestError, InvalidSignature, UnicodeDecodeError):
        return None
    return stated if stated and dict(entries).get(VERSION_FILE) == hashlib.sha256(data).hexdigest() else None


def software_version(c: Config) -> str:
    """The version the signed manifest vouches for, or :data:`UNVERIFIED` (no manifest, a bad signature, no
    version in it, or the launcher's check of this process did not pass)."""
    checked = software.launched()
    if checked is not None and checked.status != "pass":
        return UNVERIFIED
    return signed_version(c.lab.manifest_path, c.lab.trusted_key) or UNVERIFIED


def manifest_fingerprint(c: Config) -> str:
    """The SHA-256 of the signed manifest, in groups of four, or why there is none."""
    path = c.lab.manifest_path
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return f"none at {path.name} (a development build, not verified)"
    except OSError as failed:
        return f"unreadable ({failed.strerror or failed})"
    return "SHA-256 " + " ".join(digest[i : i + 4] for i in range(0, 32, 4)) + " …"


GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
#: The modules of ``terminal/games`` every game's rules rest on; each game adds its own package.
SHARED_MODULES = ("base", "catalog", "one_round", "paytables", "seam")


def rule_modules(name: str) -> tuple[str, ...]:
    """A game's rule modules, as paths under ``terminal/games`` without ``.py``, in a fixed order."""
    own = sorted(p.relative_to(GAMES_DIR).with_suffix("").as_posix() for p in (GAMES_DIR / name).glob("*.py"))
    return (*SHARED_MODULES, *own)


@dataclass(frozen=True, slots=True)
class GameIdentity:
    """One game of the program: its identifier, the paytables configured, whether this table runs it."""

    game: str
    identifier: str
    paytables: tuple[str, ...]
    running: bool


@dataclass(frozen=True, slots=True)
class Identity:
    """The program and its games."""

    version: str
    manifest: str
    games: tuple[GameIdentity, ...]

    def lines(self) -> tuple[tuple[str, str], ...]:
        """(label, value) rows as every place prints them."""
        rows = [("software version", self.version), ("manifest", self.manifest)]
        for g in self.games:
            running = " (this table)" if g.running else ""
            rows.append((f"game {g.game}{running}", g.identifier))
            rows.append((f"paytables {g.game}", ", ".join(g.paytables)))
        return tuple(rows)

    def rows(self) -> tuple[tuple[str, str, str], ...]:
        """(kind, game, value) rows for screens that word the labels themselves (service mode)."""
        rows = [("version", "", self.version), ("manifest", "", self.manifest)]
        for g in self.games:
            rows.append(("game_running" if g.running else "game", g.game, g.identifier))
            rows.append(("paytables", g.game, ", ".join(g.paytables)))
        return tuple(rows)

    def summary(self) -> str:
        """One line for a report header: version, manifest, the running game and its paytables."""
        running = next((g for g in self.games if g.running), self.games[0])
        return f"{running.identifier}; paytables {', '.join(running.paytables)}"


def rules_digest(name: str) -> str:
    """SHA-256 over the game's rule modules (name, NUL, source, in order), first 12 hex digits."""
    digest = hashlib.sha256()
    for module in rule_modules(name):
        digest.update(module.encode() + b"\0" + (GAMES_DIR / f"{module}.py").read_bytes())
    return digest.hexdigest()[:12]


def game_identity(c: Config, name: str) -> GameIdentity:
    """One game's identity under configuration ``c``."""
    setup = game(name).setup(ConfigSettings(c))
    identifier = f"{name}/{setup.variant}/{rules_digest(name)}"
    return GameIdentity(name, identifier, setup.paytables, c.table.game == name)


def identity(c: Config) -> Identity:
    """The whole identity under configuration ``c``."""
    games = tuple(game_identity(c, name) for name in GAMES)
    return Identity(software_version(c), manifest_fingerprint(c), games)
