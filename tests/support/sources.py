"""The repository's modules parsed once per test process.

Several tests read the same modules' syntax trees (the import rules, the seat's catalogue keys, the
display's labels); parsing every file again for each of them was most of their time. A tree is shared:
read it, never change it.
"""

from __future__ import annotations

import ast
import gc
from functools import cache
from pathlib import Path


@cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file at ``path`` (an absolute path: one entry per file).

    The trees live as long as the process, so they are moved out of the garbage collector's reach
    (``gc.freeze``): else every full collection for the rest of the run walks their millions of nodes
    again (a serial run of the faces' tests spent 5.1 s in 26 full collections, 0.6 s with them frozen).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    gc.freeze()
    return tree
