"""One convention on the whole command line: ``--seed`` is hexadecimal everywhere, the same mistake exits
with the same status in every command (2: the command line is wrong), counts are never negative, and the
documents' forms of ``service users add`` and the users file are what the program does."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from terminal import config
from terminal.cli import build_parser, main
from terminal.commands.common import seed_arg
from terminal.commands.run_cmd import launcher_command, run_table
from terminal.desk.users import UserStore
from terminal.table.tilts import Role

ROOT = Path(__file__).resolve().parents[2]
SEEDED = {
    "run": ["run"],
    "simulate": ["simulate", "--game", "roulette", "--rounds", "10"],
    "verify": ["verify"],
}


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("spelling", ["5eed", "0x5eed", "5EED", "0X5eEd"])
def test_every_seed_is_hexadecimal_with_or_without_0x(command: str, spelling: str) -> None:
    args = build_parser().parse_args([*SEEDED[command], "--seed", spelling])
    assert args.seed == bytes([0x5E, 0xED])


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("bad", ["xyz", "12g4", "", "0x", "5 eed", "-5"])
def test_a_seed_that_is_not_hex_is_the_same_mistake_everywhere(
    command: str, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([*SEEDED[command], "--seed", bad, "--config", str(ROOT / "kiosk.cfg")])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not hexadecimal" in err


@pytest.mark.parametrize("command", SEEDED)
def test_help_states_the_seed_rule(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*SEEDED[command], "--help"])
    assert "hexadecimal digits, 0x optional" in " ".join(capsys.readouterr().out.split())


def test_an_odd_count_of_digits_reads_as_a_number_would() -> None:
    assert seed_arg("abc") == seed_arg("0abc") == bytes([0x0A, 0xBC])
    assert seed_arg("7") == b"\x07" and int.from_bytes(seed_arg("2a"), "big") == 42


@pytest.mark.parametrize("value", ["-1", "x", "1.5"])
def test_negative_or_non_numeric_bots_are_refused(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(["run", "--bots", value])
    assert exited.value.code == 2
    assert "is not a whole number (0 or more)" in capsys.readouterr().err


def test_more_bots_than_seats_without_a_window_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 3\nlocal_seats = 1\n", encoding="utf-8")
    args = argparse.Namespace(bots=3, config=cfg)
    assert run_table(config.load(cfg), args) == 2  # before any process starts
    assert "--bots 3: only 2 seats have no window" in capsys.readouterr().err


def test_the_readme_and_the_seat_count_agree_on_usage_errors(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 2\n", encoding="utf-8")
    assert main(["run", "--config", str(cfg), "--seats", "3"]) == 2
    assert main(["seat", "--config", str(cfg), "--seat", "3"]) == 2


def test_service_users_add_without_a_role_adds_an_attendant(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("73519\n73519\n86420\n"))
    assert main(["service", "users", "init", "--user", "root", "--config", str(cfg)]) == 0
    assert main(["service", "users", "add", "--admin", "root", "--user", "ann", "--config", str(cfg)]) == 0
    assert "attendant ann added by root" in capsys.readouterr().out
    ann = UserStore.load(config.load(cfg).service.users_path).authenticate("ann", "86420")
    assert ann is not None and ann.role is Role.ATTENDANT


def test_the_docs_are_true_about_the_users_file() -> None:
    shipped = config.load(ROOT / "kiosk.cfg").service.users_path
    assert shipped.name == "users.json" and config.defaults().service.users_path.name == "users.json"
    guide = " ".join((ROOT / "docs" / "service.md").read_text(encoding="utf-8").split())
    assert "`[service] users_path` (default `var/users.json`: JSON" in guide
    commands = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert "`terminal service users add --admin ID --user ID [--role R]`" in commands


def test_a_windowed_run_on_port_0_sends_every_window_to_the_port_the_controller_gets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``[table] port = 0``: ``terminal run`` picks the port; the display and each local seat must be told
    it (a seat used to read 0 from the file and never found the controller)."""
    from terminal.lab import supervisor

    started: list[tuple[str, tuple[str, ...]]] = []

    class Recorded(supervisor.Supervisor):  # records the command lines instead of starting processes
        def run(self, poll_s: float = 0.1) -> supervisor.Outcome:
            started.extend((child.name, child.argv) for child in (self.first, *self.others))
            return supervisor.Outcome("interrupt", ())

    monkeypatch.setattr(supervisor, "Supervisor", Recorded)
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 3\nport = 0\nlocal_seats = 1, 2\n", encoding="utf-8")
    assert run_table(config.load(cfg), argparse.Namespace(bots=None, config=cfg)) == 0

    def port_of(argv: tuple[str, ...]) -> int:  # as the child's own command line parses it
        args = build_parser().parse_args(list(argv[len(launcher_command()) :]))  # after the launcher
        return int(args.port) if args.port is not None else config.load(cfg).table.port

    ports = {name: port_of(argv) for name, argv in started}
    assert set(ports) == {"controller", "display", "seat 1", "seat 2"}
    assert ports["controller"] > 0 and set(ports.values()) == {ports["controller"]}
