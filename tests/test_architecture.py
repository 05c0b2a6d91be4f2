"""The import rules of ARCHITECTURE.md, enforced by reading every module's imports (AST).

A rule names the packages it applies to and the imports they may not make. Imports are read from the
source, relative imports resolved, so a rule cannot be dodged by importing lazily inside a function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rng", "terminal")


@dataclass(frozen=True)
class Rule:
    why: str
    applies_to: tuple[str, ...]  # module prefixes the rule binds
    forbidden: tuple[str, ...]  # import prefixes they may not use
    exempt: tuple[str, ...] = ()  # modules of applies_to that are allowed anyway


PURE = ("terminal.games", "terminal.par")
UIS = ("terminal.seat", "terminal.display", "terminal.service")
IO_AND_CLOCK = (
    "sqlite3", "sqlite_utils", "pygame", "pyglet", "rng", "time", "datetime", "random", "secrets", "logging",
    "os", "io", "pathlib", "socket", "asyncio", "threading", "subprocess", "shutil", "tempfile",
)  # fmt: skip
EVERYTHING_ELSE = tuple(
    f"terminal.{name}"
    for name in (
        "ledger", "table", "net", "devices", "seat", "display", "service", "lab", "config", "cli", "floor",
    )
)

RULES = (
    Rule("rng/ imports nothing from terminal/", ("rng",), ("terminal",)),
    Rule("games/ and par/ are pure: no I/O, clock, RNG, logging, sqlite or GUI", PURE, IO_AND_CLOCK),
    Rule("games/ and par/ depend on nothing above them", PURE, EVERYTHING_ELSE),
    Rule("only ledger/ touches SQLite", PACKAGES, ("sqlite3", "sqlite_utils"), ("terminal.ledger",)),
    Rule(
        "only seat/ and service/ import pygame", PACKAGES, ("pygame",), ("terminal.seat", "terminal.service")
    ),
    Rule("only display/ imports pyglet", PACKAGES, ("pyglet",), ("terminal.display",)),
    Rule(
        "UIs never import ledger/ or table/: they speak the protocol",
        UIS,
        ("terminal.ledger", "terminal.table"),
    ),
    Rule(
        "no module of rng/ or of the outcome path imports random",
        ("rng", "terminal.games", "terminal.par", "terminal.table", "terminal.ledger"),
        ("random",),
    ),
    Rule(
        "UIs, net and devices never draw from the RNG", (*UIS, "terminal.net", "terminal.devices"), ("rng",)
    ),
    Rule(
        "only floor/ speaks NATS and serves the web page", PACKAGES, ("nats", "aiohttp"), ("terminal.floor",)
    ),
    Rule(
        "floor/ sits beside the table, not above it: the table starts the link, never the other way",
        ("terminal.floor",),
        ("terminal.table", "terminal.net", "terminal.devices", "rng", *UIS),
    ),
    Rule(
        "ledger/ knows nothing of the floor link (its outbox is plain rows)",
        ("terminal.ledger",),
        ("terminal.floor",),
    ),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def violations(rule: Rule, sources: list[Path]) -> list[str]:
    found = []
    for path in sources:
        module = _module_name(path)
        if not _within(module, rule.applies_to) or _within(module, rule.exempt):
            continue
        for line, name in _imports(path):
            if _within(name, rule.forbidden):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.why)
def test_import_rule(rule: Rule) -> None:
    assert violations(rule, _sources()) == []


def test_the_rules_catch_a_violation(tmp_path: Path) -> None:
    """The checker itself works: a planted bad import is found, relative imports included."""
    games = ROOT / "terminal" / "games"
    planted = games / "_planted_for_test.py"
    planted.write_text("import sqlite3\nfrom ..ledger import journal\n", encoding="utf-8")
    try:
        pure = violations(RULES[1], [planted])
        layered = violations(RULES[2], [planted])
    finally:
        planted.unlink()
    assert pure == ["terminal/games/_planted_for_test.py:1 imports sqlite3"]
    assert "terminal/games/_planted_for_test.py:2 imports terminal.ledger" in layered
