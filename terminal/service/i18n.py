"""The service screen's strings: ``assets/i18n/service/<lang>.json``, flat JSON of ``str.format`` templates.

Keys start with ``service.`` so the catalogue can be merged with the seat's (``assets/i18n/*/<lang>.json``)
without a clash. A missing key or language is an error naming the file searched.

>>> strings("en").text("service.title")
'SERVICE MODE'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2] / "assets" / "i18n" / "service"
LANGUAGES = ("en", "es")


class MissingStringError(KeyError):
    """A key the catalogue does not define."""


@dataclass(frozen=True, slots=True)
class Strings:
    """One language's service strings."""

    language: str
    table: tuple[tuple[str, str], ...]

    def text(self, key: str, **fields: Any) -> str:
        """The string ``key``, formatted with ``fields``."""
        for name, value in self.table:
            if name == key:
                return value.format(**fields) if fields else value
        raise MissingStringError(f"{key!r} is not in {ROOT / (self.language + '.json')}")


@cache
def strings(language: str) -> Strings:
    """The catalogue of ``language`` (``en`` or ``es``)."""
    path = ROOT / f"{language}.json"
    if language not in LANGUAGES:
        raise MissingStringError(f"language {language!r} is not one of {', '.join(LANGUAGES)}")
    loaded = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(loaded, dict) or not all(isinstance(v, str) for v in loaded.values()):
        raise ValueError(f"{path}: a catalogue is a flat JSON object of strings")
    return Strings(language, tuple(sorted(loaded.items())))
