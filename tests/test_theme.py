"""The faces' looks are data: one theme file, read by a loader that names what is wrong, and no face
naming a colour of its own.

The scan reads the source of ``terminal/seat``, ``terminal/display`` and ``terminal/service`` (AST): a
tuple whose first three items are whole numbers 0..255 is a colour, unless it reads as the games' numbers
(dice faces 1..6, or distinct numbers up to 36: totals, points, pockets); in a drawing call (``fill``,
``pygame.draw.*``, a ``color=`` argument) any such tuple is a colour. ``pygame.Color(...)`` of a literal and
``"#rrggbb"`` strings are colours too, and a colour's name (``"red"``) handed to a drawing call.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from pygame.color import THECOLORS

from terminal import theme
from terminal.theme import Looks, ThemeError, looks
from tests.support.sources import parsed

ROOT = Path(__file__).resolve().parent.parent
FACES = ("terminal/seat", "terminal/display", "terminal/service")
THEME_FILE = ROOT / "assets" / "theme.toml"
_HEX = re.compile(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?")
_DRAWING = {"fill", "rect", "circle", "ellipse", "line", "lines", "polygon", "arc", "aaline", "aalines"}


def _channels(node: ast.AST) -> list[int] | None:
    """The whole numbers of a 3- or 4-item tuple or list whose first three are 0..255, else None."""
    if not isinstance(node, ast.Tuple | ast.List) or len(node.elts) not in (3, 4):
        return None
    numbers = [e.value for e in node.elts if isinstance(e, ast.Constant) and type(e.value) is int]
    if len(numbers) < 3 or not all(isinstance(e, ast.Constant) for e in node.elts[:3]):
        return None
    return numbers if all(0 <= n <= 255 for n in numbers) else None


def _games_numbers(numbers: list[int]) -> bool:
    return all(1 <= n <= 6 for n in numbers) or (max(numbers) <= 36 and len(set(numbers)) == len(numbers))


def _drawn(parent: ast.AST | None, node: ast.AST) -> bool:
    """Whether ``node`` is handed straight to a drawing call or a colour argument."""
    if isinstance(parent, ast.keyword):
        return parent.arg in ("color", "colour")
    if isinstance(parent, ast.Call) and node in parent.args:
        return isinstance(parent.func, ast.Attribute) and parent.func.attr in _DRAWING
    return False


def _with_parents(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    """Every node of ``tree`` with the node holding it, in one walk (a map of parents cost a walk of its
    own, and a third for the lookups)."""
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        yield node, parent
        stack.extend((child, node) for child in ast.iter_child_nodes(node))


def colour_literals(source: str | ast.Module, where: str) -> list[str]:
    """Every colour written as a literal in ``source`` (text, or its syntax tree), as ``where:line: text``."""
    tree = ast.parse(source) if isinstance(source, str) else source
    found = []
    for node, parent in _with_parents(tree):
        numbers = _channels(node)
        is_colour = numbers is not None and (not _games_numbers(numbers) or _drawn(parent, node))
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            is_colour = name in ("Color", "Colour") and any(isinstance(a, ast.Constant) for a in node.args)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = node.value.lower() in THECOLORS and _drawn(parent, node)  # fill("red")
            is_colour = named or _HEX.fullmatch(node.value) is not None
        if is_colour:
            found.append(f"{where}:{getattr(node, 'lineno', 0)}: {ast.unparse(node)}")
    return found


def test_no_face_writes_a_colour_of_its_own() -> None:
    """Every colour the seat, its layouts, the display and the service screens draw comes from the theme."""
    found = []
    files = sorted(p for face in FACES for p in (ROOT / face).rglob("*.py"))
    assert len(files) > 100  # the faces were read, not an empty folder
    for path in files:
        found += colour_literals(parsed(path), str(path.relative_to(ROOT)))
    assert found == [], "put these in assets/theme.toml (read through terminal.theme):\n" + "\n".join(found)


def test_the_scan_finds_a_planted_colour() -> None:
    """The scanner itself works: colours in each form are found, the games' numbers are not."""
    planted = (
        "BG = (12, 18, 40)\n"  # line 1: an opaque colour
        "surface.fill((0, 0, 0, alpha))\n"  # 2: black with a computed opacity
        "pygame.draw.rect(surface, (1, 2, 3), rect)\n"  # 3: numbers, but drawn: a colour
        "GREY = [20, 20, 20]\n"  # 4: a list
        "ink = pygame.Color('gold')\n"  # 5: a named colour
        "LINE = '#ffcc00'\n"  # 6: a hex colour
        "shape = Circle(0, 0, 4, color=(5, 1, 2))\n"  # 7: a colour argument
        "for n in (4, 6, 8, 10): pass\n"  # 8..11: the games' numbers
        "HARD = (4, 6, 8, 10)\n"
        "drive = (32, 8, 0, 19)\n"
        "dice = (3, 3, 5)\n"
        "surface.fill('navy')\n"  # 12: a colour by name, drawn
        "key = 'red'\n"  # 13: a word (a pocket's colour in the protocol), not drawn
    )
    lines = sorted(int(hit.split(":")[1]) for hit in colour_literals(planted, "planted.py"))
    assert lines == [1, 2, 3, 4, 5, 6, 7, 12]


def _leaves(table: dict[str, object], prefix: str = "") -> dict[str, object]:
    found: dict[str, object] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found |= _leaves(value, f"{prefix}{key}.")
        else:
            found[f"{prefix}{key}"] = value
    return found


#: Tables the faces read whole (by iterating them), so their keys are not written in the code.
WHOLE_TABLES = ("layout.bigsix.", "display.bigsix.", "seat.marks.", "service.type.")


def test_every_look_in_the_file_is_read() -> None:
    """No dead entry: each key of the file is named by the code that reads it, and the tables read whole
    hold exactly what their readers index (Big Six's symbols, Sic Bo's marks, the service's type roles)."""
    leaves = _leaves(tomllib.loads(THEME_FILE.read_text(encoding="utf-8")))
    sources = "\n".join(p.read_text(encoding="utf-8") for face in FACES for p in (ROOT / face).rglob("*.py"))
    unread = [
        key for key in leaves
        if not key.startswith(WHOLE_TABLES) and f'"{key.rpartition(".")[2]}"' not in sources
    ]  # fmt: skip
    assert unread == []
    from terminal.games.bigsix.rules import WAGERS
    from terminal.service.theme import Type

    assert set(looks("layout", "bigsix").rgb_table()) == set(WAGERS)
    assert set(looks("display", "bigsix").rgba_table()) == set(WAGERS)
    assert set(looks("service", "type").sizes()) == {role.name for role in fields(Type)}
    assert set(looks("seat", "marks").rgb_table()) == {"big", "small", "triple"}


def test_two_palettes_keep_their_own_colours() -> None:
    """The seat's chrome and the layouts' felt share names with different colours: both are kept, so no
    screen changed by a pixel when the colours moved into the file."""
    from terminal.seat import theme as seat
    from terminal.seat.layouts import paint

    for name in ("FELT", "FELT_DARK", "GOLD", "RED", "BLACK", "GREEN"):
        assert getattr(seat, name) != getattr(paint, name), name
        assert getattr(seat, name) == looks("seat").rgb(name.lower())
        assert getattr(paint, name) == looks("layout").rgb(name.lower())


def _bad(tmp_path: Path, text: str) -> Looks:
    path = tmp_path / "theme.toml"
    path.write_text(text, encoding="utf-8")
    return Looks.of_file(path)


@pytest.mark.parametrize(
    ("text", "table", "ask", "says"),
    [
        ("[seat]\nfelt = [1, 2]\n", "seat", "rgb", "[seat] felt: is [1, 2], not a colour"),
        ("[seat]\nfelt = [1, 2, 256]\n", "seat", "rgb", "[seat] felt: is [1, 2, 256], not a colour"),
        ("[seat]\nfelt = [1, 2, 3, 4]\n", "seat", "rgb", "felt: is [1, 2, 3, 4], not an opaque colour"),
        ("[seat]\nfelt = [1, 2, 3]\n", "seat", "rgba", "felt: is [1, 2, 3], not a colour with opacity"),
        ("[seat]\nink = [1, 2, 3]\n", "seat", "rgb", "[seat] felt: missing"),
        ("[seat]\nfelt = 'layout.felt'\n", "seat", "rgb", "[seat] felt: refers to 'layout.felt', which the"),
        ("[seat]\nfelt = 'seat.ink'\nink = 'felt'\n", "seat", "rgb", "[seat] felt: refers to 'felt', which"),
        ("[a]\nfelt = 'a.ink'\nink = 'a.felt'\n", "a", "rgb", "[a] felt: refers in a loop: felt -> a.ink"),
        ("[seat]\nfelt = true\n", "seat", "rgb", "[seat] felt: is True, not a colour"),
        ("[seat]\nfelt = 0\n", "seat", "size", "[seat] felt: is 0, not a size"),
        ("[seat]\nfelt = 1.5\n", "seat", "size", "[seat] felt: is 1.5, not a size"),
        ("[seat]\nfelt = [[1, 2, 3], [4, 5]]\n", "seat", "rgbs", "[seat] felt[1]: is [4, 5], not a colour"),
        ("[seat]\nfelt = ['a', 3]\n", "seat", "texts", "[seat] felt: is ['a', 3], not a list of texts"),
        ("seat = 3\n", "seat", "rgb", ": seat: is not a table"),
    ],
)  # fmt: skip
def test_a_bad_theme_is_one_line_naming_file_table_and_key(
    tmp_path: Path, text: str, table: str, ask: str, says: str
) -> None:
    with pytest.raises(ThemeError) as error:
        getattr(_bad(tmp_path, text).part(table), ask)("felt")
    message = str(error.value)
    assert message.startswith(str(tmp_path / "theme.toml")) and says in message and "\n" not in message


def test_a_file_that_is_not_toml_names_its_line(tmp_path: Path) -> None:
    with pytest.raises(ThemeError, match=r"theme\.toml: .*line 2"):
        _bad(tmp_path, "[seat]\nfelt = = 3\n")


def test_a_reference_reads_the_colour_it_names(tmp_path: Path) -> None:
    text = "[seat]\ngold = [1, 2, 3]\n[seat.marks]\ntriple = 'seat.gold'\n[d]\nx = 'seat.marks.triple'\n"
    looks_ = _bad(tmp_path, text)
    assert looks_.part("seat.marks").rgb("triple") == (1, 2, 3) == looks_.part("d").rgb("x")


def test_a_screen_command_with_a_bad_theme_says_so_in_one_line(tmp_path: Path) -> None:
    """A broken theme stops a screen with the file, table and key, not a traceback (a fresh interpreter:
    this one has read the good theme already)."""
    (tmp_path / "theme.toml").write_text("[seat]\nfelt = [1, 2]\n", encoding="utf-8")
    env = {**os.environ, "TERMINAL_ASSETS": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    args = ["screens", "--out", str(tmp_path / "out"), "--only", "seat", "--set", "seat_test_mode"]
    run = subprocess.run([sys.executable, "-m", "terminal", *args], env=env, capture_output=True, text=True)
    assert run.returncode == 1
    said = f"terminal: {tmp_path / 'theme.toml'}: [seat] felt: is [1, 2], not a colour"
    assert run.stderr.strip().startswith(said) and len(run.stderr.strip().splitlines()) == 1


def test_the_shipped_theme_is_read_once() -> None:
    """Every face reads the same parsed file: a second ask is not a second read."""
    assert looks("seat").root is looks("display").root
    assert theme.THEME == "assets:theme.toml"
