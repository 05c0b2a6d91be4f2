"""The repository's modules parsed once per test process.

Several tests read the same modules' syntax trees (the import rules, the seat's catalogue keys, the
display's labels); parsing every file again for each of them was most of their time. A tree is shared:
read it, never change it.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file at ``path`` (an absolute path: one entry per file)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))
