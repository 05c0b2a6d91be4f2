"""Display tests render headless: pyglet's headless option is decided in terminal.display.gl from this."""

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

os.environ["TERMINAL_DISPLAY_HEADLESS"] = "1"

if TYPE_CHECKING:
    from tests.display.every_screen import Run


@pytest.fixture(scope="session")
def display_run(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int, int, str], "Run"]:
    """Every display screenshot state at a size and in a language, painted and checked once per worker for
    the tests that read it (``tests/display/every_screen.py``)."""
    from tests.display.every_screen import painted

    done: dict[tuple[int, int, str], Run] = {}

    def run(width: int, height: int, language: str) -> "Run":
        if (width, height, language) not in done:
            out = tmp_path_factory.mktemp(f"display-{width}x{height}-{language}")
            done[width, height, language] = painted(width, height, language, out)
        return done[width, height, language]

    return run
