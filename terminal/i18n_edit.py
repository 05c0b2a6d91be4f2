"""Add or change one string in every catalogue at once: the English template and each language's ``.po``.

A translator edits the ``.po`` files with their own tool; a developer adding a string to a screen runs::

    python -m terminal.i18n_edit display display.last_roll "LAST ROLL" es="ÚLTIMA TIRADA"
    python -m terminal.i18n_edit seat session.time "Playing for {minutes} minute" \\
        --plural "Playing for {minutes} minutes" es="Jugando desde hace {minutes} minuto" \\
        es="Jugando desde hace {minutes} minutos"

The English goes into ``assets/i18n/<domain>.pot`` (the key is the ``msgctxt``); each ``LANG=TEXT`` into
``assets/i18n/<LANG>/LC_MESSAGES/<domain>.po`` (one per plural form, in order). A language given no text
keeps its old translation if the English did not change, and is left empty (untranslated: a test fails
until someone translates it) if it did. Files are rewritten by Babel in the layout ``pybabel`` writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po, write_po

from terminal.assets import resolve
from terminal.i18n_build import CatalogueError

_WIDTH = 110


def _read(path: Path, locale: str | None) -> Catalog:
    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=locale, abort_invalid=True)
    except (OSError, PoFileError, ValueError) as bad:
        raise CatalogueError(f"{path}: {bad}") from bad


def _write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` with its entries in key order, as the files are kept (small, readable diffs)."""
    messages = sorted((m for m in catalog if m.id), key=lambda m: str(m.context))
    for message in messages:
        catalog.delete(message.id, context=message.context)
    for m in messages:
        catalog.add(
            m.id,
            m.string,
            flags=m.flags,
            auto_comments=m.auto_comments,
            user_comments=m.user_comments,
            context=m.context,
        )
    with path.open("wb") as out:
        write_po(out, catalog, width=_WIDTH, sort_output=False, include_lineno=False)


def _find(catalog: Catalog, key: str) -> Message | None:
    return next((m for m in catalog if m.id and m.context == key), None)


def _put(catalog: Catalog, key: str, english: str | tuple[str, str], text: str | tuple[str, ...]) -> None:
    """Set ``key``'s entry, in the position it had (new entries go at the end)."""
    words = english if isinstance(english, tuple) else (english,)
    flags = {"python-brace-format"} if any("{" in w for w in words) else set()
    old = _find(catalog, key)
    if old is not None:
        catalog.delete(old.id, context=key)
    catalog.add(english, text, context=key, flags=flags)


def edit(
    domain: str, key: str, english: str, plural: str | None, translations: dict[str, list[str]]
) -> list[Path]:
    """Set ``key`` in ``domain``'s template and every language's file; returns the files written."""
    template = resolve(f"assets:i18n/{domain}.pot")
    source: str | tuple[str, str] = (english, plural) if plural else english
    pot = _read(template, None)
    previous = _find(pot, key)
    changed = previous is None or previous.id != source
    _put(pot, key, source, ("", "") if plural else "")
    _write(template, pot)
    written = [template]
    for po_path in sorted(template.parent.glob(f"*/LC_MESSAGES/{domain}.po")):
        language = po_path.parent.parent.name
        catalog = _read(po_path, language)
        given = translations.pop(language, [])
        old = _find(catalog, key)
        if given:
            text: str | tuple[str, ...] = tuple(given) if plural else given[0]
        elif old is not None and not changed:
            kept = old.string
            text = tuple(kept) if isinstance(kept, list | tuple) else str(kept or "")
        else:
            text = tuple("" for _ in range(catalog.num_plurals)) if plural else ""
        _put(catalog, key, source, text)
        _write(po_path, catalog)
        written.append(po_path)
    if translations:
        raise CatalogueError(f"no {domain}.po for {', '.join(sorted(translations))} under {template.parent}")
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m terminal.i18n_edit DOMAIN KEY ENGLISH [--plural TEXT] [LANG=TEXT ...]``."""
    parser = argparse.ArgumentParser(prog="python -m terminal.i18n_edit", description=__doc__.split("\n")[0])
    parser.add_argument("domain", help="seat, layout, display, service, tilt or floor")
    parser.add_argument("key", help="the key the code asks for, e.g. display.last_roll")
    parser.add_argument("english", help="the English text (a str.format template)")
    parser.add_argument("--plural", help="the English plural form (the entry then has plural forms)")
    parser.add_argument("translations", nargs="*", metavar="LANG=TEXT", help="a translation (one per form)")
    args = parser.parse_intermixed_args(argv)
    given: dict[str, list[str]] = {}
    for item in args.translations:
        language, sep, text = item.partition("=")
        if not sep:
            parser.error(f"{item!r} is not LANG=TEXT")
        given.setdefault(language, []).append(text)
    try:
        for path in edit(args.domain, args.key, args.english, args.plural, given):
            print(path)
    except (CatalogueError, OSError) as failed:
        print(f"i18n_edit: {failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
