"""``kiosk.cfg`` → a frozen, validated :class:`Config`, or a :class:`ConfigError` listing every problem.

Every problem is reported at once, each naming file, line, section, key, the bad value and what is
allowed. Unknown sections and keys are errors; a missing key takes its shipped default. After each value
is read on its own, the cross-field rules of :mod:`terminal.config.rules` run.

>>> loads("[table]\\nseats = 17\\n", "kiosk.cfg").table.seats
Traceback (most recent call last):
...
terminal.config.loader.ConfigError: 1 problem in configuration:
  kiosk.cfg:2: [table] seats = '17': must be a whole number from 1 to 16
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from terminal.config.ini import Entry, IniDocument, Problem, read_ini, read_ini_text
from terminal.config.keys import ParseContext, Setting, settings_of
from terminal.config.model import OPTIONAL_SECTIONS, SECTIONS, Config
from terminal.config.rules import cross_check
from terminal.config.sections import LimitsSection, TableSection
from terminal.games.catalog import ALL_WAGERS
from terminal.money import CURRENCIES, Currency, find_currency

DEFAULT_PATH = Path("kiosk.cfg")
_OVERRIDE = re.compile(r"^(?P<wager>[a-z0-9_]+)_(?P<bound>min|max)$")


class ConfigError(ValueError):
    """The configuration cannot be used; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(f"{count} in configuration:\n" + "\n".join(f"  {p}" for p in problems))


def load(path: Path = DEFAULT_PATH, data_dir: Path | None = None) -> Config:
    """Load and validate the configuration file at ``path``; ``data_dir`` (``--data``) overrides
    ``[table] data_dir``, the folder relative data paths resolve under."""
    return _build(read_ini(path), path.resolve().parent, data_dir)


def loads(
    text: str, path: str = "kiosk.cfg", base_dir: Path | None = None, data_dir: Path | None = None
) -> Config:
    """Load a configuration from ``text``; ``path`` names it in errors, paths resolve against ``base_dir``."""
    return _build(read_ini_text(text, path), base_dir or Path(path).resolve().parent, data_dir)


def defaults(base_dir: Path = Path(".")) -> Config:
    """The shipped configuration: every key at its default."""
    return loads("", "<defaults>", base_dir)


def _build(doc: IniDocument, base_dir: Path, data_dir: Path | None = None) -> Config:
    """Syntax, then every key on its own, then the cross-field rules; all the problems of a step at once."""
    problems = [*doc.problems, *_unknown_sections(doc)]
    given = data_dir.resolve() if data_dir is not None else None
    plain = ParseContext(_currency(doc), base_dir)
    ctx = ParseContext(plain.currency, base_dir, given or _data_dir(doc, plain))
    present = SECTIONS | {name: cls for name, cls in OPTIONAL_SECTIONS.items() if name in doc.section_lines}
    values = {name: _read_section(doc, name, cls, ctx, problems) for name, cls in present.items()}
    if given is not None and values.get("table") is not None:
        values["table"] = replace(values["table"], data_dir=given)
    if problems:
        raise ConfigError(_in_file_order(problems))
    config = Config(path=Path(doc.path), **values)
    findings = [_locate(doc, *finding) for finding in cross_check(config)]
    if findings:
        raise ConfigError(_in_file_order(findings))
    return config


def _data_dir(doc: IniDocument, ctx: ParseContext) -> Path | None:
    """``[table] data_dir`` as the file sets it (a bad value is reported with the other keys)."""
    entry = doc.sections.get("table", {}).get("data_dir")
    if entry is None:
        return None
    try:
        found: Path = settings_of(TableSection)["data_dir"].parse(entry.value, ctx)
    except ValueError:
        return None
    return found


def _currency(doc: IniDocument) -> Currency:
    """The currency amounts are written in: ``[money] currency``, or USD while that key is wrong (which is
    reported with the key)."""
    entry = doc.sections.get("money", {}).get("currency")
    return find_currency(entry.value if entry is not None and entry.value in CURRENCIES else "USD")


def _in_file_order(problems: list[Problem]) -> tuple[Problem, ...]:
    return tuple(sorted(problems, key=lambda p: p.line if p.line is not None else 0))


def _unknown_sections(doc: IniDocument) -> list[Problem]:
    allowed = ", ".join([*SECTIONS, *OPTIONAL_SECTIONS])
    return [
        Problem(doc.path, line, name, "", "", f"unknown section; sections are: {allowed}")
        for name, line in doc.section_lines.items()
        if name not in SECTIONS and name not in OPTIONAL_SECTIONS
    ]


def _read_section(doc: IniDocument, name: str, cls: type, ctx: ParseContext, problems: list[Problem]) -> Any:
    entries = doc.sections.get(name, {})
    keys = settings_of(cls)
    values: dict[str, Any] = {}
    for key, declared in keys.items():
        entry = entries.get(key)
        values[key] = _parse_value(doc, name, key, declared, entry, ctx, problems)
    extra = [entry for key, entry in entries.items() if key not in keys]
    if cls is LimitsSection:
        values["overrides"], extra = _limit_overrides(doc, extra, ctx, problems)
    for entry in extra:
        listed = ", ".join(keys) + (", or <wager>_min / <wager>_max" if cls is LimitsSection else "")
        message = f"unknown key; keys of [{name}] are: {listed}"
        problems.append(Problem(doc.path, entry.line, name, entry.key, entry.value, message))
    return cls(**values)


def _parse_value(
    doc: IniDocument,
    section: str,
    key: str,
    declared: Setting,
    entry: Entry | None,
    ctx: ParseContext,
    problems: list[Problem],
) -> Any:
    raw = entry.value if entry is not None else declared.default
    try:
        return declared.parse(raw, ctx)
    except ValueError as exc:
        line = entry.line if entry is not None else None
        problems.append(Problem(doc.path, line, section, key, raw, str(exc)))
        return None


def _limit_overrides(
    doc: IniDocument, entries: list[Entry], ctx: ParseContext, problems: list[Problem]
) -> tuple[tuple[tuple[str, int | None, int | None], ...], list[Entry]]:
    """Read ``<wager>_min`` / ``<wager>_max`` keys of ``[limits]``; return them and the keys left over."""
    bounds: dict[str, dict[str, int]] = {}
    unknown: list[Entry] = []
    parse = settings_of(LimitsSection)["wager_min"].parse
    for entry in entries:
        match = _OVERRIDE.match(entry.key)
        if match is None or match["wager"] not in ALL_WAGERS:
            unknown.append(entry)
            continue
        try:
            bounds.setdefault(match["wager"], {})[match["bound"]] = parse(entry.value, ctx)
        except ValueError as exc:
            problems.append(Problem(doc.path, entry.line, "limits", entry.key, entry.value, str(exc)))
    overrides = tuple((wager, b.get("min"), b.get("max")) for wager, b in sorted(bounds.items()))
    return overrides, unknown


def _locate(doc: IniDocument, section: str, key: str, message: str) -> Problem:
    entry = doc.sections.get(section, {}).get(key)
    if entry is None:
        return Problem(doc.path, doc.section_lines.get(section), section, key, "(default)", message)
    return Problem(doc.path, entry.line, section, key, entry.value, message)
