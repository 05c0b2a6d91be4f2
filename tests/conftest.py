"""What every test shares: Hypothesis without its per-example deadline or its too-slow health check, the
slow tests first, and the collected modules out of the garbage collector's walks.

The suite runs in parallel (``make test``/``make check``) on machines that may be busy; Hypothesis's
default deadline (200 ms an example) then fails examples for being slow, not wrong, and its ``too_slow``
health check fails a property whose examples took long to generate. Speed is measured in
``benchmarks/``, never asserted in a test. Every property keeps its own number of examples.

No example database: the suite never replays from it (each run draws its own examples, as in a fresh clone),
and writing it costs a file per failing or new example under ``.hypothesis/`` for nothing.
"""

from __future__ import annotations

import gc
import sys

import pytest
from hypothesis import HealthCheck, settings

# Every test's time to .pytest-times.json, and the folders' time budgets checked when the whole suite ran.
pytest_plugins = ("tests.support.suite_report",)

settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
settings.load_profile("suite")


def pytest_configure() -> None:
    """No cyclic garbage collection while the tests are collected (see :func:`pytest_collection_finish`)."""
    gc.disable()


def pytest_collection_finish() -> None:
    """The objects collecting made (every module imported, every test item) are moved out of the garbage
    collector's reach, and collection resumes for what the tests make.

    Importing the suite's modules makes millions of objects that live as long as the process; each full
    collection walked them all again: 22 full collections took 1.7 s of a 6 s collection, and later full
    collections during the tests walked them too (a serial collection of the suite: 6.0 s of CPU before,
    3.9 s after). What this holds back for good is the little cyclic garbage collecting left behind, never
    anything a test makes or checks."""
    gc.freeze()
    gc.enable()


def pytest_collectstart() -> None:
    """Byte-code caching back to what the interpreter was started with, before each file is collected.

    Importing ``terminal.launch`` (the software-verification tests do) turns byte-code writing off for the
    rest of the process, as the table's launcher must; a test run is not the table, and without its cache
    every later test module is compiled and assertion-rewritten again at every run.
    """
    sys.dont_write_bytecode = bool(sys.flags.dont_write_bytecode)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` run first, the rest in their usual order after them.

    In a parallel run the long tests then start at once and the short ones fill the workers' last
    seconds, so no worker is left alone at the end finishing a long test while the other waits.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
