"""``terminal screens --out DIR [--lang en|es] [--set NAME]``: every screen in every state, as PNG files.

Renders headless (SDL's dummy driver) against a real table: a controller with a real ledger in a
temporary folder, real seat clients over the protocol, states reached with real messages. One PNG per
state and language, named ``seat_<state>_<lang>.png`` (``display_...``, ``service-<lang>-...`` for the
table display and the service screens; ``--only seat|display|service`` renders one group). The screen
sets come from the registry ``terminal.lab.screens.SCREEN_SETS``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from terminal.i18n import LANGUAGES


def register(commands: Any) -> None:
    """Add the ``screens`` command."""
    parser = commands.add_parser("screens", help="render every screen in every state to PNG (headless)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the PNG files")
    parser.add_argument("--lang", choices=LANGUAGES, help="one language (default: every language)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME", help="only this screen set")
    parser.add_argument(
        "--only", choices=("seat", "display", "service"), help="only the seat, display or service sets"
    )
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from terminal.lab.screens import SCREEN_SETS, render_all  # pygame only for the command that needs it

    if args.only:
        args.set += [name for name in SCREEN_SETS if name.startswith(args.only)]
    unknown = [name for name in args.set if name not in SCREEN_SETS]
    if unknown:
        print(
            f"terminal screens: unknown set {unknown[0]!r}; sets: {', '.join(SCREEN_SETS)}", file=sys.stderr
        )
        return 2
    languages = (args.lang,) if args.lang else LANGUAGES

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        written = render_all(args.out, languages, progress, tuple(args.set))
    except (OSError, RuntimeError) as failed:
        print(f"terminal screens: {failed}", file=sys.stderr)
        return 1
    print(f"{len(written)} screens written to {args.out}")
    return 0
