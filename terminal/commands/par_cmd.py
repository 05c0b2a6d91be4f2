"""``terminal par-sheet``: exact true odds, payout and house edge of every offered wager, as JSON or markdown.

Each game's rows come from its declaration (:meth:`~terminal.games.seam.Game.par_rows`), which reads the
game's own sections of the validated configuration and calls its pure PAR module: the same rules the
table runs. A game added to the registry is on the sheet.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.config.game_rules import ConfigSettings
from terminal.games.par_rows import ParRow
from terminal.games.registry import GAMES
from terminal.par.sheet import render_json, render_markdown


def sheet(c: Config, game: str, all_paytables: bool) -> list[ParRow]:
    """Every offered wager of ``game`` under the configuration's paytables (every paytable if asked)."""
    return GAMES[game].par_rows(ConfigSettings(c), all_paytables)


def _rules_line(c: Config, game: str) -> str:
    """The game's house rules as the configuration sets them, one line: ``craps: max_odds 3-4-5x; ...``."""
    setup = GAMES[game].setup(ConfigSettings(c))
    return f"{game}: " + "; ".join(f"{key} {value}" for key, value in setup.house_rules)


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
    try:
        rows = [row for game in games for row in sheet(loaded, game, args.all_paytables)]
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
            *(_rules_line(loaded, game) for game in games),
            "paytables: every one" if args.all_paytables else "paytables: as configured",
        )
        print(render_markdown(rows, header, floor))
    for row in under:
        print(f"terminal par-sheet: below [lab] rtp_floor: {describe(row, floor)}", file=sys.stderr)
    return 0
