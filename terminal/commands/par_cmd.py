"""``terminal par-sheet``: exact true odds, payout and house edge of every offered wager, as JSON or markdown.

Each game's rows come from a source in :data:`SOURCES` that reads the game's sections of the validated
configuration and calls that game's pure PAR module. A game is added with one entry there.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.game_rules import craps_par_params, offered_craps_wagers
from terminal.games.catalog import GAMES
from terminal.games.paytables import ROULETTE_PAYTABLES, TOUCHDOWN_PAYTABLES
from terminal.par.craps import craps_par_rows
from terminal.par.roulette import roulette_rows
from terminal.par.rows import ParRow
from terminal.par.sheet import render_json, render_markdown
from terminal.par.touchdown import touchdown_rows

Source = Callable[[Config, bool], list[ParRow]]


def roulette_sheet(c: Config, all_paytables: bool) -> list[ParRow]:
    """Every roulette wager on the configured wheel, and Touchdown when it is offered."""
    names = tuple(ROULETTE_PAYTABLES) if all_paytables else (c.roulette.paytable,)
    rows = [row for name in names for row in roulette_rows(c.roulette.wheel, c.roulette.five_adjacent, name)]
    if c.touchdown.offered:
        tables = tuple(TOUCHDOWN_PAYTABLES) if all_paytables else (c.touchdown.paytable,)
        rows += touchdown_rows(tables, c.touchdown.yards)
    return rows


def craps_sheet(c: Config, all_paytables: bool) -> list[ParRow]:
    """Every offered craps wager under the configured odds, vig and side-wager paytables."""
    offered = offered_craps_wagers(c)
    return [row for row in craps_par_rows(craps_par_params(c), all_paytables) if row.wager in offered]


# One entry per game with a PAR module.
SOURCES: dict[str, Source] = {"roulette": roulette_sheet, "craps": craps_sheet}


def register(commands: Any) -> None:
    """Add the ``par-sheet`` command."""
    parser = commands.add_parser(
        "par-sheet",
        help="exact true odds, payout and house edge of every offered wager",
        description="The lab's PAR sheet for the current kiosk.cfg, in exact fractions.",
    )
    parser.add_argument(
        "--game",
        choices=(*GAMES, "all"),
        help="which game (default: the [table] game of the configuration)",
    )
    parser.add_argument(
        "--all-paytables", action="store_true", help="every paytable, not only the configured ones"
    )
    parser.add_argument("--format", choices=("json", "md"), default="json", help="JSON rows or markdown")
    add_config_option(parser)
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    games = tuple(GAMES) if args.game == "all" else (args.game or loaded.table.game,)
    missing = [g for g in games if g not in SOURCES]
    if missing:
        print(
            f"terminal par-sheet: no PAR module for {', '.join(missing)} in this build yet", file=sys.stderr
        )
        return 1
    try:
        rows = [row for game in games for row in SOURCES[game](loaded, args.all_paytables)]
    except ValueError as exc:  # a configuration the rules refuse, e.g. yards for the greens
        print(f"terminal par-sheet: {exc}", file=sys.stderr)
        return 1
    from terminal.rtp_floor import below_floor, describe

    under = below_floor(loaded, rows)
    floor = loaded.lab.rtp_floor
    if args.format == "json":
        print(render_json(rows, floor))
    else:
        header = (
            f"configuration {loaded.path}",
            f"table {loaded.table.table_id} at {loaded.table.venue}",
            f"roulette wheel {loaded.roulette.wheel}; craps odds {loaded.craps.max_odds}, "
            f"vig {loaded.craps.vig_percent}% ({loaded.craps.buy_vig} buy, {loaded.craps.lay_vig} lay)",
            "paytables: every one" if args.all_paytables else "paytables: as configured",
        )
        print(render_markdown(rows, header, floor))
    for row in under:
        print(f"terminal par-sheet: below [lab] rtp_floor: {describe(row, floor)}", file=sys.stderr)
    return 0
