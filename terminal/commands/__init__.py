"""The sub-commands of ``terminal``: each module has ``register(subparsers)`` and sets ``func``."""

from __future__ import annotations

from types import ModuleType

from terminal.commands import config_cmd, lab_cmd, ledger_cmd, par_cmd, run_cmd, verify_cmd

COMMANDS: tuple[ModuleType, ...] = (run_cmd, config_cmd, par_cmd, ledger_cmd, verify_cmd, lab_cmd)
