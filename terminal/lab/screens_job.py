"""What one ``terminal screens`` run asks for, and the checks on what it drew.

A :class:`Job` carries the output folder, the languages, the screen size, the seed and the configuration
the tables are built from (the user's ``--config`` text, or the shipped defaults). Each screen set builds
its table from :meth:`Job.config`: the user's file with every path moved into a temporary folder (the
screenshots never touch the real ledger) and the few keys the set needs to reach its states (the game,
two seats, a hand-pay limit a column win reaches...). The seed drives the table's certified DRBG through
a deterministic entropy stream (as ``terminal simulate --seed`` does), so the same rounds come up in the
same order in every run, and every state is reached every time.

:func:`duplicates` finds states that drew the very same pixels: two states a person cannot tell apart.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from terminal import config as configuration
from terminal.config import Config
from terminal.desk.config_change import edit_text
from terminal.lab.simulate_seed import SeededStream

Progress = Callable[[str], None]
#: The seed of every run that names none: the states below are reached with it (tests hold them to it).
DEFAULT_SEED = bytes.fromhex("5c4ee25e")
#: The wall clock every run's tables start at (the service screens' demo table's too): a printed voucher
#: shows the same time in every run, so two runs of the same code draw the same pixels.
START = datetime(2026, 11, 23, 14, 0, tzinfo=UTC).timestamp()
#: The sizes a run is expected to draw well: 16:9, 4:3 and 21:9.
SIZES: tuple[tuple[int, int], ...] = ((1920, 1080), (1024, 768), (2560, 1080))
_SIZE = re.compile(r"(?P<w>\d{3,5})x(?P<h>\d{3,5})")
# Every file the table writes goes into the run's temporary folder, never beside the user's kiosk.cfg.
_LOCAL_PATHS = (
    ("table", "data_dir", "."),  # a data_dir of the user's would take the paths below to the real data
    ("ledger", "path", "var/ledger.sqlite"), ("ledger", "key_path", "keys/chain.key"),
    ("ledger", "archive_dir", "archive"), ("service", "users_path", "var/users.json"),
    ("seat", "keys_path", "keys/seat.keys"), ("lab", "output_dir", "out"),
    ("lab", "test_ledger_path", "var/test-ledger.sqlite"),
)  # fmt: skip


class ScreensError(RuntimeError):
    """A run that cannot draw what it was asked for, or that drew two states alike."""


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` as ``(1920, 1080)``; :class:`ValueError` for anything else or an absurd size."""
    match = _SIZE.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"size {text!r} is not WIDTHxHEIGHT, e.g. 1920x1080")
    size = int(match["w"]), int(match["h"])
    if not (640 <= size[0] <= 7680 and 480 <= size[1] <= 4320):
        raise ValueError(f"size {text!r} is outside 640x480 to 7680x4320")
    return size


@dataclass(frozen=True, slots=True)
class Job:
    """One run: where, in which languages, at which size, with which seed and configuration."""

    out: Path
    languages: tuple[str, ...]
    progress: Progress = field(default=lambda line: None)
    size: tuple[int, int] = (1920, 1080)
    seed: bytes = DEFAULT_SEED
    base_text: str = ""  # the user's kiosk.cfg ("" = the shipped defaults)
    start: float = START  # the tables' wall clock at boot, seconds since the epoch

    def config(self, folder: Path, overrides: Iterable[tuple[str, str, str]] = ()) -> Config:
        """The table's configuration in ``folder``: the base file, local paths, the size, ``overrides``."""
        text = self.base_text
        width, height = (str(n) for n in self.size)
        sized = (
            ("seat", "width", width), ("seat", "height", height),
            ("display", "width", width), ("display", "height", height),
        )  # fmt: skip
        for section, key, value in (*_LOCAL_PATHS, *sized, *overrides):
            text = edit_text(text, section, key, value)
        (folder / "keys").mkdir(parents=True, exist_ok=True)
        path = folder / "kiosk.cfg"
        path.write_text(text, encoding="utf-8")
        return configuration.load(path)

    def entropy(self, game: str) -> Callable[[int], bytes]:
        """The table's entropy input for ``game``: a deterministic stream over the run's seed."""
        return SeededStream(self.seed, f"screens-{game}", 0).read


def duplicates(paths: Iterable[Path]) -> list[tuple[Path, Path]]:
    """Pairs of files with identical contents (the same PNG encoder: identical pixels, identical bytes)."""
    seen: dict[str, Path] = {}
    found = []
    for path in paths:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest in seen:
            found.append((seen[digest], path))
        else:
            seen[digest] = path
    return found
