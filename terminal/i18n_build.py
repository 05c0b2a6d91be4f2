"""Compile the gettext catalogues (``assets/i18n``) to ``.mo`` files with Babel, and read them back.

The English text is the source language: it lives in the templates ``assets/i18n/<domain>.pot`` (each
entry's ``msgctxt`` is the key the code asks for, its ``msgid`` the English words). Every other language
is ``assets/i18n/<lang>/LC_MESSAGES/<domain>.po``, as ``pybabel init``/``update`` make them. The program
reads only compiled ``.mo`` files: each is built beside its source the first time it is needed or when
its source is newer (``make install`` builds them all, so a signed manifest covers them), written to a
temporary file and renamed so two processes never see half a file. English is compiled from the
template with each message translated to itself. Where the folder is read-only the catalogue is compiled
in memory instead. A ``.mo`` is never edited by hand: it is rebuilt from its ``.po``.

``python -m terminal.i18n_build`` compiles every catalogue and prints one line per file.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import PoFileError, read_po

from terminal.assets import AssetNotFoundError, glob

#: The language the templates are written in.
SOURCE_LANGUAGE = "en"


class CatalogueError(ValueError):
    """A catalogue file that cannot be read or compiled, or that repeats another file's key."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One compiled message: its key, the English it was written from, and its text in the language.

    ``source`` and ``text`` are one string, or a tuple of plural forms (``msgid``/``msgid_plural`` and
    ``msgstr[0]``...). ``text`` is empty when the language has not translated the entry.
    """

    key: str
    source: str | tuple[str, ...]
    text: str | tuple[str, ...]


def domains() -> tuple[str, ...]:
    """The catalogue domains: one per template ``assets/i18n/<domain>.pot`` (seat, layout, display...)."""
    return tuple(path.stem for path in glob("assets:i18n", "*.pot"))


def source_files(language: str) -> tuple[Path, ...]:
    """The files ``language`` is compiled from: the templates for English, else the language's ``.po``."""
    if language == SOURCE_LANGUAGE:
        return glob("assets:i18n", "*.pot")
    return glob("assets:i18n", f"{language}/LC_MESSAGES/*.po")


def compiled_path(source: Path, language: str) -> Path:
    """Where the ``.mo`` of ``source`` lives: beside a ``.po``; under ``en/LC_MESSAGES`` for a template."""
    if source.suffix == ".pot":
        return source.parent / language / "LC_MESSAGES" / f"{source.stem}.mo"
    return source.with_suffix(".mo")


def read_source(source: Path, language: str) -> Catalog:
    """Parse a ``.po`` or ``.pot``; a malformed file is a :class:`CatalogueError` naming it and the line."""
    try:
        with source.open("rb") as handle:
            catalog = read_po(handle, locale=language, abort_invalid=True)
    except (OSError, PoFileError, ValueError) as bad:
        raise CatalogueError(f"{source}: {bad}") from bad
    if source.suffix == ".pot":  # the source language translates every message to itself
        for message in catalog:
            if message.id:
                message.string = message.id
    return catalog


def _mo_bytes(source: Path, language: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read_source(source, language))
    return buffer.getvalue()


def _stale(source: Path, mo: Path) -> bool:
    try:
        return mo.stat().st_mtime_ns < source.stat().st_mtime_ns
    except FileNotFoundError:
        return True


def compile_file(source: Path, language: str, *, force: bool = False) -> bytes:
    """The ``.mo`` bytes of ``source``, (re)building the file beside it when missing or older than it."""
    mo = compiled_path(source, language)
    if not force and not _stale(source, mo):
        return mo.read_bytes()
    data = _mo_bytes(source, language)
    try:
        mo.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{mo.name}.", dir=mo.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a catalogue is read by every screen's user
        os.replace(temporary, mo)  # atomic: a reader sees the old file or the new one, never half of one
    except OSError:
        pass  # a read-only install: the catalogue is used from memory this time
    return data


def entries(data: bytes, origin: str) -> tuple[tuple[Entry, ...], str]:
    """The keyed messages of compiled ``.mo`` bytes, and the plural rule of its header (C syntax)."""
    try:
        catalog = read_mo(io.BytesIO(data))
    except (OSError, ValueError, IndexError) as bad:
        raise CatalogueError(f"{origin}: not a readable .mo file ({bad})") from bad
    found = []
    for message in catalog:
        if not message.id:
            continue  # the header
        if not message.context:
            raise CatalogueError(f"{origin}: {message.id!r} has no msgctxt (the key the code asks for)")
        context: object = message.context  # Babel's read_mo leaves the context as bytes
        key = context.decode(catalog.charset or "utf-8") if isinstance(context, bytes) else str(context)
        found.append(Entry(key, _text(message.id), _text(message.string)))
    return tuple(found), catalog.plural_expr


def _text(value: object) -> str | tuple[str, ...]:
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value)
    return str(value or "")


def main() -> int:
    """Compile every catalogue of every language found under ``assets/i18n``."""
    try:
        others = {p.parent.parent.name for p in glob("assets:i18n", "*/LC_MESSAGES/*.po")}
        languages = [SOURCE_LANGUAGE, *sorted(others)]
        for language in languages:
            for source in source_files(language):
                compile_file(source, language, force=True)
                print(f"{compiled_path(source, language)}")
    except (CatalogueError, AssetNotFoundError) as failed:
        print(f"i18n: {failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
