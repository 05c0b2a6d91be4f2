"""The sub-commands of ``terminal``: each module has ``register(subparsers)`` and sets ``func``."""

from __future__ import annotations

from types import ModuleType

from terminal.commands import (
    config_cmd,
    controller_cmd,
    display_cmd,
    floor_cmd,
    keys_cmd,
    lab_cmd,
    ledger_cmd,
    par_cmd,
    run_cmd,
    screens_cmd,
    seat_cmd,
    service_cmd,
    simulate_cmd,
    verify_cmd,
)

COMMANDS: tuple[ModuleType, ...] = (
    run_cmd,
    controller_cmd,
    config_cmd,
    par_cmd,
    ledger_cmd,
    simulate_cmd,
    seat_cmd,
    display_cmd,
    service_cmd,
    screens_cmd,
    verify_cmd,
    keys_cmd,
    lab_cmd,
    floor_cmd,
)
