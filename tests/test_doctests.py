"""Run the ``>>>`` examples of every module of ``rng`` and ``terminal``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import rng
import terminal


def _modules() -> list[str]:
    names = []
    for package in (rng, terminal):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
