"""The string catalogues: every word a seat, the table display or the service screen shows, in its language.

Catalogues are gettext files, the format every translator's tool reads (see ``terminal.i18n_build``):
English templates ``assets/i18n/<domain>.pot`` and one ``assets/i18n/<lang>/LC_MESSAGES/<domain>.po``
per language, compiled to ``.mo`` with Babel. Each entry's ``msgctxt`` is the key the code asks for; its
text is a ``str.format`` template with named fields. A key defined in two domains is refused, so one part
can never silently override another. An entry a language has not translated yet shows the English (as
gettext does); a test fails on any such entry.

Plural entries (``msgid_plural``) pick their form by the language's plural rule from the ``count``
argument or, without one, from the template's only integer argument. Numbers, dates and money are written
the way the language's locale writes them (Babel, CLDR data).

>>> en = load_catalogue("en")
>>> en.text("chip.selected", amount="$5.00")
'Chip $5.00'
>>> load_catalogue("es").text("session.time", minutes=1)
'Jugando desde hace 1 minuto'
>>> load_catalogue("es").text("session.time", minutes=2)
'Jugando desde hace 2 minutos'
>>> en.text("no.such.key")
Traceback (most recent call last):
...
terminal.i18n.MissingStringError: 'no.such.key' is not in the en catalogue
"""

from __future__ import annotations

import datetime as dt
import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any

from babel.dates import format_date, format_datetime, format_time, format_timedelta
from babel.numbers import format_currency, format_decimal

from terminal.i18n_build import SOURCE_LANGUAGE, CatalogueError, Entry, compile_file, entries, source_files

__all__ = ["LANGUAGES", "LOCALES", "Catalogue", "CatalogueError", "MissingStringError", "load_catalogue"]

LANGUAGES: tuple[str, ...] = ("en", "es")
#: The locale whose number, date and money formats each language uses: a table in the United States.
LOCALES: Mapping[str, str] = MappingProxyType({"en": "en_US", "es": "es_US"})


class MissingStringError(KeyError):
    """A catalogue key that the language does not define."""

    def __str__(self) -> str:
        return str(self.args[0])


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One language's strings by key, its plural rule and its locale's formats."""

    language: str
    strings: Mapping[str, str]  # every key's template (a plural entry's last form); read-only
    plurals: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    plural_index: Callable[[int], int] = _english_plural
    locale: str = "en_US"

    @property
    def keys(self) -> frozenset[str]:
        """Every key this language defines."""
        return frozenset(self.strings)

    def template(self, key: str, count: int | None = None) -> str:
        """The raw template of ``key`` (for a plural entry, the form for ``count``; the last without one)."""
        found = self.strings.get(key)
        if found is None:
            raise MissingStringError(f"{key!r} is not in the {self.language} catalogue")
        forms = self.plurals.get(key)
        if forms is None or count is None:
            return found
        return forms[min(max(self.plural_index(count), 0), len(forms) - 1)]

    def has(self, key: str) -> bool:
        """Whether the language defines ``key``."""
        return key in self.strings

    def is_plural(self, key: str) -> bool:
        """Whether ``key`` has plural forms."""
        return key in self.plurals

    def text(self, key: str, **args: Any) -> str:
        """The string of ``key`` with its named fields filled in (a plural entry's form chosen by count)."""
        count = _count(key, args) if key in self.plurals else None
        template = self.template(key, count)
        try:
            return template.format(**args)
        except (KeyError, IndexError, ValueError) as bad:
            raise CatalogueError(
                f"{self.language} {key!r}: {template!r} cannot be filled with {args}"
            ) from bad

    def money(self, units: int, currency: str = "USD", digits: int = 2) -> str:
        """Minor units as money in this locale (``$1,800.00``); exact: no float is involved."""
        return str(format_currency(Decimal(units).scaleb(-digits), currency, locale=self.locale))

    def number(self, value: int | Decimal) -> str:
        """A number with this locale's grouping and decimal marks (``12,345``)."""
        return str(format_decimal(value, locale=self.locale))

    def date(self, day: dt.date) -> str:
        """A date as this locale writes it in medium form (``Mar 4, 2026`` / ``4 mar 2026``)."""
        return str(format_date(day, "medium", locale=self.locale))

    def datetime(self, moment: dt.datetime) -> str:
        """A date and time in this locale's short form (``3/4/26, 3:07 PM``)."""
        return str(format_datetime(moment, "short", locale=self.locale))

    def time(self, moment: dt.datetime) -> str:
        """A time of day with seconds, as this locale writes it."""
        return str(format_time(moment, "medium", locale=self.locale))

    def ago(self, elapsed: dt.timedelta) -> str:
        """How long ago, in words (``1 minute ago`` / ``hace 1 minuto``)."""
        return str(format_timedelta(-elapsed, add_direction=True, locale=self.locale))


def _count(key: str, args: Mapping[str, Any]) -> int:
    """The number a plural entry's form depends on: ``count``, else the only integer argument."""
    if "count" in args:
        return int(args["count"])
    numbers = [v for v in args.values() if isinstance(v, int) and not isinstance(v, bool)]
    if len(numbers) != 1:
        raise CatalogueError(f"{key!r} has plural forms: pass count= (arguments given: {sorted(args)})")
    return numbers[0]


def catalogue_files(language: str) -> tuple[Path, ...]:
    """The files ``language``'s catalogue is compiled from (English: the templates)."""
    return source_files(language)


def _compiled(language: str) -> tuple[dict[str, Entry], str]:
    """Every entry of ``language``'s compiled files by key, and its plural rule."""
    files = source_files(language)
    if not files:
        raise CatalogueError(f"no catalogue for {language!r} under assets/i18n")
    merged: dict[str, Entry] = {}
    origin: dict[str, Path] = {}
    rule = "(n != 1)"
    for path in files:
        found, rule = entries(compile_file(path, language), str(path))
        for entry in found:
            if entry.key in merged:
                raise CatalogueError(f"{path}: key {entry.key!r} is already defined in {origin[entry.key]}")
            merged[entry.key], origin[entry.key] = entry, path
    return merged, rule


def _build(language: str) -> Catalogue:
    english, _ = _compiled(SOURCE_LANGUAGE)
    own, rule = _compiled(language) if language != SOURCE_LANGUAGE else (english, "(n != 1)")
    strings: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for key, source in english.items():
        found = own.get(key)
        text = found.text if found is not None and found.text and all(found.text) else source.text
        if isinstance(text, tuple):
            plurals[key] = text
            strings[key] = text[-1]
        else:
            strings[key] = text
    return Catalogue(
        language, MappingProxyType(strings), MappingProxyType(plurals), gettext.c2py(rule), LOCALES[language]
    )


_CACHE: dict[str, Catalogue] = {}


def load_catalogue(language: str) -> Catalogue:
    """``language``'s catalogue (compiled on first use, then cached); every key English defines."""
    if language not in LANGUAGES:
        raise CatalogueError(f"language {language!r} is not shipped; choose one of {', '.join(LANGUAGES)}")
    cached = _CACHE.get(language)
    if cached is None:
        cached = _CACHE[language] = _build(language)
    return cached
