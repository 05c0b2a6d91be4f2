"""The display's strings: a small catalogue loader until the shared one (``assets/i18n/*/<lang>.json``) lands.

It reads ``assets/i18n/display/<lang>.json`` (and ``assets/i18n/<lang>.json`` when present), falls back to
English key by key, and names the paths it searched when a key is missing everywhere.

>>> cat = load_catalog("es")
>>> cat.text("display.no_more_bets"), cat.text("display.round", round=7)
('NO VA MÁS', 'RONDA 7')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"
LANGUAGES = ("en", "es")


class MissingTextError(KeyError):
    """A catalogue key found in no catalogue; the message names the files searched."""


@dataclass(frozen=True, slots=True)
class Catalog:
    """Strings of one language, with English behind them."""

    language: str
    strings: tuple[tuple[str, str], ...]
    searched: tuple[Path, ...]

    def text(self, key: str, **args: object) -> str:
        """The string ``key`` with ``{name}`` fields filled from ``args``."""
        for name, value in self.strings:
            if name == key:
                return value.format(**args) if args else value
        where = ", ".join(str(p) for p in self.searched)
        raise MissingTextError(f"no text for {key!r} in language {self.language!r}; searched {where}")


def _files(root: Path, language: str) -> list[Path]:
    return [root / "i18n" / f"{language}.json", *sorted((root / "i18n").glob(f"*/{language}.json"))]


def load_catalog(language: str, root: Path = ASSETS) -> Catalog:
    """The catalogue of ``language`` (``en`` or ``es``); later files and the chosen language win."""
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r} is not one of {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    searched: list[Path] = []
    for lang in dict.fromkeys(("en", language)):
        for path in _files(root, lang):
            searched.append(path)
            if path.is_file():
                merged.update(json.loads(path.read_text(encoding="utf-8")))
    return Catalog(language, tuple(merged.items()), tuple(searched))
