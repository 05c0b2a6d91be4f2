"""``terminal config check|show|template|reference``: validate, summarise or print the shipped configuration,
or its reference (``docs/configuration.md``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from terminal import config
from terminal.commands.common import add_config_option, load_config
from terminal.config.show import summary


def register(commands: Any) -> None:
    """Add the ``config`` command and its actions."""
    parser = commands.add_parser("config", help="check, show or generate kiosk.cfg")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    check = actions.add_parser("check", help="validate kiosk.cfg: prints OK or every problem, exit 1 on any")
    add_config_option(check)
    check.set_defaults(func=_check)
    show = actions.add_parser("show", help="validate kiosk.cfg and print a summary of it")
    add_config_option(show)
    show.set_defaults(func=_show)
    template = actions.add_parser("template", help="print kiosk.cfg with every key at its shipped default")
    template.add_argument("--development", action="store_true",
                          help="a development checkout's file ([lab] verify_at_boot = auto: runs with no "
                          "manifest until the ledger has run a verified one)")  # fmt: skip
    template.set_defaults(func=_template)
    reference = actions.add_parser("reference", help="print the configuration reference (markdown)")
    reference.add_argument("--write", metavar="FILE", type=Path,
                           help="write it into FILE after its marker (docs/configuration.md)")  # fmt: skip
    reference.set_defaults(func=_reference)


def _check(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    from terminal.rtp_floor import below_floor, describe

    under = below_floor(loaded)
    for row in under:  # the jurisdiction forbids offering them: one line each, as every other problem
        print(f"{loaded.path}: [lab] rtp_floor: {describe(row, loaded.lab.rtp_floor)}")
    if under:
        return 1
    print("OK")
    return 0


def _show(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    print("\n".join(summary(loaded)))
    return 0


def _template(args: argparse.Namespace) -> int:
    print(config.template(development=args.development))
    return 0


def _reference(args: argparse.Namespace) -> int:
    from terminal.config.reference import NoMarkerError, reference, updated

    if args.write is None:
        print(reference())
        return 0
    try:
        args.write.write_text(updated(args.write.read_text(encoding="utf-8")), encoding="utf-8")
    except (OSError, NoMarkerError) as problem:
        print(f"terminal: config reference: {args.write}: {problem}", file=sys.stderr)
        return 1
    print(f"configuration reference written to {args.write}")
    return 0
