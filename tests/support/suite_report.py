"""The suite's own report: every test's time (setup, call and teardown) written to ``.pytest-times.json``
at the end of a run, and, when the whole suite ran, each folder's summed time checked against its budget
(:mod:`tests.support.budgets`): a folder over it is named in one line and fails the run.

Registered by ``tests/conftest.py``. Under pytest-xdist the controller records the times: its
``pytest_runtest_logreport`` receives every worker's reports; the workers record nothing. A run that is not
the whole suite (``-k``, ``-m``, a file or a test named, deselected or ignored tests, ``--lf``, ``--count``,
stopped by ``-x``) writes its report but checks no budget: its folders' sums are not what was budgeted.
``--no-budgets`` skips the check of a whole run too (a machine far slower than the budgets allow for).

The load average is sampled every few seconds during the run: on a machine other work keeps busy the
budgets stretch by the load per core (:func:`tests.support.budgets.stretch`).
"""

from __future__ import annotations

import json
import os
import time

import pytest

from tests.support.budgets import BUDGETS_FILE, folder_times, load_budgets, over_budget, stretch

REPORT_FILE = ".pytest-times.json"
#: Seconds between two samples of the load average (its 1-minute figure).
SAMPLE_EVERY_S = 5.0


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--no-budgets", action="store_true",
                     help=f"do not check the test folders' time budgets ({BUDGETS_FILE})")  # fmt: skip


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist), never a worker
        config.pluginmanager.register(SuiteReport(config), "suite-report")


class SuiteReport:
    """Times per test, collected where every report arrives, and the budget check at the session's end."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.times: dict[str, float] = {}
        self.deselected = 0
        self.failures: list[str] = []
        self.folders: dict[str, float] = {}
        self.loads: list[float] = []
        self.sampled = -SAMPLE_EVERY_S
        self.stretch = 1.0
        self.started = time.time()
        self.workers: dict[str, dict[str, float]] = {}  # per worker: its busy seconds and its last test's end

    def sample_load(self) -> None:
        now = time.monotonic()
        if now - self.sampled >= SAMPLE_EVERY_S and hasattr(os, "getloadavg"):
            self.sampled = now
            self.loads.append(os.getloadavg()[0])

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.deselected += len(items)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.times[report.nodeid] = self.times.get(report.nodeid, 0.0) + report.duration
        gateway = getattr(getattr(report, "node", None), "gateway", None)  # an xdist worker's report
        worker = self.workers.setdefault(getattr(gateway, "id", "main"), {"busy": 0.0, "last": 0.0})
        worker["busy"] += report.duration
        worker["last"] = max(worker["last"], float(getattr(report, "stop", 0.0)) - self.started)
        self.sample_load()

    def whole_suite(self, session: pytest.Session, exitstatus: int) -> bool:
        """Whether this run was every test of the suite, once, to the end."""
        option, root, here = self.config.option, self.config.rootpath, self.config.invocation_params.dir
        everything = {root, root / "tests"}
        return (
            exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED)
            and not session.shouldstop
            and not session.shouldfail
            and not option.keyword
            and not option.markexpr
            and not self.deselected
            and not option.deselect  # under xdist the workers deselect: the controller hears nothing of it
            and not getattr(option, "lf", False)
            and not option.ignore
            and not option.ignore_glob
            and (getattr(option, "count", None) or 1) == 1
            and all("::" not in arg and (here / arg).resolve() in everything for arg in self.config.args)
        )

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        complete = self.whole_suite(session, exitstatus)
        self.folders = folder_times(self.times)
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        self.stretch = stretch(self.loads, cores)
        report = {"whole_suite": complete, "cores": cores, "loads": self.loads, "stretch": self.stretch,
                  "wall": time.time() - self.started, "workers": self.workers, "folders": self.folders,
                  "tests": self.times}  # fmt: skip
        (self.config.rootpath / REPORT_FILE).write_text(json.dumps(report, indent=1) + "\n")
        if not complete or self.config.option.no_budgets:
            return
        try:
            budgets = load_budgets(self.config.rootpath / BUDGETS_FILE)
        except (OSError, ValueError) as unreadable:  # a TOML error is a ValueError: one line, not a traceback
            self.failures = [f"BUDGETS NOT CHECKED: {BUDGETS_FILE} cannot be read: {unreadable}"]
        else:
            over = over_budget(self.folders, budgets, self.stretch)
            self.failures = [f"OVER BUDGET {line}" for line in over]
        if self.failures and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.folders:
            return
        terminalreporter.section("test time by folder (setup + call + teardown, summed)")
        if self.stretch > 1.0:
            load = f"{self.stretch:.2f}"
            terminalreporter.write_line(f"the machine's load was {load} per core: budgets x {load}")
        for folder, seconds in self.folders.items():
            terminalreporter.write_line(f"{seconds:8.1f} s  {folder}")
        if len(self.workers) > 1:  # how evenly the parallel run shared its tests out
            end = max(w["last"] for w in self.workers.values())
            for name, w in sorted(self.workers.items()):
                terminalreporter.write_line(
                    f"worker {name}: {w['busy']:.1f} s of tests, done {end - w['last']:.1f} s before the last"
                )
        for line in self.failures:
            terminalreporter.write_line(line, red=True, bold=True)
