"""The import rules of ARCHITECTURE.md, enforced by reading every module's imports (AST).

A rule names the packages it applies to and the imports they may not make. Imports are read from the
source, relative imports resolved, so a rule cannot be dodged by importing lazily inside a function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.sources import parsed

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rng", "terminal")


@dataclass(frozen=True)
class Rule:
    why: str
    applies_to: tuple[str, ...]  # module prefixes the rule binds
    forbidden: tuple[str, ...]  # import prefixes they may not use
    exempt: tuple[str, ...] = ()  # modules of applies_to that are allowed anyway


PURE = ("terminal.games", "terminal.par")
SERVICE_DRAWING = tuple(
    f"terminal.service.{name}" for name in ("views", "widgets", "ui", "layout", "keypad", "theme", "labels")
)
SERVICE_ACTING = tuple(
    f"terminal.service.{name}"
    for name in ("app", "control", "dispatch", "acts", "navigation", "session", "link", "screens")
)
UIS = ("terminal.seat", "terminal.display", "terminal.service")
IO_AND_CLOCK = (
    "sqlite3", "sqlite_utils", "pygame", "pyglet", "rng", "time", "datetime", "random", "secrets", "logging",
    "os", "io", "pathlib", "socket", "asyncio", "threading", "subprocess", "shutil", "tempfile",
)  # fmt: skip
EVERYTHING_ELSE = tuple(
    f"terminal.{name}"
    for name in (
        "ledger", "table", "desk", "net", "devices", "seat", "display", "service", "lab", "config", "cli",
        "floor",
    )
)

#: Every top-level module and package of terminal/ but the games: the games are the ground floor.
ABOVE_THE_GAMES = tuple(
    f"terminal.{path.stem}"
    for path in sorted((ROOT / "terminal").iterdir())
    if path.stem not in ("games", "__init__", "__pycache__") and (path.suffix == ".py" or path.is_dir())
)

RULES = (
    Rule("rng/ imports nothing from terminal/", ("rng",), ("terminal",)),
    Rule("games/ and par/ are pure: no I/O, clock, RNG, logging, sqlite or GUI", PURE, IO_AND_CLOCK),
    Rule("games/ and par/ depend on nothing above them", PURE, EVERYTHING_ELSE),
    Rule(
        "games/ is the ground floor: a game's rules and exact odds import nothing of terminal/ but games/",
        ("terminal.games",),
        ABOVE_THE_GAMES,
    ),
    # The launcher's ratchet gate reads the ledger's trust, read-only, before the program may be imported.
    Rule(
        "only ledger/ touches SQLite", PACKAGES, ("sqlite3", "sqlite_utils"),
        ("terminal.ledger", "terminal.software.trust"),
    ),
    Rule(
        "only seat/, service/ and sound/ import pygame", PACKAGES, ("pygame",),
        ("terminal.seat", "terminal.service", "terminal.sound"),
    ),
    Rule("only display/ imports pyglet", PACKAGES, ("pyglet",), ("terminal.display",)),
    Rule(
        "UIs never import ledger/, table/ or desk/: they speak the protocol",
        UIS,
        ("terminal.ledger", "terminal.table", "terminal.desk"),
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
        ("terminal.table", "terminal.desk", "terminal.net", "terminal.devices", "rng", *UIS),
    ),
    Rule(
        "ledger/ knows nothing of the floor link (its outbox is plain rows)",
        ("terminal.ledger",),
        ("terminal.floor",),
    ),
    Rule(
        "config/ turns kiosk.cfg into values: it knows nothing of what runs on them",
        ("terminal.config",),
        (
            "terminal.table", "terminal.net", "terminal.ledger", "terminal.devices", "terminal.lab",
            "terminal.floor", "terminal.commands", "terminal.cli", "terminal.software", "terminal.sound",
            "terminal.sas", "rng", *UIS,
        ),
    ),
    Rule(
        "the theme is data every face reads: it imports no drawing library and no face",
        ("terminal.theme",),
        ("pygame", "pyglet", *UIS),
    ),
    Rule(
        "service views only draw and post intents: they never reach the control, its handlers or the link",
        SERVICE_DRAWING,
        SERVICE_ACTING,
    ),
    Rule(
        "sims/ (the simulation: its engines and each game's strategy) sits below lab/, which runs it",
        ("terminal.sims",),
        ("terminal.lab", "terminal.commands", "terminal.cli"),
    ),
    Rule(
        "desk/ (service mode's back end) sits above the table: only the shells (lab/, commands/) import it",
        PACKAGES,
        ("terminal.desk",),
        ("terminal.desk", "terminal.lab", "terminal.commands", "terminal.cli"),
    ),
)


@dataclass(frozen=True)
class Module:
    """One source file, parsed once: its dotted name, its path for messages and every import it makes."""

    name: str
    where: str  # path relative to the tree's root, for the message
    imports: tuple[tuple[int, str], ...]  # (line, imported name), relative imports resolved


def _module_name(relative: Path) -> str:
    parts = list(relative.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")  # the grammar's fields that hold statements


def _statements(nodes: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """Every statement under ``nodes`` in source order, nested ones included (in functions, classes,
    branches, loops, ``with``, ``try`` and ``match``). An import is a statement, so the expressions between
    them are never walked (walking every node of every tree was most of this file's time)."""
    for node in nodes:
        yield node
        for field in _BODIES:
            yield from _statements(getattr(node, field, ()))


def _imports(tree: ast.Module, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    package = module if is_package else module.rpartition(".")[0]
    for node in _statements(tree.body):
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


def parse_tree(root: Path) -> tuple[Module, ...]:
    """Every module of ``PACKAGES`` under ``root``, each file read and parsed exactly once."""
    modules = []
    for path in sorted(p for package in PACKAGES for p in (root / package).rglob("*.py")):
        relative = path.relative_to(root)
        name = _module_name(relative)
        tree = parsed(path)
        imports = tuple(_imports(tree, name, path.name == "__init__.py"))
        modules.append(Module(name, relative.as_posix(), imports))
    return tuple(modules)


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def violations(rule: Rule, modules: tuple[Module, ...]) -> list[str]:
    found = []
    for module in modules:
        if not _within(module.name, rule.applies_to) or _within(module.name, rule.exempt):
            continue
        found += [f"{module.where}:{line} imports {name}" for line, name in module.imports
                  if _within(name, rule.forbidden)]  # fmt: skip
    return found


@pytest.fixture(scope="module")
def source_tree() -> tuple[Module, ...]:
    """The repository's own modules, parsed once for every rule."""
    return parse_tree(ROOT)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.why)
def test_import_rule(rule: Rule, source_tree: tuple[Module, ...]) -> None:
    assert violations(rule, source_tree) == []


def test_the_tree_is_read_whole(source_tree: tuple[Module, ...]) -> None:
    """The rules see every package: an empty or partial parse would pass every rule vacuously."""
    names = {module.name for module in source_tree}
    assert {"rng", "rng.drbg", "terminal", "terminal.games", "terminal.ledger.journal"} <= names
    assert len(source_tree) == sum(1 for package in PACKAGES for _ in (ROOT / package).rglob("*.py"))


def test_the_rules_catch_a_violation(tmp_path: Path) -> None:
    """The checker itself works: a planted bad import is found, relative imports included.

    The file is planted in a copy of the sources, never in the checkout (other tests read it at the same
    time, and a read-only checkout must pass): beside the package files it is planted in (the real modules
    are ``test_import_rule``'s to read; parsing the games package's 60 files again here cost most of this
    test's time, and their imports are the real tree's, checked there).
    """
    games = ROOT / "terminal" / "games"
    for source in (ROOT / "terminal" / "__init__.py", games / "__init__.py", games / "base.py"):
        copy = tmp_path / source.relative_to(ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(source.read_bytes())
    planted = tmp_path / "terminal" / "games" / "_planted_for_test.py"
    lazy = "class Later:\n    def f(self) -> None:\n        try:\n            pass\n"
    lazy += "        finally:\n            import time\n"
    planted.write_text("import sqlite3\nfrom ..ledger import journal\n" + lazy, encoding="utf-8")
    copied = parse_tree(tmp_path)
    assert violations(RULES[1], copied) == [
        "terminal/games/_planted_for_test.py:1 imports sqlite3",
        "terminal/games/_planted_for_test.py:8 imports time",  # nested in a class, a method and a finally
    ]
    layered = violations(RULES[2], copied)
    assert layered == [
        "terminal/games/_planted_for_test.py:2 imports terminal.ledger",
        "terminal/games/_planted_for_test.py:2 imports terminal.ledger.journal",
    ]


def test_the_ground_floor_rule_catches_a_game_reaching_up(source_tree: tuple[Module, ...]) -> None:
    """A game importing the sheet, the lab, the simulations or the table is found; a game importing
    another game's module, or the sheet importing a game, is not."""
    rule = next(r for r in RULES if r.applies_to == ("terminal.games",))
    assert {"terminal.par", "terminal.sims", "terminal.lab", "terminal.table", "terminal.money"} <= set(
        rule.forbidden
    )
    planted = tuple(
        Module(f"terminal.games.dice.m{i}", f"terminal/games/dice/m{i}.py", ((i, name),))
        for i, name in enumerate(
            (
                "terminal.par.sheet", "terminal.sims.simulate_craps", "terminal.lab.bots",
                "terminal.table.table", "terminal.games.craps.par", "terminal.rtp_floor",
            ),
            start=1,
        )
    )
    sheet = Module("terminal.par.sheet2", "terminal/par/sheet2.py", ((1, "terminal.games.par_rows"),))
    found = violations(rule, (*source_tree, *planted, sheet))
    assert found == [
        "terminal/games/dice/m1.py:1 imports terminal.par.sheet",
        "terminal/games/dice/m2.py:2 imports terminal.sims.simulate_craps",
        "terminal/games/dice/m3.py:3 imports terminal.lab.bots",
        "terminal/games/dice/m4.py:4 imports terminal.table.table",
        "terminal/games/dice/m6.py:6 imports terminal.rtp_floor",
    ]


def test_the_desk_rule_catches_a_back_arrow(source_tree: tuple[Module, ...]) -> None:
    """The round engine reaching up into service mode is found; a shell importing the desk is not."""
    rule = next(r for r in RULES if r.forbidden == ("terminal.desk",))
    planted = (
        Module("terminal.table._planted", "terminal/table/_planted.py", ((3, "terminal.desk.desk"),)),
        Module("terminal.lab._planted", "terminal/lab/_planted.py", ((4, "terminal.desk.desk"),)),
    )
    found = violations(rule, (*source_tree, *planted))
    assert found == ["terminal/table/_planted.py:3 imports terminal.desk.desk"]


# -- no circles ---------------------------------------------------------------------------------------------
#: Circles still to take apart: each must go from this list when it goes from the code, and no other may
#: appear. (The seat's help was the last: one builder fed by each game's registration, #33.)
KNOWN_CIRCLES: tuple[tuple[str, ...], ...] = ()


def _package(name: str) -> str:
    """The package a module belongs to for the circle rule: ``terminal.service.views.login`` is in
    ``terminal.service``; ``rng.drbg`` in ``rng``."""
    return ".".join(name.split(".")[:2]) if name.startswith("terminal.") else name.split(".")[0]


def dependencies(modules: tuple[Module, ...]) -> dict[str, set[str]]:
    """Each module's imports of modules of its own package. ``from pkg import sub`` depends on ``pkg.sub``
    alone (the package itself is loaded first anyway); ``from pkg import name`` on ``pkg``."""
    known = {m.name for m in modules}
    graph: dict[str, set[str]] = {}
    for module in modules:
        names = {name for _, name in module.imports}
        targets = set()
        for name in names & known:
            children = [n for n in names if n.rpartition(".")[0] == name]
            if not children or any(n not in known for n in children):
                targets.add(name)
        graph[module.name] = {t for t in targets if t != module.name and _package(t) == _package(module.name)}
    return graph


def circles(modules: tuple[Module, ...]) -> list[tuple[str, ...]]:
    """Every set of modules of one package that import each other round in a circle (Tarjan's strongly
    connected components), each sorted."""
    graph = dependencies(modules)
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[tuple[str, ...]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in order:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], order[nxt])
        if low[node] == order[node]:
            component = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(tuple(sorted(component)))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(found)


def test_no_import_circles_inside_a_package(source_tree: tuple[Module, ...]) -> None:
    """Modules of a package form layers: none imports, even lazily inside a function, a module that
    imports it back (directly or round a longer circle). A type imported only for the type checker counts:
    the two modules still know each other."""
    found = circles(source_tree)
    new = [c for c in found if c not in KNOWN_CIRCLES]
    gone = [c for c in KNOWN_CIRCLES if c not in found]
    assert not new, f"import circles inside a package: {new} (take them apart: a module or a protocol)"
    assert not gone, f"circles gone from the code (well done): take {gone} off KNOWN_CIRCLES"


def test_the_circle_rule_catches_a_circle() -> None:
    """Planted: a three-module circle, a package re-exporting from its submodule (not a circle), and
    imports across packages (never a circle of one package)."""
    planted = (
        Module("terminal.x", "terminal/x/__init__.py", ((1, "terminal.x.a"), (1, "terminal.x.a.A"))),
        Module("terminal.x.a", "terminal/x/a.py", ((1, "terminal.x"), (1, "terminal.x.b"))),
        Module("terminal.x.b", "terminal/x/b.py", ((2, "terminal.x.c"), (2, "terminal.x.c.f"))),
        Module("terminal.x.c", "terminal/x/c.py", ((5, "terminal.x.a"), (5, "terminal.y"))),
        Module("terminal.y", "terminal/y/__init__.py", ((1, "terminal.x.c"),)),
    )
    assert circles(planted) == [("terminal.x.a", "terminal.x.b", "terminal.x.c")]
    reexport = (*planted[:1], Module("terminal.x.a", "terminal/x/a.py", ()))
    assert circles(reexport) == []
