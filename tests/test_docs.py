"""The documents a newcomer walks: every command and every configuration key documented exactly once, the
configuration reference as the schema writes it, and every link between the documents leading somewhere.

Commands are read from the program's own parsers (``terminal`` and ``python -m rng``), keys from the
schema (:mod:`terminal.config.sections`); links from ``README.md`` and every file under ``docs/``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from terminal.config.keys import settings_of
from terminal.config.model import OPTIONAL_SECTIONS, SECTIONS
from terminal.config.reference import MARKER, updated

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
COMMANDS = DOCS / "commands.md"
CONFIGURATION = DOCS / "configuration.md"


def commands(parser: argparse.ArgumentParser, words: str) -> Iterator[str]:
    """Every command ``parser`` runs: each leaf, and a parent whose sub-command may be left out."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs or not all(a.required for a in subs):
        yield words
    for action in subs:
        for name, sub in action.choices.items():
            yield from commands(sub, f"{words} {name}")


def program_commands() -> list[str]:
    from rng.__main__ import build_parser as rng_parser
    from terminal.cli import build_parser

    return [*commands(build_parser(), "terminal"), *commands(rng_parser(), "python -m rng")]


def documented(text: str) -> list[str]:
    """The command of each row of the document's tables: the first cell's words up to the first argument
    (``[run]``, an optional sub-command, documents the command with and without it)."""
    found = []
    for line in text.splitlines():
        row = re.match(r"\| `([^`]+)`", line)
        if row is None:
            continue
        words: list[str] = []
        for token in row.group(1).split():
            optional = re.fullmatch(r"\[([a-z][a-z0-9-]*)\]", token)
            if optional is not None:
                found.append(" ".join(words))
                words.append(optional.group(1))
                break
            if not re.fullmatch(r"[a-z][a-z0-9-]*", token) and token != "-m":
                break
            words.append(token)
        found.append(" ".join(words))
    return found


def test_every_command_is_documented_exactly_once() -> None:
    rows = documented(COMMANDS.read_text(encoding="utf-8"))
    program = program_commands()
    assert len(program) > 40 and "terminal ledger verify" in program and "terminal floor" in program
    assert {c: rows.count(c) for c in program if rows.count(c) != 1} == {}
    assert sorted(set(rows) - set(program)) == []  # no row for a command the program does not have


def test_the_command_rule_catches_a_missing_and_a_doubled_command() -> None:
    """A planted document: one command twice, one missing, one optional sub-command."""
    text = "| `terminal floor [run]` | a |\n| `terminal seat --seat N` | b |\n| `terminal seat` | c |\n"
    rows = documented(text)
    assert rows == ["terminal floor", "terminal floor run", "terminal seat", "terminal seat"]
    assert rows.count("terminal seat") == 2 and rows.count("terminal display") == 0


def test_the_configuration_reference_is_the_schema_s() -> None:
    text = CONFIGURATION.read_text(encoding="utf-8")
    assert text.count(MARKER) == 1
    assert text == updated(text), "run: terminal config reference --write docs/configuration.md"


def section_rows(text: str) -> dict[str, list[str]]:
    """Each ``### `[section]``` of the reference with the keys of its table rows."""
    out: dict[str, list[str]] = {}
    current = None
    for line in text.split(MARKER, 1)[1].splitlines():
        heading = re.fullmatch(r"### `\[([a-z0-9_]+)\]`", line)
        if heading is not None:
            current = heading.group(1)
            assert current not in out, f"[{current}] twice"
            out[current] = []
        elif current is not None and (key := re.match(r"\| `([a-z0-9_]+)` \|", line)) is not None:
            out[current].append(key.group(1))
    return out


def test_every_configuration_key_is_documented_exactly_once() -> None:
    rows = section_rows(CONFIGURATION.read_text(encoding="utf-8"))
    schema = {name: list(settings_of(cls)) for name, cls in (*SECTIONS.items(), *OPTIONAL_SECTIONS.items())}
    assert rows == schema
    planted = f"{MARKER}\n### `[table]`\n| `venue` | a |\n| `venue` | b |\n"
    assert section_rows(planted) == {"table": ["venue", "venue"]} != {"table": ["venue"]}


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but ``-`` and ``_`` dropped, spaces to ``-``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, flags=re.M)}


def links(path: Path) -> Iterator[tuple[str, str]]:
    """Every relative link of a markdown file: (target path, anchor)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if not re.match(r"[a-z]+:", target):
            file, _, anchor = target.partition("#")
            yield file, anchor


MARKDOWN = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])


@pytest.mark.parametrize("path", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(path: Path) -> None:
    broken = []
    for file, anchor in links(path):
        target = (path.parent / file).resolve() if file else path
        if not target.exists():
            broken.append(f"{file}: no such file")
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            broken.append(f"{file}#{anchor}: no such heading")
    assert broken == []


def test_the_link_rule_catches_a_broken_link(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Sound and windows\n[x](b.md) [y](a.md#sound-and-windows) [z](#nope)\n")
    assert list(links(tmp_path / "a.md")) == [("b.md", ""), ("a.md", "sound-and-windows"), ("", "nope")]
    assert anchors(tmp_path / "a.md") == {"sound-and-windows"}
    assert slug("A game is a plug-in (`terminal/games/seam.py`)") == "a-game-is-a-plug-in-terminalgamesseampy"
