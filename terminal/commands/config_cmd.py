"""``terminal config check|show|template``: validate, summarise or print the shipped configuration."""

from __future__ import annotations

import argparse
from typing import Any

from terminal import config
from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.game_rules import setup
from terminal.money import find_currency, format_amount
from terminal.net.links import describe as describe_links


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
    template.set_defaults(func=_template)


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


def _template(_: argparse.Namespace) -> int:
    print(config.template())
    return 0


def summary(c: Config) -> list[str]:
    """A few lines a technician reads to confirm what the table will run."""
    currency = find_currency(c.money.currency)

    def money(units: int) -> str:
        return format_amount(units, currency)

    game = c.table.game
    lines = [
        f"configuration  {c.path}",
        f"table          {c.table.table_id} at {c.table.venue}: {game}, {c.table.seats} seats",
        f"limits         {money(c.limits.wager_min)} to {money(c.limits.wager_max)} a wager, "
        f"{money(c.limits.seat_max)} a seat per round, in steps of {money(c.limits.increment)}",
        f"money          {currency.code}, credit {money(c.money.denomination)}, "
        f"hand-pay at {money(c.money.handpay_limit)}",
    ]
    plan = setup(c)
    rules = ", ".join(f"{key} {value}" for key, value in plan.house_rules)
    lines.append(f"{game:<15}{rules}; paytables {', '.join(plan.paytables)}")
    lines.append(f"ledger         {c.ledger.path}")
    lines.append(f"rng            {c.rng.generator}, reseed every {c.rng.reseed_interval} calls")
    lines.append(f"lab mode       {'ON (TEST)' if c.lab.mode else 'off'}")
    lines.append(describe_links(c))
    s = c.sound
    calls = "on" if s.seat_calls else "off"
    lines.append(f"sound          display {s.display_volume}%, seats {s.seat_volume}%, seat calls {calls}")
    mine = ("display", *(f"seat_{n}" for n in c.table.local_seats))
    placed = ", ".join(f"{name.replace('_', ' ')} {c.windows.placements()[name]}" for name in mine)
    lines.append(f"windows        {placed}")
    return lines
