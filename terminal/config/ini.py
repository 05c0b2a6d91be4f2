"""A small INI reader that remembers where every key came from.

``configparser`` forgets line numbers, and an operator fixing ``kiosk.cfg`` needs them: every problem names
file, line, section and key. The syntax is the usual one: ``[section]`` headers, ``key = value`` lines, and
whole-line comments starting with ``#`` or ``;``. Keys are lower-case; a key or section given twice is an
error, never a silent override.

>>> doc = read_ini_text("[table]\\n# a comment\\ngame = craps\\n", "kiosk.cfg")
>>> doc.problems
()
>>> doc.sections["table"]["game"]
Entry(section='table', key='game', value='craps', line=3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_SECTION = re.compile(r"^\[(?P<name>[^\]]*)\]$")
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``key = value`` line."""

    section: str
    key: str
    value: str
    line: int


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a configuration file, located as precisely as possible."""

    path: str
    line: int | None
    section: str
    key: str
    value: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        what = f"[{self.section}]" if self.section else ""
        if self.key:
            what += f" {self.key} = {self.value!r}"
        return f"{where}: {what.strip()}: {self.message}" if what else f"{where}: {self.message}"


@dataclass(frozen=True, slots=True)
class IniDocument:
    """The sections of a file (in order), the line of each section header, and syntax problems."""

    path: str
    sections: dict[str, dict[str, Entry]] = field(default_factory=dict)
    section_lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()


def read_ini(path: Path) -> IniDocument:
    """Read ``path``; an unreadable or non-UTF-8 file becomes a problem, not a traceback."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return IniDocument(
            str(path), problems=(Problem(str(path), None, "", "", "", f"cannot read: {reason}"),)
        )
    return read_ini_text(text, str(path))


def read_ini_text(text: str, path: str) -> IniDocument:
    """Parse INI ``text``; ``path`` is only used to name the file in problems."""
    doc = IniDocument(path)
    problems: list[Problem] = []
    current: str | None = None
    # Only a newline ends a line: str.splitlines() would also split on form feeds and other controls,
    # shifting every line number after them.
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        problem, current = _read_line(doc, line, number, current)
        if problem is not None:
            problems.append(problem)
    return IniDocument(path, doc.sections, doc.section_lines, tuple(problems))


def _read_line(
    doc: IniDocument, line: str, number: int, current: str | None
) -> tuple[Problem | None, str | None]:
    header = _SECTION.match(line)
    if header:
        name = header.group("name").strip()
        if name in doc.sections:
            return _problem(doc, number, name, "", "", "section appears twice"), name
        doc.sections[name] = {}
        doc.section_lines[name] = number
        return None, name
    key, sep, value = line.partition("=")
    key = key.strip()
    if not sep:
        return _problem(
            doc, number, current or "", "", line, "expected 'key = value' or '[section]'"
        ), current
    if current is None:
        return _problem(doc, number, "", key, value.strip(), "key before any [section]"), current
    if not _KEY.match(key):
        return _problem(
            doc, number, current, key, value.strip(), "keys are lower-case letters, digits, _"
        ), current
    if key in doc.sections[current]:
        first = doc.sections[current][key].line
        return _problem(
            doc, number, current, key, value.strip(), f"key given twice (first on line {first})"
        ), current
    doc.sections[current][key] = Entry(current, key, value.strip(), number)
    return None, current


def _problem(doc: IniDocument, line: int, section: str, key: str, value: str, message: str) -> Problem:
    return Problem(doc.path, line, section, key, value, message)
