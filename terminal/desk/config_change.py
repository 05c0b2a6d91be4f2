"""A configuration change from service mode: edit ``kiosk.cfg`` text, validate it with the same loader.

The change is a list of ``section.key = value`` edits. Each edit replaces the key's line in its section
(or adds the key under the section header, or adds the section at the end); comments and every other line
stay as they were. The new text must load with :func:`terminal.config.loads` exactly as the file would at
start-up; a refused change names every problem. Nothing is written until two people confirm it.

>>> edit_text("[table]\\nseats = 8\\n", "table", "seats", "6")
'[table]\\nseats = 6\\n'
>>> edit_text("[table]\\nseats = 8\\n", "money", "credit_limit", "500.00")
'[table]\\nseats = 8\\n\\n[money]\\ncredit_limit = 500.00\\n'
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from terminal import config as config_loader
from terminal.config import Config, ConfigError
from terminal.config.ini import read_ini_text
from terminal.config.keys import settings_of
from terminal.config.model import SECTIONS

_EDIT = re.compile(r"(?P<section>[a-z_]+)\.(?P<key>[a-z0-9_]+)=(?P<value>[^\x00-\x1f]*)")
_HEADER = re.compile(r"\s*\[\s*(?P<name>[^\]]+?)\s*\]\s*")


class ConfigChangeError(ValueError):
    """A change the loader refuses, or an edit that is not ``section.key=value``."""


@dataclass(frozen=True, slots=True)
class Edit:
    """One key's new value, as text in the file's own terms (``12.50``, ``true``)."""

    section: str
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class Change:
    """One key before and after."""

    section: str
    key: str
    before: str
    after: str


def parse_edit(text: str) -> Edit:
    """``section.key=value`` → :class:`Edit`."""
    match = _EDIT.fullmatch(text.strip().replace(" = ", "=", 1))
    if match is None:
        raise ConfigChangeError(f"{text!r} is not 'section.key=value'")
    return Edit(match["section"], match["key"], match["value"].strip())


def edit_text(text: str, section: str, key: str, value: str) -> str:
    """``text`` with ``key`` of ``[section]`` set to ``value``."""
    lines = text.split("\n")
    current, header_at = None, None
    for index, raw in enumerate(lines):
        header = _HEADER.fullmatch(raw)
        if header:
            current = header["name"]
            header_at = index if current == section else header_at
            continue
        name, sep, _ = raw.partition("=")
        if current == section and sep and name.strip() == key and not raw.lstrip().startswith(("#", ";")):
            lines[index] = f"{key} = {value}"
            return "\n".join(lines)
    if header_at is not None:
        lines.insert(header_at + 1, f"{key} = {value}")
        return "\n".join(lines)
    body = text if text.endswith("\n") or not text else text + "\n"
    return f"{body}\n[{section}]\n{key} = {value}\n"


def values(text: str) -> dict[tuple[str, str], tuple[str, bool]]:
    """Every key of every section as the file gives it: value text and whether it is the default."""
    doc = read_ini_text(text, "kiosk.cfg")
    found: dict[tuple[str, str], tuple[str, bool]] = {}
    for name, cls in SECTIONS.items():
        given = doc.sections.get(name, {})
        for key, declared in settings_of(cls).items():
            entry = given.get(key)
            found[name, key] = (entry.value, False) if entry else (declared.default, True)
        for key, entry in given.items():  # per-wager limit overrides are keys no schema lists
            found.setdefault((name, key), (entry.value, False))
    return found


def prepare(path: Path, edits: tuple[Edit, ...]) -> tuple[str, Config, tuple[Change, ...]]:
    """The new file text, the configuration it loads as, and the changes; refused if it does not load."""
    try:
        old = path.read_text(encoding="utf-8")
    except OSError as failed:
        raise ConfigChangeError(f"configuration {path}: {failed.strerror or failed}") from None
    new = old
    for edit in edits:
        new = edit_text(new, edit.section, edit.key, edit.value)
    try:
        loaded = config_loader.loads(new, str(path), path.resolve().parent)
    except ConfigError as refused:
        raise ConfigChangeError(str(refused)) from None
    before, after = values(old), values(new)
    changes = tuple(
        Change(s, k, before.get((s, k), ("", True))[0], value)
        for (s, k), (value, _) in after.items()
        if before.get((s, k), ("", True))[0] != value
    )
    if not changes:
        raise ConfigChangeError("the change changes nothing")
    return new, loaded, changes


def write(path: Path, text: str) -> None:
    """Replace the file atomically (temporary file, fsync, rename)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
