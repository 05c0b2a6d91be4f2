"""The suite's time budgets: each test folder's summed test time (setup, call and teardown of every test
in it, as the run's report records them) against the seconds ``tests/budgets.toml`` allows it.

Pure functions over plain data, so the check is tested on a synthetic report
(``tests/test_suite_budgets.py``); :mod:`tests.support.suite_report` is the pytest plugin that records a
run's times and applies the check when the whole suite ran. ``docs/testing.md`` says how the budgets were
set and how to update them.

>>> times = {"tests/floor/test_a.py::test_x": 50.0, "tests/floor/test_b.py::test_y": 31.5,
...          "tests/test_docs.py::test_z": 2.0}
>>> folder_times(times)
{'tests': 2.0, 'tests/floor': 81.5}
>>> over_budget(folder_times(times), Budgets({"tests/floor": 80.0}, default_s=10.0))
['tests/floor: 81.5 s of test time, over its budget of 80 s (tests/budgets.toml)']

The budgets are for a machine running nothing but the suite. On a machine that other work keeps busy,
every test takes longer by about the number of processes waiting to run per core: the budgets then
stretch by that factor (:func:`stretch`, from the load average sampled during the run).

>>> over_budget(folder_times(times), Budgets({"tests/floor": 80.0}, default_s=10.0), stretch=1.5)
[]
"""

from __future__ import annotations

import json
import math
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

BUDGETS_FILE = "tests/budgets.toml"
#: Headroom of a budget over its folder's measured (load-corrected) time, and for the folders new games,
#: seats, screens and the SAS link keep adding tests to.
HEADROOM = 2.0
GROWING = {"tests/games": 3.0, "tests/seat": 3.0, "tests/display": 3.0, "tests/sas": 3.0}
LEAST_S = 10


@dataclass(frozen=True, slots=True)
class Budgets:
    """Seconds of summed test time a folder may take: its own line, else ``default_s`` (a folder added
    since the budgets were last set)."""

    folders: Mapping[str, float] = field(default_factory=dict)
    default_s: float = 0.0

    def of(self, folder: str) -> float:
        return self.folders.get(folder, self.default_s)


def folder_of(nodeid: str) -> str:
    """The test folder a test belongs to: the first folder under ``tests/`` (``tests/floor`` for
    ``tests/floor/test_link.py::test_x``), or ``tests`` for a file directly in it.

    >>> folder_of("tests/rng/vectors/test_drbg.py::test_a[1]"), folder_of("tests/test_docs.py::test_b")
    ('tests/rng', 'tests')
    """
    parts = nodeid.split("::", 1)[0].split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else "/".join(parts[:-1]) or "."


def folder_times(tests: Mapping[str, float]) -> dict[str, float]:
    """Each folder's summed test time, folders in name order."""
    sums: dict[str, float] = {}
    for nodeid, seconds in tests.items():
        folder = folder_of(nodeid)
        sums[folder] = sums.get(folder, 0.0) + seconds
    return dict(sorted(sums.items()))


def over_budget(folders: Mapping[str, float], budgets: Budgets, stretch: float = 1.0) -> list[str]:
    """One line for each folder whose time is over its budget (times ``stretch``, at least 1), naming the
    folder, the time and the budget."""
    lines = []
    for folder, seconds in folders.items():
        allowed = budgets.of(folder)
        if seconds > allowed * max(stretch, 1.0):
            whose = "its budget" if folder in budgets.folders else "the default budget"
            scaled = f" x {stretch:.2f} for the machine's load" if stretch > 1.0 else ""
            over = f"over {whose} of {allowed:g} s{scaled}"
            lines.append(f"{folder}: {seconds:.1f} s of test time, {over} ({BUDGETS_FILE})")
    return lines


def stretch(loads: Sequence[float], cores: int) -> float:
    """How much longer than on an idle machine a test takes here: the mean of the load averages sampled
    during the run per core, never under 1 (the suite's own workers keep about one process per core
    running; only load beyond that slows it).

    >>> stretch([1.0, 2.5], cores=2), stretch([9.0, 11.0], cores=2), stretch([], cores=2)
    (1.0, 5.0, 1.0)
    """
    if not loads or cores < 1:
        return 1.0
    return max(1.0, sum(loads) / len(loads) / cores)


def load_budgets(path: Path) -> Budgets:
    """The budgets file: a ``[folders]`` table of folder = seconds and a ``default`` for folders it does not
    name. A malformed file raises ``ValueError`` naming the file and the bad entry."""
    with path.open("rb") as file:
        data = tomllib.load(file)
    folders = data.get("folders", {})
    default = data.get("default")
    if not isinstance(folders, dict) or not isinstance(default, int | float) or isinstance(default, bool):
        raise ValueError(f"{path}: needs a number 'default' and a [folders] table")
    for folder, seconds in folders.items():
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds <= 0:
            raise ValueError(f"{path}: budget of {folder!r} is not a positive number of seconds: {seconds!r}")
    return Budgets({name: float(s) for name, s in folders.items()}, float(default))


def propose(folders: Mapping[str, float], measured_stretch: float) -> dict[str, int]:
    """Budgets from a whole run's report: each folder's time divided by the run's stretch (what it would
    have taken on an idle machine) times its headroom (:data:`HEADROOM`, :data:`GROWING`), rounded up to
    5 s, never under :data:`LEAST_S`.

    >>> propose({"tests/floor": 153.0, "tests/seat": 30.0, "tests": 3.0}, measured_stretch=5.1)
    {'tests/floor': 60, 'tests/seat': 20, 'tests': 10}
    """
    proposed = {}
    for folder, seconds in folders.items():
        idle = seconds / max(measured_stretch, 1.0) * GROWING.get(folder, HEADROOM)
        proposed[folder] = max(LEAST_S, 5 * math.ceil(round(idle, 6) / 5))  # 60.000001 is 60
    return proposed


def main(argv: Sequence[str]) -> int:
    """``python -m tests.support.budgets [.pytest-times.json]``: the budgets a whole run's report proposes,
    as the ``[folders]`` lines of ``tests/budgets.toml``."""
    path = argv[0] if argv else ".pytest-times.json"
    report = json.loads(Path(path).read_text(encoding="utf-8"))
    if not report.get("whole_suite"):
        print(f"{path}: not a run of the whole suite; its folders' sums are not budgets", file=sys.stderr)
        return 1
    print(f"# from {path}: stretch {report['stretch']:.2f} on {report['cores']} cores")
    for folder, seconds in propose(report["folders"], report["stretch"]).items():
        print(f'"{folder}" = {seconds}')
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
