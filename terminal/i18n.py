"""The string catalogues: every word a seat, the table display or the service screen shows, in English or
Spanish.

A language's catalogue is ``assets/i18n/<lang>.json`` (the seat) merged with every
``assets/i18n/*/<lang>.json`` (``layout/``, ``display/``, ``service/``). A key defined twice is
refused, so one part can never silently override another. Strings are ``str.format`` templates
with named fields.

>>> en = load_catalogue("en")
>>> en.text("chip.selected", amount="$5.00")
'Chip $5.00'
>>> en.text("no.such.key")
Traceback (most recent call last):
...
terminal.i18n.MissingStringError: 'no.such.key' is not in the en catalogue
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from terminal.assets import glob

LANGUAGES: tuple[str, ...] = ("en", "es")


class MissingStringError(KeyError):
    """A catalogue key that the language does not define."""

    def __str__(self) -> str:
        return str(self.args[0])


class CatalogueError(ValueError):
    """A catalogue file that is not a flat JSON object of strings, or that repeats another file's key."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One language's strings by key."""

    language: str
    strings: Mapping[str, str]  # a read-only view (MappingProxyType)

    @property
    def keys(self) -> frozenset[str]:
        """Every key this language defines."""
        return frozenset(self.strings)

    def template(self, key: str) -> str:
        """The raw template of ``key``."""
        found = self.strings.get(key)
        if found is None:
            raise MissingStringError(f"{key!r} is not in the {self.language} catalogue")
        return found

    def has(self, key: str) -> bool:
        """Whether the language defines ``key``."""
        return key in self.strings

    def text(self, key: str, **args: Any) -> str:
        """The string of ``key`` with its named fields filled in."""
        template = self.template(key)
        try:
            return template.format(**args)
        except (KeyError, IndexError, ValueError) as bad:
            raise CatalogueError(
                f"{self.language} {key!r}: {template!r} cannot be filled with {args}"
            ) from bad


def catalogue_files(language: str) -> tuple[Path, ...]:
    """The files merged into ``language``'s catalogue: the main one first, then each part's."""
    return glob("assets:i18n", f"{language}.json") + glob("assets:i18n", f"*/{language}.json")


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as bad:
        raise CatalogueError(f"{path}: {bad}") from bad
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise CatalogueError(f"{path}: must be one JSON object of string values")
    return {str(k): v for k, v in data.items() if not str(k).startswith("_")}  # "_comment" keys are notes


_CACHE: dict[str, Catalogue] = {}


def load_catalogue(language: str) -> Catalogue:
    """``language``'s merged catalogue (cached); a key defined in two files is a :class:`CatalogueError`."""
    if language not in LANGUAGES:
        raise CatalogueError(f"language {language!r} is not shipped; choose one of {', '.join(LANGUAGES)}")
    cached = _CACHE.get(language)
    if cached is not None:
        return cached
    files = catalogue_files(language)
    if not files:
        raise CatalogueError(f"no catalogue file for {language!r} under assets/i18n")
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for path in files:
        for key, value in _read(path).items():
            if key in merged:
                raise CatalogueError(f"{path}: key {key!r} is already defined in {origin[key]}")
            merged[key], origin[key] = value, path
    catalogue = Catalogue(language, MappingProxyType(merged))
    _CACHE[language] = catalogue
    return catalogue
