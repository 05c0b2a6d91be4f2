"""The suite's time budgets (tests/budgets.toml): the check on a synthetic report, and the plugin that
records a run's times and applies it, run on a small suite of its own (pytester)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from tests.support import budgets as budgets_module
from tests.support.budgets import (
    Budgets,
    folder_of,
    folder_times,
    load_budgets,
    over_budget,
    propose,
    stretch,
)

ROOT = Path(__file__).resolve().parent.parent

pytest_plugins = ("pytester",)


def test_the_examples_of_the_budgets_module_hold() -> None:
    assert doctest.testmod(budgets_module).failed == 0


def test_each_folder_sums_the_times_of_the_tests_under_it() -> None:
    report = {
        "tests/floor/test_link.py::test_a": 1.25,
        "tests/floor/test_link.py::test_b[x-1]": 2.5,
        "tests/floor/test_web.py::test_c": 0.25,
        "tests/rng/vectors/test_drbg.py::test_d": 4.0,  # a sub-folder counts in its top folder
        "tests/test_docs.py::test_e": 0.5,
        "tests/test_money.py::TestX::test_f": 0.75,
    }
    assert folder_times(report) == {"tests": 1.25, "tests/floor": 4.0, "tests/rng": 4.0}
    assert folder_of("tests/seat/test_help.py::test_g[en-1920x1080]") == "tests/seat"


def test_a_folder_over_its_budget_is_named_with_its_time_and_budget() -> None:
    budgets = Budgets({"tests/floor": 4.0, "tests/rng": 3.5, "tests": 100.0}, default_s=2.0)
    folders = {"tests": 1.25, "tests/floor": 4.0, "tests/rng": 4.0, "tests/new": 2.5, "tests/quick": 1.0}
    assert over_budget(folders, budgets) == [
        "tests/rng: 4.0 s of test time, over its budget of 3.5 s (tests/budgets.toml)",
        "tests/new: 2.5 s of test time, over the default budget of 2 s (tests/budgets.toml)",
    ]  # tests/floor at exactly its budget passes; tests/quick has no line but is within the default
    assert over_budget(folders, Budgets({}, default_s=5.0)) == []


def test_on_a_busy_machine_the_budgets_stretch_by_its_load_per_core() -> None:
    budgets = Budgets({"tests/floor": 10.0}, default_s=1.0)
    assert stretch([6.0, 8.0, 10.0], cores=2) == 4.0  # four processes wanting each core: a quarter each
    assert stretch([1.5, 2.5], cores=4) == 1.0  # less than one a core: no slower than idle
    assert over_budget({"tests/floor": 39.0}, budgets, stretch=4.0) == []
    assert over_budget({"tests/floor": 41.0}, budgets, stretch=4.0) == [
        "tests/floor: 41.0 s of test time, over its budget of 10 s x 4.00 for the machine's load"
        " (tests/budgets.toml)"
    ]
    assert over_budget({"tests/floor": 11.0}, budgets, stretch=0.5) != []  # never shrunk below the budget


def test_budgets_are_proposed_from_a_run_with_headroom_and_its_load_taken_out() -> None:
    measured = {"tests/floor": 100.0, "tests/games": 10.0, "tests/par": 1.0, "tests/ledger": 23.0}
    assert propose(measured, measured_stretch=4.0) == {
        "tests/floor": 50,  # 100 s at 4 runnable processes a core: 25 s idle, twice that
        "tests/games": 10,  # 2.5 s idle, three times that (a growing folder): 7.5, but never under 10
        "tests/par": 10,
        "tests/ledger": 15,  # 5.75 s idle, twice that: 11.5, rounded up to 5 s
    }
    assert propose({"tests/games": 10.0}, measured_stretch=0.5) == {"tests/games": 30}  # no load: as measured


def test_the_budgets_file_is_read_and_a_bad_one_named(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('default = 30\n[folders]\n"tests/floor" = 250\n"tests" = 12.5\n')
    assert load_budgets(good) == Budgets({"tests/floor": 250.0, "tests": 12.5}, 30.0)
    bad = tmp_path / "bad.toml"
    bad.write_text('default = 30\n[folders]\n"tests/floor" = "a lot"\n')
    with pytest.raises(ValueError, match="budget of 'tests/floor' is not a positive number"):
        load_budgets(bad)
    bad.write_text('[folders]\n"tests/floor" = 250\n')
    with pytest.raises(ValueError, match="needs a number 'default'"):
        load_budgets(bad)


def test_every_folder_of_the_suite_has_its_own_budget() -> None:
    """The default is for a folder added since; the folders there are now were each measured."""
    budgets = load_budgets(ROOT / "tests" / "budgets.toml")
    folders = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").iterdir() if p.is_dir()}
    folders -= {"tests/support", "tests/__pycache__"}
    assert folders <= set(budgets.folders), folders - set(budgets.folders)
    assert "tests" in budgets.folders


SMALL_SUITE = {
    "tests/slow/test_slow.py": "import time\ndef test_a():\n    time.sleep(0.03)\ndef test_b():\n    pass\n",
    "tests/quick/test_quick.py": "def test_c():\n    pass\n",
}


@pytest.fixture
def small_suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A suite of its own (tests/slow sleeps 0.03 s, tests/quick nothing) with a budget of 0.001 s for
    tests/slow (over it however busy the machine: that would take a load of 30 a core, the same margin as
    0.3 s over 0.01 s, ten times shorter: the suite is run seven times); the plugin is loaded by name, as
    the workers of a parallel run load it."""
    pytester.makeini("[pytest]\ntestpaths = tests\n")
    for name, text in SMALL_SUITE.items():
        pytester.path.joinpath(name).parent.mkdir(parents=True, exist_ok=True)
        pytester.path.joinpath(name).write_text(text)
    pytester.path.joinpath("tests/budgets.toml").write_text('default = 5\n[folders]\n"tests/slow" = 0.001\n')
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    return pytester


def times(pytester: pytest.Pytester) -> dict[str, object]:
    report: dict[str, object] = json.loads(pytester.path.joinpath(".pytest-times.json").read_text())
    return report


def test_a_whole_parallel_run_over_a_budget_fails_naming_the_folder(small_suite: pytest.Pytester) -> None:
    """Two workers: the controller holds every worker's times, and the folder over its budget fails the run
    though every test passed."""
    # without the hypothesis plugin (half of each of the three interpreters' start; no test here uses it)
    result = small_suite.runpytest_subprocess("-p", "tests.support.suite_report", "-n", "2",
                                              "-p", "no:hypothesispytest")  # fmt: skip
    result.assert_outcomes(passed=3)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["OVER BUDGET tests/slow: 0.* s of test time, over its budget of 0.001 s*"])
    assert "OVER BUDGET tests/quick" not in result.stdout.str()
    report = times(small_suite)
    assert report["whole_suite"] is True
    tests = report["tests"]
    assert isinstance(tests, dict) and set(tests) == {
        "tests/slow/test_slow.py::test_a",
        "tests/slow/test_slow.py::test_b",
        "tests/quick/test_quick.py::test_c",
    }
    assert tests["tests/slow/test_slow.py::test_a"] >= 0.03
    workers = report["workers"]
    assert isinstance(workers, dict) and set(workers) <= {"gw0", "gw1"}  # the times came from the workers
    assert sum(w["busy"] for w in workers.values()) == pytest.approx(sum(tests.values()))


def test_a_run_of_part_of_the_suite_checks_no_budget(small_suite: pytest.Pytester) -> None:
    for part in (["-k", "test_a or test_c"], ["tests/slow"], ["tests/slow/test_slow.py::test_a"]):
        result = small_suite.runpytest("-p", "tests.support.suite_report", *part)
        assert result.ret == pytest.ExitCode.OK, part
        assert "OVER BUDGET" not in result.stdout.str()
        assert times(small_suite)["whole_suite"] is False
    plugin = ("-p", "tests.support.suite_report")
    result = small_suite.runpytest(*plugin, "--deselect", "tests/slow/test_slow.py")
    assert result.ret == pytest.ExitCode.OK and times(small_suite)["whole_suite"] is False
    result = small_suite.runpytest("-p", "tests.support.suite_report", "--no-budgets")
    assert result.ret == pytest.ExitCode.OK and "OVER BUDGET" not in result.stdout.str()
    small_suite.path.joinpath("tests/budgets.toml").write_text('default = 5\n[folders]\n"tests/slow" = 1\n')
    result = small_suite.runpytest("-p", "tests.support.suite_report")  # whole, and within its budgets
    assert "OVER BUDGET" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.OK and times(small_suite)["whole_suite"] is True
    small_suite.path.joinpath("tests/budgets.toml").write_text("default = \n")  # not TOML
    result = small_suite.runpytest("-p", "tests.support.suite_report")
    assert result.ret == pytest.ExitCode.TESTS_FAILED and "INTERNALERROR" not in result.stdout.str()
    result.stdout.fnmatch_lines(["BUDGETS NOT CHECKED: tests/budgets.toml cannot be read: *"])
