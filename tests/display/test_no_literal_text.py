"""Every word the table display draws comes from its catalogue: no text literal reaches a label."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.sources import parsed

DISPLAY = Path(__file__).resolve().parents[2] / "terminal" / "display"


def _shown_literals(node: ast.AST) -> list[str]:
    """String literals that would be shown as they are: not looking inside calls (keys, arguments)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Call | ast.Compare):  # keys, arguments and tests are never shown
        return []
    if isinstance(node, ast.IfExp):
        return _shown_literals(node.body) + _shown_literals(node.orelse)
    return [text for child in ast.iter_child_nodes(node) for text in _shown_literals(child)]


def _literal_shows(tree: ast.AST) -> list[int]:
    """Lines where a label is shown a string literal with a letter in it."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "show":
            texts = [text for arg in node.args for text in _shown_literals(arg)]
            if any(any(ch.isalpha() for ch in text) for text in texts):
                lines.append(node.lineno)
    return lines


def test_no_label_shows_a_word_written_in_the_code() -> None:
    found = {
        path.name: lines for path in sorted(DISPLAY.glob("*.py")) if (lines := _literal_shows(parsed(path)))
    }
    assert found == {}


def test_the_check_finds_a_planted_literal() -> None:
    planted = ast.parse('label.show("NINE" if n == 9 else str(n))\nlabel.show(cat.text("display.nine"))')
    assert _literal_shows(planted) == [1]
