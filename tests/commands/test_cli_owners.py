"""``terminal.commands.OWNERS`` names the module of each sub-command, and a run imports only that module.

The table is what ``terminal`` consults before importing anything: a wrong or missing entry would run a
command with another's parser, or leave one out of ``terminal --help``. It is held here to what each module
actually registers, and to the files in ``terminal/commands``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import terminal.commands
from terminal.commands import OWNERS, owner


def test_each_module_registers_exactly_the_commands_owners_gives_it() -> None:
    for module_name in sorted(set(OWNERS.values())):
        commands = argparse.ArgumentParser().add_subparsers()
        module = owner(next(c for c, m in OWNERS.items() if m == module_name))
        module.register(commands)
        assert set(commands.choices) == {c for c, m in OWNERS.items() if m == module_name}, module_name


def test_every_command_module_in_the_folder_is_an_owner() -> None:
    folder = Path(terminal.commands.__file__).parent
    assert {path.stem for path in folder.glob("*_cmd.py")} == set(OWNERS.values())


def test_a_run_imports_only_the_module_of_its_command() -> None:
    probe = (
        "import json, sys; from terminal.cli import build_parser; build_parser(sys.argv[1:]);"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('terminal.commands.'))))"
    )
    ran = subprocess.run([sys.executable, "-c", probe, "config", "check"], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    loaded = [m for m in json.loads(ran.stdout) if m.endswith("_cmd")]  # (and their shared helpers)
    assert loaded == ["terminal.commands.config_cmd"]
