"""The parser ``terminal`` builds for one run: only the sub-command asked for, and exactly its real parser.

``main`` registers only the module owning the first word (see ``terminal.cli.build_parser``); these tests
catch a wrong owner (a command parsed by another module's parser), a missing command, a lost alias, and a
parser that carries one run's arguments into the next.
"""

from __future__ import annotations

import argparse

import pytest

from terminal.cli import build_parser
from terminal.commands import COMMANDS
from tests.support.cli import run_cli


def _tree(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], str]:
    """Every (sub-)parser under ``parser`` by its path of words, with its whole help text."""
    found = {prefix: parser.format_help()}
    for action in parser._actions:
        if isinstance(action.choices, dict):
            for name, sub in action.choices.items():
                found.update(_tree(sub, (*prefix, name)))
    return found


FULL = _tree(build_parser())
TOP = sorted({path[0] for path in FULL if path})


def test_every_module_registers_a_sub_command() -> None:
    assert len(TOP) >= len(COMMANDS)


@pytest.mark.parametrize("command", TOP)
def test_the_parser_for_one_command_is_that_commands_whole_parser(command: str) -> None:
    alone = _tree(build_parser([command, "--help"]))
    mine = {path: text for path, text in FULL.items() if path[:1] == (command,)}
    assert {path: text for path, text in alone.items() if path} == mine


def test_a_word_naming_no_command_gets_the_whole_parser(capsys: pytest.CaptureFixture[str]) -> None:
    assert _tree(build_parser(["--help"])) == FULL
    assert _tree(build_parser([])) == FULL
    ran = run_cli(["no-such-command"], capsys)
    assert ran.status == 2
    assert "invalid choice" in ran.err
    assert all(command in ran.err for command in TOP)


def test_one_run_leaves_nothing_for_the_next(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["screens", "--out", "x", "--size", "800x600", "--set", "seat"]
    first = build_parser(words)
    assert first.parse_args(words).set == ["seat"]
    assert build_parser(["screens"]).parse_args(["screens", "--out", "x"]).set == []
    template = run_cli(["config", "template"], capsys)
    assert template.status == 0 and template.out
    assert run_cli(["par-sheet", "--help"], capsys).status == 0
    assert run_cli(["config", "template"], capsys) == template
