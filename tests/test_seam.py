"""The line the game seam holds: the round engine, the protocol, the ledger, the lab and the command line
name no game.

Each module of those packages is read as source: every import, every name and attribute, every string
that is not a docstring, and every comment. None may name a registered game, the package of one, or a
side wager that belongs to one (their knowledge lives in the game's package, reached through
:mod:`terminal.games.seam` and :mod:`terminal.games.registry`). Docstrings may cite a game as an example.
A planted module shows the test catches each way of naming a game.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from terminal.games.registry import GAMES
from tests.support.sources import parsed

ROOT = Path(__file__).resolve().parent.parent
HELD = ("table", "net", "ledger", "lab", "commands")
SIDE_WAGERS = ("touchdown", "lucky_shooter", "fire_bet", "bonus_craps", "b2b", "blazing")
WORDS = re.compile("|".join((*GAMES, *SIDE_WAGERS, r"sic[ _]?bo", r"big[ _]?six")), re.IGNORECASE)


def _docstring_lines(tree: ast.Module) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                lines.add(first.lineno)
    return lines


def namings(source: str, path: Path | None = None) -> list[tuple[int, str]]:
    """Every (line, token) of ``source`` (the text of the file at ``path``, if it is one) that names a game:
    in code, in a string or in a comment.

    A token's text is a piece of the source, so a source the words appear nowhere in has none to find: it
    is neither parsed nor tokenized (most of the held modules; tokenizing every one was most of this test's
    time). A file's syntax tree is the one the other source tests share."""
    if WORDS.search(source) is None:
        return []
    docstrings = _docstring_lines(parsed(path) if path is not None else ast.parse(source))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            continue
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        if WORDS.search(token.string):
            found.append((token.start[0], token.string))
    return found


def _held_modules() -> list[Path]:
    return [p for pkg in HELD for p in sorted((ROOT / "terminal" / pkg).rglob("*.py"))]


def test_the_seam_is_held_everywhere_it_should_be() -> None:
    found = []
    for path in _held_modules():
        where = path.relative_to(ROOT / "terminal").as_posix()
        source = path.read_text(encoding="utf-8")
        found += [f"{where}:{line}: {text[:60]}" for line, text in namings(source, path)]
    assert found == []


def test_the_packages_were_read() -> None:
    assert len(_held_modules()) > 60 and all((ROOT / "terminal" / pkg).is_dir() for pkg in HELD)


@pytest.mark.parametrize(
    "planted",
    [
        "from terminal.games.sicbo.rules import Roll\n",
        "import terminal.games.craps.settle\n",
        'if game == "roulette":\n    pass\n',
        "def f(driver):\n    return driver.touchdown\n",
        "x = 1  # the Big Six wheel\n",
        'def f():\n    """Docstrings may cite bigsix."""\n    return "bigsix"\n',
    ],
)
def test_a_planted_naming_is_caught(planted: str) -> None:
    assert namings(planted) != []


def test_a_docstring_may_cite_a_game() -> None:
    assert namings('"""Roulette, craps, Sic Bo and Big Six all come through the seam."""\nx = 1\n') == []
