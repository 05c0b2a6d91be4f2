"""Run the ``>>>`` examples of every module of ``rng`` and ``terminal``, and import every module."""

from __future__ import annotations

import doctest
import importlib
import linecache
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import rng
import terminal


def _modules() -> list[tuple[str, Path]]:
    names = []
    for package in (rng, terminal):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                folder = Path(info.module_finder.path)  # type: ignore[union-attr]
                leaf = info.name.rpartition(".")[2]
                names.append(
                    (info.name, folder / leaf / "__init__.py" if info.ispkg else folder / f"{leaf}.py")
                )
    return sorted(names)


MODULES = _modules()


def test_every_module_imports() -> None:
    """What running each module's examples used to check of the modules that have none."""
    assert len(MODULES) > 300 and all(path.is_file() for _, path in MODULES)
    for name, _ in MODULES:
        importlib.import_module(name)


@pytest.mark.parametrize(
    "name",  # a module whose source has no ">>>" has no example to run (one test item less each)
    [name for name, path in MODULES if ">>>" in path.read_text(encoding="utf-8")],
)
def test_doctests(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    linecache.clearcache()  # each docstring's run checks every file cached so far for changes: ~80 stats
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"no example found in {name}"
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
