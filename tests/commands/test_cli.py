"""The command line: help for every command, one-line errors, config check exit codes."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from terminal.cli import build_parser, main
from terminal.commands import OWNERS
from terminal.software import boot as software

ROOT = Path(__file__).resolve().parents[2]


def _subcommand_paths() -> list[list[str]]:
    parser = build_parser()
    paths: list[list[str]] = []

    def walk(p: object, prefix: list[str]) -> None:
        for action in getattr(p, "_actions", []):
            choices = getattr(action, "choices", None)
            if isinstance(choices, dict):
                for name, sub in choices.items():
                    paths.append([*prefix, name])
                    walk(sub, [*prefix, name])

    walk(parser, [])
    return paths


@pytest.mark.parametrize("path", _subcommand_paths(), ids=" ".join)
def test_every_command_has_help(path: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([*path, "--help"])
    assert exited.value.code == 0
    assert "usage: terminal" in capsys.readouterr().out


def test_bad_arguments_give_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["config", "check", "--bogus"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unrecognized arguments: --bogus" in err


def test_config_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "check", "--config", str(ROOT / "kiosk.cfg")]) == 0
    assert capsys.readouterr().out == "OK\n"
    bad = tmp_path / "bad.cfg"
    bad.write_text("[table]\nseats = 99\n", encoding="utf-8")
    assert main(["config", "check", "--config", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2: [table] seats = '99'" in err


def test_config_show_summarises(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "show", "--config", str(ROOT / "kiosk.cfg")]) == 0
    out = capsys.readouterr().out
    assert "T-01" in out and "double_zero" in out and "$1.00 to $500.00" in out


# A fresh interpreter importing every command for the help: slow for terminal (0.5 s); in make check,
# test_the_terminal_package_runs_as_a_program takes the same path (__main__, the launcher, the help).
@pytest.mark.parametrize("module", [pytest.param("terminal", marks=pytest.mark.slow), "rng"])
def test_python_dash_m(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "usage" in done.stdout


def test_the_terminal_package_runs_as_a_program(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m terminal --help`` run in this process: ``terminal/__main__.py``, the launcher's check,
    then the help naming every command."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["terminal", "--help"])
    monkeypatch.setattr(sys, "dont_write_bytecode", sys.dont_write_bytecode)  # the launcher turns it off
    monkeypatch.setattr(software, "_launched", [])  # the launcher's result is the process's: keep ours apart
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("terminal", run_name="__main__", alter_sys=True)
    assert exited.value.code == 0
    out = capsys.readouterr().out
    listed = {line.split()[0] for line in out.splitlines() if line.startswith("    ") and line[4] != " "}
    assert out.startswith("usage: terminal") and listed == set(OWNERS), out
