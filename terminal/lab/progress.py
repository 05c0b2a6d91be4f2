"""Progress bars for long commands (tqdm), quiet when the output is not a terminal.

``bar(total, label, unit)`` is a context manager yielding ``advance(n)``. The bar is drawn on stderr only
when both stdout and stderr are terminals, so pipes, logs and tests see nothing extra.

>>> with bar(3, "demo", "rounds") as advance:
...     advance(3)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tqdm import tqdm


def interactive() -> bool:
    """Both stdout and stderr are terminals."""
    return sys.stdout.isatty() and sys.stderr.isatty()


@contextmanager
def bar(total: int, label: str, unit: str) -> Iterator[Callable[[int], None]]:
    """A bar of ``total`` ``unit``; yields the function that advances it."""
    with tqdm(
        total=total, desc=label, unit=unit, unit_scale=True, disable=not interactive(), file=sys.stderr
    ) as progress:
        yield progress.update
