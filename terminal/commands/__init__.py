"""The sub-commands of ``terminal``: each module has ``register(subparsers)`` and sets ``func``.

A module is imported only when its command is asked for: ``terminal seat`` loads the seat's command, not
the lab's statistics or the floor's NATS client (importing all fourteen took ~0.5 s at every start of a
command, and every child process of ``terminal run`` is one). ``OWNERS`` names the module of each
sub-command, in the order ``terminal --help`` lists them; a test holds it to what the modules register.
"""

from __future__ import annotations

import importlib
from types import ModuleType

OWNERS: dict[str, str] = {
    "run": "run_cmd",
    "controller": "controller_cmd",
    "config": "config_cmd",
    "par-sheet": "par_cmd",
    "ledger": "ledger_cmd",
    "simulate": "simulate_cmd",
    "seat": "seat_cmd",
    "display": "display_cmd",
    "service": "service_cmd",
    "screens": "screens_cmd",
    "verify": "verify_cmd",
    "keys": "keys_cmd",
    "lab": "lab_cmd",
    "floor": "floor_cmd",
    "sas": "sas_cmd",
}
COMMANDS: tuple[str, ...] = tuple(OWNERS)


def owner(command: str) -> ModuleType:
    """The module that registers ``command`` (a key of ``OWNERS``), imported now if it was not yet."""
    return importlib.import_module(f"terminal.commands.{OWNERS[command]}")


def every() -> tuple[ModuleType, ...]:
    """Every command module, in ``OWNERS``' order (for the whole help, and the error naming them all)."""
    return tuple(owner(command) for command in OWNERS)
